"""Small caches of answers about replay files, each answer good while the file's size and modification time
stay the same (its stamp): the library's verdicts (:mod:`game.replay.checks`) and the review ratings
(:mod:`game.replay.ratings`) keep theirs this way.

A cache file is JSON: ``{"version": N, "files": {path: [size, mtime_ns, answer]}}``. A cache that cannot be
read is not used (and is written anew); a row that is not of that shape is left out.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

from ..atomic import write_atomic
from ..safe_read import BadFileError, load_json_file

log = logging.getLogger(__name__)

Stamp = tuple[int, int]
"""A file's size and modification time (ns)."""

MAX_CACHE_BYTES: Final = 4 * 2**20
"""The largest cache file read."""

A = TypeVar("A")


def stamp_of(path: Path) -> Stamp | None:
    """The file's size and modification time, or None if it cannot be looked at."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def read_stamped(
    path: Path | None, what: str, version: int, good_answer: Callable[[Any], bool]
) -> dict[str, tuple[Stamp, Any]]:
    """The rows of the cache at ``path`` whose answers ``good_answer`` accepts (none if there is no cache,
    it cannot be read, or it is of another version); ``what`` names the cache in the log."""
    if path is None:
        return {}
    try:
        data = load_json_file(path, "cache", MAX_CACHE_BYTES)
    except BadFileError as exc:
        if path.exists():
            log.info("%s %s not used: %s", what, path, exc.problem)
        return {}
    files = data.get("files") if isinstance(data, dict) and data.get("version") == version else None
    if not isinstance(files, dict):
        return {}
    return {name: ((row[0], row[1]), row[2]) for name, row in files.items() if _good_row(row, good_answer)}


def write_stamped(path: Path, what: str, version: int, rows: Mapping[str, tuple[Stamp, A]]) -> bool:
    """Write ``rows`` as the cache at ``path`` (atomically); False, and a line in the log, if it cannot."""
    files = {name: [*stamp, answer] for name, (stamp, answer) in sorted(rows.items())}
    text = json.dumps({"version": version, "files": files}, ensure_ascii=False, indent=0)
    try:
        write_atomic(path, text + "\n")
    except OSError as exc:
        log.info("%s %s not written: %s", what, path, exc)
        return False
    return True


def _good_row(row: Any, good_answer: Callable[[Any], bool]) -> bool:
    """A cache row: [size, mtime_ns, answer], the two numbers whole and not negative."""
    return (
        isinstance(row, list)
        and len(row) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in row[:2])
        and good_answer(row[2])
    )
