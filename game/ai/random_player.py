"""The ``random`` baseline: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.actions import Action
from ..core.view import SeatView
from .base import Decision, Reason


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded RNG (never the table's)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        """A player whose choices are reproducible from ``seed``."""
        self._rng = random.Random(seed)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Any legal action, chosen at random."""
        return Decision(self._rng.choice(list(legal)), Reason("random", {"options": len(legal)}))
