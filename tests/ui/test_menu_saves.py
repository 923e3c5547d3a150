"""The main menu offers Continue only for a save it has checked, says why otherwise, never stalls its
first frame on the check, and plays on without saving when the data folder cannot be written.

Every case drives the real menu with posted mouse and key events on the dummy display.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ui.screens.menu as menu_module
from game.paths import AppPaths, app_paths
from game.ui.app import App, parse_args, start_app
from game.ui.screens.first_run import FirstRunScene
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from game.ui.table.scene import TableScene
from tests.test_saves import saved_match
from tests.ui.harness import click_widget, key, step

# ---------------------------------------------------------------------------------------------- helpers


def open_menu(lang: str = "en") -> tuple[App, MainMenu]:
    """The real program's start (folders, logging, settings, window) with the menu open, one frame drawn."""
    app = start_app(parse_args(["--lang", lang, "--anim-speed", "instant"]))
    if isinstance(app.scenes.top, FirstRunScene):  # a fresh home: "new to Harbin mahjong?" (Esc: the menu)
        key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, MainMenu)
    step(app)
    return app, menu


def wait_for_check(app: App, menu: MainMenu) -> None:
    """Run frames until the menu has its answer about the save."""
    for _ in range(600):
        if menu.save != menu_module.CHECKING:
            step(app)
            return
        step(app)
        threading.Event().wait(0.005)
    raise AssertionError("the save check never answered")


def start_new_game(app: App) -> TableScene:
    """New game, then Start, by mouse; the table that opens."""
    menu = app.scenes.top
    assert isinstance(menu, MainMenu)
    click_widget(app, menu.buttons["new_game"])
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    setup.seed_entry.set_text("42")
    click_widget(app, next(b for b in setup.actions if b.text == app.tr("newgame.start")))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    return table


def new_game_plays_unsaved(app: App) -> None:
    """New game opens a table that is not saved, and play goes on."""
    table = start_new_game(app)
    assert table.driver.path is None and any("cannot save" in w for w in table.driver.warnings)
    play_a_little(app, table)


def play_a_little(app: App, table: TableScene, events: int = 6) -> None:
    """Let the table run until a few events have been played (the AIs move; the person passes or
    throws the newest tile by key) — it must not crash."""
    start = len(table.driver.game.events)
    for _ in range(2000):
        step(app)
        if len(table.driver.game.events) >= start + events or app.scenes.top is not table:
            return
        if table.controls.decision_token is not None and not table.busy:
            if table.controls.actions["pass"]:
                key(app, pygame.K_SPACE, frames=1)
            else:
                table.controls.selected = len(table.frame.hand_ids) - 1
                key(app, pygame.K_RETURN, frames=1)
        threading.Event().wait(0.001)
    raise AssertionError("the table did not play on")


@contextlib.contextmanager
def read_only(*folders: Path) -> Iterator[None]:
    """Make folders unwritable, even for root (chattr +i), and writable again afterwards."""
    root = os.geteuid() == 0
    for folder in folders:
        folder.chmod(0o555)
        if root:
            subprocess.run(["chattr", "+i", str(folder)], check=True)
    try:
        for folder in folders:
            probe = folder / ".probe"
            with contextlib.suppress(OSError):
                probe.write_text("x", encoding="utf-8")
                probe.unlink()
                raise AssertionError(f"{folder} is still writable")
        yield
    finally:
        for folder in folders:
            if root:
                subprocess.run(["chattr", "-i", str(folder)], check=True)
            folder.chmod(0o755)


# ---------------------------------------------------------------------------------------------- item 4


def test_a_save_with_an_illegal_event_greys_continue_with_the_reason_and_new_game_keeps_it() -> None:
    paths = app_paths()
    path = saved_match(paths.saves_dir, moves=20, seed=8)
    lines = path.read_text(encoding="utf-8").splitlines()
    n = next(i for i, t in enumerate(lines) if i > 4 and json.loads(t)["type"] == "tile_discarded")
    bad = json.loads(lines[n])
    bad["seat"] = (bad["seat"] + 1) % 4
    lines[n] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    app, menu = open_menu()
    try:
        wait_for_check(app, menu)
        button = menu.buttons["continue"]
        assert not button.is_enabled
        note = menu.continue_note
        assert note.startswith("The saved match cannot be continued: it breaks the rules at event ")
        raw = menu.problems["save"].details  # the program's own line, for the log
        assert str(path) in raw and f"line {n + 1}:" in raw and str(path) not in note
        assert "New game keeps this file as an unfinished replay" in note
        assert menu.note_rect() is not None
        click_widget(app, button)  # greyed: nothing opens
        assert app.scenes.top is menu
        table = start_new_game(app)
        play_a_little(app, table)
        kept = list(paths.replays_dir.glob("unfinished-*.jsonl"))
        assert len(kept) == 1
        kept_lines = kept[0].read_text(encoding="utf-8").splitlines()
        assert kept_lines[1:] == lines[1:] and json.loads(kept_lines[0])["status"] == "abandoned"
        assert table.driver.path == path and path.exists()  # the new match is saved in its place
    finally:
        app.shutdown()
        pygame.quit()


def test_a_header_that_disagrees_and_an_oversized_save_grey_continue_in_chinese() -> None:
    paths = app_paths()
    path = saved_match(paths.saves_dir, moves=4, seed=8)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header.update(hands=16, preset=["x"])
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    app, menu = open_menu("zh")
    try:
        wait_for_check(app, menu)
        assert not menu.buttons["continue"].is_enabled
        assert menu.continue_note.startswith("上次的对局无法继续：文件开头记录的信息和里面的对局对不上。")
        assert "hands (16)" in menu.problems["save"].details and "hands" not in menu.continue_note
        assert "未完成的回放" in menu.continue_note
        # back from a screen the menu checks again: now a 50 MB save
        os.truncate(path, 50 * 2**20)
        click_widget(app, menu.buttons["rules"])
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is menu
        wait_for_check(app, menu)
        assert not menu.buttons["continue"].is_enabled and "文件太大了" in menu.continue_note
        assert "50.0 MB" in menu.problems["save"].details
    finally:
        app.shutdown()
        pygame.quit()


def test_the_first_frame_does_not_wait_for_a_slow_check(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = app_paths()
    saved_match(paths.saves_dir, moves=6, seed=8)
    release = threading.Event()
    real = menu_module.check_folders

    def slow(p: AppPaths) -> object:
        release.wait(10)
        return real(p)

    monkeypatch.setattr(menu_module, "check_folders", slow)
    app, menu = open_menu()
    try:
        assert app.frame >= 1 and menu.save == menu_module.CHECKING
        assert not menu.buttons["continue"].is_enabled and "Checking" in menu.continue_note
        step(app, 3)
        assert menu.save == menu_module.CHECKING
        release.set()
        wait_for_check(app, menu)
        assert menu.buttons["continue"].is_enabled and "Hand 1/4" in menu.continue_note
        assert menu.continue_note.endswith("your score 0"), "a bare number beside Continue says nothing"
        click_widget(app, menu.buttons["continue"])
        assert isinstance(app.scenes.top, TableScene)
    finally:
        release.set()
        app.shutdown()
        pygame.quit()


# ---------------------------------------------------------------------------------------------- item 6


def assert_storage_notice(menu: MainMenu, folder: Path) -> None:
    text = menu.notes.get("new_game", ("", None))[0]
    assert text.startswith("Matches cannot be saved: ") and "will not be saved" in text, text
    assert str(folder) in menu.problems["storage"].details and str(folder) not in text


def test_a_read_only_data_folder_shows_a_notice_and_new_game_and_continue_play_unsaved(
    isolated_home: Path,
) -> None:
    paths = app_paths().ensure()
    path = saved_match(paths.saves_dir, moves=8, seed=8)
    before = path.read_bytes()
    with read_only(paths.data_dir, paths.saves_dir, paths.replays_dir):
        app, menu = open_menu()
        try:
            wait_for_check(app, menu)
            assert_storage_notice(menu, paths.saves_dir)
            # Continue works (the save can be read) and plays on without saving
            assert menu.buttons["continue"].is_enabled
            assert "unfinished replay" not in menu.continue_note  # it could not be moved: not promised
            click_widget(app, menu.buttons["continue"])
            table = app.scenes.top
            assert isinstance(table, TableScene) and table.driver.path is None
            assert any("cannot save" in w for w in table.driver.warnings)
            play_a_little(app, table)
            key(app, pygame.K_ESCAPE)
            click_widget(app, app.scenes.top.focus_order[0])  # leave
            assert app.scenes.top is menu
            wait_for_check(app, menu)
            new_game_plays_unsaved(app)  # New game too; the old save stays as it was
        finally:
            app.shutdown()
            pygame.quit()
    assert path.read_bytes() == before and list(paths.replays_dir.iterdir()) == []


def test_a_home_that_is_a_file_shows_a_notice_and_new_game_plays_unsaved(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = isolated_home.parent / "home-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("HARBIN_MAHJONG_HOME", str(blocker))
    app, menu = open_menu("zh")
    try:
        wait_for_check(app, menu)
        text = menu.notes["new_game"][0]
        assert text.startswith("对局无法保存：路径上有一个文件占了文件夹的位置。"), text
        assert "不会保存" in text
        assert str(blocker) in menu.problems["storage"].details
        assert not menu.buttons["continue"].is_enabled
        new_game_plays_unsaved(app)
    finally:
        app.shutdown()
        pygame.quit()
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_home_that_cannot_be_created_shows_a_notice_and_new_game_plays_unsaved(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parent = isolated_home.parent / "locked"
    parent.mkdir()
    home = parent / "home"
    monkeypatch.setenv("HARBIN_MAHJONG_HOME", str(home))
    with read_only(parent):
        app, menu = open_menu()
        try:
            wait_for_check(app, menu)
            assert_storage_notice(menu, home)
            assert not menu.buttons["continue"].is_enabled and "No match" in menu.continue_note
            new_game_plays_unsaved(app)
        finally:
            app.shutdown()
            pygame.quit()
    assert not home.exists()
    shutil.rmtree(parent)
