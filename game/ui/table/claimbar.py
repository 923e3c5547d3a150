"""The claim bar's widgets: the buttons 吃 碰 杠 听 胡 过 (with their hotkeys), one button per call to choose
from, and the tools under the left column — hints, tracker, rules, helpers and 托管 — pygame_gui buttons
laid out in the table's side columns, enabled while the person may press them (the advisor's choice
selected at hint level 2+, 托管 selected while it is on).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.actions import Action
from game.glossary import term
from game.table.menu import CLAIM_BUTTONS
from game.ui.kit.theme import BASE_SIZES, scaled
from game.ui.table.zhidui import build_lock_buttons
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

HOTKEY_LABEL: Final = {"chi": "C", "peng": "P", "gang": "K", "ting": "T", "hu": "H", "pass": "Space"}


class ClaimBar:
    """The table's pygame_gui buttons (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.buttons: dict[str, Any] = {}
        self.choice_buttons: list[tuple[Any, Action]] = []
        self.tool_buttons: dict[str, Any] = {}
        self.choice_top = 0
        self.tools_height = 0
        """The height of the tool buttons at the bottom of the left column (with the gap above them)."""

    def relabel_hints(self) -> None:
        """Show the hint level on its button again (it changed)."""
        button = self.tool_buttons.get("hints")
        if button is not None:
            button.set_text(self._hint_label(button.rect.w))

    def build(self) -> None:
        """The claim bar in the right column and the hint/tracker toggles in the left one."""
        scene = self.scene
        self.buttons = {}
        self.choice_buttons = []
        self.tool_buttons = {}
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
            label = self.fit_label((f"{word}  ({hotkey})", f"{word} ({hotkey})", word), "@claim", bw)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, label, scene.manager, object_id=ObjectID(object_id=f"#claim_{name}", class_id="@claim")
            )
        self.choice_top = top + 3 * (bh + gap) + scene.px(4)
        self._build_tools(gap)
        self.apply_states()
        self.build_choices()

    def _build_tools(self, gap: int) -> None:
        """The tool buttons, bottom up: hints and tracker; rules and helpers; 托管 (a live match only)."""
        scene = self.scene
        lang = scene.app.lang
        info = scene.layout.info_area
        tw = (info.w - gap) // 2
        th = scene.px(30)
        rows: list[list[tuple[str, str]]] = [
            [("hints", self._hint_label(tw)), ("tracker", tr("table.tracker_button", lang))],
        ]
        if scene.entrust.available:
            helpers = (tr("table.assists_button", lang), tr("table.assists_button_short", lang))
            rows.append(
                [
                    ("rules", tr("table.rules_button", lang)),
                    ("assists", self.fit_label(helpers, "@tool", tw)),
                ]
            )
            rows.append([("entrust", self._entrust_label(info.w))])
        else:
            rows.append([("rules", tr("table.rules_button", lang))])
        y = info.bottom - th
        for row in rows:
            w = (info.w - gap * (len(row) - 1)) // len(row)
            for i, (name, label) in enumerate(row):
                self.tool_buttons[name] = pygame_gui.elements.UIButton(
                    pygame.Rect(info.x + i * (w + gap), y, w, th),
                    label,
                    scene.manager,
                    object_id=ObjectID(object_id=f"#tool_{name}", class_id="@tool"),
                )
            y -= th + gap
        self.tools_height = len(rows) * (th + gap)

    def _entrust_label(self, width: int) -> str:
        """The 托管 button's label: hand the seat over, or take it back."""
        lang = self.scene.app.lang
        key = "table.entrust_stop" if self.scene.entrust.on else "table.entrust_button"
        return self.fit_label((tr(key, lang), tr(f"{key}_short", lang)), "@tool", width)

    def relabel_entrust(self) -> None:
        """Show on the 托管 button whether it hands the seat over or takes it back."""
        button = self.tool_buttons.get("entrust")
        if button is not None:
            button.set_text(self._entrust_label(button.rect.w))
        self.apply_states()

    def _hint_label(self, width: int) -> str:
        """The F1 button's label: the hint level, shorter when the button is narrow."""
        lang = self.scene.app.lang
        level = tr(f"settings.hints.{self.scene.app.settings.hints}", lang)
        return self.fit_label(
            (
                tr("table.hints_button", lang, level=level),
                tr("table.hints_button_short", lang, level=level),
                level,
            ),
            "@tool",
            width,
        )

    def fit_label(self, labels: Sequence[str], theme_key: str, width: int) -> str:
        """The first label that fits a button of this width in its theme font (else the last one):
        pygame_gui clips a label wider than its button ('pass (Spac' at 1024x640, UI scale 115%)."""
        scene = self.scene
        base, bold = BASE_SIZES[theme_key]
        size = scaled(base, scene.scale)
        room = width - 2 * scene.px(6)
        for label in labels:
            if scene.app.fonts.size(label, size, "bold" if bold else "regular")[0] <= room:
                return label
        return labels[-1]

    def apply_states(self) -> None:
        """Enable the buttons the player may press now; the others are greyed (and say why when pressed)."""
        scene = self.scene
        active = scene.controls.decision_token is not None and not scene.busy
        recommended_name = scene.ai.recommended_button(scene.app.settings.hints)
        for name, btn in self.buttons.items():
            if active and scene.controls.actions.get(name):
                btn.enable()
            else:
                btn.disable()
            recommended = active and recommended_name == name
            if recommended and not btn.is_selected:
                btn.select()
            elif not recommended and btn.is_selected:
                btn.unselect()
        for name, on in (("tracker", scene.show_tracker), ("entrust", scene.entrust.on)):
            button = self.tool_buttons.get(name)
            if button is not None and on and not button.is_selected:
                button.select()
            elif button is not None and not on and button.is_selected:
                button.unselect()

    def build_choices(self) -> None:
        """One button per choice (tile groups drawn over them), numbered 1-9."""
        scene = self.scene
        for btn, _ in self.choice_buttons:
            btn.kill()
        self.choice_buttons = []
        choices = scene.controls.choices
        zhidui = scene.controls.mode == "zhidui"
        for btn in self.buttons.values():  # the 支对 choice takes the claim bar's place while it is open
            if zhidui and btn.visible:
                btn.hide()
            elif not zhidui and not btn.visible:
                btn.show()
        if zhidui:
            self.choice_buttons = build_lock_buttons(scene)
            return
        if scene.controls.mode != "choose" or not choices:
            return
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
