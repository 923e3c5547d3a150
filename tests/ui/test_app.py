"""The app and its scenes, driven by posted mouse and key events on the dummy display."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match_config import MatchConfig
from game.ui.app import run_app
from game.ui.kit.dialog import MessageDialog
from game.ui.screens.about import AboutScene
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.rules import RulesScene
from game.ui.screens.settings import SettingsScene
from tests.ui.harness import click, click_widget, key, step, wheel


def test_run_app_starts_renders_and_quits(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    assert run_app(["--screenshot", str(shot), "--frames", "3", "--lang", "zh"]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    pygame.quit()


def test_run_app_every_scene(tmp_path: Path) -> None:
    for scene in ("settings", "rules", "about", "newgame", "table-demo", "lessons", "drills"):
        assert run_app(["--scene", scene, "--frames", "2", "--size", "1024x640"]) == 0
    pygame.quit()


def test_menu_buttons_respond_to_clicks(app: Any) -> None:
    menu = app.scenes.top
    assert isinstance(menu, MainMenu)
    click_widget(app, menu.buttons["rules"])
    assert isinstance(app.scenes.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu
    click_widget(app, menu.buttons["settings"])
    assert isinstance(app.scenes.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    click_widget(app, menu.buttons["about"])
    assert isinstance(app.scenes.top, AboutScene)
    key(app, pygame.K_ESCAPE)
    click_widget(app, menu.buttons["new_game"])
    assert isinstance(app.scenes.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu and app.running


def _lit(menu: Any) -> list[str]:
    """The menu's buttons drawn lit (hovered)."""
    return [n for n, b in menu.buttons.items() if b.drawable_shape.active_state.state_id == "hovered"]


def test_menu_keyboard_navigation(app: Any) -> None:
    menu = app.scenes.top
    # issue 22: the focus shows from the start, on the first item (it used to need a ↓ first)
    app.step(1 / 60)
    assert menu.focused is menu.buttons["new_game"] and _lit(menu) == ["new_game"]
    for _ in range(4):  # Continue is greyed (no match in progress) and skipped; then the course's entry
        key(app, pygame.K_DOWN)
    assert menu.focused is menu.buttons["rules"]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, RulesScene)


def test_one_highlight_the_focus_follows_the_mouse(app: Any) -> None:
    """Issue 22: the mouse over another button takes the focus with it: never two buttons lit."""
    menu = app.scenes.top
    rules = menu.buttons["rules"]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=rules.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1 / 60)
    app.step(1 / 60)
    assert _lit(menu) == ["rules"] and menu.focused is rules
    key(app, pygame.K_DOWN)  # the keys go on from the focus (the mouse still rests on Rules)
    assert menu.focused is menu.buttons["settings"] and "settings" in _lit(menu)


def test_quit_button_and_escape_dialog(app: Any) -> None:
    menu = app.scenes.top
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, MessageDialog)
    key(app, pygame.K_ESCAPE)  # Esc = cancel
    assert app.scenes.top is menu and app.running
    click_widget(app, menu.buttons["quit"], frames=2)
    assert not app.running


def test_window_close_quits(app: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running


def test_f11_toggles_fullscreen(app: Any) -> None:
    assert app.settings.fullscreen is False
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is False
    saved = json.loads(app.paths.settings_file.read_text(encoding="utf-8"))
    assert saved["fullscreen"] is False


def test_settings_change_by_click_is_applied_and_saved(app: Any) -> None:
    click_widget(app, app.scenes.top.buttons["settings"])
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    slow = next(btn for btn, value in scene.segments["animation_speed"] if value == "slow")
    click_widget(app, slow)
    assert app.settings.animation_speed == "slow"
    assert slow.is_selected
    saved = json.loads(app.paths.settings_file.read_text(encoding="utf-8"))
    assert saved["animation_speed"] == "slow"
    # palette applies to the tile art at once
    cb = next(btn for btn, value in scene.segments["tile_palette"] if value == "colourblind")
    click_widget(app, cb)
    assert app.tiles.palette == "colourblind"
    # language switch rebuilds the screen in Chinese
    zh = next(btn for btn, value in scene.segments["language"] if value == "zh")
    click_widget(app, zh)
    assert app.lang == "zh"
    back = next(btn for btn in scene.actions if btn.text == "返回")
    click_widget(app, back)
    assert isinstance(app.scenes.top, MainMenu)
    assert app.scenes.top.buttons["rules"].text == "规则"
    assert json.loads(app.paths.settings_file.read_text(encoding="utf-8"))["language"] == "zh"


def test_settings_slider_saves_after_moving(app: Any) -> None:
    click_widget(app, app.scenes.top.buttons["settings"])
    scene = app.scenes.top
    slider = scene.sliders["volume"][0]
    click(app, (slider.rect.right - 6, slider.rect.centery))  # the right arrow button
    assert app.settings.volume > 0.7
    step(app, 45)  # the debounced save
    assert json.loads(app.paths.settings_file.read_text(encoding="utf-8"))["volume"] == app.settings.volume


def test_rules_scroll_and_language_toggle(app: Any) -> None:
    click_widget(app, app.scenes.top.buttons["rules"])
    scene = app.scenes.top
    assert scene.scroll.max_offset > 0
    wheel(app, -3)
    assert scene.scroll.offset > 0
    key(app, pygame.K_END)
    assert scene.scroll.offset == scene.scroll.max_offset
    toggle = next(btn for btn in scene.actions if btn.text == "中文")
    click_widget(app, toggle)
    assert scene.lang == "zh" and scene.scroll.offset == 0
    assert "哈尔滨麻将规则" in scene.source()


def test_new_game_config(app: Any) -> None:
    results: list[MatchConfig] = []
    scene = NewGameScene(app, on_start=results.append)
    app.push(scene)
    step(app)
    expert = next(btn for btn, value in scene.segments["level1"] if value == "expert")
    click_widget(app, expert)
    s4 = next(btn for btn, value in scene.segments["preset"] if value == "S4")
    click_widget(app, s4)
    sixteen = next(btn for btn, value in scene.segments["hands"] if value == 16)
    click_widget(app, sixteen)
    scene.seed_entry.set_text("12345")
    start = next(btn for btn in scene.actions if btn.text == "Start")
    click_widget(app, start)
    assert results == [
        MatchConfig(("normal", "expert", "normal"), results[0].rules, hands=16, seed=12345, preset="S4")
    ]
    assert results[0].rules.base_mobao == 4


def test_new_game_start_opens_the_table(app: Any) -> None:
    from game.ui.table.scene import TableScene

    menu = app.scenes.top
    click_widget(app, menu.buttons["new_game"])
    scene = app.scenes.top
    start = next(btn for btn in scene.actions if btn.text == "Start")
    click_widget(app, start)
    table = app.scenes.top
    assert isinstance(table, TableScene) and app.scenes.scenes == [menu, table]
    assert scene.result is not None and scene.result.seed is None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_scenes_draw_at_other_sizes(isolated_home: Path, size: tuple[int, int]) -> None:
    from game.paths import app_paths
    from game.settings import Settings
    from game.ui.app import App, open_scene

    app = App(app_paths().ensure(), Settings(language="zh"), size=size)
    try:
        for name in ("menu", "settings", "rules", "newgame", "about"):
            app.scenes.clear()
            open_scene(app, name)
            step(app, 2)
            assert app.screen.get_size() == size
    finally:
        app.shutdown()
        pygame.quit()


def test_corrupt_settings_are_reported_at_startup(isolated_home: Path) -> None:
    from game.paths import app_paths
    from game.ui.app import parse_args, start_app

    paths = app_paths().ensure()
    paths.settings_file.write_text("{this is not json", encoding="utf-8")
    app = start_app(parse_args([]))
    try:
        dialog = app.scenes.top
        assert isinstance(dialog, MessageDialog)
        assert "damaged" in dialog.body and "JSON" not in dialog.body  # the player's words ...
        raw = dialog.error.details  # ... and the program's own, for the log and the Details fold
        assert str(paths.settings_file) in raw and "JSON" in raw
        assert paths.settings_file.with_name("settings.json.bad").exists()
        key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, MainMenu)
    finally:
        app.shutdown()
        pygame.quit()
    assert "not valid JSON" in paths.log_file.read_text(encoding="utf-8")


def test_resize_rebuilds_and_minimum_size_holds(app: Any) -> None:
    app.window.size = (1600, 900)
    step(app, 2)
    assert app.size == (1600, 900)
    menu = app.scenes.top
    assert menu.manager.window_resolution == (1600, 900)
    assert app.settings.window_size == (1600, 900)
    click_widget(app, menu.buttons["rules"])  # the rebuilt buttons work
    assert isinstance(app.scenes.top, RulesScene)
    app.window.size = (800, 500)
    step(app, 2)
    assert app.size == (1024, 640)


def test_fullscreen_keeps_the_window_size(app: Any) -> None:
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert app.settings.window_size == (1280, 720)
    key(app, pygame.K_F11)
    assert app.size == (1280, 720)


def test_the_log_starts_with_the_version_a_problem_report_needs(isolated_home: Path) -> None:
    from game import __version__
    from game.paths import app_paths
    from game.ui.app import parse_args, start_app

    app = start_app(parse_args([]))
    app.shutdown()
    pygame.quit()
    log = app_paths().log_file.read_text(encoding="utf-8")
    assert f"harbin-mahjong {__version__}, Python " in log and "pygame-ce " in log
