"""AI figures for ``harbin-mahjong bench``: decision latency per level and self-play speed.

:func:`ai_figures` plays short seeded self-play matches with four players of
each level, times every decision, and reports the 50th and 99th percentile in
milliseconds (``decision_ms_p50_<level>``, ``decision_ms_p99_<level>``) and
the decisions one core makes per second (``decisions_per_s_<level>``: decisions over
the time spent deciding), plus the end-to-end speed of ``simulate`` with four Normal players on one core
(``simulate_normal_hands_per_s``). A first hand is played before the clock
starts, so the lazily loaded shanten tables are not counted.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..ai.base import Decision, Player
from ..ai.registry import LADDER, make_player
from ..ai.selfplay import play_match
from ..core.actions import Action
from ..core.rules import RuleSet
from ..core.view import SeatView


class _Clock:
    """Wraps a player and records how long each decision takes."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        t0 = time.perf_counter()
        d = self.inner.decide(view, legal)
        self.times.append(time.perf_counter() - t0)
        return d


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0-1) of the values, nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def decision_times(level: str, hands: int, seed: int = 7) -> list[float]:
    """Seconds per decision of four ``level`` players over ``hands`` one-hand matches."""
    rules = RuleSet()
    play_match([make_player(level, i) for i in range(4)], seed - 1, rules, hands=1)  # warm up
    times: list[float] = []
    for h in range(hands):
        players: list[Player] = [_Clock(make_player(level, 4 * h + i), times) for i in range(4)]
        play_match(players, seed + h, rules, hands=1)
    return times


def simulate_hands_per_s(level: str = "normal", seconds: float = 2.0, seed: int = 100) -> float:
    """Self-play hands per second with four players of one level (one core, 16-hand matches)."""
    rules = RuleSet()
    play_match([make_player(level, i) for i in range(4)], seed - 1, rules, hands=1)  # warm up
    done = 0
    start = time.perf_counter()
    match = 0
    while True:
        record = play_match(
            [make_player(level, 4 * match + i) for i in range(4)], seed + match, rules, hands=16
        )
        done += len(record.hands)
        match += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def decisions_per_s(times: Sequence[float]) -> float:
    """Decisions per second of thinking: how many decisions one core makes when it does nothing else."""
    total = sum(times)
    return len(times) / total if total > 0 else 0.0


def ai_figures(quick: bool = False) -> dict[str, float]:
    """Decisions/s and decision latency p50/p99 (ms) per level; ``simulate`` hands/s, four Normal players."""
    hands = {"random": 8, "greedy": 8, "novice": 8, "normal": 8, "strong": 6, "expert": 4}
    scale = 1 if quick else 5
    out: dict[str, float] = {}
    for level in LADDER:
        times = decision_times(level, hands[level] * scale)
        out[f"decision_ms_p50_{level}"] = round(1000 * percentile(times, 0.50), 3)
        out[f"decision_ms_p99_{level}"] = round(1000 * percentile(times, 0.99), 3)
        out[f"decisions_per_s_{level}"] = round(decisions_per_s(times), 1)
    out["simulate_normal_hands_per_s"] = round(simulate_hands_per_s("normal", 1.0 if quick else 5.0), 1)
    return out
