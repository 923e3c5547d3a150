"""The claim bar's widgets: the buttons 吃 碰 杠 听 胡 过 (with their hotkeys) and one button per call to
choose from — pygame_gui buttons laid out in the table's right column. The controls own the bar
(:class:`~game.ui.table.controls.Controls`): they say which buttons may be pressed now (the advisor's
choice selected at hint level 2+) and which choices to offer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.actions import Action
from game.glossary import term
from game.table.menu import CLAIM_BUTTONS
from game.ui.kit.textfit import fit_label

if TYPE_CHECKING:
    from game.ui.table.context import TableContext

HOTKEY_LABEL: Final = {"chi": "C", "peng": "P", "gang": "K", "ting": "T", "hu": "H", "pass": "Space"}


class ClaimBar:
    """The claim bar's pygame_gui buttons (see the module docstring)."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self.buttons: dict[str, Any] = {}
        self.choice_buttons: list[tuple[Any, Action]] = []
        self.choice_top = 0
        """Where the choices (and the lines under the claim bar) begin."""

    def build(self) -> None:
        """The claim buttons in the right column (two to a row)."""
        scene = self.scene
        self.buttons = {}
        self.choice_buttons = []
        area = scene.layout.action_area
        pad = scene.px(12)
        inner = area.inflate(-2 * pad, -2 * pad)
        cols = 2
        gap = scene.px(8)
        bw = (inner.w - gap) // cols
        bh = max(scene.px(34), min(scene.px(44), inner.h // 9))
        top = inner.y + scene.px(58)
        for i, name in enumerate(CLAIM_BUTTONS):
            r, c = divmod(i, cols)
            rect = pygame.Rect(inner.x + c * (bw + gap), top + r * (bh + gap), bw, bh)
            word = term(name, scene.app.lang)
            hotkey = HOTKEY_LABEL[name]
            labels = (f"{word}  ({hotkey})", f"{word} ({hotkey})", word)
            label = fit_label(scene.app.fonts, scene.scale, labels, "@claim", bw)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, label, scene.manager, object_id=ObjectID(object_id=f"#claim_{name}", class_id="@claim")
            )
        self.choice_top = top + 3 * (bh + gap) + scene.px(4)

    def clear(self) -> None:
        """Forget the buttons (the screen was rebuilt without the claim bar)."""
        self.buttons = {}
        self.choice_buttons = []

    def show(self, active: bool, actions: Mapping[str, Sequence[Action]], recommended: str | None) -> None:
        """Enable the buttons with actions behind them while ``active``; the others are greyed (and say why
        when pressed); select the ``recommended`` one."""
        for name, btn in self.buttons.items():
            if active and actions.get(name):
                btn.enable()
            else:
                btn.disable()
            chosen = active and recommended == name
            if chosen and not btn.is_selected:
                btn.select()
            elif not chosen and btn.is_selected:
                btn.unselect()

    def clear_choices(self) -> None:
        """Take the choice buttons down."""
        for btn, _ in self.choice_buttons:
            btn.kill()
        self.choice_buttons = []

    def show_claims(self, on: bool) -> None:
        """Show the claim buttons, or hide them (the 支对 choice takes their place while it is open)."""
        for btn in self.buttons.values():
            if not on and btn.visible:
                btn.hide()
            elif on and not btn.visible:
                btn.show()

    def lock_column(self) -> pygame.Rect:
        """Where the 支对 choice goes: the claim bar's column from its buttons' top down."""
        scene = self.scene
        area = scene.layout.action_area
        pad = scene.px(12)
        top = min((b.rect.top for b in self.buttons.values()), default=self.choice_top)
        return pygame.Rect(area.x + pad, top, area.w - 2 * pad, area.bottom - pad - top)

    def build_choices(self, choices: Sequence[Action]) -> None:
        """One button per call to choose from (tile groups drawn over them), numbered 1-9."""
        scene = self.scene
        area = scene.layout.action_area
        pad = scene.px(12)
        x0, w = area.x + pad, area.w - 2 * pad
        h = max(scene.px(40), round(scene.mini_width() * 1.34) + scene.px(14))
        gap = scene.px(6)
        for i, action in enumerate(choices[:9]):
            rect = pygame.Rect(x0, self.choice_top + scene.px(24) + i * (h + gap), w, h)
            if rect.bottom > area.bottom - pad:
                break
            btn = pygame_gui.elements.UIButton(rect, "", scene.manager, object_id=f"#choice_{i}")
            self.choice_buttons.append((btn, action))


__all__ = ["HOTKEY_LABEL", "ClaimBar"]
