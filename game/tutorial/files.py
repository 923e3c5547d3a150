"""The course's files read lightly: the guarded read, a folder's lesson files, and each lesson's heading.

This module imports nothing of the lesson schema (scenarios, moves, conditions): the main menu reads the
headings (which lesson comes next, and its title) and the player's progress through it, so the first frame
does not wait for the table's rules to load. :mod:`game.tutorial.loader` builds whole lessons on top of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import HarbinError
from ..resources import shipped
from ..safe_read import MAX_LESSON_BYTES, BadFileError, loads_json, loads_toml, read_text
from .text import Text, TextError
from .text import read_text as read_lesson_text

DRILL_KINDS: tuple[str, ...] = ("ting", "discard", "kadang", "bao", "payment")
"""The drill kinds (``game.tutorial.drills``) a lesson may end on and the review queue may hold."""
MAX_BYTES = MAX_LESSON_BYTES
"""The largest lesson file read (a lesson is a few kilobytes)."""


class LessonError(HarbinError, ValueError):
    """A lesson file that cannot be used: names the file, the place in it and the problem."""


class UnreadableFile(LessonError):
    """A lesson file that cannot be read at all (missing, too large, not UTF-8 text)."""


def lessons_dir() -> Path:
    """The shipped ``tutorials/`` folder: beside the ``game`` package, or in a frozen bundle's root."""
    return shipped("tutorials")


def read_capped_text(path: Path, limit: int = MAX_BYTES, what: str = "lesson") -> str:
    """A small text file's contents (UTF-8, a BOM dropped); UnreadableFile names the file and the problem.

    The one guarded read of this package (lesson files, the refusal links, the player's progress), through
    the game's guarded reader: folders, devices, pipes and files over ``limit`` are refused unread.
    """
    try:
        return read_text(path, what, limit)
    except BadFileError as exc:
        raise UnreadableFile(str(exc)) from None


def read_document(path: Path) -> Any:
    """The parsed TOML (or ``.json``) document of a file; UnreadableFile or LessonError name the file."""
    p = Path(path)
    text = read_capped_text(p)
    try:
        return loads_json(text, str(p)) if p.suffix.lower() == ".json" else loads_toml(text, str(p))
    except BadFileError as exc:  # bad syntax, a number with thousands of digits, nesting too deep
        raise LessonError(str(exc)) from None


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The lesson files of a folder (``*.toml`` and ``*.json``; README and links excluded), sorted."""
    root = lessons_dir() if folder is None else folder
    if not root.is_dir():
        return []
    return sorted(
        p for p in root.iterdir() if p.suffix.lower() in (".toml", ".json") and not p.name.startswith("_")
    )


def lesson_id_of(data: Mapping[str, Any], file: str) -> str:
    """A lesson document's ``id``; LessonError when it is not letters, digits, - and _."""
    lesson_id = data["id"]
    if not isinstance(lesson_id, str) or not lesson_id.replace("-", "").replace("_", "").isalnum():
        raise LessonError(f"{file}: id: letters, digits, - and _ only")
    return lesson_id


def order_of(data: Mapping[str, Any], file: str) -> int:
    """A lesson document's place in the course (``order``); LessonError unless a whole number from 1."""
    order = data["order"]
    if isinstance(order, bool) or not isinstance(order, int) or order < 1:
        raise LessonError(f"{file}: order: a whole number from 1")
    return order


@dataclass(frozen=True)
class Heading:
    """What a lesson file says of itself before its steps: its id, its place in the course and its title."""

    file: str
    id: str
    order: int
    title: Text


def read_heading(path: Path) -> Heading:
    """The heading of one lesson file; UnreadableFile or LessonError name the file and the problem."""
    name = Path(path).name
    data = read_document(path)
    if not isinstance(data, Mapping) or not all(key in data for key in ("id", "order", "title")):
        raise LessonError(f"{name}: the document must be a table with an id, an order and a title")
    try:
        title = read_lesson_text(data["title"], f"{name}: title")
    except TextError as exc:
        raise LessonError(str(exc)) from None
    return Heading(name, lesson_id_of(data, name), order_of(data, name), title)


def read_headings(folder: Path | None = None) -> list[Heading]:
    """The headings of the course's lesson files (the shipped ``tutorials/`` or ``folder``), in course order.

    A file whose heading cannot be read is left out, as the course leaves out a broken lesson.
    """
    out = []
    for path in lesson_files(folder):
        try:
            out.append(read_heading(path))
        except LessonError:
            continue
    return sorted(out, key=lambda h: (h.order, h.file))


__all__ = [
    "DRILL_KINDS",
    "MAX_BYTES",
    "Heading",
    "LessonError",
    "UnreadableFile",
    "lesson_files",
    "lesson_id_of",
    "lessons_dir",
    "order_of",
    "read_capped_text",
    "read_document",
    "read_heading",
    "read_headings",
]
