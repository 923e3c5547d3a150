"""The table's helpers, 托管 and the rules pop-up, driven by posted keys and clicks on the dummy display."""

from __future__ import annotations

import sys

import pygame

from game.core.actions import Chi
from game.core.match import Game
from game.core.rules import RuleSet
from game.host.session import Session
from game.table.menu import ActionMenu
from game.ui.screens.assists import AssistsScene
from game.ui.screens.results import HandResultScene
from game.ui.screens.rules import RulesScene
from game.ui.screens.settings import SettingsScene
from game.ui.table.entrust import ENTRUST_LEVEL
from game.ui.table.scene import TableScene
from tests.table_fixtures import Tsumogiri, scripted_session
from tests.ui.harness import click, click_widget, key, step, wait_for_ai
from tests.ui.test_table import make_app, settle, tile_index


def open_table(**settings: object) -> tuple[object, TableScene]:
    app = make_app(**settings)
    table = TableScene(app, scripted_session())
    app.push(table)
    return app, table


def click_kind(app: object, table: TableScene, kind: int) -> None:
    slot = table.layout.hand_slot(tile_index(table, kind))
    assert slot is not None
    click(app, slot.rect.center, frames=1)


def run_until(app: object, table: TableScene, done: object, frames: int = 600) -> list[int | None]:
    """Step frames until ``done()``; the decision tokens the table held after each frame."""
    tokens: list[int | None] = []
    for _ in range(frames):
        step(app)
        tokens.append(table.controls.decision_token)
        if done():  # type: ignore[operator]
            return tokens
        wait_for_ai(table)
    raise AssertionError("the table never got there")


def test_skip_calls_and_auto_discard_play_for_the_person_and_ask_when_ready_is_possible() -> None:
    app, table = open_table(skip_calls=True, auto_discard=True)
    try:
        settle(app, table)
        click_kind(app, table, 9)  # 1p
        settle(app, table)
        # 下家's 5m could be taken for 碰 — or for 碰听 (declaring ready): the table asks
        assert table.shown.phase == "claim" and table.controls.bar.buttons["peng"].is_enabled
        key(app, pygame.K_SPACE)
        offered: list[ActionMenu] = []
        offer = table.controls.offer
        table.controls.offer = lambda menu: (offered.append(menu), offer(menu))[1]  # type: ignore[method-assign]
        river = table.driver.host.game.state.rivers[0]
        # 上家's 3p could only be taken for 吃 (passed by itself); the draw, 4p, is thrown by itself
        tokens = run_until(app, table, lambda: len(table.driver.host.game.state.rivers[0]) == len(river) + 1)
        assert all(t is None for t in tokens), "the person was asked"
        assert any(m.view.phase == "claim" and any(isinstance(a, Chi) for a in m.legal) for m in offered)
        thrown = table.driver.host.game.state.rivers[0][-1].tile
        assert thrown >> 2 == 12 and thrown == offered[-1].view.drawn  # 4p, the drawn tile
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def test_auto_win_takes_the_win_without_a_key() -> None:
    app, table = open_table(auto_win=True)
    try:
        settle(app, table)
        click_kind(app, table, 9)
        settle(app, table)
        click_widget(app, table.controls.bar.buttons["peng"], frames=2)
        settle(app, table)
        key(app, pygame.K_t)
        click_kind(app, table, 27)  # 中, declaring ready; the draw 6s then wins by itself
        run_until(app, table, lambda: isinstance(app.scenes.top, HandResultScene))  # type: ignore[attr-defined]
        result = app.scenes.top  # type: ignore[attr-defined]
        assert result.title().startswith("You won by self-draw")  # a sentence since issue 22
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def test_the_helpers_are_switched_at_the_table_and_remembered(tmp_path: object) -> None:
    app, table = open_table()
    try:
        settle(app, table)
        key(app, pygame.K_F4)
        panel = app.scenes.top  # type: ignore[attr-defined]
        assert isinstance(panel, AssistsScene) and panel.transparent
        on = next(b for b, v in panel.segments["skip_calls"] if v is True)
        click_widget(app, on)
        assert app.settings.skip_calls and not app.settings.auto_win  # type: ignore[attr-defined]
        idle = next(b for b, v in panel.segments["entrust_idle_s"] if v == 30)
        click_widget(app, idle)
        assert app.settings.entrust_idle_s == 30  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is table  # type: ignore[attr-defined]
        # the settings screen offers the same panel
        app.nav.settings()  # type: ignore[attr-defined]
        settings = app.scenes.top  # type: ignore[attr-defined]
        assert isinstance(settings, SettingsScene)
        assert "Skip calls" in settings.assists_button.text
        click_widget(app, settings.assists_button)
        assert isinstance(app.scenes.top, AssistsScene)  # type: ignore[attr-defined]
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def entrusted_table() -> tuple[object, TableScene]:
    """A random deal against three never-calling AIs, two hands."""
    app = make_app()
    game = Game.new(7, RuleSet(), hands=2)
    session = Session.from_game(game, players={s: Tsumogiri() for s in (1, 2, 3)})
    table = TableScene(app, session)
    app.push(table)
    return app, table


def test_entrust_hands_the_seat_to_the_ai_and_back() -> None:
    app, table = entrusted_table()
    try:
        settle(app, table)
        assert table.entrust.available and not table.entrust.on
        key(app, pygame.K_a)
        assert table.driver.autoplayed and table.entrust.on
        assert (
            table.controls.decision_token is None
            and table.overlays.toast is not None
            and table.controls.selected is None
        )
        assert (
            table.tools.buttons["entrust"].is_selected and "Take over" in table.tools.buttons["entrust"].text
        )
        player = table.driver.host.players[0]
        assert type(player).__name__ == "HeuristicPlayer" and ENTRUST_LEVEL == "expert"
        start = len(table.driver.host.game.state.rivers[0])
        run_until(app, table, lambda: len(table.driver.host.game.state.rivers[0]) >= start + 3, frames=3000)
        click_widget(app, table.tools.buttons["entrust"])  # the button takes the seat back
        assert not table.driver.autoplayed
        settle(app, table)
        assert table.controls.decision_token is not None  # the person decides again
        waited = len(table.driver.host.game.events)
        step(app, 60)
        assert len(table.driver.host.game.events) == waited  # and nothing plays for them
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def test_entrust_after_the_idle_time() -> None:
    app, table = entrusted_table()
    app.update_settings(save=False, entrust_idle_s=15)  # type: ignore[attr-defined]
    try:
        settle(app, table)
        step(app, 14, dt=1.0)
        assert not table.entrust.on
        key(app, pygame.K_RIGHT, frames=1)  # the person is there: the wait starts again
        step(app, 14, dt=1.0)
        assert not table.entrust.on
        step(app, 2, dt=1.0)
        assert table.entrust.on and table.overlays.toast is not None and "15 s" in table.overlays.toast.text
        key(app, pygame.K_a)
        assert not table.entrust.on
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def test_an_ai_computing_on_the_worker_hands_the_frame_thread_its_turn_within_a_millisecond() -> None:
    """F3 opens at once while an AI thinks: the app shortens how long the worker thread may hold the
    interpreter (Python's default, 5 ms, let a busy worker slow the pop-up's own work 2.5 times)."""
    sys.setswitchinterval(0.005)
    app, _table = open_table()
    try:
        assert sys.getswitchinterval() <= 0.001
    finally:
        app.shutdown()  # type: ignore[attr-defined]


def test_the_rules_pop_up_keeps_the_match_waiting() -> None:
    app, table = open_table()
    try:
        settle(app, table)
        click_kind(app, table, 9)  # the AIs are to move now
        key(app, pygame.K_F3, frames=1)
        popup = app.scenes.top  # type: ignore[attr-defined]
        assert isinstance(popup, RulesScene) and popup.transparent
        assert table in app.scenes.visible()  # type: ignore[attr-defined]
        events = len(table.driver.host.game.events)
        for _ in range(40):
            wait_for_ai(table)  # whatever the AI was asked is answered: still nothing may be played
            step(app)
        assert len(table.driver.host.game.events) == events  # no AI played while it was open
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is table  # type: ignore[attr-defined]
        settle(app, table)
        assert len(table.driver.host.game.events) > events  # the match goes on from where it was
        click_widget(app, table.tools.buttons["rules"])  # the button opens it too
        assert isinstance(app.scenes.top, RulesScene)  # type: ignore[attr-defined]
        key(app, pygame.K_F3)
        assert app.scenes.top is table  # type: ignore[attr-defined]
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()


def test_a_lesson_has_no_helpers_and_no_entrust() -> None:
    from game.table.assists import Assists
    from game.tutorial.loader import load_course
    from game.ui.lessons.lesson import LessonScene

    app = make_app(auto_win=True, skip_calls=True, auto_discard=True, entrust_idle_s=15)
    lesson = next(e.lesson for e in load_course() if e.lesson is not None)
    scene = LessonScene(app, lesson)
    app.push(scene)
    try:
        step(app, 3)
        assert scene.controls.assists == Assists() and not scene.entrust.available
        key(app, pygame.K_F4)
        key(app, pygame.K_a)
        assert app.scenes.top is scene and scene.entrusting is None and not scene.entrust.on
        step(app, 30, dt=1.0)  # the idle time passes: still the person's lesson
        assert not scene.entrust.on
    finally:
        app.shutdown()  # type: ignore[attr-defined]
        pygame.quit()
