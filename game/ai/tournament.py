"""Duplicate 1v3 tournaments: how much better one player kind is than another, with a confidence interval.

Each seed's wall is played four times, one hand each, with the challenger
rotating through the four seats against three copies of the baseline (the
dealer and the wall stay the same). The unit of analysis is the seed: the
challenger's mean score over its four seats. ``points_per_hand`` is the mean
of those, and ``ci95`` a paired percentile bootstrap over the seeds.

Seeds 0-9,999 are for tuning; report figures from 1,000,000 up.

With ``sequential`` the run stops early once the 99 % bootstrap interval
excludes zero (checked every ``batch`` seeds after ``min_seeds``); the
reported ``ci95`` is then the 95 % interval at the stop. This is for the
slow levels, where a fixed large run costs hours.

Ctrl-C (KeyboardInterrupt) ends the run with the summary of the seeds finished so far, marked
``partial``; with workers, the pool is stopped and its processes ignore the interrupt themselves.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import random
import signal
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..core.actions import Action
from ..core.events import Chi, Gang, Hu, Peng, RoundDrawn, TileDiscarded, TingDeclared
from ..core.rules import RuleSet
from ..core.view import SeatView
from .base import Decision, Player
from .registry import make_player
from .selfplay import play_match

N_BOOT = 2000
BOOT_SEED = 20240601

FIELDS = (
    "points",
    "wins",
    "mobao",
    "baozhongbao",
    "zimo",
    "ron",
    "deal_ins",
    "deal_ins_ready",
    "deal_ins_not_ready",
    "called",
    "chiting",
    "ready",
    "draws",
    "decisions",
    "refusals",
    "base_deal_ins_not_ready",
    "base_wins",
    *(f"{who}facing{g}_{what}" for who in ("", "base_") for g in ("1", "2", "3", "2+")
      for what in ("hands", "discards", "deal_ins")),
)
FACING = {"1": (1,), "2": (2,), "3": (3,), "2+": (2, 3)}
"""The groups of ``deal_in_by_ready_seats``: how many opponents were ready at a discard."""

J = TypeVar("J")
"""A job handed to :func:`run_jobs`."""
R = TypeVar("R")
"""What a job of :func:`run_jobs` returns."""


class _Timed:
    """A player wrapper that counts its decisions and the time they take."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0
        self.count = 0

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        t0 = time.perf_counter()
        d = self.inner.decide(view, legal)
        self.seconds += time.perf_counter() - t0
        self.count += 1
        return d


@dataclass
class SeedResult:
    """The challenger's totals over the four rotations of one seed."""

    seed: int
    values: dict[str, float] = field(default_factory=dict)
    decide_seconds: float = 0.0
    decide_count: int = 0


def player_seed(seed: int, seat: int, rotation: int) -> int:
    """The RNG seed of one player at one seat in one rotation of a seed."""
    return (seed * 4 + rotation) * 4 + seat


def play_seed(challenger: str, baseline: str, seed: int, rules: RuleSet) -> SeedResult:
    """Play one seed's four rotations and total the challenger's results."""
    v = dict.fromkeys(FIELDS, 0.0)
    secs = 0.0
    count = 0
    for rot in range(4):
        players: list[Player] = []
        timed: _Timed | None = None
        for seat in range(4):
            p = make_player(challenger if seat == rot else baseline, player_seed(seed, seat, rot))
            if seat == rot:
                timed = _Timed(p)
                p = timed
            players.append(p)
        record = play_match(players, seed, rules, hands=1)
        assert timed is not None
        secs += timed.seconds
        count += timed.count
        v["decisions"] += record.decisions
        v["refusals"] += record.refusals
        _count_hand(v, record.game.events, rot, record.hands[0].deltas if record.hands else (0, 0, 0, 0))
    return SeedResult(seed, v, secs, count)


def _count_hand(v: dict[str, float], events: Iterable[object], c: int, deltas: Sequence[int]) -> None:
    """Add one hand's facts about the challenger at seat ``c`` to the totals."""
    ready = [False] * 4
    called = chiting = False
    v["points"] += deltas[c]
    facing = [set[str]() for _ in range(4)]
    """The groups of ready opponents each seat discarded against this hand (not ready itself)."""
    last: tuple[int, int] | None = None
    """The last discard made while not ready: (its seat, ready opponents then)."""
    for e in events:
        if isinstance(e, TileDiscarded):
            last = None
            k = sum(ready)
            if k and not ready[e.seat]:
                last = (e.seat, k)
                who = "" if e.seat == c else "base_"
                for g, ks in FACING.items():
                    if k in ks:
                        v[f"{who}facing{g}_discards"] += 1
                        facing[e.seat].add(g)
        elif isinstance(e, TingDeclared):
            ready[e.seat] = True
        elif isinstance(e, Chi | Peng) and e.seat == c:
            called = True
            chiting = chiting or e.ting
        elif isinstance(e, Gang) and e.seat == c and e.kind == "minggang":
            called = True
        elif isinstance(e, Hu):
            if e.seat == c:
                v["wins"] += 1
                if e.kind in ("mobao", "baozhongbao", "zimo", "ron"):
                    v[e.kind] += 1
            else:
                v["base_wins"] += 1
            if e.from_seat is not None and e.kind == "ron":
                if e.from_seat == c:
                    v["deal_ins"] += 1
                    v["deal_ins_ready" if ready[c] else "deal_ins_not_ready"] += 1
                elif not ready[e.from_seat]:
                    v["base_deal_ins_not_ready"] += 1
                if last is not None and last[0] == e.from_seat:
                    who = "" if e.from_seat == c else "base_"
                    for g, ks in FACING.items():
                        v[f"{who}facing{g}_deal_ins"] += last[1] in ks
        elif isinstance(e, RoundDrawn):
            v["draws"] += 1
    v["called"] += called
    v["chiting"] += chiting
    v["ready"] += ready[c]
    for seat in range(4):
        who = "" if seat == c else "base_"
        for g in facing[seat]:
            v[f"{who}facing{g}_hands"] += 1


def deal_in_by_ready_seats(totals: dict[str, float], who: str = "") -> dict[str, dict[str, float]]:
    """Deal-ins split by how many opponents were ready (1, 2, 3, and 2+) at a discard made while not
    ready (the 听 discard included): ``rate`` per hand in which the seat made such a discard,
    ``per_discard`` per such discard. ``who``: ``""`` the challenger, ``"base_"`` the baseline seats
    in the same games."""
    out: dict[str, dict[str, float]] = {}
    for g in FACING:
        hands = totals[f"{who}facing{g}_hands"]
        discards = totals[f"{who}facing{g}_discards"]
        deal = totals[f"{who}facing{g}_deal_ins"]
        out[g] = {
            "hands": int(hands),
            "discards": int(discards),
            "deal_ins": int(deal),
            "rate": round(deal / hands, 4) if hands else 0.0,
            "per_discard": round(deal / discards, 4) if discards else 0.0,
        }
    return out


def _job(args: tuple[str, str, int, dict[str, Any]]) -> SeedResult:
    challenger, baseline, seed, rules = args
    return play_seed(challenger, baseline, seed, RuleSet.from_dict(rules))


def _results(
    challenger: str, baseline: str, seeds: Sequence[int], rules: RuleSet, workers: int
) -> Generator[SeedResult, None, None]:
    jobs = [(challenger, baseline, s, rules.to_dict()) for s in seeds]
    if workers <= 1:
        for job in jobs:
            yield _job(job)
        return
    with _pool(workers) as pool:
        yield from pool.imap(_job, jobs, chunksize=4)


def run_jobs(job: Callable[[J], R], jobs: Sequence[J], workers: int) -> list[R]:
    """Each of ``jobs`` run by ``job`` (a module-level function), in order: on a pool of ``workers``
    processes that leave Ctrl-C to the parent, or in this process when ``workers`` is 1."""
    if workers <= 1:
        return [job(j) for j in jobs]
    with _pool(workers) as pool:
        return pool.map(job, jobs, chunksize=4)


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool and prints the partial summary."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> multiprocessing.pool.Pool:
    """A process pool whose workers ignore Ctrl-C, from their first instruction on."""
    try:  # forked workers inherit the ignored signal (signal() works only in the main thread)
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        return multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupt)
    try:
        return multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupt)
    finally:
        signal.signal(signal.SIGINT, previous)


def bootstrap_ci(values: Sequence[float], level: float = 0.95, n_boot: int = N_BOOT) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of ``values`` (seeded, so reproducible)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    if n == 1:
        return (values[0], values[0])
    rng = random.Random(BOOT_SEED)
    means = []
    vals = list(values)
    rand = rng.random
    for _ in range(n_boot):
        total = 0.0
        for _ in range(n):
            total += vals[int(rand() * n)]
        means.append(total / n)
    means.sort()
    lo = means[int((1 - level) / 2 * n_boot)]
    hi = means[min(n_boot - 1, int((1 + level) / 2 * n_boot))]
    return (lo, hi)


def run_tournament(
    challenger: str,
    baseline: str,
    seeds: Sequence[int],
    rules: RuleSet | None = None,
    workers: int = 1,
    sequential: bool = False,
    min_seeds: int = 200,
    batch: int = 100,
    on_seed: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play the duplicate tournament and return the JSON-ready summary.

    ``on_seed`` is told how many seeds are done after each one (a progress line).
    """
    rules = rules or RuleSet()
    make_player(challenger)  # fail early on unknown names
    make_player(baseline)
    start = time.perf_counter()
    per_seed: list[float] = []
    totals = dict.fromkeys(FIELDS, 0.0)
    secs = 0.0
    count = 0
    stopped_early = interrupted = False
    results = _results(challenger, baseline, seeds, rules, workers)
    try:
        for done, res in enumerate(results, start=1):
            per_seed.append(res.values["points"] / 4)
            for k in FIELDS:
                totals[k] += res.values[k]
            secs += res.decide_seconds
            count += res.decide_count
            if on_seed is not None:
                on_seed(done)
            if sequential and done >= min_seeds and done % batch == 0:
                lo, hi = bootstrap_ci(per_seed, 0.99, 1000)
                if lo > 0 or hi < 0:
                    stopped_early = True
                    break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        results.close()  # stops the pool, if any
    out = summarise(challenger, baseline, seeds, per_seed, totals, secs, count,
                    time.perf_counter() - start, rules, workers, sequential, stopped_early)  # fmt: skip
    out["partial"] = interrupted
    return out


def summarise(
    challenger: str,
    baseline: str,
    seeds: Sequence[int],
    per_seed: Sequence[float],
    totals: dict[str, float],
    decide_seconds: float,
    decide_count: int,
    seconds: float,
    rules: RuleSet,
    workers: int,
    sequential: bool,
    stopped_early: bool,
) -> dict[str, Any]:
    """The summary dictionary of a finished run."""
    n = len(per_seed)
    hands = 4 * n
    wins = totals["wins"]
    lo, hi = bootstrap_ci(per_seed)

    def rate(x: float, d: float) -> float:
        return round(x / d, 4) if d else 0.0

    first = seeds[0] if seeds else 0
    return {
        "challenger": challenger,
        "baseline": baseline,
        "seeds": n,
        "seed_range": [first, first + n - 1] if n else [],
        "hands": hands,
        "points_per_hand": round(sum(per_seed) / n, 4) if n else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "win_rate": rate(wins, hands),
        "zimo_share": rate(totals["zimo"], wins),
        "mobao_share": rate(totals["mobao"], wins),
        "baozhongbao_share": rate(totals["baozhongbao"], wins),
        "ron_share": rate(totals["ron"], wins),
        "deal_in_rate": rate(totals["deal_ins"], hands),
        "deal_in_rate_ready": rate(totals["deal_ins_ready"], hands),
        "deal_in_rate_not_ready": rate(totals["deal_ins_not_ready"], hands),
        "baseline_deal_in_rate_not_ready": rate(totals["base_deal_ins_not_ready"], 3 * hands),
        "baseline_win_rate": rate(totals["base_wins"], 3 * hands),
        "deal_in_by_ready_seats": deal_in_by_ready_seats(totals),
        "baseline_deal_in_by_ready_seats": deal_in_by_ready_seats(totals, "base_"),
        "ready_rate": rate(totals["ready"], hands),
        "call_rate": rate(totals["called"], hands),
        "chiting_rate": rate(totals["chiting"], hands),
        "draw_rate": rate(totals["draws"], hands),
        "decisions": int(totals["decisions"]),
        "refusals": int(totals["refusals"]),
        "challenger_decisions": decide_count,
        "decisions_per_s": round(decide_count / decide_seconds, 1) if decide_seconds else 0.0,
        "hands_per_s": round(hands / seconds, 2) if seconds else 0.0,
        "seconds": round(seconds, 2),
        "workers": workers,
        "sequential": sequential,
        "stopped_early": stopped_early,
        "rules": rules.to_dict() if rules != RuleSet() else "standard",
    }


def parse_seeds(text: str) -> range:
    """``A-B`` (inclusive) or a single ``A``; ValueError with a one-line message otherwise."""
    part = text.strip()
    lo_text, sep, hi_text = part.partition("-")
    try:
        lo = int(lo_text)
        hi = int(hi_text) if sep else lo
    except ValueError:
        raise ValueError(f"--seeds {text!r}: expected A-B with whole numbers, e.g. 1000000-1001999") from None
    if lo < 0 or hi < lo:
        raise ValueError(f"--seeds {text!r}: need 0 <= A <= B")
    return range(lo, hi + 1)
