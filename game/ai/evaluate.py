"""Evaluating hands for one decision: distance, acceptance, look-ahead, the score and the danger.

An :class:`Evaluator` is built once per decision from the seat's
:class:`~game.ai.situation.Situation` and a :class:`~game.ai.config.Config`.
Two scoring scales exist:

* *ordered* (Novice, Normal): ``-1000 × distance + acceptance``, with a bonus
  for a 听 declaration; a lexicographic "fewest steps, then most tiles" order.
* *points* (Strong, Expert): the expected points of the hand after the move —
  the chance to get ready and win in the draws left (:mod:`game.ai.value`)
  times the value of the win, minus the expected cost of dealing in to a
  ready opponent (:mod:`game.ai.defence`), which is large while not ready
  (3 plus the others' shares) and small once ready.

*Distance* is the Harbin shanten (幺九, 刻, 顺, two suits and the melds
included), plus one for a closed hand that would otherwise be ready: a
closed hand cannot declare 听, so it must still call (开门).

*Acceptance* counts, for each kind whose draw lowers the distance, the copies
this seat cannot see, and adds weight for kinds that can also be called:
碰 from any of three seats, 吃 from 上家, and when one call would make the hand
ready, 吃听/碰听 from any seat.

The own turn (:mod:`game.ai.turn`) and the claims (:mod:`game.ai.calls`) use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.actions import Action
from ..core.analysis.shanten import IMPOSSIBLE, HarbinContext
from ..core.analysis.ting import MeldShape, TingReport, Wait
from ..core.tiles import NUM_KINDS, ZHONG
from .base import Reason
from .config import Config
from .defence import Danger, deal_in_cost, feed_model, shape_wait_model, wait_model
from .hand import HandMemo, shift
from .reading import READING, Reading, read_waits
from .situation import Situation
from .value import (
    ReadyValue,
    best_declaration,
    expected_bao_copies,
    expected_red_copies,
    ready_value,
    turns_left,
    value_scale,
    win_chance,
)

TYPICAL_ACCEPT = (0.0, 16.0, 30.0, 44.0, 54.0, 60.0, 64.0, 66.0)
"""Typical weighted acceptance per distance (1-7), for steps a look-ahead does not see."""
TYPICAL_WAITS = 5.0
"""Typical live copies of the waits of a future ready hand."""

Valuation = Callable[[list[int], int, tuple[int, int, int, int]], float]
"""What the hand after a draw and a discard is worth to a look-ahead (see :meth:`Evaluator.walk`)."""


@dataclass(slots=True)
class HandEval:
    """A 3n+1 concealed hand after a move, as the evaluator sees it."""

    shanten: int
    dist: int
    accept: tuple[int, ...]
    acc_n: int
    acc_w: float
    acc2: float = 0.0
    ready: TingReport | None = None
    look: float = 1.0
    """Points scale: factor from the two-step acceptance relative to the other near-best discards."""
    score: float = 0.0
    lex: float = 0.0
    """The ordered-scale score (also kept on the points scale, where it vetoes calls and kongs)."""
    danger: float = 0.0
    deal_p: float = 0.0
    off: float = 0.0
    """Points scale: the expected points of the hand itself (the win chance × its value), danger aside."""


@dataclass(slots=True)
class Scored:
    """One legal action with its score and the reason that goes with it."""

    action: Action
    score: float
    reason: Reason
    order: int = 0
    dist: int | None = None
    """For a discard: the distance from ready it leaves."""


class Evaluator:
    """One decision's working state (the situation, dangers, caches) and the hand metrics."""

    def __init__(
        self, cfg: Config, sit: Situation, legal: Sequence[Action], memo: HandMemo, full: bool = False
    ) -> None:
        self.cfg = cfg
        self.memo = memo
        self.full = full
        self.sit = sit
        self.legal = legal
        self.turns = turns_left(sit)
        self.dangers: list[Danger] = []
        self.readings: list[Reading] = []
        if sit.ready and cfg.defence == "ev":
            if cfg.danger_model in ("reading", "blend"):
                self.readings = [read_waits(o, sit.unseen, sit.rules, READING) for o in sit.ready]
                self.dangers = [Danger(r.seat, r.rel, r.wait, r.kadang) for r in self.readings]
                if cfg.danger_model == "blend":
                    fitted = [wait_model(o, sit.unseen, cfg.priors) for o in sit.ready]
                    self.dangers = [_blend(d, f) for d, f in zip(self.dangers, fitted, strict=True)]
            elif cfg.danger_model == "fitted":
                self.dangers = [wait_model(o, sit.unseen, cfg.priors) for o in sit.ready]
            else:
                self.dangers = [shape_wait_model(o, sit.unseen) for o in sit.ready]
            if cfg.zhong_risk != 1.0:
                self.dangers = [_scale_zhong(d, cfg.zhong_risk) for d in self.dangers]
            if cfg.risk_scale != 1.0:
                self.dangers = [_scale(d, cfg.risk_scale) for d in self.dangers]
        pool = sit.pool
        self.e_bao = expected_bao_copies(sit)
        self.q_typ = (TYPICAL_WAITS * (1 + 0.9) + self.e_bao + expected_red_copies(sit)) / pool
        self.scale = value_scale(sit)
        """Payments under the room options (R46-R48) relative to the points scoring the levels know."""
        self.win_typ = cfg.win_points * self.scale
        """A typical future win in points (the level's figure, rescaled by the room options' payments)."""
        self.hazard = cfg.hazard_base + cfg.hazard_ready * len(sit.ready)
        self.pts = cfg.points and (bool(self.dangers) or cfg.price)
        """Use the points scale in this decision (Strong and up, a ready opponent at the table; the
        review's price always)."""
        self.feed: tuple[float, ...] | None = None
        if cfg.feed_cost or cfg.feed_cost_pts:
            self.feed = feed_model(sit)
        self.vetoed_by_danger = False
        """Set by the claims: a call that passed the ordered test lost on the points scale."""
        self.folding: str | None = None
        """Set by the own turn: why the level folds here (``many``: ready seats, ``late``: no real
        chance left), or None."""

    # ------------------------------------------------------------------ hand metrics
    def ting_report(self, counts: list[int], melds: tuple[MeldShape, ...]) -> TingReport:
        """The 听 analysis of a 3n+1 hand (remembered across decisions)."""
        return self.memo.ting_report(counts, melds, self.sit.rules)

    def hand(
        self,
        counts: list[int],
        idx: tuple[int, int, int, int],
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
        is_open: bool,
        ting_ok: bool | None = None,
    ) -> HandEval:
        """Evaluate a 3n+1 hand. ``ting_ok``: whether 听 is legal if the shape is ready (None: find out)."""
        cfg, sit = self.cfg, self.sit
        im, ip, is_, z = idx
        s, acc = self.memo.accept13(counts, im, ip, is_, z, ctx, cno)
        ready: TingReport | None = None
        if s == 0 and is_open:
            if ting_ok is None:
                ready = self.ting_report(counts, melds)
                ting_ok = ready.may_declare
            elif ting_ok:
                ready = self.ting_report(counts, melds)
            dist = 0 if ting_ok else 1
            if not ting_ok:
                ready = None
        elif s == 0:
            dist = 1
        else:
            dist = s
        unseen = sit.unseen
        can_call = len(melds) < sit.rules.max_melds
        acc_n = 0
        acc_w = 0.0
        closed_ready = s == 0 and not is_open
        if dist == 0:  # ready: every wait wins alike (drawn or discarded); no more calls
            for k in acc:
                acc_n += unseen[k]
            return HandEval(s, 0, acc, acc_n, float(acc_n), ready=ready)
        for k in acc:
            u = unseen[k]
            if not u:
                continue
            w = 0.0 if closed_ready else 1.0
            if cfg.call_weights and can_call:
                if counts[k] >= 2:
                    w += cfg.chiting_w if s <= 1 else cfg.pon_w
                elif k < ZHONG and _chiable(counts, k):
                    w += cfg.chiting_w if s <= 1 else cfg.chi_w
            elif closed_ready and can_call and (counts[k] >= 2 or (k < ZHONG and _chiable(counts, k))):
                w = 0.5
            acc_n += u
            acc_w += u * w
        return HandEval(s, dist if s < IMPOSSIBLE else 50, acc, acc_n, acc_w, ready=ready)

    def walk(
        self,
        counts: list[int],
        idx: tuple[int, int, int, int],
        accept: Sequence[int],
        value: Valuation,
    ) -> float:
        """Σ over the improving draws of a 3n+1 hand of unseen copies × the best ``value`` of a
        following discard (the two-step look-ahead; ``value`` says what a hand after it is worth).

        ``value(counts, d, idx_d)`` is asked with the drawn tile in ``counts`` and ``d`` still in
        it; ``idx_d`` are the indices without ``d``.
        """
        unseen = self.sit.unseen
        total = 0.0
        for k in accept:
            u = unseen[k]
            if not u:
                continue
            counts[k] += 1
            idx_k = shift(*idx, k, 1)
            best = 0.0
            for d in range(NUM_KINDS):
                if not counts[d] or d == k:
                    continue
                val = value(counts, d, shift(*idx_k, d, -1))
                if val > best:
                    best = val
            counts[k] -= 1
            total += u * best
        return total

    def lookahead(
        self,
        counts: list[int],
        idx: tuple[int, int, int, int],
        ev: HandEval,
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
        is_open: bool,
    ) -> float:
        """Two-step acceptance: Σ over improving draws of copies × the best acceptance after them."""
        target = ev.shanten - 1

        def acceptance(counts: list[int], d: int, idx_d: tuple[int, int, int, int]) -> float:
            if self.memo.harbin13(*idx_d, ctx, cno) != target:
                return 0.0
            counts[d] -= 1
            e = self.hand(counts, idx_d, ctx, cno, melds, is_open)
            counts[d] += 1
            if target == 0 and is_open and e.dist != 0:
                return e.acc_w * 0.5  # a ready shape that may not declare: half a win chance
            return e.acc_w

        return self.walk(counts, idx, ev.accept, acceptance)

    def fold_reason(self, best_off: float, best_dist: int) -> str | None:
        """Whether to fold now, and why: ``many`` ready opponents, or ``late`` with little chance to win
        (``best_off``: the expected points of the best plain discard's hand, ``best_dist``: the fewest
        steps a plain discard leaves)."""
        cfg = self.cfg
        if not self.pts:
            return None
        many = len(self.sit.ready)
        if (
            cfg.fold_many
            and many >= cfg.fold_many
            and best_dist >= cfg.fold_dist
            and not (many == 2 and best_dist < cfg.fold_two_dist)
        ):
            return "many"
        if cfg.fold_late and best_off < cfg.fold_late * self.win_typ:
            return "late"
        return None

    # ------------------------------------------------------------------ scoring a hand
    def finish(
        self,
        ev: HandEval,
        is_open: bool,
        discard: int | None,
        ting: bool,
        waits: Sequence[Wait] | None = None,
    ) -> float:
        """The score of an evaluated hand (after ``discard``, declaring 听 with it if ``ting``).

        ``waits``: the waits the 听 declares (a 支对 lock leaves one, R44); None: the hand's
        own, or its best 支对 choice. Without a ready opponent (or below Strong) the ordered
        scale decides; against a ready opponent the points scale weighs the win chance
        against the deal-in cost.
        """
        cfg, sit = self.cfg, self.sit
        lex = -1000.0 * ev.dist + ev.acc_w
        rv = None
        if ting or (ev.dist == 0 and ev.ready is not None):
            rv = self.declared(ev.ready, waits)
            if ting:
                if cfg.ready_value:
                    bonus = rv.rate * 1000 * rv.value / 6
                    if rv.instant:
                        bonus += rv.instant * rv.instant_value / max(self.turns, 1) * 1000 / 6
                else:  # a locked 支对 pair wins as 卡当 (pays double): its tiles count twice
                    locked = waits is not None and ev.ready is not None and tuple(waits) != ev.ready.waits
                    bonus = rv.live * (2 if locked else 1)
                lex += 500.0 + bonus
        feed = self.feed
        if feed is not None and discard is not None:
            lex -= cfg.feed_cost * feed[discard]
        ev.lex = lex
        if not self.pts:
            ev.score = lex
            return lex
        turns = self.turns
        if rv is not None:
            off = rv.value * win_chance(0, 0, 0, 0, rv.rate, turns, self.hazard, cache=self.memo.chains)
            if rv.instant:  # 冲宝: declaring may win at once
                off = rv.instant * rv.instant_value + (1.0 - rv.instant) * off
            if not ting:
                off *= 0.9  # ready after the next draw (a kong's replacement)
        else:
            pool = sit.pool
            dist = ev.dist
            p1 = ev.acc_w / pool
            p2 = TYPICAL_ACCEPT[min(dist - 1, 7)] / pool if dist >= 2 else 0.0
            p3 = TYPICAL_ACCEPT[min(max(dist - 2, 1), 7)] / pool
            off = (
                self.win_typ
                * win_chance(dist, p1, p2, p3, self.q_typ, turns, self.hazard, cache=self.memo.chains)
                * ev.look
            )
            if not is_open:
                off *= cfg.closed_factor
        ev.off = off
        score = off
        if discard is not None:
            p_deal, cost = self.danger_of(discard, ting)
            ev.danger = cost
            ev.deal_p = p_deal
            score = (1.0 - p_deal) * off - cost
        if feed is not None and discard is not None:
            score -= cfg.feed_cost_pts * feed[discard]
        score += 1e-7 * lex
        ev.score = score
        return score

    def declared(self, report: TingReport | None, waits: Sequence[Wait] | None = None) -> ReadyValue:
        """The value of declaring 听 with ``waits`` (None: the report's own, or under 支对 the best lock)."""
        sit = self.sit
        if waits is None:
            if report is None:
                waits = ()
            elif sit.rules.zhidui and report.zhidui:
                return best_declaration(sit, report, self.turns)[2]
            else:
                waits = report.waits
        return ready_value(sit, waits, self.menqing_losers())

    def menqing_losers(self) -> int:
        """Other seats that would pay as 门清 (closed and not ready)."""
        sit = self.sit
        return sum(
            1 for s in range(4) if s != sit.seat and not sit.open_seats[s] and not sit.view.ting[s]
        )

    def danger_of(self, kind: int, ready_after: bool) -> tuple[float, float]:
        """(probability of dealing in with ``kind``, expected extra points lost)."""
        p_total = 0.0
        cost = 0.0
        for dng, opp in zip(self.dangers, self.sit.ready, strict=True):
            p = dng.wait[kind]
            if not p:
                continue
            c, kadang = deal_in_cost(self.sit, opp, ready_after, self.cfg.offset * self.scale)
            cost += p * c * (1.0 + (kadang - 1.0) * dng.kadang[kind])
            p_total += p
        return min(1.0, p_total), cost

    def discard_evals(
        self,
        counts: list[int],
        idx: tuple[int, int, int, int],
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
        is_open: bool,
        kinds: Sequence[int],
        ting_kinds: set[int] | None,
    ) -> dict[int, HandEval]:
        """Evaluate each discard of a 3n+2 hand; those a step behind the best only by distance.

        ``ting_kinds`` are the kinds whose discard may declare 听 (None: find out with the
        listening analysis where the shape is ready).
        """
        quick: dict[int, tuple[int, int, tuple[int, int, int, int]]] = {}
        for kind in kinds:
            idx_k = shift(*idx, kind, -1)
            s = self.memo.harbin13(*idx_k, ctx, cno)
            if s == 0:
                d = 0 if is_open and (ting_kinds is None or kind in ting_kinds) else 1
            else:
                d = s if s < IMPOSSIBLE else 50
            quick[kind] = (s, d, idx_k)
        min_d = min((q[1] for q in quick.values()), default=0)
        need_all = self.full or self.pts
        safe: frozenset[int] = frozenset()
        if self.cfg.defence == "genbutsu" and self.sit.ready and min_d >= self.cfg.fold_from:
            safe = frozenset(k for k in quick if all(k in o.certain or k in o.likely for o in self.sit.ready))
        evals: dict[int, HandEval] = {}
        for kind, (s, d, idx_k) in quick.items():
            if need_all or d <= min_d or kind in safe:
                counts[kind] -= 1
                ok = None if ting_kinds is None else kind in ting_kinds
                evals[kind] = self.hand(counts, idx_k, ctx, cno, melds, is_open, ok)
                counts[kind] += 1
            else:
                evals[kind] = HandEval(s, d, (), 0, 0.0)
        return evals

    def apply_lookahead(
        self,
        evals: dict[int, HandEval],
        counts: list[int],
        idx: tuple[int, int, int, int],
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
        is_open: bool,
    ) -> None:
        """Add the look-ahead parts a level uses to the near-best discards (two-step and ready value)."""
        cfg = self.cfg
        if not evals:
            return
        best_dist = min(e.dist for e in evals.values())
        if cfg.ready_look and best_dist == 1 and is_open:
            self.ready_lookahead(evals, counts, idx, ctx, cno, melds)
        if not cfg.lookahead:
            return
        if not 1 <= best_dist <= cfg.look_max:
            return
        near = [k for k, e in evals.items() if e.dist == best_dist]
        top = max(evals[k].acc_w for k in near)
        for k in near:
            e = evals[k]
            if e.acc_w < cfg.look_width * top or e.shanten != best_dist:
                continue
            counts[k] -= 1
            e.acc2 = self.lookahead(counts, shift(*idx, k, -1), e, ctx, cno, melds, is_open)
            counts[k] += 1
        looked = [evals[k] for k in near if evals[k].acc2]
        for e in looked:
            # break near-ties by the second step (or weigh it in, with look_weight)
            e.acc_w += e.acc2 / 1000.0 + cfg.look_weight * e.acc2 / max(e.acc_n, 1)
        if self.pts and len(looked) > 1:
            avgs = [e.acc2 / max(e.acc_n, 1) for e in looked]
            mean = sum(avgs) / len(avgs)
            if mean > 0:
                for e, a in zip(looked, avgs, strict=True):
                    e.look = 1.0 + cfg.look_gain * (a - mean) / mean

    def ready_lookahead(
        self,
        evals: dict[int, HandEval],
        counts: list[int],
        idx: tuple[int, int, int, int],
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
    ) -> None:
        """One step from ready: weigh each improving draw by the value of the best ready hand it gives.

        The value is the ready hand's win rate times its mean points (卡当 ×2, 摸宝 and
        宝中宝 chances, live waits), so a discard that leads to better ready hands
        beats one that only leads to more of them.
        """
        cfg = self.cfg
        near = [k for k, e in evals.items() if e.dist == 1 and e.shanten == 1]
        if len(near) < 2:
            return
        top = max(evals[k].acc_w for k in near)
        memo: dict[tuple[int, int, int, int], float] = {}

        def ready_worth(counts: list[int], d2: int, idx_2: tuple[int, int, int, int]) -> float:
            """The ready hand after discarding ``d2``: win rate × mean points (0 if not ready)."""
            value = memo.get(idx_2)
            if value is None:
                value = 0.0
                if self.memo.harbin13(*idx_2, ctx, cno) == 0:
                    counts[d2] -= 1
                    rep = self.ting_report(counts, melds)
                    counts[d2] += 1
                    if rep.may_declare:
                        rv = self.declared(rep)
                        value = rv.rate * rv.value
                        if rv.instant:
                            value += rv.instant * rv.instant_value / max(self.turns, 1)
                memo[idx_2] = value
            return value

        for d in near:
            e = evals[d]
            if e.acc_w < cfg.look_width * top:
                continue
            counts[d] -= 1
            total = self.walk(counts, shift(*idx, d, -1), e.accept, ready_worth)
            counts[d] += 1
            e.acc_w += cfg.ready_look * total


def _chiable(counts: Sequence[int], k: int) -> bool:
    """Whether the hand holds two tiles that make a sequence with ``k``."""
    r = k % 9
    return bool(
        (r >= 2 and counts[k - 2] and counts[k - 1])
        or (1 <= r <= 7 and counts[k - 1] and counts[k + 1])
        or (r <= 6 and counts[k + 1] and counts[k + 2])
    )


def _scale_zhong(danger: Danger, factor: float) -> Danger:
    """The same danger table with 红中's wait chance scaled (capped at 1)."""
    wait = list(danger.wait)
    wait[ZHONG] = min(1.0, wait[ZHONG] * factor)
    return Danger(danger.seat, danger.rel, tuple(wait), danger.kadang)


def _blend(a: Danger, b: Danger) -> Danger:
    """The mean of two danger tables of one opponent."""
    wait = tuple((x + y) / 2 for x, y in zip(a.wait, b.wait, strict=True))
    kad = tuple((x + y) / 2 for x, y in zip(a.kadang, b.kadang, strict=True))
    return Danger(a.seat, a.rel, wait, kad)


def _scale(danger: Danger, factor: float) -> Danger:
    """The same danger table with every chance scaled (capped at 1)."""
    return Danger(danger.seat, danger.rel, tuple(min(1.0, w * factor) for w in danger.wait), danger.kadang)
