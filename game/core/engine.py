"""The engine: validate an action, turn it into events, and play the automatic steps that follow.

``submit(state, seat, action)`` returns the new events, or a
:class:`~game.core.actions.Refusal` (a value, never an exception) that leaves
the state as it was. ``step`` does the same and also returns the new state.
``explain(state, seat, action)`` asks the same question without playing: None
when the action would be accepted, else the Refusal saying why not (the
table's, the action menu's and the lessons' "why not?").

After an accepted action the engine runs everything that needs no decision:
opening the claim window and resolving it by priority (和 > 吃听/碰听 > 碰/明杠 >
吃, ties 下家 > 对家 > 上家, one winner), the next draw, kong replacements from
the wall's tail, 换宝 checks, a locked hand throwing its draw, 分张 and 荒庄,
and settlement. It stops as soon as some seat must decide.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from .analysis.decompose import Reading
from .analysis.ting import AnalysisError, best_reading, formed_triplets
from .events import (
    BaoReplaced,
    BaoRevealed,
    CallDeclared,
    CallPassed,
    Event,
    RoundDrawn,
    Settled,
    TileDiscarded,
    TileDrawn,
    TingDeclared,
)
from .events import Chi as ChiEvent
from .events import Gang as GangEvent
from .events import Hu as HuEvent
from .events import Peng as PengEvent
from .legal import (
    WinInfo,
    chongbao_win,
    claim_order,
    claim_winner,
    discard_claimable,
    legal_actions,
    pending_seats,
    rob_win,
    ron_win,
    self_draw_win,
)
from .refusals import explain_refusal, refusal
from .scoring import WinSpec, kong_payments, kong_refunds, settle, totals
from .state import State, apply
from .tiles import NUM_KINDS, format_tiles, kind_of


@dataclass
class _Batch:
    """The events of one submit, folded as they are emitted (a local working object)."""

    state: State
    events: list[Event] = field(default_factory=list)
    trace: list[State] | None = None
    """When given, the state after each emitted event is appended to it."""

    def emit(self, event: Event) -> None:
        self.state = apply(self.state, event)
        self.events.append(event)
        if self.trace is not None:
            self.trace.append(self.state)


def submit(state: State, seat: int, action: Action) -> list[Event] | Refusal:
    """The events that ``action`` by ``seat`` produces, or a Refusal saying why not."""
    result = step(state, seat, action)
    if isinstance(result, Refusal):
        return result
    return result[1]


def step(
    state: State,
    seat: int,
    action: Action,
    legal: list[Action] | None = None,
    trace: list[State] | None = None,
) -> tuple[State, list[Event]] | Refusal:
    """Like :func:`submit`, also returning the state after the new events.

    ``legal`` may pass ``legal_actions(state, seat)`` when the caller already has it;
    ``trace``, when given, receives the state after each new event (a display that
    follows the events one by one then never folds them again).
    """
    if seat not in range(4):
        return refusal("illegal_action.seat", seat=seat)
    if legal is None:
        legal = legal_actions(state, seat)
    chosen = _match(state, seat, action, legal)
    if isinstance(chosen, Refusal):
        return chosen
    batch = _Batch(state, trace=trace)
    _perform(batch, seat, chosen)
    _advance(batch)
    return batch.state, batch.events


def explain(state: State, seat: int, action: Action, legal: list[Action] | None = None) -> Refusal | None:
    """Whether ``seat`` may play ``action`` now: None if the engine would accept it, else why not.

    The one answer to "may I, and if not why?" for every driver; nothing is played.
    """
    if seat not in range(4):
        return refusal("illegal_action.seat", seat=seat)
    if legal is None:
        legal = legal_actions(state, seat)
    try:
        chosen = _match(state, seat, action, legal)
    except AnalysisError:  # a question about a hand of the wrong size (e.g. 听 off the player's turn)
        return refusal("illegal_action", action=action.describe())
    return chosen if isinstance(chosen, Refusal) else None


# --- matching a submitted action against the legal ones ---------------------------------------------


def _kinds(tiles: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(kind_of(t) for t in tiles))


def _in_hand(state: State, seat: int, tiles: tuple[int, ...]) -> bool:
    rest = list(state.hands[seat])
    for t in tiles:
        if t not in rest:
            return False
        rest.remove(t)
    return True


def _lock_kind(action: Discard) -> int | None:
    """The kind of the 支对 pair a discard locks, if it locks one."""
    return None if action.zhidui is None else kind_of(action.zhidui)


def _same(a: Action, b: Action) -> bool:
    """Whether two actions are the same move up to which copies of a kind they name."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Discard) and isinstance(b, Discard):
        return (
            kind_of(a.tile) == kind_of(b.tile)
            and a.ting == b.ting
            and _lock_kind(a) == _lock_kind(b)
        )
    if isinstance(a, (Chi, Peng)) and isinstance(b, (Chi, Peng)):
        return _kinds(a.tiles) == _kinds(b.tiles) and a.ting == b.ting
    if isinstance(a, Gang) and isinstance(b, Gang):
        return _kinds(a.tiles) == _kinds(b.tiles) and a.ting == b.ting
    if isinstance(a, AnGang) and isinstance(b, AnGang):
        return _kinds(a.tiles) == _kinds(b.tiles)
    if isinstance(a, JiaGang) and isinstance(b, JiaGang):
        return kind_of(a.tile) == kind_of(b.tile)
    return True


def _match(state: State, seat: int, action: Action, legal: list[Action]) -> Action | Refusal:
    """The action to perform (with the submitted tile ids), or why it is refused."""
    tiles: tuple[int, ...] = ()
    if isinstance(action, Discard) and action.zhidui is not None:
        tiles = (action.tile, action.zhidui)
    elif isinstance(action, Discard | JiaGang):
        tiles = (action.tile,)
    elif isinstance(action, Chi | Peng | Gang | AnGang):
        tiles = tuple(action.tiles)
    if tiles and not _in_hand(state, seat, tiles):
        return refusal("tile_not_in_hand", tiles=tiles, seat=seat, tiles_text=format_tiles(tiles))
    if isinstance(action, Discard) and state.ting[seat] and action.tile != state.drawn:
        return explain_refusal(state, seat, action, legal)  # a locked hand throws its drawn tile (R22)
    for option in legal:
        if _same(option, action):
            return action
    return explain_refusal(state, seat, action, legal)


def run_automatic(state: State, trace: list[State] | None = None) -> tuple[State, list[Event]]:
    """Play the steps that need no decision from a state (e.g. a log cut short between a move's events)."""
    batch = _Batch(state, trace=trace)
    _advance(batch)
    return batch.state, batch.events


# --- performing a chosen action ------------------------------------------------------------------------


def _perform(batch: _Batch, seat: int, action: Action) -> None:
    state = batch.state
    if isinstance(action, Discard):
        batch.emit(TileDiscarded(seat, action.tile))
        if action.ting:
            _declare_ting(batch, seat, action.zhidui)
        _bao_checks(batch)
    elif isinstance(action, Hu):
        if state.phase in ("claim", "rob"):
            batch.emit(CallDeclared(seat, "hu"))
        else:
            win = self_draw_win(state, seat)
            assert win is not None and state.drawn is not None
            _win(batch, seat, win, state.drawn, None)
    elif isinstance(action, Pass):
        batch.emit(CallPassed(seat))
    elif isinstance(action, Chi):
        batch.emit(CallDeclared(seat, "chi", tuple(action.tiles), action.ting))
    elif isinstance(action, Peng):
        batch.emit(CallDeclared(seat, "peng", tuple(action.tiles), action.ting))
    elif isinstance(action, Gang):
        batch.emit(CallDeclared(seat, "gang", tuple(action.tiles), action.ting))
    elif isinstance(action, AnGang):
        batch.emit(GangEvent(seat, "angang", tuple(sorted(action.tiles)), min(action.tiles)))
        _kong_points(batch, seat, "angang", None)
        _bao_checks(batch)
    elif isinstance(action, JiaGang):
        peng = next(
            m for m in state.melds[seat] if m.kind == "peng" and kind_of(m.tiles[0]) == kind_of(action.tile)
        )
        batch.emit(GangEvent(seat, "jiagang", tuple(sorted((*peng.tiles, action.tile))), action.tile))
        _kong_points(batch, seat, "jiagang", None)
        _bao_checks(batch)


def _declare_ting(batch: _Batch, seat: int, zhidui: int | None = None) -> None:
    """听 with the discard just made (maybe locking a 支对 pair, R44); the 宝 is seen; 冲宝 may follow."""
    batch.emit(TingDeclared(seat, zhidui))
    state = batch.state
    if state.bao is None:
        return
    if state.rules.bao_visibility == "listeners":
        batch.emit(BaoRevealed(seat, state.bao))
    elif not state.bao_public:
        batch.emit(BaoRevealed(None, state.bao))
    _chongbao(batch, [seat])


def _bao_trigger(state: State) -> int | None:
    """The visible-copy count that forces a 换宝 now under the rules, or None (R28; once a seat is ready,
    or from the deal under 明宝, R49)."""
    rules = state.rules
    seen = any(state.ting) or rules.bao_visibility == "public"  # 明宝: seen by all from the deal (§7)
    if rules.bao_swap == "off" or state.bao is None or not seen:
        return None
    kind = state.bao >> 2
    visible = state.visible_copies(kind)
    if rules.bao_swap == "three_visible_auto":
        return visible if visible >= 3 else None
    if rules.bao_swap == "per_player_known":
        for seat in range(4):
            if state.ting[seat] and visible + state.counts(seat)[kind] >= 3:
                return visible
        return None
    left = sum(1 for t in state.wall[state.head : state.tail] if t >> 2 == kind)
    return visible if left <= 1 else None


def _bao_checks(batch: _Batch) -> None:
    """Replace the 宝 while three copies of it are visible, repeating for each new one (R28); each new 宝
    is offered to every ready seat for 冲宝 (R29), in turn order from the seat to act."""
    while batch.state.phase != "round_over":
        state = batch.state
        visible = _bao_trigger(state)
        if visible is None or state.bao is None:
            return
        new = state.wall[state.tail - 1] if state.live_count > 0 else None
        batch.emit(BaoReplaced(state.bao, new, visible))
        if new is None:
            return
        ready = [(state.turn + i) % 4 for i in range(4)]  # every ready seat, from the one to act
        _chongbao(batch, [s for s in ready if batch.state.ting[s]])


def _chongbao(batch: _Batch, seats: list[int]) -> None:
    """R29 variant: a ready seat who first sees a 宝 equal to a legal wait wins at once (R45: 带漏)."""
    state = batch.state
    if not state.rules.chongbao or state.bao is None or state.phase == "round_over":
        return
    for seat in seats:
        win = chongbao_win(state, seat)
        if win is not None:
            _win(batch, seat, win, state.bao, None)
            return


def _kong_points(batch: _Batch, seat: int, kind: str, from_seat: int | None) -> None:
    """R40 variant: Sichuan-style kong payments settled at once."""
    rows = kong_payments(kind, seat, from_seat, batch.state.rules)
    if rows:
        deltas = totals(rows)
        scores = tuple(s + d for s, d in zip(batch.state.scores, deltas, strict=True))
        batch.emit(Settled(tuple(rows), tuple(deltas), scores, final=False))


def _duidao_completed(counts13: list[int], reading: Reading, win_kind: int) -> bool:
    """Whether the winning tile made a triplet out of a pair in the hand (a 对倒 win, R41)."""
    return counts13[win_kind] == 2 and any(s.kind == "tri" and s.first == win_kind for s in reading.sets)


def _win(batch: _Batch, seat: int, win: WinInfo, tile: int, from_seat: int | None) -> None:
    """Emit the win and its settlement."""
    state = batch.state
    kind, kadang = win
    hand = state.hands[seat]
    if kind in ("ron", "qianggang"):
        hand = tuple(sorted((*hand, tile)))
    batch.emit(HuEvent(seat, kind, tile, from_seat, kadang, hand))
    after = batch.state
    kezi = 0
    if state.rules.kezi_bonus:
        counts = [0] * NUM_KINDS
        for t in hand:
            counts[kind_of(t)] += 1
        win_kind = kind_of(tile)
        if counts[win_kind] > 0:
            counts[win_kind] -= 1
            reading = best_reading(counts, after.meld_shapes(seat), win_kind, state.rules)
            if reading is not None:
                kezi = formed_triplets(reading, after.meld_shapes(seat))
                if kind in ("ron", "zimo", "qianggang") and _duidao_completed(counts, reading, win_kind):
                    kezi -= 1  # R41: a triplet completed by a 对倒 win is not counted
    spec = WinSpec(
        kind=kind,  # type: ignore[arg-type]
        winner=seat,
        dealer=state.dealer,
        discarder=from_seat,
        discarder_ting=from_seat is not None and state.ting[from_seat],
        kadang=kadang,
        menqing=frozenset(s for s in range(4) if state.is_menqing(s)),
        dealer_liable=state.liable,
        kezi=kezi,
    )
    rows = settle(spec, state.rules)
    deltas = totals(rows)
    scores = tuple(s + d for s, d in zip(after.scores, deltas, strict=True))
    batch.emit(Settled(tuple(rows), tuple(deltas), scores, final=True))


# --- automatic steps ------------------------------------------------------------------------------------


def _advance(batch: _Batch) -> None:
    """Play every step that needs no decision, stopping when some seat must act."""
    while True:
        state = batch.state
        phase = state.phase
        if phase in ("round_over", "match_over", "pregame"):
            return
        if phase == "claim":
            if pending_seats(state):
                return
            if not _resolve_claims(batch):
                _draw(batch, state.next_seat(state.turn))
        elif phase == "rob":
            if pending_seats(state):
                return
            if not _resolve_rob(batch):
                _draw(batch, state.turn, from_tail=True)
        elif phase == "draw":
            _draw(batch, state.turn, from_tail=True)
        elif phase == "discard":
            seat = state.turn
            if state.ting[seat] and state.drawn is not None:
                legal = legal_actions(state, seat)
                if len(legal) == 1 and isinstance(legal[0], Discard):
                    batch.emit(TileDiscarded(seat, state.drawn, auto=True))
                    _bao_checks(batch)
                    continue
            return
        elif phase == "fenzhang":
            legal = legal_actions(state, state.turn)
            if state.responded[state.turn] or (len(legal) == 1 and isinstance(legal[0], Pass)):
                _draw(batch, state.next_seat(state.turn))
            else:
                return


def _resolve_claims(batch: _Batch) -> bool:
    """Apply the winning call of a closed claim window; False if everyone passed."""
    state = batch.state
    best = claim_winner(state)
    if best is None or state.last_discard is None:
        return False
    tile = state.last_discard
    if best.call == "hu":
        for seat in _winners(state, best.seat):
            win = ron_win(state, seat, tile)
            assert win is not None
            _win(batch, seat, win, tile, state.turn)
        return True
    if best.call == "chi":
        batch.emit(ChiEvent(best.seat, state.turn, tile, best.tiles, best.ting))
    elif best.call == "peng":
        batch.emit(PengEvent(best.seat, state.turn, tile, best.tiles, best.ting))
    else:
        ting = True if best.ting else None  # 杠听: the discard after the replacement draw declares 听
        meld = tuple(sorted((*best.tiles, tile)))
        batch.emit(GangEvent(best.seat, "minggang", meld, tile, state.turn, ting))
        _kong_points(batch, best.seat, "minggang", state.turn)
    _bao_checks(batch)
    return True


def _resolve_rob(batch: _Batch) -> bool:
    """Apply a 抢杠 if some ready seat declared it; False if all passed."""
    state = batch.state
    if state.rob_tile is None:
        return False
    for seat in claim_order(state.turn):
        call = state.calls[seat]
        if call is not None and call.call == "hu":
            for winner in _winners(state, seat):
                win = rob_win(state, winner, state.rob_tile)
                assert win is not None
                _win(batch, winner, win, state.rob_tile, state.turn)
            return True
    return False


def _winners(state: State, first: int) -> list[int]:
    """Who wins on the discard or robbed kong: ``first`` alone (截和, R25), or under 一炮多响
    (``multi_ron``) every seat that declared 和, nearest the discarder first."""
    if not state.rules.multi_ron:
        return [first]
    return [s for s in claim_order(state.turn) if (c := state.calls[s]) is not None and c.call == "hu"]


def _draw(batch: _Batch, seat: int, from_tail: bool = False) -> None:
    """The next draw for ``seat`` under R33's end-of-wall rule, or the end of the hand."""
    state = batch.state
    rules = state.rules
    live = state.live_count
    if from_tail:
        if live <= 0:
            _exhausted(batch)
            return
        batch.emit(TileDrawn(seat, state.wall[state.tail - 1], from_tail=True))
        return
    if rules.end_of_wall == "fenzhang_last4_keep8":
        if state.fenzhang_draws > 0 or live <= rules.wall_kept + 4:
            if state.fenzhang_draws >= 4 or live <= 0:
                _exhausted(batch)
                return
            batch.emit(TileDrawn(seat, state.wall[state.head], fenzhang=True))
            return
    elif rules.end_of_wall == "last4_discard_no_ron":
        if live <= rules.wall_kept:
            _exhausted(batch)
            return
    elif live <= 0:
        _exhausted(batch)
        return
    batch.emit(TileDrawn(seat, state.wall[state.head]))


def _exhausted(batch: _Batch) -> None:
    """荒庄: nobody won; every hand is shown. Under R50 荒庄荒杠 the hand's kong points are paid back
    first."""
    state = batch.state
    paid = [
        row
        for seat in range(4)
        for m in state.melds[seat]
        if m.is_kong
        for row in kong_payments(m.kind, seat, m.from_seat, state.rules)
    ]
    refunds = kong_refunds(paid, state.rules)
    if refunds:
        deltas = totals(refunds)
        scores = tuple(s + d for s, d in zip(state.scores, deltas, strict=True))
        batch.emit(Settled(tuple(refunds), tuple(deltas), scores, final=False))
    batch.emit(RoundDrawn(batch.state.hands))


__all__ = ["discard_claimable", "explain", "explain_refusal", "run_automatic", "step", "submit"]
