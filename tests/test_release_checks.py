"""The helpers of the release smoke tests (tools/release_checks.py): comparing runs, reading --help."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.release_checks import Report, player_env, scene_choices, steady


def test_timings_and_the_worker_count_are_left_out_of_a_comparison() -> None:
    out = {
        "hands": 8,
        "seconds": 0.98,
        "hands_per_s": 8.1,
        "decisions_per_s": 3,
        "workers": 2,
        "nested": [{"replay_open_ms": 4, "win_rate": 0.25}],
        "hands_per_second": 11.2,
    }
    assert steady(out) == {"hands": 8, "nested": [{"win_rate": 0.25}]}


def test_the_screens_are_read_from_the_programs_help() -> None:
    text = "usage: harbin-mahjong [-h]\n  [--scene {menu,rules,table,lesson}] [--seed SEED]\n"
    assert scene_choices(text) == ["menu", "rules", "table", "lesson"]
    assert scene_choices("usage: harbin-mahjong [-h]") == []


def test_a_players_run_never_points_at_the_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HARBIN_MAHJONG_ASSETS", str(tmp_path / "assets"))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    env = player_env(tmp_path / "home", {"HARBIN_MAHJONG_MP_START": "spawn"})
    assert "HARBIN_MAHJONG_ASSETS" not in env and "PYTHONPATH" not in env
    assert env["HARBIN_MAHJONG_HOME"] == str(tmp_path / "home") and env["SDL_VIDEODRIVER"] == "dummy"
    assert env["HARBIN_MAHJONG_MP_START"] == "spawn"


def test_a_report_counts_its_failures() -> None:
    report = Report()
    assert report.check("one", True) and not report.check("two", False, "why")
    report.note("skipped three")
    assert report.failures == ["two: why"] and report.notes == ["skipped three"]
