"""The player's progress: each lesson's state and a small review queue of missed drills.

Saved as ``progress.json`` in the user data folder (:func:`game.paths.app_paths`),
written whole and atomically. A file a person broke never stops the game: it is
kept aside as ``progress.json.bad`` and the defaults (or whatever could be read)
are used, with a message saying so; whatever could be read is written back at once,
so the next screen that reads the progress still has it.

The review queue holds drills by (kind, seed, index) — enough to make the same
question again (:func:`game.tutorial.drills.make_drill`). A missed drill comes
back after a few more answers; answered right on review, it leaves the queue.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal, TypeGuard

from ..atomic import write_atomic
from ..paths import AppPaths
from ..safe_read import BadFileError, loads_json
from .files import DRILL_KINDS, UnreadableFile, read_capped_text

if TYPE_CHECKING:  # the lesson schema is not loaded for the main menu's first frame
    from .lesson import Lesson

log = logging.getLogger(__name__)

Status = Literal["new", "started", "done", "skipped"]
STATUSES: Final[tuple[Status, ...]] = ("new", "started", "done", "skipped")
PROGRESS_VERSION: Final = 1
REVIEW_SIZE: Final = 30
"""The most missed drills kept for review (the oldest go first)."""
REVIEW_GAPS: Final = (3, 8, 20)
"""Answers until a missed drill comes back: after the first, second, third (and later) miss."""
MAX_BYTES: Final = 1024 * 1024


@dataclass(frozen=True)
class LessonState:
    """One lesson's progress: its status and the main step reached."""

    status: Status = "new"
    step: int = 0


@dataclass(frozen=True)
class ReviewItem:
    """A missed drill waiting to come back: which one, how often missed, and when it is due."""

    kind: str
    seed: int
    index: int
    misses: int = 1
    due: int = 0

    @property
    def key(self) -> tuple[str, int, int]:
        """What identifies the drill."""
        return (self.kind, self.seed, self.index)


@dataclass(frozen=True)
class Progress:
    """Lessons by id, the review queue, and how many drill answers were given (the review clock)."""

    lessons: Mapping[str, LessonState] = field(default_factory=lambda: MappingProxyType({}))
    review: tuple[ReviewItem, ...] = ()
    answered: int = 0

    def lesson(self, lesson_id: str) -> LessonState:
        """A lesson's state (``new`` if never opened)."""
        return self.lessons.get(lesson_id, LessonState())

    def with_lesson(self, lesson_id: str, status: Status, step: int = 0) -> Progress:
        """Progress with one lesson's state set (a done lesson stays done when replayed)."""
        if status not in STATUSES:
            raise ValueError(f"unknown lesson status {status!r}")
        old = self.lesson(lesson_id)
        if old.status == "done" and status == "started":
            status = "done"
        lessons = dict(self.lessons)
        lessons[lesson_id] = LessonState(status, max(0, step))
        return replace(self, lessons=MappingProxyType(lessons))

    def unlocked(self, lesson: Lesson) -> bool:
        """Whether every prerequisite of a lesson is done or skipped."""
        return all(self.lesson(r).status in ("done", "skipped") for r in lesson.requires)

    def record_answer(self, drill: Mapping[str, Any], correct: bool) -> Progress:
        """Progress after a drill answer: a miss joins (or stays in) the queue, a right answer leaves it."""
        kind, seed, index = _drill_key(drill)
        clock = self.answered + 1
        queue = [item for item in self.review if item.key != (kind, seed, index)]
        old = next((item for item in self.review if item.key == (kind, seed, index)), None)
        if not correct:
            misses = 1 if old is None else old.misses + 1
            gap = REVIEW_GAPS[min(misses, len(REVIEW_GAPS)) - 1]
            queue.append(ReviewItem(kind, seed, index, misses, clock + gap))
            queue = queue[-REVIEW_SIZE:]
        return replace(self, review=tuple(queue), answered=clock)

    def due(self, kind: str | None = None) -> list[ReviewItem]:
        """Missed drills due again now (of one kind, or all), the longest waiting first."""
        items = [i for i in self.review if i.due <= self.answered and (kind is None or i.kind == kind)]
        return sorted(items, key=lambda i: i.due)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form written to ``progress.json``."""
        return {
            "version": PROGRESS_VERSION,
            "lessons": {k: {"status": v.status, "step": v.step} for k, v in sorted(self.lessons.items())},
            "review": [
                {"kind": i.kind, "seed": i.seed, "index": i.index, "misses": i.misses, "due": i.due}
                for i in self.review
            ],
            "answered": self.answered,
        }


def _drill_key(drill: Mapping[str, Any]) -> tuple[str, int, int]:
    """(kind, seed, index) of a drill, from its ``id`` (``"ting-7-3"``)."""
    kind, seed, index = str(drill["id"]).rsplit("-", 2)
    return kind, int(seed), int(index)


def whole_number(value: Any) -> TypeGuard[int]:
    """A JSON whole number, as the tutorial's files store counts and clocks (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def progress_from_dict(data: Mapping[str, Any]) -> tuple[Progress, list[str]]:
    """Progress from its JSON form; entries that cannot be read are left out and named in the problems."""
    problems: list[str] = []
    lessons: dict[str, LessonState] = {}
    raw_lessons = data.get("lessons", {})
    if not isinstance(raw_lessons, Mapping):
        problems.append("lessons is not an object; lesson progress reset")
        raw_lessons = {}
    for key, value in raw_lessons.items():
        if (
            isinstance(value, Mapping)
            and value.get("status") in STATUSES
            and whole_number(value.get("step", 0))
            and value.get("step", 0) >= 0
        ):
            lessons[str(key)] = LessonState(value["status"], value.get("step", 0))
        else:
            problems.append(f"lesson {key!r}: not a status and a step; left out")
    review: list[ReviewItem] = []
    raw_review = data.get("review", [])
    if not isinstance(raw_review, list):
        problems.append("review is not a list; review queue emptied")
        raw_review = []
    for n, item in enumerate(raw_review[:REVIEW_SIZE]):
        ok = isinstance(item, Mapping) and item.get("kind") in DRILL_KINDS
        ok = ok and all(whole_number(item.get(k)) for k in ("seed", "index", "misses", "due"))
        if ok:
            review.append(ReviewItem(item["kind"], item["seed"], item["index"], item["misses"], item["due"]))
        else:
            problems.append(f"review item {n}: not a drill (kind, seed, index, misses, due); left out")
    answered = data.get("answered", 0)
    if not whole_number(answered) or answered < 0:
        problems.append("answered is not a whole number; reset to 0")
        answered = 0
    return Progress(MappingProxyType(lessons), tuple(review), answered), problems


@dataclass(frozen=True)
class LoadedProgress:
    """Progress as read, what was wrong with the file, and where a bad file was kept."""

    progress: Progress
    problems: tuple[str, ...] = ()
    kept_as: Path | None = None


def progress_file(paths: AppPaths) -> Path:
    """Where the progress is saved: ``progress.json`` in the user data folder."""
    return paths.data_dir / "progress.json"


def keep_aside(path: Path) -> Path | None:
    """Move a bad progress file (or the mistakes' drill queue) to ``NAME.bad`` so the next save does not
    write over what could not be read (None if that failed)."""
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
    except OSError as exc:
        log.warning("could not keep the bad progress file aside as %s: %s", bad, exc)
        return None
    return bad


def load_progress(paths: AppPaths) -> LoadedProgress:
    """Read the progress; a missing file gives a fresh start, a bad one is kept aside and never raises."""
    path = progress_file(paths)
    if not path.exists():
        return LoadedProgress(Progress())
    try:
        data = loads_json(read_capped_text(path, MAX_BYTES, "progress"), str(path))
    except (UnreadableFile, BadFileError) as exc:  # each names the file and the problem
        problem = f"{exc}; starting afresh"
        log.warning("%s", problem)
        return LoadedProgress(Progress(), (problem,), keep_aside(path))
    if not isinstance(data, dict):
        problem = f"{path}: holds a JSON {type(data).__name__}, not an object; starting afresh"
        log.warning("%s", problem)
        return LoadedProgress(Progress(), (problem,), keep_aside(path))
    progress, problems = progress_from_dict(data)
    if not problems:
        return LoadedProgress(progress)
    for problem in problems:
        log.warning("progress file %s: %s", path, problem)
    kept = keep_aside(path)
    if kept is not None:  # the readable part written back: the next read (the next screen) still has it
        try:
            save_progress(progress, paths)
        except OSError as exc:
            log.warning("could not write the readable progress back to %s: %s", path, exc)
    return LoadedProgress(progress, tuple(f"{path}: {p}" for p in problems), kept)


def save_progress(progress: Progress, paths: AppPaths) -> Path:
    """Write the progress atomically; returns the file. Raises OSError if the disk refuses."""
    path = progress_file(paths)
    write_atomic(path, json.dumps(progress.to_dict(), ensure_ascii=False, indent=1) + "\n")
    return path
