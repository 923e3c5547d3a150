"""Whole lessons from their files: the shipped course, and a course where a broken file hides nothing.

:func:`~game.tutorial.files.read_document` (re-exported here) is the one place a lesson (or the refusal
links) file is read: capped in size, a UTF-8 BOM tolerated, TOML or JSON by the suffix. A file that cannot
be read at all raises :class:`UnreadableFile`; a file that reads but does not make a lesson raises
:class:`~game.tutorial.files.LessonError`. The light reads the main menu needs live in
:mod:`game.tutorial.files`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .files import (
    MAX_BYTES,
    LessonError,
    UnreadableFile,
    lesson_files,
    lessons_dir,
    read_capped_text,
    read_document,
)
from .lesson import Lesson, parse_lesson


def load_lesson(path: Path) -> Lesson:
    """Read and validate one lesson file."""
    return parse_lesson(read_document(path), Path(path).name)


@dataclass(frozen=True)
class Entry:
    """One lesson file of a course: the lesson, or why it is broken (``unreadable`` if not even read)."""

    file: str
    lesson: Lesson | None = None
    error: str = ""
    unreadable: bool = False
    path: Path | None = None
    """Where the file is (the check reads it again to name the line of a text)."""

    @property
    def id(self) -> str:
        """The lesson's id, or the file's stem when it could not be read."""
        return self.lesson.id if self.lesson is not None else Path(self.file).stem


def load_entries(paths: Sequence[Path]) -> list[Entry]:
    """Each file read on its own: a broken one becomes an Entry with its error, the others still load."""
    out = []
    for path in paths:
        try:
            out.append(Entry(Path(path).name, load_lesson(path), path=Path(path)))
        except UnreadableFile as exc:
            out.append(Entry(Path(path).name, error=str(exc), unreadable=True))
        except LessonError as exc:
            out.append(Entry(Path(path).name, error=str(exc)))
    return sorted(out, key=lambda e: (e.lesson.order if e.lesson else 10**6, e.file))


def load_course(folder: Path | None = None) -> list[Entry]:
    """Every lesson of the shipped course (or of ``folder``), in order; broken ones included."""
    return load_entries(lesson_files(folder))


def course_problems(entries: Sequence[Entry], others: Sequence[Entry] = ()) -> dict[str, list[str]]:
    """Problems between lessons, per lesson id: duplicate ids or orders, unknown prerequisites or next.

    ``others`` are lessons that may be referred to without being checked (the shipped course).
    """
    lessons = [e.lesson for e in entries if e.lesson is not None]
    known = {e.lesson.id: e.lesson for e in others if e.lesson is not None}
    known.update({lesson.id: lesson for lesson in lessons})
    ids = set(known)
    out: dict[str, list[str]] = {}
    orders: dict[int, str] = {}
    seen: set[str] = set()
    for lesson in lessons:
        problems = out.setdefault(lesson.id, [])
        if lesson.id in seen:
            problems.append(f"two lessons have the id {lesson.id!r}")
        seen.add(lesson.id)
        if lesson.order in orders:
            problems.append(f"order {lesson.order} is also {orders[lesson.order]!r}'s")
        orders.setdefault(lesson.order, lesson.id)
        order_of = {x.id: x.order for x in known.values()}
        for req in lesson.requires:
            if req not in ids:
                problems.append(f"requires {req!r}, which is not a lesson")
            elif order_of[req] >= lesson.order:
                problems.append(f"requires {req!r}, which comes later in the course")
        if lesson.next is not None and lesson.next not in ids:
            problems.append(f"next {lesson.next!r} is not a lesson")
    return out


def next_lesson(lesson: Lesson, entries: Sequence[Entry]) -> Lesson | None:
    """The lesson to point at after this one: its ``next``, else the following one in order."""
    lessons = [e.lesson for e in entries if e.lesson is not None]
    if lesson.next is not None:
        return next((x for x in lessons if x.id == lesson.next), None)
    later = sorted((x for x in lessons if x.order > lesson.order), key=lambda x: x.order)
    return later[0] if later else None


__all__ = [
    "MAX_BYTES",
    "Entry",
    "LessonError",
    "UnreadableFile",
    "course_problems",
    "lesson_files",
    "lessons_dir",
    "load_course",
    "load_entries",
    "load_lesson",
    "read_capped_text",
    "read_document",
]
