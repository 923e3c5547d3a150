"""The coach at the table: the panel in the left column, with the note on the person's last move in it.

The panel, top to bottom: the lesson's title, "step i of n", the coach's words
(tiles drawn inline, :mod:`game.ui.lessons.coach_text`), and at the bottom the lesson's
buttons, which the scene builds in :attr:`CoachLayout.buttons`. The note — the
engine's why-not with the coach's line, a known mistake's explanation, "show me" —
sits in the panel under the coach's words (never over the table, so the step's
spotlight stays lit beside it) and stays until the next move; it may end in a
button to the lesson that explains it. Every text is shrunk to fit its box and
logged for the fit checks.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.kit.fonts import FontBook
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, RGB, readable
from game.ui.kit.tileart import TileArt
from game.ui.kit.widgets import draw_panel
from game.ui.lessons.coach_text import CoachText, Shown


@dataclass(frozen=True)
class CoachLayout:
    """Where the parts of the coach panel go for one rect."""

    panel: pygame.Rect
    title: pygame.Rect
    progress: pygame.Rect
    body: pygame.Rect
    """The coach's words."""
    buttons: pygame.Rect
    """The area for the lesson's buttons (built by the scene)."""


def coach_layout(panel: pygame.Rect, px: float, button_rows: int) -> CoachLayout:
    """Split the panel: title and progress on top, the buttons' rows at the bottom, the words between."""
    pad = max(6, round(12 * px))
    inner = panel.inflate(-2 * pad, -2 * pad)
    title = pygame.Rect(inner.x, inner.y, inner.w, round(28 * px))
    progress = pygame.Rect(inner.x, title.bottom, inner.w, round(20 * px))
    row_h, gap = round(32 * px), round(6 * px)
    buttons_h = button_rows * row_h + max(0, button_rows - 1) * gap
    buttons = pygame.Rect(inner.x, inner.bottom - buttons_h, inner.w, buttons_h)
    top = progress.bottom + round(6 * px)
    body = pygame.Rect(inner.x, top, inner.w, max(0, buttons.y - round(8 * px) - top))
    return CoachLayout(panel, title, progress, body, buttons)


class CoachPanel:
    """Draws the coach panel and the note (both through one :class:`~game.ui.kit.textfit.TextLog`)."""

    def __init__(self, fonts: FontBook, tiles: TileArt, log: TextLog) -> None:
        self.fonts = fonts
        self.text = CoachText(fonts, tiles)
        self.log = log
        self.first = 0
        """The first line of the coach's words shown (they scroll when even the smallest size is too big)."""
        self.shown = Shown(0, -1, 0, 0)
        self._words = ""

    def scroll(self, lines: int) -> bool:
        """Scroll the coach's words by some lines (down is positive); False if they do not move."""
        first = self.first + lines
        if (lines > 0 and not self.shown.more_below) or (lines < 0 and not self.shown.more_above):
            return False
        self.first = max(0, first)
        return True

    def draw(
        self, surface: pygame.Surface, layout: CoachLayout, title: str, progress: str, words: str, px: float
    ) -> None:
        """The panel: title, progress line and the coach's words (markup) fitted to the body, with marks
        when some of them are scrolled out of sight."""
        draw_panel(surface, layout.panel, fill=(8, 30, 19, 238), border=COLOURS.gold, radius=round(12 * px))
        self.log.line(surface, title, layout.title, round(21 * px), COLOURS.gold, "bold")
        self.log.line(surface, progress, layout.progress, round(14 * px), COLOURS.text_dim)
        if words != self._words:
            self._words, self.first = words, 0
        if not words or layout.body.h <= 0:
            return
        body = layout.body
        self.shown = self.text.draw(
            surface, words, body, round(17 * px), self.log, readable(round(11 * px)), self.first
        )
        size = max(3, round(5 * px))
        x = body.right + round(6 * px)  # in the panel's padding, beside the words
        if self.shown.more_above:
            pygame.draw.polygon(
                surface, COLOURS.gold, [(x - size, body.y + size), (x + size, body.y + size), (x, body.y)]
            )
        if self.shown.more_below:
            y = body.y + self.shown.height
            pygame.draw.polygon(surface, COLOURS.gold, [(x - size, y - size), (x + size, y - size), (x, y)])

    def note_rect(
        self, markup: str, width: int, most: int, px: float, extra: int = 0
    ) -> tuple[pygame.Rect, int]:
        """The note's panel size (at most ``most`` tall, ``extra`` room below the words) and its text size."""
        pad = round(12 * px)
        size = round(17 * px)
        floor = readable(round(11 * px))
        box = pygame.Rect(0, 0, width - 2 * pad, max(1, most - 2 * pad - extra))
        renderer, doc = self.text.fit(markup, box, size, floor)
        height = min(box.h, self.text.height(doc)) + 2 * pad + extra
        return pygame.Rect(0, 0, width, height), renderer.style.body

    def draw_note(
        self, surface: pygame.Surface, rect: pygame.Rect, markup: str, colour: RGB, px: float, extra: int = 0
    ) -> None:
        """The note's panel with its words (``extra`` pixels left free at the bottom, for a button)."""
        pad = round(12 * px)
        draw_panel(surface, rect, fill=(12, 28, 20, 242), border=colour, radius=round(10 * px), shadow=True)
        box = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, rect.h - 2 * pad - extra)
        self.text.draw(surface, markup, box, round(17 * px), self.log, readable(round(11 * px)))


__all__ = ["CoachLayout", "CoachPanel", "coach_layout"]
