"""The table's state and the pure fold ``apply(state, event) -> state``.

A :class:`State` is immutable; :func:`apply` returns a new one and checks that
the event fits where it is applied (right phase, right seat, the tile really
there), raising :class:`~game.core.events.EventError` otherwise. Replaying a
log is ``functools.reduce(apply, events[1:], initial_state(events[0]))``.

What a seat may *do* lives in :mod:`game.core.legal`; producing events from actions in
:mod:`game.core.engine`. This module only folds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from .actions import Action
from .analysis.ting import MeldShape, Wait, is_open, locked_waits, ting_report
from .claims import discard_offers
from .events import (
    BaoReplaced,
    BaoRevealed,
    CallDeclared,
    CallPassed,
    Chi,
    Claimed,
    Event,
    EventError,
    Gang,
    Hu,
    MatchEnded,
    MatchStarted,
    Peng,
    RoundDrawn,
    RoundStarted,
    Settled,
    TileDiscarded,
    TileDrawn,
    TingDeclared,
)
from .rules import RuleSet
from .tiles import NUM_KINDS, NUM_TILES, kind_of

T = TypeVar("T")

Phase = Literal["pregame", "discard", "claim", "draw", "rob", "fenzhang", "round_over", "match_over"]
"""Where a hand is: ``discard`` (``turn`` acts on a full hand), ``claim`` (others answer a discard),
``draw`` (a kong replacement is due), ``rob`` (ready seats may rob an added kong), ``fenzhang``
(``turn`` drew one of the last four: win or let it go), ``round_over``, ``match_over``."""

MeldKind = Literal["chi", "peng", "minggang", "angang", "jiagang"]
HAND_SIZE = 13
DEAL_ROUNDS = 3
DEAL_BLOCK = 4


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: its physical tiles, the tile claimed from a discard and from whom."""

    kind: MeldKind
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None

    def shape(self) -> MeldShape:
        """The meld as hand analysis sees it."""
        first = min(kind_of(t) for t in self.tiles)
        if self.kind == "chi":
            return MeldShape("chi", first)
        if self.kind == "peng":
            return MeldShape("peng", first)
        if self.kind == "angang":
            return MeldShape("angang", first)
        return MeldShape("gang", first)

    @property
    def is_kong(self) -> bool:
        """True for any kind of kong."""
        return self.kind in ("minggang", "angang", "jiagang")


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard in a seat's river; ``claimed`` once someone called it, ``ting`` if it declared 听.

    ``order`` counts the hand's discards across all seats (0 = the first), so any two
    discards can be put in time order — e.g. which tiles came after a 听.
    """

    tile: int
    claimed: bool = False
    ting: bool = False
    order: int = 0


@dataclass(frozen=True)
class State:
    """Everything about a match in progress: the match totals and the current hand."""

    rules: RuleSet
    seed: int
    match_hands: int
    players: tuple[str, ...]
    scores: tuple[int, ...] = (0, 0, 0, 0)
    start_scores: tuple[int, ...] = (0, 0, 0, 0)
    phase: Phase = "pregame"
    hand_no: int = -1
    dealer: int = 0
    first_dealer: int = 0
    draw_streak: int = 0
    liable: bool = False
    dice: tuple[int, ...] = ()
    wall: tuple[int, ...] = ()
    head: int = 0
    tail: int = 0
    bao: int | None = None
    bao_public: bool = False
    old_baos: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ((), (), (), ())
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ())
    rivers: tuple[tuple[RiverTile, ...], ...] = ((), (), (), ())
    ting: tuple[bool, ...] = (False, False, False, False)
    waits: tuple[tuple[Wait, ...], ...] = ((), (), (), ())
    must_ting: int | None = None
    turn: int = 0
    drawn: int | None = None
    drawn_from_tail: bool = False
    fenzhang_draws: int = 0
    last_discard: int | None = None
    rob_tile: int | None = None
    responded: tuple[bool, ...] = (False, False, False, False)
    calls: tuple[CallDeclared | None, ...] = (None, None, None, None)
    offers: tuple[tuple[Action, ...], ...] = ((), (), (), ())
    pass_locked: tuple[bool, ...] = (False, False, False, False)
    result: Hu | RoundDrawn | None = None
    settlement: Settled | None = None
    events_applied: int = 0

    # --- derived facts ---------------------------------------------------------

    @property
    def live_count(self) -> int:
        """Tiles left to draw in the wall (the 宝 not counted)."""
        return self.tail - self.head

    @property
    def kept_back(self) -> int:
        """Tiles of the wall's end kept back now (R33): the part of :attr:`live_count` never drawn."""
        return self.rules.kept_back(self.live_count)

    def counts(self, seat: int) -> list[int]:
        """Concealed kind counts of a seat."""
        out = [0] * NUM_KINDS
        for t in self.hands[seat]:
            out[t >> 2] += 1
        return out

    def meld_shapes(self, seat: int) -> tuple[MeldShape, ...]:
        """A seat's melds as hand analysis sees them."""
        return tuple(m.shape() for m in self.melds[seat])

    def is_open(self, seat: int) -> bool:
        """开门: the seat has a chi, peng or exposed kong (an 暗杠 only if the rules say so)."""
        return is_open(self.melds[seat], self.rules)

    def is_menqing(self, seat: int) -> bool:
        """门清 for settlement: not open and not ready."""
        return not self.is_open(seat) and not self.ting[seat]

    def sees_bao(self, seat: int) -> bool:
        """Whether a seat may know the current 宝 (R26; under 明宝, R49, every seat always)."""
        return self.bao is not None and (self.ting[seat] or self.bao_public)

    def angang_shown(self, seat: int) -> bool:
        """Whether a seat's 暗杠 tiles are face up for all (S0: once the owner has opened)."""
        return any(m.kind != "angang" for m in self.melds[seat])

    def visible_tiles(self) -> list[int]:
        """Tile ids everyone can see: rivers (unclaimed), exposed melds, shown 暗杠, revealed old 宝s."""
        out: list[int] = []
        for seat in range(4):
            out.extend(r.tile for r in self.rivers[seat] if not r.claimed)
            shown = self.angang_shown(seat)
            for m in self.melds[seat]:
                if m.kind != "angang" or shown:
                    out.extend(m.tiles)
        out.extend(self.old_baos)
        return out

    def visible_copies(self, kind: int) -> int:
        """How many copies of a kind everyone can see (R28)."""
        return sum(1 for t in self.visible_tiles() if t >> 2 == kind)

    def next_seat(self, seat: int) -> int:
        """下家 of a seat."""
        return (seat + 1) % 4


def evolve(state: State, **changes: object) -> State:
    """A copy of the state with some fields changed (a fast ``dataclasses.replace`` for the fold)."""
    new = object.__new__(State)
    values = new.__dict__
    values.update(state.__dict__)
    values.update(changes)
    return new


def initial_state(event: MatchStarted) -> State:
    """The state right after ``match_started``."""
    rules = RuleSet.from_dict(event.rules)
    if event.hands < 1:
        raise EventError("match_started: a match has at least one hand")
    if event.first_dealer not in range(4):
        raise EventError("match_started: first_dealer must be a seat 0-3")
    players = tuple(event.players) + ("",) * (4 - len(event.players))
    return State(
        rules=rules,
        seed=event.seed,
        match_hands=event.hands,
        players=players[:4],
        scores=_scores(event.scores),
        start_scores=_scores(event.scores),
        draw_streak=event.draw_streak,
        dealer=event.first_dealer,
        first_dealer=event.first_dealer,
        events_applied=1,
    )


def _scores(values: Sequence[int]) -> tuple[int, ...]:
    """Four starting scores, checked."""
    if len(values) != 4:
        raise EventError("match_started: scores must be four numbers")
    return tuple(values)


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of a per-seat tuple with one entry replaced."""
    return (*items[:index], value, *items[index + 1 :])


def _remove(hand: tuple[int, ...], tiles: Iterable[int], where: str) -> tuple[int, ...]:
    """The hand without the given tile ids; EventError if one is missing."""
    rest = list(hand)
    for t in tiles:
        try:
            rest.remove(t)
        except ValueError:
            raise EventError(f"{where}: tile {t} is not in the hand") from None
    return tuple(rest)


def _seat(value: int, where: str) -> None:
    if value not in range(4):
        raise EventError(f"{where}: seat {value} is not 0-3")


def _need_phase(state: State, where: str, *phases: Phase) -> None:
    if state.phase not in phases:
        raise EventError(f"{where}: not allowed in phase {state.phase!r}")


def deal(wall: Sequence[int], dealer: int) -> tuple[tuple[int, ...], ...]:
    """The four starting hands dealt from the head of a wall: 13 each, the dealer 14.

    Three rounds of four tiles each, starting with the dealer, then one tile each,
    then the dealer's extra tile.
    """
    hands: list[list[int]] = [[], [], [], []]
    pos = 0
    for _ in range(DEAL_ROUNDS):
        for i in range(4):
            seat = (dealer + i) % 4
            hands[seat].extend(wall[pos : pos + DEAL_BLOCK])
            pos += DEAL_BLOCK
    for i in range(4):
        hands[(dealer + i) % 4].append(wall[pos])
        pos += 1
    hands[dealer].append(wall[pos])
    return tuple(tuple(sorted(h)) for h in hands)


DEALT = HAND_SIZE * 4 + 1


def _round_started(state: State, ev: RoundStarted) -> State:
    _need_phase(state, "round_started", "pregame", "round_over")
    _seat(ev.dealer, "round_started.dealer")
    if sorted(ev.wall) != list(range(NUM_TILES)):
        raise EventError("round_started: the wall must hold each of the 112 tiles exactly once")
    if ev.hand_no != state.hand_no + 1:
        raise EventError(f"round_started: hand_no {ev.hand_no} should be {state.hand_no + 1}")
    hands = deal(ev.wall, ev.dealer)
    head, tail = DEALT, NUM_TILES
    if state.rules.bao_source == "jump_tile":
        bao = ev.wall[head]
        head += 1
    else:
        bao = ev.wall[tail - 1]
        tail -= 1
    return evolve(
        state,
        phase="discard",
        hand_no=ev.hand_no,
        dealer=ev.dealer,
        liable=ev.liable,
        dice=ev.dice,
        wall=ev.wall,
        head=head,
        tail=tail,
        bao=bao,
        bao_public=state.rules.bao_visibility == "public",
        old_baos=(),
        hands=hands,
        melds=((), (), (), ()),
        rivers=((), (), (), ()),
        ting=(False, False, False, False),
        waits=((), (), (), ()),
        must_ting=None,
        turn=ev.dealer,
        drawn=None,
        drawn_from_tail=False,
        fenzhang_draws=0,
        last_discard=None,
        rob_tile=None,
        responded=(False, False, False, False),
        calls=(None, None, None, None),
        pass_locked=(False, False, False, False),
        result=None,
        settlement=None,
    )


def _tile_drawn(state: State, ev: TileDrawn) -> State:
    _need_phase(state, "tile_drawn", "claim", "draw", "rob", "fenzhang", "discard")
    _seat(ev.seat, "tile_drawn")
    if state.phase == "discard" and not ev.fenzhang:
        raise EventError("tile_drawn: the seat to act has not discarded")
    if state.live_count <= 0:
        raise EventError("tile_drawn: the wall is empty")
    head, tail = state.head, state.tail
    if ev.from_tail:
        expected = state.wall[tail - 1]
        tail -= 1
    else:
        expected = state.wall[head]
        head += 1
    if ev.tile != expected:
        raise EventError(f"tile_drawn: the next tile is {expected}, not {ev.tile}")
    hands = _set(state.hands, ev.seat, tuple(sorted((*state.hands[ev.seat], ev.tile))))
    return evolve(
        state,
        phase="fenzhang" if ev.fenzhang else "discard",
        head=head,
        tail=tail,
        hands=hands,
        turn=ev.seat,
        drawn=ev.tile,
        drawn_from_tail=ev.from_tail,
        fenzhang_draws=state.fenzhang_draws + (1 if ev.fenzhang else 0),
        last_discard=None,
        rob_tile=None,
        responded=(False, False, False, False),
        calls=(None, None, None, None),
        pass_locked=_set(state.pass_locked, ev.seat, False),
    )


def _tile_discarded(state: State, ev: TileDiscarded) -> State:
    _need_phase(state, "tile_discarded", "discard")
    if ev.seat != state.turn:
        raise EventError(f"tile_discarded: it is seat {state.turn}'s turn, not {ev.seat}'s")
    hand = _remove(state.hands[ev.seat], (ev.tile,), "tile_discarded")
    order = sum(len(r) for r in state.rivers)
    river = (*state.rivers[ev.seat], RiverTile(ev.tile, order=order))
    after = evolve(
        state,
        phase="claim",
        hands=_set(state.hands, ev.seat, hand),
        rivers=_set(state.rivers, ev.seat, river),
        drawn=None,
        last_discard=ev.tile,
        responded=(False, False, False, False),
        calls=(None, None, None, None),
    )
    return evolve(after, offers=discard_offers(after))


def _ting_declared(state: State, ev: TingDeclared) -> State:
    _need_phase(state, "ting_declared", "claim")
    if ev.seat != state.turn or not state.rivers[ev.seat]:
        raise EventError("ting_declared: only the seat that just discarded may declare 听")
    if state.ting[ev.seat]:
        raise EventError("ting_declared: the seat is already ready (听)")
    report = ting_report(state.counts(ev.seat), state.meld_shapes(ev.seat), state.rules)
    waits = report.waits
    if ev.zhidui is not None:
        if ev.zhidui not in state.hands[ev.seat]:
            raise EventError("ting_declared: the 支对 tile is not in the hand")
        if kind_of(ev.zhidui) not in report.zhidui:
            raise EventError("ting_declared: the 支对 tile is not one pair of a 对倒 under these rules")
        waits = locked_waits(kind_of(ev.zhidui))
    elif not report.ting_allowed:
        raise EventError(f"ting_declared: the hand may not declare 听 ({', '.join(report.blockers)})")
    river = state.rivers[ev.seat]
    river = (*river[:-1], replace(river[-1], ting=True))
    return evolve(
        state,
        rivers=_set(state.rivers, ev.seat, river),
        ting=_set(state.ting, ev.seat, True),
        waits=_set(state.waits, ev.seat, waits),
        must_ting=None,
    )


def _bao_revealed(state: State, ev: BaoRevealed) -> State:
    if state.bao is None or ev.tile != state.bao:
        raise EventError("bao_revealed: that tile is not the current 宝")
    if ev.seat is None:
        return evolve(state, bao_public=True)
    _seat(ev.seat, "bao_revealed")
    return state


def _bao_replaced(state: State, ev: BaoReplaced) -> State:
    if state.bao is None or ev.old != state.bao:
        raise EventError("bao_replaced: old is not the current 宝")
    tail = state.tail
    if ev.new is None:
        if state.live_count > 0:
            raise EventError("bao_replaced: the wall still has tiles for a new 宝")
    else:
        if state.live_count <= 0 or state.wall[tail - 1] != ev.new:
            raise EventError("bao_replaced: the new 宝 must be the last tile of the wall")
        tail -= 1
    return evolve(state, bao=ev.new, tail=tail, old_baos=(*state.old_baos, ev.old))


def _call_declared(state: State, ev: CallDeclared) -> State:
    _need_phase(state, "call_declared", "claim", "rob")
    _seat(ev.seat, "call_declared")
    if ev.seat == state.turn:
        raise EventError("call_declared: a seat cannot call its own tile")
    if state.responded[ev.seat]:
        raise EventError("call_declared: the seat has already answered")
    return evolve(
        state,
        responded=_set(state.responded, ev.seat, True),
        calls=_set(state.calls, ev.seat, ev),
    )


def _call_passed(state: State, ev: CallPassed) -> State:
    _need_phase(state, "call_passed", "claim", "rob", "fenzhang")
    _seat(ev.seat, "call_passed")
    if (ev.seat == state.turn) != (state.phase == "fenzhang"):
        raise EventError("call_passed: only others pass on a tile; only the drawer passes a 分张 draw")
    if state.responded[ev.seat]:
        raise EventError("call_passed: the seat has already answered")
    locked = state.pass_locked
    tile = state.last_discard if state.phase == "claim" else state.rob_tile
    if (
        state.rules.pass_lock
        and state.ting[ev.seat]
        and tile is not None
        and any(w.kind == tile >> 2 for w in state.waits[ev.seat])
    ):
        locked = _set(locked, ev.seat, True)
    return evolve(
        state,
        responded=_set(state.responded, ev.seat, True),
        pass_locked=locked,
    )


def _claim(state: State, ev: Claimed, kind: MeldKind) -> State:
    where = ev.type
    _need_phase(state, where, "claim")
    if state.last_discard is None or ev.tile != state.last_discard or ev.from_seat != state.turn:
        raise EventError(f"{where}: the claimed tile is not the last discard")
    if ev.seat == ev.from_seat:
        raise EventError(f"{where}: a seat cannot claim its own discard")
    if state.ting[ev.seat]:
        raise EventError(f"{where}: a ready hand cannot call")
    hand = _remove(state.hands[ev.seat], ev.tiles, where)
    meld = Meld(kind, tuple(sorted((*ev.tiles, ev.tile))), ev.tile, ev.from_seat)
    river = state.rivers[ev.from_seat]
    river = (*river[:-1], replace(river[-1], claimed=True))
    return evolve(
        state,
        phase="discard",
        hands=_set(state.hands, ev.seat, hand),
        melds=_set(state.melds, ev.seat, (*state.melds[ev.seat], meld)),
        rivers=_set(state.rivers, ev.from_seat, river),
        turn=ev.seat,
        drawn=None,
        drawn_from_tail=False,
        last_discard=None,
        must_ting=ev.seat if ev.ting else None,
        responded=(False, False, False, False),
        calls=(None, None, None, None),
    )


def _chi(state: State, ev: Chi) -> State:
    kinds = sorted(kind_of(t) for t in (*ev.tiles, ev.tile))
    if len(ev.tiles) != 2 or kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
        raise EventError("chi: the tiles do not form a sequence")
    if kinds[0] // 9 != kinds[2] // 9:
        raise EventError("chi: a sequence stays within one suit")
    return _claim(state, ev, "chi")


def _peng(state: State, ev: Peng) -> State:
    if len(ev.tiles) != 2 or any(kind_of(t) != kind_of(ev.tile) for t in ev.tiles):
        raise EventError("peng: needs two tiles of the claimed kind")
    return _claim(state, ev, "peng")


def _gang(state: State, ev: Gang) -> State:
    _seat(ev.seat, "gang")
    if state.ting[ev.seat] and not state.rules.allow_kong_after_ting:
        raise EventError("gang: a ready hand cannot kong")
    kind = kind_of(ev.tile)
    if len(ev.tiles) != 4 or any(kind_of(t) != kind for t in ev.tiles) or ev.tile not in ev.tiles:
        raise EventError("gang: needs the four tiles of one kind")
    if ev.kind == "minggang":
        _need_phase(state, "gang", "claim")
        if ev.tile != state.last_discard or ev.from_seat != state.turn or ev.seat == state.turn:
            raise EventError("gang: the claimed tile is not the last discard")
        own = [t for t in ev.tiles if t != ev.tile]
        hand = _remove(state.hands[ev.seat], own, "gang")
        meld = Meld("minggang", tuple(sorted(ev.tiles)), ev.tile, ev.from_seat)
        river = state.rivers[ev.from_seat]
        river = (*river[:-1], replace(river[-1], claimed=True))
        rivers = _set(state.rivers, ev.from_seat, river)
        melds = _set(state.melds, ev.seat, (*state.melds[ev.seat], meld))
        phase: Phase = "draw"
    elif ev.kind == "angang":
        _need_phase(state, "gang", "discard")
        if ev.seat != state.turn:
            raise EventError("gang: not this seat's turn")
        hand = _remove(state.hands[ev.seat], ev.tiles, "gang")
        melds = _set(state.melds, ev.seat, (*state.melds[ev.seat], Meld("angang", tuple(sorted(ev.tiles)))))
        rivers = state.rivers
        phase = "draw"
    elif ev.kind == "jiagang":
        _need_phase(state, "gang", "discard")
        if ev.seat != state.turn:
            raise EventError("gang: not this seat's turn")
        hand = _remove(state.hands[ev.seat], (ev.tile,), "gang")
        seat_melds = list(state.melds[ev.seat])
        for i, m in enumerate(seat_melds):
            if m.kind == "peng" and kind_of(m.tiles[0]) == kind:
                if tuple(sorted((*m.tiles, ev.tile))) != tuple(sorted(ev.tiles)):
                    raise EventError("gang: the added kong's tiles do not match the peng")
                seat_melds[i] = Meld("jiagang", tuple(sorted(ev.tiles)), m.claimed, m.from_seat)
                break
        else:
            raise EventError("gang: an added kong needs a peng of that kind")
        melds = _set(state.melds, ev.seat, tuple(seat_melds))
        rivers = state.rivers
        phase = "rob"
    else:
        raise EventError(f"gang: unknown kind {ev.kind!r}")
    return evolve(
        state,
        phase=phase,
        hands=_set(state.hands, ev.seat, hand),
        melds=melds,
        rivers=rivers,
        turn=ev.seat,
        drawn=None,
        last_discard=None,
        rob_tile=ev.tile if ev.kind == "jiagang" else None,
        must_ting=ev.seat if ev.ting else None,
        responded=(False, False, False, False),
        calls=(None, None, None, None),
    )


def _another_winner(state: State, ev: Hu) -> bool:
    """一炮多响 (``multi_ron``): a further winner on the tile another seat won on (its hand: in the event)."""
    first = state.result
    same = isinstance(first, Hu) and (first.kind, first.tile, first.from_seat, first.seat != ev.seat) == (
        ev.kind, ev.tile, ev.from_seat, True)  # fmt: skip
    return same and state.rules.multi_ron and state.phase == "round_over" and ev.kind in ("ron", "qianggang")


def _hu(state: State, ev: Hu) -> State:
    _seat(ev.seat, "hu")
    if not state.ting[ev.seat]:
        raise EventError("hu: only a ready hand can win")
    rivers = state.rivers
    melds = state.melds
    hands = state.hands
    if _another_winner(state, ev):
        return state  # 一炮多响: the first winner stays the hand's result (it decides the next dealer)
    if ev.kind == "ron":
        _need_phase(state, "hu", "claim")
        if ev.tile != state.last_discard or ev.from_seat != state.turn:
            raise EventError("hu: a ron must be on the last discard")
        river = rivers[state.turn]
        rivers = _set(rivers, state.turn, (*river[:-1], replace(river[-1], claimed=True)))
        hands = _set(hands, ev.seat, tuple(sorted((*hands[ev.seat], ev.tile))))
    elif ev.kind == "qianggang":
        _need_phase(state, "hu", "rob")
        if ev.tile != state.rob_tile or ev.from_seat != state.turn:
            raise EventError("hu: a robbed kong's tile must be the added one")
        robbed = list(melds[state.turn])
        for i, m in enumerate(robbed):
            if m.kind == "jiagang" and ev.tile in m.tiles:
                robbed[i] = Meld("peng", tuple(t for t in m.tiles if t != ev.tile), m.claimed, m.from_seat)
        melds = _set(melds, state.turn, tuple(robbed))
        hands = _set(hands, ev.seat, tuple(sorted((*hands[ev.seat], ev.tile))))
    else:
        _need_phase(state, "hu", "discard", "fenzhang", "claim", "draw", "rob")
        if (
            ev.kind in ("zimo", "mobao", "baozhongbao", "dafeng")
            and ev.tile != state.drawn
            and ev.tile != state.bao
        ):
            raise EventError("hu: a self-drawn win must be on the tile just drawn")
    return evolve(
        state, phase="round_over", hands=hands, melds=melds, rivers=rivers, result=ev, draw_streak=0
    )


def _settled(state: State, ev: Settled) -> State:
    if len(ev.deltas) != 4 or sum(ev.deltas) != 0:
        raise EventError("settled: deltas must be four numbers summing to 0")
    scores = tuple(s + d for s, d in zip(state.scores, ev.deltas, strict=True))
    if scores != tuple(ev.scores):
        raise EventError(f"settled: scores should be {list(scores)}")
    first = ev.final and not (state.phase == "round_over" and state.settlement is not None)  # 一炮多响
    return evolve(state, scores=scores, settlement=ev if first else state.settlement)


def _round_drawn(state: State, ev: RoundDrawn) -> State:
    _need_phase(state, "round_drawn", "claim", "fenzhang", "discard", "draw")
    streak = 0 if state.liable else state.draw_streak + 1
    return evolve(state, phase="round_over", result=ev, draw_streak=streak)


def _match_ended(state: State, ev: MatchEnded) -> State:
    _need_phase(state, "match_ended", "round_over", "pregame")
    if tuple(ev.scores) != state.scores:
        raise EventError("match_ended: scores differ from the running totals")
    return evolve(state, phase="match_over")


_APPLY = {
    RoundStarted: _round_started,
    TileDrawn: _tile_drawn,
    TileDiscarded: _tile_discarded,
    TingDeclared: _ting_declared,
    BaoRevealed: _bao_revealed,
    BaoReplaced: _bao_replaced,
    CallDeclared: _call_declared,
    CallPassed: _call_passed,
    Chi: _chi,
    Peng: _peng,
    Gang: _gang,
    Hu: _hu,
    Settled: _settled,
    RoundDrawn: _round_drawn,
    MatchEnded: _match_ended,
}


def apply(state: State, event: Event) -> State:
    """Fold one event into the state; EventError if it does not fit here."""
    handler = _APPLY.get(type(event))
    if handler is None:
        raise EventError(f"{event.type}: cannot be applied to a match in progress")
    if state.phase == "match_over":
        raise EventError(f"{event.type}: the match is over")
    new: State = handler(state, event)  # type: ignore[operator]
    if new is state:
        return evolve(new, events_applied=state.events_applied + 1)
    new.__dict__["events_applied"] = state.events_applied + 1  # a fresh copy from evolve: no second copy
    return new


def fold(events: Sequence[Event]) -> State:
    """The state after a whole log, which must start with ``match_started``.

    Raises EventError with the index of the first event that does not fit.
    """
    if not events or not isinstance(events[0], MatchStarted):
        raise EventError("event 0: a log must start with match_started")
    state = initial_state(events[0])
    for index, event in enumerate(events[1:], start=1):
        try:
            state = apply(state, event)
        except EventError as exc:
            raise EventError(f"event {index}: {exc}") from None
    return state
