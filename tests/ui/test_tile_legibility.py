"""Tile faces that cannot be misread: every face at the smallest size (24 px) and a large one differs
clearly from every other in grey scale, and each bamboo face shows its own number of separate sticks
(stacked sticks never touch, so 2, 4, 6 and 8 of bamboo are counted at a glance)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pygame
import pytest

from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import PALETTES, TileArt, metrics
from game.ui.kit.tilefaces import sou_layout

SMALLEST = 24
LARGEST = 124
"""The widest hand tile the table lays out (a 2560x1440 window)."""
BAMBOO = range(19, 27)  # 2条 .. 9条
CLEAR_STEP = 64
"""A pixel differs clearly when its grey level (0-255) moves by more than a quarter of the range."""
MIN_CLEAR_SHARE = 0.02
"""Every two faces differ clearly in at least this share of the face's pixels (18 pixels at 24 px;
三萬 and 五萬, the closest pair, differ in 2.3 %)."""


@pytest.fixture(scope="module")
def art() -> Iterator[TileArt]:
    pygame.display.init()
    pygame.font.init()
    window = pygame.Window("tiles", (64, 64))
    window.get_surface()
    yield TileArt(FontBook())
    window.destroy()
    pygame.quit()


def grey(surface: pygame.Surface, width: int) -> list[int]:
    """The face (not its thickness) as grey levels, row by row."""
    face = surface.subsurface((0, 0, width, metrics(width).face_height))
    data = pygame.image.tobytes(face, "RGB")
    channels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return [round(0.299 * r + 0.587 * g + 0.114 * b) for r, g, b in channels]


def ink_components(surface: pygame.Surface, width: int) -> list[int]:
    """Sizes of the separate blobs of ink (coloured or dark pixels) inside the face's rim."""
    margin = max(2, width // 12)
    face_h = metrics(width).face_height
    ink = set()
    for x in range(margin, width - margin):
        for y in range(margin, face_h - margin):
            c = surface.get_at((x, y))
            hi, lo = max(c.r, c.g, c.b), min(c.r, c.g, c.b)
            if hi - lo > 60 or hi < 150:
                ink.add((x, y))
    seen: set[tuple[int, int]] = set()
    sizes = []
    for start in ink:
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            x, y = todo.pop()
            size += 1
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in ink and q not in seen:
                    seen.add(q)
                    todo.append(q)
        sizes.append(size)
    return sizes


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", [SMALLEST, LARGEST])
def test_every_two_faces_differ_clearly(art: TileArt, palette: str, width: int) -> None:
    art.configure(palette, False)  # type: ignore[arg-type]
    faces = {kind: grey(art.tile(kind, width), width) for kind in range(28)}
    art.configure("classic", False)
    close = []
    for a, b in combinations(range(28), 2):
        clear = sum(abs(p - q) > CLEAR_STEP for p, q in zip(faces[a], faces[b], strict=True))
        if clear < MIN_CLEAR_SHARE * len(faces[a]):
            close.append((a, b, clear))
    assert not close, f"faces too alike at {width} px ({palette}): {close}"


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", [SMALLEST, 34, LARGEST])
def test_bamboo_sticks_stand_apart(art: TileArt, palette: str, width: int) -> None:
    """n of bamboo shows n separate sticks: none touches another, none breaks in two."""
    art.configure(palette, False)  # type: ignore[arg-type]
    counts = {}
    for kind in BAMBOO:
        blobs = ink_components(art.tile(kind, width), width)
        counts[kind - 17] = len([s for s in blobs if s >= max(blobs) / 4])
    art.configure("classic", False)
    assert counts == {n: n for n in range(2, 10)}


def test_bamboo_layouts_are_the_traditional_ones() -> None:
    """2 stacked, 3 one over two, 4 two by two, 5 with a red centre, 6 three by two, 7 a red one over
    six, 8 upright outer sticks round slanted pairs, 9 three by three with a red middle column."""

    def shape(rank: int) -> list[int]:
        rows: dict[float, int] = {}
        for x, y, _, _ in sou_layout(rank):
            rows[round(y, 3)] = rows.get(round(y, 3), 0) + (2 if x is None else 1)  # a slanted pair
        return [rows[y] for y in sorted(rows)]

    assert [shape(r) for r in range(2, 10)] == [
        [1, 1],
        [1, 2],
        [2, 2],
        [2, 1, 2],
        [3, 3],
        [1, 3, 3],
        [4, 4],
        [3, 3, 3],
    ]
    red = {r: [(x, y) for x, y, _, accent in sou_layout(r) if accent] for r in range(2, 10)}
    assert red == {
        2: [],
        3: [],
        4: [],
        5: [(0.5, 0.5)],
        6: [],
        7: [(0.5, 1 / 6)],
        8: [],
        9: [(0.5, 1 / 6), (0.5, 0.5), (0.5, 5 / 6)],
    }
    # stacked sticks of a column leave a gap: no two sticks of one column overlap in height
    for rank in range(2, 10):
        for (x1, y1, l1, _), (x2, y2, l2, _) in combinations(sou_layout(rank), 2):
            if x1 is not None and x1 == x2:
                assert abs(y1 - y2) - (l1 + l2) / 2 >= 0.08, (rank, y1, y2)
