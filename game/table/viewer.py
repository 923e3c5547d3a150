"""The replay viewer's driver: the read-only replay driver, paced, from any seat, and able to branch.

On top of :class:`~game.table.replay.ReplayDriver` (play, pause, step, back, seek):

* **pace** — while playing, one event every :attr:`ViewerDriver.pace` seconds (the table's own
  animations come on top); :meth:`tick` is given the frame time;
* **a hand's end** holds playing until its result has been seen (:meth:`advance` goes on);
* **seat** — the seat shown at the bottom can change at any position;
* **what-if** — at one of the shown seat's decisions the table offers that seat the decision
  (the engine's action menu, with the reason for everything refused); a legal action is handed
  to :attr:`ViewerDriver.on_branch` instead of being played here (the viewer makes the branch).

No pygame here.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from game.core.actions import Action, Refusal
from game.core.events import Event
from game.replay.cursor import DecisionPoint

from .menu import ActionMenu
from .replay import ReplayDriver

SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
"""Playback speeds the viewer offers."""
BASE_PACE: Final = 0.55
"""Seconds between two events while playing at speed 1."""


class ViewerDriver(ReplayDriver):
    """The viewer's driver (see the module docstring)."""

    def __init__(
        self,
        events: Sequence[Event],
        seat: int = 0,
        *,
        position: int = 1,
        header: Mapping[str, Any] | None = None,
        path: Path | None = None,
    ) -> None:
        super().__init__(events, seat, position=position, header=header, path=path)
        self.speed = 1.0
        self._wait = 0.0
        self._held_at: int | None = None
        """The hand's end where playing stopped for its result."""
        self.whatif_at: int | None = None
        """The decision (event index) offered for a what-if, or None."""
        self.on_branch: Callable[[int, Action], None] | None = None
        """Called with (event index, action) when a legal what-if action is chosen."""
        self._decisions: dict[int, list[DecisionPoint]] = {}
        """Each seat's decisions, listed once (a saved log does not grow)."""

    @property
    def header(self) -> Mapping[str, Any]:
        """The replay file's header."""
        return self._header

    # ------------------------------------------------------------------ pace and seat
    @property
    def pace(self) -> float:
        """Seconds between two events while playing."""
        return BASE_PACE / self.speed

    def tick(self, dt: float) -> None:
        """Time passes (the frame's dt)."""
        self._wait = max(0.0, self._wait - dt)

    def set_seat(self, seat: int) -> None:
        """Show the table from another seat (0-3); a what-if offer ends."""
        self._seat = seat % 4
        self.whatif_at = None

    def play(self) -> None:
        """Play on from here (from the start of the next hand if standing at a hand's end)."""
        self.whatif_at = None
        super().play()

    def show_next(self) -> Event | None:
        """The next event when asked for, or when playing and its time has come; playing stops at a
        hand's end until its result has been seen."""
        if self.whatif_at is not None:
            return None
        if self.playing and not self._steps:
            if self.hand_over and self._held_at != self.cursor.position:
                self._held_at = self.cursor.position
                return None
            if self._held_at == self.cursor.position or self._wait > 0:
                return None
        event = super().show_next()
        if event is not None:
            self._wait = self.pace
        return event

    @property
    def caught_up(self) -> bool:
        """Nothing to show now: paused, held at a hand's end, or waiting for an offered what-if."""
        if self.whatif_at is not None or (self.playing and self._held_at == self.cursor.position):
            return True
        return super().caught_up

    def advance(self) -> None:
        """After a hand's result: the next hand's deal (and playing goes on if it was playing)."""
        self._held_at = None
        self._wait = 0.0
        super().advance()

    def back(self) -> None:
        """One event back (at once)."""
        self.whatif_at = None
        super().back()

    def seek(self, position: int) -> None:
        """Stand at a position (at once)."""
        self.whatif_at = None
        self._held_at = None
        super().seek(position)

    # ------------------------------------------------------------------ decisions of the shown seat
    def seat_decisions(self) -> list[DecisionPoint]:
        """The shown seat's decisions, in order."""
        found = self._decisions.get(self._seat)
        if found is None:
            found = self._decisions[self._seat] = [d for d in self.cursor.decisions if d.seat == self._seat]
        return found

    def decision_here(self) -> DecisionPoint | None:
        """The shown seat's decision at the cursor (the seat is about to decide), or None."""
        at = self.cursor.position
        for d in self.seat_decisions():
            if d.index == at:
                return d
        return None

    def last_decision(self) -> DecisionPoint | None:
        """The shown seat's decision at or before the cursor in the hand being shown, or None."""
        found = self.seat_decisions()
        i = bisect.bisect_right([d.index for d in found], self.cursor.position) - 1
        if i < 0:
            return None
        d = found[i]
        hand = self.cursor.hand_at()
        return d if self.cursor.hand_at(d.index) == hand else None

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

    def decision(self) -> ActionMenu | None:
        """At an offered what-if: the shown seat's decision, as the engine gives it."""
        if self.whatif_at is None or self.cursor.position != self.whatif_at:
            return None
        return ActionMenu(self.cursor.state, self._seat)

    def submit(self, action: Action) -> Refusal | None:
        """At an offered what-if: a legal action goes to :attr:`on_branch`; anything else says why not."""
        menu = self.decision()
        if menu is None:
            return super().submit(action)
        refusal = menu.explain(action)
        if refusal is not None:
            return refusal
        at = self.whatif_at
        self.whatif_at = None
        if self.on_branch is not None and at is not None:
            self.on_branch(at, action)
        return None


__all__ = ["BASE_PACE", "SPEEDS", "ViewerDriver"]
