"""What each seat may do now: ``legal_actions(state, seat)`` and who the table waits for.

These are the rules of play (RULES.md R09-R28, R33): which discards may
declare 听 (and, under 支对, which pair they may lock: R44), which calls a
discard allows (吃 from 上家, 吃听/碰听 from any seat, 碰 and 明杠), kongs and
the 手把一 limit, the locked hand after 听, winning on a draw (自摸, 摸宝,
宝中宝, 大风, 红中满天飞), on seeing the 宝 (冲宝), on a discard and by robbing
a kong, and the end-of-wall zone. The engine refuses anything not listed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .actions import Action, AnGang, Discard, Hu, JiaGang, Pass
from .analysis.ting import MeldShape, ting_report
from .claims import (
    WinInfo,
    bao_kind,
    can_ting_after,
    claim_order,
    claim_winner,
    discard_claimable,
    ids_of_kind,
    relative,
    rob_options,
    rob_win,
    ron_win,
    zhidui_locks,
)
from .events import CallDeclared
from .state import State
from .tiles import NUM_KINDS, ZHONG, kind_of

Duty = Literal["declare_ting"]
"""What a seat's next move must be where the rules bind it: ``declare_ting`` (the discard after a 吃听 or
碰听 declares 听, R16)."""


def duty(state: State, seat: int) -> Duty | None:
    """What the seat must do with its next move, if the rules bind it (None: whatever is legal)."""
    if state.must_ting == seat and state.phase == "discard" and state.turn == seat:
        return "declare_ting"
    return None


def ting_discards(state: State, seat: int) -> set[int]:
    """Kinds the seat (on its turn, holding 14) may discard while declaring 听."""
    if state.ting[seat]:
        return set()
    return can_ting_after(state.counts(seat), state.meld_shapes(seat), state)


def self_draw_win(state: State, seat: int) -> WinInfo | None:
    """How the seat wins on the tile it just drew, if it can: 自摸, 摸宝, 宝中宝, 大风 (R27, R30, R31).

    Under 红中满天飞 (R43) a drawn 红中 wins as 摸宝, like a 宝 (which comes first if 红中 is the 宝).
    """
    if not state.ting[seat] or state.drawn is None or state.turn != seat:
        return None
    rules = state.rules
    kind = state.drawn >> 2
    waits = state.waits[seat]
    bao = bao_kind(state)
    if len(state.melds[seat]) == 4:  # 手把一 on 红中 (R18 variant): only 红中 itself wins, the 宝 is not wild
        return ("zimo", False) if any(w.kind == kind for w in waits) else None
    if bao is not None and kind == bao:
        single = len(waits) == 1
        kadang_wait = any(w.kadang for w in waits)
        if rules.baozhongbao_def == "kadang_wait":
            if single and waits[0].kadang and waits[0].kind == bao:
                return ("baozhongbao", True)
        elif rules.baozhongbao_def == "wait_is_bao":
            for w in waits:
                if w.kind == bao:
                    return ("baozhongbao", w.kadang)
        elif single:
            return ("baozhongbao", waits[0].kadang)
        return ("mobao", kadang_wait)
    if rules.hongzhong_bao and kind == ZHONG:  # R43 红中满天飞: a self-drawn 红中 wins as 摸宝
        return ("mobao", any(w.kadang for w in waits))
    for w in waits:
        if w.kind == kind:
            return ("zimo", w.kadang)
    if rules.dafeng != "off":
        if rules.dafeng != "pon_only" and state.counts(seat)[kind] == 4:
            return ("dafeng", False)
        if rules.dafeng in ("triplet_or_pon", "pon_only") and any(
            m.kind == "peng" and kind_of(m.tiles[0]) == kind for m in state.melds[seat]
        ):
            return ("dafeng", False)
    return None


def chongbao_win(state: State, seat: int) -> WinInfo | None:
    """R29 冲宝: how a ready seat who now sees the 宝 wins at once, if it does.

    The 宝 equal to a legal wait wins: as 摸宝, or 宝中宝 where R30 holds. Under R45 带漏
    (``chongbao_scoring="daqing"``) it is 宝中宝 when that wait is 卡当, else 摸宝; and with
    大风 on a triplet of the 宝 in hand wins too, with 红中满天飞 on a 宝 that is 红中 wins
    too (宝中宝 if the hand's wait is 卡当, else 摸宝).
    """
    rules = state.rules
    bao = bao_kind(state)
    if not rules.chongbao or bao is None or not state.ting[seat] or len(state.melds[seat]) == 4:
        return None  # (手把一 on 红中, R18 variant: the 宝 does nothing for it)
    waits = state.waits[seat]
    daqing = rules.chongbao_scoring == "daqing"
    for w in waits:
        if w.kind != bao:
            continue
        if daqing:
            return ("baozhongbao" if w.kadang else "mobao", w.kadang)
        single_kadang = rules.baozhongbao_def == "kadang_wait" and len(waits) == 1 and w.kadang
        if single_kadang or rules.baozhongbao_def == "wait_is_bao":
            return ("baozhongbao", w.kadang)
        return ("mobao", w.kadang)
    if not daqing:
        return None
    kadang = any(w.kadang for w in waits)
    win = ("baozhongbao" if kadang else "mobao", kadang)
    if rules.dafeng != "off":
        if rules.dafeng != "pon_only" and state.counts(seat)[bao] >= 3:
            return win
        if rules.dafeng in ("triplet_or_pon", "pon_only") and any(
            m.kind == "peng" and kind_of(m.tiles[0]) == bao for m in state.melds[seat]
        ):
            return win
    if rules.hongzhong_bao and bao == ZHONG:
        return win
    return None


def claim_options(state: State, seat: int) -> list[Action]:
    """The calls a seat may still make on the last discard (without Pass)."""
    if state.phase != "claim" or state.responded[seat]:
        return []
    return list(state.offers[seat])


def _turn_actions(state: State, seat: int) -> list[Action]:
    """What the seat to act may do with its full hand (R22 locked hand, kongs, 听)."""
    rules = state.rules
    hand = state.hands[seat]
    out: list[Action] = []
    if state.ting[seat]:
        win = self_draw_win(state, seat)
        if win is not None:
            out.append(Hu())
            if rules.must_hu:
                return out
        if state.drawn is not None:
            out.append(Discard(state.drawn))
        if rules.allow_kong_after_ting and state.drawn is not None:
            out.extend(_kongs_keeping_waits(state, seat))
        return out
    counts = state.counts(seat)
    locks = zhidui_choices(state, seat)
    if duty(state, seat) == "declare_ting":
        ting_kinds = ting_discards(state, seat)
        for kind in sorted(ting_kinds | locks.keys()):
            t = _representative(state, hand, kind)
            if kind in ting_kinds:
                out.append(Discard(t, ting=True))
            out.extend(_locking(hand, t, locks.get(kind, ())))
        return out
    ting_kinds = ting_discards(state, seat)
    seen: set[int] = set()
    for t in _discard_order(state, hand):
        kind = t >> 2
        if kind in seen:
            continue
        seen.add(kind)
        out.append(Discard(t))
        if kind in ting_kinds:
            out.append(Discard(t, ting=True))
        if kind in locks:
            out.extend(_locking(hand, t, locks[kind]))
    if state.live_count > 0:
        n_melds = len(state.melds[seat])
        for kind in range(NUM_KINDS):
            if counts[kind] == 4 and n_melds < rules.max_melds:
                ids = ids_of_kind(hand, kind, 4)
                assert ids is not None
                out.append(AnGang(ids))
        for m in state.melds[seat]:
            if m.kind == "peng":
                extra = ids_of_kind(hand, kind_of(m.tiles[0]), 1)
                if extra is not None:
                    out.append(JiaGang(extra[0]))
    return out


def zhidui_choices(state: State, seat: int) -> dict[int, tuple[int, ...]]:
    """R44 支对: for the seat on turn (14 tiles), discard kind -> the 对倒 pair kinds it may lock with 听."""
    if not state.rules.zhidui or state.ting[seat]:
        return {}
    return zhidui_locks(state.counts(seat), state.meld_shapes(seat), state.rules)


def _locking(hand: Sequence[int], discard: int, pairs: Sequence[int]) -> list[Action]:
    """The 听 discards of ``discard`` that lock each of the 支对 ``pairs`` (named by a tile of the pair)."""
    return [
        Discard(discard, ting=True, zhidui=next(t for t in hand if t >> 2 == kind and t != discard))
        for kind in pairs
    ]


def _kongs_keeping_waits(state: State, seat: int) -> list[Action]:
    """Kongs a ready seat may make under ``allow_kong_after_ting``: only if the waits stay the same."""
    drawn = state.drawn
    if drawn is None or state.live_count <= 0:
        return []
    kind = drawn >> 2
    counts = state.counts(seat)
    melds = state.meld_shapes(seat)
    current = tuple(w.kind for w in state.waits[seat])
    out: list[Action] = []
    if counts[kind] == 4 and len(melds) < state.rules.max_melds:
        counts[kind] = 0
        report = ting_report(counts, (*melds, MeldShape("angang", kind)), state.rules)
        if report.ting_allowed and report.wait_kinds() == current:
            ids = ids_of_kind(state.hands[seat], kind, 4)
            assert ids is not None
            out.append(AnGang(ids))
        counts[kind] = 4
    for m in state.melds[seat]:
        if m.kind == "peng" and kind_of(m.tiles[0]) == kind:
            counts[kind] -= 1
            new = tuple(MeldShape("gang", kind) if x.kind == "peng" and x.first == kind else x for x in melds)
            report = ting_report(counts, new, state.rules)
            if report.ting_allowed and report.wait_kinds() == current:
                out.append(JiaGang(drawn))
            counts[kind] += 1
    return out


def _representative(state: State, hand: Sequence[int], kind: int) -> int:
    """The tile id that stands for a kind in a discard: the drawn tile if it is of that kind."""
    if state.drawn is not None and state.drawn >> 2 == kind:
        return state.drawn
    return next(t for t in hand if t >> 2 == kind)


def _discard_order(state: State, hand: Sequence[int]) -> list[int]:
    """Hand tiles with the drawn tile first, so a kind's representative is the drawn copy."""
    if state.drawn is None:
        return list(hand)
    return [state.drawn, *(t for t in hand if t != state.drawn)]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action the seat may submit now (empty if the table is not waiting for it)."""
    phase = state.phase
    if phase == "discard":
        return _turn_actions(state, seat) if seat == state.turn else []
    if phase == "claim":
        options = claim_options(state, seat)
        if options:
            if state.rules.must_hu and any(isinstance(a, Hu) for a in options):
                return [Hu()]
            return [*options, Pass()]
        return []
    if phase == "rob":
        options = rob_options(state, seat)
        if options:
            return [Hu()] if state.rules.must_hu else [*options, Pass()]
        return []
    if phase == "fenzhang" and seat == state.turn and not state.responded[seat]:
        win = self_draw_win(state, seat)
        if win is None:
            return [Pass()]
        return [Hu()] if state.rules.must_hu else [Hu(), Pass()]
    return []


def discard_tiles(
    state: State, seat: int, ting: bool = False, legal: Sequence[Action] | None = None
) -> frozenset[int]:
    """The tile ids in the seat's hand it may discard now (declaring 听 with them when ``ting``).

    Any copy of a discardable kind may be thrown, except by a locked (听) hand,
    which may only throw the tile it drew (R22). Empty when the seat is not to discard.
    """
    options = legal_actions(state, seat) if legal is None else legal
    kinds = {kind_of(a.tile) for a in options if isinstance(a, Discard) and a.ting == ting}
    if not kinds:
        return frozenset()
    if state.ting[seat]:
        drawn = state.drawn
        return frozenset((drawn,)) if drawn is not None and kind_of(drawn) in kinds else frozenset()
    return frozenset(t for t in state.hands[seat] if kind_of(t) in kinds)


def outranked(state: State, seat: int) -> tuple[CallDeclared, CallDeclared] | None:
    """When the claim window of ``state`` has closed (every seat asked has answered): (the call that takes
    the tile, ``seat``'s own) if ``seat`` called and another seat's call wins; else None (R15)."""
    if state.phase not in ("claim", "rob") or pending_seats(state):
        return None
    mine = state.calls[seat]
    best = claim_winner(state)
    if mine is None or best is None or best.seat == seat:
        return None
    return best, mine


def pending_seats(state: State) -> list[int]:
    """Seats the table is waiting for now, in priority order."""
    phase = state.phase
    if phase in ("discard", "fenzhang"):
        return [state.turn]
    if phase == "claim":
        return [s for s in claim_order(state.turn) if claim_options(state, s)]
    if phase == "rob":
        return [s for s in claim_order(state.turn) if rob_options(state, s)]
    return []


__all__ = [
    "Duty",
    "WinInfo",
    "can_ting_after",
    "chongbao_win",
    "claim_options",
    "claim_order",
    "claim_winner",
    "discard_claimable",
    "discard_tiles",
    "duty",
    "legal_actions",
    "outranked",
    "pending_seats",
    "relative",
    "rob_options",
    "rob_win",
    "ron_win",
    "self_draw_win",
    "ting_discards",
    "zhidui_choices",
]
