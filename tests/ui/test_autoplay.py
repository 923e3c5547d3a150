"""The game plays itself: --autoplay, --match-hands, --anim-speed and --scene continue, and their help."""

from __future__ import annotations

import pygame
import pytest

from game.cli.main import main as cli_main
from game.paths import app_paths
from game.replay.logfile import load_log
from game.replay.verify import verify_events
from game.saves import find_save
from game.ui.app import App, parse_args, run_app, start_app
from game.ui.scene import Scene
from game.ui.screens.results import HandResultScene
from game.ui.table.scene import TableScene
from tests.ui.harness import step


def play_to_the_end(app: App, frames: int) -> list[Scene]:
    """Run an autoplayed app until it stops by itself; every screen that was on top, in order."""
    shown: list[Scene] = []
    for _ in range(frames):
        if not app.running:
            return shown
        top = app.scenes.top
        if top is not None and top not in shown:
            shown.append(top)
        step(app)
        pygame.time.wait(0)
    raise AssertionError("the autoplayed match did not end")


def test_help_lists_the_window_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli_main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--autoplay LEVEL", "--match-hands N", "--anim-speed", "--scene", "continue", "--size"):
        assert option in out, option
    assert "instant" in out and "expert" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--autoplay", "grandmaster"], "unknown AI level 'grandmaster'"),
        (["--scene", "table", "--match-hands", "0"], "--match-hands: must be at least 1"),
        (["--scene", "table", "--match-hands", "x"], "--match-hands: must be a whole number"),
        (["--match-hands", "4"], "--match-hands needs --scene table"),
        (["--anim-speed", "warp"], "--anim-speed"),
        (["--scene", "table", "--matches", "3"], "--matches needs --scene table and --autoplay"),
        (["--autoplay", "random", "--matches", "3"], "--matches needs --scene table and --autoplay"),
        (["--scene", "table", "--autoplay", "random", "--matches", "0"], "--matches: must be at least 1"),
    ],
)
def test_bad_window_options_get_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        run_app(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and err.startswith("harbin-mahjong: error: "), err


def test_continue_without_a_save_says_so_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(["--scene", "continue", "--autoplay", "random"]) == 2
    err = capsys.readouterr().err
    saves = app_paths().saves_dir
    assert err.count("\n") == 1 and "no saved match" in err and str(saves / "current.jsonl") in err


def test_autoplay_plays_a_match_through_its_hand_results_and_ends() -> None:
    argv = ["--scene", "table", "--autoplay", "greedy", "--anim-speed", "instant", "--match-hands", "2"]
    app = start_app(parse_args([*argv, "--seed", "11"]))
    try:
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.driver.autoplayed
        assert app.settings.animation_speed == "off" and app.settings.ai_delay_ms == 0 and not app.persist
        shown = play_to_the_end(app, 20000)
    finally:
        app.shutdown()
        pygame.quit()
    assert any(isinstance(s, HandResultScene) for s in shown)  # shown, and went on by themselves
    replays = list(app_paths().replays_dir.glob("match-*.jsonl"))
    assert len(replays) == 1 and find_save(app_paths().saves_dir) == "none"
    kept = load_log(replays[0])
    events = kept.events
    result = verify_events(events)
    assert result.ok and result.hands == 2
    # the autoplayed seat is named by the level that played it, and the header says autoplay played it
    assert events[0].players[0] == "greedy"  # type: ignore[attr-defined]
    assert kept.header["players"][0] == "greedy" and kept.header["autoplay"] == [0]


def test_continue_with_autoplay_finishes_the_saved_match() -> None:
    argv = ["--scene", "table", "--autoplay", "random", "--anim-speed", "instant", "--match-hands", "1"]
    app = start_app(parse_args([*argv, "--seed", "4"]))
    try:
        step(app, 20)  # some of the hand, then the program stops (as a crash would)
    finally:
        app.shutdown()
        pygame.quit()
    assert find_save(app_paths().saves_dir) != "none"
    assert run_app(["--scene", "continue", "--autoplay", "random", "--anim-speed", "instant"]) == 0
    pygame.quit()
    replays = list(app_paths().replays_dir.glob("match-*.jsonl"))
    assert len(replays) == 1 and verify_events(load_log(replays[0]).events).ok


def test_matches_plays_several_matches_in_one_run_then_ends() -> None:
    argv = ["--scene", "table", "--autoplay", "random", "--anim-speed", "instant", "--match-hands", "1"]
    app = start_app(parse_args([*argv, "--seed", "20", "--matches", "3"]))
    try:
        shown = play_to_the_end(app, 30000)
    finally:
        app.shutdown()
        pygame.quit()
    assert sum(isinstance(s, TableScene) for s in shown) == 3  # a new table for each match, in one run
    replays = sorted(app_paths().replays_dir.glob("match-*.jsonl"))
    seeds = sorted(load_log(r).events[0].seed for r in replays)  # type: ignore[attr-defined]
    assert seeds == [20, 21, 22]
    assert all(verify_events(load_log(r).events).ok for r in replays)
