"""The autosave: every new event of a match appended to its save file as it happens, every match kept as
a replay (finished, or abandoned when a new one replaces it).

The match is a JSON Lines log in the user data dir (one header line naming the
players' levels, the rules and the seed, then one event per line), appended and
fsynced event by event (:class:`~game.replay.logfile.LogWriter`), so killing the
program loses at most the event being written. :class:`Autosave` observes the
match host; once the match is over the log is moved to the replays folder. A
data folder that cannot be written leaves the match unsaved, with a warning.
Reading a save back is :mod:`game.saves`'s business. No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.events import Event, MatchStarted
from game.core.match import Game
from game.core.state import State
from game.replay.header import match_header
from game.replay.library import keep_match
from game.replay.logfile import LogWriter
from game.saves import SAVE_KIND, recorded_preset

from .match import ai_seed

log = logging.getLogger(__name__)


def save_header(game: Game, levels: Sequence[str], preset: str) -> dict[str, Any]:
    """A save file's header (docs/replay-format.md): levels, rules and their preset, seed, length, and each
    AI seat's seed (a review re-creates those players exactly)."""
    state = game.state
    started = game.events[0]
    assert isinstance(started, MatchStarted)
    return match_header(
        started,
        kind=SAVE_KIND,
        preset=recorded_preset(preset, state.rules.to_dict()),
        levels=list(levels),
        ai_seeds=[None, *(ai_seed(state.seed, seat) for seat in (1, 2, 3))],
    )


def keep_as_replay(path: Path, replays_dir: Path) -> Path | None:
    """Keep a match's log as a replay, marked finished or abandoned (``replay.library.keep_match``)."""
    kept = keep_match(path, replays_dir)
    if kept is None:
        log.error("could not keep %s in %s", path, replays_dir)
    else:
        log.info("kept %s as %s", path, kept)
    return kept


class Autosave:
    """Keeps a match's save file up to date with its log (see the module docstring)."""

    def __init__(self, path: Path, replays_dir: Path | None) -> None:
        self.path: Path | None = Path(path)
        """The save file (None once the match is over, or when it cannot be written)."""
        self.replays_dir = replays_dir
        self.finished_path: Path | None = None
        """Where the finished match's log went."""
        self.warnings: tuple[str, ...] = ()
        """Problems met while saving (e.g. a data folder that cannot be written)."""
        self._writer: LogWriter | None = None

    def start(self, events: Sequence[Event], header: dict[str, Any]) -> bool:
        """Write the save file (atomically) with every event so far and keep it open for appends.

        False, with a warning, when the file cannot be written (the match plays on unsaved).
        """
        if self.path is None:
            return False
        try:
            self._writer = LogWriter(self.path, header, events)
        except OSError as exc:  # an unwritable data folder: play on without saving
            problem = f"{self.path}: cannot save ({exc.strerror or exc}); the match is not saved"
            log.error("%s", problem)
            self.warnings = (*self.warnings, problem)
            self.path = None
            return False
        return True

    def on_events(self, events: Sequence[Event], states: Sequence[State]) -> None:
        """New events of the match: appended at once; the finished match goes to the replays."""
        if self._writer is not None and events:
            try:
                self._writer.append(events)
            except OSError as exc:  # a full disk must not stop the game; the table says so
                problem = (
                    f"{self.path}: cannot save ({exc.strerror or exc}); the rest of the match is not saved"
                )
                log.error("%s", problem)
                self.warnings = (*self.warnings, problem)
                with contextlib.suppress(OSError):
                    self.close()  # no more lines after one that may be half written
        if states and states[-1].phase == "match_over":
            self.finish()

    def finish(self) -> None:
        """Close the save and keep the whole match as a replay."""
        self.close()
        if self.path is not None and self.path.exists() and self.replays_dir is not None:
            self.finished_path = keep_as_replay(self.path, self.replays_dir)
        self.path = None

    def close(self) -> None:
        """Close the save file (the match stays resumable)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None


__all__ = ["Autosave", "keep_as_replay", "save_header"]
