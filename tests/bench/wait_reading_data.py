"""Self-play samples for fitting the wait reading (:mod:`game.ai.reading`): what a seat sees of each ready
opponent at its own discards, and that opponent's true waits.

    python tests/bench/wait_reading_data.py --seeds 0-1999 --players expert-v1 --out data.jsonl

One JSON line per (decision, ready opponent): the deciding seat's unseen counts and hand, the opponent's
digest as :func:`game.ai.situation.situation` makes it (sure-safe and likely-safe kinds, its
discards before the 听 in order, its 听 discard and turn, its melds, hidden tiles), the live wall,
and ``waits``: the kinds it really waits on (the truth, from the hidden state).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.audit import _Log
from game.ai.base import Decision, Player
from game.ai.hand import HandMemo
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.ai.situation import situation
from game.ai.tournament import parse_seeds
from game.core.actions import Action
from game.core.rules import RuleSet
from game.core.view import SeatView


class _Sampler:
    """Plays like ``inner`` and, at each own discard facing a ready opponent, writes a sample per opponent."""

    def __init__(self, inner: Player, log: _Log, out: Any, memo: HandMemo, seed: int) -> None:
        self.inner, self.name, self.log, self.out, self.memo, self.seed = (
            inner,
            inner.name,
            log,
            out,
            memo,
            seed,
        )

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        if view.phase == "discard" and not view.ting[view.seat] and any(view.ting):
            state = self.log.state
            assert state is not None
            sit = situation(view, self.memo)
            for o in sit.ready:
                river = view.rivers[o.seat]
                self.out.write(json.dumps({
                    "seed": self.seed, "seat": view.seat, "opp": o.seat, "rel": o.rel,
                    "unseen": sit.unseen, "hand": sit.counts, "live": view.live_count,
                    "certain": sorted(o.certain), "likely": sorted(o.likely),
                    "river": [r.tile >> 2 for r in river[: o.ting_turn]],
                    "ting_kind": o.ting_kind, "ting_turn": o.ting_turn, "concealed": o.concealed,
                    "melds": [[m.kind, m.first] for m in o.melds],
                    "n_ready": len(sit.ready),
                    "waits": sorted({w.kind for w in state.waits[o.seat]}),
                }) + "\n")  # fmt: skip
        return self.inner.decide(view, legal)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the seeds and write the samples."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--seeds", default="0-99")
    p.add_argument("--players", default="expert-v1", help="comma-separated, one or four kinds")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    kinds = args.players.split(",")
    kinds = kinds * 4 if len(kinds) == 1 else kinds
    memo = HandMemo()
    with open(args.out, "w") as out:
        for seed in parse_seeds(args.seeds):
            log = _Log()
            players = [_Sampler(make_player(kinds[i], 4 * seed + i), log, out, memo, seed) for i in range(4)]
            play_match(players, seed, RuleSet(), hands=1, on_events=log.add)
    return 0


if __name__ == "__main__":
    sys.exit(main())
