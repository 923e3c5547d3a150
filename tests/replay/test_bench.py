"""The replay bench figures: the keys ``harbin-mahjong bench --parts replay`` reports, from a real run."""

from __future__ import annotations

import pytest

from game.benchmarks import PARTS, matches, run_bench

# slow: a real run of the replay bench: not in the fast lane
pytestmark = pytest.mark.slow


def test_the_replay_figures_are_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matches, "HANDS", 1)  # the same workload, one hand instead of sixteen
    header, events = matches.bench_match()
    assert header["hands"] == 1 and header["players"] == ["expert"] * 4
    figures = run_bench(quick=True, parts=("replay",))
    assert "replay" in PARTS
    for key in ("replay_load_ms", "replay_load_verify_ms", "share_code_chars", "share_encode_ms",
                "share_decode_ms", "review_decisions_per_s", "review_match_s", "review_match_cpu_s",
                "replay_open_ms", "replay_seek_ms_p50",
                "replay_seek_ms_p99"):  # fmt: skip
        assert figures[key] > 0, key
    assert figures["replay_events"] == len(events)
