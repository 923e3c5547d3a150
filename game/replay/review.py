"""Review: at each decision of one seat, what an AI level would have done from exactly that seat's view,
and why — agreement, and the costliest differences by the level's own evaluation.

With prices (the default), the level's choice is its best move by its own
ranking, without the decision noise and slips a lower level plays with (a hunch
is not a level's best): Expert, which has none, reviewed by Expert agrees with
itself on every decision. Without prices (``scores=False``) the level's choice
comes from a player of that level asked at every decision of the seat, in order
— the same calls a match makes — its random choices seeded as the match seeded
that seat (the header's ``ai_seeds``; 0 when the header does not say), so a seat
any level played is reviewed as agreeing with itself on every decision (a match
resumed from a save started its AI players afresh, so only a level without
noise is then sure to).

One price: every legal action (discards, 听, calls, pass, kongs, 胡) is
priced by the level in expected points for the seat over the rest of the hand
(:class:`game.ai.price.Pricer`), from the seat's view only, far from ready as
near it; a 胡 at what the engine's settlement pays. The candidates come best
first (the level's choice is the best), and a difference's ``cost`` is the
best price minus the played one's, in points, never negative and never above
the most a hand can pay (:func:`~game.replay.pricing.hand_cap`). A cost under
:data:`~game.replay.pricing.TOLERANCE` is no mistake. Each mistake has a
category (牌效, 防守, 叫牌, 听牌选择, 宝) and the match a rating, 0-100
(:func:`~game.replay.pricing.rating`). Decisions with only one legal action are
not listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.base import Reason
from ..ai.price import Pricer
from ..ai.reasons import render_reason
from ..ai.registry import make_player
from ..core.errors import HarbinError
from ..core.events import Event
from ..core.legal import legal_actions
from ..core.view import view
from .notation import format_action
from .pricing import CATEGORIES, TOLERANCE, category, hand_cap, rating, win_values
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
    """The played move's price: expected points for the seat over the rest of the hand."""
    best_score: float | None = None
    """The best move's price (the level's choice)."""
    candidates: tuple[Candidate, ...] = ()
    """Every legal action priced, best first."""
    kind: str | None = None
    """The mistake's category (see :data:`~game.replay.pricing.CATEGORIES`); None when it is none."""

    @property
    def agree(self) -> bool:
        """The level would have played the same."""
        return self.played == self.best

    @property
    def cost(self) -> float:
        """Points the played move loses against the level's, by the level's price (0 if agreeing)."""
        if self.agree or self.played_score is None or self.best_score is None:
            return 0.0
        return max(0.0, self.best_score - self.played_score)

    @property
    def mistake(self) -> bool:
        """A difference that costs at least the tolerance (a 0-cost difference never is)."""
        return not self.agree and self.cost >= TOLERANCE

    @property
    def category(self) -> str | None:
        """The category of a mistake; None for a move that is none."""
        return self.kind if self.mistake else None

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
            "played_value": _rounded(self.played_score),
            "best_value": _rounded(self.best_score),
            "cost": round(self.cost, 4),
            "mistake": self.mistake,
            "category": self.category,
            "candidates": [c.to_json() for c in self.candidates],
        }


@dataclass(frozen=True)
class Candidate:
    """One legal action of a decision: its notation, its price and the level's reason for it."""

    action: str
    value: float
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        """``{"action", "value", "reason": {"zh", "en"}}``."""
        return {
            "action": self.action,
            "value": round(self.value, 4),
            "reason": {"zh": render_reason(self.reason, "zh"), "en": render_reason(self.reason, "en")},
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

    def mistakes(self) -> list[ReviewedDecision]:
        """The differences that cost at least the tolerance, in log order."""
        return [d for d in self.decisions if d.mistake]

    def costliest(self, n: int = 5) -> list[ReviewedDecision]:
        """The ``n`` mistakes that cost most by the level's price, costliest first."""
        return sorted(self.mistakes(), key=lambda d: (-d.cost, d.index))[:n]

    @property
    def lost(self) -> float:
        """Points the mistakes lose in all."""
        return sum(d.cost for d in self.mistakes())

    @property
    def rating(self) -> int:
        """The match rating, 0-100 (100: no point lost)."""
        return rating(self.lost, len({d.hand for d in self.decisions}))

    def categories(self) -> dict[str, dict[str, float]]:
        """Every category with its mistakes and the points they lose."""
        out: dict[str, dict[str, float]] = {name: {"mistakes": 0, "points": 0.0} for name in CATEGORIES}
        for d in self.mistakes():
            row = out[d.category or "efficiency"]
            row["mistakes"] += 1
            row["points"] = round(row["points"] + d.cost, 4)
        return out

    def hands(self) -> list[HandReview]:
        """A summary per hand, in order."""
        by_hand: dict[int, list[ReviewedDecision]] = {}
        for d in self.decisions:
            by_hand.setdefault(d.hand, []).append(d)
        out = []
        for hand, items in sorted(by_hand.items()):
            diffs = [d for d in items if not d.agree]
            wrong = [d for d in diffs if d.mistake]
            worst = max(wrong, key=lambda d: (d.cost, -d.index)) if wrong else None
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
            "rating": self.rating,
            "lost": round(self.lost, 4),
            "categories": self.categories(),
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
        pricer = Pricer(level) if scores else None  # prices: the level's order without its noise
    except ValueError as exc:
        raise ReviewError(str(exc)) from None
    checked = verify_events(events)
    if not checked.ok:
        raise ReviewError(f"the replay does not verify: event {checked.index}: {checked.error}")
    out = []
    cap: float | None = None
    for s in walk(events):
        if s.seat != seat or s.action is None:
            continue
        state = s.before
        seat_view = view(state, seat)
        legal = legal_actions(state, seat)
        if pricer is None:  # the level's own player, its decision noise seeded as in the match
            decision = player.decide(seat_view, legal)
            if len(legal) >= 2:
                played, best = format_action(s.action, state), format_action(decision.action, state)
                row = ReviewedDecision(s.index, state.hand_no, played, best, decision.reason, len(legal))
                out.append(row)
            continue
        if len(legal) < 2:
            continue
        if cap is None:
            cap = hand_cap(state.rules)
        priced = pricer.price(seat_view, legal, None, win_values(state, seat, legal), cap)
        named = [(format_action(p.action, state), p) for p in priced]
        played = format_action(s.action, state)
        mine, (best, top) = dict(named).get(played), named[0]
        kind = category(seat_view, mine, top) if mine is not None else None
        out.append(
            ReviewedDecision(
                s.index,
                state.hand_no,
                played,
                best,
                top.reason,
                len(legal),
                None if mine is None else mine.value,
                top.value,
                tuple(Candidate(n, p.value, p.reason) for n, p in named),
                kind,
            )
        )
    return Review(seat, level.strip().lower(), tuple(out))


__all__ = ["Candidate", "HandReview", "Review", "ReviewError", "ReviewedDecision", "player_seed", "review"]
