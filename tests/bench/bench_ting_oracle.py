"""Check the fast listening analysis against the plain oracle on 100,000 seeded hands and print figures.

Run: ``python tests/bench/bench_ting_oracle.py [N]`` from the repository root.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.analysis.ting import MeldShape, ting_report
from game.core.rules import RuleSet
from tests.oracle_ting import oracle_report
from tests.test_ting_oracle import make_hand


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(424242)
    rules = RuleSet()
    hands = [make_hand(rng) for _ in range(n)]
    start = time.perf_counter()
    fast = [ting_report(c, [MeldShape(k, f) for k, f in m], rules) for c, m in hands]  # type: ignore[arg-type]
    fast_s = time.perf_counter() - start
    start = time.perf_counter()
    slow = [oracle_report(c, m) for c, m in hands]
    slow_s = time.perf_counter() - start
    mismatches = 0
    for f, s in zip(fast, slow, strict=True):
        same = (
            list(f.blockers) == s["blockers"]
            and {w.kind: w.kadang for w in f.waits} == s["waits"]
            and list(f.shape_waits) == s["shape_waits"]
        )
        mismatches += not same
    ready = sum(r.ting_allowed for r in fast)
    print(f"hands: {n}  ready: {ready}  mismatches: {mismatches}")
    print(f"fast: {n / fast_s:,.0f} reports/s   oracle: {n / slow_s:,.0f} reports/s")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
