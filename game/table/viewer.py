"""The replay viewer's driver: the read-only replay driver, paced and from any seat.

On top of :class:`~game.table.replay.ReplayDriver` (play, pause, step, back, seek, a what-if):

* **pace** — while playing, one event every :attr:`ViewerDriver.pace` seconds (the table's own
  animations come on top); :meth:`tick` is given the frame time;
* **a hand's end** holds playing until its result has been seen (:meth:`advance` goes on);
* **seat** — the seat shown at the bottom can change at any position.

No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from game.core.events import Event, Settled

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

    def show_next(self) -> Event | None:
        """The next event when asked for, or when playing and its time has come; playing stops at a
        hand's end until its result has been seen."""
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
        if self.playing and self._held_at == self.cursor.position:
            return True
        return super().caught_up

    @property
    def hand_over(self) -> bool:
        """The shown position is a hand's end with its payments applied (a win's ``settled`` is shown)."""
        cursor = self.cursor
        if not super().hand_over:
            return False
        return cursor.position >= len(cursor) or not isinstance(cursor.events[cursor.position], Settled)

    def advance(self) -> None:
        """After a hand's result: the next hand's deal (and playing goes on if it was playing)."""
        self._held_at = None
        self._wait = 0.0
        super().advance()

    def seek(self, position: int) -> None:
        """Stand at a position (at once)."""
        self._held_at = None
        super().seek(position)


__all__ = ["BASE_PACE", "SPEEDS", "ViewerDriver"]
