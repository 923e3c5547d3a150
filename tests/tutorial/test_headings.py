"""The lessons' headings: what the main menu reads to name the next lesson, without loading the lessons."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.tutorial.files import LessonError, read_heading, read_headings
from game.tutorial.loader import lesson_files, load_course
from game.tutorial.progress import LessonState, Progress
from game.ui.lessons.course import next_in_course


def test_the_shipped_headings_are_the_course_in_its_order() -> None:
    lessons = [entry.lesson for entry in load_course() if entry.lesson is not None]
    headings = read_headings()
    assert [h.id for h in headings] == [lesson.id for lesson in lessons]
    assert [h.title for h in headings] == [lesson.title for lesson in lessons]
    assert [h.order for h in headings] == sorted(h.order for h in headings)


def test_headings_follow_the_course_order_not_the_file_names(tmp_path: Path) -> None:
    first, second, *_ = lesson_files()
    shutil.copy(first, tmp_path / "z_first.toml")
    shutil.copy(second, tmp_path / "a_second.toml")
    assert [h.file for h in read_headings(tmp_path)] == ["z_first.toml", "a_second.toml"]


def test_a_file_without_a_readable_heading_is_left_out(tmp_path: Path) -> None:
    first, second, *_ = lesson_files()
    shutil.copy(first, tmp_path / first.name)
    shutil.copy(second, tmp_path / second.name)
    text = (tmp_path / second.name).read_text(encoding="utf-8")
    broken = text.replace("order = ", "order = -", 1)
    assert broken != text
    (tmp_path / "broken.toml").write_text(broken, encoding="utf-8")
    (tmp_path / "not_toml.toml").write_text("id = [", encoding="utf-8")
    assert [h.file for h in read_headings(tmp_path)] == [first.name, second.name]
    with pytest.raises(LessonError, match=r"broken\.toml: order: a whole number from 1"):
        read_heading(tmp_path / "broken.toml")


def test_the_next_heading_is_the_first_lesson_neither_done_nor_skipped() -> None:
    headings = read_headings()
    one, two, three = (h.id for h in headings[:3])
    progress = Progress(
        lessons={one: LessonState("done"), two: LessonState("skipped"), three: LessonState("started", step=4)}
    )
    found = next_in_course(progress, headings)
    assert found is not None and found[0].id == three and found[1] == 4
    lessons = [entry.lesson for entry in load_course() if entry.lesson is not None]
    same = next_in_course(progress, lessons)
    assert same is not None and same[0].id == three and same[1] == 4
    finished = Progress(lessons={h.id: LessonState("done") for h in headings})
    assert next_in_course(finished, headings) is None
