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


class FakeClock:
    """A clock that moves one second each time it is read (no test may depend on the machine's speed)."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_every_decision_is_timed_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.ai.registry import make_player
    from game.ai.selfplay import play_match
    from game.core.rules import RuleSet

    monkeypatch.setattr(bench, "time", FakeClock())
    times = bench.decision_times("greedy", hands=2, seed=7)
    decisions = sum(
        play_match([make_player("greedy", 4 * h + i) for i in range(4)], 7 + h, RuleSet(), hands=1).decisions
        for h in range(2)
    )
    assert times == [1.0] * decisions  # one reading before and one after each decision, nothing else
    assert bench.decisions_per_s(times) == 1.0


def test_percentiles_are_nearest_rank() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert bench.percentile(values, 0.5) == 3.0
    assert bench.percentile(values, 0.99) == 5.0 and bench.percentile(values, 0.0) == 1.0
    assert bench.percentile([], 0.5) == 0.0


def test_self_play_speed_is_hands_over_the_time_taken(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bench, "time", FakeClock())
    assert bench.simulate_hands_per_s("greedy", seconds=0.5) == 16.0  # one 16-hand match in one "second"
