"""The coach: a match's costliest decisions of one seat, each said in a sentence, and the match rating.

The decisions and their costs are the review's (:mod:`game.replay.review`); the
coach only picks the costliest mistakes and says them in the player's words:
"Hand 3: you played discard 4 Bamboo where Expert plays discard 2 Bamboo, about
2.35 points lost (defence)."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..glossary import LANGS, Lang, term
from .move_text import move_words
from .review import Review, ReviewedDecision

COACH_LINES = 3
"""How many decisions the coach names."""
SENTENCE: Final[dict[Lang, str]] = {
    "zh": "第{hand}局：你{played}，{level}会{best}，约少得{cost}分（{category}）。",
    "en": (
        "Hand {hand}: you played {played} where {level} plays {best}, about {cost} points lost ({category})."
    ),
}
"""The coach's sentence for one decision (the words in it come from the glossary)."""


@dataclass(frozen=True)
class CoachLine:
    """One of the costliest decisions: where it is, what was played and what the level plays, its cost."""

    decision: ReviewedDecision
    level: str

    def sentence(self, lang: Lang) -> str:
        """The decision in one sentence."""
        d = self.decision
        return SENTENCE[lang].format(
            hand=d.hand + 1,
            played=move_words(d.played, lang),
            best=move_words(d.best, lang),
            level=term(f"level.{self.level}", lang) if f"level.{self.level}" in _LEVEL_KEYS else self.level,
            cost=f"{d.cost:.2f}",
            category=term(f"review.cat.{d.category or 'efficiency'}", lang),
        )

    def to_json(self) -> dict[str, Any]:
        """``{"index", "hand", "played", "best", "cost", "category", "sentence": {"zh", "en"}}``."""
        d = self.decision
        return {
            "index": d.index,
            "hand": d.hand,
            "played": d.played,
            "best": d.best,
            "cost": round(d.cost, 4),
            "category": d.category,
            "sentence": {lang: self.sentence(lang) for lang in LANGS},
        }


_LEVEL_KEYS = frozenset(f"level.{n}" for n in ("novice", "normal", "strong", "expert"))


def coach(result: Review, n: int = COACH_LINES) -> list[CoachLine]:
    """The ``n`` costliest mistakes of the reviewed seat, costliest first."""
    return [CoachLine(d, result.level) for d in result.costliest(n)]


def coach_json(result: Review) -> dict[str, Any]:
    """``replay coach --json``: ``{"decisions": [...], "rating", "seat", "level"}``."""
    return {
        "seat": result.seat,
        "level": result.level,
        "decisions": [line.to_json() for line in coach(result)],
        "rating": result.rating,
    }


__all__ = ["COACH_LINES", "CoachLine", "coach", "coach_json"]
