"""Small things drawn on and beside the table's tiles: a tile with its shadow, the latest-discard marker, the
ghost of a discard another seat called, a die, a seat's wind.

Shared by the renderer's parts (:mod:`game.ui.table.render`, :mod:`game.ui.table.centre`,
:mod:`game.ui.table.plates`); no state here.
"""

from __future__ import annotations

import math
from typing import Final

import pygame

from game.glossary import Lang, term
from game.ui.kit.theme import RGB
from game.ui.kit.tileart import TileArt, TileState, metrics
from game.ui.table.layout import TileSlot, last_discard_marker, marker_bob_range, marker_halo, marker_rect

WINDS: Final = ("wind.E", "wind.S", "wind.W", "wind.N")
"""The glossary keys of the winds 0-3 counted from the dealer (东南西北): a badge on a seat, not its name."""
PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.3, 0.24), (0.7, 0.24), (0.3, 0.5), (0.7, 0.5), (0.3, 0.76), (0.7, 0.76)),
}
MARKER: Final[RGB] = (255, 150, 40)
"""The latest discard's halo and arrow: a warm orange no tile face uses."""


def wind_word(wind: int, lang: Lang) -> str:
    """A seat wind as its disc shows it: 东南西北, or E S W N."""
    word = term(WINDS[wind], lang)
    return word if lang == "zh" else word[:1].upper()


def blit_tile(
    surface: pygame.Surface,
    tiles: TileArt,
    slot: TileSlot,
    state: TileState = "normal",
    dy: int = 0,
    origin: tuple[int, int] = (0, 0),
    quick: bool = False,
) -> None:
    """A tile in its slot with its shadow (``dy`` lifts it; ``origin`` is the surface's screen corner)."""
    off = max(1, slot.width // 16)
    rect = slot.rect.move(-origin[0], dy - origin[1])
    surface.blit(tiles.shadow(slot.width, slot.rotation, alpha=80), (rect.x + off, rect.y + off + off // 2))
    surface.blit(tiles.tile(slot.kind, slot.width, rotation=slot.rotation, state=state, quick=quick), rect)


def face_rect(slot: TileSlot) -> pygame.Rect:
    """A tile's face on screen: its slot without the thickness band along the bottom."""
    depth = metrics(slot.width).depth
    return pygame.Rect(slot.rect.x, slot.rect.y, slot.rect.w, max(1, slot.rect.h - depth))


def draw_last_marker(surface: pygame.Surface, slot: TileSlot, clock: float) -> pygame.Rect:
    """The latest discard: a pulsing orange ring on the tile's own edge and a bobbing arrow pointing at it
    from the side no other discard is on. Returns the area drawn on."""
    face = marker_halo(slot)
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    radius = max(3, slot.width // 7)
    tint = pygame.Surface(face.size, pygame.SRCALPHA)
    pygame.draw.rect(tint, (*MARKER, round(30 + 40 * pulse)), tint.get_rect(), border_radius=radius)
    pygame.draw.rect(
        tint, (*MARKER, 255), tint.get_rect(), width=max(2, slot.width // 12), border_radius=radius
    )
    surface.blit(tint, face)
    points = last_discard_marker(slot, round(math.sin(clock * 4.0) * marker_bob_range(slot)))
    pygame.draw.polygon(surface, (60, 30, 0), [(px + 1, py + 1) for px, py in points])
    pygame.draw.polygon(surface, MARKER, points)
    arrow = marker_rect(points)
    arrow.w += 1
    arrow.h += 1
    return face.union(arrow)


GHOST_ALPHA: Final = 96
"""How much of a called discard still shows in its river (of 255): a faint ghost of the tile, plainly not
the grey of a 摸切, with the felt showing through."""


def draw_called_ghost(
    surface: pygame.Surface,
    tiles: TileArt,
    slot: TileSlot,
    origin: tuple[int, int] = (0, 0),
    quick: bool = False,
) -> None:
    """A discard another seat called, left faintly in its place: the tile's face, unmarked, with the felt
    showing through it (the claimed tile itself is in the taker's meld, turned towards this seat)."""
    ghost = tiles.tile(slot.kind, slot.width, rotation=slot.rotation, quick=quick).copy()
    ghost.set_alpha(GHOST_ALPHA)
    surface.blit(ghost, slot.rect.move(-origin[0], -origin[1]))


DRAW_VEIL: Final = (96, 104, 112, 110)
"""The grey laid over a discard thrown straight from the draw (摸切), as Tenhou greys them."""


def draw_from_draw_veil(surface: pygame.Surface, slot: TileSlot, origin: tuple[int, int] = (0, 0)) -> None:
    """Grey a discard's face: it was thrown straight from the draw (摸切), not from the hand (手切)."""
    face = face_rect(slot).move(-origin[0], -origin[1])
    veil = pygame.Surface(face.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, DRAW_VEIL, veil.get_rect(), border_radius=max(2, slot.width // 8))
    surface.blit(veil, face)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, angle: float = 0.0) -> None:
    """One die: ivory with pips (1 and 4 in red, as on Chinese dice); ``angle`` tilts it while it rolls."""
    if angle:
        size = rect.w * 2
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_die(img, pygame.Rect(size // 4, size // 4, rect.w, rect.h), value)
        img = pygame.transform.rotate(img, angle)
        surface.blit(img, img.get_rect(center=rect.center))
        return
    pygame.draw.rect(surface, (40, 30, 20), rect.move(1, 2), border_radius=max(2, rect.w // 5))
    pygame.draw.rect(surface, (246, 240, 226), rect, border_radius=max(2, rect.w // 5))
    colour: RGB = (200, 36, 30) if value in (1, 4) else (30, 30, 30)
    r = max(1, rect.w // (5 if value == 1 else 8))
    for fx, fy in PIPS.get(value, ()):
        pygame.draw.circle(surface, colour, (rect.x + round(fx * rect.w), rect.y + round(fy * rect.h)), r)


__all__ = [
    "MARKER",
    "PIPS",
    "WINDS",
    "blit_tile",
    "draw_called_ghost",
    "draw_die",
    "draw_last_marker",
    "face_rect",
    "wind_word",
]
