"""Replay and save files: one JSON header line, then one event per line (JSON Lines), versioned.

Appending an event is the autosave (:class:`LogWriter` flushes and fsyncs each
line, so killing the program loses at most the event being written). On
reading, a torn last line — a crash in mid-write — is dropped with a warning,
never the lines before it. Whole-file writes go to a temporary file, are
fsynced and renamed over the target. Lines are read with ``json`` only, never
run as code; every line is validated and a bad file gets a :class:`LogFileError` naming the
file, the line and the problem.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from ..atomic import write_atomic
from ..core.errors import HarbinError
from ..core.events import Event, EventError, event_from_dict
from ..safe_read import MAX_LOG_BYTES, BadFileError, loads_json, read_text
from .header import FORMAT, VERSION, HeaderError, check_version, complete_header, make_header


class LogFileError(HarbinError, ValueError):
    """A replay/save file that cannot be read: names the file, the line and the problem."""


@dataclass(frozen=True)
class LogFile:
    """A loaded log: its header, its events, and warnings (e.g. a dropped torn last line)."""

    path: Path
    header: dict[str, Any]
    """The header as this version writes it (an older one migrated by ``header.complete_header``)."""
    events: tuple[Event, ...]
    warnings: tuple[str, ...] = field(default=())
    file_version: int = VERSION
    """The format version the file was written in."""


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def encode_log(events: Iterable[Event], header: dict[str, Any] | None = None) -> str:
    """The full text of a log file."""
    lines = [_dump(header if header is not None else make_header())]
    lines.extend(e.to_json() for e in events)
    return "\n".join(lines) + "\n"


def save_log(path: Path, events: Sequence[Event], header: dict[str, Any] | None = None) -> None:
    """Write a whole log atomically."""
    write_atomic(Path(path), encode_log(events, header))


def parse_log(text: str, path: Path) -> LogFile:
    """The events of a log file's text (pure: text in, events out); LogFileError names ``path`` and the line.

    A last line that does not end in a newline and cannot be read is a torn write: it is dropped with
    a warning, never the lines before it.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    torn_possible = not text.endswith("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise LogFileError(f"{path}: the file is empty")
    try:
        header = loads_json(lines[0], f"{path}: line 1")
    except BadFileError as exc:
        raise LogFileError(f"{path}: line 1: the header is {exc.problem}") from None
    try:
        version = check_version(header)["version"]
    except HeaderError as exc:
        raise LogFileError(f"{path}: line 1: {exc}") from None
    events: list[Event] = []
    warnings: list[str] = []
    last = len(lines)
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            events.append(event_from_dict(loads_json(line, f"{path}: line {number}")))
        except (BadFileError, EventError) as exc:
            if number == last and torn_possible:
                warnings.append(f"{path}: line {number}: an incomplete last line was dropped")
                break
            problem = exc.problem if isinstance(exc, BadFileError) else str(exc)
            raise LogFileError(f"{path}: line {number}: {problem}") from None
    header = complete_header(header, events)
    return LogFile(Path(path), header, tuple(events), tuple(warnings), version)


def load_log(path: Path, what: str = "replay") -> LogFile:
    """Read and validate a log file from disk (a regular file of at most ``MAX_LOG_BYTES``, UTF-8).

    ``what`` names the kind of file in messages ("replay", "save").
    """
    try:
        text = read_text(path, what, MAX_LOG_BYTES)
    except BadFileError as exc:
        raise LogFileError(str(exc)) from None
    return parse_log(text, Path(path))


class LogWriter:
    """Appends events to a log file as they happen (the autosave), one durable line each."""

    def __init__(
        self, path: Path, header: dict[str, Any] | None = None, events: Iterable[Event] = ()
    ) -> None:
        """Create (or replace, atomically) the file with a header and any events so far, then keep it open."""
        self.path = Path(path)
        save_log(self.path, list(events), header)
        self._fh: IO[str] | None = open(self.path, "a", encoding="utf-8")  # noqa: SIM115

    def append(self, events: Iterable[Event]) -> None:
        """Write events, flushing and fsyncing after each line."""
        if self._fh is None:
            raise ValueError(f"{self.path}: the log writer is closed")
        for event in events:
            self._fh.write(event.to_json() + "\n")
            self._fh.flush()
            os.fsync(self._fh.fileno())

    def close(self) -> None:
        """Close the file."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


__all__ = [
    "FORMAT",
    "MAX_LOG_BYTES",
    "VERSION",
    "LogFile",
    "LogFileError",
    "LogWriter",
    "encode_log",
    "load_log",
    "make_header",
    "parse_log",
    "save_log",
    "write_atomic",
]
