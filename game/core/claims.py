"""Calls on a discard: who may 吃, 碰, 杠 or 和 it, computed once when the tile is discarded.

The options of every seat are computed when ``tile_discarded`` is folded and
kept in the state (:attr:`State.offers`), so the claim window, the engine and
every driver read them instead of recomputing the 吃听/碰听 checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action, Chi, Gang, Hu, Peng
from .analysis.shanten import POW5, shape_shanten, shape_shanten_idx, suit_indices
from .analysis.ting import MeldShape, is_open, may_ting, ting_report
from .events import CallDeclared
from .rules import RuleSet
from .tiles import NUM_KINDS, ZHONG

if TYPE_CHECKING:
    from .state import State

WinInfo = tuple[str, bool]
"""(win kind, 卡当) of a possible win."""


def bao_kind(state: State) -> int | None:
    """The kind of the current 宝, if there is one."""
    return None if state.bao is None else state.bao >> 2


def relative(seat: int, other: int) -> int:
    """Where ``other`` sits seen from ``seat``: 1 下家, 2 对家, 3 上家."""
    return (other - seat) % 4


def claim_order(discarder: int) -> list[int]:
    """The other seats in priority order for a tie: 下家, 对家, 上家 (R15, R25)."""
    return [(discarder + i) % 4 for i in (1, 2, 3)]


def call_rank(call: CallDeclared, rules: RuleSet) -> float:
    """Priority of a declared call, lower first (R15): 和, then 吃听/碰听/杠听 (碰听 and 杠听 above 吃听
    where ``chiting_priority`` says so), 碰/明杠, plain 吃."""
    if call.call == "hu":
        return 0
    if call.ting:
        if rules.chiting_priority == "above_peng":
            return 1
        return 2 if call.call in ("peng", "gang") else 2.5
    if call.call in ("peng", "gang"):
        return 2
    return 3


def claim_winner(state: State) -> CallDeclared | None:
    """The declared call that takes the tile when the claim window (or a 抢杠 window) closes: the highest
    call, equal calls by seat order from the discarder (R15, R25); None while nobody called."""
    order = claim_order(state.turn)
    declared = [c for s in order if (c := state.calls[s]) is not None]
    if not declared:
        return None
    return min(declared, key=lambda c: (call_rank(c, state.rules), order.index(c.seat)))


def ids_of_kind(hand: Sequence[int], kind: int, n: int) -> tuple[int, ...] | None:
    """The first ``n`` tile ids of a kind in a hand, or None if there are fewer."""
    found = tuple(t for t in hand if t >> 2 == kind)[:n]
    return found if len(found) == n else None


def can_ting_after(
    counts14: list[int], melds: tuple[MeldShape, ...], state: State, first_only: bool = False
) -> set[int]:
    """Kinds whose discard leaves a hand that may declare 听 (R21), for a 14-tile hand.

    With ``first_only`` the search stops at the first such kind (enough to know a call allows 听).
    """
    rules = state.rules
    if len(melds) * 3 + sum(counts14) != 14:
        return set()
    if rules.require_open and not is_open(melds, rules):
        return set()
    n_melds = len(melds)
    if shape_shanten(counts14, n_melds) > 0:
        return set()
    # a discard that leaves the shape not ready cannot allow 听 (except for 七对, a variant)
    screen = not (rules.allow_qidui and not melds)
    idx = [*suit_indices(counts14), counts14[ZHONG]]
    out: set[int] = set()
    for kind in range(NUM_KINDS):
        if counts14[kind]:
            if screen:
                group, step = (kind // 9, POW5[kind % 9]) if kind < ZHONG else (3, 1)
                idx[group] -= step
                ready = shape_shanten_idx(idx[0], idx[1], idx[2], idx[3], n_melds) == 0
                idx[group] += step
                if not ready:
                    continue
            counts14[kind] -= 1
            if may_ting(counts14, melds, rules):
                out.add(kind)
            counts14[kind] += 1
            if out and first_only:
                break
    return out


def discard_claimable(state: State) -> bool:
    """Whether the last discard may be claimed at all (S2/S3: not the last four)."""
    rules = state.rules
    if rules.end_of_wall == "last4_discard_no_ron":
        return state.live_count >= rules.wall_kept + 4
    return True


def ron_win(state: State, seat: int, tile: int) -> WinInfo | None:
    """Whether a ready seat may win on a discarded tile (R23, R27)."""
    rules = state.rules
    if not state.ting[seat] or rules.only_zimo or state.pass_locked[seat]:
        return None
    kind = tile >> 2
    if rules.bao_discard_ron == "never" and kind == bao_kind(state):
        return None
    for w in state.waits[seat]:
        if w.kind == kind:
            return ("ron", w.kadang)
    return None


def rob_win(state: State, seat: int, tile: int) -> WinInfo | None:
    """Whether a ready seat may rob an added kong of ``tile`` (抢杠, R39)."""
    if not state.ting[seat] or state.rules.only_zimo or state.pass_locked[seat]:
        return None
    for w in state.waits[seat]:
        if w.kind == tile >> 2:
            return ("qianggang", w.kadang)
    return None


def _call_makes_ting(
    state: State, counts: list[int], melds: tuple[MeldShape, ...], used: Sequence[int], meld: MeldShape
) -> bool:
    """Whether, after calling with the own tiles ``used`` into ``meld``, some discard allows 听."""
    after = list(counts)
    for t in used:
        after[t >> 2] -= 1
    if can_ting_after(after, (*melds, meld), state, first_only=True):
        return True
    # under a wait restriction (R20) a 对倒 may still be declared by locking a 支对 pair (R44)
    rules = state.rules
    if not rules.zhidui or rules.wait_restriction == "any":
        return False
    return bool(zhidui_locks(after, (*melds, meld), rules))


def _kong_makes_ting(counts: Sequence[int], melds: tuple[MeldShape, ...], kind: int, rules: RuleSet) -> bool:
    """杠听 (R15): after a 明杠 of ``kind`` the hand (10 tiles and the melds) may declare 听 as it stands,
    so the discard after the replacement draw can declare 听 whatever is drawn (the drawn tile at least)."""
    after = list(counts)
    after[kind] -= 3
    return may_ting(after, (*melds, MeldShape("gang", kind)), rules)


def zhidui_locks(
    counts14: list[int], melds: tuple[MeldShape, ...], rules: RuleSet
) -> dict[int, tuple[int, ...]]:
    """R44 支对 for a 14-tile hand: discard kind -> the 对倒 pair kinds it may lock when declaring 听."""
    if not rules.zhidui or sum(counts14) + 3 * len(melds) != 14 or sum(1 for c in counts14 if c >= 2) < 2:
        return {}
    out: dict[int, tuple[int, ...]] = {}
    for kind in range(NUM_KINDS):
        if not counts14[kind]:
            continue
        counts14[kind] -= 1
        if sum(1 for c in counts14 if c >= 2) >= 2 and shape_shanten(counts14, len(melds)) == 0:
            pairs = ting_report(counts14, melds, rules).zhidui
            if pairs:
                out[kind] = pairs
        counts14[kind] += 1
    return out


def _first_ids(hand: Sequence[int], kinds: Sequence[int]) -> tuple[int, ...]:
    """One tile id of each given kind from a hand (the kinds are known to be held)."""
    out = []
    for k in kinds:
        out.append(next(t for t in hand if t >> 2 == k and t not in out))
    return tuple(out)


def _may_call(counts: Sequence[int], kind: int) -> bool:
    """Whether the hand holds a pair of the kind or two tiles that make a sequence with it."""
    if counts[kind] >= 2:
        return True
    if kind >= ZHONG:
        return False
    r = kind % 9
    return bool(
        (r >= 2 and counts[kind - 2] and counts[kind - 1])
        or (1 <= r <= 7 and counts[kind - 1] and counts[kind + 1])
        or (r <= 6 and counts[kind + 1] and counts[kind + 2])
    )


def _call_options(state: State, seat: int) -> list[Action]:
    """The calls a seat may make on the last discard (without Pass), whether or not it has answered."""
    if state.phase != "claim" or state.last_discard is None or seat == state.turn:
        return []
    if not discard_claimable(state):
        return []
    tile = state.last_discard
    kind = tile >> 2
    rules = state.rules
    if state.ting[seat]:
        return [Hu()] if ron_win(state, seat, tile) else []
    hand = state.hands[seat]
    counts = state.counts(seat)
    if len(state.melds[seat]) >= rules.max_melds:
        return _shoubayi_calls(state, seat, counts, kind)
    if not _may_call(counts, kind):  # nothing in the hand goes with the tile: skip the 听 checks
        return []
    melds = state.meld_shapes(seat)
    # one call and one discard lower the shape shanten by at most one: only a 1-shanten hand can call to 听
    may_ting = shape_shanten(counts, len(melds)) <= 1
    is_xiajia = relative(state.turn, seat) == 1
    out: list[Action] = []
    if counts[kind] >= 2:
        pair = _first_ids(hand, (kind, kind))
        out.append(Peng(pair))
        if (
            rules.pengting
            and may_ting
            and _call_makes_ting(state, counts, melds, pair, MeldShape("peng", kind))
        ):
            out.append(Peng(pair, ting=True))
        if counts[kind] >= 3 and (rules.minggang_from == "any" or is_xiajia):
            three = _first_ids(hand, (kind, kind, kind))
            out.append(Gang(three))
            if rules.pengting and may_ting and _kong_makes_ting(counts, melds, kind, rules):
                out.append(Gang(three, ting=True))
    if kind < ZHONG:
        rank = kind % 9
        for lo in (kind - 2, kind - 1, kind):
            if lo < kind - rank or lo + 2 > kind - rank + 8:
                continue
            need = [k for k in (lo, lo + 1, lo + 2) if k != kind]
            if not all(counts[k] for k in need):
                continue
            used = _first_ids(hand, need)
            if is_xiajia:
                out.append(Chi(used))
            if (
                rules.chiting
                and may_ting
                and _call_makes_ting(state, counts, melds, used, MeldShape("chi", lo))
            ):
                out.append(Chi(used, ting=True))
    return out


def _shoubayi_calls(state: State, seat: int, counts: list[int], kind: int) -> list[Action]:
    """R18 variant ``shoubayi="zhong_dandiao"``: past the meld limit (three), only a 吃听/碰听 that leaves a
    single 红中 (单吊 中) may be called."""
    rules = state.rules
    if rules.shoubayi != "zhong_dandiao" or len(state.melds[seat]) != 3 or not counts[ZHONG]:
        return []
    hand = state.hands[seat]
    melds = state.meld_shapes(seat)
    out: list[Action] = []
    if counts[kind] >= 2 and rules.pengting:
        pair = _first_ids(hand, (kind, kind))
        if _call_makes_ting(state, counts, melds, pair, MeldShape("peng", kind)):
            out.append(Peng(pair, ting=True))
    if kind < ZHONG and rules.chiting:
        rank = kind % 9
        for lo in (kind - 2, kind - 1, kind):
            if lo < kind - rank or lo + 2 > kind - rank + 8:
                continue
            need = [k for k in (lo, lo + 1, lo + 2) if k != kind]
            if all(counts[k] for k in need):
                used = _first_ids(hand, need)
                if _call_makes_ting(state, counts, melds, used, MeldShape("chi", lo)):
                    out.append(Chi(used, ting=True))
    return out


def rob_options(state: State, seat: int) -> list[Action]:
    """A listener's options while an added kong may be robbed."""
    if state.phase != "rob" or state.rob_tile is None or seat == state.turn or state.responded[seat]:
        return []
    return [Hu()] if rob_win(state, seat, state.rob_tile) else []


def discard_offers(state: State) -> tuple[tuple[Action, ...], ...]:
    """Every seat's possible calls on the discard just made (empty for the discarder)."""
    return tuple(tuple(_call_options(state, seat)) for seat in range(4))
