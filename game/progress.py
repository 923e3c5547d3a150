"""A progress line on stderr for long commands: done of total, rate and time left, redrawn in place.

The line is shown only when the stream is a terminal and the command was not asked for JSON, so a
pipe, a log file or a script reading ``--json`` sees nothing of it. It is redrawn with a carriage
return at most a few times a second, fitted to the terminal's width, and wiped when the job ends
(or is interrupted) so the summary that follows starts on a clean line.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TextIO

MIN_INTERVAL = 0.25
"""Seconds between two redraws (at most four a second)."""
INTERRUPTED = 130
"""The exit status of a long job stopped by Ctrl-C (128 + SIGINT, as shells report it)."""


def wants_progress(stream: TextIO, json_output: bool) -> bool:
    """Whether a command should draw a progress line on ``stream``: a terminal, and no ``--json``."""
    if json_output:
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def format_duration(seconds: float) -> str:
    """A time span as ``m:ss`` or ``h:mm:ss``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def progress_text(label: str, done: int, total: int, unit: str, elapsed: float) -> str:
    """The line's words: ``simulate 1,234/10,000 hands (12%) 95.1 hands/s, 1:32 left``."""
    share = f" ({done / total:.0%})" if total else ""
    text = f"{label} {done:,}/{total:,} {unit}{share}"
    if done and elapsed > 0:
        rate = done / elapsed
        text += f" {rate:,.1f} {unit}/s"
        if total > done:
            text += f", {format_duration((total - done) / rate)} left"
    return text


class ProgressLine:
    """Done/total with rate and time left on one terminal line; does nothing when not ``active``."""

    def __init__(
        self,
        label: str,
        total: int,
        unit: str,
        *,
        active: bool,
        stream: TextIO | None = None,
        interval: float = MIN_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.active = active
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self.clock = clock
        self.done = 0
        self.start = clock()
        self._last_draw: float | None = None
        self._width = 0
        """Characters of the line now on screen (0: nothing drawn, or wiped)."""

    @classmethod
    def for_command(cls, label: str, total: int, unit: str, json_output: bool) -> ProgressLine:
        """The progress line of a command: on stderr, active when stderr is a terminal and no ``--json``."""
        return cls(label, total, unit, active=wants_progress(sys.stderr, json_output), stream=sys.stderr)

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more units done; redraw if the last drawing is old enough."""
        self.update(self.done + n)

    def update(self, done: int, force: bool = False) -> None:
        """Set the units done; redraw if forced, the first time, or when the last drawing is old enough."""
        self.done = done
        if not self.active:
            return
        now = self.clock()
        if force or self._last_draw is None or now - self._last_draw >= self.interval:
            self._redraw(now)

    @contextmanager
    def above(self) -> Iterator[None]:
        """Print the command's own lines: the progress line steps aside and comes back under them."""
        self.clear()
        try:
            yield
        finally:
            if self.active:
                sys.stdout.flush()
                self._redraw(self.clock())

    def _redraw(self, now: float) -> None:
        self._last_draw = now
        self._draw(progress_text(self.label, self.done, self.total, self.unit, now - self.start))

    def _draw(self, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns
        text = text[: max(10, columns - 1)]
        pad = max(0, self._width - len(text))
        self._width = len(text)  # first: a Ctrl-C during the write still leaves a line for clear() to wipe
        self._write("\r" + text + " " * pad)

    def clear(self) -> None:
        """Wipe the line (the cursor goes back to its start)."""
        if self.active and self._width:
            self._write("\r" + " " * self._width + "\r")
            self._width = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: no more drawing
            self.active = False

    def __enter__(self) -> ProgressLine:
        if self.active:
            self.update(self.done)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.clear()


__all__ = [
    "INTERRUPTED",
    "MIN_INTERVAL",
    "ProgressLine",
    "format_duration",
    "progress_text",
    "wants_progress",
]
