"""The saved match in progress: finding it, checking it before it is offered, and whether saving works.

A save is trusted only after it has been checked like a replay: its size is
capped before it is read, its header must agree with its ``match_started``
event (rules, preset, match length, players and levels), and its events are
re-played through the engine (:func:`~game.replay.verify.complete_prefix`). A
log cut short inside a move (a crash while autosaving) keeps its longest
prefix that ends between two engine batches; an event that breaks a rule makes
the save unusable, with a message naming the file and the line.

No pygame here.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.core.errors import HarbinError
from game.core.events import Event, MatchEnded, MatchStarted, Settled
from game.core.events import RoundStarted as RoundStartedEvent
from game.core.rules import PRESETS
from game.paths import AppPaths
from game.replay.header import CUSTOM_PRESET, preset_of
from game.replay.header import header_problem as log_header_problem
from game.replay.logfile import LogFileError, load_log
from game.safe_read import shorten

SAVE_NAME: Final = "current.jsonl"
"""File name of the match in progress under the saves folder."""
SAVE_KIND: Final = "match"
DEFAULT_LEVEL: Final = "normal"
"""The level of an AI seat whose level neither the log nor the header names."""


class SaveError(HarbinError, ValueError):
    """A save that cannot be resumed: the message names the file and the problem."""


@dataclass(frozen=True)
class SaveInfo:
    """A match in progress found on disk, as the main menu's Continue describes it."""

    path: Path
    hand_no: int
    """0-based number of the hand in progress (or just finished)."""
    hands: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    preset: str
    warnings: tuple[str, ...] = ()
    """What Continue will drop (a torn last line, a move cut short)."""


@dataclass(frozen=True)
class CheckedSave:
    """A save that passed every check, cut back to its last complete move."""

    path: Path
    header: dict[str, Any]
    events: tuple[Event, ...]
    """The longest prefix of the log that ends between two engine batches."""
    levels: tuple[str, str, str]
    """The AI levels of seats 1-3."""
    preset: str
    warnings: tuple[str, ...]
    """Problems met and mended: a torn last line dropped, the events of a move cut short dropped."""

    @property
    def over(self) -> bool:
        """The saved match has ended."""
        return bool(self.events) and isinstance(self.events[-1], MatchEnded)


def save_path(saves_dir: Path) -> Path:
    """Where the match in progress is saved."""
    return Path(saves_dir) / SAVE_NAME


def recorded_preset(preset: str, rules: Mapping[str, Any]) -> str:
    """The preset name a save records for a match: the given one when its rules are these, else the
    preset they match (or ``custom``), so that the header never disagrees with the log."""
    known = PRESETS.get(preset)
    if known is not None and known.to_dict() == dict(rules):
        return preset
    return preset_of(rules)


def header_problem(header: Mapping[str, Any], started: MatchStarted) -> str:
    """How a save's header disagrees with the match it holds, or "" when it agrees (a save is a
    ``match`` log; every other field is checked as for any log: :func:`game.replay.header.header_problem`)."""
    kind = header.get("kind", SAVE_KIND)
    if kind != SAVE_KIND:
        return f"the header says it is a {shorten(kind)} log, not a saved match"
    return log_header_problem(header, started)


def _levels(header: Mapping[str, Any], started: MatchStarted) -> tuple[str, str, str]:
    """Seats 1-3's levels: the log's player names, else the header's levels, else the default."""
    named = header.get("levels") if isinstance(header.get("levels"), list) else None
    out = []
    for seat in (1, 2, 3):
        name = started.players[seat] if seat < len(started.players) else ""
        if not name and named is not None:
            name = named[seat - 1]
        out.append(name or DEFAULT_LEVEL)
    return out[0], out[1], out[2]


def check_save(path: Path) -> CheckedSave:
    """Read a save and check it (size, header, every event through the engine); SaveError says why not."""
    path = Path(path)
    try:
        loaded = load_log(path, "save")  # refuses folders, pipes and files over MAX_LOG_BYTES unread
    except LogFileError as exc:
        raise SaveError(str(exc)) from None
    events = loaded.events
    if not events or not isinstance(events[0], MatchStarted):
        raise SaveError(f"{path}: the log does not start with match_started")
    started = events[0]
    problem = header_problem(loaded.header, started)
    if problem:
        raise SaveError(f"{path}: line 1: {problem}")
    from game.replay.verify import complete_prefix  # the engine: loaded on the save check's own thread

    prefix = complete_prefix(events)
    if prefix.error is not None:
        raise SaveError(f"{path}: line {prefix.error.index + 2}: {prefix.error.error}")
    if prefix.length < 2:
        raise SaveError(f"{path}: no hand of the match was dealt")
    warnings = list(loaded.warnings)
    dropped = len(events) - prefix.length
    if dropped:
        warnings.append(f"{path}: the last {dropped} event(s) of a move cut short were dropped")
    return CheckedSave(
        path=path,
        header=dict(loaded.header),
        events=events[: prefix.length],
        levels=_levels(loaded.header, started),
        preset=str(loaded.header.get("preset", preset_of(started.rules))),
        warnings=tuple(warnings),
    )


def describe(checked: CheckedSave) -> SaveInfo:
    """What Continue shows about a checked save: the hand in progress, the length, levels and scores."""
    started = checked.events[0]
    assert isinstance(started, MatchStarted)
    hand_no, scores = 0, tuple(started.scores)
    for event in checked.events:
        if isinstance(event, RoundStartedEvent):
            hand_no = event.hand_no
        elif isinstance(event, Settled):
            scores = tuple(event.scores)
    return SaveInfo(
        path=checked.path,
        hand_no=hand_no,
        hands=started.hands,
        levels=checked.levels,
        scores=scores,
        preset=checked.preset,
        warnings=checked.warnings,
    )


def find_save(saves_dir: Path) -> SaveInfo | str:
    """The match in progress, or the reason there is none to continue.

    Returns ``"none"`` when there is no save and ``"over"`` when the saved match
    has ended; a save that fails a check (:func:`check_save`) gives a message
    naming the file and the problem.
    """
    path = save_path(saves_dir)
    try:
        if not path.exists():
            return "none"
    except OSError as exc:
        return f"{path}: cannot read ({exc.strerror})"
    try:
        checked = check_save(path)
    except SaveError as exc:
        return str(exc)
    if checked.over:
        return "over"
    return describe(checked)


def storage_problem(paths: AppPaths) -> str | None:
    """Why matches cannot be saved in the user data folder (it cannot be made or written), or None."""
    try:
        paths.saves_dir.mkdir(parents=True, exist_ok=True)
        paths.replays_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{exc.filename or paths.data_dir}: {exc.strerror or exc.__class__.__name__}"
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-test.", dir=paths.saves_dir)
    except OSError as exc:
        return f"{paths.saves_dir}: {exc.strerror or exc.__class__.__name__}"
    os.close(fd)
    Path(probe).unlink(missing_ok=True)
    return None


__all__ = [
    "CUSTOM_PRESET",
    "SAVE_KIND",
    "SAVE_NAME",
    "CheckedSave",
    "SaveError",
    "SaveInfo",
    "check_save",
    "describe",
    "find_save",
    "header_problem",
    "preset_of",
    "recorded_preset",
    "save_path",
    "storage_problem",
]
