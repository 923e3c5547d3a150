"""Progress: lesson states and the review queue saved atomically in the user data folder; a bad file is
kept aside and never stops the game."""

from __future__ import annotations

import json
from pathlib import Path

from game.paths import AppPaths
from game.tutorial.drills import make_drill
from game.tutorial.loader import lessons_dir, load_lesson
from game.tutorial.progress import (
    REVIEW_GAPS,
    REVIEW_SIZE,
    Progress,
    load_progress,
    progress_file,
    save_progress,
)


def paths(tmp_path: Path) -> AppPaths:
    return AppPaths.under(tmp_path)


def test_progress_round_trips_through_the_file(tmp_path: Path) -> None:
    p = Progress().with_lesson("basics", "done", 12).with_lesson("calls", "started", 3)
    p = p.record_answer(make_drill("ting", 1, 0), correct=False)
    where = save_progress(p, paths(tmp_path))
    assert where == progress_file(paths(tmp_path)) and where.parent == tmp_path.resolve() / "data"
    loaded = load_progress(paths(tmp_path))
    assert loaded.problems == () and loaded.kept_as is None
    assert loaded.progress == p
    assert not list(where.parent.glob("*.tmp"))  # the temp file was renamed over the target


def test_a_missing_file_is_a_fresh_start(tmp_path: Path) -> None:
    loaded = load_progress(paths(tmp_path))
    assert loaded.progress == Progress() and loaded.problems == ()


def test_a_broken_file_is_kept_aside_and_defaults_are_used(tmp_path: Path) -> None:
    file = progress_file(paths(tmp_path))
    file.parent.mkdir(parents=True)
    file.write_text("{not json", encoding="utf-8")
    loaded = load_progress(paths(tmp_path))
    assert loaded.progress == Progress()
    assert len(loaded.problems) == 1 and "progress.json" in loaded.problems[0]
    assert loaded.kept_as is not None and loaded.kept_as.read_text(encoding="utf-8") == "{not json"
    assert not file.exists()
    file.write_text("[1, 2]", encoding="utf-8")
    assert "not an object" in load_progress(paths(tmp_path)).problems[0]


def test_bad_entries_are_left_out_and_the_rest_kept(tmp_path: Path) -> None:
    file = progress_file(paths(tmp_path))
    file.parent.mkdir(parents=True)
    data = {
        "lessons": {"basics": {"status": "done", "step": 12}, "calls": {"status": "finished"}},
        "review": [{"kind": "ting", "seed": 1, "index": 2, "misses": 1, "due": 5}, {"kind": "poker"}],
        "answered": "many",
    }
    file.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_progress(paths(tmp_path))
    assert loaded.progress.lesson("basics").status == "done"
    assert loaded.progress.lesson("calls").status == "new"
    assert [i.key for i in loaded.progress.review] == [("ting", 1, 2)]
    assert loaded.progress.answered == 0 and len(loaded.problems) == 3
    assert loaded.kept_as is not None and loaded.kept_as.exists()


def test_what_could_be_read_is_still_there_the_next_time_the_progress_is_read(tmp_path: Path) -> None:
    """The main menu reads the progress, then the lessons screen reads it again: one bad entry must cost
    that entry, not every lesson done (the readable part is written back as the whole is kept aside)."""
    file = progress_file(paths(tmp_path))
    file.parent.mkdir(parents=True)
    data = {
        "version": 1,
        "lessons": {"basics": {"status": "done", "step": 12}, "calls": {"status": "finished"}},
        "review": [{"kind": "ting", "seed": 1, "index": 2, "misses": 1, "due": 5}],
        "answered": 4,
    }
    file.write_text(json.dumps(data), encoding="utf-8")
    first = load_progress(paths(tmp_path))
    again = load_progress(paths(tmp_path))
    assert again.problems == () and again.kept_as is None
    assert again.progress == first.progress and again.progress.lesson("basics").status == "done"
    assert again.progress.answered == 4 and [i.key for i in again.progress.review] == [("ting", 1, 2)]
    assert first.kept_as is not None and json.loads(first.kept_as.read_text(encoding="utf-8")) == data


def test_missed_drills_come_back_and_leave_when_answered_right() -> None:
    drill = make_drill("kadang", 4, 7)
    p = Progress().record_answer(drill, correct=False)
    assert p.due() == []  # not at once
    for i in range(REVIEW_GAPS[0]):
        p = p.record_answer(make_drill("ting", 9, i), correct=True)
    assert [i.key for i in p.due()] == [("kadang", 4, 7)]
    assert make_drill(*p.due()[0].key) == drill  # the same question again
    again = p.record_answer(drill, correct=False)
    assert again.review[-1].misses == 2 and again.due() == []
    assert p.record_answer(drill, correct=True).review == ()
    for i in range(REVIEW_SIZE + 5):
        p = p.record_answer(make_drill("payment", 1, i), correct=False)
    assert len(p.review) == REVIEW_SIZE and p.review[-1].key == ("payment", 1, REVIEW_SIZE + 4)


def test_lessons_unlock_when_their_prerequisites_are_done_or_skipped() -> None:
    kaimen = load_lesson(lessons_dir() / "03-kaimen.toml")
    p = Progress()
    assert not p.unlocked(kaimen)
    assert p.with_lesson("calls", "skipped").unlocked(kaimen)
    done = p.with_lesson("calls", "done").with_lesson("calls", "started", 2)
    assert done.lesson("calls").status == "done" and done.unlocked(kaimen)
