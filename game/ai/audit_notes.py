"""The claims of the notes that say the real choice (:mod:`game.ai.notes`), checked at a position of the
hints audit: what a ready seat declared with and cut before, the fold's conditions, the closer discard
given up, what a call that costs steps is for, and the 抢杠 facts of an added kong.

:func:`check_note` answers whether it knows the note; :mod:`game.ai.audit_claims` counts any other
note as unchecked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.actions import Action, Chi, Discard, Gang, JiaGang, Peng
from ..core.tiles import NUM_KINDS

if TYPE_CHECKING:
    from .audit import _Checker

P = Mapping[str, Any]

NOTES = frozenset((
    "reads", "reads_nocut", "fold_many", "fold_late", "wider_not_closer", "plan_opens", "plan_safe",
    "plan_accept", "qianggang_safe", "qianggang_risk", "kadang_wait",
))  # fmt: skip
"""The note kinds checked here."""

WHY_NOT_CLOSER = frozenset(("wider_not_closer", "fold_steps", "push_steps", "fold_many", "fold_late"))
"""Notes that say why a discard leaves more steps than another would."""


def _sure_against(c: _Checker, kind: int, seats: list[int] | None = None) -> bool:
    pos = c.pos
    passed = [pos.passed[o] for o in (seats if seats is not None else pos.ready)]
    return bool(passed) and all(kind in p for p in passed)


def _safest(c: _Checker, action: Action | None) -> None:
    """A fold's discard: sure-safe whenever the hand holds a sure-safe tile that costs no step (leaves
    as few steps as any plain discard)."""
    pos = c.pos
    if not isinstance(action, Discard):
        return
    plain = {a.tile >> 2 for a in pos.legal if isinstance(a, Discard) and not a.ting}
    steps = {k: pos.steps(pos.without(k), pos.melds) for k in plain}
    fewest = min(steps.values(), default=0)
    sure_close = [k for k in plain if k in pos.sure and steps[k] == fewest]
    kind = action.tile >> 2
    ok = not sure_close or kind in pos.sure
    c.claim("safest", ok, f"{kind} is not sure-safe, {sure_close} are and cost no step")


def _reads(c: _Checker, note: str, p: P) -> None:
    pos = c.pos
    seat_param = p.get("read_seat") or [-1, -1, -1]
    seat = int(seat_param[2])
    ok = seat in pos.ready and list(seat_param) == [
        (seat - pos.state.dealer) % 4,
        (seat - pos.seat) % 4,
        seat,
    ]
    c.claim("read_seat", ok, f"said {seat_param}")
    if not ok:
        return
    river = pos.state.rivers[seat]
    at = next((i for i, r in enumerate(river) if r.ting), None)
    c.claim(
        "ting_tile", at is not None and river[at].tile >> 2 == p.get("ting_tile"), f"{p.get('ting_tile')}"
    )
    if at is None:
        return
    if note == "reads":
        c.claim("cut", at > 0 and river[at - 1].tile >> 2 == p.get("cut"), f"said {p.get('cut')}")
    else:
        c.claim("no_cut", at == 0, f"{at} discards before the 听")
    likely = list(p.get("likely", []))
    c.claim("likely", bool(likely) and not any(_sure_against(c, k, [seat]) for k in likely),
            f"{likely} against {pos.passed[seat]}")  # fmt: skip


def _wider(c: _Checker, p: P, main: P, action: Action | None) -> None:
    pos = c.pos
    alt = int(p.get("alt", -1))
    if not isinstance(action, Discard) or not 0 <= alt < NUM_KINDS or not pos.counts[alt]:
        c.claim("alt_in_hand", False, f"alt {alt}")
        return
    mine = pos.without(action.tile >> 2)
    other = pos.without(alt)
    steps, accept = pos.steps(mine, pos.melds), pos.accept(mine, pos.melds)
    s_alt, a_alt = pos.steps(other, pos.melds), pos.accept(other, pos.melds)
    c.claim(
        "alt_steps", p.get("alt_steps") == s_alt < steps, f"said {p.get('alt_steps')}, is {s_alt} ({steps})"
    )
    c.claim("alt_accept", p.get("alt_accept") == a_alt < accept == p.get("accept", accept),
            f"said {p.get('alt_accept')}, is {a_alt} against {accept}")  # fmt: skip


def _plan(c: _Checker, note: str, p: P, main: P, action: Action | None) -> None:
    pos = c.pos
    is_call = isinstance(action, Chi | Peng | Gang) and pos.view.last_discard is not None
    c.claim("call", is_call, f"{action!r}")
    if not is_call:
        return
    assert isinstance(action, Chi | Peng | Gang)
    if note == "plan_opens":
        c.claim("closed", pos.closed, "the hand was open")
        return
    d = int(main.get("discard", -1))
    if note == "plan_safe":
        c.claim("sure_safe", d >= 0 and _sure_against(c, d), f"{d} is not sure-safe")
        c.claim("sure_truth", d not in pos.waits, f"{d} is a ready seat's wait")
        return
    counts, melds = pos.after_call(action)
    ok = 0 <= d < NUM_KINDS and counts[d] > 0
    c.claim("discard_in_hand", ok, f"discard {d}")
    if not ok:
        return
    counts[d] -= 1
    acc, ref = pos.accept(counts, melds), pos.accept(pos.counts, pos.melds)
    c.claim("accept", p.get("accept") == acc > ref == p.get("ref_accept"),
            f"said {p.get('accept')}/{p.get('ref_accept')}, is {acc}/{ref}")  # fmt: skip


def check_note(c: _Checker, note: str, p: P, main: P, kind: str, action: Action | None) -> bool:
    """Check a note of this module's kinds; False for a note it does not know."""
    pos = c.pos
    if note not in NOTES:
        return False
    if note in ("reads", "reads_nocut"):
        _reads(c, note, p)
    elif note == "fold_many":
        c.claim("n_ready", p.get("n_ready") == len(pos.ready) >= 2, f"{len(pos.ready)} ready seats")
        _safest(c, action)
    elif note == "fold_late":
        c.claim("ready_seat", bool(pos.ready), "nobody is ready")
        c.claim(
            "wall", p.get("wall") == pos.state.live_count, f"said {p.get('wall')}, is {pos.state.live_count}"
        )
        if isinstance(action, Discard):
            steps = pos.steps(pos.without(action.tile >> 2), pos.melds)
            c.claim("steps", p.get("steps") == steps, f"said {p.get('steps')}, is {steps}")
        _safest(c, action)
    elif note == "wider_not_closer":
        _wider(c, p, main, action)
    elif note.startswith("plan_"):
        _plan(c, note, p, main, action)
    elif note.startswith("qianggang_"):
        tile = int(p.get("tile", -1))
        c.claim("jiagang", isinstance(action, JiaGang) and action.tile >> 2 == tile, f"{action!r}")
        c.claim("ready_seat", bool(pos.ready), "nobody is ready")
        if note == "qianggang_safe":
            c.claim("sure_safe", _sure_against(c, tile), f"{tile} is not sure-safe")
            c.claim("sure_truth", tile not in pos.waits, f"{tile} is a ready seat's wait")
        else:
            c.claim("risk_of_safe", not _sure_against(c, tile), f"{tile} is sure-safe but given a risk")
    elif note == "kadang_wait":
        c.claim("kadang", bool(main.get("kadang")), "the wait is not 卡当")
    return True


def says_why(c: _Checker, kind: str, p: P, notes: frozenset[str], action: Action | None) -> None:
    """The reason of a chosen discard that leaves more steps than another plain discard says why."""
    pos = c.pos
    if not c.best or kind != "efficiency" or not isinstance(action, Discard) or action.ting:
        return
    steps = pos.steps(pos.without(action.tile >> 2), pos.melds)
    plain = {a.tile >> 2 for a in pos.legal if isinstance(a, Discard) and not a.ting}
    fewest = min(pos.steps(pos.without(k), pos.melds) for k in plain)
    c.claim("says_why", steps == fewest or bool(notes & WHY_NOT_CLOSER), f"{steps} steps, {fewest} possible")
