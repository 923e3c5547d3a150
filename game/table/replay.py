"""The replay driver: a saved log on the table, read only — play and pause, step forward and back,
seek to any event or hand, and a what-if at one of the shown seat's decisions.

Steps forward are shown like a live match (each event animated); a step back, a
seek or a jump to another hand moves the cursor at once and the table redraws
without animating. Nothing is ever played: the person's moves are answered by
the engine at the shown position — except at a **what-if**, where the shown
seat's decision is offered like a live one (the engine's action menu, with the
reason for everything refused) and a legal action is handed to
:attr:`ReplayDriver.on_branch` instead of being played (the viewer makes the
branch). A replay is a whole match (:class:`~game.table.driver.WholeMatch`); it
has no AI seats, nobody to hand a seat to and nothing to close. No pygame here.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.core.actions import Action, Refusal
from game.core.events import Event, MatchStarted
from game.replay.cursor import DecisionPoint, EventCursor

from .driver import MatchDriver, next_is_match_end
from .menu import ActionMenu

PERSON_NAMES = ("", "human")
"""Player names in a log that stand for a person (no AI level)."""


class ReplayDriver:
    """A read-only table driver over a log (see the module docstring)."""

    def __init__(
        self,
        events: Sequence[Event],
        seat: int = 0,
        *,
        position: int = 1,
        header: Mapping[str, Any] | None = None,
        path: Path | None = None,
    ) -> None:
        """Open a log at a position (1: the match just started, its first hand still to be dealt)."""
        self._cursor = EventCursor(events, position)
        self._seat = seat
        self._header = dict(header or {})
        self._path = path
        self.playing = False
        """Steps forward on their own, one event after another's animation."""
        self._steps = 0
        self.whatif_at: int | None = None
        """The decision (event index) offered for a what-if, or None."""
        self.on_branch: Callable[[int, Action], None] | None = None
        """Called with (event index, action) when a legal what-if action is chosen."""
        self._decisions: dict[int, list[DecisionPoint]] = {}
        """Each seat's decisions, listed once (a saved log does not grow)."""

    # ------------------------------------------------------------------ the viewer's controls
    @property
    def seat(self) -> int:
        """The seat at the bottom of the table (whose hand is shown)."""
        return self._seat

    @property
    def cursor(self) -> EventCursor:
        """The log and the position shown."""
        return self._cursor

    def play(self) -> None:
        """Step forward on its own until paused or at the end (a what-if offer ends)."""
        self.whatif_at = None
        self.playing = True

    def pause(self) -> None:
        """Stop stepping forward (a step already asked for is still shown)."""
        self.playing = False
        self._steps = 0

    def step_forward(self) -> None:
        """Show the next event (animated)."""
        self._steps += 1

    def back(self) -> None:
        """Go back one event (at once; a what-if offer ends)."""
        self.pause()
        self.whatif_at = None
        self._cursor.back()

    def seek(self, position: int) -> None:
        """Stand at a position of the log (at once; a what-if offer ends)."""
        self.pause()
        self.whatif_at = None
        self._cursor.seek(position)

    def to_hand(self, hand_no: int) -> None:
        """Stand at the deal of a hand (0-based, at once)."""
        self.seek(self._cursor.hand_start(hand_no))

    # ------------------------------------------------------------------ decisions of the shown seat
    def seat_decisions(self) -> list[DecisionPoint]:
        """The shown seat's decisions, in order."""
        found = self._decisions.get(self._seat)
        if found is None:
            found = self._decisions[self._seat] = [d for d in self._cursor.decisions if d.seat == self._seat]
        return found

    def decision_here(self) -> DecisionPoint | None:
        """The shown seat's decision at the cursor (the seat is about to decide), or None."""
        at = self._cursor.position
        for d in self.seat_decisions():
            if d.index == at:
                return d
        return None

    def last_decision(self) -> DecisionPoint | None:
        """The shown seat's decision at or before the cursor in the hand being shown, or None."""
        found = self.seat_decisions()
        i = bisect.bisect_right([d.index for d in found], self._cursor.position) - 1
        if i < 0:
            return None
        d = found[i]
        hand = self._cursor.hand_at()
        return d if self._cursor.hand_at(d.index) == hand else None

    # ------------------------------------------------------------------ what-if
    def offer_whatif(self) -> bool:
        """Offer the shown seat its decision at the cursor (the viewer seeks there first); False if the
        seat does not decide here."""
        here = self.decision_here()
        if here is None:
            return False
        self.pause()
        self.whatif_at = here.index
        return True

    def cancel_whatif(self) -> None:
        """Back to watching."""
        self.whatif_at = None

    # ------------------------------------------------------------------ TableDriver
    def show_next(self) -> Event | None:
        """The next event, when playing or a step was asked for (nothing while a what-if is offered)."""
        if self.whatif_at is not None:
            return None
        if not (self.playing or self._steps) or self._cursor.at_end:
            self._steps = 0
            if self._cursor.at_end:
                self.playing = False
            return None
        self._steps = max(0, self._steps - 1)
        return self._cursor.forward()

    @property
    def caught_up(self) -> bool:
        """Nothing more to show until asked (paused, or a what-if offered), or the log's end."""
        return self.whatif_at is not None or self._cursor.at_end or not (self.playing or self._steps)

    def decision(self) -> ActionMenu | None:
        """At an offered what-if: the shown seat's decision, as the engine gives it (else none)."""
        if self.whatif_at is None or self._cursor.position != self.whatif_at:
            return None
        return ActionMenu(self._cursor.state, self._seat)

    def menu(self) -> ActionMenu:
        """The shown seat at the shown position, offered nothing (every button says why not)."""
        return ActionMenu(self._cursor.state, self._seat, ())

    def submit(self, action: Action) -> Refusal | None:
        """At an offered what-if: a legal action goes to :attr:`on_branch`; anything else (and anything
        while watching) says why not — a replay is watched, not played."""
        menu = self.decision()
        if menu is None:
            watched = Refusal("not_your_turn", "a replay is watched, not played")
            refusal = self.menu().explain(action)
            return refusal if refusal is not None else watched
        refusal = menu.explain(action)
        if refusal is not None:
            return refusal
        at = self.whatif_at
        self.whatif_at = None
        if self.on_branch is not None and at is not None:
            self.on_branch(at, action)
        return None

    @property
    def hand_over(self) -> bool:
        """The shown position is a hand's end."""
        return self._cursor.state.phase == "round_over"

    def advance(self) -> None:
        """After a hand's result: on to the next hand's deal (animated)."""
        self.step_forward()

    @property
    def match_over(self) -> bool:
        """The shown position is the match's end (or just before it)."""
        return next_is_match_end(self._cursor)

    def levels(self) -> tuple[str | None, ...]:
        """Each seat's level as recorded (None where a person played)."""
        first = self._cursor.events[0]
        assert isinstance(first, MatchStarted)
        names = [*first.players, "", "", "", ""][:4]
        return tuple(None if name in PERSON_NAMES else name for name in names)

    @property
    def preset(self) -> str:
        """The rule preset named in the file's header."""
        return str(self._header.get("preset", "standard"))

    @property
    def saved_as(self) -> Path | None:
        """The replay's file, if it came from one."""
        return self._path


def as_table_driver(driver: ReplayDriver) -> MatchDriver:
    """The replay driver where a driver over a whole match is wanted (the type checker holds it to the
    protocols)."""
    return driver


__all__ = ["ReplayDriver", "as_table_driver"]
