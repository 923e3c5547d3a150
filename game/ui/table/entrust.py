"""托管: the person hands their seat to an AI until they take it back — with the 托管 button or A, or by
itself after the person let a decision wait for the idle time of the settings (off by default).

The seat is played through the same machinery as ``--autoplay``
(:meth:`~game.table.driver.Entrusting.entrust`): the strongest AI level, which
calls, declares ready and wins like any AI seat (unlike the room apps' 托管 that
only throws the drawn tile). While it is on, the table says so over the hand,
the button reads "take back", and hand results go on by themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.ai.registry import LEVELS
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_text
from game.ui.table.layout import TableLayout

if TYPE_CHECKING:
    from game.ui.table.ai_runner import AiRunner
    from game.ui.table.context import TableContext
    from game.ui.table.controls import Controls
    from game.ui.table.overlays import Overlays
    from game.ui.table.tools import Tools

ENTRUST_LEVEL: Final = LEVELS[-1]
"""The AI level that plays a seat under 托管: the strongest."""


class Entrust:
    """The table's 托管 switch and its idle timer (see the module docstring)."""

    def __init__(
        self, scene: TableContext, controls: Controls, overlays: Overlays, tools: Tools, ai: AiRunner
    ) -> None:
        self.scene = scene
        self.controls = controls
        self.overlays = overlays
        self.tools = tools
        self.ai = ai
        self.available = scene.entrusting is not None
        """The table can hand the person's seat to an AI (a live match; not a replay, not a lesson)."""
        self._waiting: tuple[int, float] | None = None
        """The decision waiting for the person (its token) and the table clock when it was offered."""

    @property
    def on(self) -> bool:
        """An AI plays the person's seat now."""
        entrusting = self.scene.entrusting
        return entrusting is not None and entrusting.autoplayed

    def toggle(self) -> None:
        """The 托管 button or A: hand the seat to the AI, or take it back."""
        if self.on:
            self.stop()
        else:
            self.start()

    def start(self, *, idle: bool = False) -> None:
        """Hand the person's seat to the AI (``idle``: because a decision waited too long)."""
        scene = self.scene
        if scene.entrusting is None:
            return
        scene.entrusting.entrust(ENTRUST_LEVEL)
        self._waiting = None
        self.controls.withdraw()
        self.tools.relabel_entrust()
        key = "table.entrust_idle" if idle else "table.entrust_on"
        self.overlays.say(scene.app.tr(key, s=scene.app.settings.entrust_idle_s), colour=COLOURS.gold)

    def stop(self) -> None:
        """Take the seat back: the person decides again from the next decision on."""
        scene = self.scene
        if scene.entrusting is None:
            return
        scene.entrusting.entrust(None)
        self.ai.drop(scene.driver.seat)  # a decision the AI was still thinking out is never played
        self.tools.relabel_entrust()
        self.overlays.say(scene.app.tr("table.entrust_off"), colour=COLOURS.gold)

    def watch(self, active_at: float) -> None:
        """Each frame: start 托管 once a decision has waited the idle time with no input from the person
        since ``active_at`` (the table clock at their last input)."""
        scene = self.scene
        seconds = scene.app.settings.entrust_idle_s
        token = self.controls.decision_token
        if token is None or self.on or not self.available:
            self._waiting = None
            return
        if self._waiting is None or self._waiting[0] != token:
            self._waiting = (token, scene.clock)
        if seconds and scene.clock - max(self._waiting[1], active_at) >= seconds:
            self.start(idle=True)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """While on: a gold band over the person's hand saying who plays and how to take the seat back."""
        scene = self.scene
        if not self.on or scene.app.autoplay:  # ``--autoplay`` is a demonstration: nothing to take back
            return
        if self.overlays.toast is not None:  # the toast over the hand says it in full meanwhile
            return
        hand = layout.seats[0].hand
        if not hand:
            return
        band = hand[0].rect.union(hand[-1].rect)
        size = scene.px(17)
        text = scene.app.tr("table.entrust_band")
        width = scene.app.fonts.size(text, size, "bold")[0] + scene.px(32)
        rect = pygame.Rect(0, 0, width, size + scene.px(14))
        rect.midbottom = (band.centerx, band.top - layout.lift - scene.px(6))
        plate = layout.seats[0].plate
        if rect.colliderect(plate):  # beside your plate, never over it
            rect.left = plate.right + scene.px(8)
        pygame.draw.rect(surface, (40, 30, 6), rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, COLOURS.gold, rect, width=2, border_radius=rect.h // 2)
        draw_text(surface, scene.app.fonts, text, rect.center, size, COLOURS.gold, "bold", anchor="center")


__all__ = ["ENTRUST_LEVEL", "Entrust"]
