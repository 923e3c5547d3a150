"""The AI's bench figures: latency percentiles per level and self-play speed, with the keys the bench uses."""

from __future__ import annotations

from game.ai.registry import LADDER
from game.benchmarks import ai as bench


def test_ai_figures_keys(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bench, "decision_times", lambda level, hands, seed=7: [0.001, 0.002, 0.003])
    monkeypatch.setattr(bench, "simulate_hands_per_s", lambda level="normal", seconds=2.0, seed=100: 123.0)
    figures = bench.ai_figures(quick=True)
    for level in LADDER:
        assert figures[f"decision_ms_p50_{level}"] == 2.0
        assert figures[f"decision_ms_p99_{level}"] == 3.0
        assert figures[f"decisions_per_s_{level}"] == 500.0  # three decisions in 6 ms of thinking
    assert figures["simulate_normal_hands_per_s"] == 123.0


def test_decision_times_are_measured() -> None:
    times = bench.decision_times("normal", hands=1)
    assert len(times) > 10 and all(t > 0 for t in times)
    assert bench.percentile(times, 0.5) <= bench.percentile(times, 0.99)
    assert bench.simulate_hands_per_s("greedy", seconds=0.1) > 0
