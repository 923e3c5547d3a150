"""The own turn: every discard (with or without 听) and every kong scored, and the reason for each discard."""

from __future__ import annotations

from typing import Any

from ..core.actions import AnGang, Discard, JiaGang
from ..core.analysis.listen import MeldShape
from ..core.tiles import NUM_KINDS, is_yaojiu
from .base import Reason
from .evaluate import Evaluator, HandEval, Scored
from .hand import shape_shanten_of, shift


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
                score = ex.finish(ev_t, sit.is_open, kind, True)
                out.append(Scored(a, score, _ting_reason(ex, kind, ev_t)))
            else:
                ev_n = ev
                if ev.dist == 0:  # ready shape kept without declaring: worth a step less
                    ev_n = HandEval(ev.shanten, 1, ev.accept, ev.acc_n, ev.acc_w, ev.acc2, None)
                score = ex.finish(ev_n, sit.is_open, kind, False)
                if fold is not None:
                    score += 5000.0 if kind in fold else 0.0
                out.append(Scored(a, score, Reason("discard"), dist=ev_n.dist))
    plain = [s for s in out if isinstance(s.action, Discard)]
    best_discard = max(plain, key=lambda s: s.score, default=None)
    best_lex = max((e.lex for e in evals.values()), default=-1e18)
    for a in ex.legal:
        if isinstance(a, AnGang | JiaGang):
            out.append(_kong_on_turn(ex, a, best_discard, best_lex, evals))
    _discard_reasons(ex, out, evals, fold)
    return out


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
    return Scored(a, score, Reason("kong", {"tile": kind, "call": a.type, "shanten": ev.dist}))


def _ting_reason(ex: Evaluator, kind: int, ev: HandEval) -> Reason:
    """Why this 听 discard: its waits and their unseen copies (卡当 named)."""
    waits = ev.ready.waits if ev.ready else ()
    live = sum(ex.sit.unseen[w.kind] for w in waits)
    params: dict[str, Any] = {"tile": kind, "waits": [w.kind for w in waits], "live": live}
    if any(w.kadang for w in waits):
        return Reason("ting_kadang", params)
    return Reason("ting", params)


def _discard_reasons(
    ex: Evaluator, out: list[Scored], evals: dict[int, HandEval], fold: frozenset[int] | None
) -> None:
    """Fill in the reason of every plain discard (after scoring, so alternatives can be named)."""
    sit = ex.sit
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
            (fold is not None and kind in fold) or (ex.pts and ev.deal_p < 0.02 and ev.dist >= 2)
        ):
            s.reason = Reason(
                "fold",
                {"tile": kind, "seat": ready_opp.seat, "wind": sit.wind(ready_opp.seat),
                 "rel": ready_opp.rel, "safe": safe_n},
            )  # fmt: skip
        elif ready_opp is not None and ex.pts and ev.deal_p >= 0.02:
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
        cond = _kept_condition(ex, best, evals)
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


def _kept_condition(ex: Evaluator, best: Scored, evals: dict[int, HandEval]) -> tuple[str, int] | None:
    """(condition, kind) when the shape alone would discard ``kind`` but a Harbin condition needs it."""
    sit = ex.sit
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
            relaxed = ex.memo.harbin13(*idx, *ex.memo.context(sit.melds, rules, cond))
            if relaxed < now and relaxed <= chosen_h:
                return (cond, kind)
    return None
