"""The viewer's strip under the table: the progress bar, and a row of controls — previous hand, back,
play/pause, step, next hand, the speed, whose seat is shown (E S W N) or every hand open, and Back.

The strip owns its pygame_gui buttons and the bar's geometry; the viewer scene gives it the
actions and draws the table above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.seats import seat_letter
from game.table.viewer import SPEEDS
from game.ui.kit.textfit import TextLog
from game.ui.kit.widgets import draw_panel
from game.ui.replay.bar import ProgressBar

if TYPE_CHECKING:
    from game.ui.replay.context import ViewerContext

TRANSPORT: Final = ("prev_hand", "back", "play", "step", "next_hand")
ALL_OPEN: Final = -1
"""The seat choice that opens every hand."""


def speed_label(speed: float) -> str:
    """``0.5×``, ``1×``, ``2×``."""
    return f"{speed:g}×"


class ViewerStrip:
    """The strip under the table (see the module docstring)."""

    def __init__(self, scene: ViewerContext) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.bar = ProgressBar()
        self.buttons: dict[str, Any] = {}
        self.speed_buttons: list[tuple[Any, float]] = []
        self.seat_buttons: list[tuple[Any, int]] = []
        self.status_box = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def height(scene: ViewerContext) -> int:
        """How tall the strip is at the scene's scale."""
        return scene.px(92)

    def build(self, actions: Mapping[str, Callable[[], None]]) -> dict[Any, Callable[[], None]]:
        """The controls along the strip; returns each button's action."""
        scene = self.scene
        app = scene.app
        w, h = app.size
        self.rect = pygame.Rect(0, h - self.height(scene), w, self.height(scene))
        pad = scene.px(10)
        self.bar.place(pygame.Rect(pad, self.rect.y + scene.px(4), w - 2 * pad, scene.px(36)))
        bh = scene.px(34)
        y = self.rect.bottom - pad - bh
        x = pad
        gap = scene.px(6)
        out: dict[Any, Callable[[], None]] = {}
        self.buttons = {}
        self.speed_buttons = []
        self.seat_buttons = []
        if scene.whatif:  # only a way back: the line says what to do
            cancel_w = max(
                scene.px(110), app.fonts.size(app.tr("viewer.cancel_whatif"), scene.px(14))[0] + scene.px(24)
            )
            cancel = self._button(
                pygame.Rect(w - pad - cancel_w, y, cancel_w, bh),
                app.tr("viewer.cancel_whatif"),
                "#viewer_cancel",
            )
            self.buttons["cancel"] = cancel
            out[cancel] = actions["cancel"]
            self.status_box = pygame.Rect(
                x, y - scene.px(4), cancel.rect.x - x - scene.px(16), bh + scene.px(8)
            )
            return out
        labels = {
            "prev_hand": app.tr("viewer.prev_hand"),
            "back": app.tr("viewer.back"),
            "play": app.tr("viewer.pause") if scene.viewer.playing else app.tr("viewer.play"),
            "step": app.tr("viewer.step"),
            "next_hand": app.tr("viewer.next_hand"),
        }
        widest = max(app.fonts.size(t, scene.px(14))[0] for t in (*labels.values(), app.tr("viewer.pause")))
        tw = max(scene.px(64), widest + scene.px(18))
        for key in TRANSPORT:
            btn = self._button(pygame.Rect(x, y, tw, bh), labels[key], f"#viewer_{key}")
            self.buttons[key] = btn
            out[btn] = actions[key]
            x += tw + gap
        x += scene.px(10)
        sw = max(scene.px(40), app.fonts.size("0.5×", scene.px(14))[0] + scene.px(22))
        for speed in SPEEDS:
            btn = self._button(pygame.Rect(x, y, sw, bh), speed_label(speed), f"#speed_{speed:g}", "@segment")
            self.speed_buttons.append((btn, speed))
            out[btn] = scene.speed_setter(speed)
            x += sw + scene.px(3)
        x += scene.px(12)
        all_w = max(scene.px(40), app.fonts.size(app.tr("viewer.all"), scene.px(14))[0] + scene.px(16))
        for seat in (0, 1, 2, 3, ALL_OPEN):
            width = all_w if seat == ALL_OPEN else scene.px(32)
            label = app.tr("viewer.all") if seat == ALL_OPEN else seat_letter(seat)
            btn = self._button(pygame.Rect(x, y, width, bh), label, f"#seat_{seat + 1}", "@segment")
            self.seat_buttons.append((btn, seat))
            out[btn] = scene.seat_setter(seat)
            x += width + scene.px(3)
        back_w = max(scene.px(80), app.fonts.size(app.tr("viewer.leave"), scene.px(14))[0] + scene.px(24))
        back = self._button(
            pygame.Rect(w - pad - back_w, y, back_w, bh), app.tr("viewer.leave"), "#viewer_leave"
        )
        self.buttons["leave"] = back
        out[back] = actions["leave"]
        self.status_box = pygame.Rect(x + scene.px(10), y, back.rect.x - x - scene.px(20), bh)
        self.mark()
        return out

    def _button(self, rect: pygame.Rect, text: str, object_id: str, class_id: str = "@tool") -> Any:
        return pygame_gui.elements.UIButton(
            rect, text, self.scene.manager, object_id=ObjectID(object_id=object_id, class_id=class_id)
        )

    def mark(self) -> None:
        """Show the chosen speed and seat, and Play or Pause on the play button."""
        scene = self.scene
        for btn, speed in self.speed_buttons:
            self._select(btn, speed == scene.viewer.speed)
        chosen = ALL_OPEN if scene.open_hands else scene.viewer.seat
        for btn, seat in self.seat_buttons:
            self._select(btn, seat == chosen or (seat == scene.viewer.seat and scene.open_hands))
        play = self.buttons.get("play")
        if play is not None:
            label = scene.app.tr("viewer.pause" if scene.viewer.playing else "viewer.play")
            if play.text != label:
                play.set_text(label)

    @staticmethod
    def _select(btn: Any, on: bool) -> None:
        if on and not btn.is_selected:
            btn.select()
        elif not on and btn.is_selected:
            btn.unselect()

    def draw(
        self, surface: pygame.Surface, log: TextLog, status: str, status_colour: tuple[int, int, int]
    ) -> None:
        """The strip's panel, the progress bar and the status line."""
        scene = self.scene
        draw_panel(
            surface,
            self.rect.inflate(-scene.px(4), -scene.px(2)),
            radius=scene.px(10),
            shadow=False,
            cache=scene.panel_images,
        )
        driver = scene.viewer
        self.bar.draw(surface, log, scene.bar_marks(), driver.cursor.position, scene.px(12))
        if status and self.status_box.w > scene.px(40):
            log.paragraph(surface, status, self.status_box, scene.px(13), status_colour, floor=9)


__all__ = ["ALL_OPEN", "TRANSPORT", "ViewerStrip", "speed_label"]
