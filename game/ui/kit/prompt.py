"""A dialog that asks for one line of text (a name, a path, a share code) and checks it before closing.

The first button submits: its callback gets the text and returns a problem to show under
the text box (the dialog stays open) or None (the dialog closes). Enter in the box submits
too, Esc cancels. Extra buttons (Paste, Copy) come first and act on the dialog without closing it; an empty
cancel label leaves the cancel button out (the submit button then closes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, DIALOG_FILL
from game.ui.kit.widgets import draw_panel

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

Submit = Callable[[str], str | None]
"""Checks and uses the text: a problem to show, or None when done."""


class PromptDialog(MenuScene):
    """A title, a short text, a one-line text box, a note line and buttons, over the current screen."""

    transparent = True
    name = "prompt"
    design_size = (760, 460)

    def __init__(
        self,
        app: SceneApp,
        title: str,
        body: str,
        *,
        ok: str,
        on_submit: Submit,
        text: str = "",
        extra: Sequence[tuple[str, Callable[[PromptDialog], None]]] = (),
        cancel: str | None = None,
        width: int = 680,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.ok_label = ok
        self.on_submit = on_submit
        self.initial = text
        self.extra = list(extra)
        self.cancel_label = cancel if cancel is not None else app.tr("dialog.cancel")
        self.base_width = width
        self.note = ""
        self.note_is_problem = False
        self.entry: Any = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.text = TextLog(app.fonts)
        self.closed = False

    # ------------------------------------------------------------- layout
    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, int]:
        """Panel, body box, text box, note box and the button height for the current window."""
        sw, sh = self.app.size
        width = min(self.px(self.base_width), int(sw * 0.9))
        pad = self.px(26)
        inner = width - 2 * pad
        body_h = min(self.text.wrapped_height(self.body, inner, self.px(17)) + self.px(4), int(sh * 0.3))
        entry_h, note_h, button_h, title_h = self.px(40), self.px(48), self.px(42), self.px(40)
        height = pad + title_h + body_h + self.px(12) + entry_h + self.px(8) + note_h + self.px(12)
        height += button_h + pad
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (sw // 2, sh // 2)
        y = panel.y + pad + title_h
        body = pygame.Rect(panel.x + pad, y, inner, body_h)
        entry = pygame.Rect(panel.x + pad, body.bottom + self.px(12), inner, entry_h)
        note = pygame.Rect(panel.x + pad, entry.bottom + self.px(8), inner, note_h)
        return panel, body, entry, note, button_h

    def build_ui(self) -> None:
        """The text box (keeping what was typed), the submit, extra and cancel buttons."""
        self.panel, _, entry_rect, _, button_h = self._layout()
        text = self.entry.get_text() if self.entry is not None else self.initial
        self.entry = pygame_gui.elements.UITextEntryLine(entry_rect, self.manager, object_id="#prompt_entry")
        self.entry.set_text_length_limit(4000)
        self.entry.set_text(text)
        self.entry.focus()
        labels = [*(label for label, _ in self.extra), self.ok_label]
        actions: list[Callable[[], None]] = [*(self._extra(fn) for _, fn in self.extra), self.submit]
        if self.cancel_label:
            labels.append(self.cancel_label)
            actions.append(self.cancel)
        gap = self.px(10)
        widths = [max(self.px(110), self.app.fonts.size(t, self.px(18))[0] + self.px(34)) for t in labels]
        x = self.panel.right - self.px(26) - sum(widths) - gap * (len(widths) - 1)
        y = self.panel.bottom - self.px(26) - button_h
        for label, bw, action in zip(labels, widths, actions, strict=True):
            self.button(pygame.Rect(x, y, bw, button_h), label, action, object_id="#prompt_button")
            x += bw + gap
        self.focus_index = None

    def _extra(self, fn: Callable[[PromptDialog], None]) -> Callable[[], None]:
        return lambda: fn(self)

    # ------------------------------------------------------------- actions
    @property
    def value(self) -> str:
        """The text in the box."""
        return str(self.entry.get_text()) if self.entry is not None else self.initial

    def set_value(self, text: str) -> None:
        """Put text in the box."""
        if self.entry is not None:
            self.entry.set_text(text)

    def show_note(self, text: str, problem: bool = False) -> None:
        """A line under the text box: a problem (red) or information."""
        self.note, self.note_is_problem = text, problem

    def submit(self) -> None:
        """Check the text; close when it is accepted, else show the problem."""
        problem = self.on_submit(self.value)
        if self.closed:
            return
        if problem:
            self.show_note(problem, True)
            return
        self.close()

    def cancel(self) -> None:
        """Close without doing anything."""
        self.close()

    def close(self) -> None:
        """Take the dialog off the screen (once)."""
        if not self.closed and self.app.scenes.top is self:
            self.closed = True
            self.app.pop()

    def go_back(self) -> None:
        """Esc cancels."""
        self.app.sound.play("ui")
        self.cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter in the text box submits; keys typed into the box stay there."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.submit()
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key != pygame.K_ESCAPE
            and self.entry is not None
            and self.entry.is_focused
        ):
            return False
        return super().handle_event(event)

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the panel with the title, the text and the note."""
        self.text.clear()
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, int(150 * self.fade)))
        surface.blit(veil, (0, 0))
        panel, body, _, note, _ = self._layout()
        self.panel = panel
        draw_panel(surface, panel, fill=DIALOG_FILL, border=COLOURS.gold, radius=self.px(14))
        pad = self.px(26)
        title = pygame.Rect(panel.x + pad, panel.y + pad - self.px(4), panel.w - 2 * pad, self.px(36))
        self.text.line(surface, self.title, title, self.px(23), COLOURS.gold, "bold")
        self.text.paragraph(surface, self.body, body, self.px(17), COLOURS.text)
        if self.note:
            colour = COLOURS.ting if self.note_is_problem else COLOURS.gold
            self.text.paragraph(surface, self.note, note, self.px(15), colour)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """No full-screen veil (the dim layer is drawn under the panel); the keyboard focus ring."""
        self.draw_focus_ring(surface)


def clipboard_text() -> str | None:
    """The clipboard's text, or None where the clipboard cannot be read."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text if isinstance(text, str) else None


def copy_to_clipboard(text: str) -> bool:
    """Put text on the clipboard; False where there is no clipboard."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


__all__ = ["PromptDialog", "Submit", "clipboard_text", "copy_to_clipboard"]
