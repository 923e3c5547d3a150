"""Fuzz the game's file loaders with mutated replays, saves, settings and scenarios, and print the counts.

Run from the repository root::

    python tests/bench/fuzz_files.py --cases 10000 [--seed 1] [--kinds replay,save,settings,scenario]

The cases are shared evenly between the kinds; each is 1-3 mutations (``tests/fuzz_files.py``: byte
flips, truncation, inserted bytes, line swaps, drops and repeats, value swaps, 5000-digit numbers,
100,000-deep nesting, a byte-order mark) of a good file, loaded the way the game and the CLI load it.
Replays also start from the sample replays shipped in ``saves/``. Prints per kind: valid loads,
refused (our clear error naming the file), invalid (reads, but the rules reject it, with the event),
and the two that must be 0: errors that do not name the file and any other exception. Exit status 1
if either is not 0.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.fuzz_files import KINDS, OP_NAMES, VERDICTS, Kind, Sample, check, random_ops, samples  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the cases and print the table of verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    if not kinds or any(k not in KINDS for k in kinds) or args.cases < 1:
        parser.error(f"--kinds: choose from {', '.join(KINDS)}; --cases at least 1")
    logging.getLogger("game").setLevel(logging.CRITICAL)  # loaders log every refusal; the counts say it all
    pool: dict[Kind, list[Sample]] = {k: list(v) for k, v in samples().items()}
    pool["replay"] += [
        Sample("replay", p.name, p.read_bytes()) for p in sorted((ROOT / "saves").glob("*.jsonl"))
    ]
    rng = random.Random(args.seed)
    counts: dict[str, Counter[str]] = {k: Counter() for k in kinds}
    ops_used: Counter[str] = Counter()
    problems: list[str] = []
    start = time.perf_counter()
    for i in range(args.cases):
        kind = kinds[i % len(kinds)]
        sample = rng.choice(pool[kind])  # type: ignore[index]
        ops = random_ops(rng)
        ops_used.update(OP_NAMES[op[0]] for op in ops)
        outcome, _ = check(sample, ops)
        counts[kind][outcome.verdict] += 1
        if outcome.verdict in ("crash", "unnamed"):
            problems.append(f"{kind} {sample.name} {ops}: {outcome.verdict}: {outcome.detail}")
    seconds = time.perf_counter() - start
    total: Counter[str] = Counter()
    print(f"{args.cases} cases in {seconds:.1f} s (seed {args.seed})")
    print(f"{'kind':10}" + "".join(f"{v:>10}" for v in VERDICTS))
    for kind in kinds:
        total.update(counts[kind])
        print(f"{kind:10}" + "".join(f"{counts[kind][v]:>10}" for v in VERDICTS))
    print(f"{'total':10}" + "".join(f"{total[v]:>10}" for v in VERDICTS))
    print("ops: " + ", ".join(f"{name} {ops_used[name]}" for name in OP_NAMES))
    print(
        f"clear outcomes (valid + refused + invalid): {total['valid'] + total['refused'] + total['invalid']}"
    )
    print(f"other exceptions: {total['crash']}; errors not naming the file: {total['unnamed']}")
    for line in problems[:20]:
        print("  " + line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
