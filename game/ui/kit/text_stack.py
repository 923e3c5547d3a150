"""Paragraphs stacked in a box, shrunk together until they fit (the replay screens' side panels).

Each paragraph has its own size, colour and weight; when the stack is taller than the box every
size is lowered by the same factor (down to :data:`MIN_FACTOR`), and what still does not fit is
left out from the bottom. A paragraph with tabs is one line of columns (a seat's wind, player
and score), the last column right-aligned. Text goes through a
:class:`~game.ui.kit.textfit.TextLog`, so the fit checks see it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.ui.kit.fonts import Weight
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import RGB

Paragraph = tuple[str, float, RGB, Weight]
"""A text, its size at scale 1, its colour and weight."""
MIN_FACTOR: Final = 0.7
COLUMNS: Final = (0.0, 0.2, 0.7, 1.0)
"""Where the columns of a tabbed line begin (and the last ends), as shares of the width."""


def _height(log: TextLog, item: Paragraph, width: int, px: Callable[[float], int]) -> int:
    text, size, _, weight = item
    if "\t" in text:
        return log.fonts.height(px(size), weight)
    return log.wrapped_height(text, width, px(size), weight)


def stack_height(
    log: TextLog, items: Sequence[Paragraph], width: int, px: Callable[[float], int], gap: int
) -> int:
    """How tall the paragraphs are at the sizes ``px`` gives them."""
    return sum(_height(log, item, width, px) + gap for item in items)


def draw_stack(
    surface: pygame.Surface,
    log: TextLog,
    items: Sequence[Paragraph],
    box: pygame.Rect,
    px: Callable[[float], int],
    gap: int,
) -> int:
    """Draw the paragraphs top down in ``box`` (shrunk together to fit); returns where they end."""
    factor = 1.0

    def scaled(size: float) -> int:
        return px(size * factor)

    while factor > MIN_FACTOR and stack_height(log, items, box.w, scaled, gap) > box.h:
        factor -= 0.05
    y = box.y
    for item in items:
        text, size, colour, weight = item
        size_px = scaled(size)
        h = min(_height(log, item, box.w, scaled), box.bottom - y)
        if h < log.fonts.height(size_px, weight):
            break
        if "\t" in text:
            cells = text.split("\t")
            for i, cell in enumerate(cells):
                left, right = COLUMNS[i], COLUMNS[i + 1] if i + 1 < len(cells) else 1.0
                rect = pygame.Rect(box.x + int(box.w * left), y, int(box.w * (right - left)), h)
                align = "right" if i == len(cells) - 1 and i else "left"
                log.line(surface, cell, rect, size_px, colour, weight, align=align, floor=9)
        else:
            log.paragraph(surface, text, pygame.Rect(box.x, y, box.w, h), size_px, colour, weight, floor=9)
        y += h + gap
    return y


__all__ = ["COLUMNS", "MIN_FACTOR", "Paragraph", "draw_stack", "stack_height"]
