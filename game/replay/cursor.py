"""The event cursor: a read-only position in a match's log that steps forward and back and seeks.

A cursor stands *between* events: at ``position`` p it shows the state after
the first p events (``fold(events[:p])``; p is at least 1, the
``match_started``). It never plays anything — it only folds the log — so a
replay viewer, the live table's display and a lesson can all show one::

    cursor = EventCursor(events)          # at position 1, the match just started
    cursor.forward()                      # the next event, now folded in (None at the end)
    cursor.back()                         # undo the last one (from a snapshot, never the whole log)
    cursor.seek(cursor.hand_start(3))     # the 4th hand, dealt
    cursor.view(0), cursor.seen(0)        # what seat 0 sees now, and the last event as it saw it

Opening a cursor folds the log once and keeps snapshots of the state at every
hand's start and every :data:`SNAPSHOT_EVERY` events, so a seek folds at most
that many events. It also records the hand boundaries (:attr:`hands`) and the
decisions (:attr:`decisions`: which event records a seat's choice).

A growing log (a live match) is followed with :meth:`extend`; passing the
states the engine already computed for the new events (``step(..., trace=)``)
means a step forward takes them instead of folding the events again.

No pygame here, and nothing is written.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..core.events import Event, MatchStarted, RoundStarted
from ..core.state import State, apply, initial_state
from ..core.view import SeatView, event_view, view
from .verify import decision_of

SNAPSHOT_EVERY: Final = 32
"""Events between two snapshots: the most a seek ever folds."""


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """An event of the log that records a seat's choice (a discard, a call or pass, a kong, a 胡)."""

    index: int
    """The event's index in the log; the choice was made at position ``index``."""
    seat: int


class EventCursor:
    """A position in a match's log (see the module docstring)."""

    def __init__(
        self, events: Sequence[Event], position: int = 1, *, snapshot_every: int = SNAPSHOT_EVERY
    ) -> None:
        """Open a log (it must start with ``match_started``) at a position (1 to ``len(events)``)."""
        if not events or not isinstance(events[0], MatchStarted):
            raise ValueError("a log must start with match_started")
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._every = snapshot_every
        self._events: list[Event] = [events[0]]
        first = initial_state(events[0])
        self._snap_at: list[int] = [1]
        self._snaps: list[State] = [first]
        self._hands: list[int] = []
        self._decisions: list[DecisionPoint] = []
        self._end_state = first
        self._ahead: dict[int, State] = {}
        self._position = 1
        self._state = first
        self._before: State | None = None
        """The state before the last event folded in, once known (see :attr:`before`)."""
        self._views: dict[int, SeatView] = {}
        self.extend(events[1:])
        self.seek(position)

    # ------------------------------------------------------------------ the log
    def extend(self, events: Sequence[Event], states: Sequence[State] | None = None) -> None:
        """Append new events of a growing log; ``states`` (the state after each, from the engine)
        spares folding them again when the cursor steps over them."""
        if states is not None and len(states) != len(events):
            raise ValueError("extend: one state per event")
        for i, event in enumerate(events):
            index = len(self._events)
            before = self._end_state
            after = states[i] if states is not None else apply(before, event)
            self._events.append(event)
            self._end_state = after
            if isinstance(event, RoundStarted):
                self._hands.append(index)
            decision = decision_of(before, self._events, index) if index >= 1 else None
            if decision is not None:
                self._decisions.append(DecisionPoint(index, decision[0]))
            position = index + 1
            if isinstance(event, RoundStarted) or position % self._every == 0:
                self._snap_at.append(position)
                self._snaps.append(after)
            if states is not None and position > self._position:
                self._ahead[position] = after

    def truncate(self, length: int) -> None:
        """Drop the log's events after the first ``length`` (a lesson's undo); the cursor steps back if it
        stood beyond the new end."""
        if not 1 <= length <= len(self._events):
            raise IndexError(f"length {length} is outside 1-{len(self._events)}")
        if length == len(self._events):
            return
        if self._position > length:
            self.seek(length)
        end = self._state_at(length)
        del self._events[length:]
        keep = bisect.bisect_right(self._snap_at, length)
        del self._snap_at[keep:]
        del self._snaps[keep:]
        self._hands = [h for h in self._hands if h < length]
        self._decisions = [d for d in self._decisions if d.index < length]
        self._ahead = {p: s for p, s in self._ahead.items() if p <= length}
        self._end_state = end

    @property
    def events(self) -> Sequence[Event]:
        """The whole log (not to be changed by the caller)."""
        return self._events

    def __len__(self) -> int:
        """How many events the log holds."""
        return len(self._events)

    @property
    def hands(self) -> tuple[int, ...]:
        """The index of each hand's ``round_started`` event, in order."""
        return tuple(self._hands)

    @property
    def decisions(self) -> tuple[DecisionPoint, ...]:
        """Every event that records a seat's choice, in order."""
        return tuple(self._decisions)

    def hand_start(self, hand_no: int) -> int:
        """The position at which a hand (0-based) has just been dealt."""
        return self._hands[hand_no] + 1

    def hand_at(self, position: int | None = None) -> int:
        """The hand (0-based) being played at a position (the cursor's by default); -1 before the first."""
        at = self._position if position is None else position
        return bisect.bisect_left(self._hands, at) - 1

    # ------------------------------------------------------------------ where the cursor stands
    @property
    def position(self) -> int:
        """How many events are folded into :attr:`state` (1 to ``len(self)``): also the number of the event
        that comes next, as events count from 0 everywhere (``replay show``, ``whatif --at``, the viewer)."""
        return self._position

    @property
    def state(self) -> State:
        """The state after the first :attr:`position` events."""
        return self._state

    @property
    def before(self) -> State:
        """The state before the last event folded in (what the table was when that event happened; at the
        start, the state itself)."""
        if self._before is None:
            self._before = self._state_at(self._position - 1) if self._position > 1 else self._state
        return self._before

    @property
    def event(self) -> Event:
        """The last event folded in (the one a display has just shown)."""
        return self._events[self._position - 1]

    @property
    def upcoming(self) -> Event | None:
        """The next event a step forward would fold in (None at the end of the log)."""
        return None if self.at_end else self._events[self._position]

    @property
    def last_state(self) -> State:
        """The state after the whole log (a live match: the table as it stands now)."""
        return self._end_state

    @property
    def at_start(self) -> bool:
        """Only ``match_started`` is folded in."""
        return self._position <= 1

    @property
    def at_end(self) -> bool:
        """Every event of the log is folded in."""
        return self._position >= len(self._events)

    @property
    def behind(self) -> int:
        """Events of the log not yet folded in (a live table's backlog)."""
        return len(self._events) - self._position

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know at the cursor."""
        cached = self._views.get(seat)
        if cached is None:
            cached = self._views[seat] = view(self._state, seat)
        return cached

    def seen(self, seat: int) -> Event | None:
        """The last event folded in as ``seat`` saw it (None if it could not see it at all)."""
        return event_view(self.event, seat, self._state)

    # ------------------------------------------------------------------ moving
    def forward(self) -> Event | None:
        """Fold in the next event and return it (None at the end of the log)."""
        if self.at_end:
            return None
        event = self._events[self._position]
        before = self._state
        self._position += 1
        known = self._ahead.pop(self._position, None)
        self._set(known if known is not None else apply(before, event))
        self._before = before
        return event

    def back(self) -> Event | None:
        """Step back over the last event folded in and return it (None at the start)."""
        if self.at_start:
            return None
        event = self.event
        self.seek(self._position - 1)
        return event

    def seek(self, position: int) -> None:
        """Stand at ``position`` (1 to ``len(self)``), folding at most :data:`SNAPSHOT_EVERY` events."""
        if not 1 <= position <= len(self._events):
            raise IndexError(f"position {position} is outside 1-{len(self._events)}")
        if position == self._position:
            return
        state = self._state_at(position)
        self._position = position
        self._ahead = {p: s for p, s in self._ahead.items() if p > position}
        self._set(state)

    def _state_at(self, position: int) -> State:
        """The state after the first ``position`` events, from the nearest snapshot (or the cursor)."""
        if position == self._position:
            return self._state
        if position == len(self._events):
            return self._end_state
        i = bisect.bisect_right(self._snap_at, position) - 1
        at, state = self._snap_at[i], self._snaps[i]
        if self._position < position and self._position >= at:
            at, state = self._position, self._state  # nearer than the snapshot: go on from here
        while at < position:
            at += 1
            known = self._ahead.get(at)
            state = known if known is not None else apply(state, self._events[at - 1])
        return state

    def _set(self, state: State) -> None:
        self._state = state
        self._before = None
        self._views = {}


__all__ = ["SNAPSHOT_EVERY", "DecisionPoint", "EventCursor"]
