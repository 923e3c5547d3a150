"""How much of a window holds nothing: the share of 32x32 blocks with no detail in them.

A block holds nothing when, inside it, the picture either is the bare felt (it differs from the felt
drawn alone by at most an even tint: the mat under the rivers) or is flat (an empty panel). Anything
drawn — a tile, a word, a line, a panel's edge — spreads the block's brightness well past
:data:`FLAT`. Every other pixel of a block is read (plain pygame, no numpy). The table's composition test
keeps this under a guard at 1920x1080 mid-hand (issue 22's goal: 15 %).
"""

from __future__ import annotations

from typing import Any

import pygame

BLOCK = 32
"""The side of a block, in pixels."""
FLAT = 10
"""A block whose brightness (or brightness over the bare felt) spreads less than this holds nothing."""
STEP = 2
"""Read every STEP-th pixel of a block across and down."""


def _brightness(surface: pygame.Surface) -> tuple[bytes, int]:
    """The surface's pixels as RGB bytes, and the bytes in one row."""
    return pygame.image.tobytes(surface, "RGB"), surface.get_width() * 3


def _spread(values: list[int]) -> int:
    """Max - min of a block's values, the 2 % extremes at each end dropped (a stray pixel is no detail)."""
    values.sort()
    cut = len(values) // 50
    return values[-1 - cut] - values[cut]


def empty_blocks(surface: pygame.Surface, felt: pygame.Surface, block: int = BLOCK) -> list[pygame.Rect]:
    """The whole blocks of ``surface`` that hold nothing, against the bare ``felt`` of the same size."""
    here, row = _brightness(surface)
    bare, _ = _brightness(felt)
    w, h = surface.get_size()
    out: list[pygame.Rect] = []
    for bx in range(0, w - block + 1, block):
        for by in range(0, h - block + 1, block):
            seen: list[int] = []
            over: list[int] = []
            for y in range(by, by + block, STEP):
                base = y * row
                for x in range(bx, bx + block, STEP):
                    i = base + 3 * x
                    lum = (here[i] * 30 + here[i + 1] * 59 + here[i + 2] * 11) // 100
                    seen.append(lum)
                    over.append(lum - (bare[i] * 30 + bare[i + 1] * 59 + bare[i + 2] * 11) // 100)
            if min(_spread(seen), _spread(over)) < FLAT:
                out.append(pygame.Rect(bx, by, block, block))
    return out


def empty_fraction(surface: pygame.Surface, felt: pygame.Surface, block: int = BLOCK) -> float:
    """The share (0-1) of the window's whole blocks that hold nothing."""
    w, h = surface.get_size()
    total = (w // block) * (h // block)
    return len(empty_blocks(surface, felt, block)) / total if total else 0.0


def show_mid_hand(app: Any, tracker: bool) -> None:
    """Open the catalogue's mid-hand table on ``app`` with the tracker open or closed, and draw it: the
    picture the composition figures measure (the guard test and ``tests/bench/table_emptiness.py``)."""
    from tests.ui.scene_catalogue import CATALOGUE

    app.scenes.clear()
    CATALOGUE["table mid-hand"](app)
    app.update_settings(save=False, show_tracker=tracker)
    for _ in range(3):
        app.step(1 / 60)
