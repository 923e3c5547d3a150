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

_BRAINS: dict[str, Brain] = {}


def rank(view: SeatView, legal: Sequence[Action], level: str = "expert") -> list[Decision]:
    """Every legal action scored by ``level`` (novice, normal, strong or expert), best first."""
    key = level.strip().lower()
    if key not in CONFIGS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(CONFIGS)}")
    if not legal:
        return []
    brain = _BRAINS.get(key)
    if brain is None:
        brain = _BRAINS[key] = Brain(CONFIGS[key])
    return [Decision(s.action, s.reason) for s in brain.rank(view, legal, full=True)]
