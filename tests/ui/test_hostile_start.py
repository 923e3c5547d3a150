"""The game reaches its main menu with hostile save and settings files, and New game still works."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.paths import app_paths
from game.safe_read import MAX_LOG_BYTES
from game.saves import save_path
from game.ui.kit.dialog import MessageDialog
from game.ui.screens.menu import MainMenu
from game.ui.table.scene import TableScene
from tests.fuzz_files import HUGE_NUMBER
from tests.ui.harness import click_widget, key, step

DEEP = "[" * 100_000 + "]" * 100_000


def _write(text: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.write_text(text, encoding="utf-8")

    return make


def _oversized(path: Path) -> None:
    with path.open("wb") as handle:
        handle.truncate(MAX_LOG_BYTES + 1)


HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "huge number": (
        _write('{"format": "harbin-mahjong-log", "version": ' + HUGE_NUMBER + "}\n"),
        "too many digits",
    ),
    "deep nesting": (_write('{"format": ' + DEEP + "}\n"), "nested too deeply"),
    "pipe": (lambda path: os.mkfifo(path), "a pipe"),
    "dev zero": (lambda path: path.symlink_to("/dev/zero"), "a device"),
    "folder": (lambda path: path.mkdir(), "a folder"),
    "oversized": (_oversized, "too big"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_the_menu_opens_with_a_hostile_save_and_settings(isolated_home: Path, case: str) -> None:
    from game.ui.app import parse_args, start_app

    make, words = HOSTILE[case]
    paths = app_paths().ensure()
    make(save_path(paths.saves_dir))
    settings_text = '{"volume": ' + (HUGE_NUMBER if case != "deep nesting" else DEEP[:40_000]) + "}"
    paths.settings_file.write_text(settings_text, encoding="utf-8")
    app = start_app(parse_args(["--lang", "en"]))
    try:
        dialog = app.scenes.top
        assert isinstance(dialog, MessageDialog) and str(paths.settings_file) in dialog.body
        key(app, pygame.K_RETURN)
        menu = app.scenes.top
        assert isinstance(menu, MainMenu)
        assert not menu.buttons["continue"].is_enabled
        assert str(save_path(paths.saves_dir)) in menu.continue_note and words in menu.continue_note
        assert paths.settings_file.with_name("settings.json.bad").exists()
        click_widget(app, menu.buttons["new_game"])
        start = next(btn for btn in app.scenes.top.actions if btn.text == "Start")
        click_widget(app, start)
        assert isinstance(app.scenes.top, TableScene)
        step(app, 3)
    finally:
        app.shutdown()
        pygame.quit()


def test_the_real_program_starts_with_hostile_files(tmp_path: Path) -> None:
    env = dict(os.environ, HARBIN_MAHJONG_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy")
    env.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    paths = app_paths(env).ensure()
    save_path(paths.saves_dir).write_text('{"format": ' + DEEP + "}\n", encoding="utf-8")
    paths.settings_file.write_text('{"ui_scale": ' + HUGE_NUMBER + "}", encoding="utf-8")
    shot = tmp_path / "menu.png"
    run = subprocess.run(
        [sys.executable, "-m", "game", "--screenshot", str(shot), "--frames", "3"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and shot.stat().st_size > 0
    log = paths.log_file.read_text(encoding="utf-8")
    assert "a number with too many digits; using the default settings" in log
