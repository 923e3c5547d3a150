"""The table driver: what the table scene shows and offers, wherever it comes from.

The table scene (``game.ui.table.scene``) draws one seat's view of an event
cursor and offers that seat a decision; it does not know whether a live match, a
saved replay or a lesson is behind them. Every driver implements the narrow
:class:`TableDriver`:

- the **cursor** to show (:class:`~game.replay.cursor.EventCursor`): the table
  animates the events :meth:`~TableDriver.show_next` hands it, one at a time, and
  redraws without animation when the driver moved the cursor itself (a seek);
- the **decision** offered to the person (:class:`~game.table.menu.ActionMenu`:
  buttons, choices, the reason for each greyed one), or None, and the seat's
  menu at any moment (for "why not?");
- :meth:`~TableDriver.submit` the person's action (None, or the engine's Refusal);
- :meth:`~TableDriver.advance`: go on when the person does not decide (the next
  hand after a hand result);
- what the plates say: the seat shown, each seat's level, the rule preset.

What only some drivers have is a capability, a small protocol the table checks
with ``isinstance`` once: :class:`AiSeats` (the other seats' decisions as
:class:`AiJob` snapshots the table runs off its render thread and hands back),
:class:`Entrusting` (托管 and ``--autoplay``), :class:`WholeMatch` (a match result
at the end, the replay it is kept as) and :class:`Closing` (a save file to close).
A driver never stubs a member it has no use for.

Implementations: :class:`game.host.session.Session` (the live match against three
AI players, autosaved: every capability), :class:`game.table.replay.ReplayDriver`
and its :class:`game.table.viewer.ViewerDriver` (a saved log: forward, back, seek,
a what-if at a decision; :class:`WholeMatch`) and :class:`game.table.lesson.LessonDriver`
(the lesson runner; none). No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.ai.base import Decision, Player
from game.core.actions import Action, Refusal
from game.core.events import Event, MatchEnded
from game.core.records import hand_records
from game.core.view import SeatView
from game.replay.cursor import EventCursor

from .menu import ActionMenu
from .results import HandResult, MatchResult, further_wins, match_counts


@dataclass(frozen=True)
class AiJob:
    """A snapshot for one decision of a seat's player: everything it may know, safe on any thread."""

    seat: int
    token: int
    """The number of events when the snapshot was taken; the decision is void once it changes."""
    view: SeatView
    legal: tuple[Action, ...]
    player: Player

    def run(self) -> Decision:
        """Ask the player (a pure call on its view and legal actions)."""
        return self.player.decide(self.view, self.legal)

    @property
    def paced(self) -> bool:
        """A decision on the seat's own turn (the table waits the "thinking" pause before playing it)."""
        return self.view.phase in ("discard", "fenzhang")


class TableDriver(Protocol):
    """What the table scene needs from every driver (see the module docstring)."""

    @property
    def seat(self) -> int:
        """The seat shown at the bottom of the table (the person's)."""
        ...

    @property
    def cursor(self) -> EventCursor:
        """The events shown so far and the log around them."""
        ...

    def show_next(self) -> Event | None:
        """Step the cursor one event forward when that event should be shown now (None: nothing to show)."""
        ...

    @property
    def caught_up(self) -> bool:
        """Everything the driver wants shown is shown (a live table: no backlog)."""
        ...

    def decision(self) -> ActionMenu | None:
        """The decision offered to the person now, or None."""
        ...

    def menu(self) -> ActionMenu:
        """The person's seat at the table now, decision or not: for "why not?" at any moment."""
        ...

    def submit(self, action: Action) -> Refusal | None:
        """Play the person's action: None if it was played, else why not."""
        ...

    @property
    def hand_over(self) -> bool:
        """The hand being played is over (its result follows once everything is shown)."""
        ...

    def advance(self) -> None:
        """Go on without the person: the next hand after a hand's result (or the match's end)."""
        ...

    def levels(self) -> tuple[str | None, ...]:
        """Each seat's AI level as played (None for the person)."""
        ...

    @property
    def preset(self) -> str:
        """The rule preset's name."""
        ...


@runtime_checkable
class AiSeats(Protocol):
    """A driver whose other seats are AI players the table runs off its render thread (a live match)."""

    def ai_job(self) -> AiJob | None:
        """A decision another seat's player must make now, as a snapshot (None: none)."""
        ...

    def thinking(self) -> int | None:
        """The seat whose player is deciding now (the table says it is thinking), or None."""
        ...

    def play_ai(self, job: AiJob, decision: Decision) -> bool:
        """Play a player's decision; False if the table moved on since the snapshot (ask again)."""
        ...

    @property
    def stand_ins(self) -> bool:
        """Some AI seat is played by a stand-in for a level that is not available."""
        ...


@runtime_checkable
class Entrusting(Protocol):
    """A driver that can hand the person's seat to an AI and back (托管, ``--autoplay``: a live match)."""

    @property
    def autoplayed(self) -> bool:
        """The person's seat is played by an AI (results go on by themselves)."""
        ...

    def entrust(self, level: str | None) -> None:
        """Hand the person's seat to an AI of ``level``, or take it back (None)."""
        ...


@runtime_checkable
class WholeMatch(Protocol):
    """A driver over a whole match, which ends in the match's result (a live match, a replay)."""

    @property
    def match_over(self) -> bool:
        """The match has ended (after the last hand's result)."""
        ...

    @property
    def saved_as(self) -> Path | None:
        """Where the match is kept as a replay, if it is."""
        ...


@runtime_checkable
class Closing(Protocol):
    """A driver with something to close when the table is left (a live match's save file)."""

    def close(self) -> None:
        """The table is left (a live match stays resumable)."""
        ...


class MatchDriver(TableDriver, WholeMatch, Protocol):
    """A driver over a whole match (what :func:`match_result` reads)."""


class LiveDriver(MatchDriver, AiSeats, Entrusting, Closing, Protocol):
    """A live match's driver: every capability."""


def next_is_match_end(cursor: EventCursor) -> bool:
    """The match is over at the cursor, or its next event ends it."""
    return cursor.state.phase == "match_over" or isinstance(cursor.upcoming, MatchEnded)


def hand_result(driver: TableDriver, names: Sequence[str]) -> HandResult:
    """The result of the hand just shown, from the driver's cursor."""
    seen = driver.cursor.view(driver.seat)
    last = seen.hand_no + 1 >= seen.match_hands
    further = further_wins(driver.cursor.events, seen.hand_no)
    return HandResult(seen, names, driver.levels(), last, further=further)


def match_result(driver: MatchDriver, names: Sequence[str]) -> MatchResult:
    """The whole match's result, from the driver's log."""
    cursor = driver.cursor
    final = cursor.last_state
    records = hand_records(cursor.events)
    counts = match_counts(cursor.events)
    return MatchResult(
        names, driver.levels(), records, final.scores, final.start_scores, driver.saved_as, counts
    )


__all__ = [
    "AiJob",
    "AiSeats",
    "Closing",
    "Entrusting",
    "LiveDriver",
    "MatchDriver",
    "TableDriver",
    "WholeMatch",
    "hand_result",
    "match_result",
    "next_is_match_end",
]
