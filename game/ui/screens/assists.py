"""The table's helpers, each with what it does exactly: auto win, skip calls, auto-discard, and 托管 after a
decision waited too long. Opened from the table (F4, over the match, which waits meanwhile) and from the
settings; every choice is applied at once and saved with the settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS, DIALOG_FILL
from game.ui.kit.widgets import draw_panel, draw_text, draw_wrapped, wrapped_height

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

IDLE_CHOICES: Final = (0, 15, 30, 60)
"""The idle times (seconds) offered before 托管 takes over; 0 is never."""
ROWS: Final = ("auto_win", "skip_calls", "auto_discard", "entrust_idle_s")
"""The settings shown, in order; each has the labels ``assist.<key>`` and ``assist.<key>.help``."""


class AssistsScene(MenuScene):
    """A panel over the current screen with one on/off choice per helper and its explanation."""

    transparent = True
    name = "assists"
    design_size = (760, 600)

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        """Per row: the key, where its label goes, where its explanation goes."""

    def _options(self, key: str) -> Sequence[tuple[Any, str]]:
        app = self.app
        if key == "entrust_idle_s":
            return [
                (s, app.tr("assist.idle_seconds", s=s) if s else app.tr("common.off")) for s in IDLE_CHOICES
            ]
        return [(False, app.tr("common.off")), (True, app.tr("common.on"))]

    def build_ui(self) -> None:
        """The rows (label, choice, explanation) and the close button, in a panel sized to them."""
        app = self.app
        w, h = app.size
        width = min(w - self.px(40), self.px(720))
        pad = self.px(26)
        text_w = width - 2 * pad
        label_w = int(text_w * 0.48)
        row_h, help_size = self.px(36), self.px(14)
        heights = [
            row_h + self.px(6) + wrapped_height(app.fonts, app.tr(f"assist.{k}.help"), text_w, help_size)
            for k in ROWS
        ]
        height = pad + self.px(50) + sum(heights) + self.px(14) * len(ROWS) + self.px(56) + pad
        self.panel = pygame.Rect(0, 0, width, min(height, h - self.px(20)))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + pad + self.px(50)
        self.labels = []
        for key, used in zip(ROWS, heights, strict=True):
            label = pygame.Rect(self.panel.x + pad, y, label_w, row_h)
            choice = pygame.Rect(label.right, y, text_w - label_w, row_h)
            current = getattr(app.settings, key)
            self.segmented(key, choice, self._options(key), current, self._setter(key))
            help_rect = pygame.Rect(label.x, y + row_h + self.px(6), text_w, used - row_h - self.px(6))
            self.labels.append((key, label, help_rect))
            y += used + self.px(14)
        close = pygame.Rect(0, 0, self.px(160), self.px(42))
        close.bottomright = (self.panel.right - pad, self.panel.bottom - pad + self.px(8))
        self.button(close, app.tr("dialog.close"), self.go_back, object_id="#back")
        self.focus_index = None  # ↑↓ or Tab give the keyboard a focus; until then each choice shows as chosen

    def _setter(self, key: str) -> Any:
        def choose(value: Any) -> Any:
            def apply() -> None:
                self.app.update_settings(**{key: value})
                self.mark_segment(key, value)

            return apply

        return choose

    def handle_event(self, event: pygame.event.Event) -> bool:
        """F4 closes the panel (the key that opened it at the table)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F4:
            self.go_back()
            return True
        return super().handle_event(event)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the panel: the title, each row's label and explanation."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, int(150 * self.fade)))
        surface.blit(veil, (0, 0))
        app = self.app
        draw_panel(surface, self.panel, fill=DIALOG_FILL, border=COLOURS.gold, radius=self.px(14))
        pad = self.px(26)
        title = app.tr("assist.title")
        draw_text(
            surface,
            app.fonts,
            title,
            (self.panel.x + pad, self.panel.y + pad),
            self.px(24),
            COLOURS.gold,
            "bold",
        )
        for key, label, help_rect in self.labels:
            draw_text(
                surface,
                app.fonts,
                app.tr(f"assist.{key}"),
                (label.x, label.centery),
                self.px(17),
                COLOURS.text,
                "bold",
                anchor="midleft",
            )
            draw_wrapped(
                surface, app.fonts, app.tr(f"assist.{key}.help"), help_rect, self.px(14), COLOURS.text_dim
            )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """No full-screen veil (the dim layer is drawn under the panel); the keyboard focus ring."""
        self.draw_focus_ring(surface)


__all__ = ["IDLE_CHOICES", "ROWS", "AssistsScene"]
