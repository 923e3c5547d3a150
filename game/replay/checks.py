"""Whether a loaded log holds up: its header fits its match and its events re-play through the engine;
and a cache of those verdicts by file size and modification time, so that the library stays fast.

:func:`log_problem` is what the library asks of every file it lists: a finished match that was
tampered with but still parses is broken, with the reason. Re-playing a 16-hand match takes a
tenth of a second, so :class:`CheckCache` keeps each file's verdict in a small JSON file of the
user data folder and re-checks a file only when its size or modification time changed. The cache
is only a shortcut: a cache file that cannot be read is started afresh, one that cannot be written
is skipped, and opening a replay checks it again anyway.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ..core.events import MatchStarted
from .header import header_problem
from .logfile import LogFile
from .stamped import Stamp, read_stamped, stamp_of, write_stamped
from .verify import complete_prefix

log = logging.getLogger(__name__)

CACHE_NAME: Final = "replay-checks.json"
"""The cache's file name in the user data folder."""
CACHE_VERSION: Final = 1


def log_problem(loaded: LogFile) -> str:
    """Why a loaded log cannot be trusted (its header, or the first event that breaks a rule), or "".

    A log cut short inside a move (the match in progress, or one abandoned while it was being saved)
    is not a problem: only an event that breaks a rule is.
    """
    events = loaded.events
    if not events or not isinstance(events[0], MatchStarted):
        return "the log does not start with match_started"
    problem = header_problem(loaded.header, events[0])
    if problem:
        return f"line 1: {problem}"
    prefix = complete_prefix(events)
    if prefix.error is not None:
        return f"event {prefix.error.index}: {prefix.error.error}"
    return ""


@dataclass
class CheckCache:
    """Verdicts of :func:`log_problem` by file, each good while the file's size and time stay the same."""

    path: Path | None = None
    """Where the cache is kept (None: only for this run)."""
    verdicts: dict[str, tuple[Stamp, str]] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    changed: bool = False

    @classmethod
    def open(cls, path: Path | None) -> CheckCache:
        """The cache kept at ``path`` (an empty one if there is none or it cannot be read)."""
        verdicts = read_stamped(path, "replay check cache", CACHE_VERSION, lambda v: isinstance(v, str))
        return cls(path, verdicts)

    def problem(self, path: Path, loaded: LogFile, stamp: Stamp | None) -> str:
        """The verdict on ``loaded``, read from ``path`` when it had ``stamp`` (cached while it has it)."""
        key = os.path.abspath(path)
        self.used.add(key)
        known = self.verdicts.get(key)
        if stamp is not None and known is not None and known[0] == stamp:
            return known[1]
        problem = log_problem(loaded)
        if stamp is not None:
            self.verdicts[key] = (stamp, problem)
            self.changed = True
        return problem

    def save(self) -> None:
        """Write the verdicts of the files looked at in this run (nothing if none changed or no path)."""
        if self.path is None or not self.changed:
            return
        kept = {k: self.verdicts[k] for k in self.used if k in self.verdicts}
        if write_stamped(self.path, "replay check cache", CACHE_VERSION, kept):
            self.changed = False

__all__ = ["CACHE_NAME", "CheckCache", "Stamp", "log_problem", "stamp_of"]
