"""Cross-check thousands of drills against the analyze/score commands and the plain oracles; print figures.

Run: ``python tests/bench/bench_drills.py [N per kind] [seed]`` from the repository root (default 2000, 1).
Exit status 1 if any answer differs.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.tutorial.drills import make_drills
from tests.tutorial.drill_checks import (
    bao_draw_by_oracle,
    bao_swap_by_oracle,
    discard_by_cli,
    discard_by_oracle,
    kadang_by_cli,
    kadang_by_oracle,
    payment_by_cli,
    payment_by_oracle,
    ting_by_cli,
    ting_by_oracle,
)


def check(kind: str, d: dict) -> tuple[bool, bool]:  # type: ignore[type-arg]
    """(agrees with the command, agrees with the oracle) for one drill."""
    if kind == "ting":
        return d["answer"] == ting_by_cli(d), "rules" in d or d["answer"] == ting_by_oracle(d)
    if kind == "discard":
        return d["answer"] == discard_by_cli(d), d["answer"]["ting_discards"] == discard_by_oracle(d)
    if kind == "kadang":
        return d["answer"] == kadang_by_cli(d), d["answer"]["kadang"] == kadang_by_oracle(d)
    if kind == "bao":
        if d["question_type"] == "draw":
            return True, d["answer"]["win"] == bao_draw_by_oracle(d)
        return True, d["answer"] == bao_swap_by_oracle(d)
    return d["answer"] == payment_by_cli(d), d["answer"]["payments"] == payment_by_oracle(d)


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bad = 0
    for kind in ("ting", "discard", "kadang", "bao", "payment"):
        start = time.perf_counter()
        drills = make_drills(kind, seed, n)
        made = time.perf_counter() - start
        cli_bad = oracle_bad = 0
        answers: Counter[str] = Counter()
        for d in drills:
            by_cli, by_oracle = check(kind, d)
            cli_bad += not by_cli
            oracle_bad += not by_oracle
            a = d["answer"]
            if kind == "ting":
                answers["ready" if a["listen_allowed"] else "not ready"] += 1
            elif kind == "discard":
                answers["some" if a["ting_discards"] else "none"] += 1
            elif kind == "kadang":
                answers["kadang" if a["kadang"] else "not kadang"] += 1
            elif kind == "bao":
                answers[str(a.get("win")) if d["question_type"] == "draw" else f"{a['swaps']} swaps"] += 1
            else:
                answers[d["win"]] += 1
        bad += cli_bad + oracle_bad
        mix = ", ".join(f"{k} {v}" for k, v in sorted(answers.items()))
        print(
            f"{kind:8s} {n} drills made in {made:.2f} s; differ from the command: {cli_bad}; "
            f"from the oracle: {oracle_bad}; answers: {mix}"
        )
    print("all agree" if not bad else f"{bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
