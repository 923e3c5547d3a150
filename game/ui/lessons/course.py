"""The course as a path: the next lesson to take, and opening it from the main menu or the first-run screen.

The next lesson is the first lesson of the course (in order) that is neither done nor
skipped; a started one continues at the step reached. Its progress is saved as it goes
(:func:`game.ui.lessons.progress_store.record_lesson`), so leaving never loses it. The main menu
names it from the lessons' headings alone (:func:`game.tutorial.files.read_headings`), so its first
frame does not wait for the whole course to load; the lesson itself is loaded when it is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, TypeVar

from game.tutorial.files import Heading, read_headings
from game.tutorial.progress import Progress, Status, load_progress
from game.ui.lessons.progress_store import record_lesson

if TYPE_CHECKING:
    from game.tutorial.lesson import Lesson
    from game.ui.scene import SceneApp


class _Named(Protocol):
    """A lesson, or a lesson's heading: anything the course names by its id."""

    @property
    def id(self) -> str: ...


L = TypeVar("L", bound=_Named)


def next_in_course(progress: Progress, lessons: Iterable[L]) -> tuple[L, int] | None:
    """The first of ``lessons`` (in course order) not yet done or skipped, with the step to continue at
    (None: the course is done)."""
    for lesson in lessons:
        state = progress.lesson(lesson.id)
        if state.status in ("done", "skipped"):
            continue
        return lesson, state.step if state.status == "started" else 0
    return None


def next_lesson_of(app: SceneApp) -> tuple[Lesson, int] | None:
    """The next lesson of this player's course (from the saved progress), and its step."""
    from game.tutorial.loader import load_course  # the whole lesson schema: only when a lesson opens

    lessons = [entry.lesson for entry in load_course() if entry.lesson is not None]
    return next_in_course(load_progress(app.paths).progress, lessons)


def next_heading_of(app: SceneApp) -> tuple[Heading, int] | None:
    """The heading of this player's next lesson (read without loading the lessons), and its step."""
    return next_in_course(load_progress(app.paths).progress, read_headings())


def open_next_lesson(app: SceneApp) -> bool:
    """Open the next lesson of the course at its step, saving progress as it goes (False: course done)."""
    found = next_lesson_of(app)
    if found is None:
        return False
    lesson, step = found

    def on_progress(lesson_id: str, status: Status, at: int) -> None:
        record_lesson(app, lesson_id, status, at)

    record_lesson(app, lesson.id, "started", step)
    app.nav.lesson(lesson, start_step=step, on_progress=on_progress)
    return True


def course_entry(app: SceneApp) -> tuple[list[tuple[str, Callable[[], None]]], str]:
    """The main menu's "continue the course" entry while the course is unfinished (else none), and the note
    beside it: "Next: <the next lesson's title>" (from the lessons' headings)."""
    found = next_heading_of(app)
    if found is None:
        return [], ""

    def go() -> None:
        open_next_lesson(app)

    return [("course", go)], app.tr("menu.course_next", title=found[0].title.render(app.lang))


__all__ = ["course_entry", "next_heading_of", "next_in_course", "next_lesson_of", "open_next_lesson"]
