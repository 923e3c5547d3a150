"""The queue of your own mistakes as drills: each costly decision of a reviewed match waits here to be
asked again ("what would you play here?"), spaced as the other drills' review queue is.

A mistake joins the queue due at once (it was missed already, at the table); answered right it leaves,
missed it comes back after :data:`~game.tutorial.progress.REVIEW_GAPS` answers (3, then 8, then 20), as
the other drills do. The queue is a small JSON file in the user data folder (``replay-drills.json``),
written atomically; a file that cannot be read (or items that cannot) is kept aside as
``replay-drills.json.bad``, so no save writes over it, and its readable part used and written back, so the
next screen to open the queue still has it. No pygame here.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ..atomic import write_atomic
from ..safe_read import BadFileError, load_json_file
from .drill_shape import whole_replay_drill
from .progress import REVIEW_GAPS, REVIEW_SIZE, keep_aside, whole_number

log = logging.getLogger(__name__)

QUEUE_NAME: Final = "replay-drills.json"
QUEUE_VERSION: Final = 1
MAX_QUEUE_BYTES: Final = 4 * 2**20


@dataclass(frozen=True)
class QueuedDrill:
    """A mistake waiting to be asked again: the drill, from which replay, how often missed, when due."""

    drill: Mapping[str, Any]
    source: str
    """The replay file's name (the drill's id is unique within it)."""
    misses: int = 1
    due: int = 0

    @property
    def key(self) -> tuple[str, str]:
        """What identifies the drill: its replay and its id."""
        return (self.source, str(self.drill.get("id", "")))


@dataclass(frozen=True)
class ReplayDrillQueue:
    """The queue (see the module docstring); ``answered`` is its clock."""

    items: tuple[QueuedDrill, ...] = ()
    answered: int = 0
    path: Path | None = field(default=None, compare=False)

    @classmethod
    def open(cls, path: Path | None) -> ReplayDrillQueue:
        """The queue kept at ``path`` (empty when there is none or it cannot be read)."""
        if path is None or not path.exists():
            return cls(path=path)
        try:
            data = load_json_file(path, "drill queue", MAX_QUEUE_BYTES)
        except BadFileError as exc:
            log.warning(
                "replay drill queue %s not used (kept as %s): %s", path, keep_aside(path), exc.problem
            )
            return cls(path=path)
        if not isinstance(data, dict) or data.get("version") != QUEUE_VERSION:
            log.warning(
                "replay drill queue %s not used (kept as %s): not version %d",
                path,
                keep_aside(path),
                QUEUE_VERSION,
            )
            return cls(path=path)
        rows = data.get("items", []) if isinstance(data.get("items"), list) else []
        items = [QueuedDrill(r["drill"], r["source"], r["misses"], r["due"]) for r in rows if _good_row(r)]
        answered = data.get("answered")
        clock = answered if whole_number(answered) else 0
        queue = cls(tuple(items[-REVIEW_SIZE:]), clock, path)
        if len(items) < len(rows) or not isinstance(data.get("items"), list):
            kept = keep_aside(path)
            log.warning("replay drill queue %s: unreadable items left out (kept as %s)", path, kept)
            if kept is not None:  # the readable part written back: the next screen to open it still has it
                try:
                    queue.save()
                except OSError as exc:
                    log.warning("could not write the readable drill queue back to %s: %s", path, exc)
        return queue

    def save(self) -> None:
        """Write the queue (atomically) where it was opened from (nothing without a path)."""
        if self.path is None:
            return
        rows = [
            {"drill": dict(i.drill), "source": i.source, "misses": i.misses, "due": i.due} for i in self.items
        ]
        data = {"version": QUEUE_VERSION, "answered": self.answered, "items": rows}
        write_atomic(self.path, json.dumps(data, ensure_ascii=False) + "\n")

    def add(self, drills: Iterable[Mapping[str, Any]], source: str) -> ReplayDrillQueue:
        """The queue with these mistakes of one replay added (due now); one already queued stays as it is."""
        known = {i.key for i in self.items}
        new = [QueuedDrill(d, source, 1, self.answered) for d in drills]
        fresh = [q for q in new if q.key not in known]
        return replace(self, items=(*self.items, *fresh)[-REVIEW_SIZE:])

    def due(self) -> list[QueuedDrill]:
        """The drills due now, the longest waiting first."""
        return sorted((i for i in self.items if i.due <= self.answered), key=lambda i: i.due)

    def wait(self) -> int | None:
        """Drill answers to go until the next waiting mistake is due (None: none waits; 0: due now)."""
        if not self.items:
            return None
        return max(0, min(i.due for i in self.items) - self.answered)

    def tick(self) -> ReplayDrillQueue:
        """The queue after an answer to another drill: its clock moves on, so a missed mistake comes nearer
        (the same spacing in answers as the other drills')."""
        return replace(self, answered=self.answered + 1)

    def answer(self, item: QueuedDrill, move: str) -> tuple[ReplayDrillQueue, bool, float]:
        """Grade ``move`` for a queued drill: the queue after it (right: it leaves; missed: it comes back
        after the next gap), whether it was right and the points it loses."""
        from .replay_drills import grade_replay_drill  # reads replays with the AI: not at the menu's start

        right, lost = grade_replay_drill(item.drill, move)
        clock = self.answered + 1
        rest = tuple(i for i in self.items if i.key != item.key)
        if not right:
            misses = item.misses + 1
            gap = REVIEW_GAPS[min(misses, len(REVIEW_GAPS)) - 1]
            rest = (*rest, replace(item, misses=misses, due=clock + gap))
        return replace(self, items=rest, answered=clock), right, lost


def _good_row(row: Any) -> bool:
    """A stored item: the drill (whole: :func:`~game.tutorial.drill_shape.whole_replay_drill`), its source,
    misses and due."""
    return (
        isinstance(row, dict)
        and whole_replay_drill(row.get("drill"))
        and isinstance(row.get("source"), str)
        and all(whole_number(row.get(k)) for k in ("misses", "due"))
    )


__all__ = ["QUEUE_NAME", "QueuedDrill", "ReplayDrillQueue"]
