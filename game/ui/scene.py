"""Scenes and the scene stack: push/pop/replace with enter/exit/pause/resume; the app and the navigator as a
scene sees them.

Only the top scene receives input. A scene marked ``transparent`` (a dialog)
is drawn over the scenes below it. Each scene owns its own pygame_gui
UIManager, created when it enters and rebuilt when the window size, UI scale
or language changes, so widgets never leak between scenes.

A scene is typed against :class:`SceneApp` (the window's shared resources, the settings, closing itself)
and reaches other screens through its :class:`Nav` (``app.nav``, by intent: "the replays", "this hand's
result"); only :class:`game.ui.app.App` and :class:`game.ui.navigator.Navigator` implement them, and no
scene imports either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.kit.theme import readable

if TYPE_CHECKING:
    from game.core.rules import RuleSet
    from game.glossary import Lang
    from game.match_config import MatchConfig
    from game.paths import AppPaths
    from game.settings import Settings
    from game.table.results import HandResult, MatchResult
    from game.tutorial.lesson import Lesson
    from game.tutorial.progress import Status
    from game.ui.kit.fonts import FontBook
    from game.ui.kit.sound import SoundBank
    from game.ui.kit.tileart import TileArt
    from game.ui.kit.widgets import Backdrop
    from game.ui.lessons.links import LessonLinks

Buttons = list[tuple[str, Callable[[], None] | None]]
"""A dialog's buttons: (label, what it does; None only closes)."""


class PromptBox(Protocol):
    """An open one-line prompt as its extra buttons and its owner see it."""

    def set_value(self, text: str) -> None:
        """Put a text in the box."""
        ...

    def show_note(self, text: str, problem: bool = False) -> None:
        """Say something on the note line (``problem``: in the warning colour)."""
        ...

    def close(self) -> None:
        """Close the prompt."""
        ...


class Nav(Protocol):
    """The ways from one screen to another as a scene asks for them (:class:`game.ui.navigator.Navigator`)."""

    def new_game(self, *, replace: bool = False) -> None:
        """The new-game setup (over this screen, or in its place)."""
        ...

    def start_match(self, config: MatchConfig) -> None:
        """A new match in place of the screen on top (the setup)."""
        ...

    def continue_match(self) -> bool:
        """The saved match on the table; False (said in a message) when it cannot be resumed."""
        ...

    def hand_result(
        self, result: HandResult, on_next: Callable[[], None], on_menu: Callable[[], None]
    ) -> None:
        """The hand result over the table."""
        ...

    def match_result(self, result: MatchResult) -> None:
        """The match result in place of the table."""
        ...

    def replay_match_result(self, result: MatchResult) -> None:
        """A replay's match result over the viewer."""
        ...

    def lessons(self, open_lesson: str | None = None) -> None:
        """The lesson list (and a lesson over it)."""
        ...

    def lesson(
        self,
        lesson: Lesson,
        *,
        start_step: int = 0,
        practice: bool = False,
        on_progress: Callable[[str, Status, int], None] | None = None,
        links: LessonLinks | None = None,
        replace: bool = False,
    ) -> None:
        """A lesson (or its practice hand) at the table."""
        ...

    def drills(self, kinds: Sequence[str] | None = None, seed: int | None = None) -> None:
        """Drills of some kinds (all by default)."""
        ...

    def mistake_drills(self, on_close: Callable[[], None] | None = None) -> None:
        """The player's own mistakes as drills (``on_close`` runs when they are left)."""
        ...

    def replays(self, select: Path | None = None) -> None:
        """The replay library."""
        ...

    def replay_stats(self) -> None:
        """The statistics over the saved games."""
        ...

    def viewer(
        self,
        path: Path,
        position: int | None = None,
        seat: int | None = None,
        level: str | None = None,
        *,
        replace: bool = False,
    ) -> bool:
        """A replay in the viewer at a position, from a seat, reviewed by a level; False if it cannot open."""
        ...

    def settings(self) -> None:
        """The settings over this screen."""
        ...

    def rules(self, match: tuple[str, RuleSet] | None = None, *, over_table: bool = False) -> None:
        """The rules reference (on a match's rule card, or as a pop-up over the table)."""
        ...

    def assists(self) -> None:
        """The table's helpers over this screen."""
        ...

    def about(self) -> None:
        """The credits and licences."""
        ...

    def ask(self, title: str, body: str, buttons: Buttons, width: int = 600) -> None:
        """A modal choice between buttons over this screen."""
        ...

    def message(self, title: str, body: str, on_close: Callable[[], None] | None = None) -> None:
        """A modal message with OK over this screen."""
        ...

    def prompt(
        self,
        title: str,
        body: str,
        *,
        ok: str,
        on_submit: Callable[[str], str | None],
        text: str = "",
        extra: Sequence[tuple[str, Callable[[PromptBox], None]]] = (),
        cancel: str | None = None,
        width: int = 680,
    ) -> PromptBox:
        """A one-line prompt over this screen (``on_submit``: a problem to show, or None when done)."""
        ...


class SceneApp(Protocol):
    """The app as a scene sees it: the window's size and scale, the shared fonts, tiles, sound and backdrop,
    the settings and folders, the way to other screens, and closing the scene on top."""

    @property
    def paths(self) -> AppPaths:
        """The user folders."""
        ...

    @property
    def settings(self) -> Settings:
        """The settings now."""
        ...

    @property
    def persist(self) -> bool:
        """Settings changes are saved to disk (off for screenshot runs)."""
        ...

    @property
    def fonts(self) -> FontBook:
        """The fonts."""
        ...

    @property
    def tiles(self) -> TileArt:
        """The tile images."""
        ...

    @property
    def backdrop(self) -> Backdrop:
        """The felt behind the screens."""
        ...

    @property
    def sound(self) -> SoundBank:
        """The sound effects."""
        ...

    @property
    def scenes(self) -> SceneStack:
        """The open screens."""
        ...

    @property
    def autoplay(self) -> str | None:
        """The AI level that plays the person's seat (``--autoplay``), or None."""
        ...

    @property
    def nav(self) -> Nav:
        """The ways to other screens."""
        ...

    @property
    def lang(self) -> Lang:
        """The UI language."""
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's drawable size."""
        ...

    @property
    def scale(self) -> float:
        """The UI scale for the window now."""
        ...

    def tr(self, key: str, **fmt: object) -> str:
        """A UI label in the current language."""
        ...

    def notify(self, text: str) -> None:
        """A short message over whatever screen is open (a toast that fades)."""
        ...

    def create_manager(self, scale: float | None = None) -> Any:
        """A themed pygame_gui UIManager for the window."""
        ...

    def update_settings(self, save: bool = True, **changes: Any) -> str | None:
        """Change settings, apply them live and save them; an error message if saving failed."""
        ...

    def save(self) -> str | None:
        """Write the settings file; an error message on failure."""
        ...

    def pop(self) -> None:
        """Close the top scene."""
        ...

    def open_folder(self, path: Path) -> None:
        """Show the folder holding ``path`` in the system's file manager."""
        ...

    def quit(self) -> None:
        """Stop the program after this frame."""
        ...

    def quit_after(self, seconds: float) -> None:
        """Stop the program (or start the next ``--matches`` match) after some seconds."""
        ...


class StackApp(SceneApp, Protocol):
    """The app as the navigator sees it: a scene's app that also opens scenes."""

    def push(self, scene: Scene) -> Scene:
        """Open a scene on top of the current one."""
        ...

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        ...


class Scene:
    """One screen of the program. Subclasses override the hooks they need."""

    transparent = False
    """Draw the scene below first (dialogs over a screen)."""
    name = "scene"
    design_size: tuple[int, int] | None = None
    """Room the screen needs at scale 1 (pixels); the scale is lowered so it always fits the window."""

    def __init__(self, app: SceneApp) -> None:
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

    def text_px(self, value: float) -> int:
        """A text size designed at scale 1 in pixels, never under 12 (:func:`~game.ui.kit.theme.readable`;
        issue 22: nothing under 12 px at the smallest window)."""
        return readable(self.px(value))

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

    def moving(self) -> bool:
        """Whether the picture may change by itself now (an animation, a fade, a bobbing mark, a blinking
        cursor): the app draws at full rate while a visible screen says so, and otherwise only after input
        or a change (:mod:`game.ui.kit.pacing`). A screen that does not say what moves on it is always
        drawn."""
        return True

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


__all__ = ["Buttons", "Nav", "PromptBox", "Scene", "SceneApp", "SceneStack", "StackApp"]
