"""Modal dialogs drawn over the current screen: a message with OK, or a choice between buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS, DIALOG_FILL
from game.ui.kit.widgets import draw_panel, draw_text, draw_wrapped, wrapped_height

if TYPE_CHECKING:
    from game.ui.scene import SceneApp


class MessageDialog(MenuScene):
    """A title, wrapped text and one or more buttons; Esc or the first button closes it."""

    transparent = True
    name = "dialog"
    design_size = (720, 480)

    def __init__(
        self,
        app: SceneApp,
        title: str,
        body: str,
        *,
        buttons: list[tuple[str, Callable[[], None] | None]] | None = None,
        on_close: Callable[[], None] | None = None,
        width: int = 600,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.on_close = on_close
        self.choices = buttons if buttons is not None else [(app.tr("dialog.ok"), None)]
        self.base_width = width
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.closed_with: str | None = None

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        """Panel rect, body text rect and button height for the current window."""
        app = self.app
        sw, sh = app.size
        width = min(self.px(self.base_width), int(sw * 0.86))
        pad = self.px(28)
        text_w = width - 2 * pad
        body_h = wrapped_height(app.fonts, self.body, text_w, self.px(18))
        body_h = min(body_h, int(sh * 0.62))
        title_h = self.px(44)
        button_h = self.px(44)
        height = pad + title_h + self.px(10) + body_h + self.px(24) + button_h + pad
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (sw // 2, sh // 2)
        body = pygame.Rect(panel.x + pad, panel.y + pad + title_h + self.px(10), text_w, body_h)
        return panel, body, button_h

    def build_ui(self) -> None:
        """The dialog's buttons, right-aligned along the bottom of the panel."""
        self.panel, _, button_h = self._layout()
        bw = self.px(140)
        gap = self.px(12)
        x = self.panel.right - self.px(28) - len(self.choices) * bw - (len(self.choices) - 1) * gap
        y = self.panel.bottom - self.px(28) - button_h
        for label, fn in self.choices:
            self.button(pygame.Rect(x, y, bw, button_h), label, self._chooser(label, fn))
            x += bw + gap
        self.focus_index = 0

    def _chooser(self, label: str, fn: Callable[[], None] | None) -> Callable[[], None]:
        def choose() -> None:
            self.closed_with = label
            self.app.pop()
            if fn is not None:
                fn()
            if self.on_close is not None:
                self.on_close()

        return choose

    def go_back(self) -> None:
        """Esc: the same as the last button (Cancel when there are several, else OK)."""
        self._chooser(*self.choices[-1])()

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the panel with the title and text."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, int(140 * self.fade)))
        surface.blit(veil, (0, 0))
        app = self.app
        panel, body, _ = self._layout()
        self.panel = panel
        draw_panel(surface, panel, fill=DIALOG_FILL, border=COLOURS.gold, radius=self.px(14))
        draw_text(
            surface,
            app.fonts,
            self.title,
            (panel.x + self.px(28), panel.y + self.px(24)),
            self.px(24),
            COLOURS.gold,
            "bold",
        )
        clip = surface.get_clip()
        surface.set_clip(body)
        draw_wrapped(surface, app.fonts, self.body, body, self.px(18), COLOURS.text)
        surface.set_clip(clip)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """No full-screen veil for dialogs (the dim layer is drawn under the panel); the focus ring."""
        self.draw_focus_ring(surface)
