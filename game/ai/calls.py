"""Claims on a discard: 吃, 碰, 明杠 (plain or 吃听/碰听) against passing, with the reason for each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, Chi, Gang, Pass, Peng
from ..core.tiles import NUM_KINDS
from .base import Reason
from .evaluate import Evaluator, HandEval, Scored
from .explain import Facts, kong_reason, metric, nonready_note, ting_facts, ting_notes, ting_risk_note
from .hand import call_meld, shift
from .notes import plan_notes


def claim_actions(ex: Evaluator) -> list[Scored]:
    """Every call on the discard and the pass, scored, with reasons."""
    sit = ex.sit
    view = sit.view
    tile = view.last_discard
    out: list[Scored] = []
    counts = sit.counts
    calls = [a for a in ex.legal if isinstance(a, Chi | Peng | Gang)]
    after_min: dict[Action, int] = {a: _after_min(ex, a, tile) for a in calls if isinstance(a, Chi | Peng)}
    hopeless = [a for a in calls if _hopeless(ex, a, tile, after_min.get(a, 99))]
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
    s_now = now.shanten
    plans: dict[Action, _Plan] = {}
    for a in ex.legal:
        if isinstance(a, Chi | Peng | Gang):
            if a in hopeless:
                after = after_min.get(a, 99)
                reason = Reason("call_no_gain", {"call": a.type, "tile": (tile or 0) >> 2, "steps": s_now,
                                                 "after": after})  # fmt: skip
                out.append(Scored(a, pass_score - 1.0, reason))
                plans[a] = _Plan(after, None, None)
            else:
                scored, plans[a] = _call(ex, a, tile, now, pass_score)
                out.append(scored)
        elif isinstance(a, Pass):
            out.append(Scored(a, pass_score, Reason("pass")))
    for s in out:
        if isinstance(s.action, Pass):
            s.reason = _pass_reason(ex, out, plans, s_now, (tile or 0) >> 2)
    return out


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a call would do: the fewest steps any following discard leaves, and the planned discard."""

    after_min: int
    follow: int | None
    after_follow: int | None
    best_discards: tuple[int, ...] = ()
    """The discards after the call that leave ``after_min`` steps."""
    shape_only: bool = False
    """``after_min`` is 0 but no discard after the call may declare 听 (a ready shape only)."""
    why: str | None = None
    """With ``shape_only``: the first rule that blocks 听 (glossary ``reason.word.block_*``)."""


def _pass_reason(
    ex: Evaluator, out: list[Scored], plans: dict[Action, _Plan], s_now: int, kind: int
) -> Reason:
    """Why passing: no call brings the hand closer, a fourth meld, or the discard a call would need."""
    sit = ex.sit
    calls = [s for s in out if not isinstance(s.action, Pass)]
    if not calls:
        return Reason("pass")
    closed = not sit.is_open

    def gains(s: Scored) -> bool:
        p = plans[s.action]
        ahead = p.after_min < s_now and not p.shape_only
        return getattr(s.action, "ting", False) or ahead or (closed and p.after_min <= s_now)

    helping = [s for s in calls if gains(s)]
    shapes = [s for s in calls if plans[s.action].shape_only and s_now != 0]
    if not helping and shapes:
        named = max(shapes, key=lambda s: s.score)
        params = {"call": named.action.type, "tile": kind, "steps": s_now, "why": plans[named.action].why}
        return Reason("pass_shape", params)
    if not helping:
        named = min(calls, key=lambda s: (plans[s.action].after_min, -s.score))
        params = {
            "call": named.action.type,
            "tile": kind,
            "steps": s_now,
            "after": plans[named.action].after_min,
        }
        return Reason("pass_call", params)
    best = max(helping, key=lambda s: s.score)
    call = best.action.type
    if len(sit.melds) + 1 >= 4:
        return Reason("pass_shoubayi", {"call": call, "tile": kind})
    plan = plans[best.action]
    if sit.ready and ex.pts and plan.best_discards:
        # the call gains only with one of these discards; the safest of them still deals in
        facts = Facts(ex)
        follow = min(plan.best_discards, key=lambda d: (d not in facts.sure, facts.pct(d)))
        if follow not in facts.sure:
            params = {"call": call, "tile": kind, "seats": facts.seats, "discard": follow,
                      "risk": facts.pct(follow), "steps": s_now, "after": plan.after_min}  # fmt: skip
            gain = "call_gain" if plan.after_min < s_now else "call_opens" if closed else None
            # after a 吃听/碰听 the discard is a 听 discard: it deals in as a ready hand
            cost = (ting_risk_note(sit, {"tile": follow, "risk": params["risk"]})
                    if getattr(best.action, "ting", False) else nonready_note(sit))  # fmt: skip
            return Reason("pass_fold", params, (*([Reason(gain)] if gain else []), cost))
    return Reason("pass")


def _after_min(ex: Evaluator, a: Chi | Peng, tile: int | None) -> int:
    """The fewest steps from a ready shape any discard after the call leaves (Harbin shanten)."""
    sit = ex.sit
    if tile is None:
        return 99
    used = sorted(t >> 2 for t in a.tiles)
    kind = tile >> 2
    meld = call_meld(a.type, used, kind)
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
    return after


def _hopeless(ex: Evaluator, a: Chi | Peng | Gang, tile: int | None, after: int) -> bool:
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
    s_now = ex.memo.harbin13(*sit.idx, sit.ctx, sit.cno)
    now = s_now if s_now > 0 or sit.is_open else 1
    if sit.is_open:
        return after > now if cfg.calls == "loose" else after >= now
    return after > now


def _call(
    ex: Evaluator, a: Chi | Peng | Gang, tile: int | None, now: HandEval, pass_score: float
) -> tuple[Scored, _Plan]:
    """A call scored with its best following discard (or, for a kong, the hand it leaves), and its plan."""
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
    meld = call_meld(a.type, used, kind)
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
        evals: dict[int, HandEval] = {}
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
            return Scored(a, -1e9, Reason("pass")), _Plan(99, None, None)
        score, follow, ev, ting = best
        dist_after = ev.dist
    if isinstance(a, Gang):
        best_lex = ev.lex
    for k in used:
        counts[k] += 1
    # calls cost flexibility (and safe tiles); the first call opens the hand
    if ex.pts:
        score -= cfg.call_cost_pts * ex.win_typ
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
        if a.ting:
            score += 1e-3  # 杠听 (R15): the same kong, ranked above the others' plain calls and ready at once
    if len(melds) >= 4 and not getattr(a, "ting", False):
        score = -1e9  # 手把一: never a dead fourth meld (R18's 中 单吊 variant offers only a 吃听/碰听)
    if isinstance(a, Chi | Peng) and a.ting:
        if cfg.dead_chiting or (ev.ready is not None and any(sit.unseen[w.kind] for w in ev.ready.waits)):
            score += 1e6  # 吃听/碰听: take it (only 胡 ranks above)
        else:
            score = min(score, pass_score - 1e-3)
    elif sit.ready and not isinstance(a, Gang):
        if cfg.fold_calls and ex.fold_reason(now.off, now.dist) is not None and dist_after >= now.dist:
            score = min(score, pass_score - 1e-3)  # folding: keep the safe tiles for the discards
        if cfg.third_meld_guard and len(melds) == 3 and ev.shanten >= 1:
            score = min(score, pass_score - 1e-3)  # four tiles left to fold with
        if cfg.open_guard and was_closed and ev.shanten >= now.shanten:
            score = min(score, pass_score - 1e-3)  # opening for nothing spends a safe tile
    reason = _call_reason(ex, a, kind, now, ev, follow, ting, evals, was_closed)
    after_min = min((e.shanten for e in evals.values()), default=ev.shanten)
    reach = tuple(d for d, e in evals.items() if e.shanten == after_min)
    shape_only = after_min == 0 and not any(e.dist == 0 for e in evals.values())
    why = _blocker(ex, a, kind, reach[0]) if shape_only and reach else None
    if why is not None and reason.kind == "call_shape":
        reason = Reason(reason.kind, {**reason.params, "why": why})
    return Scored(a, score, reason), _Plan(after_min, follow, ev.shanten, reach, shape_only, why)


def _blocker(ex: Evaluator, a: Chi | Peng | Gang, kind: int, discard: int) -> str | None:
    """The first rule that keeps the hand after the call and ``discard`` from declaring 听 (not 开门)."""
    sit = ex.sit
    counts = list(sit.counts)
    used = [t >> 2 for t in a.tiles]
    for k in (*used, discard):
        counts[k] -= 1
    report = ex.memo.ting_report(counts, (*sit.melds, call_meld(a.type, used, kind)), sit.rules)
    found = [b for b in report.blockers if b != "not_open"]
    return "block_" + found[0] if found else None


def _call_reason(
    ex: Evaluator,
    a: Chi | Peng | Gang,
    kind: int,
    now: HandEval,
    ev: HandEval,
    follow: int | None,
    ting: bool,
    evals: dict[int, HandEval],
    was_closed: bool,
) -> Reason:
    """What the call does: 吃听/碰听 with its waits, a kong, opening the hand, or the steps it saves."""
    sit = ex.sit
    call = a.type
    s_now = now.shanten
    if isinstance(a, Gang):
        return kong_reason(ex, call, kind, ev.shanten, s_now, opens=was_closed)
    waits = ev.ready.waits if ev.ready else ()
    if ting:
        facts_t = ting_facts(sit, waits)
        params: dict[str, Any] = {"call": call, "tile": kind, "discard": follow, **facts_t}
        if not a.ting:  # the 卡当 named when the wait is one (it pays double)
            told = [Reason("kadang_wait"), *ting_notes(sit, params, None)] if facts_t["kadang"] else []
            return Reason("call_ready", params, tuple(told))
        wider = None
        if facts_t["kadang"]:
            options = []
            for d, e in evals.items():
                if d == follow or e.dist != 0 or e.ready is None:
                    continue
                f = ting_facts(sit, e.ready.waits)
                if not f["kadang"] and f["live"] > facts_t["live"]:
                    options.append((f["live"], d, f))
            if options:
                live, d, f = max(options)
                wider = {"alt": d, "alt_waits": f["waits"], "alt_live": live}
        notes = ting_notes(sit, params, wider)
        if isinstance(a, Chi) and (sit.view.turn - sit.seat) % 4 != 3:
            notes.append(Reason("any_seat"))
        if sit.ready and follow is not None:
            facts = Facts(ex)
            params["seats"] = facts.seats
            if follow in facts.sure:
                notes.append(Reason("safe_sure", {"tile": follow}))
            else:
                notes.append(ting_risk_note(sit, {"tile": follow, "risk": facts.pct(follow)}))
        main = ("chiting" if isinstance(a, Chi) else "pengting") + ("_kadang" if facts_t["kadang"] else "")
        return Reason(main, params, tuple(notes))
    after = ev.shanten
    base = {"call": call, "tile": kind, "discard": follow}
    if after == 0:
        return Reason("call_shape", {**base, "steps": s_now, "after": 0})
    if after > s_now:  # what the call is for, when it costs steps
        _s, acc_now, _k = metric(ex, sit.counts, sit.idx, sit.ctx, sit.cno)
        why = plan_notes(Facts(ex) if sit.ready else None, was_closed, follow, ev.acc_n, acc_now)
        return Reason("call_plan", {**base, "steps": s_now, "after": after}, tuple(why))
    if was_closed:
        rule = Reason("open_rule_double" if sit.rules.menqing_scheme == "double" else "open_rule_flat3")
        if after < s_now:
            return Reason("open_call", {**base, "before": s_now, "after": after}, (rule,))
        return Reason("open_call_same", {**base, "after": after}, (rule,))
    if after < s_now:
        return Reason("call_progress", {**base, "before": s_now, "after": after})
    _s, acc_now, _k = metric(ex, sit.counts, sit.idx, sit.ctx, sit.cno)
    if ev.acc_n > acc_now:
        return Reason("call_accept", {**base, "steps": after, "accept": ev.acc_n, "ref_accept": acc_now})
    return Reason("call_keep", {**base, "steps": after})
