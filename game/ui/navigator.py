"""Where each screen leads: the one module that knows the scene classes and wires them together.

Scenes never import each other, nor this module or the app. A scene that leads somewhere asks its
app's navigator (``app.nav``, typed as :class:`game.ui.scene.Nav`) by intent — "open the new-game
setup", "show this hand's result", "ask this question" — or is given callbacks by whoever opened it.
The result scenes, for instance, take data and callbacks, so a live match, the replay viewer and a
lesson show them alike; the dialogs (a message, a choice, a prompt) are opened here too. Scene modules
are imported when first needed (the main menu's first frame does not wait for the table's code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.rules import RuleSet
    from game.match_config import MatchConfig
    from game.table.results import HandResult, MatchResult
    from game.tutorial.lesson import Lesson
    from game.tutorial.progress import Status
    from game.ui.lessons.links import LessonLinks
    from game.ui.scene import Buttons, PromptBox, StackApp
    from game.ui.screens.menu import MainMenu


class Navigator:
    """The app's ways from one screen to another."""

    def __init__(self, app: StackApp) -> None:
        self.app = app

    def main_menu(self) -> MainMenu:
        """The main menu, pushed (the bottom of the stack at start-up)."""
        from game.ui.screens.menu import MainMenu

        menu = MainMenu(self.app)
        self.app.push(menu)
        return menu

    def table(self, config: MatchConfig) -> None:
        """A new match on the table over the screen on top (the window's ``--scene table``), autosaved."""
        from game.ui.table.scene import start_table

        self.app.push(start_table(self.app, config))

    def table_demo(self) -> None:
        """The demo table (every tile and mark drawn, no match)."""
        from game.ui.table.demo import TableDemoScene

        self.app.push(TableDemoScene(self.app))

    def new_game(self, *, replace: bool = False) -> None:
        """Open the new-game setup; its Start begins a match in its place."""
        from game.ui.screens.new_game import NewGameScene

        scene = NewGameScene(self.app, on_start=self.start_match)
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def start_match(self, config: MatchConfig) -> None:
        """A new match on the table, in place of the screen on top (the setup), autosaved; over it the
        rule card when the rules differ from the Harbin standard (the table waits under it)."""
        from game.ui.screens.rule_card_scene import RuleCardScene, wants_card
        from game.ui.table.scene import start_table

        self.app.replace(start_table(self.app, config))
        if wants_card(config.rules):
            self.app.push(RuleCardScene(self.app, config.preset, config.rules))

    def continue_match(self) -> bool:
        """The saved match on the table, exactly where it stopped; False (and a message saying why) when
        the save cannot be resumed."""
        from game.host.session import Session
        from game.saves import SaveError, save_path
        from game.ui.table.scene import TableScene

        app = self.app
        try:
            session = Session.resume(save_path(app.paths.saves_dir), app.paths.replays_dir)
        except SaveError as exc:
            from game.ui.kit.error_dialog import show_error

            show_error(app, app.tr("menu.continue"), "continue", exc)
            return False
        app.push(TableScene(app, session))
        return True

    def hand_result(
        self, result: HandResult, on_next: Callable[[], None], on_menu: Callable[[], None]
    ) -> None:
        """The hand result over the table."""
        from game.ui.screens.results import HandResultScene

        self.app.push(HandResultScene(self.app, result, on_next, on_menu))

    def match_result(self, result: MatchResult) -> None:
        """The match result in place of the table; New game leads to the setup."""
        from game.ui.screens.results import MatchResultScene

        self.app.replace(MatchResultScene(self.app, result, lambda: self.new_game(replace=True)))

    def lessons(self, open_lesson: str | None = None) -> None:
        """The lesson list (教程); ``open_lesson``: a lesson (by id) opened over it from its first step."""
        from game.ui.lessons.lesson_list import LessonListScene

        scene = LessonListScene(self.app)
        self.app.push(scene)
        if open_lesson is not None:
            scene.open_by_id(open_lesson)

    def drills(self, kinds: Sequence[str] | None = None, seed: int | None = None) -> None:
        """Drills of some kinds (all five by default)."""
        from game.tutorial.files import DRILL_KINDS
        from game.ui.lessons.drills import DrillScene

        self.app.push(DrillScene(self.app, kinds=tuple(kinds or DRILL_KINDS), seed=seed))

    def mistake_drills(self, on_close: Callable[[], None] | None = None) -> None:
        """The player's own mistakes as drills (``on_close`` runs when they are left)."""
        from game.ui.lessons.mistake_drills import MistakeDrillScene

        self.app.push(MistakeDrillScene(self.app, on_close=on_close))

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
        """A lesson (or its practice hand) at the table, over the current screen or in its place."""
        from game.ui.lessons.lesson import LessonScene

        scene = LessonScene(
            self.app, lesson, start_step=start_step, practice=practice, on_progress=on_progress, links=links
        )
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def replays(self, select: Path | None = None) -> None:
        """The replay library (``select``: a file to show selected, listed even from another folder)."""
        from game.resources import shipped
        from game.ui.replay.library import ReplayLibraryScene

        scene = ReplayLibraryScene(
            self.app,
            select=select,
            on_open=self.viewer,
            on_continue=self.continue_match,
            on_stats=self.replay_stats,
            samples=shipped("saves"),
        )
        self.app.push(scene)

    def replay_stats(self) -> None:
        """The statistics over the saved games."""
        from game.ui.replay.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def viewer(
        self,
        path: Path,
        position: int | None = None,
        seat: int | None = None,
        level: str | None = None,
        *,
        replace: bool = False,
    ) -> bool:
        """A replay file in the viewer at ``position`` (default: the first hand dealt), from the person's
        seat unless ``seat``; a what-if branch saved there opens over the viewer (Esc comes back to it).
        False (and a message saying why) if the file cannot be read."""
        from game.replay.checks import log_problem
        from game.replay.header import HUMAN, players_of
        from game.replay.library import LibraryError, load
        from game.table.viewer import ViewerDriver
        from game.ui.kit.error_dialog import show_error
        from game.ui.replay.viewer import ViewerScene

        app = self.app
        try:
            loaded = load(path)
            problem = log_problem(loaded)  # a file that reads but was changed is not shown
            if problem:
                raise LibraryError(f"{path}: {problem}")
            players = players_of(loaded.header, loaded.events)
            seat = seat if seat is not None else (players.index(HUMAN) if HUMAN in players else 0)
            driver = ViewerDriver(loaded.events, seat, header=loaded.header, path=path)
            if position is None:
                position = driver.cursor.hand_start(0) if driver.cursor.hands else 1
            driver.seek(max(1, min(position, len(loaded.events))))
        except (LibraryError, ValueError) as exc:
            show_error(app, app.tr("viewer.cannot_open"), "replay_open", exc)
            return False

        def open_branch(branch: Path, at: int, seat: int, level: str | None) -> None:
            self.viewer(branch, at, seat, level)

        scene = ViewerScene(app, driver, on_branch=open_branch, level=level)
        if replace:
            app.replace(scene)
        else:
            app.push(scene)
        return True

    def replay_match_result(self, result: MatchResult) -> None:
        """A replay's match result over the viewer (Back returns to it; New game sets up a match). The
        coach reviews it, but its mistakes do not join the drill queue (it was not just played here)."""
        from game.ui.screens.results import MatchResultScene

        seen = replace(result, played_here=False)
        self.app.push(MatchResultScene(self.app, seen, lambda: self.new_game(replace=True)))

    def settings(self) -> None:
        """The settings over the current screen (Esc comes back)."""
        from game.ui.screens.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self, match: tuple[str, RuleSet] | None = None, *, over_table: bool = False) -> None:
        """The rules reference; given the (preset, rules) of the match being played, it opens on that
        match's rule card (the table's rules pop-up). ``over_table``: as a pop-up over the match, which
        waits until it closes."""
        from game.ui.screens.rules import RulesScene

        self.app.push(RulesScene(self.app, match, mode="text" if match is None else "card", popup=over_table))

    def assists(self) -> None:
        """The table's helpers (auto win, skip calls, auto-discard, 托管 when idle) over this screen."""
        from game.ui.screens.assists import AssistsScene

        self.app.push(AssistsScene(self.app))

    def about(self) -> None:
        """The credits and licences."""
        from game.ui.screens.about import AboutScene

        self.app.push(AboutScene(self.app))

    def ask(self, title: str, body: str, buttons: Buttons, width: int = 600) -> None:
        """A modal choice between buttons over the current screen."""
        from game.ui.kit.dialog import MessageDialog

        self.app.push(MessageDialog(self.app, title, body, buttons=buttons, width=width))

    def message(self, title: str, body: str, on_close: Callable[[], None] | None = None) -> None:
        """A modal message with OK over the current screen."""
        from game.ui.kit.dialog import MessageDialog

        self.app.push(MessageDialog(self.app, title, body, on_close=on_close))

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
        """A one-line prompt over the current screen (``on_submit``: a problem to show, or None when done)."""
        from game.ui.kit.prompt import PromptDialog

        dialog = PromptDialog(
            self.app,
            title,
            body,
            ok=ok,
            on_submit=on_submit,
            text=text,
            extra=extra,
            cancel=cancel,
            width=width,
        )
        self.app.push(dialog)
        return dialog


__all__ = ["Navigator"]
