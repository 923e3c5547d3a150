"""The replay driver: a saved log on the table, read only — play and pause, step forward and back,
seek to any event or hand.

Steps forward are shown like a live match (each event animated); a step back, a
seek or a jump to another hand moves the cursor at once and the table redraws
without animating. Nothing is ever played: the person's decisions are answered
by the engine at the shown position (it is never their turn). No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.ai.base import Decision
from game.core.actions import Action, Refusal
from game.core.events import Event, MatchStarted
from game.replay.cursor import EventCursor

from .driver import AiJob, TableDriver, next_is_match_end
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
        """Step forward on its own until paused or at the end."""
        self.playing = True

    def pause(self) -> None:
        """Stop stepping forward (a step already asked for is still shown)."""
        self.playing = False
        self._steps = 0

    def step_forward(self) -> None:
        """Show the next event (animated)."""
        self._steps += 1

    def back(self) -> None:
        """Go back one event (at once)."""
        self.pause()
        self._cursor.back()

    def seek(self, position: int) -> None:
        """Stand at a position of the log (at once)."""
        self.pause()
        self._cursor.seek(position)

    def to_hand(self, hand_no: int) -> None:
        """Stand at the deal of a hand (0-based, at once)."""
        self.seek(self._cursor.hand_start(hand_no))

    # ------------------------------------------------------------------ TableDriver
    def show_next(self) -> Event | None:
        """The next event, when playing or a step was asked for."""
        if not (self.playing or self._steps) or self._cursor.at_end:
            self._steps = 0
            if self._cursor.at_end:
                self.playing = False
            return None
        self._steps = max(0, self._steps - 1)
        return self._cursor.forward()

    @property
    def caught_up(self) -> bool:
        """Nothing more to show until asked (paused), or the log's end."""
        return self._cursor.at_end or not (self.playing or self._steps)

    def decision(self) -> ActionMenu | None:
        """A replay offers no decision."""
        return None

    def menu(self) -> ActionMenu:
        """The shown seat at the shown position, offered nothing (every button says why not)."""
        return ActionMenu(self._cursor.state, self._seat, ())

    def submit(self, action: Action) -> Refusal | None:
        """A replay is watched, not played: the engine's reason at the shown position."""
        refusal = self.menu().explain(action)
        return refusal if refusal is not None else Refusal("not_your_turn", "a replay is watched, not played")

    def ai_job(self) -> AiJob | None:
        """Nobody decides in a replay."""
        return None

    def play_ai(self, job: AiJob, decision: Decision) -> bool:
        """Nothing is played in a replay."""
        return False

    def thinking(self) -> int | None:
        """Nobody thinks in a replay."""
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
    def stand_ins(self) -> bool:
        """A replay shows the levels as recorded."""
        return False

    @property
    def saved_as(self) -> Path | None:
        """The replay's file, if it came from one."""
        return self._path

    @property
    def autoplayed(self) -> bool:
        """Results wait for the viewer."""
        return False

    def entrust(self, level: str | None) -> bool:
        """A replay has no seat to hand over."""
        return False

    def close(self) -> None:
        """Nothing to close: the log was only read."""


def as_table_driver(driver: ReplayDriver) -> TableDriver:
    """The replay driver where a TableDriver is wanted (the type checker holds it to the protocol)."""
    return driver


__all__ = ["ReplayDriver", "as_table_driver"]
