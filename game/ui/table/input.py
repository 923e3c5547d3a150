"""The table's mouse and keys: which part of the table an input goes to.

- Mouse: hovering lifts the tile under the pointer (only that: the keyboard
  selection never follows the mouse); a click discards a tile (or says why not);
  the second click of a double-click is the same move, never the next turn's; a
  greyed button says why it is greyed; the right button leaves 听 mode; any click
  finishes an animation.
- Keys: C 吃 · P 碰 · K/G 杠 · T 听 · H 胡 · Space 过 · 1-9 one of several calls ·
  ←/→ move the selection · Enter discards the selected tile (the drawn tile when
  nothing is selected) · F1 hints · F2 tracker · F3 rules · F4 helpers ·
  A 托管 · L the lesson a why-not names · Esc leaves a mode or the table. Any other key finishes an
  animation. A click on a why-not toast opens the lesson it names.

Every input also counts as the person being there (the idle timer of 托管).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui

if TYPE_CHECKING:
    from game.ui.kit.anim import Animator
    from game.ui.table.context import TableContext
    from game.ui.table.controls import Controls
    from game.ui.table.entrust import Entrust
    from game.ui.table.overlays import Overlays
    from game.ui.table.tools import Tools

HOTKEYS: Final[dict[int, str]] = {
    pygame.K_c: "chi",
    pygame.K_p: "peng",
    pygame.K_k: "gang",
    pygame.K_g: "gang",
    pygame.K_t: "ting",
    pygame.K_h: "hu",
    pygame.K_SPACE: "pass",
}
"""Claim-bar buttons by key."""
TOOL_KEYS: Final[dict[int, str]] = {
    pygame.K_F1: "hints",
    pygame.K_F2: "tracker",
    pygame.K_F3: "rules",
    pygame.K_F4: "assists",
}
"""The tools by key (:mod:`game.ui.table.tools`)."""
DOUBLE_CLICK_S: Final = 0.4
"""A click this soon after a click that played a move, on the same spot, is its double-click's second half."""
DOUBLE_CLICK_PX: Final = 6
"""How far (at UI scale 1) the second click of a double-click may land from the first."""
UNTIMED_KEYS: Final = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_a)
"""Keys that act at once even while an animation plays (the others finish it first)."""
ACTIVITY: Final = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.KEYDOWN)


class TableInput:
    """The table's mouse and key routing (see the module docstring)."""

    def __init__(
        self,
        scene: TableContext,
        *,
        animator: Animator,
        controls: Controls,
        overlays: Overlays,
        tools: Tools,
        entrust: Entrust,
        ask_leave: Callable[[], None],
    ) -> None:
        self.scene = scene
        self.animator = animator
        self.controls = controls
        self.overlays = overlays
        self.tools = tools
        self.entrust = entrust
        self.ask_leave = ask_leave
        """Esc outside a mode: the scene asks whether to leave (a lesson asks its own question)."""
        self.mouse: tuple[int, int] | None = None
        """Where the pointer was last seen over the window."""
        self.active_at = 0.0
        """The table clock at the person's last input."""
        self._played_click: tuple[float, tuple[int, int]] | None = None
        """When and where the last click that played a move landed."""

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> bool:
        """One event for the table; True if it was used."""
        scene = self.scene
        if event.type in ACTIVITY:
            self.active_at = scene.clock
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._hover(event.pos)
            return False
        if event.type == pygame.WINDOWLEAVE:  # the pointer left the window: nothing is under it
            self.mouse = None
            self.controls.hover = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            return self._press(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def follow_mouse(self) -> None:
        """Lift the tile under the pointer now (the hand may have moved under a still mouse)."""
        if self.mouse is not None:
            self.controls.hover = self.scene.layout.hit_test(self.mouse)

    def _hover(self, pos: tuple[int, int]) -> None:
        """Hover lifts a tile; over a greyed button, say why it is greyed."""
        scene = self.scene
        controls = self.controls
        controls.hover = scene.layout.hit_test(pos)
        controls.hover_reason = None
        for name, btn in controls.bar.buttons.items():
            if not btn.is_enabled and btn.visible and btn.rect.collidepoint(pos):
                reason = controls.greyed_reason(name)
                controls.hover_reason = scene.refusal_text(reason) if reason is not None else None

    def _press(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        controls = self.controls
        if self.animator.busy:
            self.animator.skip()
            return True
        if event.button == 3:
            controls.set_mode("normal")
            return True
        if event.button != 1:
            return False
        overlays = self.overlays
        on_toast = overlays.toast is not None and overlays.toast_rect.collidepoint(event.pos)
        if on_toast and overlays.open_lesson():  # a why-not names the lesson that explains it
            return True
        for name, btn in controls.bar.buttons.items():
            if not btn.is_enabled and btn.visible and btn.rect.collidepoint(event.pos):
                controls.press(name)
                return True
        index = scene.layout.hit_test(event.pos)
        if index is None:
            return False
        if self._second_click(event.pos):
            return True
        if controls.click_tile(index):
            self._played_click = (scene.clock, event.pos)
        return True

    def _second_click(self, pos: tuple[int, int]) -> bool:
        """The click is the second half of a double-click whose first half played a move."""
        last = self._played_click
        if last is None:
            return False
        at, where = last
        near = math.dist(where, pos) <= self.scene.px(DOUBLE_CLICK_PX)
        return near and self.scene.clock - at <= DOUBLE_CLICK_S

    def _button(self, element: Any) -> bool:
        controls = self.controls
        for name, btn in controls.bar.buttons.items():
            if element is btn:
                controls.press(name)
                return True
        for i, (btn, _) in enumerate(controls.bar.choice_buttons):
            if element is btn:
                controls.choose(i)
                return True
        tool = self.tools.name_of(element)
        if tool is None:
            return False
        if tool == "entrust":
            self.entrust.toggle()
        else:
            self.tools.actions()[tool]()
        return True

    def _key(self, key: int) -> bool:
        controls = self.controls
        if self.animator.busy and key not in UNTIMED_KEYS:
            self.animator.skip()
            return True
        if key == pygame.K_ESCAPE:
            if controls.mode == "zhidui":
                controls.set_mode("ting")  # back to choosing the 听 discard
            elif controls.mode != "normal" and not controls.must_ting:
                controls.set_mode("normal")
            else:
                self.ask_leave()
            return True
        tool = TOOL_KEYS.get(key)
        if tool is not None and (tool != "assists" or self.entrust.available):  # no helpers in a lesson
            self.tools.actions()[tool]()
            return True
        if key == pygame.K_l and self.overlays.open_lesson():
            return True
        if key == pygame.K_a and self.entrust.available:
            self.entrust.toggle()
            return True
        if key in HOTKEYS:
            controls.press(HOTKEYS[key])
            return True
        if controls.mode in ("choose", "zhidui") and pygame.K_1 <= key <= pygame.K_9:
            controls.choose(key - pygame.K_1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            controls.select_step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            controls.enter()
            return True
        return False


__all__ = ["DOUBLE_CLICK_S", "HOTKEYS", "TOOL_KEYS", "TableInput"]
