"""Claims on a discard: 吃, 碰, 明杠 (plain or 吃听/碰听) against passing, with the reason for each."""

from __future__ import annotations

from typing import Any

from ..core.actions import Chi, Gang, Pass, Peng
from ..core.analysis.listen import MeldShape
from ..core.tiles import NUM_KINDS
from .base import Reason
from .evaluate import Evaluator, HandEval, Scored
from .hand import shift


def claim_actions(ex: Evaluator) -> list[Scored]:
    """Every call on the discard and the pass, scored, with reasons."""
    sit = ex.sit
    view = sit.view
    tile = view.last_discard
    out: list[Scored] = []
    counts = sit.counts
    calls = [a for a in ex.legal if isinstance(a, Chi | Peng | Gang)]
    hopeless = [a for a in calls if _hopeless(ex, a, tile)]
    if len(hopeless) == len(calls):
        # no call can beat passing on the ordered scale: skip the acceptance counts
        s_now = ex.memo.harbin13(*sit.idx, sit.ctx, sit.cno)
        now = HandEval(s_now, s_now if s_now > 0 or sit.is_open else 1, (), 0, 0.0)
    else:
        now = ex.hand(counts, sit.idx, sit.ctx, sit.cno, sit.melds, sit.is_open)
    pass_score = ex.finish(now, sit.is_open, None, False)
    if ex.pts:
        # passing only delays the next discard: count the safest one now
        pass_score -= min(ex.danger_of(k, False)[1] for k in range(NUM_KINDS) if counts[k])
    for a in ex.legal:
        if isinstance(a, Chi | Peng | Gang):
            if a in hopeless:
                reason = Reason("call_progress", {"call": a.type, "tile": (tile or 0) >> 2})
                out.append(Scored(a, pass_score - 1.0, reason))
            else:
                out.append(_call(ex, a, tile, now, pass_score))
        elif isinstance(a, Pass):
            out.append(Scored(a, pass_score, Reason("pass")))
    scored_calls = [s for s in out if not isinstance(s.action, Pass)]
    best_call = max(scored_calls, key=lambda s: s.score, default=None)
    for s in out:
        if isinstance(s.action, Pass) and best_call is not None:
            params: dict[str, Any] = {"call": best_call.action.type, "tile": (tile or 0) >> 2}
            if ex.pts and sit.ready and ex.vetoed_by_danger:
                opp = sit.ready[0]
                where = {"seat": opp.seat, "wind": sit.wind(opp.seat), "rel": opp.rel}
                s.reason = Reason("pass_fold", {**params, **where})
            else:
                s.reason = Reason("pass_call", {**params, "shanten": now.dist})
    return out


def _hopeless(ex: Evaluator, a: Chi | Peng | Gang, tile: int | None) -> bool:
    """Whether a call cannot beat passing on the ordered scale (decided from distances alone).

    Only when the ordered scale decides (no ready opponent for the points levels) and not for
    hints, which score every action in full. A plain call with a 吃听/碰听 twin loses to the twin.
    """
    sit, cfg = ex.sit, ex.cfg
    if ex.full or ex.pts or tile is None or isinstance(a, Gang) or a.ting:
        return False
    used = sorted(t >> 2 for t in a.tiles)
    if any(type(b) is type(a) and b.ting and sorted(t >> 2 for t in b.tiles) == used for b in ex.legal
           if isinstance(b, Chi | Peng)):  # fmt: skip
        return True
    kind = tile >> 2
    meld = MeldShape("chi", min([*used, kind])) if isinstance(a, Chi) else MeldShape("peng", kind)
    ctx, cno = ex.memo.context((*sit.melds, meld), sit.rules)
    counts = sit.counts
    idx = sit.idx
    for k in used:
        idx = shift(*idx, k, -1)
        counts[k] -= 1
    after = 99
    for d in range(NUM_KINDS):
        if counts[d]:
            after = min(after, ex.memo.harbin13(*shift(*idx, d, -1), ctx, cno))
    for k in used:
        counts[k] += 1
    s_now = ex.memo.harbin13(*sit.idx, sit.ctx, sit.cno)
    now = s_now if s_now > 0 or sit.is_open else 1
    if sit.is_open:
        return after > now if cfg.calls == "loose" else after >= now
    return after > now


def _call(ex: Evaluator, a: Chi | Peng | Gang, tile: int | None, now: HandEval, pass_score: float) -> Scored:
    """A call scored with its best following discard (or, for a kong, the hand it leaves)."""
    sit, cfg = ex.sit, ex.cfg
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
    ctx, cno = ex.memo.context(melds, sit.rules)
    was_closed = not sit.is_open
    opens = meld.kind != "angang"
    is_open = sit.is_open or opens
    if isinstance(a, Gang):
        ev = ex.hand(counts, idx, ctx, cno, melds, is_open)
        score = ex.finish(ev, is_open, None, False)
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
            for b in ex.legal
            if isinstance(b, Chi | Peng)
        )
        offered = rules.chiting if isinstance(a, Chi) else rules.pengting
        ting_kinds: set[int] | None = None if (must_ting or variant or not offered) else set()
        kinds = [d for d in range(NUM_KINDS) if counts[d]]
        evals = ex.discard_evals(counts, idx, ctx, cno, melds, is_open, kinds, ting_kinds)
        for d, ev in evals.items():
            can_ting = ev.dist == 0
            if must_ting and not can_ting:
                continue
            sc = ex.finish(ev, is_open, d, can_ting)
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
    if ex.pts:
        score -= cfg.call_cost_pts * cfg.win_points
        # the danger may veto a call, never create one: it must pass the ordered test too
        lex = best_lex - cfg.call_cost * 1000.0 + (cfg.open_bonus * 1000.0 if was_closed and opens else 0.0)
        if lex <= now.lex and not getattr(a, "ting", False):
            score = min(score, pass_score - 1e-3)
        elif score < pass_score:
            ex.vetoed_by_danger = True
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
        reason = Reason("open_call", {"call": call, "tile": kind, "before": now.dist, "after": dist_after})
    else:
        reason = Reason(
            "call_progress", {"call": call, "tile": kind, "before": now.dist, "after": dist_after}
        )
    if ting and not (isinstance(a, Chi | Peng) and a.ting):
        reason = Reason("call_ready", {"call": call, "tile": kind, "discard": follow})
    return Scored(a, score, reason)
