"""The error dialog: what went wrong and what to do, in the player's language, with the program's own
words folded under "Details"; OK has the focus, so Enter closes it.

:func:`report` is the one way the window meets an error: it logs the raw text and gives the
:class:`~game.ui.words.errors.PlayerError` whose sentence the screen shows (in a dialog with
:func:`show_error`, or in its own status line).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui.kit.dialog import MessageDialog
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_wrapped, wrapped_height
from game.ui.words.errors import PlayerError, player_error

log = logging.getLogger(__name__)

Buttons = Sequence[tuple[str, Callable[[], None] | None]]


def report(action: str, error: BaseException | str) -> PlayerError:
    """The player's error for ``error`` met while doing ``action``; the raw text goes to the log."""
    found = player_error(action, error)
    log.warning("%s failed (%s): %s", action, found.cause, found.details)
    return found


class ErrorDialog(MessageDialog):
    """A title, the player's sentence, and the raw text under a "Details" button; OK is focused."""

    name = "error_dialog"

    def __init__(
        self,
        app: Any,
        title: str,
        error: PlayerError,
        *,
        buttons: Buttons | None = None,
        on_close: Callable[[], None] | None = None,
        width: int = 620,
    ) -> None:
        """``buttons`` come before Details and OK (e.g. "Open folder")."""
        self.error = error
        self.open = False
        self.details_label = app.tr("dialog.details")
        super().__init__(
            app,
            title,
            error.text(app.lang),
            buttons=[*(buttons or []), (self.details_label, None), (app.tr("dialog.ok"), None)],
            on_close=on_close,
            width=width,
        )

    @property
    def sentence(self) -> str:
        """What the player reads first: what happened and what to do."""
        return self.error.text(self.app.lang)

    def _details_height(self, width: int) -> int:
        if not self.open or not self.error.details:
            return 0
        return self.px(12) + wrapped_height(self.app.fonts, self.error.details, width, self.px(14))

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The message dialog's layout, the details (when open) below the sentence."""
        self.body = self.sentence
        panel, body, button_h = super()._layout()
        extra = min(self._details_height(body.w), max(0, int(self.app.size[1] * 0.9) - panel.h))
        if extra:
            panel.h += extra
            panel.center = (self.app.size[0] // 2, self.app.size[1] // 2)
            body.y = panel.y + self.px(28) + self.px(44) + self.px(10)
        return panel, body, button_h

    def build_ui(self) -> None:
        """The buttons, with the focus on OK (the last one)."""
        super().build_ui()
        self.focus_index = len(self.choices) - 1
        self._show_focus()

    def _chooser(self, label: str, fn: Callable[[], None] | None) -> Callable[[], None]:
        if label != self.details_label:
            return super()._chooser(label, fn)

        def fold() -> None:
            self.open = not self.open
            self.rebuild()
            self.focus_index = len(self.choices) - 1
            self._show_focus()

        return fold

    def go_back(self) -> None:
        """Esc: OK."""
        self._chooser(*self.choices[-1])()

    def draw_scene(self, surface: pygame.Surface) -> None:
        """The dialog, and the raw text under the sentence when Details is open."""
        super().draw_scene(surface)
        if not self.open or not self.error.details:
            return
        _, body, _ = self._layout()  # the body is the sentence: the details come under it
        rect = pygame.Rect(body.x, body.bottom + self.px(12), body.w, self._details_height(body.w))
        draw_wrapped(surface, self.app.fonts, self.error.details, rect, self.px(14), COLOURS.text_dim)


def show_error(
    app: Any, title: str, action: str, error: BaseException | str, *, buttons: Buttons | None = None
) -> PlayerError:
    """Log an error met while doing ``action`` and say it in a dialog over the current screen."""
    found = report(action, error)
    app.push(ErrorDialog(app, title, found, buttons=buttons))
    return found


__all__ = ["ErrorDialog", "report", "show_error"]
