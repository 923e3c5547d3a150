"""Review: at each decision of one seat, what an AI level would have done from exactly that seat's view,
and why — agreement, and the costliest differences by the level's own evaluation.

The level's choice comes from a player of that level asked at every decision of
the seat, in order, with the seat's view and legal actions at that point — the
same calls a match makes. Its random choices are seeded as the match seeded
that seat (the header's ``ai_seeds``; 0 when the header does not say) and its
memo sees the same decisions in the same order, so a seat that level played
is reviewed as agreeing with itself on every decision. (A match resumed from a
save started its AI players afresh; only a level without decision noise, such
as Expert, is then guaranteed to agree with itself.)

The scores are the level's advisor's evaluation of every legal action
(:meth:`game.ai.advisor.Advisor.scores`): expected points for Strong and Expert,
an ordered "steps then tiles" scale for Novice and Normal. A difference's
``cost`` is the best action's score minus the played one's. Decisions with only
one legal action are not listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.advisor import Advisor
from ..ai.base import Reason
from ..ai.reasons import render_reason
from ..ai.registry import make_player
from ..core.errors import HarbinError
from ..core.events import Event
from ..core.legal import legal_actions
from ..core.view import view
from .notation import format_action
from .verify import verify_events
from .walk import walk


class ReviewError(HarbinError, ValueError):
    """A review that cannot be made (a log that does not verify, an unknown level or seat)."""


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the reviewed seat: what was played, what the level would play, and why."""

    index: int
    """Position in the log of the event that records the decision."""
    hand: int
    """The hand's number (0-based, as ``round_started`` counts)."""
    played: str
    """The move played, in the notation of :mod:`game.replay.notation`."""
    best: str
    """The level's move."""
    reason: Reason
    """The level's reason for its move (render with :func:`game.ai.reasons.render_reason`)."""
    options: int
    """How many legal actions the seat had."""
    played_score: float | None = None
    best_score: float | None = None

    @property
    def agree(self) -> bool:
        """The level would have played the same."""
        return self.played == self.best

    @property
    def cost(self) -> float:
        """How much worse the played move is than the level's, by the level's evaluation (0 if agreeing)."""
        if self.agree or self.played_score is None or self.best_score is None:
            return 0.0
        return max(0.0, self.best_score - self.played_score)

    def to_json(self) -> dict[str, Any]:
        """The decision as ``replay review --json`` prints it."""
        return {
            "index": self.index,
            "hand": self.hand,
            "played": self.played,
            "best": self.best,
            "agree": self.agree,
            "reason": {"zh": render_reason(self.reason, "zh"), "en": render_reason(self.reason, "en")},
            "played_score": _rounded(self.played_score),
            "best_score": _rounded(self.best_score),
            "cost": round(self.cost, 4),
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass(frozen=True)
class HandReview:
    """A hand's summary: decisions, agreements, the total cost and the costliest difference."""

    hand: int
    decisions: int
    agreed: int
    cost: float
    costliest: int | None
    """Event index of the hand's costliest difference (None if the level agreed throughout)."""

    @property
    def agreement(self) -> float:
        """Share of the hand's decisions where the level agreed (1.0 with none)."""
        return self.agreed / self.decisions if self.decisions else 1.0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready summary."""
        return {
            "hand": self.hand,
            "decisions": self.decisions,
            "agreed": self.agreed,
            "agreement": round(self.agreement, 4),
            "cost": round(self.cost, 4),
            "costliest": self.costliest,
        }


@dataclass(frozen=True)
class Review:
    """A seat's decisions in a match against one AI level."""

    seat: int
    level: str
    decisions: tuple[ReviewedDecision, ...]

    @property
    def agreement(self) -> float:
        """Share of decisions where the level agreed (1.0 with none)."""
        if not self.decisions:
            return 1.0
        return sum(d.agree for d in self.decisions) / len(self.decisions)

    def differences(self) -> list[ReviewedDecision]:
        """The decisions where the level would have played otherwise, in log order."""
        return [d for d in self.decisions if not d.agree]

    def costliest(self, n: int = 5) -> list[ReviewedDecision]:
        """The ``n`` differences that cost most by the level's evaluation, costliest first."""
        return sorted(self.differences(), key=lambda d: (-d.cost, d.index))[:n]

    def hands(self) -> list[HandReview]:
        """A summary per hand, in order."""
        by_hand: dict[int, list[ReviewedDecision]] = {}
        for d in self.decisions:
            by_hand.setdefault(d.hand, []).append(d)
        out = []
        for hand, items in sorted(by_hand.items()):
            diffs = [d for d in items if not d.agree]
            worst = max(diffs, key=lambda d: (d.cost, -d.index)) if diffs else None
            out.append(
                HandReview(
                    hand,
                    len(items),
                    len(items) - len(diffs),
                    sum(d.cost for d in diffs),
                    worst.index if worst else None,
                )
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """The review as ``replay review --json`` prints it."""
        return {
            "seat": self.seat,
            "level": self.level,
            "agreement": round(self.agreement, 4),
            "decisions": [d.to_json() for d in self.decisions],
            "hands": [h.to_json() for h in self.hands()],
            "costliest": [d.index for d in self.costliest()],
        }


def player_seed(header: Mapping[str, Any], seat: int) -> int:
    """The seed a seat's AI player was made with, as the header records it (0 when it does not)."""
    seeds = header.get("ai_seeds")
    if isinstance(seeds, list) and len(seeds) == 4 and isinstance(seeds[seat], int):
        return int(seeds[seat])
    return 0


def review(
    events: Sequence[Event],
    seat: int,
    level: str = "expert",
    header: Mapping[str, Any] | None = None,
    scores: bool = True,
) -> Review:
    """Review ``seat``'s decisions against ``level``; ``scores=False`` skips the advisor's evaluation."""
    if seat not in range(4):
        raise ReviewError(f"seat {seat} is not a seat (0-3)")
    try:
        player = make_player(level, player_seed(header or {}, seat))
        advisor = Advisor(level) if scores else None
    except ValueError as exc:
        raise ReviewError(str(exc)) from None
    checked = verify_events(events)
    if not checked.ok:
        raise ReviewError(f"the replay does not verify: event {checked.index}: {checked.error}")
    out = []
    for s in walk(events):
        if s.seat != seat or s.action is None:
            continue
        state = s.before
        seat_view = view(state, seat)
        legal = legal_actions(state, seat)
        decision = player.decide(seat_view, legal)
        if len(legal) < 2:
            continue
        played = format_action(s.action, state)
        best = format_action(decision.action, state)
        played_score = best_score = None
        if advisor is not None:
            scored = {format_action(d.action, state): value for d, value in advisor.scores(seat_view, legal)}
            played_score, best_score = scored.get(played), scored.get(best)
        out.append(
            ReviewedDecision(
                s.index, state.hand_no, played, best, decision.reason, len(legal), played_score, best_score
            )
        )
    return Review(seat, level.strip().lower(), tuple(out))


__all__ = ["HandReview", "Review", "ReviewError", "ReviewedDecision", "player_seed", "review"]
