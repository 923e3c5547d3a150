"""The table's tools left of the player's hand, under the left column — the menu (Esc: rules, settings,
leave), hints (F1), tracker (F2), rules (F3), helpers (F4) and 托管 (A) — pygame_gui buttons, and what the
first five do (托管 is :mod:`game.ui.table.entrust`'s).

The hint button shows the hint level; the tracker and 托管 buttons are selected while they are on. The
helpers and 托管 are offered at a live match only (a lesson or a replay has no seat to hand over).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.table.hint_levels import next_hint_level
from game.ui.kit.textfit import fit_label
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.table.context import TableContext
    from game.ui.table.controls import Controls


class Tools:
    """The tool buttons and what they do (see the module docstring)."""

    def __init__(self, scene: TableContext, controls: Controls, menu: Callable[[], None]) -> None:
        self.scene = scene
        self.controls = controls
        self.menu = menu
        """What the menu button does: the table's menu dialog (the one Esc opens)."""
        self.buttons: dict[str, Any] = {}

    # ------------------------------------------------------------------ what they do
    def actions(self) -> dict[str, Callable[[], None]]:
        """What each tool does, by name (托管 aside)."""
        nav = self.scene.app.nav
        return {
            "hints": self.cycle_hints,
            "tracker": self.toggle_tracker,
            "rules": lambda: nav.rules(over_table=True),  # the match waits, no AI plays; Esc comes back
            "assists": nav.assists,  # auto win, skip calls, auto-discard, 托管 when idle
            "menu": self.menu,  # rules, settings, leave: the mouse's way to what Esc offers
        }

    def cycle_hints(self) -> None:
        """F1: the next hint level (saved with the settings)."""
        app = self.scene.app
        app.update_settings(hints=next_hint_level(app.settings.hints))
        self.relabel_hints()
        self.controls.reconsider()

    def toggle_tracker(self) -> None:
        """F2: show or hide the unseen-tile tracker (a setting, so it stays open across Continue and
        restarts)."""
        app = self.scene.app
        app.update_settings(show_tracker=not app.settings.show_tracker)
        self.refresh()

    # ------------------------------------------------------------------ the buttons
    def build(self) -> None:
        """The tool buttons, bottom up: hints and tracker; rules and helpers; the menu and 托管 (a live
        match only; elsewhere rules and the menu)."""
        scene = self.scene
        self.buttons = {}
        lang = scene.app.lang
        column = scene.layout.tools_area
        gap = scene.px(8)
        tw = (column.w - gap) // 2
        th = max(scene.px(24), min(scene.px(34), (column.h - 2 * gap) // 3))
        rows: list[list[tuple[str, str]]] = [
            [("hints", self._hint_label(tw)), ("tracker", tr("table.tracker_button", lang))],
        ]
        if scene.entrusting is not None:
            helpers = (tr("table.assists_button", lang), tr("table.assists_button_short", lang))
            rows.append(
                [
                    ("rules", tr("table.rules_button", lang)),
                    ("assists", fit_label(scene.app.fonts, scene.scale, helpers, "@tool", tw)),
                ]
            )
            rows.append([("menu", tr("table.menu_button", lang)), ("entrust", self._entrust_label(tw))])
        else:
            rows.append([("rules", tr("table.rules_button", lang)), ("menu", tr("table.menu_button", lang))])
        y = column.bottom - th
        for row in rows:
            w = (column.w - gap * (len(row) - 1)) // len(row)
            for i, (name, label) in enumerate(row):
                self.buttons[name] = pygame_gui.elements.UIButton(
                    pygame.Rect(column.x + i * (w + gap), y, w, th),
                    label,
                    scene.manager,
                    object_id=ObjectID(object_id=f"#tool_{name}", class_id="@tool"),
                )
            y -= th + gap
        self.refresh()

    def clear(self) -> None:
        """Forget the buttons (the screen was rebuilt without them)."""
        self.buttons = {}

    def remove(self) -> None:
        """Take the buttons down (a lesson's coach has the left column)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def name_of(self, element: Any) -> str | None:
        """Which tool a pressed widget is, if it is one."""
        if element is None:
            return None
        return next((name for name, button in self.buttons.items() if button is element), None)

    def refresh(self) -> None:
        """The claim bar's buttons as the decision allows, the tracker and 托管 buttons selected while on."""
        self.controls.refresh_buttons()
        entrusting = self.scene.entrusting
        toggles = (
            ("tracker", bool(self.scene.app.settings.show_tracker)),
            ("entrust", entrusting is not None and entrusting.autoplayed),
        )
        for name, on in toggles:
            button = self.buttons.get(name)
            if button is not None and on and not button.is_selected:
                button.select()
            elif button is not None and not on and button.is_selected:
                button.unselect()

    def relabel_hints(self) -> None:
        """Show the hint level on its button again (it changed)."""
        button = self.buttons.get("hints")
        if button is not None:
            button.set_text(self._hint_label(button.rect.w))

    def relabel_entrust(self) -> None:
        """Show on the 托管 button whether it hands the seat over or takes it back."""
        button = self.buttons.get("entrust")
        if button is not None:
            button.set_text(self._entrust_label(button.rect.w))
        self.refresh()

    def _entrust_label(self, width: int) -> str:
        """The 托管 button's label: hand the seat over, or take it back."""
        scene = self.scene
        lang = scene.app.lang
        on = scene.entrusting is not None and scene.entrusting.autoplayed
        key = "table.entrust_stop" if on else "table.entrust_button"
        labels = (tr(key, lang), tr(f"{key}_short", lang))
        return fit_label(scene.app.fonts, scene.scale, labels, "@tool", width)

    def _hint_label(self, width: int) -> str:
        """The F1 button's label: the hint level, shorter when the button is narrow."""
        scene = self.scene
        lang = scene.app.lang
        level = tr(f"settings.hints.{scene.app.settings.hints}", lang)
        labels = (
            tr("table.hints_button", lang, level=level),
            tr("table.hints_button_short", lang, level=level),
            level,
        )
        return fit_label(scene.app.fonts, scene.scale, labels, "@tool", width)


__all__ = ["Tools"]
