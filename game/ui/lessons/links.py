"""Which lesson explains a "why not": the course and the refusal links, read once when first asked.

The table's why-not messages (a refused discard, a greyed 听 ...) offer the lesson
that explains them (:meth:`LessonLinks.lesson_for`); the map is the course's own
``tutorials/_refusals.toml`` (:func:`game.tutorial.links.load_links`). A course or
map that cannot be read only means no link is offered (logged once).
"""

from __future__ import annotations

import logging

from game.core.actions import Refusal
from game.tutorial.files import LessonError
from game.tutorial.lesson import Lesson
from game.tutorial.links import Links, load_links
from game.tutorial.loader import Entry, load_course, next_lesson

log = logging.getLogger(__name__)


class LessonLinks:
    """The refusal -> lesson map and the course's lessons (in order), loaded on first use."""

    def __init__(self) -> None:
        self._links: Links | None = None
        self._lessons: dict[str, Lesson] = {}
        self._entries: list[Entry] = []
        self._loaded = False

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            self._links = load_links()
        except LessonError as exc:
            log.warning("no lesson links: %s", exc)
            return
        self._entries = load_course()
        self._lessons = {e.lesson.id: e.lesson for e in self._entries if e.lesson is not None}

    @property
    def links(self) -> Links:
        """The map itself (empty if it could not be read)."""
        self._load()
        return self._links if self._links is not None else Links()

    def lesson(self, lesson_id: str | None) -> Lesson | None:
        """A lesson of the course by id (None if there is no such working lesson)."""
        self._load()
        return self._lessons.get(lesson_id) if lesson_id else None

    def next_lesson(self, lesson: Lesson) -> Lesson | None:
        """The lesson to point at after this one (its ``next``, else the next in the course)."""
        self._load()
        return next_lesson(lesson, self._entries)

    def lesson_for(self, refusal: Refusal) -> Lesson | None:
        """The lesson that explains a refusal, if the course has it."""
        return self.lesson(self.links.lesson_for(refusal))


__all__ = ["LessonLinks"]
