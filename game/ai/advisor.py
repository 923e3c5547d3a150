"""Hints for the human seat: every legal action ranked by a level's evaluator, best first, with reasons.

The table's hint levels 2 and 3 show this ranking and the first reason
(:func:`game.ai.reasons.render_reason` puts it in words). The ranking is the
level's own, without its decision noise, and every discard is evaluated in
full so that the second and third choices are meaningful too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action
from ..core.view import SeatView
from .base import Decision
from .brain import Brain
from .levels import CONFIGS


class Advisor:
    """A hint-giver for one table: a level's evaluator with its own memo, kept between hints."""

    def __init__(self, level: str = "expert") -> None:
        """An advisor that ranks like ``level`` (novice, normal, strong or expert)."""
        key = level.strip().lower()
        if key not in CONFIGS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(CONFIGS)}")
        self.brain = Brain(CONFIGS[key])

    def rank(self, view: SeatView, legal: Sequence[Action]) -> list[Decision]:
        """Every legal action scored, best first, with reasons."""
        if not legal:
            return []
        return [Decision(s.action, s.reason) for s in self.brain.rank(view, legal, full=True)]

    def scores(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Decision, float]]:
        """Every legal action with the level's own evaluation of it (higher is better), best first.

        The same ranking as :meth:`rank`; a review compares the score of the move played with the best.
        """
        if not legal:
            return []
        return [(Decision(s.action, s.reason), s.score) for s in self.brain.rank(view, legal, full=True)]


def rank(view: SeatView, legal: Sequence[Action], level: str = "expert") -> list[Decision]:
    """Every legal action scored by ``level`` (novice, normal, strong or expert), best first.

    A one-off ranking; a table keeps an :class:`Advisor` so that its memo carries over.
    """
    return Advisor(level).rank(view, legal)
