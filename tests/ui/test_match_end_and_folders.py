"""The match result's figures board (大赢家, 炮手, per-seat counts) and the "Open folder" buttons beside a
saved file's path: the folder handed to the file manager by the platform's way, a failure said in a toast."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygame
import pytest

from game.core.records import hand_records
from game.paths import app_paths
from game.table.results import MatchResult, match_counts
from game.ui.app import parse_args, start_app
from game.ui.kit.error_dialog import ErrorDialog
from game.ui.kit.folders import open_folder, system_opener
from game.ui.screens.match_board import verdict
from game.ui.screens.results import MatchResultScene
from tests.test_match_counts import CONSTRUCTED
from tests.ui.harness import click_widget, step
from tests.ui.test_table import make_app

NAMES = ("You", "next player", "opposite player", "previous player")


def constructed_result(saved_as: Path | None) -> MatchResult:
    counts = match_counts(CONSTRUCTED)
    records = hand_records(CONSTRUCTED)
    return MatchResult(
        NAMES, (None, "normal", "normal", "normal"), records, (9, 9, -20, 2), (0,) * 4, saved_as, counts
    )


def test_the_match_result_names_the_top_scorer_and_the_most_deal_ins(tmp_path: Path) -> None:
    app = make_app()
    try:
        app.nav.match_result(constructed_result(None))
        step(app, 3)
        scene = app.scenes.top
        assert isinstance(scene, MatchResultScene)
        assert scene.board.h > 0 and not scene.board.colliderect(scene.chart)
        assert scene.board.bottom <= app.size[1] and scene.folder_button is None
        words = verdict(scene.result, "en")
        assert words == "Top scorer: You, next player · Most deal-ins: opposite player (2)"
        assert verdict(scene.result, "zh") == "大赢家：You、next player　炮手：opposite player（点炮 2 次）"
    finally:
        app.shutdown()
        pygame.quit()


def test_open_replays_folder_from_the_match_result(tmp_path: Path) -> None:
    replay = tmp_path / "replays" / "match-1.jsonl"
    replay.parent.mkdir()
    replay.write_text("{}\n", encoding="utf-8")
    app = make_app()
    opened: list[Path] = []
    app.folder_opener = opened.append
    try:
        app.nav.match_result(constructed_result(replay))
        step(app, 3)
        scene = app.scenes.top
        assert isinstance(scene, MatchResultScene) and scene.folder_button is not None
        click_widget(app, scene.folder_button)
        assert opened == [replay.parent] and app.notices.current is None

        def broken(folder: Path) -> None:
            raise FileNotFoundError(2, "No such file or directory", "xdg-open")

        app.folder_opener = broken
        click_widget(app, scene.folder_button)  # never a crash: a toast says why
        assert app.notices.current is not None
        assert app.notices.current.text == (
            "The folder did not open: the system has no program to open folders with. "
            "Open it yourself in a file manager."
        )
        step(app, 2)
        assert app.scenes.top is scene
    finally:
        app.shutdown()
        pygame.quit()


def test_the_settings_problem_dialog_opens_the_settings_folder() -> None:
    paths = app_paths().ensure()
    paths.settings_file.write_text('{"hints": 9}', encoding="utf-8")
    app = start_app(parse_args(["--size", "1280x720"]))
    opened: list[Path] = []
    app.folder_opener = opened.append
    try:
        step(app, 2)
        dialog = app.scenes.top
        assert isinstance(dialog, ErrorDialog) and "hints" in dialog.error.details
        assert "some of its values cannot be used" in dialog.body and dialog.focused is dialog.focus_order[-1]
        click_widget(app, dialog.focus_order[0])  # Open folder
        assert opened == [paths.settings_file.parent]
    finally:
        app.shutdown()
        pygame.quit()


def test_the_folder_opener_of_each_platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: launched.append(args))
    system_opener("linux")(tmp_path)
    system_opener("darwin")(tmp_path)
    assert launched == [["xdg-open", str(tmp_path)], ["open", str(tmp_path)]]
    started: list[str] = []
    monkeypatch.setattr("os.startfile", started.append, raising=False)
    system_opener("win32")(tmp_path)
    assert started == [str(tmp_path)]
    # a file's folder, a folder itself; a missing folder or a failing opener is said, not raised
    seen: list[Path] = []
    (tmp_path / "a.jsonl").write_text("", encoding="utf-8")
    assert open_folder(tmp_path / "a.jsonl", seen.append) is None and seen == [tmp_path]
    assert open_folder(tmp_path, seen.append) is None and seen[-1] == tmp_path
    assert (
        open_folder(tmp_path / "gone" / "x.json", seen.append)
        == f"{tmp_path / 'gone'}: the folder does not exist"
    )

    def refuse(folder: Path) -> None:
        raise PermissionError(13, "Permission denied")

    assert open_folder(tmp_path, refuse) == f"{tmp_path}: Permission denied"


def test_the_hand_list_never_shows_a_lone_ellipsis(isolated_home: Path) -> None:
    """Where no hand's line fits under the standings the list is left out whole (a "…" with nothing before
    it read as something broken); the summary above it counts in good English ("1 hand", not "1 hands")."""
    from tests.ui.textfit import fit_app, record_frame

    for size in ((1280, 720), (1920, 1080)):
        with fit_app(size, "en") as app:
            app.nav.match_result(constructed_result(Path("match-1.jsonl")))
            step(app, 3)
            texts = [d.text for d in record_frame(app)]
            hands = [t for t in texts if t.startswith("Hand ") and " of " in t]
            if "…" in texts:
                assert hands, (size, "a lone …")
            summary = next(t for t in texts if "you won" in t)
            assert summary == "1 hand · you won 0 · 1 drawn hand", summary  # not "1 hands … 1 draws"
