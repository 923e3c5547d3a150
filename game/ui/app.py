"""The application: window, main loop (60 FPS while something moves or the player acts, asleep while the
screen rests: :mod:`game.ui.kit.pacing`), scene stack, settings applied live.

Entry point: :func:`run_app` (``game/__main__.py`` calls it). The options
(:mod:`game.ui.screens.options`): ``--screenshot PATH --frames N`` renders N frames,
saves the window and exits; ``--scene`` opens a given screen (``table`` a new
match of ``--match-hands`` hands, ``continue`` the saved match); ``--autoplay
LEVEL`` lets an AI play the person's seat until the match ends; ``--size``,
``--lang`` and ``--anim-speed`` override the saved settings for this run only.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import pygame

from game import __version__
from game.glossary import Lang
from game.paths import AppPaths, app_paths
from game.settings import (
    MAX_WINDOW,
    MIN_WINDOW,
    RunOnly,
    Settings,
    load_settings,
    save_settings,
    setup_logging,
    system_language,
)
from game.tutorial.progress import progress_file
from game.ui.kit.error_dialog import ErrorDialog, report
from game.ui.kit.folders import Opener, open_folder
from game.ui.kit.fonts import FontBook
from game.ui.kit.memory import Reclaimer, c_heap_summary
from game.ui.kit.notice import Notices
from game.ui.kit.os_locale import preferred_locales
from game.ui.kit.pacing import FramePacer
from game.ui.kit.sound import SoundBank
from game.ui.kit.theme import ManagerFactory
from game.ui.kit.tileart import TileArt
from game.ui.kit.widgets import Backdrop
from game.ui.navigator import Navigator
from game.ui.scene import Scene, SceneStack
from game.ui.screens.options import ANIM_SETTING, DEFAULT_MATCH_HANDS, parse_window_args
from game.ui.words.i18n import tr

log = logging.getLogger(__name__)

FPS: Final = 60
BASE_SIZE: Final = (1280, 720)
FRAME_THREAD_SWITCH_S: Final = 0.001
"""How long (s) a thread may hold the interpreter before the other gets a turn: an AI computing on the
worker thread hands the frame thread its turn within a millisecond (Python's default of 5 ms let a busy
worker slow a frame's own work about 2.5 times: the rules pop-up opened in 250 ms instead of 100)."""


class App:
    """Owns the window, the shared resources (fonts, tile art, sound) and the scene stack."""

    def __init__(
        self,
        paths: AppPaths,
        settings: Settings,
        *,
        persist: bool = True,
        size: tuple[int, int] | None = None,
        reclaim: bool = False,
        run_only: RunOnly | None = None,
    ) -> None:
        self.paths = paths
        self.settings = settings
        self.persist = persist
        """Save settings changes and lesson progress to disk (off for screenshot and autoplay runs)."""
        self.run_only = run_only if run_only is not None else RunOnly()
        """Settings held for this run only (``--lang``, ``--size``): the file keeps its own values."""
        self.started = time.perf_counter()
        sys.setswitchinterval(FRAME_THREAD_SWITCH_S)  # an AI thinking on the worker never holds a frame long
        pygame.display.init()
        pygame.font.init()
        want = size if size is not None else settings.window_size
        want = _window_fit(want)  # a --size of 99999x99999 is not a 16384-pixel window (1 GiB)
        self.window = pygame.Window(tr("app.window_title", settings.language), want, resizable=True)
        self.window.minimum_size = MIN_WINDOW
        self.screen: pygame.Surface = self.window.get_surface()
        self.fonts = FontBook()
        self.managers = ManagerFactory(self.fonts.paths)
        self.tiles = TileArt(self.fonts, settings.tile_palette, settings.corner_index)
        self.backdrop = Backdrop()
        self.sound = SoundBank(settings.volume, settings.muted)
        self.reclaimer = Reclaimer(reclaim)
        """Frees closed screens' memory after the frame they close in (on in the real program)."""
        self.scenes = SceneStack(on_close=self.reclaimer.dropped)
        self.clock = pygame.time.Clock()
        self.pacer = FramePacer()
        """Draws frames only while something moves or the player acts (:mod:`game.ui.kit.pacing`)."""
        self._shown_scenes: tuple[int, ...] = ()
        """The open screens at the last frame (one opening or closing is a change to draw)."""
        self.running = True
        self.autoplay: str | None = None
        """The AI level that plays the person's seat at every table (``--autoplay``), or None."""
        self.quit_at: float | None = None
        """When the main loop stops by itself (after an autoplayed match), in ``perf_counter`` seconds."""
        self.next_match: Callable[[], None] | None = None
        """At ``quit_at``: start the next autoplayed match of ``--matches`` instead of stopping."""
        self.frame = 0
        self.first_frame_s: float | None = None
        self.notices = Notices()
        """The toast over every screen (a folder that could not be opened)."""
        self.folder_opener: Opener | None = None
        """How folders are opened (None: the system's file manager; tests put their own)."""
        self._layout_dirty = False
        self.window.set_icon(self.tiles.tile(27, 48))
        if settings.fullscreen:
            self.set_fullscreen(True, save=False)
        self.reclaimer.start()

    # ------------------------------------------------------------------ properties
    @property
    def nav(self) -> Navigator:
        """The ways from one screen to another (:mod:`game.ui.navigator`)."""
        return Navigator(self)

    @property
    def lang(self) -> Lang:
        """The UI language."""
        return self.settings.language

    @property
    def size(self) -> tuple[int, int]:
        """The window's drawable size."""
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """Effective UI scale: the player's setting times a factor for the window size."""
        w, h = self.size
        fit = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
        return round(self.settings.ui_scale * max(0.85, fit), 3)

    def px(self, value: float) -> int:
        """A length at base size (1280x720, scale 1) converted to pixels now."""
        return max(1, round(value * self.scale))

    def notify(self, text: str) -> None:
        """A short message over whatever screen is open (a toast that fades)."""
        self.notices.say(text, time.perf_counter())

    def tr(self, key: str, **fmt: object) -> str:
        """A UI label in the current language."""
        return tr(key, self.lang, **fmt)

    def create_manager(self, scale: float | None = None) -> Any:
        """A themed pygame_gui UIManager for the current size, at a UI scale (the app's by default)."""
        self.reclaimer.dropped()  # the manager this one replaces, if any, is garbage now
        return self.managers.create(self.size, self.scale if scale is None else scale)

    # ------------------------------------------------------------------ settings
    def update_settings(self, save: bool = True, **changes: Any) -> str | None:
        """Change settings, apply them live and (unless ``save`` is False) save them.

        Returns an error message if saving failed.
        """
        old = self.settings
        new = old.replace(**changes)
        if new == old:
            return None
        self.settings = new
        self.pacer.wake()  # a setting may change the picture (the tiles' palette, the language)
        if (new.tile_palette, new.corner_index) != (old.tile_palette, old.corner_index):
            self.tiles.configure(new.tile_palette, new.corner_index)
        if (new.volume, new.muted) != (old.volume, old.muted):
            self.sound.apply(new.volume, new.muted)
        if new.fullscreen != old.fullscreen:
            self.set_fullscreen(new.fullscreen, save=False)
        if new.language != old.language:
            self.window.title = tr("app.window_title", new.language)
        if (new.language, new.ui_scale) != (old.language, old.ui_scale):
            self._layout_dirty = True
        for scene in self.scenes.scenes:
            handler = getattr(scene, "on_settings_changed", None)
            if callable(handler):
                handler(old, new)
        return self.save() if save else None

    def save(self) -> str | None:
        """Write the settings file (if this run persists); returns an error message on failure."""
        if not self.persist:
            return None
        try:
            save_settings(self.run_only.for_disk(self.settings), self.paths)
        except OSError as exc:
            return report("settings_save", exc).text(self.lang)  # the OS's words go to the log
        return None

    def set_fullscreen(self, on: bool, *, save: bool = True) -> None:
        """Enter or leave (desktop) fullscreen; remembers the choice in the settings."""
        changed = self.settings.fullscreen != on
        if changed:  # first, so the fullscreen size is not taken for the window size
            self.settings = self.settings.replace(fullscreen=on)
        try:
            if on:
                self.window.set_fullscreen(True)
            else:
                self.window.set_windowed()
                self.window.size = self.settings.window_size
        except pygame.error as exc:
            log.warning("fullscreen switch failed: %s", exc)
        self._on_resized()
        if changed and save:
            self.save()

    def toggle_fullscreen(self) -> None:
        """F11: switch between fullscreen and a window."""
        self.set_fullscreen(not self.settings.fullscreen)

    def _on_resized(self) -> None:
        """The window changed size: take the new surface and rebuild layouts before the next frame."""
        self.screen = self.window.get_surface()
        self._layout_dirty = True
        if not self.settings.fullscreen:
            w, h = self.screen.get_size()
            if (w, h) != self.settings.window_size and w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]:
                self.settings = self.settings.replace(window_size=(w, h))

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> Scene:
        """Open a scene on top of the current one."""
        return self.scenes.push(scene)

    def pop(self) -> None:
        """Close the top scene; quits when none is left."""
        self.scenes.pop()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        return self.scenes.replace(scene)

    def open_folder(self, path: Path) -> None:
        """The "Open folder" buttons: show the folder holding ``path``; a failure is said in a toast."""
        problem = open_folder(path, self.folder_opener)
        if problem is not None:
            self.notices.say(report("folder_open", problem).text(self.lang), time.perf_counter())

    def quit(self) -> None:
        """Stop the main loop after this frame."""
        self.running = False

    def quit_after(self, seconds: float) -> None:
        """Stop the main loop (or start the next match of ``--matches``) ``seconds`` from now."""
        self.quit_at = time.perf_counter() + seconds

    # ------------------------------------------------------------------ loop
    def dispatch(self, event: pygame.event.Event) -> bool:
        """Handle one event: window-level keys and resizes first, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self._on_resized()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        top = self.scenes.top
        return top.process_event(event) if top is not None else False

    def step(self, dt: float) -> None:
        """One frame: events, layout, update, then draw and present if the pacer says the picture may
        have changed (:mod:`game.ui.kit.pacing`)."""
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        acted = bool(events) or self._layout_dirty
        if self._layout_dirty:
            self._layout_dirty = False
            self.screen = self.window.get_surface()
            for scene in self.scenes.scenes:
                scene.rebuild()
        if self.quit_at is not None and self.next_match is not None and time.perf_counter() >= self.quit_at:
            self.quit_at = None
            self.next_match()
        top = self.scenes.top
        if top is None or (self.quit_at is not None and time.perf_counter() >= self.quit_at):
            self.running = False
            return
        top.update(dt)
        shown = tuple(id(scene) for scene in self.scenes.scenes)
        acted = acted or shown != self._shown_scenes
        self._shown_scenes = shown
        if not self.pacer.frame(dt, acted=acted, moving=self.moving()):
            self.reclaimer.after_frame()
            return
        self.draw()
        self.window.flip()
        self.reclaimer.after_frame()
        self.frame += 1
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.started
            log.info("first frame after %.0f ms", self.first_frame_s * 1000)
            self.sound.start_synthesis()

    def moving(self) -> bool:
        """Whether the picture changes by itself now: a visible screen moves, or the app's toast is up."""
        return self.notices.current is not None or any(scene.moving() for scene in self.scenes.visible())

    def draw(self) -> None:
        """Draw the visible scenes, bottom first."""
        for scene in self.scenes.visible():
            scene.draw(self.screen)
        self.notices.draw(self.screen, self.fonts, self.px, time.perf_counter())

    def turn(self) -> None:
        """One turn of the main loop: at rest, sleep until input comes (or the screen's timers are due),
        then one frame paced at :data:`FPS`."""
        if self.pacer.at_rest:
            # a nap a frame long at a time, looking for input in between (SDL's own wait for events
            # wakes every millisecond on some video drivers)
            until = time.perf_counter() + self.pacer.rest_poll_s
            while not pygame.event.peek() and (left := until - time.perf_counter()) > 0:
                time.sleep(min(left, 1 / FPS))
        dt = self.clock.tick(FPS) / 1000.0
        self.step(min(dt, 0.1))

    def run(self, frames: int | None = None, screenshot: Path | None = None) -> int:
        """Run until quit (or for ``frames`` frames); optionally save the last frame as an image."""
        try:
            while self.running:
                self.turn()
                if frames is not None and self.frame >= frames:
                    break
            if screenshot is not None:
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(self.screen, str(screenshot))
                log.info("screenshot saved to %s", screenshot)
        finally:
            self.shutdown()
        return 0

    def shutdown(self) -> None:
        """Close every scene, save the settings (window size) and close the window."""
        heap = c_heap_summary() if self.reclaimer.enabled else None  # while the last screen is open
        self.scenes.clear()
        self.save()
        with contextlib.suppress(pygame.error):
            self.window.destroy()
        if self.reclaimer.enabled:
            texts, most = self.fonts.text_cache_use()
            log.info(
                "memory: %s; %d of %d texts and %d of %d tile images cached",
                self.reclaimer.summary(),
                texts,
                most,
                self.tiles.cached_count(),
                self.tiles.cache_limit,
            )
            if heap is not None:
                log.info("memory: %s", heap)
        self.reclaimer.stop()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options of :func:`run_app` (see :mod:`game.ui.screens.options`)."""
    return parse_window_args(argv)


def open_scene(
    app: App,
    name: str,
    seed: int | None = None,
    hands: int = DEFAULT_MATCH_HANDS,
    lesson_id: str | None = None,
    replay: Path | None = None,
) -> None:
    """Push the main menu and, if asked, another screen on top of it.

    ``table`` starts a new match with the default setup (``seed`` if given, ``hands`` long);
    ``continue`` resumes the saved match (the menu stays if there is none);
    ``lessons`` opens the lesson list, ``drills`` the drills over it (``seed`` if given), ``lesson``
    the lesson ``lesson_id`` over it; ``replays`` opens the replay library (``replay``: a file to
    show selected), ``viewer`` the file ``replay`` in the viewer.
    """
    nav = app.nav
    menu = nav.main_menu()
    if name == "table":
        from game.match_config import MatchConfig

        nav.table(MatchConfig(hands=hands, seed=seed))
    elif name == "continue":
        menu.continue_game()
    elif name == "settings":
        nav.settings()
    elif name == "rules":
        nav.rules()
    elif name == "about":
        nav.about()
    elif name == "newgame":
        nav.new_game()
    elif name in ("lessons", "drills", "lesson"):
        nav.lessons(open_lesson=lesson_id)
        if name == "drills":
            nav.drills(seed=seed)
    elif name == "replays":
        nav.replays(select=replay)
    elif name == "viewer" and replay is not None:
        nav.viewer(replay)
    elif name == "table-demo":
        nav.table_demo()
    elif name in ("first-run", "glance"):  # the first launch's question, the rules at a glance
        from game.ui.screens.first_run import FirstRunScene, GlanceScene

        app.push(FirstRunScene(app) if name == "first-run" else GlanceScene(app))


def start_app(args: argparse.Namespace) -> App:
    """Set up folders, logging and settings, open the window and the first screen (not yet running).

    A settings file that could not be read is reported in a dialog over the first screen.
    """
    paths = app_paths()
    try:
        paths.ensure()
    except OSError as exc:  # a read-only home: play on, without saving
        log.warning("cannot create user folders: %s", exc)
    setup_logging(paths, console=sys.stderr is not None and args.screenshot is None)
    log.info(
        "harbin-mahjong %s, Python %s, pygame-ce %s, %s",
        __version__,
        platform.python_version(),
        pygame.version.ver,
        platform.platform(),
    )
    first_run = not paths.settings_file.exists()
    new_player = first_run and not progress_file(paths).exists()  # ask "new to Harbin mahjong?"
    loaded = load_settings(paths)
    settings = loaded.settings
    if first_run:  # no settings yet: the language the operating system prefers, not only LANG
        settings = settings.replace(language=system_language(preferred=preferred_locales()))
    speed = ANIM_SETTING[args.anim_speed] if args.anim_speed else None
    size = None if args.size is None else _window_fit(args.size)
    held = RunOnly.over(
        settings,
        language=args.lang,
        window_size=size,
        animation_speed=speed,
        ai_delay_ms=0 if args.anim_speed == "instant" else None,
    )
    demonstration = args.screenshot is not None or args.autoplay is not None  # these save nothing
    app = App(
        paths, held.apply(settings), persist=not demonstration, size=args.size, reclaim=True, run_only=held
    )
    app.autoplay = args.autoplay
    open_scene(
        app,
        args.scene,
        args.seed,
        args.match_hands or DEFAULT_MATCH_HANDS,
        lesson_id=args.lesson,
        replay=args.replay,
    )
    if new_player and args.scene == "menu" and args.screenshot is None and args.autoplay is None:
        from game.ui.screens.first_run import FirstRunScene

        app.push(FirstRunScene(app))
    if args.matches and args.matches > 1:
        app.next_match = _match_chain(app, args)
    if loaded.message:
        settings_file = loaded.path if loaded.path is not None else paths.settings_file
        problem = report("settings_read", loaded.message)
        open_it = [(app.tr("folder.open"), lambda: app.open_folder(settings_file))]
        app.push(ErrorDialog(app, app.tr("dialog.settings_problem_title"), problem, buttons=open_it))
    return app


def _window_fit(size: tuple[int, int]) -> tuple[int, int]:
    """A window size the settings can hold: within the smallest and largest windows the game allows."""
    return (
        min(MAX_WINDOW[0], max(MIN_WINDOW[0], size[0])),
        min(MAX_WINDOW[1], max(MIN_WINDOW[1], size[1])),
    )


def _match_chain(app: App, args: argparse.Namespace) -> Callable[[], None]:
    """``--matches N``: after each autoplayed match, close every screen and open the next match's table."""
    played = 1

    def next_match() -> None:
        nonlocal played
        seed = None if args.seed is None else args.seed + played
        played += 1
        if played >= args.matches:
            app.next_match = None  # the last one: the program ends after its result
        app.scenes.clear()
        open_scene(app, "table", seed, args.match_hands or DEFAULT_MATCH_HANDS)
        log.info("autoplay: match %d of %d", played, args.matches)

    return next_match


def continue_problem(paths: AppPaths) -> str:
    """Why there is no saved match to continue (one line naming the file), or "" when there is one."""
    from game.saves import find_save, save_path

    found = find_save(paths.saves_dir)
    if found == "none":
        return f"there is no saved match ({save_path(paths.saves_dir)} does not exist)"
    if found == "over":
        return f"the match saved in {save_path(paths.saves_dir)} has ended"
    return found if isinstance(found, str) else ""


def run_app(argv: list[str] | None = None) -> int:
    """Open the game window and run it until the player quits; returns the exit status."""
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.scene == "continue":
        problem = continue_problem(app_paths())
        if problem:
            print(f"harbin-mahjong: error: --scene continue: {problem}", file=sys.stderr)
            return 2
    app = start_app(args)
    frames = args.frames if args.frames is not None else (5 if args.screenshot else None)
    try:
        return app.run(frames=frames, screenshot=args.screenshot)
    except Exception:
        log.exception("the game stopped because of an error")
        raise


__all__ = ["App", "continue_problem", "open_scene", "parse_args", "run_app", "start_app"]
