"""Verify a log by re-playing it through the engine: every decision re-submitted, every automatic
event re-derived, every hand's start checked against the match's dealer rules.

A log is valid when each decision event (a discard, a call or pass, a kong
made on one's turn, a self-drawn win) is accepted by the engine in the state
the log has reached, and the engine's own events for it are exactly the next
events of the log. The same walk finds how much of a log cut short (a crash
during the autosave) can be kept: :func:`complete_prefix`.
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
from ..core.match import next_dealer, opening_length
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
            return ev.seat, Gang(ev.tiles, ev.ting)
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
    return _walk(events)[0]


@dataclass(frozen=True)
class Prefix:
    """How much of a log can be kept: the longest prefix that ends between two engine batches."""

    length: int
    """``events[:length]`` verifies and ends after ``match_started``, a ``round_started``, a whole
    decision with every event the engine made for it, or ``match_ended``."""
    error: VerifyResult | None = None
    """The first event that breaks a rule; None when the rest is only a batch cut short by the log's end."""


def complete_prefix(events: Sequence[Event]) -> Prefix:
    """The longest prefix of a log that ends on a complete engine batch (what a resume may continue).

    A log cut short inside a batch (a decision followed by only some of its automatic events) loses
    that batch; a plain discard at the very end whose 听 would also have been legal loses it too
    (the 听 line may be what was cut). An event that breaks a rule is reported in ``error``.
    """
    result, length = _walk(events)
    cut_short = not result.ok and result.index >= len(events)
    return Prefix(length, None if result.ok or cut_short else result)


def _walk(events: Sequence[Event]) -> tuple[VerifyResult, int]:
    """Re-play a log through the engine: the verdict, and the length of its longest complete prefix."""
    hands = complete = 0

    def fail(error: str, index: int) -> tuple[VerifyResult, int]:
        return VerifyResult(False, len(events), hands, error, index), complete

    if not events or not isinstance(events[0], MatchStarted):
        return fail("a log must start with match_started", 0)
    try:
        state = initial_state(events[0])
    except (EventError, ValueError) as exc:
        return fail(str(exc), 0)
    i = complete = 1
    while i < len(events):
        ev = events[i]
        try:
            if isinstance(ev, RoundStarted):
                problem = _check_round_start(state, ev)
                if problem:
                    return fail(problem, i)
                state = apply(state, ev)
                n = 1 + opening_length(state, events, i + 1)  # 明宝's bao_revealed (older logs lack it)
                for opening in events[i + 1 : i + n]:
                    state = apply(state, opening)
                hands += 1
                i = complete = i + n
                continue
            if isinstance(ev, MatchEnded):
                if state.phase != "round_over" or state.hand_no + 1 < state.match_hands:
                    return fail("match_ended before the last hand", i)
                state = apply(state, ev)
                i = complete = i + 1
                continue
            decision = decision_of(state, events, i)
            if decision is None:
                return fail(f"{ev.type} is not something a seat decides here", i)
            seat, action = decision
            result = step(state, seat, action)
            if isinstance(result, Refusal):
                if i == len(events) - 1 and _ting_was_possible(state, seat, action):
                    return fail("the log ends between a discard and its 听", len(events))
                return fail(f"refused: {result.message}", i)
            new_state, produced = result
            for j, want in enumerate(produced):
                got = events[i + j] if i + j < len(events) else None
                if got != want:
                    shown = "the end of the log" if got is None else got.to_json()
                    return fail(f"expected {want.to_json()}, found {shown}", i + j)
            end = i + len(produced)
            if end < len(events) or not _ting_was_possible(state, seat, action):
                complete = end
            state = new_state
            i = end
        except EventError as exc:
            return fail(str(exc), i)
    return VerifyResult(True, len(events), hands), complete


def _ting_was_possible(state: State, seat: int, action: Action) -> bool:
    """A plain discard that could have declared 听 instead (at a log's end, its 听 line may be lost)."""
    if not isinstance(action, Discard) or action.ting:
        return False
    return not isinstance(step(state, seat, Discard(action.tile, True)), Refusal)


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
