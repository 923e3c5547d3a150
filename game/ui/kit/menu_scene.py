"""A base for menu-like screens: felt backdrop, a title, buttons with keyboard focus, Esc to go back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ui.kit.anim import Animator, Tween, ease_out_cubic
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_text
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.scene import SceneApp


class MenuScene(Scene):
    """A screen with a title, pygame_gui buttons reachable by mouse and keyboard, and Esc = back."""

    title_key = ""

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.actions: dict[Any, Callable[[], None]] = {}
        self.focus_order: list[Any] = []
        self.focus_index: int | None = None
        self.animator = Animator(app.settings.animation_speed)
        self.fade = 0.0
        self.segments: dict[str, list[tuple[Any, Any]]] = {}
        """The segmented choices built by :meth:`segmented`: (button, value) per key."""

    # ------------------------------------------------------------- helpers
    def button(
        self,
        rect: pygame.Rect,
        text: str,
        action: Callable[[], None],
        *,
        object_id: str | None = None,
        class_id: str | None = None,
        focusable: bool = True,
        tooltip: str | None = None,
        container: Any = None,
    ) -> Any:
        """A themed button that runs ``action`` when pressed (by click or keyboard)."""
        oid = ObjectID(object_id=object_id, class_id=class_id) if (object_id or class_id) else None
        btn = pygame_gui.elements.UIButton(
            rect, text, self.manager, object_id=oid, tool_tip_text=tooltip, container=container
        )
        self.actions[btn] = action
        if focusable:
            self.focus_order.append(btn)
        return btn

    def segmented(
        self,
        key: str,
        rect: pygame.Rect,
        options: Sequence[tuple[Any, str]],
        current: Any,
        action: Callable[[Any], Callable[[], None]],
        per_row: int = 99,
    ) -> int:
        """A segmented choice: one ``@segment`` button per (value, label), ``per_row`` to a row across
        ``rect.w`` (each ``rect.h`` tall), the ``current`` value selected; ``action(value)`` is what a
        button runs. Returns the height used."""
        n = min(per_row, len(options))
        gap = self.px(6)
        bw = (rect.w - gap * (n - 1)) // n
        buttons = []
        for i, (value, text) in enumerate(options):
            r, c = divmod(i, n)
            cell = pygame.Rect(rect.x + c * (bw + gap), rect.y + r * (rect.h + gap), bw, rect.h)
            btn = self.button(cell, text, action(value), class_id="@segment", object_id=f"#{key}_{i}")
            if value == current:
                btn.select()
            buttons.append((btn, value))
        self.segments[key] = buttons
        rows = (len(options) + n - 1) // n
        return rows * rect.h + (rows - 1) * gap

    def mark_segment(self, key: str, value: Any) -> None:
        """Show ``value`` as the chosen one of a segmented choice."""
        for btn, v in self.segments.get(key, []):
            if v == value:
                btn.select()
            else:
                btn.unselect()

    def rebuild(self) -> None:
        """Forget old widgets' actions and build again."""
        self.segments = {}
        self.actions = {}
        self.focus_order = []
        super().rebuild()
        if self.focus_index is not None and self.focus_order:
            self.focus_index = min(self.focus_index, len(self.focus_order) - 1)
            self._show_focus()

    def enter(self) -> None:
        """Build the UI and fade the screen in."""
        super().enter()
        self.fade = 0.0
        self.animator.add(Tween(0.0, 1.0, 0.25, ease_out_cubic, target=self, attr="fade"))

    def on_settings_changed(self, old: Any, new: Any) -> None:
        """Follow the animation speed setting."""
        self.animator.set_speed(new.animation_speed)

    def go_back(self) -> None:
        """Leave this screen (Esc or the back button)."""
        self.app.sound.play("ui")
        self.app.pop()

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Button presses run their action; arrows/Tab move focus; Enter/Space press; Esc goes back."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element)
            if action is not None:
                self.app.sound.play("ui")
                action()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.animator.busy:
            self.animator.skip()
        if event.type == pygame.MOUSEMOTION and self.focus_index is not None:
            self._focus_under(event.pos)  # one highlight: the focus follows the mouse onto a button
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        if self.focus_order and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            step = -1 if event.key == pygame.K_UP or (event.mod & pygame.KMOD_SHIFT) else 1
            if self.focus_index is None:
                self.focus_index = 0 if step > 0 else len(self.focus_order) - 1
            else:
                self.focus_index = (self.focus_index + step) % len(self.focus_order)
            self._show_focus()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus_index is not None:
            btn = self.focus_order[self.focus_index]
            action = self.actions.get(btn)
            if action is not None and btn.is_enabled:
                self.app.sound.play("ui")
                action()
                return True
        return False

    def _focus_under(self, pos: tuple[int, int]) -> None:
        """Move the keyboard focus to the focusable button under the mouse, if any (so the hovered button
        and the focused one are never two)."""
        for i, btn in enumerate(self.focus_order):
            if btn.visible and btn.is_enabled and btn.rect.collidepoint(pos):
                if i != self.focus_index:
                    self.focus_index = i
                    self._show_focus()
                return

    def _show_focus(self) -> None:
        """Mark the focused button (drawn as hovered; a chosen one keeps its chosen look and gets a ring, see
        :meth:`draw_focus_ring`) and no other."""
        for i, btn in enumerate(self.focus_order):
            if i == self.focus_index and not btn.is_selected:
                btn.on_hovered()
            elif btn.hovered or btn.drawable_shape.active_state.state_id == "hovered":
                btn.on_unhovered()  # lit by an earlier focus (not only by the mouse): one light only

    def draw_focus_ring(self, surface: pygame.Surface) -> None:
        """A gold ring round the focused button when it is a chosen segment (the hovered look would hide
        that it is the chosen one)."""
        btn = self.focused
        if btn is not None and btn.is_selected and btn.visible:
            ring = btn.rect.inflate(self.px(4), self.px(4))
            pygame.draw.rect(surface, COLOURS.gold, ring, width=max(2, self.px(2)), border_radius=self.px(6))

    @property
    def focused(self) -> Any:
        """The button with keyboard focus, if any."""
        return (
            self.focus_order[self.focus_index] if self.focus_index is not None and self.focus_order else None
        )

    # ------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        """Run animations and widgets; keep the keyboard focus looking hovered."""
        self.animator.update(dt)
        super().update(dt)
        focused = self.focused
        if focused is not None and not focused.hovered and not focused.is_selected:
            focused.on_hovered()

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt backdrop."""
        surface.blit(self.app.backdrop.felt(surface.get_size()), (0, 0))

    def draw_title(self, surface: pygame.Surface, text: str, y: int | None = None) -> pygame.Rect:
        """A screen title in gold, top-centre, with a thin ornament line under it."""
        app = self.app
        w = surface.get_width()
        y = self.px(28) if y is None else y
        rect = draw_text(
            surface,
            app.fonts,
            text,
            (w // 2, y),
            self.px(34),
            COLOURS.gold,
            "bold",
            anchor="midtop",
            shadow=True,
        )
        line_y = rect.bottom + self.px(8)
        half = self.px(150)
        pygame.draw.line(surface, COLOURS.gold_dark, (w // 2 - half, line_y), (w // 2 + half, line_y), 1)
        pygame.draw.circle(surface, COLOURS.gold, (w // 2, line_y), self.px(3))
        return rect

    def title_text(self) -> str:
        """The screen's title (in the UI language)."""
        return self.app.tr(self.title_key) if self.title_key else ""

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Backdrop and title."""
        self.draw_background(surface)
        if self.title_key:
            self.draw_title(surface, self.title_text())

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The keyboard focus ring on a chosen segment; the fade-in veil while entering."""
        self.draw_focus_ring(surface)
        if self.fade < 1.0:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((6, 20, 13, int(255 * (1.0 - self.fade))))
            surface.blit(veil, (0, 0))
