"""Why the engine says no: each reason's words in one table, and the checks that pick the reason.

A :class:`~game.core.actions.Refusal` names its reason by a code (glossary ``refusal.<code>``: the
player's words, :func:`refusal_words`) and carries the engine's own English line, from
:data:`MESSAGES` (a code with more than one case has a line per case, ``code.case``).
:func:`explain_refusal` asks the checks of :data:`CHECKS` in order, most specific first; the first
that finds a reason gives the refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Final

from ..glossary import TERMS, Lang, term
from .actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from .analysis.ting import ting_report
from .legal import duty, legal_actions
from .state import State
from .tiles import format_kinds, kind_of

MESSAGES: Final = MappingProxyType(
    {
        "round_over": "the hand is over",
        "not_your_turn": "only the seat to play may discard or kong from its hand",
        "not_your_turn.table": "the table is not waiting for this seat",
        "illegal_action": "{action} is not allowed now",
        "illegal_action.seat": "seat {seat} is not 0-3",
        "tile_not_in_hand": "{tiles_text} is not in seat {seat}'s hand",
        "listening_locked": "a ready (听) hand cannot call or kong",
        "listening_locked.discard": "a ready (听) hand may only discard the tile it drew",
        "max_melds": "手把一: at most {max_melds} melds",
        "nothing_to_claim": "there is no discard to call",
        "nothing_to_pass": "there is no discard to pass on: the seat is to discard",
        "must_hu": "有胡必胡: a legal win must be taken",
        "must_declare_ting": "after a 吃听/碰听/杠听 the discard must declare 听",
        "ting_not_allowed": "cannot declare 听 with this discard: {blockers_text}{hint}",
        "ting_not_allowed.call": "this call does not make the hand ready to declare 听",
        "zhidui_off": "支对 (locking a pair) is not played under these rules",
        "zhidui_needs_ting": "a 支对 pair is locked only with the discard that declares 听",
        "zhidui_not_duidao": (
            "支对 needs a 对倒 wait: exactly two pairs waiting, either of which may become the triplet"
        ),
        "zhidui_not_a_pair": "lock one of the two 对倒 pairs: {choices}",
        "no_pair": "碰 needs a pair of the discarded tile in the hand",
        "no_three": "明杠 needs three of the discarded tile in the hand",
        "gang_only_from_shangjia": "明杠 only on the previous player's discard",
        "no_chi_shape": "no two tiles in the hand make a sequence with it",
        "chi_only_from_shangjia": "吃 only from the previous player, unless it makes the hand ready",
        "no_four": "暗杠 needs four of a kind in the hand",
        "no_peng_to_add": "加杠 needs a 碰 of that tile",
        "not_a_win": "there is no legal win here",
    }
)
"""The engine's line for each reason (``code`` or ``code.case``), with the facts it names in braces."""


def refusal(
    reason: str, tiles: tuple[int, ...] = (), blockers: tuple[str, ...] = (), **facts: Any
) -> Refusal:
    """The refusal of a reason of :data:`MESSAGES`: its code and its line with the facts filled in."""
    return Refusal(reason.partition(".")[0], MESSAGES[reason].format(**facts), blockers, tiles)


def refusal_words(refusal: Refusal, lang: Lang) -> str:
    """A refusal in the player's words: the glossary's reason and, for 听, each blocker (a code the
    glossary does not know keeps the engine's line, a blocker its code)."""
    key = f"refusal.{refusal.code}"
    text = term(key, lang) if key in TERMS else refusal.message
    if refusal.blockers:
        words = [term(f"blocker.{b}", lang) if f"blocker.{b}" in TERMS else b for b in refusal.blockers]
        text += ("：" if lang == "zh" else ": ") + ("、" if lang == "zh" else ", ").join(words)
    return text


@dataclass(frozen=True)
class Question:
    """One "why not?": a seat, an action it may not play, the state and the seat's legal actions."""

    state: State
    seat: int
    action: Action
    legal: Sequence[Action]

    @cached_property
    def on_turn(self) -> bool:
        """The seat acts on its full hand now."""
        return self.state.phase == "discard" and self.state.turn == self.seat

    @cached_property
    def on_a_discard(self) -> bool:
        """Another seat's discard is open to calls."""
        state = self.state
        return state.phase == "claim" and state.last_discard is not None and self.seat != state.turn

    @property
    def call(self) -> bool:
        """The action is a call on a discard (吃, 碰, 明杠)."""
        return isinstance(self.action, Chi | Peng | Gang)


Check = Callable[[Question], Refusal | None]


def _hand_over(q: Question) -> Refusal | None:
    return refusal("round_over") if q.state.phase in ("round_over", "match_over", "pregame") else None


def _locked_hand_calls(q: Question) -> Refusal | None:
    locked = q.state.ting[q.seat] and isinstance(q.action, Chi | Peng | Gang | AnGang | JiaGang)
    return refusal("listening_locked") if locked else None


def _too_many_melds(q: Question) -> Refusal | None:
    limit = q.state.rules.max_melds
    full = isinstance(q.action, Chi | Peng | Gang | AnGang) and len(q.state.melds[q.seat]) >= limit
    return refusal("max_melds", max_melds=limit) if full else None


def _not_on_turn(q: Question) -> Refusal | None:
    off = isinstance(q.action, Discard | AnGang | JiaGang) and not q.on_turn
    return refusal("not_your_turn") if off else None


def _call_impossible_first(q: Question) -> Refusal | None:
    """A call the hand cannot make at all is said before "not waiting for you" (but not a 听 that fails)."""
    if not (q.call and q.on_a_discard and not q.state.ting[q.seat]):
        return None
    early = _call_refusal(q)
    return early if early is not None and early.code != "ting_not_allowed" else None


def _not_waiting(q: Question) -> Refusal | None:
    return refusal("not_your_turn.table") if not q.legal else None


def _no_discard_to_call(q: Question) -> Refusal | None:
    return refusal("nothing_to_claim") if q.call and not q.on_a_discard else None


def _win_first(q: Question) -> Refusal | None:
    """有胡必胡 is said before "may only discard the draw" for a ready hand throwing a winning draw."""
    must = q.state.rules.must_hu and any(isinstance(a, Hu) for a in q.legal)
    return refusal("must_hu") if must and isinstance(q.action, Pass | Discard) else None


def _nothing_to_pass(q: Question) -> Refusal | None:
    """过 on the seat's own turn: no discard is waiting to be passed on (the seat is to discard)."""
    return refusal("nothing_to_pass") if isinstance(q.action, Pass) and q.on_turn else None


def _locked_hand_discard(q: Question) -> Refusal | None:
    if not (q.state.ting[q.seat] and isinstance(q.action, Discard)):
        return None
    drawn = q.state.drawn
    return refusal("listening_locked.discard", tiles=() if drawn is None else (drawn,))


def _ting_due(q: Question) -> Refusal | None:
    plain = isinstance(q.action, Discard) and not q.action.ting
    return refusal("must_declare_ting") if plain and duty(q.state, q.seat) == "declare_ting" else None


def _remaining_ting(q: Question) -> tuple[int, ...] | None:
    """The concealed counts left after the action's discard (it is a 听 discard), else None."""
    if not (isinstance(q.action, Discard) and q.action.ting):
        return None
    counts = q.state.counts(q.seat)
    counts[kind_of(q.action.tile)] -= 1
    return tuple(counts)


def _zhidui_lock(q: Question) -> Refusal | None:
    """Why a 支对 lock (R44) is refused, or None when the 听 itself is what fails."""
    action = q.action
    if not isinstance(action, Discard) or action.zhidui is None:
        return None
    pair = (action.zhidui,)
    if not q.state.rules.zhidui:
        return refusal("zhidui_off", tiles=pair)
    left = _remaining_ting(q)
    if left is None:
        return refusal("zhidui_needs_ting")
    report = ting_report(list(left), q.state.meld_shapes(q.seat), q.state.rules)
    if not report.may_declare:
        return None
    if not report.zhidui:
        return refusal("zhidui_not_duidao", tiles=pair)
    choices = " or ".join(format_kinds([k, k]) for k in report.zhidui)
    return refusal("zhidui_not_a_pair", tiles=pair, choices=choices)


def _ting_blocked(q: Question) -> Refusal | None:
    left = _remaining_ting(q)
    if left is None:
        return None
    assert isinstance(q.action, Discard)
    report = ting_report(list(left), q.state.meld_shapes(q.seat), q.state.rules)
    hint = "; lock one of its pairs (支对) to declare 听" if report.zhidui else ""
    return refusal(
        "ting_not_allowed",
        tiles=(q.action.tile,),
        blockers=report.blockers,
        blockers_text=", ".join(report.blockers),
        hint=hint,
    )


def _chi_shape(counts: Sequence[int], kind: int, lo: int) -> bool:
    """Whether the hand holds the other two tiles of the sequence ``lo, lo+1, lo+2`` around ``kind``."""
    if kind >= 27 or lo < kind - kind % 9 or lo + 2 > kind - kind % 9 + 8:
        return False
    return all(counts[k] for k in (lo, lo + 1, lo + 2) if k != kind)


def _call_refusal(q: Question) -> Refusal | None:
    """Why a call or kong is impossible from this hand (no pair, not from 上家, ...), if it is."""
    state, seat, action = q.state, q.seat, q.action
    counts = state.counts(seat)
    if q.call and state.last_discard is not None:
        kind = state.last_discard >> 2
        tile = (state.last_discard,)
        from_shangjia = (seat - state.turn) % 4 == 1
        if isinstance(action, Peng) and counts[kind] < 2:
            return refusal("no_pair", tiles=tile)
        if isinstance(action, Gang):
            if counts[kind] < 3:
                return refusal("no_three", tiles=tile)
            if state.rules.minggang_from == "shangjia" and not from_shangjia:
                return refusal("gang_only_from_shangjia", tiles=tile)
        if isinstance(action, Chi):
            if not any(_chi_shape(counts, kind, lo) for lo in (kind - 2, kind - 1, kind)):
                return refusal("no_chi_shape", tiles=tile)
            if not from_shangjia:
                return refusal("chi_only_from_shangjia")
        if isinstance(action, Chi | Peng | Gang) and action.ting:
            return refusal("ting_not_allowed.call")
    if isinstance(action, AnGang) and not any(c == 4 for c in counts):
        return refusal("no_four")
    if isinstance(action, JiaGang):
        kind = kind_of(action.tile)
        if not any(m.kind == "peng" and kind_of(m.tiles[0]) == kind for m in state.melds[seat]):
            return refusal("no_peng_to_add", tiles=(action.tile,))
    return None


def _no_win(q: Question) -> Refusal | None:
    return refusal("not_a_win") if isinstance(q.action, Hu) else None


CHECKS: Final[tuple[Check, ...]] = (
    _hand_over,
    _locked_hand_calls,
    _too_many_melds,
    _not_on_turn,
    _call_impossible_first,
    _not_waiting,
    _no_discard_to_call,
    _win_first,
    _nothing_to_pass,
    _locked_hand_discard,
    _ting_due,
    _zhidui_lock,
    _ting_blocked,
    _call_refusal,
    _no_win,
)
"""The reasons in the order they are asked: the first that applies is the one said."""


def explain_refusal(
    state: State, seat: int, action: Action, legal: Sequence[Action] | None = None
) -> Refusal:
    """The most specific reason an action is not allowed, for an action known to be refused (or asked
    about while the table does not wait for the seat); :func:`game.core.engine.explain` is the
    yes-or-why question."""
    question = Question(state, seat, action, legal_actions(state, seat) if legal is None else legal)
    for check in CHECKS:
        found = check(question)
        if found is not None:
            return found
    return refusal("illegal_action", action=action.describe())


__all__ = ["CHECKS", "MESSAGES", "Question", "explain_refusal", "refusal", "refusal_words"]
