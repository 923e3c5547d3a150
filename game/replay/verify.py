"""Verify a log by re-playing it through the engine: every decision re-submitted, every automatic
event re-derived, every hand's start checked against the match's dealer rules.

A log is valid when each decision event (a discard, a call or pass, a kong
made on one's turn, a self-drawn win) is accepted by the engine in the state
the log has reached, and the engine's own events for it are exactly the next
events of the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from ..core.engine import step
from ..core.events import (
    CallDeclared,
    CallPassed,
    Event,
    EventError,
    MatchEnded,
    MatchStarted,
    RoundStarted,
    TileDiscarded,
    TingDeclared,
)
from ..core.events import Gang as GangEvent
from ..core.events import Hu as HuEvent
from ..core.match import next_dealer
from ..core.state import State, apply, initial_state


@dataclass(frozen=True)
class VerifyResult:
    """The outcome of checking a log: ok, or the index of the first bad event and why."""

    ok: bool
    events: int
    hands: int
    error: str = ""
    index: int = -1


def decision_of(state: State, events: Sequence[Event], i: int) -> tuple[int, Action] | None:
    """The (seat, action) a decision event at ``events[i]`` stands for, or None if it is automatic."""
    ev = events[i]
    if isinstance(ev, TileDiscarded) and not ev.auto:
        after = events[i + 1] if i + 1 < len(events) else None
        ting = isinstance(after, TingDeclared)
        return ev.seat, Discard(ev.tile, ting, after.zhidui if isinstance(after, TingDeclared) else None)
    if isinstance(ev, CallDeclared):
        if ev.call == "hu":
            return ev.seat, Hu()
        if ev.call == "chi":
            return ev.seat, Chi(ev.tiles, ev.ting)
        if ev.call == "peng":
            return ev.seat, Peng(ev.tiles, ev.ting)
        if ev.call == "gang":
            return ev.seat, Gang(ev.tiles)
        return None
    if isinstance(ev, CallPassed):
        return ev.seat, Pass()
    if isinstance(ev, GangEvent) and ev.kind == "angang" and state.phase == "discard":
        return ev.seat, AnGang(ev.tiles)
    if isinstance(ev, GangEvent) and ev.kind == "jiagang" and state.phase == "discard":
        return ev.seat, JiaGang(ev.tile)
    self_drawn = isinstance(ev, HuEvent) and ev.kind not in ("ron", "qianggang")
    if self_drawn and state.phase in ("discard", "fenzhang") and state.drawn is not None:
        assert isinstance(ev, HuEvent)
        if ev.tile == state.drawn and state.turn == ev.seat:
            return ev.seat, Hu()
    return None


def verify_events(events: Sequence[Event]) -> VerifyResult:
    """Re-play a whole log through the engine and report the first event that does not follow."""
    if not events or not isinstance(events[0], MatchStarted):
        return VerifyResult(False, len(events), 0, "a log must start with match_started", 0)
    try:
        state = initial_state(events[0])
    except (EventError, ValueError) as exc:
        return VerifyResult(False, len(events), 0, str(exc), 0)
    hands = 0
    i = 1
    while i < len(events):
        ev = events[i]
        try:
            if isinstance(ev, RoundStarted):
                problem = _check_round_start(state, ev)
                if problem:
                    return VerifyResult(False, len(events), hands, problem, i)
                state = apply(state, ev)
                hands += 1
                i += 1
                continue
            if isinstance(ev, MatchEnded):
                if state.phase != "round_over" or state.hand_no + 1 < state.match_hands:
                    return VerifyResult(False, len(events), hands, "match_ended before the last hand", i)
                state = apply(state, ev)
                i += 1
                continue
            decision = decision_of(state, events, i)
            if decision is None:
                return VerifyResult(
                    False, len(events), hands, f"{ev.type} is not something a seat decides here", i
                )
            seat, action = decision
            result = step(state, seat, action)
            if isinstance(result, Refusal):
                return VerifyResult(False, len(events), hands, f"refused: {result.message}", i)
            new_state, produced = result
            for j, want in enumerate(produced):
                got = events[i + j] if i + j < len(events) else None
                if got != want:
                    shown = "the end of the log" if got is None else got.to_json()
                    return VerifyResult(
                        False, len(events), hands, f"expected {want.to_json()}, found {shown}", i + j
                    )
            state = new_state
            i += len(produced)
        except EventError as exc:
            return VerifyResult(False, len(events), hands, str(exc), i)
    return VerifyResult(True, len(events), hands)


def _check_round_start(state: State, ev: RoundStarted) -> str:
    """Why a round_started does not follow the match's rules, or "" if it does."""
    if state.phase == "pregame":
        liable = state.rules.three_draw_liability and state.draw_streak >= 3
        if ev.dealer != state.first_dealer or ev.liable != liable:
            return f"the first hand must be dealt by first_dealer (liable={liable})"
        return ""
    if state.phase != "round_over":
        return "a hand starts before the last one ended"
    dealer, liable = next_dealer(state)
    if (ev.dealer, ev.liable) != (dealer, liable):
        return (
            f"the next dealer should be seat {dealer} (liable={liable}), not {ev.dealer} (liable={ev.liable})"
        )
    return ""
