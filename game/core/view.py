"""Views: what one seat may know — the projection every driver except the replay viewer gets.

:func:`view` gives a :class:`SeatView`: the seat's own hand, everything public
(melds, rivers, counts, scores, who is ready, revealed old 宝s) and the current
宝 only when that seat may see it (R26; every seat under 明宝, R49). Concealed 暗杠 of a closed player show
no kinds (S0's display rule). :func:`event_view` hides the same things inside
single events (other seats' draws, the wall, a 宝 the seat may not see,
other seats' pending calls, the pair another seat locked with 支对), so the
table animates only what the player could really see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .analysis.ting import Wait
from .events import (
    BaoReplaced,
    BaoRevealed,
    CallDeclared,
    Event,
    Gang,
    Hu,
    RoundDrawn,
    RoundStarted,
    Settled,
    TileDrawn,
    TingDeclared,
)
from .rules import RuleSet
from .state import Meld, Phase, RiverTile, State

HIDDEN = -1
"""Stands for a tile id the seat may not know."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know about the table now."""

    seat: int
    rules: RuleSet
    phase: Phase
    hand_no: int
    match_hands: int
    dealer: int
    liable: bool
    draw_streak: int
    scores: tuple[int, ...]
    players: tuple[str, ...]
    turn: int
    hand: tuple[int, ...]
    drawn: int | None
    concealed_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    ting: tuple[bool, ...]
    waits: tuple[Wait, ...]
    must_ting: bool
    live_count: int
    bao: int | None
    bao_exists: bool
    old_baos: tuple[int, ...]
    last_discard: int | None
    rob_tile: int | None
    dice: tuple[int, ...]
    fenzhang_draws: int
    my_call: CallDeclared | None
    responded: bool
    result: Hu | RoundDrawn | None
    settlement: Settled | None
    revealed_hands: tuple[tuple[int, ...], ...] | None

    @property
    def kept_back(self) -> int:
        """Tiles of the wall's end kept back from play now (R33)."""
        return self.rules.kept_back(self.live_count)

    def visible_tiles(self) -> list[int]:
        """Tile ids this seat can see anywhere: own hand, rivers, melds (known kinds), old 宝s, the 宝."""
        out = list(self.hand)
        for seat in range(4):
            out.extend(r.tile for r in self.rivers[seat] if not r.claimed)
            for m in self.melds[seat]:
                out.extend(t for t in m.tiles if t != HIDDEN)
        out.extend(self.old_baos)
        if self.bao is not None:
            out.append(self.bao)
        return out

    def unseen_copies(self, kind: int) -> int:
        """Copies of a kind this seat cannot see (in other hands, the wall or the hidden 宝)."""
        return 4 - sum(1 for t in self.visible_tiles() if t >> 2 == kind)


def _meld_for(state: State, owner: int, seat: int) -> tuple[Meld, ...]:
    """An owner's melds as ``seat`` sees them: a closed player's 暗杠 face down until the hand ends."""
    over = state.phase in ("round_over", "match_over")
    if owner == seat or over or state.angang_shown(owner):
        return state.melds[owner]
    return tuple(
        replace(m, tiles=(HIDDEN,) * len(m.tiles)) if m.kind == "angang" else m for m in state.melds[owner]
    )


def _melds_seen(state: State, seat: int, over: bool) -> tuple[tuple[Meld, ...], ...]:
    """Every seat's melds as ``seat`` sees them (the state's own tuple when no 暗杠 is hidden)."""
    melds = state.melds
    if over or not any(m.kind == "angang" for owner in melds for m in owner):
        return melds
    return tuple(_meld_for(state, owner, seat) for owner in range(4))


def view(state: State, seat: int) -> SeatView:
    """The projection of the state that ``seat`` may know."""
    over = state.phase in ("round_over", "match_over")
    revealed: tuple[tuple[int, ...], ...] | None = None
    if over and isinstance(state.result, RoundDrawn):
        revealed = state.result.hands
    elif over and state.hand_no >= 0:
        revealed = state.hands
    bao = state.bao if (over or state.bao_public or state.ting[seat]) else None
    hands = state.hands
    return SeatView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        hand_no=state.hand_no,
        match_hands=state.match_hands,
        dealer=state.dealer,
        liable=state.liable,
        draw_streak=state.draw_streak,
        scores=state.scores,
        players=state.players,
        turn=state.turn,
        hand=hands[seat],
        drawn=state.drawn if state.turn == seat else None,
        concealed_counts=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        melds=_melds_seen(state, seat, over),
        rivers=state.rivers,
        ting=state.ting,
        waits=state.waits[seat],
        must_ting=state.must_ting == seat,
        live_count=state.live_count,
        bao=bao,
        bao_exists=state.bao is not None,
        old_baos=state.old_baos,
        last_discard=state.last_discard,
        rob_tile=state.rob_tile,
        dice=state.dice,
        fenzhang_draws=state.fenzhang_draws,
        my_call=state.calls[seat],
        responded=state.responded[seat],
        result=state.result,
        settlement=state.settlement,
        revealed_hands=revealed,
    )


def event_view(event: Event, seat: int, state_after: State) -> Event | None:
    """The event as ``seat`` may see it (hidden tiles as -1), or None if it must not see it at all.

    ``state_after`` is the state once the event is applied (it says who may see the 宝).
    """
    if isinstance(event, RoundStarted):
        return replace(event, wall=())
    if isinstance(event, TileDrawn) and event.seat != seat:
        return replace(event, tile=HIDDEN)
    if isinstance(event, BaoRevealed):
        if event.seat is None or event.seat == seat:
            return event
        return replace(event, tile=HIDDEN)
    if isinstance(event, BaoReplaced):
        if event.new is not None and not state_after.sees_bao(seat):
            return replace(event, new=HIDDEN)
        return event
    if isinstance(event, CallDeclared) and event.seat != seat:
        return None
    if isinstance(event, TingDeclared) and event.zhidui is not None and event.seat != seat:
        return replace(event, zhidui=HIDDEN)  # the locked 支对 pair lies face down with the hand
    hidden_kong = isinstance(event, Gang) and event.kind == "angang" and event.seat != seat
    if hidden_kong and isinstance(event, Gang) and not state_after.angang_shown(event.seat):
        return replace(event, tiles=(HIDDEN,) * len(event.tiles), tile=HIDDEN)
    return event
