"""Check the table shanten against the brute-force oracle on 100,000 seeded hands and print figures.

Run: ``python tests/bench/bench_shanten_oracle.py [N] [SECONDS]`` from the repository root
(N hands, default 100,000 — about two minutes; SECONDS per throughput figure, default 2).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.benchmarks.shanten import (
    measure_harbin_shanten_incremental_per_s,
    measure_harbin_shanten_per_s,
    measure_shanten_incremental_per_s,
    measure_shanten_per_s,
)
from game.core.analysis import suit_tables
from game.core.analysis.shanten import (
    IMPOSSIBLE,
    harbin_context,
    harbin_shanten,
    harbin_shanten_idx,
    shape_shanten,
    shape_shanten_idx,
    suit_indices,
)
from tests.oracle import oracle, random_situation, random_switches


def check(n: int) -> int:
    """Compare every entry point with the oracle on ``n`` hands; print the tallies; return mismatches."""
    rng = random.Random(31_415_926)
    styles = ("uniform", "uniform", "clumped", "four")
    sizes: Counter[int] = Counter()
    shanten_hist: Counter[int] = Counter()
    harbin_hist: Counter[int] = Counter()
    mismatches = 0
    start = time.perf_counter()
    for i in range(n):
        counts, melds = random_situation(rng, styles[i % len(styles)])
        switches = random_switches(rng)
        want = oracle(counts, melds, **switches)
        im, ip, is_ = suit_indices(counts)
        shape = shape_shanten(counts, len(melds))
        harbin = harbin_shanten(counts, melds, **switches)
        same = (
            (shape, harbin) == want
            and shape_shanten_idx(im, ip, is_, counts[27], len(melds)) == shape
            and harbin_shanten_idx(im, ip, is_, counts[27], harbin_context(melds, **switches)) == harbin
        )
        if not same:
            mismatches += 1
            if mismatches <= 5:
                print(f"MISMATCH counts={counts} melds={melds} switches={switches} oracle={want}")
        sizes[sum(counts)] += 1
        shanten_hist[want[0]] += 1
        harbin_hist[want[1]] += 1
    elapsed = time.perf_counter() - start
    print(f"oracle check: {n:,} hands, {n - mismatches:,} agree, {mismatches:,} differ ({elapsed:.0f} s)")
    print(f"  concealed sizes: {dict(sorted(sizes.items(), reverse=True))}")
    print(f"  shape shanten:   {dict(sorted(shanten_hist.items()))}")
    harbin_items = sorted(harbin_hist.items(), key=lambda kv: (kv[0] == IMPOSSIBLE, kv[0]))
    print(f"  Harbin shanten:  {dict(harbin_items)}  ({IMPOSSIBLE} = impossible)")
    return mismatches


def load_times(repeats: int = 5) -> tuple[float, float]:
    """Median seconds to read and check the shape and the Harbin table files (uncached)."""
    shape, harbin = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        suit_tables.load_shape_tables()
        t1 = time.perf_counter()
        suit_tables.load_harbin_tables()
        t2 = time.perf_counter()
        shape.append(t1 - t0)
        harbin.append(t2 - t1)
    return statistics.median(shape), statistics.median(harbin)


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    mismatches = check(n)
    shape_s, harbin_s = load_times()
    for path in (suit_tables.SHAPE_FILE, suit_tables.HARBIN_FILE):
        print(f"{path.name}: {path.stat().st_size:,} bytes on disk")
    print(f"load + check: shape tables {shape_s * 1000:.1f} ms, Harbin tables {harbin_s * 1000:.1f} ms")
    figures = {
        "shape_shanten (28-count list)": measure_shanten_per_s(seconds),
        "shape_shanten_idx (suit indices)": measure_shanten_incremental_per_s(seconds),
        "harbin_shanten (28-count list)": measure_harbin_shanten_per_s(seconds),
        "harbin_shanten_idx (suit indices)": measure_harbin_shanten_incremental_per_s(seconds),
    }
    for name, per_s in figures.items():
        print(f"{name:36s} {per_s:>12,.0f} calls/s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
