"""The heuristic evaluator behind every level: scores each legal action of a view and says why.

One :class:`Config` switches the parts on and off; the levels in
:mod:`game.ai.levels` are configurations of it. Two scoring scales exist:

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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from ..core.analysis.listen import ListenReport, MeldShape
from ..core.analysis.shanten import IMPOSSIBLE, HarbinContext
from ..core.tiles import NUM_KINDS, ZHONG, is_yaojiu
from ..core.view import SeatView
from .base import Decision, Reason
from .defence import DEFAULT_PRIORS, Danger, Priors, deal_in_cost, feed_model, shape_wait_model, wait_model
from .hand import HandMemo, indices, shape_shanten_of, shift
from .situation import Situation, situation
from .value import ready_value, turns_left, win_chance

DefenceMode = Literal["none", "genbutsu", "ev"]

"""Listening analyses by (counts, melds, id of the rule set); the rule set is kept to check the id."""
CallMode = Literal["loose", "standard"]

TYPICAL_ACCEPT = (0.0, 16.0, 30.0, 44.0, 54.0, 60.0, 64.0, 66.0)
"""Typical weighted acceptance per distance (1-7), for steps a look-ahead does not see."""
TYPICAL_WAITS = 5.0
"""Typical live copies of the waits of a future ready hand."""


@dataclass(frozen=True)
class Config:
    """Which parts of the evaluator a level uses, and its weights."""

    name: str
    points: bool = False
    """Score in expected points (with the push/fold trade-off) instead of the ordered scale."""
    call_weights: bool = True
    """Count call sources (碰 any seat, 吃 上家, 吃听/碰听 any seat) in the acceptance."""
    lookahead: bool = False
    """Two-step acceptance at distance 1-3 among the near-best discards."""
    look_width: float = 0.8
    """Look ahead on discards whose acceptance is within this fraction of the best."""
    look_max: int = 3
    """Deepest distance the look-ahead is used at."""
    ready_look: float = 0.0
    """One step from ready: weight of the value of the ready hands each draw leads to (0: off)."""
    look_weight: float = 0.0
    """Ordered scale: weight of the mean second-step acceptance added to the first (0: ties only)."""
    ready_value: bool = False
    """Choose among 听 discards by value (卡当, 宝 chances) rather than live wait count."""
    defence: DefenceMode = "none"
    danger_model: Literal["fitted", "shapes"] = "fitted"
    """EV defence: the logistic wait model fitted on self-play logs, or the plain shape count."""
    calls: CallMode = "standard"
    noise: float = 0.0
    """Probability of playing a random one of the best ``noise_top`` moves instead of the best."""
    noise_top: int = 3
    noise_mode: Literal["any", "discard"] = "any"
    """``any``: the noise may pick any of the best moves (calls included); ``discard``: only another
    plain discard that keeps the hand as close to ready."""
    pon_w: float = 0.5
    chi_w: float = 0.2
    chiting_w: float = 0.6
    open_bonus: float = 0.5
    """Worth of opening a closed hand by a call, in distance units (ordered scale)."""
    call_cost: float = 0.15
    """Flexibility lost by any call, in distance units (ordered scale)."""
    closed_factor: float = 0.6
    """Points scale: a closed hand's win chance is scaled by this (it still has to call)."""
    call_cost_pts: float = 0.01
    """Points scale: flexibility and safety lost by a call, as a fraction of a typical win."""
    win_points: float = 6.0
    """Points scale: mean value of a future win."""
    offset: float = 1.0
    """Points a non-winner loses anyway on average when a ready opponent wins later."""
    fold_from: int = 2
    hazard_base: float = 0.04
    """Points scale: chance per round that the hand ends by another's win while nobody is ready."""
    hazard_ready: float = 0.12
    """Points scale: extra chance per round per ready opponent."""
    look_gain: float = 0.15
    """Points scale: how much the two-step acceptance moves the win chance among near-best discards."""
    """Genbutsu defence: fold (play a safe tile) from this distance on while an opponent is ready."""
    priors: Priors = field(default_factory=lambda: DEFAULT_PRIORS)
    kong: bool = True
    """Take kongs that cost nothing."""
    feed_cost: float = 0.0
    """Ordered scale: cost of letting a non-ready opponent 吃听/碰听 off the discard, per unit probability."""
    feed_cost_pts: float = 0.0
    """Points scale: the same in points."""


@dataclass(slots=True)
class HandEval:
    """A 3n+1 concealed hand after a move, as the evaluator sees it."""

    shanten: int
    dist: int
    accept: tuple[int, ...]
    acc_n: int
    acc_w: float
    acc2: float = 0.0
    ready: ListenReport | None = None
    look: float = 1.0
    """Points scale: factor from the two-step acceptance relative to the other near-best discards."""
    score: float = 0.0
    lex: float = 0.0
    """The ordered-scale score (also kept on the points scale, where it vetoes calls and kongs)."""
    danger: float = 0.0
    deal_p: float = 0.0


@dataclass(slots=True)
class Scored:
    """One legal action with its score and the reason that goes with it."""

    action: Action
    score: float
    reason: Reason
    order: int = 0
    dist: int | None = None
    """For a discard: the distance from ready it leaves."""


class Brain:
    """Scores the legal actions of a view under one configuration."""

    def __init__(self, config: Config) -> None:
        self.cfg = config
        self.memo = HandMemo()
        """This brain's own memo of hand metrics (never shared with another player or thread)."""

    # ------------------------------------------------------------------ entry points
    def rank(self, view: SeatView, legal: Sequence[Action], full: bool = False) -> list[Scored]:
        """Every legal action scored, best first (ties keep the legal order).

        ``full`` evaluates every discard completely (for hints); otherwise discards that are
        a step behind the best are only scored by their distance.
        """
        scored = self._score(view, legal, full)
        for i, s in enumerate(scored):
            s.order = i
        scored.sort(key=lambda s: (-s.score, s.order))
        return scored

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """The configured level's move: the best action, or with some noise one of the best few."""
        if len(legal) == 1:
            only = legal[0]
            kind = "hu" if isinstance(only, Hu) else "forced"
            return Decision(only, Reason(kind, _tile_param(only)))
        ranked = self.rank(view, legal)
        best = ranked[0]
        cfg = self.cfg
        if cfg.noise and not _ting_or_hu(best.action) and rng.random() < cfg.noise:
            top = ranked[: cfg.noise_top]
            if cfg.noise_mode == "any":
                pool = [s for s in top if not _ting_or_hu(s.action)]
            elif _plain(best.action):  # a slip in tile efficiency: another discard as close to ready
                pool = [s for s in top if _plain(s.action) and s.dist == best.dist]
            else:
                pool = []
            if len(pool) > 1:
                pick = pool[rng.randrange(len(pool))]
                if pick is not best:
                    return Decision(pick.action, Reason("hunch", _tile_param(pick.action)))
        return Decision(best.action, best.reason)

    # ------------------------------------------------------------------ dispatch
    def _score(self, view: SeatView, legal: Sequence[Action], full: bool = False) -> list[Scored]:
        hu = [a for a in legal if isinstance(a, Hu)]
        if len(legal) == 1 or (hu and all(isinstance(a, Hu | Pass) for a in legal)):
            return [
                Scored(a, 1e9 if isinstance(a, Hu) else 0.0, Reason("hu" if isinstance(a, Hu) else "forced"))
                for a in legal
            ]
        sit = situation(view, self.memo)
        if sit.listening:
            return [
                Scored(a, 1e9 if isinstance(a, Hu) else 0.0, Reason("hu" if isinstance(a, Hu) else "locked"))
                for a in legal
            ]
        ctx = _Ctx(self.cfg, sit, legal, self.memo, full)
        if view.phase == "discard":
            out = ctx.turn_actions()
        else:
            out = ctx.claim_actions()
        for a in hu:
            out.append(Scored(a, 1e9, Reason("hu")))
        return out


def _ting_or_hu(action: Action) -> bool:
    """和, a 听 declaration or a 吃听/碰听: moves no level gets wrong on purpose."""
    return isinstance(action, Hu) or (isinstance(action, Discard | Chi | Peng) and action.ting)


def _plain(action: Action) -> bool:
    return isinstance(action, Discard) and not action.ting


def _tile_param(action: Action) -> dict[str, Any]:
    """``move`` (the action's glossary word) and ``tile`` (its kind) of an action, for reasons."""
    if isinstance(action, Discard | JiaGang):
        return {"move": "ting" if isinstance(action, Discard) and action.ting else action.type,
                "tile": action.tile >> 2}  # fmt: skip
    if isinstance(action, Chi | Peng | Gang | AnGang):
        return {"move": action.type, "tile": min(action.tiles) >> 2}
    return {"move": action.type}


class _Ctx:
    """One decision's working state (the situation, dangers, caches)."""

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
        if sit.ready and cfg.defence == "ev":
            if cfg.danger_model == "fitted":
                self.dangers = [wait_model(o, sit.unseen, cfg.priors) for o in sit.ready]
            else:
                self.dangers = [shape_wait_model(o, sit.unseen) for o in sit.ready]
        pool = sit.pool
        from .value import expected_bao_copies

        self.e_bao = expected_bao_copies(sit)
        self.q_typ = (TYPICAL_WAITS * (1 + 0.9) + self.e_bao) / pool
        self.win_typ = cfg.win_points
        self.hazard = cfg.hazard_base + cfg.hazard_ready * len(sit.ready)
        self.pts = cfg.points and bool(self.dangers)
        self.feed: tuple[float, ...] | None = None
        if cfg.feed_cost or cfg.feed_cost_pts:
            self.feed = feed_model(sit)
        self._vetoed_by_danger = False
        """Use the points scale in this decision (Strong and up, a ready opponent at the table)."""

    # ------------------------------------------------------------------ hand metrics
    def listen(self, counts: list[int], melds: tuple[MeldShape, ...]) -> ListenReport:
        """The listening analysis of a 3n+1 hand (remembered across decisions)."""
        return self.memo.listen(counts, melds, self.sit.rules)

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
        ready: ListenReport | None = None
        if s == 0 and is_open:
            if ting_ok is None:
                ready = self.listen(counts, melds)
                ting_ok = ready.listen_allowed
            elif ting_ok:
                ready = self.listen(counts, melds)
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
        sit = self.sit
        unseen = sit.unseen
        total = 0.0
        target = ev.shanten - 1
        for k in ev.accept:
            u = unseen[k]
            if not u:
                continue
            counts[k] += 1
            idx_k = shift(*idx, k, 1)
            best = 0.0
            for d in range(NUM_KINDS):
                if not counts[d] or d == k:
                    continue
                counts[d] -= 1
                idx_d = shift(*idx_k, d, -1)
                if self.memo.harbin13(*idx_d, ctx, cno) == target:
                    if target == 0 and is_open:
                        # a ready hand: its live waits, weighted like a win chance
                        e = self.hand(counts, idx_d, ctx, cno, melds, is_open)
                        val = e.acc_w if e.dist == 0 else e.acc_w * 0.5
                    else:
                        val = self.hand(counts, idx_d, ctx, cno, melds, is_open).acc_w
                    if val > best:
                        best = val
                counts[d] += 1
            counts[k] -= 1
            total += u * best
        return total

    # ------------------------------------------------------------------ scoring a hand
    def finish(self, ev: HandEval, is_open: bool, discard: int | None, ting: bool) -> float:
        """The score of an evaluated hand (after ``discard``, declaring 听 with it if ``ting``).

        Without a ready opponent (or below Strong) the ordered scale decides; against a
        ready opponent the points scale weighs the win chance against the deal-in cost.
        """
        cfg, sit = self.cfg, self.sit
        lex = -1000.0 * ev.dist + ev.acc_w
        rv = None
        if ting or (ev.dist == 0 and ev.ready is not None):
            rv = ready_value(sit, ev.ready.waits if ev.ready else (), self._menqing_losers())
            if ting:
                lex += 500.0 + (rv.rate * 1000 * rv.value / 6 if cfg.ready_value else rv.live)
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

    def _menqing_losers(self) -> int:
        sit = self.sit
        return sum(
            1 for s in range(4) if s != sit.seat and not sit.open_seats[s] and not sit.view.listening[s]
        )

    def danger_of(self, kind: int, ready_after: bool) -> tuple[float, float]:
        """(probability of dealing in with ``kind``, expected extra points lost)."""
        p_total = 0.0
        cost = 0.0
        for dng, opp in zip(self.dangers, self.sit.ready, strict=True):
            p = dng.wait[kind]
            if not p:
                continue
            c = deal_in_cost(self.sit, opp, ready_after, self.cfg.offset)
            cost += p * c * (1.0 + dng.kadang[kind])
            p_total += p
        return min(1.0, p_total), cost

    # ------------------------------------------------------------------ own turn
    def turn_actions(self) -> list[Scored]:
        sit = self.sit
        counts = sit.counts
        ting_kinds = {a.tile >> 2 for a in self.legal if isinstance(a, Discard) and a.ting}
        kinds = sorted({a.tile >> 2 for a in self.legal if isinstance(a, Discard)})
        evals = self.discard_evals(
            counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open, kinds, ting_kinds
        )
        self._apply_lookahead(evals, counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open)
        fold = self._fold_set(evals)
        out: list[Scored] = []
        for a in self.legal:
            if isinstance(a, Discard):
                kind = a.tile >> 2
                ev = evals[kind]
                if a.ting:
                    ev_t = HandEval(ev.shanten, 0, ev.accept, ev.acc_n, ev.acc_w, ev.acc2, ev.ready)
                    score = self.finish(ev_t, sit.is_open, kind, True)
                    out.append(Scored(a, score, self._ting_reason(kind, ev_t)))
                else:
                    ev_n = ev
                    if ev.dist == 0:  # ready shape kept without declaring: worth a step less
                        ev_n = HandEval(ev.shanten, 1, ev.accept, ev.acc_n, ev.acc_w, ev.acc2, None)
                    score = self.finish(ev_n, sit.is_open, kind, False)
                    if fold is not None:
                        score += 5000.0 if kind in fold else 0.0
                    out.append(Scored(a, score, Reason("discard"), dist=ev_n.dist))
        plain = [s for s in out if isinstance(s.action, Discard)]
        best_discard = max(plain, key=lambda s: s.score, default=None)
        best_lex = max((e.lex for e in evals.values()), default=-1e18)
        for a in self.legal:
            if isinstance(a, AnGang | JiaGang):
                out.append(self._kong_on_turn(a, best_discard, best_lex, evals))
        self._discard_reasons(out, evals, fold)
        return out

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

    def _apply_lookahead(
        self,
        evals: dict[int, HandEval],
        counts: list[int],
        idx: tuple[int, int, int, int],
        ctx: HarbinContext,
        cno: int,
        melds: tuple[MeldShape, ...],
        is_open: bool,
    ) -> None:
        cfg = self.cfg
        if not evals:
            return
        best_dist = min(e.dist for e in evals.values())
        if cfg.ready_look and best_dist == 1 and is_open:
            self._ready_lookahead(evals, counts, idx, ctx, cno, melds)
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

    def _ready_lookahead(
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
        cfg, sit = self.cfg, self.sit
        unseen = sit.unseen
        near = [k for k, e in evals.items() if e.dist == 1 and e.shanten == 1]
        if len(near) < 2:
            return
        top = max(evals[k].acc_w for k in near)
        menq = self._menqing_losers()
        memo: dict[tuple[int, int, int, int], float] = {}
        for d in near:
            e = evals[d]
            if e.acc_w < cfg.look_width * top:
                continue
            counts[d] -= 1
            idx_d = shift(*idx, d, -1)
            total = 0.0
            for k in e.accept:
                u = unseen[k]
                if not u:
                    continue
                counts[k] += 1
                idx_k = shift(*idx_d, k, 1)
                best = 0.0
                for d2 in range(NUM_KINDS):
                    if not counts[d2] or d2 == k:
                        continue
                    idx_2 = shift(*idx_k, d2, -1)
                    value = memo.get(idx_2)
                    if value is None:
                        value = 0.0
                        if self.memo.harbin13(*idx_2, ctx, cno) == 0:
                            counts[d2] -= 1
                            rep = self.listen(counts, melds)
                            counts[d2] += 1
                            if rep.listen_allowed:
                                rv = ready_value(sit, rep.waits, menq)
                                value = rv.rate * rv.value
                        memo[idx_2] = value
                    if value > best:
                        best = value
                counts[k] -= 1
                total += u * best
            counts[d] += 1
            e.acc_w += cfg.ready_look * total

    def _fold_set(self, evals: dict[int, HandEval]) -> frozenset[int] | None:
        """Genbutsu defence: the kinds safe against every ready opponent, when the seat should fold."""
        cfg, sit = self.cfg, self.sit
        if cfg.defence != "genbutsu" or not sit.ready:
            return None
        best = min(e.dist for e in evals.values())
        if best < cfg.fold_from:
            return None
        safe = frozenset(k for k in evals if all(k in o.certain or k in o.likely for o in sit.ready))
        return safe or None

    def _kong_on_turn(
        self, a: AnGang | JiaGang, best_discard: Scored | None, best_lex: float, evals: dict[int, HandEval]
    ) -> Scored:
        sit = self.sit
        counts = sit.counts
        if isinstance(a, AnGang):
            kind = a.tiles[0] >> 2
            counts[kind] -= 4
            melds = (*sit.melds, MeldShape("angang", kind))
            idx = shift(*shift(*shift(*shift(*sit.idx, kind, -1), kind, -1), kind, -1), kind, -1)
            ctx, cno = self.memo.context(melds, sit.rules)
            ev = self.hand(counts, idx, ctx, cno, melds, sit.is_open)
            counts[kind] += 4
        else:
            kind = a.tile >> 2
            melds = tuple(MeldShape("gang", m.first) if m.kind == "peng" and m.first == kind else m
                          for m in sit.melds)  # fmt: skip
            same = evals.get(kind)
            if same is not None and same.acc_n:
                # the concealed hand is the one left by discarding that tile (look-ahead included)
                ev = HandEval(
                    same.shanten, same.dist, same.accept, same.acc_n, same.acc_w, same.acc2, same.ready
                )
                ev.look = same.look
            else:
                counts[kind] -= 1
                ctx, cno = self.memo.context(melds, sit.rules)
                ev = self.hand(counts, shift(*sit.idx, kind, -1), ctx, cno, melds, sit.is_open)
                counts[kind] += 1
        score = self.finish(ev, sit.is_open, None, False)
        if isinstance(a, JiaGang) and self.dangers:
            p, _ = self.danger_of(kind, False)
            score -= p * 3.0 * (1 if self.pts else 1000)
        if not self.cfg.kong or len(melds) >= 4:
            score -= 1e6
        # a kong costs nothing only if it keeps the distance and most of the acceptance
        score += 0.05 if self.pts else 3.0
        if self.pts and best_discard is not None and ev.lex + 3.0 < best_lex:
            score = min(score, best_discard.score - 1e-3)
        return Scored(a, score, Reason("kong", {"tile": kind, "call": a.type, "shanten": ev.dist}))

    # ------------------------------------------------------------------ claims
    def claim_actions(self) -> list[Scored]:
        sit = self.sit
        view = sit.view
        tile = view.last_discard
        out: list[Scored] = []
        counts = sit.counts
        calls = [a for a in self.legal if isinstance(a, Chi | Peng | Gang)]
        hopeless = [a for a in calls if self._hopeless(a, tile)]
        if len(hopeless) == len(calls):
            # no call can beat passing on the ordered scale: skip the acceptance counts
            s_now = self.memo.harbin13(*sit.idx, sit.ctx, sit.cno)
            now = HandEval(s_now, s_now if s_now > 0 or sit.is_open else 1, (), 0, 0.0)
        else:
            now = self.hand(counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open)
        pass_score = self.finish(now, sit.is_open, None, False)
        if self.pts:
            # passing only delays the next discard: count the safest one now
            pass_score -= min(self.danger_of(k, False)[1] for k in range(NUM_KINDS) if counts[k])
        for a in self.legal:
            if isinstance(a, Chi | Peng | Gang):
                if a in hopeless:
                    reason = Reason("call_progress", {"call": a.type, "tile": (tile or 0) >> 2})
                    out.append(Scored(a, pass_score - 1.0, reason))
                else:
                    out.append(self._call(a, tile, now, pass_score))
            elif isinstance(a, Pass):
                out.append(Scored(a, pass_score, Reason("pass")))
        scored_calls = [s for s in out if not isinstance(s.action, Pass)]
        best_call = max(scored_calls, key=lambda s: s.score, default=None)
        for s in out:
            if isinstance(s.action, Pass) and best_call is not None:
                params: dict[str, Any] = {"call": best_call.action.type, "tile": (tile or 0) >> 2}
                if self.pts and sit.ready and self._vetoed_by_danger:
                    opp = sit.ready[0]
                    where = {"seat": opp.seat, "wind": sit.wind(opp.seat), "rel": opp.rel}
                    s.reason = Reason("pass_fold", {**params, **where})
                else:
                    s.reason = Reason("pass_call", {**params, "shanten": now.dist})
        return out

    def _hopeless(self, a: Chi | Peng | Gang, tile: int | None) -> bool:
        """Whether a call cannot beat passing on the ordered scale (decided from distances alone).

        Only when the ordered scale decides (no ready opponent for the points levels) and not for
        hints, which score every action in full. A plain call with a 吃听/碰听 twin loses to the twin.
        """
        sit, cfg = self.sit, self.cfg
        if self.full or self.pts or tile is None or isinstance(a, Gang) or a.ting:
            return False
        used = sorted(t >> 2 for t in a.tiles)
        if any(type(b) is type(a) and b.ting and sorted(t >> 2 for t in b.tiles) == used for b in self.legal
               if isinstance(b, Chi | Peng)):  # fmt: skip
            return True
        kind = tile >> 2
        meld = MeldShape("chi", min([*used, kind])) if isinstance(a, Chi) else MeldShape("peng", kind)
        ctx, cno = self.memo.context((*sit.melds, meld), sit.rules)
        counts = sit.counts
        idx = sit.idx
        for k in used:
            idx = shift(*idx, k, -1)
            counts[k] -= 1
        after = 99
        for d in range(NUM_KINDS):
            if counts[d]:
                after = min(after, self.memo.harbin13(*shift(*idx, d, -1), ctx, cno))
        for k in used:
            counts[k] += 1
        s_now = self.memo.harbin13(*sit.idx, sit.ctx, sit.cno)
        now = s_now if s_now > 0 or sit.is_open else 1
        if sit.is_open:
            return after > now if cfg.calls == "loose" else after >= now
        return after > now

    def _call(self, a: Chi | Peng | Gang, tile: int | None, now: HandEval, pass_score: float) -> Scored:
        sit, cfg = self.sit, self.cfg
        assert tile is not None
        kind = tile >> 2
        counts = sit.counts
        used = [t >> 2 for t in a.tiles]
        for k in used:
            counts[k] -= 1
        idx = sit.idx
        for k in used:
            idx = shift(*idx, k, -1)
        if isinstance(a, Chi):
            meld = MeldShape("chi", min([*used, kind]))
        elif isinstance(a, Peng):
            meld = MeldShape("peng", kind)
        else:
            meld = MeldShape("gang", kind)
        melds = (*sit.melds, meld)
        ctx, cno = self.memo.context(melds, sit.rules)
        was_closed = not sit.is_open
        opens = meld.kind != "angang"
        is_open = sit.is_open or opens
        if isinstance(a, Gang):
            ev = self.hand(counts, idx, ctx, cno, melds, is_open)
            score = self.finish(ev, is_open, None, False)
            follow: int | None = None
            dist_after = ev.dist
            ting = False
        else:
            best: tuple[float, int, HandEval, bool] | None = None
            best_lex = -1e18
            must_ting = a.ting
            rules = sit.rules
            variant = any(
                type(b) is type(a) and b.ting and sorted(t >> 2 for t in b.tiles) == sorted(used)
                for b in self.legal
                if isinstance(b, Chi | Peng)
            )
            offered = rules.chiting if isinstance(a, Chi) else rules.pengting
            ting_kinds: set[int] | None = None if (must_ting or variant or not offered) else set()
            kinds = [d for d in range(NUM_KINDS) if counts[d]]
            evals = self.discard_evals(counts, idx, ctx, cno, melds, is_open, kinds, ting_kinds)
            for d, ev in evals.items():
                can_ting = ev.dist == 0
                if must_ting and not can_ting:
                    continue
                sc = self.finish(ev, is_open, d, can_ting)
                best_lex = max(best_lex, ev.lex)
                if best is None or sc > best[0]:
                    best = (sc, d, ev, can_ting)
            if best is None:  # cannot happen for a legal 吃听; be safe
                for k in used:
                    counts[k] += 1
                return Scored(a, -1e9, Reason("pass"))
            score, follow, ev, ting = best
            dist_after = ev.dist
        if isinstance(a, Gang):
            best_lex = ev.lex
        for k in used:
            counts[k] += 1
        # calls cost flexibility (and safe tiles); the first call opens the hand
        if self.pts:
            score -= cfg.call_cost_pts * cfg.win_points
            # the danger may veto a call, never create one: it must pass the ordered test too
            lex = (
                best_lex - cfg.call_cost * 1000.0 + (cfg.open_bonus * 1000.0 if was_closed and opens else 0.0)
            )
            if lex <= now.lex and not getattr(a, "ting", False):
                score = min(score, pass_score - 1e-3)
            elif score < pass_score:
                self._vetoed_by_danger = True
        else:
            score -= cfg.call_cost * 1000.0
            if was_closed and opens:
                score += cfg.open_bonus * 1000.0
            if cfg.calls == "loose" and dist_after <= now.dist:
                score = max(score, pass_score + 1.0)
        if isinstance(a, Gang):
            if not cfg.kong:
                score -= 1e6
            score += 0.0
        if len(melds) >= 4:
            score = -1e9  # 手把一: never a fourth meld, even where the rules would allow it
        call = a.type
        if isinstance(a, Chi | Peng) and a.ting:
            reason = Reason(
                "chiting" if isinstance(a, Chi) else "pengting",
                {
                    "tile": kind,
                    "discard": follow,
                    "waits": [w.kind for w in ev.ready.waits] if ev.ready else [],
                    "live": sum(sit.unseen[w.kind] for w in ev.ready.waits) if ev.ready else 0,
                },
            )
            score += 1e6  # 吃听/碰听: take it (only 和 ranks above)
        elif isinstance(a, Gang):
            reason = Reason("kong", {"tile": kind, "call": call, "shanten": dist_after})
        elif was_closed:
            reason = Reason(
                "open_call", {"call": call, "tile": kind, "before": now.dist, "after": dist_after}
            )
        else:
            reason = Reason(
                "call_progress", {"call": call, "tile": kind, "before": now.dist, "after": dist_after}
            )
        if ting and not (isinstance(a, Chi | Peng) and a.ting):
            reason = Reason("call_ready", {"call": call, "tile": kind, "discard": follow})
        return Scored(a, score, reason)

    # ------------------------------------------------------------------ reasons
    def _ting_reason(self, kind: int, ev: HandEval) -> Reason:
        waits = ev.ready.waits if ev.ready else ()
        live = sum(self.sit.unseen[w.kind] for w in waits)
        params: dict[str, Any] = {"tile": kind, "waits": [w.kind for w in waits], "live": live}
        if any(w.kadang for w in waits):
            return Reason("ting_kadang", params)
        return Reason("ting", params)

    def _discard_reasons(
        self, out: list[Scored], evals: dict[int, HandEval], fold: frozenset[int] | None
    ) -> None:
        """Fill in the reason of every plain discard (after scoring, so alternatives can be named)."""
        sit = self.sit
        plain = [s for s in out if isinstance(s.action, Discard) and not s.action.ting]
        if not plain:
            return
        best = max(plain, key=lambda s: s.score)
        ready_opp = sit.ready[0] if sit.ready else None
        safe_n = 0
        if ready_opp is not None:
            safe_n = sum(
                c for k, c in enumerate(sit.counts)
                if c and all(k in o.certain or k in o.likely for o in sit.ready)
            )  # fmt: skip
        for s in plain:
            assert isinstance(s.action, Discard)
            kind = s.action.tile >> 2
            ev = evals[kind]
            params: dict[str, Any] = {"tile": kind, "shanten": ev.dist, "accept": ev.acc_n}
            if ready_opp is not None and (
                (fold is not None and kind in fold) or (self.pts and ev.deal_p < 0.02 and ev.dist >= 2)
            ):
                s.reason = Reason(
                    "fold",
                    {"tile": kind, "seat": ready_opp.seat, "wind": sit.wind(ready_opp.seat),
                     "rel": ready_opp.rel, "safe": safe_n},
                )  # fmt: skip
            elif ready_opp is not None and self.pts and ev.deal_p >= 0.02:
                s.reason = Reason(
                    "push",
                    {"tile": kind, "seat": ready_opp.seat, "wind": sit.wind(ready_opp.seat),
                     "rel": ready_opp.rel, "shanten": ev.dist, "risk": round(100 * ev.deal_p)},
                )  # fmt: skip
            elif ev.acc2 and s is best:
                params["accept2"] = round(ev.acc2 / max(ev.acc_n, 1), 1)
                s.reason = Reason("lookahead", params)
            else:
                s.reason = Reason("efficiency", params)
        # "keeps the only 幺九 / 刻 / 顺": the shape alone would have preferred another discard
        if best.reason.kind in ("efficiency", "lookahead"):
            cond = self._kept_condition(best, evals)
            if cond is not None:
                assert isinstance(best.action, Discard)
                tile = best.action.tile >> 2
                sole = (
                    cond[0] == "yaojiu"
                    and not any(is_yaojiu(k) for k in range(NUM_KINDS) if sit.counts[k] and k != cond[1])
                    and not any(is_yaojiu(k) for m in sit.melds for k in m.kinds())
                )
                if sole:
                    best.reason = Reason("keep_yaojiu", {"tile": tile, "keep": cond[1]})
                else:
                    best.reason = Reason("keep_condition", {"tile": tile, "cond": cond[0], "keep": cond[1]})

    def _kept_condition(self, best: Scored, evals: dict[int, HandEval]) -> tuple[str, int] | None:
        """(condition, kind) when the shape alone would discard ``kind`` but a Harbin condition needs it."""
        sit = self.sit
        assert isinstance(best.action, Discard)
        chosen = best.action.tile >> 2
        n_m = len(sit.melds)
        rules = sit.rules
        chosen_h = evals[chosen].shanten
        candidates = []
        for kind, ev in evals.items():
            if kind == chosen:
                continue
            im, ip, is_, z = shift(*sit.idx, kind, -1)
            shape = shape_shanten_of(im, ip, is_, z, n_m)
            # the shape alone likes this discard at least as well, but a Harbin condition binds
            if shape < ev.shanten and shape <= chosen_h:
                candidates.append((shape, kind))
        for _shape, kind in sorted(candidates):
            now = evals[kind].shanten
            idx = shift(*sit.idx, kind, -1)
            for cond in ("yaojiu", "kezi", "shunzi", "two_suits"):
                relaxed = self.memo.harbin13(*idx, *self.memo.context(sit.melds, rules, cond))
                if relaxed < now and relaxed <= chosen_h:
                    return (cond, kind)
        return None


def _chiable(counts: Sequence[int], k: int) -> bool:
    """Whether the hand holds two tiles that make a sequence with ``k``."""
    r = k % 9
    return bool(
        (r >= 2 and counts[k - 2] and counts[k - 1])
        or (1 <= r <= 7 and counts[k - 1] and counts[k + 1])
        or (r <= 6 and counts[k + 1] and counts[k + 2])
    )


__all__ = ["Brain", "Config", "HandEval", "Scored", "indices"]
