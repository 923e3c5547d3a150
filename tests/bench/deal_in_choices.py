"""What a level's deal-ins against ready seats were: the kind of discard, and what else it could have thrown.

Run from the repository root (tuning seeds only)::

    python tests/bench/deal_in_choices.py --player expert --baseline expert-v1 --seeds 0-1499 --workers 2

Every seed's wall is played as the tournament plays it (the player in each seat against three
baselines). At each of the player's own discards made while not ready facing a ready opponent, every
discard it could make is scored as the level ranks it, with the level's chance to deal in and whether it
really would have (the ready seats' true waits, from the hidden state). The script prints, for one and for
two or more ready seats: the discards and deal-ins split into plain discards, 听 discards forced by a
吃听/碰听 (no plain discard legal) and 听 discards of its own turn; the points those deal-ins cost; the
plain deal-ins on the tile the level rated safest and those with a sure-safe tile in hand; the 听
deal-ins with a 听 discard that would not have dealt in; and how the estimated chance compares with
the true rate (by bands of the estimate).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.audit import _Log
from game.ai.base import Decision
from game.ai.evaluate import Evaluator
from game.ai.players import HeuristicPlayer
from game.ai.selfplay import play_match
from game.ai.situation import situation
from game.ai.tournament import parse_seeds, player_seed, run_jobs
from game.core.actions import Action, Discard
from game.core.rules import RuleSet
from game.core.view import SeatView
from tests.bench.selfplay_variants import variant


@dataclass(frozen=True, slots=True)
class Option:
    """One discard the player could make: its kind, whether it declares 听, its chance to deal in as the
    level reads it, and whether it really deals in."""

    kind: int
    ting: bool
    p: float
    deals: bool


@dataclass(slots=True)
class Choice:
    """One own discard facing ready seats: how many, the options, the one made, what the hand cost."""

    ready: int
    options: list[Option]
    chosen: Option
    sure: bool
    """A kind sure-safe against every ready seat was in hand."""
    delta: int = 0


class _Spy:
    """Plays like ``inner`` and records each own discard made while not ready facing a ready seat."""

    def __init__(self, inner: HeuristicPlayer, log: _Log, out: list[Choice]) -> None:
        self.inner, self.name, self.log, self.out = inner, inner.name, log, out

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        d = self.inner.decide(view, legal)
        if (
            view.phase != "discard"
            or view.ting[view.seat]
            or not any(view.ting)
            or not isinstance(d.action, Discard)
        ):
            return d
        state = self.log.state
        assert state is not None
        brain = self.inner.brain
        sit = situation(view, brain.memo)
        ex = Evaluator(brain.cfg, sit, legal, brain.memo)
        truth = [{w.kind for w in state.waits[o.seat]} for o in sit.ready]
        options = {}
        for a in legal:
            if isinstance(a, Discard):
                k = a.tile >> 2
                p = ex.danger_of(k, a.ting)[0] if ex.dangers else 0.0
                options[(k, a.ting)] = Option(k, a.ting, p, any(k in w for w in truth))
        sure = set.intersection(*(set(o.certain) for o in sit.ready))
        chosen = options[(d.action.tile >> 2, d.action.ting)]
        held = any(sit.counts[k] for k in sure)
        self.out.append(Choice(len(sit.ready), list(options.values()), chosen, held))
        return d


def _job(args: tuple[str, str, int]) -> list[Choice]:
    """One seed, the player in each seat: its choices facing ready seats, with the hand's result."""
    spec, base, seed = args
    out: list[Choice] = []
    for rot in range(4):
        log = _Log()
        mine: list[Choice] = []
        players = []
        for s in range(4):
            p = variant(spec if s == rot else base)(player_seed(seed, s, rot))
            if s == rot:
                assert isinstance(p, HeuristicPlayer), "the player must be a level"
                players.append(_Spy(p, log, mine))
            else:
                players.append(p)
        rec = play_match(players, seed, RuleSet(), hands=1, on_events=log.add)
        delta = rec.hands[0].deltas[rot] if rec.hands else 0
        for c in mine:
            c.delta = delta
        out.extend(mine)
    return out


def _kind(c: Choice) -> str:
    if not c.chosen.ting:
        return "plain"
    return "听 (forced)" if all(o.ting for o in c.options) else "听 (own turn)"


def main(argv: list[str] | None = None) -> int:
    """Play the seeds and print the deal-ins by the kind of discard and the options there were."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--player", required=True, help="level[:field=value,...]")
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    jobs = [(args.player, args.baseline, s) for s in parse_seeds(args.seeds)]
    results = run_jobs(_job, jobs, args.workers)
    choices = [c for seed in results for c in seed]
    for group, test in (("1 ready", lambda n: n == 1), ("2+ ready", lambda n: n >= 2)):
        mine = [c for c in choices if test(c.ready)]
        count: Counter[str] = Counter()
        print(f"\n{group}: {len(mine)} discards")
        for c in mine:
            kind = _kind(c)
            count[kind] += 1
            if c.chosen.deals:
                count[kind + " deal-ins"] += 1
                count[kind + " points"] += c.delta
                if kind == "plain":
                    low = min(o.p for o in c.options if not o.ting)
                    count["plain deal-ins on the safest tile"] += c.chosen.p <= low
                    count["plain deal-ins with a sure-safe tile in hand"] += c.sure
                else:
                    alt = [o for o in c.options if o.ting and o.kind != c.chosen.kind and not o.deals]
                    count[kind + " deal-ins with a 听 discard that did not deal in"] += bool(alt)
        for k in sorted(count):
            print(f"  {k:60} {count[k]:6}")
        bands: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])
        for c in mine:
            b = bands[f"{'听' if c.chosen.ting else 'plain'} {min(int(c.chosen.p * 10), 4) / 10:.1f}"]
            b[0] += 1
            b[1] += c.chosen.deals
            b[2] += c.chosen.p
        for name, (n, d, p) in sorted(bands.items()):
            print(f"  estimate band {name:14} discards {n:6.0f}  estimated {p / n:.3f}  true {d / n:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
