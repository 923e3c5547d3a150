"""Text that fits its box: lines and paragraphs shrunk to their box, and a log of every text drawn.

The lesson and drill screens draw all their own text through :class:`TextLog`, which
shrinks a text until it fits the box it was given (down to a floor, then cuts it with
"…"), and remembers where each line landed. :meth:`TextLog.problems` then names any
text outside its box or over another text, so a test can lay a screen out at every
size, language and UI scale and check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.kit.fonts import Colour, FontBook, Weight
from game.ui.kit.theme import BASE_SIZES, scaled

ELLIPSIS = "…"


def fit_label(fonts: FontBook, scale: float, labels: Sequence[str], theme_key: str, width: int) -> str:
    """The first label that fits a button of this width in its theme font at a UI scale (else the last
    one): pygame_gui clips a label wider than its button ('pass (Spac' at 1024x640, UI scale 115%).
    A button's text has its width less 4 px a side (a 2 px border, 2 px padding) at every scale, so the
    margin kept grows slowly with the scale (at 6 px a UI scale step, 4K's buttons lost their labels'
    spaces: "pass(Space)")."""
    base, bold = BASE_SIZES[theme_key]
    size = scaled(base, scale)
    room = width - 2 * max(5, round(3 * scale))
    for label in labels:
        if fonts.size(label, size, "bold" if bold else "regular")[0] <= room:
            return label
    return labels[-1]


@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: the text, where its pixels are, and the box it had to stay in."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect


def line_step(fonts: FontBook, size: int, weight: Weight = "regular") -> int:
    """The distance from one wrapped line to the next (as :func:`game.ui.kit.widgets.draw_wrapped` uses)."""
    line_h = fonts.line_size(size, weight)
    return int(line_h + size * 0.45 - size * 0.3)


def _cut(fonts: FontBook, text: str, size: int, width: int, weight: Weight) -> str:
    """The longest start of ``text`` that fits ``width`` with an ellipsis after it."""
    if fonts.size(text, size, weight)[0] <= width:
        return text
    cut = len(text)
    while cut > 0 and fonts.size(text[:cut].rstrip() + ELLIPSIS, size, weight)[0] > width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS if cut else ""


class TextLog:
    """Draws text into boxes, shrinking it to fit, and records every line for the fit checks."""

    def __init__(self, fonts: FontBook) -> None:
        self.fonts = fonts
        self.items: list[Drawn] = []
        self.tiles: list[tuple[pygame.Rect, pygame.Rect]] = []
        """Tile pictures drawn inside text: (where, the box they had to stay in)."""

    def clear(self) -> None:
        """Start a new frame: forget what was drawn."""
        self.items = []
        self.tiles = []

    def fit_size(
        self, text: str, box: pygame.Rect, size: int, weight: Weight = "regular", floor: int = 10
    ) -> int:
        """The largest size up to ``size`` at which one line of ``text`` fits the box (at least ``floor``)."""
        size = max(floor, size)
        while size > floor:
            w, h = self.fonts.size(text, size, weight)
            if w <= box.w and h <= max(box.h, 1) + size // 3:
                break
            size -= 1
        return size

    def line(
        self,
        surface: pygame.Surface,
        text: str,
        box: pygame.Rect,
        size: int,
        colour: Colour,
        weight: Weight = "regular",
        *,
        align: str = "left",
        floor: int = 10,
    ) -> pygame.Rect:
        """One line in a box (vertically centred), shrunk to fit, cut with "…" below the floor size."""
        size = self.fit_size(text, box, size, weight, floor)
        shown = _cut(self.fonts, text, size, box.w, weight)
        if not shown:
            return pygame.Rect(box.x, box.y, 0, 0)
        img = self.fonts.render(shown, size, colour, weight)
        rect = img.get_rect()
        rect.centery = box.centery
        if align == "center":
            rect.centerx = box.centerx
        elif align == "right":
            rect.right = box.right
        else:
            rect.x = box.x
        rect = self._inside(rect, img, box)
        surface.blit(img, rect)
        self.items.append(Drawn(shown, self._ink(rect, img), box))
        return rect

    def paragraph_size(
        self, text: str, box: pygame.Rect, size: int, weight: Weight = "regular", floor: int = 10
    ) -> int:
        """The largest size up to ``size`` at which the wrapped text fits the box's height."""
        while size > floor and self.wrapped_height(text, box.w, size, weight) > box.h:
            size -= 1
        return max(floor, size)

    def wrapped_height(self, text: str, width: int, size: int, weight: Weight = "regular") -> int:
        """The height a paragraph takes when wrapped to ``width`` (the last line without its gap)."""
        lines = self.fonts.wrap(text, size, width, weight)
        if not lines:
            return 0
        return (
            line_step(self.fonts, size, weight) * (len(lines) - 1)
            + self.fonts.height(size, weight)
        )

    def paragraph(
        self,
        surface: pygame.Surface,
        text: str,
        box: pygame.Rect,
        size: int,
        colour: Colour,
        weight: Weight = "regular",
        *,
        floor: int = 10,
        align: str = "left",
    ) -> int:
        """Wrapped text in a box, shrunk until it fits (lines past the box cut with "…"); the height used."""
        size = self.paragraph_size(text, box, size, weight, floor)
        step = line_step(self.fonts, size, weight)
        height = self.fonts.height(size, weight)
        lines = self.fonts.wrap(text, size, box.w, weight)
        y = box.y
        for i, row in enumerate(lines):
            last_fitting = y + step + height > box.bottom
            if y + height > box.bottom:
                break
            shown = row
            if last_fitting and i < len(lines) - 1:
                shown = _cut(self.fonts, row + ELLIPSIS * 2, size, box.w, weight)
            if shown.strip():
                img = self.fonts.render(shown, size, colour, weight)
                rect = img.get_rect(topleft=(box.x, y))
                if align == "center":
                    rect.centerx = box.centerx
                rect = self._inside(rect, img, box)
                surface.blit(img, rect)
                self.items.append(Drawn(shown, self._ink(rect, img), box))
            y += step
        return min(box.h, y - box.y)

    @classmethod
    def _inside(cls, rect: pygame.Rect, img: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """Move a text so its inked pixels sit inside the box (a line box has empty margins to spare)."""
        ink = cls._ink(rect, img)
        if ink.w == 0 or ink.w > box.w or ink.h > box.h:
            return rect
        moved = ink.clamp(box)
        return rect.move(moved.x - ink.x, moved.y - ink.y)

    @staticmethod
    def _ink(rect: pygame.Rect, img: pygame.Surface) -> pygame.Rect:
        """The part of a text image that has pixels (glyph boxes overlap by their empty margins)."""
        bounds = img.get_bounding_rect()
        if bounds.w == 0:
            return pygame.Rect(rect.x, rect.y, 0, 0)
        return bounds.move(rect.x, rect.y)

    def problems(self, others: list[tuple[str, pygame.Rect]] | None = None) -> list[str]:
        """Every text drawn outside its box, over another text, or over ``others`` (widget labels)."""
        out = [
            f"{d.text!r} at {tuple(d.rect)} is outside its box {tuple(d.box)}"
            for d in self.items
            if d.rect.w and not d.box.contains(d.rect)
        ]
        out += [
            f"tiles at {tuple(r)} are outside their box {tuple(b)}"
            for r, b in self.tiles
            if not b.contains(r)
        ]
        drawn = [d for d in self.items if d.rect.w]
        for i, a in enumerate(drawn):
            for b in drawn[i + 1 :]:
                if a.rect.colliderect(b.rect):
                    out.append(f"{a.text!r} {tuple(a.rect)} overlaps {b.text!r} {tuple(b.rect)}")
            for rect, _ in self.tiles:
                if a.rect.colliderect(rect):
                    out.append(f"{a.text!r} {tuple(a.rect)} overlaps tiles at {tuple(rect)}")
            for label, rect in others or []:
                if a.rect.colliderect(rect):
                    out.append(f"{a.text!r} {tuple(a.rect)} overlaps the widget {label!r} {tuple(rect)}")
        return out


__all__ = ["Drawn", "TextLog", "fit_label", "line_step"]
