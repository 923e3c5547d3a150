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
from game.ui.kit.error_dialog import ErrorDialog
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


HOSTILE: dict[str, tuple[Callable[[Path], None], str, str]] = {
    "huge number": (
        _write('{"format": "harbin-mahjong-log", "version": ' + HUGE_NUMBER + "}\n"),
        "too many digits",
        "the file is damaged",
    ),
    "deep nesting": (_write('{"format": ' + DEEP + "}\n"), "nested too deeply", "the file is damaged"),
    "pipe": (lambda path: os.mkfifo(path), "a pipe", "not a regular file"),
    "dev zero": (lambda path: path.symlink_to("/dev/zero"), "a device", "not a regular file"),
    "folder": (lambda path: path.mkdir(), "a folder", "not a regular file"),
    "oversized": (_oversized, "too big", "the file is far too big"),
}
"""A hostile save: how to make it, what the program's own message says, and what the player reads."""


@pytest.mark.parametrize("case", HOSTILE)
def test_the_menu_opens_with_a_hostile_save_and_settings(isolated_home: Path, case: str) -> None:
    from game.ui.app import parse_args, start_app

    make, words, players = HOSTILE[case]
    paths = app_paths().ensure()
    make(save_path(paths.saves_dir))
    settings_text = '{"volume": ' + (HUGE_NUMBER if case != "deep nesting" else DEEP[:40_000]) + "}"
    paths.settings_file.write_text(settings_text, encoding="utf-8")
    app = start_app(parse_args(["--lang", "en"]))
    try:
        dialog = app.scenes.top
        assert isinstance(dialog, ErrorDialog) and str(paths.settings_file) in dialog.error.details
        key(app, pygame.K_RETURN)
        menu = app.scenes.top
        assert isinstance(menu, MainMenu)
        assert not menu.buttons["continue"].is_enabled
        note = menu.continue_note
        assert note.startswith("The saved match cannot be continued: ") and players in note
        found = menu.problems["save"]  # the program's own words, for the log
        assert str(save_path(paths.saves_dir)) in found.details and words in found.details
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
