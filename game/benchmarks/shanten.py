"""Shanten throughput: calls per second of the table lookups on random 14-tile hands.

Hands are drawn from the 112-tile set with a fixed seed; counts, suit indices
and contexts are built before the clock starts, so the figures time the calls
alone (plus the ``for`` loop that makes them, which is part of any real caller).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..core.analysis.shanten import (
    harbin_context,
    harbin_shanten,
    harbin_shanten_idx,
    shape_shanten,
    shape_shanten_idx,
    suit_indices,
)

SEED = 20240601
N_HANDS = 5_000


def random_hands(n: int = N_HANDS, seed: int = SEED, size: int = 14) -> list[list[int]]:
    """``n`` random hands of ``size`` tiles from the 112-tile set, as 28-entry count lists."""
    rng = random.Random(seed)
    tiles = list(range(112))
    hands = []
    for _ in range(n):
        counts = [0] * 28
        for t in rng.sample(tiles, size):
            counts[t >> 2] += 1
        hands.append(counts)
    return hands


def _per_s(run: Callable[[], int], seconds: float) -> float:
    """Calls per second of ``run`` (which returns how many calls it made): the best pass within ``seconds``.

    The best pass rather than the mean, as ``timeit`` does: on a shared machine the
    other processes only ever slow a pass down.
    """
    run()  # warm up (and load lazily loaded tables)
    best = 0.0
    start = time.perf_counter()
    while True:
        t0 = time.perf_counter()
        done = run()
        t1 = time.perf_counter()
        best = max(best, done / (t1 - t0))
        if t1 - start >= seconds:
            return best


def measure_shanten_per_s(seconds: float = 1.0) -> float:
    """``shape_shanten`` calls per second from 28-count lists."""
    hands = random_hands()
    f = shape_shanten

    def run() -> int:
        for counts in hands:
            f(counts, 0)
        return len(hands)

    return _per_s(run, seconds)


def measure_shanten_incremental_per_s(seconds: float = 1.0) -> float:
    """``shape_shanten_idx`` calls per second from precomputed base-5 suit indices."""
    args = [(*suit_indices(c), c[27]) for c in random_hands()]
    f = shape_shanten_idx

    def run() -> int:
        for im, ip, is_, z in args:
            f(im, ip, is_, z, 0)
        return len(args)

    return _per_s(run, seconds)


def measure_harbin_shanten_per_s(seconds: float = 1.0) -> float:
    """``harbin_shanten`` calls per second from 28-count lists (closed hands, every condition on)."""
    hands = random_hands()
    f = harbin_shanten

    def run() -> int:
        for counts in hands:
            f(counts)
        return len(hands)

    return _per_s(run, seconds)


def measure_harbin_shanten_incremental_per_s(seconds: float = 1.0) -> float:
    """``harbin_shanten_idx`` calls per second from suit indices (closed hands, every condition on)."""
    args = [(*suit_indices(c), c[27]) for c in random_hands()]
    ctx = harbin_context()
    f = harbin_shanten_idx

    def run() -> int:
        for im, ip, is_, z in args:
            f(im, ip, is_, z, ctx)
        return len(args)

    return _per_s(run, seconds)
