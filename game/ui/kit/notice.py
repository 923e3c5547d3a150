"""A short message over whatever screen is open (a toast), for things that happen outside a scene's own
job — "the folder could not be opened". It fades after a few seconds; a newer one replaces it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import pygame

from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel, draw_text

NOTICE_SECONDS: Final = 5.0


@dataclass(frozen=True)
class Notice:
    """One message and when it goes."""

    text: str
    until: float


class Notices:
    """The app's toast (see the module docstring)."""

    def __init__(self) -> None:
        self.current: Notice | None = None

    def say(self, text: str, now: float, seconds: float = NOTICE_SECONDS) -> None:
        """Show ``text`` from ``now`` for ``seconds``."""
        self.current = Notice(text, now + seconds)

    def draw(self, surface: pygame.Surface, fonts: FontBook, px: Callable[[float], int], now: float) -> None:
        """Draw the toast near the bottom of the window while it lasts."""
        notice = self.current
        if notice is None:
            return
        if now > notice.until:
            self.current = None
            return
        size = px(16)
        w, h = surface.get_size()
        width = min(px(760), w - px(40))
        lines = fonts.wrap(notice.text, size, width - px(32))
        rect = pygame.Rect(0, 0, width, len(lines) * (size + px(8)) + px(18))
        rect.midbottom = (w // 2, h - px(90))
        draw_panel(surface, rect, fill=(40, 12, 10, 235), border=COLOURS.ting, radius=px(10), shadow=False)
        y = rect.y + px(9)
        for line in lines:
            draw_text(surface, fonts, line, (rect.centerx, y), size, COLOURS.text, "bold", anchor="midtop")
            y += size + px(8)


__all__ = ["NOTICE_SECONDS", "Notice", "Notices"]
