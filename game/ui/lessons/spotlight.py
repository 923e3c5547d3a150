"""Spotlights over the table: what a lesson step lights (tiles, a meld, a button, a region) found on screen.

:func:`lit_rects` turns a step's :class:`~game.tutorial.spotlight.Lit` (physical tile
ids, claim-bar buttons, regions such as ``"river:S"``) into screen rects of the
table's layout: a tile is found in the person's hand (by the frame's display order),
in a meld, or in a river; a region is a seat's river area, hand or melds, the 宝,
the wall or its end, or the seat plates. :func:`draw_spotlights` dims the rest of
the table and rings each lit thing with a gently pulsing gold line; :func:`clear_of`
moves a banner straight up or down off what must stay seen (the lit things, the wall
count, the 宝).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import pygame

from game.core.view import SeatView
from game.scenario import SEATS
from game.table.frame import TableFrame
from game.tutorial.spotlight import Lit
from game.ui.kit.theme import COLOURS
from game.ui.table.layout import TableLayout, TileSlot, WallStack

VEIL_ALPHA = 125
"""How much the unlit table is dimmed while something is lit."""


def _union(rects: Iterable[pygame.Rect]) -> pygame.Rect | None:
    items = list(rects)
    return items[0].unionall(items[1:]) if items else None


def _seat_of(letter: str) -> int | None:
    return SEATS.index(letter) if letter in SEATS else None


def _by_side(stacks: Sequence[WallStack]) -> list[pygame.Rect]:
    """Wall stacks ringed a side of the centre box at a time: one ring round the whole ring of stacks
    would cut across the box (and through the 宝 in it)."""
    sides: dict[int, list[pygame.Rect]] = {}
    for stack in stacks:
        sides.setdefault(stack.rotation, []).append(stack.rect)
    return [found for rects in sides.values() if (found := _union(rects)) is not None]


def _region(name: str, layout: TableLayout, me: int) -> list[pygame.Rect]:
    """Screen rects of a region: ``bao``, ``wall``, ``wall_tail``, ``scores``, ``river``, ``hand:E`` ..."""
    base, _, letter = name.partition(":")
    seat = _seat_of(letter) if letter else None
    if base == "bao":
        return [layout.bao.rect] if layout.bao is not None else []
    if base == "wall":
        return _by_side(layout.wall)
    if base == "wall_tail":
        kept = [s for s in layout.wall if s.kept]
        return _by_side(kept or layout.wall[-2:])  # no tiles kept back: the last stacks of the ring
    if base == "scores":
        return [lay.plate for lay in layout.seats if lay.plate.w]
    if base == "river" and seat is None:
        return [layout.square]
    if seat is None:
        return []
    lay = layout.seats[(seat - me) % 4]
    if base == "river":  # its tiles; the room kept for them only while there are none
        area = _union(s.rect for s in lay.river) or lay.river_area
        return [area]
    slots = lay.hand if base == "hand" else lay.melds if base == "melds" else []
    found = _union(s.rect for s in slots)
    return [found] if found is not None else []


def _tile_rects(
    tiles: frozenset[int], layout: TableLayout, frame: TableFrame, view: SeatView
) -> list[pygame.Rect]:
    """Rects of lit tile ids: in the person's hand, in melds (a whole meld ringed once), in rivers."""
    out: list[pygame.Rect] = []
    me = view.seat
    for slot in layout.seats[0].hand:
        if 0 <= slot.index < len(frame.hand_ids) and frame.hand_ids[slot.index] in tiles:
            out.append(slot.rect)
    for rel, lay in enumerate(layout.seats):
        seat = (me + rel) % 4
        melds = view.melds[seat]
        by_meld: dict[int, list[TileSlot]] = {}
        for slot in lay.melds:
            by_meld.setdefault(slot.index, []).append(slot)
        for index, slots in by_meld.items():
            if 0 <= index < len(melds) and tiles & set(melds[index].tiles):
                found = _union(s.rect for s in slots)
                if found is not None:
                    out.append(found)
        river = view.rivers[seat]
        for slot in lay.river:
            if 0 <= slot.index < len(river) and river[slot.index].tile in tiles:
                out.append(slot.rect)
    return out


def lit_rects(
    lit: Lit, layout: TableLayout, frame: TableFrame, view: SeatView, buttons: Mapping[str, pygame.Rect]
) -> list[pygame.Rect]:
    """Everything a step lights, as screen rects (tiles, melds, claim-bar buttons, regions)."""
    rects = _tile_rects(lit.tiles, layout, frame, view) if lit.tiles else []
    rects += [buttons[b] for b in sorted(lit.buttons) if b in buttons]
    for region in sorted(lit.regions):
        rects += _region(region, layout, view.seat)
    return rects


def draw_spotlights(
    surface: pygame.Surface,
    rects: list[pygame.Rect],
    clock: float,
    *,
    keep: Sequence[pygame.Rect] = (),
    pad: int = 5,
) -> None:
    """Dim everything but the lit rects (and ``keep``, left as it is) and ring each lit one in gold."""
    if not rects:
        return
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, VEIL_ALPHA))
    holes = [r.inflate(2 * pad, 2 * pad) for r in rects]
    for hole in [*holes, *keep]:
        veil.fill((0, 0, 0, 0), hole)
    surface.blit(veil, (0, 0))
    glow = 0.5 + 0.5 * math.sin(clock * 4.0)
    colour = tuple(round(a + (b - a) * glow) for a, b in zip(COLOURS.gold_dark, COLOURS.turn, strict=True))
    width = max(2, pad // 2 + 1)
    for hole in holes:
        pygame.draw.rect(surface, colour, hole, width=width, border_radius=max(3, pad))


def clear_of(rect: pygame.Rect, keep: list[pygame.Rect], screen: pygame.Rect, gap: int = 6) -> pygame.Rect:
    """``rect`` moved straight up or down (the nearer first) until it covers none of ``keep`` and stays on
    the screen; unmoved if it covers none, or if no such place exists."""
    hit = [k for k in keep if rect.colliderect(k)]
    if not hit:
        return rect
    block = hit[0].unionall(hit[1:])
    above = rect.copy()
    above.bottom = block.top - gap
    below = rect.copy()
    below.top = block.bottom + gap
    for place in sorted((above, below), key=lambda r: abs(r.centery - rect.centery)):
        if screen.contains(place) and place.collidelist(keep) < 0:
            return place
    for place in (above, below):  # a second step past whatever the first one met
        again = clear_of(place, keep, screen, gap) if screen.contains(place) else place
        if screen.contains(again) and again.collidelist(keep) < 0:
            return again
    return rect


__all__ = ["clear_of", "draw_spotlights", "lit_rects"]
