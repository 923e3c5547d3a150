"""The players: the ``greedy`` baseline and the heuristic levels (新手, 普通, 高手, 大师).

Each player reads only the :class:`~game.core.view.SeatView` and the legal
list it is handed, and keeps nothing between decisions but its random number
generator, seeded from its constructor seed alone. The same (seed, sequence
of views) therefore always gives the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from ..core.tiles import NUM_KINDS
from ..core.view import SeatView
from .base import Decision, Reason
from .brain import Brain
from .config import Config
from .hand import indices, shape_shanten_of


class HeuristicPlayer:
    """A level of the heuristic AI: a :class:`~game.ai.config.Config` and a seeded RNG for its noise."""

    def __init__(self, config: Config, seed: int = 0) -> None:
        """A player of the configured level whose random choices follow ``seed``."""
        self.name = config.name
        self.config = config
        self.brain = Brain(config)
        self._rng = random.Random(seed)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """The level's move for this view, with its reason."""
        return self.brain.choose(view, legal, self._rng)


class GreedyPlayer:
    """Baseline: the move that leaves the lowest *shape* shanten (no Harbin conditions), ties at random.

    A call counts with its best following discard; declaring 听 ranks above the
    same discard without it, and 和 above everything.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        """A greedy player whose tie-breaks follow ``seed``."""
        self._rng = random.Random(seed)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Lowest shape shanten after the move; random among equals."""
        for a in legal:
            if isinstance(a, Hu):
                return Decision(a, Reason("hu"))
        if len(legal) == 1:
            return Decision(legal[0], Reason("forced"))
        counts = [0] * NUM_KINDS
        for t in view.hand:
            counts[t >> 2] += 1
        n_melds = len(view.melds[view.seat])
        scored: list[tuple[float, Action]] = []
        for a in legal:
            scored.append((self._after(a, counts, n_melds, view), a))
        best = min(s for s, _ in scored)
        ties = [a for s, a in scored if s == best]
        choice = ties[self._rng.randrange(len(ties))]
        tile = _kind_of_action(choice)
        move = "ting" if isinstance(choice, Discard) and choice.ting else choice.type
        return Decision(
            choice, Reason("greedy", {"move": move, "tile": tile, "steps": max(0, round(best))})
        )

    @staticmethod
    def _after(a: Action, counts: list[int], n_melds: int, view: SeatView) -> float:
        if isinstance(a, Discard):
            counts[a.tile >> 2] -= 1
            s = shape_shanten_of(*indices(counts), n_melds)
            counts[a.tile >> 2] += 1
            return s - (0.5 if a.ting else 0.0)
        if isinstance(a, Pass):
            return float(shape_shanten_of(*indices(counts), n_melds))
        if isinstance(a, Chi | Peng):
            used = [t >> 2 for t in a.tiles]
            for k in used:
                counts[k] -= 1
            best = 99.0
            for d in range(NUM_KINDS):
                if counts[d]:
                    counts[d] -= 1
                    best = min(best, shape_shanten_of(*indices(counts), n_melds + 1))
                    counts[d] += 1
            for k in used:
                counts[k] += 1
            return best - (0.5 if a.ting else 0.0)
        if isinstance(a, Gang | AnGang):
            kinds = [t >> 2 for t in a.tiles]
            for k in kinds:
                counts[k] -= 1
            s = shape_shanten_of(*indices(counts), n_melds + 1)
            for k in kinds:
                counts[k] += 1
            return float(s)
        if isinstance(a, JiaGang):
            counts[a.tile >> 2] -= 1
            s = shape_shanten_of(*indices(counts), n_melds)
            counts[a.tile >> 2] += 1
            return float(s)
        return 99.0


def _kind_of_action(a: Action) -> int | None:
    if isinstance(a, Discard | JiaGang):
        return a.tile >> 2
    if isinstance(a, Chi | Peng | Gang | AnGang):
        return min(a.tiles) >> 2
    return None
