"""How much of a window holds nothing: the share of 32x32 blocks with no detail in them.

A block holds nothing when, inside it, the picture either is the bare felt (it differs from the felt
drawn alone by at most an even tint: the mat under the rivers) or is flat (an empty panel). Anything
drawn — a tile, a word, a line, a panel's edge — spreads the block's brightness well past
:data:`FLAT`. The table's composition test keeps this at most 15 % at 1920x1080 mid-hand.
"""

from __future__ import annotations

import pygame

BLOCK = 32
"""The side of a block, in pixels."""
FLAT = 10
"""A block whose brightness (or brightness over the bare felt) spreads less than this holds nothing."""


def _luminance(surface: pygame.Surface) -> object:
    """The brightness of every pixel (0-255, as int32), indexed [x, y]."""
    import numpy as np

    pixels = pygame.surfarray.array3d(surface).astype(np.int32)
    return (pixels[..., 0] * 30 + pixels[..., 1] * 59 + pixels[..., 2] * 11) // 100


def _spread(values: object) -> int:
    """Max - min of a block's values, the 2 % extremes at each end dropped (a stray pixel is no detail)."""
    import numpy as np

    ordered = np.sort(np.asarray(values).ravel())
    cut = len(ordered) // 50
    return int(ordered[-1 - cut]) - int(ordered[cut])


def empty_blocks(surface: pygame.Surface, felt: pygame.Surface, block: int = BLOCK) -> list[pygame.Rect]:
    """The whole blocks of ``surface`` that hold nothing, against the bare ``felt`` of the same size."""
    lum, bare = _luminance(surface), _luminance(felt)
    w, h = surface.get_size()
    out: list[pygame.Rect] = []
    for x in range(0, w - block + 1, block):
        for y in range(0, h - block + 1, block):
            here = lum[x : x + block, y : y + block]  # type: ignore[index]
            under = bare[x : x + block, y : y + block]  # type: ignore[index]
            if min(_spread(here), _spread(here - under)) < FLAT:
                out.append(pygame.Rect(x, y, block, block))
    return out


def empty_fraction(surface: pygame.Surface, felt: pygame.Surface, block: int = BLOCK) -> float:
    """The share (0-1) of the window's whole blocks that hold nothing."""
    w, h = surface.get_size()
    total = (w // block) * (h // block)
    return len(empty_blocks(surface, felt, block)) / total if total else 0.0
