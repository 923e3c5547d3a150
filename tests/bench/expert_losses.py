"""Where one level gains or gives back points against another on the same walls (a loss analysis).

Run from the repository root (tuning seeds only)::

    python tests/bench/expert_losses.py --a expert --b expert-v1 --baseline expert-v1 \\
        --seeds 0-999 --workers 2

Every seed's wall is played as the tournament plays it (the seat rotating, three baselines), once with
``--a`` in the seat and once with ``--b``. Each hand's result for the seat is put in a class — its own
win (by kind), its deal-in (with the discard that declares 听, once ready, or while not ready, and how
many opponents were ready at the discard), another seat's win it
pays for (split by whether the seat was ready and open), a drawn hand — and the script prints, per
class, the hands and points of each, and the paired changes: how the hands that moved from one class
to another add up to the difference in points.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.selfplay import play_match
from game.ai.tournament import parse_seeds, player_seed, run_jobs
from game.core.events import Chi, Gang, Hu, Peng, TileDiscarded, TingDeclared
from game.core.rules import RuleSet
from tests.bench.selfplay_variants import variant


def classify(events: Iterable[object], c: int) -> str:
    """The class of one hand's result for the seat ``c``."""
    ready = [False] * 4
    opened = False
    ready_at_discard = 0
    last_seat = -1
    ting_discard = False
    """Whether the seat's last discard declared 听 (the TingDeclared follows its TileDiscarded)."""
    for e in events:
        if isinstance(e, TileDiscarded):
            ready_at_discard = sum(r for s, r in enumerate(ready) if s != e.seat)
            last_seat = e.seat
            if e.seat == c:
                ting_discard = False
        elif isinstance(e, TingDeclared):
            ready[e.seat] = True
            ting_discard = ting_discard or (e.seat == c and last_seat == c)
        elif (isinstance(e, Chi | Peng) and e.seat == c) or (
            isinstance(e, Gang) and e.seat == c and e.kind == "minggang"
        ):
            opened = True
        elif isinstance(e, Hu):
            if e.seat == c:
                return f"win {e.kind}{' kadang' if e.kadang else ''}"
            if e.from_seat == c and e.kind == "ron":
                if ting_discard:
                    return f"deal-in on its 听 discard, {ready_at_discard} ready"
                return "deal-in (ready)" if ready[c] else f"deal-in, {ready_at_discard} ready"
            state = "ready" if ready[c] else ("open" if opened else "closed")
            return f"other wins {e.kind if e.kind != 'ron' else 'ron (third seat)'}, seat {state}"
    return "drawn, " + ("ready" if ready[c] else "not ready")


def _job(args: tuple[str, str, str, int]) -> list[tuple[str, str, int, int]]:
    """One seed: per rotation, (class with A, class with B, A's points, B's points)."""
    a, b, base, seed = args
    out = []
    for rot in range(4):
        res = []
        for spec in (a, b):
            makers = [variant(spec) if s == rot else variant(base) for s in range(4)]
            players = [m(player_seed(seed, s, rot)) for s, m in enumerate(makers)]
            rec = play_match(players, seed, RuleSet(), hands=1)
            delta = rec.hands[0].deltas[rot] if rec.hands else 0
            res.append((classify(rec.game.events, rot), delta))
        out.append((res[0][0], res[1][0], res[0][1], res[1][1]))
    return out


def main(argv: list[str] | None = None) -> int:
    """Play both players on the seeds and print the classes and the paired moves between them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    jobs = [(args.a, args.b, args.baseline, s) for s in parse_seeds(args.seeds)]
    results = run_jobs(_job, jobs, args.workers)
    rows = [r for seed in results for r in seed]
    n = len(rows)
    count_a: Counter[str] = Counter()
    count_b: Counter[str] = Counter()
    pts_a: Counter[str] = Counter()
    pts_b: Counter[str] = Counter()
    moves: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for ca, cb, da, db in rows:
        count_a[ca] += 1
        count_b[cb] += 1
        pts_a[ca] += da
        pts_b[cb] += db
        if da != db:
            m = moves[(cb, ca)]
            m[0] += 1
            m[1] += da - db
    total = sum(r[2] - r[3] for r in rows)
    print(f"{n} hands; {args.a} - {args.b}: {total / n:+.4f} points per hand")
    print(f"{'class':42} {'hands A':>8} {'hands B':>8} {'pts/hand A':>11} {'pts/hand B':>11} {'diff':>8}")
    for cls in sorted(set(count_a) | set(count_b)):
        pa, pb = pts_a[cls] / n, pts_b[cls] / n
        print(f"{cls:42} {count_a[cls]:8} {count_b[cls]:8} {pa:+11.4f} {pb:+11.4f} {pa - pb:+8.4f}")
    print("\nhands whose points changed, B's class -> A's class (hands, points per hand of all hands):")
    for (cb, ca), (k, d) in sorted(moves.items(), key=lambda kv: kv[1][1]):
        if abs(d) / n >= 0.002:
            print(f"  {cb:38} -> {ca:38} {k:5} {d / n:+.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
