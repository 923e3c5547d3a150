"""Tile art: every kind at many sizes and both palettes, distinct faces, rotations, states, cache."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pygame
import pytest

from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import PALETTES, TileArt, footprint, metrics

SIZES = (18, 26, 40, 64, 90)


@pytest.fixture(scope="module")
def art() -> Iterator[TileArt]:
    pygame.display.init()
    pygame.font.init()
    window = pygame.Window("tiles", (64, 64))
    window.get_surface()
    yield TileArt(FontBook())
    window.destroy()
    pygame.quit()


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("corner", [False, True])
def test_every_kind_every_size_renders_and_faces_differ(art: TileArt, palette: str, corner: bool) -> None:
    art.configure(palette, corner)  # type: ignore[arg-type]
    for width in SIZES:
        m = metrics(width)
        faces = {}
        for kind in [*range(28), None]:
            surf = art.tile(kind, width)
            assert surf.get_size() == (m.width, m.height)
            # opaque in the middle (a real tile), transparent in the rounded corner
            assert surf.get_at((m.width // 2, m.face_height // 2)).a == 255
            assert surf.get_at((0, 0)).a < 255
            faces[kind] = digest(surf)
        assert len(set(faces.values())) == 29, f"two faces are identical at width {width}"


def test_palettes_differ_and_corner_index_changes_faces(art: TileArt) -> None:
    art.configure("classic", False)
    classic = [digest(art.tile(k, 48)) for k in range(28)]
    art.configure("colourblind", False)
    blind = [digest(art.tile(k, 48)) for k in range(28)]
    art.configure("classic", True)
    corner = [digest(art.tile(k, 48)) for k in range(28)]
    art.configure("classic", False)
    assert all(a != b for a, b in zip(classic, blind, strict=True))
    assert sum(a != b for a, b in zip(classic, corner, strict=True)) == 27  # 中 has no index
    assert digest(art.tile(None, 48)) == digest(art.tile(None, 48))


def test_colourblind_palette_avoids_red_and_green(art: TileArt) -> None:
    art.configure("colourblind", False)
    surf = art.tile(13, 64)  # 5饼: red and green circles in the classic palette
    reddish = greenish = 0
    for x in range(surf.get_width()):
        for y in range(surf.get_height()):
            c = surf.get_at((x, y))
            if c.a < 200:
                continue
            if c.g > c.r + 40 and c.g > c.b + 40:
                greenish += 1
            if c.r > 150 and c.g < 60 and c.b < 60:
                reddish += 1
    art.configure("classic", False)
    assert greenish == 0 and reddish == 0


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotations_and_states(art: TileArt, rotation: int) -> None:
    normal = art.tile(4, 40, rotation=rotation)
    assert normal.get_size() == footprint(40, rotation)
    for state in ("highlight", "dimmed", "hint"):
        other = art.tile(4, 40, rotation=rotation, state=state)  # type: ignore[arg-type]
        assert other.get_size() == normal.get_size()
        assert digest(other) != digest(normal)
    back = art.tile(None, 40, rotation=rotation)
    assert back.get_size() == normal.get_size()


def test_cache_reuses_images(art: TileArt) -> None:
    first = art.tile(7, 33)
    count = art.cached_count()
    assert art.tile(7, 33) is first
    assert art.cached_count() == count
    art.warm([0, 1, None], [21], rotations=(0, 90))
    assert art.cached_count() >= count + 6


def test_bad_arguments(art: TileArt) -> None:
    with pytest.raises(ValueError):
        art.tile(28, 40)
    with pytest.raises(ValueError):
        art.tile(3, 40, rotation=45)


def test_a_dimmed_tile_is_made_from_the_normal_one_without_drawing_it_again(
    art: TileArt, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = TileArt(art.fonts)
    expected = {r: digest(fresh.tile(5, 37, rotation=r, state="dimmed")) for r in (0, 90)}  # drawn
    for rotation in (0, 90):
        art.tile(5, 37, rotation=rotation)
    built: list[object] = []
    original = TileArt._build_tile
    monkeypatch.setattr(TileArt, "_build_tile", lambda self, *a: built.append(a) or original(self, *a))
    for rotation in (0, 90):
        assert digest(art.tile(5, 37, rotation=rotation, state="dimmed")) == expected[rotation]
    assert built == []
