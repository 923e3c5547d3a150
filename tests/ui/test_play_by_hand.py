"""Issue 22: a hand played with the mouse only, and one with the keyboard only, from the main menu to the
hand's result and back to the menu — real input events, the game's own AIs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.results import HandResultScene
from game.ui.table.scene import TableScene
from tests.ui.harness import click, click_widget, key
from tests.ui.scene_catalogue import frames
from tests.ui.textfit import fit_app

# slow: two whole hands against the real AIs
pytestmark = pytest.mark.slow


def _mouse_move(app: Any, table: TableScene) -> None:
    """The person's move by mouse: win, pass a call, else click a tile that may be thrown."""
    controls = table.controls
    bar = controls.bar.buttons
    if controls.actions.get("hu"):
        click_widget(app, bar["hu"])
    elif controls.actions.get("pass"):
        click_widget(app, bar["pass"])
    else:
        frames(app, 30)  # a person's clicks are apart: one soon after a move would be its double-click
        menu = controls.menu
        assert menu is not None
        index = next(i for i, t in enumerate(table.frame.hand_ids) if t in menu.discardable)
        slot = table.layout.hand_slot(index)
        assert slot is not None
        click(app, slot.rect.center)


def _key_move(app: Any, table: TableScene) -> None:
    """The person's move by keys: H wins, Space passes, Enter throws the drawn tile (→ first when none)."""
    controls = table.controls
    if controls.actions.get("hu"):
        key(app, pygame.K_h)
    elif controls.actions.get("pass"):
        key(app, pygame.K_SPACE)
    else:
        if table.shown.drawn is None and controls.selected is None:
            key(app, pygame.K_RIGHT)  # nothing drawn (the dealer's first turn): select the first tile
        key(app, pygame.K_RETURN)


def _play_to_result(app: Any, move: Any) -> TableScene:
    """Frames (the AIs answering) until the hand's result is up; the person moves by ``move``."""
    table = app.scenes.top
    assert isinstance(table, TableScene)
    moves = 0
    for _ in range(6000):
        frames(app)
        if isinstance(app.scenes.top, HandResultScene):
            assert moves > 0, "the person never moved"
            return table
        if app.scenes.top is table and not table.busy and table.controls.decision_token is not None:
            token = table.controls.decision_token
            move(app, table)
            moves += 1
            frames(app, 2)
            assert table.controls.decision_token != token or isinstance(app.scenes.top, HandResultScene), (
                "the move was not taken"
            )
    raise AssertionError("the hand did not end")


def test_a_hand_by_mouse_only(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en", ai_delay_ms=0) as app:
        app.push(MainMenu(app))
        frames(app, 2)
        click_widget(app, app.scenes.top.buttons["new_game"])
        setup = app.scenes.top
        assert isinstance(setup, NewGameScene)
        start = next(b for b in setup.focus_order if b.text == app.tr("newgame.start"))
        click_widget(app, start)
        _play_to_result(app, _mouse_move)
        result = app.scenes.top
        back = next(b for b in result.focus_order if b.text == app.tr("result.to_menu"))
        click_widget(app, back)
        frames(app, 2)
        assert isinstance(app.scenes.top, MainMenu)


def test_a_hand_by_keyboard_only(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en", ai_delay_ms=0) as app:
        app.push(MainMenu(app))
        frames(app, 2)
        key(app, pygame.K_RETURN)  # 新游戏 has the focus from the start
        assert isinstance(app.scenes.top, NewGameScene)
        key(app, pygame.K_RETURN)  # start the match
        _play_to_result(app, _key_move)
        key(app, pygame.K_ESCAPE)  # the result's way back: the main menu
        frames(app, 2)
        assert isinstance(app.scenes.top, MainMenu)


def _new_game_by_keys(app: Any) -> NewGameScene:
    """The New game screen, opened from the main menu with Enter (its first item has the focus)."""
    app.push(MainMenu(app))
    frames(app, 2)
    key(app, pygame.K_RETURN)
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    return setup


def test_tab_on_the_new_game_screen_goes_in_reading_order(isolated_home: Path) -> None:
    """The first Tab lands on the first choice of the left column (the next seat's first level), the
    right column's two views come after the left column's choices, and Back and Start last (the views
    came first: the first Tab landed on the right)."""
    with fit_app((1280, 720), "en", ai_delay_ms=0) as app:
        setup = _new_game_by_keys(app)
        key(app, pygame.K_TAB)
        assert setup.focused is setup.segments["level0"][0][0]
        order = setup.focus_order
        tabs = [order.index(b) for b, _ in setup.segments["rule_view"]]
        lefts = [order.index(b) for k, bs in setup.segments.items() if k != "rule_view" for b, _ in bs]
        assert min(tabs) > max(lefts)
        assert [b.text for b in order[-2:]] == [app.tr("common.back"), app.tr("newgame.start")]


def test_the_arrows_move_the_focus_on_the_new_game_screen_and_space_presses_it(isolated_home: Path) -> None:
    """↓ lands on the first choice (the arrows scrolled the rule card instead, so they seemed to do
    nothing), ↓ again the next, ↑ back; Space presses the focused choice."""
    with fit_app((1280, 720), "en", ai_delay_ms=0) as app:
        setup = _new_game_by_keys(app)
        first, second = (b for b, _ in setup.segments["level0"][:2])
        key(app, pygame.K_DOWN)
        assert setup.focused is first
        key(app, pygame.K_DOWN)
        assert setup.focused is second
        key(app, pygame.K_UP)
        assert setup.focused is first
        key(app, pygame.K_SPACE)
        frames(app, 2)
        assert setup.levels[0] == setup.segments["level0"][0][1]  # the first level chosen


def test_enter_starts_the_match_from_any_choice_and_on_back_goes_back(isolated_home: Path) -> None:
    """On the New game screen Enter is the form's Start wherever the focus is (a choice is pressed with
    Space), except on Back; the screen's foot says so."""
    from tests.ui.textfit import record_frame

    with fit_app((1024, 640), "en", ai_delay_ms=0) as app:
        setup = _new_game_by_keys(app)
        assert any(d.text == app.tr("newgame.keys") for d in record_frame(app)), "the keys are not shown"
        key(app, pygame.K_DOWN)  # the focus on the next seat's first level (Novice; Normal is chosen)
        chosen = setup.levels[0]
        key(app, pygame.K_SPACE)
        assert setup.levels[0] == setup.segments["level0"][0][1] != chosen
        key(app, pygame.K_RETURN)
        frames(app, 2)
        assert isinstance(app.scenes.top, TableScene), "Enter on a choice did not start the match"
    with fit_app((1024, 640), "en", ai_delay_ms=0) as app:
        setup = _new_game_by_keys(app)
        for _ in setup.focus_order:  # ↑ from nothing lands on the last (Start), once more on Back
            key(app, pygame.K_UP)
            if setup.focused is setup.back_button:
                break
        assert setup.focused is setup.back_button
        key(app, pygame.K_RETURN)
        frames(app, 2)
        assert isinstance(app.scenes.top, MainMenu), "Enter on Back did not go back"
