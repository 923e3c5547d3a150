"""Choices that survive a match, Continue and a restart: the new-game setup, the tile tracker, the hint level.

A play-tester found the setup screen back at its defaults after every match and the F2 tracker closed
again after Continue. Both are kept in the settings file now; a broken entry there falls back to the
default like any other setting.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import LEVELS as AI_LEVELS
from game.core.rules import PRESETS
from game.match_config import MatchConfig
from game.paths import AppPaths, app_paths
from game.settings import (
    MATCH_LENGTHS,
    OPPONENT_LEVELS,
    Settings,
    load_settings,
    save_settings,
)
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.rule_card_scene import RuleCardScene
from game.ui.table.scene import TableScene
from game.ui.words.i18n import LEVELS as UI_LEVELS
from tests.ui.harness import click_widget, key, step
from tests.ui.test_table import settle

CHOSEN = MatchConfig.from_preset(("expert", "novice", "strong"), "S4", 16)
"""A setup with every part off its default."""


def open_app(paths: AppPaths, settings: Settings | None = None) -> App:
    """A real, saving App on the main menu (animations off, no AI pause), as after a start."""
    if settings is None:
        settings = load_settings(paths).settings
    settings = settings.replace(language="en", animation_speed="off", ai_delay_ms=0)
    app = App(paths, settings, size=(1280, 720))
    app.push(MainMenu(app))
    step(app)
    return app


@pytest.fixture
def paths(isolated_home: Path) -> Iterator[AppPaths]:
    yield app_paths().ensure()
    pygame.quit()


def segment(scene: NewGameScene, key_name: str, value: Any) -> Any:
    return next(btn for btn, v in scene.segments[key_name] if v == value)


def selected(scene: NewGameScene, key_name: str) -> list[Any]:
    return [v for btn, v in scene.segments[key_name] if btn.is_selected]


def leave_table(app: App, table: TableScene) -> MainMenu:
    """Esc, then Leave in the dialog: back on the main menu."""
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes.top.focus_order[0])
    menu = app.scenes.top
    assert isinstance(menu, MainMenu) and table not in app.scenes.scenes
    return menu


# ---------------------------------------------------------------------------- the settings file
def test_setup_levels_are_the_ai_levels() -> None:
    assert OPPONENT_LEVELS == tuple(AI_LEVELS) == tuple(UI_LEVELS)


def test_setup_and_tracker_round_trip(paths: AppPaths) -> None:
    settings = Settings(show_tracker=True, new_game=CHOSEN)
    save_settings(settings, paths)
    data = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert data["new_game"] == {"levels": ["expert", "novice", "strong"], "preset": "S4", "hands": 16}
    assert data["show_tracker"] is True
    result = load_settings(paths)
    assert result.settings == settings and result.problems == ()
    # a partial entry keeps what it has and takes the defaults for the rest
    paths.settings_file.write_text(json.dumps({"new_game": {"hands": 4}}), encoding="utf-8")
    assert load_settings(paths).settings.new_game == MatchConfig(hands=4)


GARBAGE = [
    "standard",
    None,
    3.5,
    [],
    {"levels": "expert"},
    {"levels": ["expert", "novice"]},
    {"levels": ["expert", "novice", "grandmaster"]},
    {"levels": [1, 2, 3]},
    {"levels": [["expert"], {}, None]},
    {"preset": "S99"},
    {"preset": ["S4"]},
    {"hands": 5},
    {"hands": True},
    {"hands": "8"},
    {"hands": float("nan")},
    {"levels": ["expert", "novice", "strong"], "preset": "S4", "hands": 0},
]


@pytest.mark.parametrize("garbage", GARBAGE, ids=repr)
def test_a_broken_setup_or_tracker_entry_loads_defaults(paths: AppPaths, garbage: Any) -> None:
    text = json.dumps({"language": "zh", "hints": 2, "new_game": garbage, "show_tracker": garbage})
    paths.settings_file.write_text(text, encoding="utf-8")
    result = load_settings(paths)
    assert result.settings == Settings(language="zh", hints=2)  # the other keys are kept
    assert result.message is not None and "new_game" in result.message
    assert "show_tracker" in result.message
    assert paths.settings_file.with_name("settings.json.bad").exists()
    assert load_settings(paths).problems == ()  # the repaired file loads cleanly
    with pytest.raises(ValueError):
        Settings().replace(new_game=garbage)
    # and the setup screen opens on the defaults
    app = open_app(paths)
    try:
        click_widget(app, app.scenes.top.buttons["new_game"])
        scene = app.scenes.top
        assert isinstance(scene, NewGameScene)
        assert scene.levels == ["normal"] * 3 and scene.preset == "standard" and scene.hands == 8
    finally:
        app.shutdown()


def test_defaults_of_the_setup_screen() -> None:
    setup = MatchConfig()
    assert setup.preset in PRESETS and setup.hands in MATCH_LENGTHS
    assert all(level in OPPONENT_LEVELS for level in setup.levels)


# ---------------------------------------------------------------------------- the setup screen
def test_the_setup_screen_offers_the_last_setup_again(paths: AppPaths) -> None:
    app = open_app(paths)
    try:
        menu = app.scenes.top
        click_widget(app, menu.buttons["new_game"])
        scene = app.scenes.top
        assert isinstance(scene, NewGameScene)
        assert selected(scene, "preset") == ["standard"] and selected(scene, "hands") == [8]
        for i, level in enumerate(CHOSEN.levels):
            click_widget(app, segment(scene, f"level{i}", level))
        click_widget(app, segment(scene, "preset", CHOSEN.preset))
        click_widget(app, segment(scene, "hands", CHOSEN.hands))
        scene.seed_entry.set_text("77")
        click_widget(app, next(btn for btn in scene.actions if btn.text == "Start"))
        assert isinstance(app.scenes.top, RuleCardScene)  # S4 differs from the standard: its rule card
        key(app, pygame.K_RETURN)
        table = app.scenes.top
        assert isinstance(table, TableScene)
        assert tuple(table.driver.host.levels) == CHOSEN.levels and table.driver.game.state.seed == 77
        assert app.settings.new_game == CHOSEN
        menu = leave_table(app, table)
        # reopen the setup: everything is as it was chosen (but the seed, a new match each time)
        click_widget(app, menu.buttons["new_game"])
        again = app.scenes.top
        assert isinstance(again, NewGameScene) and again is not scene
        step(app)
        assert again.levels == list(CHOSEN.levels)
        assert again.preset == "S4" and again.hands == 16
        for i, level in enumerate(CHOSEN.levels):
            assert selected(again, f"level{i}") == [level]
        assert selected(again, "preset") == ["S4"] and selected(again, "hands") == [16]
        assert again.seed_entry.get_text() == ""
        assert "**" in again.source()  # the S4 switches that differ from the standard ones are shown
        config = again.config()
        assert config is not None and config.rules == PRESETS["S4"] and config.levels == CHOSEN.levels
    finally:
        app.shutdown()
    # and after a restart (the settings file)
    assert load_settings(paths).settings.new_game == CHOSEN
    app = open_app(paths)
    try:
        click_widget(app, app.scenes.top.buttons["new_game"])
        scene = app.scenes.top
        assert isinstance(scene, NewGameScene)
        assert (tuple(scene.levels), scene.preset, scene.hands) == (CHOSEN.levels, "S4", 16)
    finally:
        app.shutdown()


# ---------------------------------------------------------------------------- tracker and hints
def start_match(app: App) -> TableScene:
    click_widget(app, app.scenes.top.buttons["new_game"])
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.seed_entry.set_text("42")
    click_widget(app, next(btn for btn in scene.actions if btn.text == "Start"))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    settle(app, table)
    return table


def continue_match(app: App) -> TableScene:
    menu = app.scenes.top
    assert isinstance(menu, MainMenu) and menu.buttons["continue"].is_enabled
    click_widget(app, menu.buttons["continue"])
    table = app.scenes.top
    assert isinstance(table, TableScene)
    settle(app, table)
    return table


def test_tracker_and_hint_level_survive_continue_and_a_restart(paths: AppPaths) -> None:
    app = open_app(paths)
    try:
        table = start_match(app)
        assert not table.app.settings.show_tracker and app.settings.hints == 0
        key(app, pygame.K_F2)
        key(app, pygame.K_F1)
        key(app, pygame.K_F1)
        assert table.app.settings.show_tracker and table.tools.buttons["tracker"].is_selected
        assert app.settings.hints == 2
        leave_table(app, table)
        resumed = continue_match(app)
        assert resumed is not table
        assert resumed.app.settings.show_tracker and resumed.tools.buttons["tracker"].is_selected
        assert app.settings.hints == 2 and "Ranking" in resumed.tools.buttons["hints"].text
        leave_table(app, resumed)
    finally:
        app.shutdown()
    # a restart: the file has both, and Continue opens the table with them
    saved = load_settings(paths)
    assert saved.settings.show_tracker and saved.settings.hints == 2 and saved.problems == ()
    app = open_app(paths)
    try:
        table = continue_match(app)
        assert table.app.settings.show_tracker and table.tools.buttons["tracker"].is_selected
        assert "Ranking" in table.tools.buttons["hints"].text
        # closing it is remembered too
        click_widget(app, table.tools.buttons["tracker"])
        assert not table.app.settings.show_tracker and not table.tools.buttons["tracker"].is_selected
        leave_table(app, table)
        assert not continue_match(app).app.settings.show_tracker
    finally:
        app.shutdown()
    assert not load_settings(paths).settings.show_tracker


def test_restore_defaults_keeps_the_remembered_choices(paths: AppPaths) -> None:
    from game.ui.screens.settings import SettingsScene

    app = open_app(paths, Settings(hints=3, show_tracker=True, new_game=CHOSEN))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        step(app)
        scene.restore_defaults()
        assert app.settings.hints == 0  # a preference of the settings screen
        assert app.settings.show_tracker and app.settings.new_game == CHOSEN
    finally:
        app.shutdown()
