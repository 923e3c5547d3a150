"""Scenes and the scene stack: push/pop/replace with enter/exit/pause/resume.

Only the top scene receives input. A scene marked ``transparent`` (a dialog)
is drawn over the scenes below it. Each scene owns its own pygame_gui
UIManager, created when it enters and rebuilt when the window size, UI scale
or language changes, so widgets never leak between scenes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen of the program. Subclasses override the hooks they need."""

    transparent = False
    """Draw the scene below first (dialogs over a screen)."""
    name = "scene"
    design_size: tuple[int, int] | None = None
    """Room the screen needs at scale 1 (pixels); the scale is lowered so it always fits the window."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager: Any = None
        self.active = False
        self.scale = 1.0
        """This screen's UI scale: the app's, lowered if the window is too small for ``design_size``."""

    # ------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        """Called when the scene is pushed: builds its UI."""
        self.active = True
        self.rebuild()

    def exit(self) -> None:
        """Called when the scene is popped or replaced: drops its UI."""
        self.active = False
        if self.manager is not None:
            self.manager.clear_and_reset()
            self.manager = None

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped."""

    # ------------------------------------------------------------- UI building
    def fit_scale(self) -> float:
        """The app's UI scale, lowered (in steps of 0.025) until ``design_size`` fits the window."""
        scale = self.app.scale
        if self.design_size is not None:
            w, h = self.app.size
            dw, dh = self.design_size
            fit = min(w / dw, h / dh)
            if fit < scale:
                scale = max(0.5, int(fit * 40) / 40)
        return scale

    def px(self, value: float) -> int:
        """A length designed at scale 1 in pixels at this screen's scale."""
        return max(1, round(value * self.scale))

    def rebuild(self) -> None:
        """Make a fresh UIManager for the current size, scale and language, then build the widgets."""
        if self.manager is not None:
            self.manager.clear_and_reset()
        self.scale = self.fit_scale()
        self.manager = self.app.create_manager(self.scale)
        self.build_ui()

    def build_ui(self) -> None:
        """Create this scene's pygame_gui widgets in ``self.manager``."""

    # ------------------------------------------------------------- frame
    def process_event(self, event: pygame.event.Event) -> bool:
        """Give an event to the widgets, then to :meth:`handle_event`; True if it was consumed."""
        consumed = False
        if self.manager is not None:
            consumed = bool(self.manager.process_events(event))
        return self.handle_event(event) or consumed

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scene-specific input (button presses, keys); True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance the scene by dt seconds."""
        if self.manager is not None:
            self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene: :meth:`draw_scene` then the widgets."""
        self.draw_scene(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        self.draw_overlay(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Draw what lies under the widgets."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw what lies over the widgets."""


class SceneStack:
    """The stack of open scenes; the top one is active."""

    def __init__(self, on_close: Callable[[], None] | None = None) -> None:
        self.scenes: list[Scene] = []
        self.on_close = on_close
        """Told after a scene exits (the app then frees its memory, :mod:`game.ui.kit.memory`)."""

    def _closed(self, scene: Scene) -> None:
        scene.exit()
        if self.on_close is not None:
            self.on_close()

    @property
    def top(self) -> Scene | None:
        """The active scene, if any."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Pause the current scene and enter a new one on top."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Exit the top scene and resume the one below; returns the popped scene."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._closed(scene)
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Exit the top scene and enter another in its place (the one below is not resumed)."""
        if self.scenes:
            self._closed(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        """Exit every scene, top first."""
        while self.scenes:
            self._closed(self.scenes.pop())

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and any it lets show through."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))

    def find(self, cls: type[Scene]) -> Scene | None:
        """The topmost open scene of a class."""
        for scene in reversed(self.scenes):
            if isinstance(scene, cls):
                return scene
        return None

    def __len__(self) -> int:
        return len(self.scenes)


__all__ = ["Scene", "SceneStack"]
