"""The latest-discard arrow points at the newest river tile of each seat, never at the one before it.

A play-tester saw the arrow over the previous tile in the side rivers (上家's river runs down the
screen, so an arrow above its newest tile sat on the discard before it).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator

import pygame
import pytest

from game.table.picture import RiverTile, TablePicture, demo_picture
from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import TileArt
from game.ui.table.layout import (
    MARKER_SIDE,
    TableLayout,
    TileSlot,
    compute_layout,
    last_discard_marker,
    marker_bob_range,
    marker_halo,
    marker_rect,
)
from game.ui.table.render import TableRenderer

SIZES = [(1280, 720), (1024, 640), (1920, 1080)]
SEATS = {0: "bottom", 1: "right", 2: "top", 3: "left"}
LENGTHS = (1, 2, 5, 6, 7, 9, 12, 13, 16, 18, 19, 24)
"""River lengths: first tile, mid-row, row ends and starts, a full 18 and a fourth row."""


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def picture_with(seat: int, discards: int) -> TablePicture:
    """The demo table with ``discards`` tiles in ``seat``'s river, the last of them just thrown."""
    base = demo_picture()
    river = tuple(RiverTile((7 * i) % 27) for i in range(discards))
    seats = list(base.seats)
    seats[seat] = dataclasses.replace(seats[seat], river=river)
    return dataclasses.replace(base, seats=tuple(seats), last_discard_seat=seat)  # type: ignore[arg-type]


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels between two rects (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)


def changed_area(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the pixels that differ between two surfaces of one size, or None."""
    up, down = a.copy(), b.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    up.set_colorkey((0, 0, 0))
    boxes = pygame.mask.from_surface(up).get_bounding_rects()
    return boxes[0].unionall(boxes[1:]) if boxes else None


def check_marker(layout: TableLayout, seat: int, what: str) -> None:
    river = layout.seats[seat].river
    last = river[-1]
    amp = marker_bob_range(last)
    others: list[TileSlot] = [t for t in layout.tiles() if t is not last]
    lifted = [t.rect.move(0, -layout.lift) for t in layout.seats[0].hand]
    screen = pygame.Rect((0, 0), layout.size)
    for bob in (-amp, 0, amp):
        points = last_discard_marker(last, bob)
        arrow = marker_rect(points)
        tip = points[2]
        assert screen.contains(arrow), f"{what}: arrow {arrow} off screen"
        # it points at the newest tile: tip on the tile's axis, right next to it, nothing in between
        if MARKER_SIDE[seat] in ("above", "below"):
            assert last.rect.left <= tip[0] < last.rect.right, f"{what}: tip {tip} beside {last.rect}"
        else:
            assert last.rect.top <= tip[1] < last.rect.bottom, f"{what}: tip {tip} beside {last.rect}"
        # ... on the side where the river's next discard goes (its row runs on there)
        assert not arrow.colliderect(layout.centre.inflate(-2, -2))
        assert not arrow.colliderect(last.rect), f"{what}: arrow {arrow} covers the newest tile"
        assert gap(arrow, last.rect) <= 2 + 2 * amp, f"{what}: arrow {arrow} far from {last.rect}"
        # ... and not at the previous one (or any other tile, the centre box or the lifted hand)
        if len(river) > 1:
            previous = river[-2].rect
            assert not arrow.colliderect(previous), f"{what}: arrow {arrow} over the previous tile {previous}"
            assert gap(arrow, last.rect) < gap(arrow, previous), f"{what}: nearer the previous tile"
        for other in others:
            assert not arrow.colliderect(other.rect), (
                f"{what}: arrow {arrow} over {other.role}/{other.seat}/{other.index} {other.rect}"
            )
        assert not any(arrow.colliderect(r) for r in lifted), f"{what}: a lifted hand tile covers it"
        assert not arrow.colliderect(layout.centre), f"{what}: arrow {arrow} in the centre box"
        assert not any(arrow.colliderect(s.plate) for s in layout.seats), f"{what}: arrow on a plate"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seat", sorted(SEATS), ids=lambda s: SEATS[s])
def test_marker_points_at_the_newest_discard(size: tuple[int, int], seat: int) -> None:
    for discards in LENGTHS:
        picture = picture_with(seat, discards)
        layout = compute_layout(size, picture)
        check_marker(layout, seat, f"{SEATS[seat]} {size} {discards} discards")
        arrow = marker_rect(last_discard_marker(layout.seats[seat].river[-1]))
        # inside the square (the rivers' room: no room is kept round the square for it)
        assert layout.square.contains(arrow), f"{SEATS[seat]} {size} {discards}: {arrow} off the square"
        longer = compute_layout(size, picture_with(seat, discards + 1))
        if discards % 6 and longer.river_rows == layout.river_rows:
            # mid-row, the arrow lies where the river's next discard goes
            assert arrow.colliderect(longer.seats[seat].river[-1].rect), f"{SEATS[seat]} {discards}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_renderer_draws_the_marker_there(size: tuple[int, int]) -> None:
    """The pixels the marker changes are the ring on the newest tile and the arrow where
    :func:`last_discard_marker` puts it (plus its shadow), never the previous tile."""
    window = pygame.Window("marker", size)
    surface = window.get_surface()
    fonts = FontBook()
    renderer = TableRenderer(fonts, TileArt(fonts))
    try:
        for seat in SEATS:
            picture = picture_with(seat, 9)
            layout = renderer.layout(size, picture)
            clock = 0.3
            renderer.draw(surface, dataclasses.replace(picture, last_discard_seat=None), layout, clock=clock)
            without = surface.copy()
            renderer.draw(surface, picture, layout, clock=clock)
            changed = changed_area(surface, without)
            assert changed is not None, f"{SEATS[seat]}: no arrow drawn"
            last = layout.seats[seat].river[-1]
            bob = round(math.sin(clock * 4.0) * marker_bob_range(last))
            arrow = marker_rect(last_discard_marker(last, bob))
            arrow.width += 1  # the shadow, one pixel right and down
            arrow.height += 1
            expected = arrow.union(marker_halo(last))  # the arrow and the ring on the tile itself
            assert expected.contains(changed), f"{SEATS[seat]}: drawn at {changed}, outside {expected}"
            arrow_changed = changed_area(surface.subsurface(arrow), without.subsurface(arrow))
            assert arrow_changed is not None, f"{SEATS[seat]}: no arrow next to the ring"
            previous = marker_halo(layout.seats[seat].river[-2])
            assert not changed.colliderect(previous), f"{SEATS[seat]}: drawn on the previous tile"
    finally:
        window.destroy()
