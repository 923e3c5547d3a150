"""One price for every candidate of a decision: expected points for the seat over the rest of the hand.

A level decides on two scales (:mod:`game.ai.evaluate`): while nobody is ready
Novice and Normal, and Strong and Expert too, order moves by "fewest steps,
then most tiles" (``-1000 × distance + tiles``); near a ready seat Strong and
Expert weigh expected points. A review cannot subtract one scale from the
other, so it asks this module instead: every legal action of the view is
priced on the points scale of the reviewing level (its wait model and
look-ahead, :attr:`~game.ai.config.Config.price` on), far from ready as well —
the chance to get ready and win in the draws left times the value of a win,
less the expected cost of dealing in — all from the seat's own view, never
from the hidden wall. A win is priced at what it pays (the caller may say
exactly; else a typical win).

The price never contradicts the level's own order: the candidates come in the
level's order (its choice first) and each is priced at most as high as the one
before it, so the level's choice is always the best and a move the level
prefers never costs more than one it ranks lower. Prices stay within
``± cap`` (the most a hand can pay). Nothing here changes a level's decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..core.actions import Action, Chi, Discard, Hu, Peng
from ..core.view import SeatView
from .base import Reason
from .brain import Brain
from .evaluate import Evaluator
from .levels import CONFIGS
from .situation import situation
from .turn import declared_waits

BIG = 5e5
"""Scores beyond this are a level's markers (take a 吃听, never a fourth meld), not points."""


@dataclass(frozen=True)
class Priced:
    """One candidate: its price in expected points for the seat, the level's reason for it, its risk."""

    action: Action
    value: float
    reason: Reason
    deal_in: float = 0.0
    """For a discard: the level's estimated chance that it deals in to a ready seat (0 otherwise)."""
    bao_chance: float = 0.0
    """For a 听 discard: the chance that declaring wins at once, the 宝 being one of its waits (冲宝), or
    1 when the seat sees the 宝 and it is one of the waits (a 摸宝 or 宝中宝 waiting)."""


def price_brain(level: str) -> tuple[str, Brain]:
    """The level's key and a brain that prices on the level's points scale at every decision."""
    key = level.strip().lower()
    if key not in CONFIGS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(CONFIGS)}")
    cfg = CONFIGS[key]
    model = cfg.danger_model if cfg.defence == "ev" else "fitted"
    priced = replace(
        cfg,
        name=f"{key}-price",
        points=True,
        price=True,
        defence="ev",
        danger_model=model,
        fold_many=0,
        fold_late=0.0,
        fold_calls=False,
        noise=0.0,
        miss_ting_call=0.0,
        miss_kadang=0.0,
        miss_fold=0.0,
    )
    return key, Brain(priced)


class Pricer:
    """Prices every candidate of a seat's decisions like one level (its own memo, kept between calls)."""

    def __init__(self, level: str = "expert") -> None:
        """A pricer for ``level`` (novice, normal, strong, expert or expert-v1)."""
        self.level, self.brain = price_brain(level)
        self.ranker = Brain(CONFIGS[self.level])
        self.typical_win = CONFIGS[self.level].win_points

    def price(
        self,
        view: SeatView,
        legal: Sequence[Action],
        first: Action | None = None,
        wins: Mapping[Action, float] | None = None,
        cap: float = 1e9,
    ) -> list[Priced]:
        """Every legal action priced, best first, in the level's order (``first``: the level's
        choice when the caller already has it); ``wins``: what each 胡 pays the seat."""
        if not legal:
            return []
        ranked = self.ranker.rank(view, legal, full=True)
        raw = {s.action: s.score for s in self.brain.rank(view, legal, full=True)}
        order = [s for s in ranked if s.action == first] + [s for s in ranked if s.action != first]
        risk, bao = self._risks(view, legal), self._bao_chances(view, legal)
        out: list[Priced] = []
        ceiling = cap
        for s in order:
            value = self._points(s.action, raw.get(s.action, 0.0), wins or {})
            value = max(-cap, min(ceiling, value))
            ceiling = value
            out.append(Priced(s.action, value, s.reason, risk(s.action), bao.get(s.action, 0.0)))
        return out

    def _bao_chances(self, view: SeatView, legal: Sequence[Action]) -> dict[Action, float]:
        """The 冲宝 chance of each 听 discard (declaring wins at once when the 宝 is one of its waits)."""
        tings = [a for a in legal if isinstance(a, Discard) and a.ting]
        if not tings or view.phase != "discard":
            return {}
        sit = situation(view, self.brain.memo)
        ex = Evaluator(self.brain.cfg, sit, legal, self.brain.memo)
        out: dict[Action, float] = {}
        for a in tings:
            kind = a.tile >> 2
            sit.counts[kind] -= 1
            report = ex.ting_report(sit.counts, sit.melds)
            sit.counts[kind] += 1
            waits = declared_waits(a, report)
            seen = view.bao is not None and any(w.kind == view.bao >> 2 for w in waits)
            out[a] = 1.0 if seen else ex.declared(report, waits).instant
        return out

    def _points(self, action: Action, score: float, wins: Mapping[Action, float]) -> float:
        """A pricing score in points: a win at what it pays, a level's markers taken off."""
        if isinstance(action, Hu):
            return float(wins.get(action, self.typical_win))
        if isinstance(action, Chi | Peng) and action.ting and score > BIG:
            score -= 1e6
        return score

    def _risks(self, view: SeatView, legal: Sequence[Action]) -> Callable[[Action], float]:
        """The chance that each discard deals in, by the level's wait model (0 with nobody ready)."""
        if not any(view.ting[s] for s in range(4) if s != view.seat) or view.phase != "discard":
            return lambda _a: 0.0
        sit = situation(view, self.brain.memo)
        if sit.ting:
            return lambda _a: 0.0
        ex = Evaluator(self.brain.cfg, sit, legal, self.brain.memo)

        def risk(action: Action) -> float:
            if isinstance(action, Discard):
                return ex.danger_of(action.tile >> 2, action.ting)[0]
            return 0.0

        return risk


__all__ = ["Priced", "Pricer", "price_brain"]
