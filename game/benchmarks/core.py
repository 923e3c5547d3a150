"""Figures of the rules core: hand analysis and self-play throughput over fixed, seeded workloads."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..core.analysis.ting import MeldShape, ting_report
from ..core.rules import RuleSet
from ..core.tiles import NUM_TILES


def _timed(fn: Callable[[], int], seconds: float) -> float:
    """Calls per second of ``fn`` (which returns how many operations it did) over ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def ready_hands(n: int, seed: int = 1) -> list[tuple[list[int], tuple[MeldShape, ...]]]:
    """Random 13-tile ready hands (one chi, one peng, seven concealed tiles) that may declare 听."""
    rng = random.Random(seed)
    rules = RuleSet()
    out: list[tuple[list[int], tuple[MeldShape, ...]]] = []
    while len(out) < n:
        tiles = list(range(NUM_TILES))
        rng.shuffle(tiles)
        counts = [0] * 28
        for t in tiles[:7]:
            counts[t >> 2] += 1
        chi_first = rng.choice([0, 6, 9, 15, 18, 24])
        melds = (MeldShape("chi", chi_first), MeldShape("peng", rng.randrange(28)))
        if any(counts[m.first] + 3 > 4 for m in melds[1:]):
            continue
        if ting_report(counts, melds, rules).ting_allowed:
            out.append((counts, melds))
    return out


def measure_waits_per_s(seconds: float = 1.0) -> float:
    """Legal waits with 卡当 of a 13-tile hand (ting_report), per second."""
    rules = RuleSet()
    hands = ready_hands(200)

    def run() -> int:
        for counts, melds in hands:
            ting_report(counts, melds, rules)
        return len(hands)

    return _timed(run, seconds)


def measure_simulate_hands_per_s(seconds: float = 2.0, players: str = "random") -> float:
    """Self-play hands per second with four players of one kind (one core)."""
    from ..ai.registry import make_player
    from ..ai.selfplay import play_match

    rules = RuleSet()
    seed = [0]

    def run() -> int:
        seat_players = [make_player(players, seed[0] * 4 + i) for i in range(4)]
        record = play_match(seat_players, seed[0], rules, hands=4)
        seed[0] += 1
        return len(record.hands)

    return _timed(run, seconds)


def core_figures(quick: bool = False) -> dict[str, Any]:
    """Hand analysis and engine throughput."""
    from .shanten import measure_shanten_incremental_per_s, measure_shanten_per_s

    t = 0.3 if quick else 1.5
    return {
        "shanten_per_s": round(measure_shanten_per_s(t)),
        "shanten_incremental_per_s": round(measure_shanten_incremental_per_s(t)),
        "waits_per_s": round(measure_waits_per_s(t)),
        "simulate_hands_per_s": round(measure_simulate_hands_per_s(2 * t), 1),
    }
