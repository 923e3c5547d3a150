"""The claims of each reason kind and note, checked at a position of the hints audit (:mod:`game.ai.audit`).

One function per reason kind and per note: it recomputes, with the engine's
analysis at the audit's :class:`~game.ai.audit._Position`, every fact the
text states, and records each as a claim (true or false) on the checker.
A reason or note kind without a checker here counts as a false claim
(``unchecked_kind``), so a new reason cannot slip past the audit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.actions import Action, AnGang, Chi, Discard, Gang, JiaGang, Peng
from ..core.analysis.ting import MeldShape, ting_report
from ..core.tiles import NUM_KINDS, is_yaojiu
from .audit_notes import check_note, says_why
from .base import Reason

if TYPE_CHECKING:
    from .audit import _Checker

P = Mapping[str, Any]

NO_CLAIMS = frozenset(("hu", "forced", "locked", "pass", "random", "greedy"))
"""Reason kinds that state nothing to check."""


# ---------------------------------------------------------------------------------------------- helpers


def _discarded(c: _Checker, p: P, action: Action | None, ting: bool = False) -> list[int] | None:
    """The hand after discarding ``tile`` (checking that the action is that discard), or None."""
    pos = c.pos
    t = int(p.get("tile", -1))
    ok = (
        0 <= t < NUM_KINDS
        and isinstance(action, Discard)
        and action.tile >> 2 == t
        and action.ting == ting
        and pos.counts[t] > 0
    )
    c.claim("tile", ok, f"action {action!r}, tile {t}")
    return pos.without(t) if ok else None


def _steps_accept(c: _Checker, p: P, counts: list[int]) -> None:
    pos = c.pos
    steps = pos.steps(counts, pos.melds)
    c.claim("steps", p.get("steps") == steps, f"said {p.get('steps')}, is {steps}")
    if "accept" in p:
        acc = pos.accept(counts, pos.melds)
        c.claim("accept", p["accept"] == acc, f"said {p['accept']}, is {acc}")


def _sure(c: _Checker, kind: int, what: str = "sure_safe") -> None:
    pos = c.pos
    c.claim(what, kind in pos.sure, f"{kind} was not discarded after every ready seat's 听")
    c.claim("sure_truth", kind not in pos.waits, f"{kind} is a ready seat's wait")


def _not_sure(c: _Checker, kind: int | None, what: str = "risk_of_safe") -> None:
    c.claim(what, kind is not None and kind not in c.pos.sure, f"{kind} is sure-safe but given a risk")


def _call_after(c: _Checker, action: Action | None) -> tuple[list[int], tuple[MeldShape, ...]] | None:
    if not isinstance(action, Chi | Peng | Gang) or c.pos.view.last_discard is None:
        c.claim("call", False, f"action {action!r}")
        return None
    return c.pos.after_call(action)


def _after_min(c: _Checker, counts: list[int], melds: tuple[MeldShape, ...]) -> int:
    pos = c.pos
    best = 99
    for d in range(NUM_KINDS):
        if counts[d]:
            counts[d] -= 1
            best = min(best, pos.steps(counts, melds))
            counts[d] += 1
    return best


def _called_tile(c: _Checker, p: P) -> None:
    last = c.pos.view.last_discard
    c.claim("called_tile", last is not None and p.get("tile") == last >> 2, f"tile {p.get('tile')}")


def _waits(c: _Checker, p: P, counts13: list[int], melds: tuple[MeldShape, ...], kadang: bool) -> None:
    got = c.pos.waits_after(counts13, melds)
    c.claim("ready", got["allowed"], "the hand may not declare ready")
    c.claim(
        "waits",
        sorted(p.get("waits", [])) == sorted(got["waits"]),
        f"said {p.get('waits')}, is {got['waits']}",
    )
    c.claim("live", p.get("live") == got["live"], f"said {p.get('live')}, is {got['live']}")
    c.claim("kadang", kadang == got["kadang"] == bool(p.get("kadang", kadang)), f"kadang is {got['kadang']}")


def _now(c: _Checker) -> int:
    return c.pos.steps(c.pos.counts, c.pos.melds)


# ---------------------------------------------------------------------------------------------- own turn


def _efficiency(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    counts = _discarded(c, p, action)
    if counts is not None:
        _steps_accept(c, p, counts)


def _keep(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    counts = _discarded(c, p, action)
    if counts is None:
        return
    _steps_accept(c, p, counts)
    keep = p.get("keep", -1)
    c.claim("keep_in_hand", 0 <= keep < NUM_KINDS and counts[keep] > 0, f"keep {keep}")
    if not 0 <= keep < NUM_KINDS or not counts[keep]:
        return
    other = list(counts)
    other[keep] -= 1
    other[p["tile"]] += 1
    k_steps = pos.steps(other, pos.melds)
    c.claim("keep_steps", p.get("keep_steps") == k_steps, f"said {p.get('keep_steps')}, is {k_steps}")
    c.claim("binding", k_steps > pos.steps(counts, pos.melds), "discarding the kept tile costs no step")
    if kind == "keep_yaojiu":
        cond = "yaojiu"
        c.claim("yaojiu", is_yaojiu(keep), f"{keep} is no 幺九")
        rest = [k for k in range(NUM_KINDS) if counts[k] and k != keep]
        sole = not any(is_yaojiu(k) for k in rest) and not any(
            is_yaojiu(k) for m in pos.melds for k in m.kinds()
        )
        c.claim("only_yaojiu", sole, "another 幺九 is in the hand or the melds")
    else:
        word = str(p.get("cond", "")).removeprefix("cond_")
        cond = word.removesuffix("_zhong")
        c.claim("cond_word", word != "kezi_zhong" or pos.rules.zhong_pair_counts_as_kezi, word)
    c.claim("cond_binds", pos.steps(other, pos.melds, cond) <= pos.steps(counts, pos.melds), cond)


def _shape_ready(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    counts = _discarded(c, p, action)
    if counts is None:
        return
    c.claim("steps", pos.steps(counts, pos.melds) == 0, "the shape is not ready")
    if kind == "closed_ready":
        c.claim("closed", pos.closed, "the hand is open")
        return
    c.claim("open", not pos.closed, "the hand is closed")
    can = any(isinstance(a, Discard) and a.ting and a.tile >> 2 == p.get("tile") for a in pos.legal)
    c.claim("declarable", can == (kind == "no_declare"), f"a 听 with it is legal: {can}")
    if kind == "ready_blocked":
        _blocked_by(c, p, counts, pos.melds)


def _fold(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    counts = _discarded(c, p, action)
    if counts is None:
        return
    _steps_accept(c, p, counts)
    alt = p.get("alt", -1)
    ok = 0 <= alt < NUM_KINDS and counts[alt] > 0
    c.claim("alt_in_hand", ok, f"alt {alt}")
    if not ok:
        return
    other = pos.without(alt)
    s_alt, a_alt = pos.steps(other, pos.melds), pos.accept(other, pos.melds)
    c.claim("alt_steps", p.get("alt_steps") == s_alt, f"said {p.get('alt_steps')}, is {s_alt}")
    c.claim("alt_accept", p.get("alt_accept") == a_alt, f"said {p.get('alt_accept')}, is {a_alt}")
    _not_sure(c, alt)
    if p["tile"] not in pos.sure:
        low = next((n for n in c.reason.notes if n.kind == "safe_low"), None) if c.reason else None
        risk = low.params.get("risk", 100) if low else 100
        c.claim("safer", risk < p.get("alt_risk", 0), f"{risk}% against {p.get('alt_risk')}%")


def _push(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    counts = _discarded(c, p, action)
    if counts is None:
        return
    _steps_accept(c, p, counts)
    _not_sure(c, p["tile"])
    ref = p.get("refused", -1)
    c.claim("refused_in_hand", 0 <= ref < NUM_KINDS and ref != p["tile"] and pos.counts[ref] > 0, f"{ref}")


def _last(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    counts = _discarded(c, p, action)
    if counts is None:
        return
    rules = pos.rules
    c.claim("fenzhang", rules.end_of_wall == "fenzhang_last4_keep8", rules.end_of_wall)
    live = pos.state.live_count
    c.claim("no_draw_left", live <= rules.kept_tiles + 7, f"{live} live tiles")
    steps = pos.steps(counts, pos.melds)
    c.claim("steps", p.get("steps") == steps and steps >= 2, f"said {p.get('steps')}, is {steps}")


def _ting(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    counts = _discarded(c, p, action, ting=True)
    if counts is not None:
        c.claim("zhidui_lock", getattr(action, "zhidui", None) is None, "a locking 听 told as a plain one")
        _waits(c, p, counts, c.pos.melds, kind == "ting_kadang")


def _lock_report(c: _Checker, p: P) -> tuple[list[int], Any] | None:
    """The hand after the 听 discard and its 听 report (for the 支对 claims), or None."""
    t = int(p.get("tile", -1))
    pos = c.pos
    if not (0 <= t < NUM_KINDS and pos.counts[t] > 0):
        return None
    counts = pos.without(t)
    return counts, ting_report(counts, pos.melds, pos.rules)


def _ting_zhidui(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    """R44 支对: the action locks that pair, one of the hand's 对倒 pairs; only its tile wins, as 卡当."""
    pos = c.pos
    counts = _discarded(c, p, action, ting=True)
    made = _lock_report(c, p)
    if counts is None or made is None:
        return
    _, rep = made
    lock = p.get("keep", -1)
    locked = getattr(action, "zhidui", None)
    c.claim("zhidui_lock", locked is not None and locked >> 2 == lock, f"action {action!r}, pair {lock}")
    c.claim("zhidui_pair", pos.rules.zhidui and lock in rep.zhidui, f"{lock} not in {rep.zhidui}")
    c.claim("waits", list(p.get("waits", [])) == [lock], f"said {p.get('waits')}, locked {lock}")
    c.claim("live", p.get("live") == pos.unseen(lock), f"said {p.get('live')}, is {pos.unseen(lock)}")
    c.claim("kadang", bool(p.get("kadang")), "a locked pair wins as 卡当")


def _zhidui_note(c: _Checker, note: str, p: P, main: P, action: Action | None) -> None:
    """The notes that say why a 支对 pair was locked (or not): copies left, the plain wait given up."""
    pos = c.pos
    made = _lock_report(c, main)
    if made is None:
        c.claim("tile", False, f"tile {main.get('tile')}")
        return
    _, rep = made
    if note in ("zhidui_more", "zhidui_same"):
        alt = p.get("alt", -1)
        got = pos.unseen(alt) if 0 <= alt < NUM_KINDS else -1
        ok = alt in rep.zhidui and alt != main.get("keep") and p.get("alt_live") == got
        ok = ok and (got < main.get("live", 0) if note == "zhidui_more" else got == main.get("live"))
        c.claim("zhidui_alt", ok, f"alt {alt}: said {p.get('alt_live')}, is {got}")
    elif note == "zhidui_vs_plain":
        plain = [w.kind for w in rep.waits]
        live = sum(pos.unseen(k) for k in plain)
        ok = rep.ting_allowed and sorted(p.get("alt_waits", [])) == sorted(plain)
        ok = ok and p.get("ref_accept") == live and not any(w.kadang for w in rep.waits)
        c.claim("zhidui_plain", ok, f"said {p.get('alt_waits')} ({p.get('ref_accept')}), is {plain} ({live})")
    else:  # zhidui_declined: a plain 听 where locking was open
        keep = p.get("keep", -1)
        ok = getattr(action, "zhidui", 0) is None and keep in rep.zhidui
        ok = ok and p.get("alt_live") == pos.unseen(keep)
        ok = ok and (pos.rules.scoring == "all_double" or pos.rules.kadang_mult == 2)
        c.claim("zhidui_declined", ok, f"pair {keep}, said {p.get('alt_live')}")


# ---------------------------------------------------------------------------------------------- calls


def _call_ting(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    _called_tile(c, p)
    made = _call_after(c, action)
    if made is None:
        return
    counts, melds = made
    want = Peng if kind.startswith("peng") else Chi
    is_ting = kind != "call_ready"
    shape_ok = isinstance(action, want) if is_ting else isinstance(action, Chi | Peng | Gang)
    c.claim("call", shape_ok and getattr(action, "ting", False) == is_ting, f"{action!r}")
    d = p.get("discard", -1)
    ok = 0 <= d < NUM_KINDS and counts[d] > 0
    c.claim("discard_in_hand", ok, f"discard {d}")
    if ok:
        counts[d] -= 1
        _waits(c, p, counts, melds, kind.endswith("_kadang") or bool(p.get("kadang")))


def _call_steps(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    _called_tile(c, p)
    made = _call_after(c, action)
    if made is None:
        return
    counts, melds = made
    now = _now(c)
    d = p.get("discard", -1)
    ok = 0 <= d < NUM_KINDS and counts[d] > 0
    c.claim("discard_in_hand", ok, f"discard {d}")
    if not ok:
        return
    counts[d] -= 1
    after = pos.steps(counts, melds)
    if "after" in p:
        c.claim("after", p["after"] == after, f"said {p['after']}, is {after}")
    if kind in ("open_call", "open_call_same"):
        c.claim("closed", pos.closed, "the hand was open")
        c.claim("same", (after == now) == (kind == "open_call_same"), f"{now} → {after}")
    if kind in ("open_call", "call_progress"):
        c.claim("before", p.get("before") == now, f"said {p.get('before')}, is {now}")
        c.claim("progress", after < now, f"{now} → {after}")
    if kind == "call_progress":
        c.claim("open", not pos.closed, "the hand was closed")
    if kind in ("call_keep", "call_accept"):
        c.claim("steps", p.get("steps") == now == after, f"{now} → {after}")
    if kind == "call_shape":
        c.claim("steps", p.get("steps") == now and after == 0, f"{now} → {after}")
        c.claim("undeclarable", not pos.waits_after(counts, melds)["allowed"], "it could declare")
        _blocked_by(c, p, counts, melds)
    if kind == "call_plan":
        c.claim("steps", p.get("steps") == now, f"said {p.get('steps')}, is {now}")
    if kind == "call_accept":
        ref = pos.accept(pos.counts, pos.melds)
        acc = pos.accept(counts, melds)
        c.claim("ref_accept", p.get("ref_accept") == ref, f"said {p.get('ref_accept')}, is {ref}")
        c.claim("accept", p.get("accept") == acc and acc > ref, f"said {p.get('accept')}, is {acc}")


def _no_gain(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    if isinstance(action, AnGang | JiaGang | Gang):
        _kong(c, p, action, kind)
        return
    made = _call_after(c, action)
    if made is None:
        return
    after = _after_min(c, *made)
    now = _now(c)
    c.claim("steps", p.get("steps") == now, f"said {p.get('steps')}, is {now}")
    c.claim("after", p.get("after") == after and after >= now, f"said {p.get('after')}, is {after}")
    _ = pos


def _kong_hand(c: _Checker, action: Action) -> tuple[list[int], tuple[MeldShape, ...], int]:
    """(counts, melds) of the hand a kong leaves, and the steps before it."""
    pos = c.pos
    if isinstance(action, AnGang):
        k = action.tiles[0] >> 2
        counts = pos.without(k, k, k, k)
        melds: tuple[MeldShape, ...] = (*pos.melds, MeldShape("angang", k))
    elif isinstance(action, JiaGang):
        k = action.tile >> 2
        counts = pos.without(k)
        melds = tuple(
            MeldShape("gang", m.first) if m.kind == "peng" and m.first == k else m for m in pos.melds
        )
    else:
        assert isinstance(action, Gang)
        counts, melds = pos.after_call(action)
        return counts, melds, _now(c)
    return counts, melds, _after_min(c, list(pos.counts), pos.melds)


def _kong(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    if not isinstance(action, AnGang | JiaGang | Gang):
        c.claim("call", False, f"{action!r}")
        return
    counts, melds, before = _kong_hand(c, action)
    steps = pos.steps(counts, melds)
    if kind == "kong":
        c.claim("steps", p.get("steps") == steps, f"said {p.get('steps')}, is {steps}")
        c.claim("costs_no_step", steps <= before, f"{before} → {steps}")
    else:
        c.claim("steps", p.get("steps") == before, f"said {p.get('steps')}, is {before}")
        c.claim("after", p.get("after") == steps and steps > before, f"said {p.get('after')}, is {steps}")


def _named_calls(c: _Checker, p: P) -> list[Chi | Peng | Gang]:
    return [a for a in c.pos.legal if isinstance(a, Chi | Peng | Gang) and a.type == p.get("call")]


def _pass_call(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    now = _now(c)
    c.claim("steps", p.get("steps") == now, f"said {p.get('steps')}, is {now}")
    afters = [_after_min(c, *c.pos.after_call(a)) for a in _named_calls(c, p)]
    c.claim("after", p.get("after") in afters and p["after"] >= now, f"said {p.get('after')}, can {afters}")


def _pass_fold(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    now = _now(c)
    c.claim("steps", p.get("steps") == now, f"said {p.get('steps')}, is {now}")
    d = p.get("discard", -1)
    found = False
    for a in _named_calls(c, p):
        counts, melds = pos.after_call(a)
        if 0 <= d < NUM_KINDS and counts[d]:
            counts[d] -= 1
            found = found or pos.steps(counts, melds) == p.get("after")
    c.claim("discard_after_call", found, f"discard {d}, after {p.get('after')}")
    _not_sure(c, d)


def _pass_shape(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    pos = c.pos
    now = _now(c)
    c.claim("steps", p.get("steps") == now, f"said {p.get('steps')}, is {now}")
    found = False
    for a in _named_calls(c, p):
        counts, melds = pos.after_call(a)
        zero = []
        for d in range(NUM_KINDS):
            if counts[d]:
                counts[d] -= 1
                if pos.steps(counts, melds) == 0:
                    zero.append(
                        not pos.waits_after(counts, melds)["allowed"] and _blocker_is(c, p, counts, melds)
                    )
                counts[d] += 1
        found = found or (bool(zero) and all(zero))
    c.claim("shape_only", found, "no such call leaves only an undeclarable ready shape")


def _blocker_is(c: _Checker, p: P, counts: list[int], melds: tuple[MeldShape, ...]) -> bool:
    why = p.get("why")
    return (
        why is None or str(why).removeprefix("block_") in ting_report(counts, melds, c.pos.rules).blockers
    )


def _blocked_by(c: _Checker, p: P, counts: list[int], melds: tuple[MeldShape, ...]) -> None:
    c.claim("blocker", _blocker_is(c, p, counts, melds), f"{p.get('why')} does not block")


def _shoubayi(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    c.claim("fourth_meld", len(c.pos.melds) == 3 and bool(_named_calls(c, p)), f"{len(c.pos.melds)} melds")


def _hunch(c: _Checker, p: P, action: Action | None, kind: str) -> None:
    if "tile" in p and isinstance(action, Discard):
        c.claim("tile", action.tile >> 2 == p["tile"], f"{action!r}")


MAIN: dict[str, Callable[[_Checker, P, Action | None, str], None]] = {
    "efficiency": _efficiency,
    "keep_yaojiu": _keep,
    "keep_condition": _keep,
    "closed_ready": _shape_ready,
    "no_declare": _shape_ready,
    "ready_blocked": _shape_ready,
    "fold": _fold,
    "push": _push,
    "last_discard": _last,
    "ting": _ting,
    "ting_kadang": _ting,
    "ting_zhidui": _ting_zhidui,
    "chiting": _call_ting,
    "chiting_kadang": _call_ting,
    "pengting": _call_ting,
    "pengting_kadang": _call_ting,
    "call_ready": _call_ting,
    "open_call": _call_steps,
    "open_call_same": _call_steps,
    "call_progress": _call_steps,
    "call_accept": _call_steps,
    "call_keep": _call_steps,
    "call_plan": _call_steps,
    "call_shape": _call_steps,
    "pass_shape": _pass_shape,
    "call_no_gain": _no_gain,
    "kong": _kong,
    "pass_call": _pass_call,
    "pass_fold": _pass_fold,
    "pass_shoubayi": _shoubayi,
    "hunch": _hunch,
}


# ---------------------------------------------------------------------------------------------- notes


def _note(c: _Checker, note: str, p: P, main: P, kind: str, action: Action | None) -> None:
    pos = c.pos
    rules = pos.rules
    tile = int(p.get("tile", -1))
    turn = isinstance(action, Discard) and 0 <= tile < NUM_KINDS
    if note == "accept2":
        counts = pos.without(tile) if turn else None
        got = pos.accept_after_one(counts, pos.melds) if counts is not None else None
        c.claim("accept2", got == p.get("accept2"), f"said {p.get('accept2')}, is {got}")
    elif note == "must_open":
        c.claim("closed", pos.closed, "the hand is open")
    elif note == "keep_cost":
        pass  # checked with the keep reason (keep_steps, binding)
    elif note == "safe_sure":
        _sure(c, tile)
    elif note == "safe_left":
        counts = pos.without(tile) if turn else list(pos.counts)
        n = sum(counts[k] for k in pos.sure)
        c.claim("safe_left", p.get("safe_left") == n, f"said {p.get('safe_left')}, is {n}")
    elif note == "safe_low":
        c.claim("no_sure_tile", not any(pos.counts[k] for k in pos.sure), "a sure-safe tile is in the hand")
        _not_sure(c, tile)
    elif note in ("tile_risk", "ting_risk", "ting_risk_covers"):
        _not_sure(c, tile)
        if note != "tile_risk":  # a ready discarder pays its own share only, unless 包三家 (R47)
            want = "ting_risk_covers" if rules.baosanjia == "always" else "ting_risk"
            c.claim("rule", note == want, f"{note} with baosanjia={rules.baosanjia}")
    elif note in ("fold_steps", "fold_accept"):
        steps, alt_steps = main.get("steps", 0), main.get("alt_steps", 0)
        if note == "fold_steps":
            c.claim("gave_up_step", alt_steps < steps, f"{alt_steps} against {steps}")
        else:
            ok = alt_steps == steps and main.get("alt_accept", 0) > main.get("accept", 0)
            c.claim("gave_up_tiles", ok, f"{main.get('alt_accept')} against {main.get('accept')}")
    elif note == "refused_sure":
        _sure(c, main.get("refused", -1))
    elif note == "refused_low":
        _not_sure(c, main.get("refused"))
        c.claim("safer", p.get("refused_risk", 100) < main.get("risk", 0), f"{p.get('refused_risk')}%")
    elif note in ("push_steps", "push_accept"):
        _push_why(c, note, p, main)
    elif note.startswith("nonready_pays_") or note.startswith("dealin_"):
        want = _dealin_rule(rules)
        c.claim("rule", note == want, f"{note} under {rules.dianpao_scheme}, baosanjia={rules.baosanjia}")
    elif note == "kadang_pays":
        c.claim("kadang", bool(main.get("kadang")) or kind.endswith("_kadang"), "the wait is not 卡当")
    elif note == "beats_wider":
        _wider(c, p, main, action)
    elif note in ("dead_wait", "dead_wait_bao", "dead_wait_red"):
        c.claim("dead", main.get("live") == 0 and pos.view.bao_exists, f"live {main.get('live')}")
        if rules.hongzhong_bao:  # R43: a drawn 红中 wins too
            want = "dead_wait_red"
        else:  # R47: only without 包三家 does a ready discarder pay just its own share
            want = "dead_wait_bao" if rules.baosanjia == "always" else "dead_wait"
        c.claim("rule", note == want, f"{note} under these rules")
    elif note.startswith("zhidui_"):
        _zhidui_note(c, note, p, main, action)
    elif note == "any_seat":
        rel = (pos.state.turn - pos.seat) % 4
        c.claim("any_seat", isinstance(action, Chi) and rel != 3, f"from relative seat {rel}")
    elif note in ("open_rule_flat3", "open_rule_double"):
        want = "open_rule_double" if rules.menqing_scheme == "double" else "open_rule_flat3"
        c.claim("rule", note == want, f"{note} under {rules.menqing_scheme}")
    elif note == "kong_no_points":
        c.claim("rule", rules.kong_points == "none", rules.kong_points)
    elif note == "kong_opens":
        c.claim("opens", pos.closed and isinstance(action, Gang), f"{action!r}")
    elif note == "call_gain":
        c.claim(
            "gain", main.get("after", 99) < main.get("steps", 0), f"{main.get('steps')} → {main.get('after')}"
        )
    elif note == "call_opens":
        c.claim("opens", pos.closed and main.get("after") == main.get("steps"), "the hand was open")
    elif not check_note(c, note, p, main, kind, action):
        c.claim("unchecked_kind", False, f"note {note}")


def _dealin_rule(rules: Any) -> str:
    """The note that states what a deal-in costs under these rules (R36, R46, R47)."""
    if rules.baosanjia == "always":
        return "dealin_covers_all"  # 点炮包三家, ready or not
    covers = rules.baosanjia == "non_listening" and rules.dianpao_scheme in ("S1", "S0")
    if not covers and (rules.baosanjia == "never" or rules.scoring == "all_double"):
        return "dealin_own_share"
    if rules.scoring == "all_double":
        return "nonready_pays_double"  # the discarder factor, and it covers the other two
    scheme = rules.dianpao_scheme if rules.dianpao_scheme in ("S0", "S4") else "S1"
    return "nonready_pays_" + scheme.lower()


def _push_why(c: _Checker, note: str, p: P, main: P) -> None:
    pos = c.pos
    ref = main.get("refused", -1)
    if not (0 <= ref < NUM_KINDS and pos.counts[ref]):
        return
    other = pos.without(ref)
    s_ref, a_ref = pos.steps(other, pos.melds), pos.accept(other, pos.melds)
    steps = main.get("steps", 0)
    if note == "push_steps":
        c.claim(
            "ref_steps",
            p.get("ref_steps") == s_ref and s_ref > steps,
            f"said {p.get('ref_steps')}, is {s_ref}",
        )
    else:
        ok = s_ref == steps and p.get("ref_accept") == a_ref and a_ref < main.get("accept", 0)
        c.claim("ref_accept", ok, f"said {p.get('ref_accept')}, is {a_ref} at {s_ref} steps")


def _wider(c: _Checker, p: P, main: P, action: Action | None) -> None:
    pos = c.pos
    alt = p.get("alt", -1)
    if isinstance(action, Discard):
        ok = any(isinstance(a, Discard) and a.ting and a.tile >> 2 == alt for a in pos.legal)
        counts: list[int] | None = pos.without(alt) if ok else None
        melds = pos.melds
    else:
        made = _call_after(c, action)
        counts, melds = made if made is not None else (None, pos.melds)
        ok = counts is not None and 0 <= alt < NUM_KINDS and counts[alt] > 0
        if ok and counts is not None:
            counts[alt] -= 1
    c.claim("alt_ting", ok, f"alt {alt}")
    if counts is None or not ok:
        return
    got = pos.waits_after(counts, melds)
    c.claim("alt_waits", sorted(p.get("alt_waits", [])) == sorted(got["waits"]) and not got["kadang"],
            f"said {p.get('alt_waits')}, is {got['waits']}")  # fmt: skip
    c.claim("alt_live", p.get("alt_live") == got["live"] > main.get("live", 0), f"is {got['live']}")


def check_reason(c: _Checker, reason: Reason, action: Action | None) -> None:
    """Check every claim of a reason (main sentence, ready seats, notes) for the action it explains."""
    p = reason.params
    if reason.kind not in NO_CLAIMS:
        handler = MAIN.get(reason.kind)
        if handler is None:
            c.claim("unchecked_kind", False, reason.kind)
        else:
            handler(c, p, action, reason.kind)
    if "seats" in p:
        want = c.pos.seats_param()
        c.claim("seats", [list(s) for s in p["seats"]] == want, f"said {p['seats']}, is {want}")
    for note in reason.notes:
        _note(c, note.kind, {**p, **note.params}, p, reason.kind, action)
    says_why(c, reason.kind, p, frozenset(n.kind for n in reason.notes), action)
