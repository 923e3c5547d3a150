"""The errors a player meets in the window, in Chinese: each screen shows the player's sentence (what
happened, what to do), never the program's or the system's English; the raw text goes to the log and to
the dialog's "Details" fold; the dialog's focus is on OK, so Enter closes it."""

from __future__ import annotations

import errno
import logging
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.paths import AppPaths, app_paths
from game.settings import Settings, save_settings
from game.ui.app import App, parse_args, start_app
from game.ui.kit.error_dialog import ErrorDialog
from game.ui.kit.prompt import PromptDialog
from game.ui.replay.dialogs import ask_import
from game.ui.screens.menu import MainMenu
from tests.replay.helpers import SAVES
from tests.ui.harness import click_widget, key, step
from tests.ui.test_error_words import assert_players_words

SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"
READ_ONLY = os.strerror(errno.EROFS)


@pytest.fixture
def paths(isolated_home: Path) -> Iterator[AppPaths]:
    yield app_paths().ensure()
    pygame.quit()


def chinese_app(paths: AppPaths) -> App:
    app = App(paths, Settings(language="zh", animation_speed="off", ai_delay_ms=0), size=(1280, 720))
    app.push(MainMenu(app))
    step(app)
    return app


def no_english(text: str) -> None:
    for raw in ("Errno", READ_ONLY, ".tmp", "UTF-8", "refused", "event", ".jsonl", "HarbinMahjong"):
        assert raw not in text, (raw, text)


def test_a_read_only_settings_folder(paths: AppPaths, monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    from game.ui.screens.settings import SettingsScene

    def refuse(settings: Settings, where: AppPaths) -> Path:
        raise OSError(errno.EROFS, READ_ONLY, str(where.settings_file) + ".ld9qeoju.tmp")

    monkeypatch.setattr("game.ui.app.save_settings", refuse)
    app = chinese_app(paths)
    try:
        scene = SettingsScene(app)
        app.push(scene)
        step(app)
        with caplog.at_level(logging.WARNING):
            scene.change(volume=0.3)
        assert scene.error is not None and scene.error.startswith("设置没有保存：磁盘或文件夹是只读的。")
        no_english(scene.error)
        step(app)  # drawn as it is
        assert READ_ONLY in caplog.text and ".ld9qeoju.tmp" in caplog.text  # the raw words are in the log
    finally:
        app.shutdown()


def test_a_garbage_settings_file_opens_a_dialog_with_ok_focused_and_details_folded(paths: AppPaths) -> None:
    save_settings(Settings(language="zh"), paths)
    paths.settings_file.write_bytes(b'{"language": "zh", "hints": 2' + b"\xff" * 40)
    app = start_app(parse_args(["--lang", "zh", "--anim-speed", "instant"]))
    try:
        step(app)
        dialog = app.scenes.top
        assert isinstance(dialog, ErrorDialog)
        assert dialog.body.startswith("设置文件读不出来，已改用默认设置：文件不是文本")
        assert_players_words(dialog.error)
        assert "not UTF-8" in dialog.error.details and "not UTF-8" not in dialog.body
        assert [b.text for b in dialog.focus_order] == ["打开所在文件夹", "详细信息", "确定"]
        assert dialog.focused is dialog.focus_order[-1]  # OK, not "Open folder"
        click_widget(app, dialog.focus_order[1])  # Details: the program's own words under the sentence
        assert app.scenes.top is dialog and dialog.open and dialog.focused is dialog.focus_order[-1]
        step(app, 2)
        key(app, pygame.K_RETURN)  # Enter: OK
        assert isinstance(app.scenes.top, MainMenu)
    finally:
        app.shutdown()


def test_a_data_folder_that_cannot_be_written(paths: AppPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ui.screens.menu.storage_problem", lambda p: f"{p.saves_dir}: {READ_ONLY}")
    app = chinese_app(paths)
    try:
        menu = app.scenes.top
        assert isinstance(menu, MainMenu)
        step(app, 3)
        note = menu.notes["new_game"][0]
        assert note == "对局无法保存：磁盘或文件夹是只读的。可以照常游戏，但对局不会保存。"
    finally:
        app.shutdown()


def tampered(folder: Path) -> Path:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    lines[5], lines[6] = lines[6], lines[5]
    path = folder / "changed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_opening_a_tampered_replay(paths: AppPaths) -> None:
    app = chinese_app(paths)
    try:
        assert not app.nav.viewer(tampered(paths.replays_dir))
        dialog = app.scenes.top
        assert isinstance(dialog, ErrorDialog)
        assert dialog.body.startswith("这个回放打不开：它在第4步不符合规则")
        no_english(dialog.body)
        assert "event 4" in dialog.error.details
        key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, MainMenu)
    finally:
        app.shutdown()


def test_importing_a_pipe_a_tampered_file_and_damaged_codes(paths: AppPaths, tmp_path: Path) -> None:
    app = chinese_app(paths)
    os.mkfifo(tmp_path / "pipe.jsonl")
    cases = {
        str(tmp_path / "pipe.jsonl"): "这不是一个普通文件",
        str(tampered(tmp_path)): "它在第4步不符合规则",
        str(tmp_path / "nothing.jsonl"): "找不到这个文件",
        "HM1.AAAAAAAA": "分享码已损坏或不完整",
        "HM7.AAAA": "分享码来自更新版本的游戏",
    }
    try:
        for text, words in cases.items():
            ask_import(app, paths.replays_dir, lambda path: None, lambda text, problem: None)
            dialog = app.scenes.top
            assert isinstance(dialog, PromptDialog)
            note = dialog.on_submit(text)
            assert note is not None and note.startswith("回放没有导入：") and words in note, note
            no_english(note)
            dialog.close()
        assert list(paths.replays_dir.iterdir()) == []
    finally:
        app.shutdown()


def test_the_library_says_why_a_file_is_broken(paths: AppPaths) -> None:
    from game.ui.replay.library import ReplayLibraryScene

    shutil.copy(SAMPLE, paths.replays_dir / "good.jsonl")
    tampered(paths.replays_dir)
    app = chinese_app(paths)
    try:
        scene = ReplayLibraryScene(app, folder=paths.replays_dir, saves_dir=paths.saves_dir)
        app.push(scene)
        assert scene.wait_loaded()
        broken = next(e for e in scene.list.entries if e.name == "changed")
        lines = [text for text, *_ in scene.detail_lines(broken)]
        assert (
            lines[1]
            == "这个回放不能用：它在第4步不符合规则，文件可能被改动过。这个文件无法使用，请换一个完好的回放。"
        )
        no_english(" ".join(lines[1:]))
    finally:
        app.shutdown()


def test_lesson_progress_that_cannot_be_saved(paths: AppPaths, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.lessons.progress_store import record_lesson

    def full(progress: object, where: AppPaths) -> Path:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(where.data_dir / "progress.json"))

    monkeypatch.setattr("game.ui.lessons.progress_store.save_progress", full)
    app = chinese_app(paths)
    try:
        note = record_lesson(app, "kaimen", "done", 3)
        assert note == "学习进度没有保存：磁盘已满。请腾出一些空间后再试。"
    finally:
        app.shutdown()


def test_a_disk_that_fills_during_a_match_is_said_at_the_table(
    paths: AppPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.replay.logfile import LogWriter
    from game.saves import check_save
    from game.ui.table.scene import TableScene
    from tests.table_fixtures import scripted_session
    from tests.ui.test_table import click_tile, settle

    app = chinese_app(paths)
    try:
        table = TableScene(app, scripted_session(saves_dir=paths.saves_dir))
        app.push(table)
        settle(app, table)
        save = table.driver.path
        assert save is not None and app.notices.current is None

        def full(self: LogWriter, events: object) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.path))

        monkeypatch.setattr(LogWriter, "append", full)
        click_tile(app, table, 9)
        settle(app, table)
        assert app.notices.current is not None
        assert app.notices.current.text == (
            "对局无法保存：磁盘已满。可以照常游戏，但这一局后面的牌不会保存；之前保存的部分仍可以继续。"
        )
        assert check_save(save).events  # what was saved before stays a save that can be continued
    finally:
        app.shutdown()
