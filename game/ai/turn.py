"""The own turn: every discard (with or without 听) and every kong scored, and the reason for each discard."""

from __future__ import annotations

from ..core.actions import AnGang, Discard, JiaGang
from ..core.analysis.ting import MeldShape, TingReport, Wait, locked_waits
from .base import Reason
from .evaluate import Evaluator, HandEval, Scored
from .explain import Facts, kong_reason, last_discard, sure_safe, turn_reasons
from .hand import shift


def turn_actions(ex: Evaluator) -> list[Scored]:
    """Every discard (plain or declaring 听) and every kong of the own turn, scored, with reasons."""
    sit = ex.sit
    counts = sit.counts
    ting_kinds = {a.tile >> 2 for a in ex.legal if isinstance(a, Discard) and a.ting}
    kinds = sorted({a.tile >> 2 for a in ex.legal if isinstance(a, Discard)})
    evals = ex.discard_evals(counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open, kinds, ting_kinds)
    ex.apply_lookahead(evals, counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open)
    fold = _fold_set(ex, evals)
    out: list[Scored] = []
    for a in ex.legal:
        if isinstance(a, Discard):
            kind = a.tile >> 2
            ev = evals[kind]
            if a.ting:
                ev_t = HandEval(ev.shanten, 0, ev.accept, ev.acc_n, ev.acc_w, ev.acc2, ev.ready)
                waits = declared_waits(a, ev.ready)
                score = ex.finish(ev_t, sit.is_open, kind, True, waits)
                out.append(Scored(a, score, Reason("ting", {"tile": kind})))
            else:
                ev_n = ev
                if ev.dist == 0:  # ready shape kept without declaring: worth a step less
                    ev_n = HandEval(ev.shanten, 1, ev.accept, ev.acc_n, ev.acc_w, ev.acc2, None)
                score = ex.finish(ev_n, sit.is_open, kind, False)
                if fold is not None:
                    score += 5000.0 if kind in fold else 0.0
                out.append(Scored(a, score, Reason("discard"), dist=ev_n.dist))
    if last_discard(sit) and ex.cfg.defence != "none":
        _last_discard_safety(ex, out, evals)
    elif ex.cfg.fold_many or ex.cfg.fold_late:
        _fold_when_it_matters(ex, out, evals)
    plain = [s for s in out if isinstance(s.action, Discard)]
    best_discard = max(plain, key=lambda s: s.score, default=None)
    best_steps = min((e.shanten for e in evals.values()), default=0)
    best_lex = max((e.lex for e in evals.values()), default=-1e18)
    for a in ex.legal:
        if isinstance(a, AnGang | JiaGang):
            out.append(_kong_on_turn(ex, a, best_discard, best_lex, evals, best_steps))
    turn_reasons(ex, out, evals)
    return out


def declared_waits(action: Discard, report: TingReport | None) -> tuple[Wait, ...]:
    """The waits a 听 discard declares: the hand's own, or under 支对 (R44) the locked pair alone (卡当)."""
    if action.zhidui is not None:
        return locked_waits(action.zhidui >> 2)
    return report.waits if report is not None else ()


def _last_discard_safety(ex: Evaluator, out: list[Scored], evals: dict[int, HandEval]) -> None:
    """No draw left before 分张 and two or more steps from ready: the plain discards go by safety alone.

    The hand can no longer get ready but by two calls in a row, and during 分张 only a ready hand
    wins, so the discard only has to be safe (sure-safe first, then the lowest estimated risk).
    """
    plain = [s for s in out if isinstance(s.action, Discard) and not s.action.ting]
    steps = [evals[s.action.tile >> 2].shanten for s in plain if isinstance(s.action, Discard)]
    if not steps or min(steps) < 2:
        return
    facts = Facts(ex)
    top = max(s.score for s in plain)
    for s in plain:
        assert isinstance(s.action, Discard)
        kind = s.action.tile >> 2
        risk = 0.0 if kind in facts.sure else facts.risk(kind) + 0.001
        s.score = top - 10.0 * risk + 1e-6 * s.score


def _fold_when_it_matters(ex: Evaluator, out: list[Scored], evals: dict[int, HandEval]) -> None:
    """Several ready seats, or late with no real chance to win: the plain discard with the lowest chance
    to deal in goes first: with ``fold_keep``, among the discards that cost no step unless another is
    much safer; a sure-safe one there if any, else the best by expected points among those about as
    safe as the safest. A 听 discard still competes by its expected points."""
    plain = [s for s in out if isinstance(s.action, Discard) and not s.action.ting]
    if not plain:
        return
    kinds = [s.action.tile >> 2 for s in plain if isinstance(s.action, Discard)]
    why = ex.fold_reason(max(evals[k].off for k in kinds), min(evals[k].dist for k in kinds))
    if why is None:
        return
    pool = list(zip(plain, kinds, strict=True))
    low = min(evals[k].deal_p for k in kinds)
    if why == "many" and ex.cfg.fold_gap:
        best = max(pool, key=lambda sk: sk[0].score)[1]
        if evals[best].deal_p <= low + ex.cfg.fold_gap:
            return  # the preferred discard is about as safe as any: no fold needed
    ex.folding = why
    closest = min(evals[k].dist for k in kinds)
    keep = [(s, k) for s, k in pool if evals[k].dist == closest]
    low_keep = min(evals[k].deal_p for _, k in keep)
    if ex.cfg.fold_keep and low_keep <= low + ex.cfg.fold_keep:
        pool, low = keep, low_keep  # a fold that does not give up a step
    sure = sure_safe(ex.sit)
    slack = ex.cfg.fold_slack
    safe = [s for s, k in pool if k in sure] or [s for s, k in pool if evals[k].deal_p <= low + slack]
    pick = max(safe, key=lambda s: s.score)
    top = max(s.score for s in plain)
    pick.score = max(pick.score, top + 1e-6)


def _fold_set(ex: Evaluator, evals: dict[int, HandEval]) -> frozenset[int] | None:
    """Genbutsu defence: the kinds safe against every ready opponent, when the seat should fold."""
    cfg, sit = ex.cfg, ex.sit
    if cfg.defence != "genbutsu" or not sit.ready:
        return None
    best = min(e.dist for e in evals.values())
    if best < cfg.fold_from:
        return None
    safe = frozenset(k for k in evals if all(k in o.certain or k in o.likely for o in sit.ready))
    return safe or None


def _kong_on_turn(
    ex: Evaluator,
    a: AnGang | JiaGang,
    best_discard: Scored | None,
    best_lex: float,
    evals: dict[int, HandEval],
    best_steps: int,
) -> Scored:
    """An added or concealed kong: taken when it costs nothing (never a fourth meld)."""
    sit = ex.sit
    counts = sit.counts
    if isinstance(a, AnGang):
        kind = a.tiles[0] >> 2
        counts[kind] -= 4
        melds = (*sit.melds, MeldShape("angang", kind))
        idx = shift(*shift(*shift(*shift(*sit.idx, kind, -1), kind, -1), kind, -1), kind, -1)
        ctx, cno = ex.memo.context(melds, sit.rules)
        ev = ex.hand(counts, idx, ctx, cno, melds, sit.is_open)
        counts[kind] += 4
    else:
        kind = a.tile >> 2
        melds = tuple(MeldShape("gang", m.first) if m.kind == "peng" and m.first == kind else m
                      for m in sit.melds)  # fmt: skip
        same = evals.get(kind)
        if same is not None and same.acc_n:
            # the concealed hand is the one left by discarding that tile (look-ahead included)
            ev = HandEval(same.shanten, same.dist, same.accept, same.acc_n, same.acc_w, same.acc2, same.ready)
            ev.look = same.look
        else:
            counts[kind] -= 1
            ctx, cno = ex.memo.context(melds, sit.rules)
            ev = ex.hand(counts, shift(*sit.idx, kind, -1), ctx, cno, melds, sit.is_open)
            counts[kind] += 1
    score = ex.finish(ev, sit.is_open, None, False)
    if isinstance(a, JiaGang) and ex.dangers:
        p, _ = ex.danger_of(kind, False)
        score -= p * 3.0 * (1 if ex.pts else 1000)
    if not ex.cfg.kong or len(melds) >= 4:
        score -= 1e6
    # a kong costs nothing only if it keeps the distance and most of the acceptance
    score += 0.05 if ex.pts else 3.0
    if ex.pts and best_discard is not None and ev.lex + 3.0 < best_lex:
        score = min(score, best_discard.score - 1e-3)
    return Scored(a, score, kong_reason(ex, a.type, kind, ev.shanten, best_steps, opens=False))
