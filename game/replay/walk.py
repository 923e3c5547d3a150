"""Walking a verified log move by move: each hand's start, each decision with the state it was taken in.

A log is a sequence of *steps*: ``round_started`` and ``match_ended`` (one event
each) and decisions, each followed by the events the engine made for it (the
claim window closing, the next draw, a locked hand's automatic discard...).
Review, what-if and share codes all need the state just before each decision
and which seat decided what; :func:`walk` hands them out. It re-plays the
decisions through the engine, so it expects a log that
:func:`~game.replay.verify.verify_events` accepts and raises :class:`WalkError`
where one does not follow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.actions import Action, Refusal
from ..core.engine import step
from ..core.errors import HarbinError
from ..core.events import Event, MatchEnded, MatchStarted, RoundStarted
from ..core.match import opening_length
from ..core.state import State, apply, initial_state
from .verify import decision_of


class WalkError(HarbinError, ValueError):
    """A log that cannot be walked (it does not verify): the message names the event index."""


@dataclass(frozen=True)
class Step:
    """One step of a log: the event that starts it, the state before and after, and the decision if any."""

    index: int
    """Position of the step's first event in the log (the event that records the decision)."""
    length: int
    """How many events the step covers (a decision and the engine's events for it)."""
    before: State
    after: State
    seat: int | None = None
    """The seat that decided (None for a hand's start or the match's end)."""
    action: Action | None = None
    """The decision as the engine takes it (None for a hand's start or the match's end)."""

    @property
    def is_decision(self) -> bool:
        """Whether a seat decided here."""
        return self.action is not None


def walk(events: Sequence[Event]) -> Iterator[Step]:
    """Every step of a verified log in order (WalkError if a decision is not what the engine accepts)."""
    if not events or not isinstance(events[0], MatchStarted):
        raise WalkError("event 0: a log must start with match_started")
    state = initial_state(events[0])
    i = 1
    while i < len(events):
        event = events[i]
        if isinstance(event, RoundStarted | MatchEnded):
            after = apply(state, event)
            n = 1
            if isinstance(event, RoundStarted):  # the hand's opening events (明宝) belong to its start
                n += opening_length(after, events, i + 1)
                for opening in events[i + 1 : i + n]:
                    after = apply(after, opening)
            yield Step(i, n, state, after)
            state, i = after, i + n
            continue
        decision = decision_of(state, events, i)
        if decision is None:
            raise WalkError(f"event {i}: {event.type} is not something a seat decides here")
        seat, action = decision
        result = step(state, seat, action)
        if isinstance(result, Refusal):
            raise WalkError(f"event {i}: refused: {result.message}")
        after, produced = result
        yield Step(i, len(produced), state, after, seat, action)
        state, i = after, i + len(produced)


__all__ = ["Step", "WalkError", "walk"]
