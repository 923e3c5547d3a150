"""How often each level misses a big moment: a 吃听/碰听, a 卡当 听, a fold (the rates in ``docs/ai.md``).

    python tests/bench/level_slips.py --seeds 0-299 --levels novice,normal,strong,expert

Four players of a level play one hand per seed. At every decision the level's own ranking (without
noise or slips) says what it judges best; a *moment* is a decision where that is a 吃听/碰听, a 听
discard whose wait is 卡当 (when another 听 discard was open), or a fold (a safer tile over a more
efficient one against a ready seat); the script counts the moments and how often the move played
was another one. It also prints the
mean thinking pace (:attr:`~game.ai.base.Decision.think`) of the level's own-turn decisions.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.base import Decision
from game.ai.players import HeuristicPlayer
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.ai.tournament import parse_seeds
from game.core.actions import Action, Chi, Discard, Peng
from game.core.rules import RuleSet
from game.core.view import SeatView


class _Counted:
    """A level's player that also asks its own ranking and counts the moments and the misses."""

    def __init__(self, inner: HeuristicPlayer, counts: Counter[str], paces: list[float]) -> None:
        self.inner, self.name, self.counts, self.paces = inner, inner.name, counts, paces

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        d = self.inner.decide(view, legal)
        if len(legal) < 2:
            return d
        if view.phase == "discard":
            self.paces.append(d.think)
        best = self.inner.brain.rank(view, legal)[0]
        a = best.action
        moment = None
        if isinstance(a, Chi | Peng) and a.ting:
            moment = "ting_call"
        elif isinstance(a, Discard) and a.ting and best.reason.kind == "ting_kadang":
            other = any(isinstance(b, Discard) and b.ting and b.tile >> 2 != a.tile >> 2 for b in legal)
            moment = "kadang" if other else None  # a moment only when another 听 could be declared
        elif best.reason.kind == "fold":
            moment = "fold"
        if moment is not None:
            self.counts[moment] += 1
            self.counts[moment + "_missed"] += d.action != a
        return d


def main(argv: Sequence[str] | None = None) -> int:
    """Play the seeds for each level and print the moments, the misses and the pace."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seeds", default="0-199")
    ap.add_argument("--levels", default="novice,normal,strong,expert")
    args = ap.parse_args(argv)
    for level in args.levels.split(","):
        counts: Counter[str] = Counter()
        paces: list[float] = []
        for seed in parse_seeds(args.seeds):
            players = []
            for i in range(4):
                p = make_player(level, 4 * seed + i)
                assert isinstance(p, HeuristicPlayer)
                players.append(_Counted(p, counts, paces))
            play_match(players, seed, RuleSet(), hands=1)
        row: dict[str, object] = {"level": level}
        for m in ("ting_call", "kadang", "fold"):
            n = counts[m]
            row[m] = {"moments": n, "missed": counts[m + "_missed"],
                      "rate": round(counts[m + "_missed"] / n, 3) if n else None}  # fmt: skip
        paces.sort()
        row["think"] = {
            "mean": round(sum(paces) / len(paces), 3) if paces else None,
            "p10": paces[len(paces) // 10] if paces else None,
            "p90": paces[9 * len(paces) // 10] if paces else None,
        }
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
