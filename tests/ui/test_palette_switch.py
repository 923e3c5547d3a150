"""Switching the tile palette or the corner index mid-match redraws every tile on the table."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.table.picture import TablePicture, demo_picture
from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import TileArt
from game.ui.table.render import HandUI, TableRenderer

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def settled(renderer: TableRenderer, surface: pygame.Surface, picture: TablePicture) -> bytes:
    """The table's pixels once every tile image has been drawn (stand-ins replaced)."""
    layout = renderer.layout(SIZE, picture)
    for _ in range(400):
        renderer.draw(surface, picture, layout, lang="zh", hand=HandUI(), clock=0.4)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize(("palette", "corner"), [("colourblind", False), ("classic", True)])
def test_a_style_switch_looks_like_a_table_drawn_in_that_style(palette: str, corner: bool) -> None:
    surface = pygame.display.set_mode(SIZE)
    fonts = FontBook()
    picture = demo_picture()
    switched = TableRenderer(fonts, TileArt(fonts, "classic"))
    before = settled(switched, surface, picture)
    switched.tiles.configure(palette, corner)  # type: ignore[arg-type]
    after = settled(switched, surface, picture)
    fresh = settled(TableRenderer(fonts, TileArt(fonts, palette, corner)), surface, picture)  # type: ignore[arg-type]
    assert after != before
    assert after == fresh  # rivers, melds and the 宝 too, not only the player's hand
