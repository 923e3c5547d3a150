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
from .analysis.ting import AnalysisError, best_reading, formed_triplets, ting_report
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
    discard_claimable,
    legal_actions,
    pending_seats,
    rob_win,
    ron_win,
    self_draw_win,
)
from .scoring import WinSpec, kong_payments, settle, totals
from .state import State, apply
from .tiles import format_kinds, format_tiles, kind_of


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
        return Refusal("illegal_action", f"seat {seat} is not 0-3")
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
        return Refusal("illegal_action", f"seat {seat} is not 0-3")
    if legal is None:
        legal = legal_actions(state, seat)
    try:
        chosen = _match(state, seat, action, legal)
    except AnalysisError:  # a question about a hand of the wrong size (e.g. 听 off the player's turn)
        return Refusal("illegal_action", f"{action.describe()} is not allowed now")
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
    if isinstance(a, (Gang, AnGang)) and isinstance(b, (Gang, AnGang)):
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
        return Refusal("tile_not_in_hand", f"{format_tiles(tiles)} is not in seat {seat}'s hand", tiles=tiles)
    if isinstance(action, Discard) and state.ting[seat] and action.tile != state.drawn:
        return explain_refusal(state, seat, action, legal)  # a locked hand throws its drawn tile (R22)
    for option in legal:
        if _same(option, action):
            return action
    return explain_refusal(state, seat, action, legal)


def explain_refusal(state: State, seat: int, action: Action, legal: list[Action] | None = None) -> Refusal:
    """The most specific reason an action is not allowed, for an action known to be refused (or asked
    about while the table does not wait for the seat); :func:`explain` is the yes-or-why question."""
    if legal is None:
        legal = legal_actions(state, seat)
    if state.phase in ("round_over", "match_over", "pregame"):
        return Refusal("round_over", "the hand is over")
    rules = state.rules
    on_turn = state.phase == "discard" and state.turn == seat
    if state.ting[seat] and isinstance(action, Chi | Peng | Gang | AnGang | JiaGang):
        return Refusal("listening_locked", "a ready (听) hand cannot call or kong")
    if isinstance(action, Chi | Peng | Gang | AnGang) and len(state.melds[seat]) >= rules.max_melds:
        return Refusal("max_melds", f"手把一: at most {rules.max_melds} melds")
    if isinstance(action, Discard | AnGang | JiaGang) and not on_turn:
        return Refusal("not_your_turn", "only the seat to play may discard or kong from its hand")
    others_discard = state.phase == "claim" and state.last_discard is not None and seat != state.turn
    if isinstance(action, Chi | Peng | Gang) and others_discard and not state.ting[seat]:
        early = _call_refusal(state, seat, action)
        if early is not None and early.code != "ting_not_allowed":
            return early
    if not legal:
        return Refusal("not_your_turn", "the table is not waiting for this seat")
    if isinstance(action, Chi | Peng | Gang) and not others_discard:
        return Refusal("nothing_to_claim", "there is no discard to call")
    if isinstance(action, Pass | Discard) and rules.must_hu and any(isinstance(a, Hu) for a in legal):
        return Refusal("must_hu", "有胡必胡: a legal win must be taken")  # before "may only discard the draw"
    if state.ting[seat] and isinstance(action, Discard):
        drawn = () if state.drawn is None else (state.drawn,)
        return Refusal("listening_locked", "a ready (听) hand may only discard the tile it drew", tiles=drawn)
    if state.must_ting == seat and isinstance(action, Discard) and not action.ting:
        return Refusal("must_declare_ting", "after a 吃听/碰听 the discard must declare 听")
    if isinstance(action, Discard) and action.zhidui is not None:
        lock = _zhidui_refusal(state, seat, action)
        if lock is not None:
            return lock
    if isinstance(action, Discard) and action.ting:
        counts = state.counts(seat)
        counts[kind_of(action.tile)] -= 1
        report = ting_report(counts, state.meld_shapes(seat), rules)
        hint = "; lock one of its pairs (支对) to declare 听" if report.zhidui else ""
        return Refusal(
            "ting_not_allowed",
            "cannot declare 听 with this discard: " + ", ".join(report.blockers) + hint,
            blockers=report.blockers,
            tiles=(action.tile,),
        )
    call = _call_refusal(state, seat, action)
    if call is not None:
        return call
    if isinstance(action, Hu):
        return Refusal("not_a_win", "there is no legal win here")
    return Refusal("illegal_action", f"{action.describe()} is not allowed now")


def _zhidui_refusal(state: State, seat: int, action: Discard) -> Refusal | None:
    """Why a 支对 lock (R44) is refused, or None when the 听 itself is what fails."""
    assert action.zhidui is not None
    pair = (action.zhidui,)
    if not state.rules.zhidui:
        return Refusal("zhidui_off", "支对 (locking a pair) is not played under these rules", tiles=pair)
    if not action.ting:
        return Refusal("zhidui_needs_ting", "a 支对 pair is locked only with the discard that declares 听")
    counts = state.counts(seat)
    counts[kind_of(action.tile)] -= 1
    report = ting_report(counts, state.meld_shapes(seat), state.rules)
    if not report.may_declare:
        return None
    if not report.zhidui:
        return Refusal(
            "zhidui_not_duidao",
            "支对 needs a 对倒 wait: exactly two pairs waiting, either of which may become the triplet",
            tiles=pair,
        )
    choices = " or ".join(format_kinds([k, k]) for k in report.zhidui)
    return Refusal("zhidui_not_a_pair", f"lock one of the two 对倒 pairs: {choices}", tiles=pair)


def _call_refusal(state: State, seat: int, action: Action) -> Refusal | None:
    """Why a call or kong is impossible from this hand (no pair, not from 上家, ...), if it is."""
    counts = state.counts(seat)
    rules = state.rules
    if isinstance(action, Chi | Peng | Gang) and state.last_discard is not None:
        kind = state.last_discard >> 2
        tile = (state.last_discard,)
        if isinstance(action, Peng) and counts[kind] < 2:
            return Refusal("no_pair", "碰 needs a pair of the discarded tile in the hand", tiles=tile)
        if isinstance(action, Gang):
            if counts[kind] < 3:
                return Refusal("no_three", "明杠 needs three of the discarded tile in the hand", tiles=tile)
            if rules.minggang_from == "shangjia" and (seat - state.turn) % 4 != 1:
                return Refusal(
                    "gang_only_from_shangjia", "明杠 only on the previous player's discard", tiles=tile
                )
        if isinstance(action, Chi):
            shapes = [lo for lo in (kind - 2, kind - 1, kind) if _chi_shape(counts, kind, lo)]
            if not shapes:
                return Refusal("no_chi_shape", "no two tiles in the hand make a sequence with it", tiles=tile)
            if (seat - state.turn) % 4 != 1:
                return Refusal(
                    "chi_only_from_shangjia",
                    "吃 only from the previous player, unless it makes the hand ready",
                )
        if isinstance(action, Chi | Peng) and action.ting:
            return Refusal("ting_not_allowed", "this call does not make the hand ready to declare 听")
    if isinstance(action, AnGang) and not any(c == 4 for c in counts):
        return Refusal("no_four", "暗杠 needs four of a kind in the hand")
    if isinstance(action, JiaGang):
        kind = kind_of(action.tile)
        if not any(m.kind == "peng" and kind_of(m.tiles[0]) == kind for m in state.melds[seat]):
            return Refusal("no_peng_to_add", "加杠 needs a 碰 of that tile", tiles=(action.tile,))
    return None


def _chi_shape(counts: list[int], kind: int, lo: int) -> bool:
    """Whether the hand holds the other two tiles of the sequence ``lo, lo+1, lo+2`` around ``kind``."""
    if kind >= 27 or lo < kind - kind % 9 or lo + 2 > kind - kind % 9 + 8:
        return False
    return all(counts[k] for k in (lo, lo + 1, lo + 2) if k != kind)


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
        batch.emit(CallDeclared(seat, "gang", tuple(action.tiles)))
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
    """The visible-copy count that forces a 换宝 now under the rules, or None (R28)."""
    rules = state.rules
    if rules.bao_swap == "off" or state.bao is None or not any(state.ting):
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
        counts = after.counts(seat)
        win_kind = kind_of(tile)
        if counts[win_kind] > 0:
            counts[win_kind] -= 1
            reading = best_reading(counts, after.meld_shapes(seat), win_kind, state.rules)
            if reading is not None:
                kezi = formed_triplets(reading, after.meld_shapes(seat))
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


def _call_rank(call: CallDeclared, state: State) -> float:
    """Priority of a declared call, lower first (R15): 和, then 吃听/碰听, 碰/明杠, plain 吃."""
    if call.call == "hu":
        return 0
    if call.ting:
        if state.rules.chiting_priority == "above_peng":
            return 1
        return 2 if call.call == "peng" else 2.5
    if call.call in ("peng", "gang"):
        return 2
    return 3


def _resolve_claims(batch: _Batch) -> bool:
    """Apply the winning call of a closed claim window; False if everyone passed."""
    state = batch.state
    order = claim_order(state.turn)
    declared = [c for s in order if (c := state.calls[s]) is not None]
    if not declared or state.last_discard is None:
        return False
    best = min(declared, key=lambda c: (_call_rank(c, state), order.index(c.seat)))
    tile = state.last_discard
    if best.call == "hu":
        win = ron_win(state, best.seat, tile)
        assert win is not None
        _win(batch, best.seat, win, tile, state.turn)
        return True
    if best.call == "chi":
        batch.emit(ChiEvent(best.seat, state.turn, tile, best.tiles, best.ting))
    elif best.call == "peng":
        batch.emit(PengEvent(best.seat, state.turn, tile, best.tiles, best.ting))
    else:
        batch.emit(GangEvent(best.seat, "minggang", tuple(sorted((*best.tiles, tile))), tile, state.turn))
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
            win = rob_win(state, seat, state.rob_tile)
            assert win is not None
            _win(batch, seat, win, state.rob_tile, state.turn)
            return True
    return False


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
        if state.fenzhang_draws > 0 or live <= rules.kept_tiles + 4:
            if state.fenzhang_draws >= 4 or live <= 0:
                _exhausted(batch)
                return
            batch.emit(TileDrawn(seat, state.wall[state.head], fenzhang=True))
            return
    elif rules.end_of_wall == "last4_discard_no_ron":
        if live <= rules.kept_tiles:
            _exhausted(batch)
            return
    elif live <= 0:
        _exhausted(batch)
        return
    batch.emit(TileDrawn(seat, state.wall[state.head]))


def _exhausted(batch: _Batch) -> None:
    """荒庄: nobody won; every hand is shown."""
    batch.emit(RoundDrawn(batch.state.hands))


__all__ = ["discard_claimable", "explain", "explain_refusal", "run_automatic", "step", "submit"]
