"""The full crash soak: the real program autoplays, is SIGKILLed at random moments and continued.

    python tests/bench/crash_soak.py --kills 50 --seed 1 --level normal --hands 2

Prints kills, resumes, new matches, matches finished, resumes that dropped a move cut short, files
verified and failures; exit 1 on any failure. The suite runs 10 kills (tests/test_crash_soak.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.crash_soak import run_soak


def main(argv: list[str] | None = None) -> int:
    """Run the soak in a temporary home folder and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill times and match seeds")
    parser.add_argument("--level", default="normal", help="the --autoplay level")
    parser.add_argument("--hands", type=int, default=2, help="hands per match")
    parser.add_argument("--window", type=float, default=2.0, help="kills fall within this long of play (s)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as home:
        result = run_soak(Path(home), args.kills, args.seed, args.level, args.hands, args.window)
    print(f"kills: {result.kills}")
    print(f"resumes: {result.resumes} (dropping a move cut short: {result.dropped})")
    print(f"new matches: {result.new_matches}, matches finished: {result.finished}")
    print(f"files verified: {result.files_verified}")
    print(f"failures: {len(result.failures)}")
    print(f"time: {time.perf_counter() - start:.0f} s")
    for failure in result.failures[:20]:
        print("FAIL", failure)
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
