"""The replay viewer's progress bar: the whole match as a line, hands and turns marked, a click seeks.

Positions are the event cursor's (1 = the match just started, ``length`` = every event shown).
Each hand's deal is a tall mark with its number above when there is room; the viewed seat's
decisions are short ticks; the decisions where the reviewing AI would have played otherwise are
red marks under the line (the costliest larger). A click or a drag anywhere on the bar gives the
position under the pointer.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS


@dataclass(frozen=True)
class BarMarks:
    """What the bar marks, as cursor positions."""

    length: int
    """The last position (the number of events)."""
    hands: tuple[int, ...] = ()
    """The position just after each hand's deal event (the hand shown dealt)."""
    turns: tuple[int, ...] = ()
    """The viewed seat's decisions (the position where the seat is about to decide)."""
    differences: tuple[int, ...] = ()
    """Decisions where the reviewing level would have played otherwise."""
    costly: frozenset[int] = field(default_factory=frozenset)
    """The costliest of those (drawn larger)."""


class ProgressBar:
    """Geometry and drawing of the bar (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        """The line itself; marks and labels are drawn around it, inside :attr:`area`."""
        self.area = pygame.Rect(0, 0, 0, 0)
        """Everything the bar draws, and where a click seeks."""
        self._image: pygame.Surface | None = None
        self._image_key: object = None

    def place(self, area: pygame.Rect) -> None:
        """Lay the bar out in ``area`` (numbers above the line, difference marks under it)."""
        self.area = area
        pad = max(6, area.h // 6)
        line_y = area.y + area.h * 11 // 20
        self.rect = pygame.Rect(
            area.x + pad, line_y - max(2, area.h // 12), area.w - 2 * pad, max(4, area.h // 6)
        )

    def x_of(self, position: int, length: int) -> int:
        """Where a position lies on the line."""
        if length <= 1:
            return self.rect.x
        return self.rect.x + round((position - 1) * (self.rect.w - 1) / (length - 1))

    def position_at(self, x: int, length: int) -> int:
        """The position under an x coordinate (clamped to the match)."""
        if length <= 1 or self.rect.w <= 1:
            return 1
        frac = (x - self.rect.x) / (self.rect.w - 1)
        return max(1, min(length, 1 + round(frac * (length - 1))))

    def hit(self, pos: tuple[int, int]) -> bool:
        """A point on the bar (where a click seeks)."""
        return self.area.collidepoint(pos)

    def draw(self, surface: pygame.Surface, log: TextLog, marks: BarMarks, position: int, size: int) -> None:
        """The line, the part already shown, the marks and the knob at ``position``.

        The line with its marks is drawn once into an image kept until the marks or the place change;
        each frame adds the part shown and the knob. (The hand numbers still go through ``log``.)
        """
        line = self.rect
        n = marks.length
        radius = line.h // 2
        key = (tuple(self.area), tuple(line), marks, size)
        if self._image is None or self._image_key != key:
            self._image = self._marks_image(marks, size)
            self._image_key = key
        surface.blit(self._image, self.area.topleft)
        self._hand_numbers(surface, log, marks.hands, n, size)
        done = pygame.Rect(line.x, line.y, max(1, self.x_of(position, n) - line.x), line.h)
        pygame.draw.rect(surface, COLOURS.gold_dark, done, border_radius=radius)
        knob = self.x_of(position, n)
        pygame.draw.circle(surface, COLOURS.gold, (knob, line.centery), max(5, line.h + 2))
        pygame.draw.circle(surface, COLOURS.text_dark, (knob, line.centery), max(5, line.h + 2), 1)

    def _marks_image(self, marks: BarMarks, size: int) -> pygame.Surface:
        """The line and every mark on a transparent image the size of :attr:`area`."""
        image = pygame.Surface(self.area.size, pygame.SRCALPHA)
        ox, oy = self.area.topleft
        line = self.rect.move(-ox, -oy)
        n = marks.length
        pygame.draw.rect(image, (8, 26, 17), line, border_radius=line.h // 2)
        tick = max(3, line.h // 2)
        for x in (self.x_of(p, n) - ox for p in marks.turns):
            pygame.draw.line(image, COLOURS.text_dim, (x, line.y - tick), (x, line.y - 1), 1)
        label_h = self._label_h()
        for x in (self.x_of(p, n) - ox for p in marks.hands):
            pygame.draw.line(image, COLOURS.gold, (x, line.y - label_h // 3), (x, line.bottom + 2), 2)
        for p in marks.differences:
            x = self.x_of(p, n) - ox
            h = line.h + (tick * 3 if p in marks.costly else tick * 2)
            w = max(3, h // 2)
            y = line.bottom + 2
            pygame.draw.polygon(
                image, COLOURS.ting, [(x, y), (x - w // 2 - 1, y + h), (x + w // 2 + 1, y + h)]
            )
        return image

    def _label_h(self) -> int:
        """Room for the hand numbers above the line."""
        return max(8, self.rect.y - max(3, self.rect.h // 2) - self.area.y - 2)

    def _hand_numbers(
        self, surface: pygame.Surface, log: TextLog, hands: Sequence[int], n: int, size: int
    ) -> None:
        """Each hand's number above its mark, where the numbers do not crowd."""
        line = self.rect
        label_h = self._label_h()
        xs = [self.x_of(p, n) for p in hands]
        if not xs or label_h < 8:
            return
        widest = max(log.fonts.size(str(i + 1), size)[0] for i in range(len(xs)))
        gaps = [b - a for a, b in itertools.pairwise(xs)]
        room = min([*gaps, line.right - xs[-1] + widest]) if gaps else widest * 3
        every = 1
        while every < len(xs) and room * every < widest + 6:
            every += 1
        for i, x in enumerate(xs):
            if i % every:
                continue
            end = xs[i + every] if i + every < len(xs) else line.right
            box = pygame.Rect(x + 3, self.area.y, max(1, min(end - x - 6, widest + 8)), label_h)
            if box.w >= widest:
                log.line(surface, str(i + 1), box, size, COLOURS.gold, floor=max(6, size - 2))


__all__ = ["BarMarks", "ProgressBar"]
