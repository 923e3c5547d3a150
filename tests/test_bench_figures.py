"""``harbin-mahjong bench`` measures every figure the project reports, in one run (a real --quick run)."""

from __future__ import annotations

import json

import pytest

from game.ai.registry import LADDER
from game.cli.main import main

# slow: a real `bench --quick` run: not in the fast lane
pytestmark = pytest.mark.slow

SIZES = ("1024x640", "1920x1080")
"""The smallest window the game allows and a full-HD screen."""


def required_figures() -> list[str]:
    """The figures issues 15 and 22 ask of one run: shanten, AI per level, simulate, frames, idle, start-up,
    replays."""
    keys = ["shanten_per_s", "shanten_incremental_per_s"]
    keys += ["simulate_hands_per_s", "simulate_normal_hands_per_s"]
    for level in LADDER:
        keys += [f"decisions_per_s_{level}", f"decision_ms_p50_{level}", f"decision_ms_p99_{level}"]
    for size in SIZES:
        keys += [f"frame_ms_p50_{size}", f"frame_ms_p99_{size}", f"play_frame_ms_p99_{size}"]
    keys += ["idle_cpu_percent"]  # issue 22: the table at rest (and idle_frames_per_s, which may be 0)
    keys += ["rules_popup_ms_first", "rules_popup_ms", "rules_popup_busy_ms"]  # issue 22: F3 at once
    keys += ["startup_to_first_frame_s", "startup_uncompiled_s"]  # issue 22: under 0.6 s
    keys += ["replay_load_ms", "replay_seek_ms_p50", "replay_seek_ms_p99"]
    keys += ["viewer_seek_frame_ms_p50", "viewer_seek_frame_ms_p99", "viewer_next_frame_ms_p99"]
    return keys


def test_one_quick_run_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["partial"] is False
    missing = [key for key in required_figures() if key not in figures]
    assert missing == []
    for key in required_figures():  # a latency may round to 0 ms (the random player); a rate never is 0
        assert isinstance(figures[key], int | float) and figures[key] >= 0, (key, figures[key])
        assert figures[key] > 0 or key.startswith("decision_ms_"), key
    for size in SIZES:  # a percentile never below the median
        assert figures[f"frame_ms_p99_{size}"] >= figures[f"frame_ms_p50_{size}"]
    assert figures["replay_seek_ms_p99"] >= figures["replay_seek_ms_p50"]
    for level in LADDER:
        assert figures[f"decision_ms_p99_{level}"] >= figures[f"decision_ms_p50_{level}"]


def test_the_help_names_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for name in ("core", "ai", "ui", "replay", "decisions_per_s_LEVEL", "1024x640", "1920x1080"):
        assert name in text, name


def test_an_unknown_part_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--parts", "core,gpu"]) == 2
    err = capsys.readouterr().err
    assert "--parts" in err and "gpu" in err
