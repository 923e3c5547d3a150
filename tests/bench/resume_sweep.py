"""The big resume sweep: every cut point of many recorded matches saved, resumed, played on, verified.

    python tests/bench/resume_sweep.py --seeds 1-6 --presets standard,S1,S2,S4 --hands 3 --level greedy

Prints "cut points: N, failures: F" (and the first failures); exit 1 when any cut point fails.
The suite runs a small version (tests/test_resume_sweep.py).
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.resume_sweep import sweep


def main(argv: list[str] | None = None) -> int:
    """Run the sweep and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-6", help="inclusive seed range A-B (default 1-6)")
    parser.add_argument("--presets", default="standard,S1,S2,S4")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--level", default="greedy", help="the AI level at every seat")
    args = parser.parse_args(argv)
    lo, _, hi = args.seeds.partition("-")
    seeds = tuple(range(int(lo), int(hi or lo) + 1))
    presets = tuple(p for p in args.presets.split(",") if p)
    logging.disable(logging.WARNING)  # every resume that drops a move logs a warning
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        result = sweep(Path(folder), presets, seeds, args.hands, args.level)
    took = time.perf_counter() - start
    matches = len(seeds) * len(presets)
    print(f"matches: {matches} ({args.hands} hands, {args.level}), presets: {','.join(presets)}")
    print(
        f"events: {result.kinds.total()}, automatic discards: {result.kinds['auto_discard']}, "
        f"bao reveals: {result.kinds['bao_revealed']}, bao swaps: {result.kinds['bao_replaced']}"
    )
    print(
        f"cut points: {result.cut_points}, resumed: {result.resumed}, "
        f"resumes that dropped a move cut short: {result.dropped}, failures: {len(result.failures)}"
    )
    print(f"time: {took:.1f} s")
    for failure in result.failures[:20]:
        print("FAIL", failure)
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
