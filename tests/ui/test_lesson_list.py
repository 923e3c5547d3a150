"""The lesson list, driven by posted clicks and keys: progress per lesson, locked and broken lessons, skip."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pygame

from game.paths import app_paths
from game.tutorial.loader import lessons_dir
from game.tutorial.progress import Progress, load_progress, save_progress
from game.ui.lessons.drills import DrillScene
from game.ui.lessons.lesson_list import LessonListScene
from tests.ui.harness import click, click_widget, key, step


def drawn(scene: Any) -> str:
    """Every text the scene drew in its last frame."""
    return "\n".join(d.text for d in scene.text.items)


def row_of(scene: LessonListScene, lesson_id: str) -> int:
    return next(i for i, e in enumerate(scene.entries) if e.id == lesson_id)


def test_the_menu_opens_the_course_with_each_lessons_progress(app: Any) -> None:
    progress = Progress().with_lesson("basics", "done").with_lesson("calls", "started", 4)
    save_progress(progress, app_paths())
    click_widget(app, app.scenes.top.buttons["lessons"])
    scene = app.scenes.top
    assert isinstance(scene, LessonListScene)
    assert [e.id for e in scene.entries][:3] == ["basics", "calls", "kaimen"]
    assert len(scene.entries) == 12 and all(e.lesson is not None for e in scene.entries)
    step(app)
    # it opens on the lesson in progress, offering to continue where the person stopped
    assert scene.entry is not None and scene.entry.id == "calls"
    assert scene.action_buttons["start"].text == "Continue (step 5)"
    text = drawn(scene)
    assert "Done" in text and "Step 5 of 12" in text and "Locked" in text
    # a locked lesson is greyed with the reason
    click(app, scene.rows[row_of(scene, "kaimen")].center)
    assert scene.entry is not None and scene.entry.id == "kaimen"
    assert not scene.action_buttons["start"].is_enabled
    assert not scene.action_buttons["skip"].is_enabled
    assert "Finish (or skip) the lessons before it first: Chi, peng and kong." in drawn(scene)
    # the keyboard moves through the list
    key(app, pygame.K_UP)
    assert scene.entry is not None and scene.entry.id == "calls"
    assert scene.action_buttons["start"].is_enabled
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, LessonListScene)


def test_skipping_a_lesson_is_saved_and_opens_the_next(app: Any) -> None:
    app.scenes.top.open_lessons()
    scene = app.scenes.top
    step(app)
    assert scene.entry is not None and scene.entry.id == "basics"
    click_widget(app, scene.action_buttons["skip"])
    assert load_progress(app_paths()).progress.lesson("basics").status == "skipped"
    assert scene.entry is not None and scene.entry.id == "calls"  # the next one is chosen, and open
    assert scene.action_buttons["start"].is_enabled
    step(app)
    assert "Skipped" in drawn(scene)


def test_a_broken_lesson_file_shows_its_reason_and_the_others_still_work(app: Any, tmp_path: Path) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    for name in ("01-basics.toml", "02-calls.toml"):
        shutil.copy(lessons_dir() / name, folder / name)
    (folder / "03-bad.toml").write_text('id = "bad"\norder = 3\n[title]\nzh = "坏"\n', encoding="utf-8")
    scene = LessonListScene(app, folder)
    app.push(scene)
    step(app)
    assert [e.id for e in scene.entries] == ["basics", "calls", "03-bad"]
    click(app, scene.rows[2].center)
    assert scene.entry is not None and scene.entry.lesson is None
    text = drawn(scene)
    assert "Broken" in text and "03-bad.toml" in text and "This lesson cannot be used" in text
    assert not scene.action_buttons["start"].is_enabled
    click(app, scene.rows[0].center)
    assert scene.action_buttons["start"].is_enabled
    assert "How a hand is played" in drawn(scene)


def test_a_broken_progress_file_is_said_and_kept_aside(app: Any) -> None:
    path = app_paths().data_dir / "progress.json"
    path.write_text(json.dumps({"lessons": {"basics": {"status": "finished"}}}), encoding="utf-8")
    app.scenes.top.open_lessons()
    step(app, 2)
    dialog = app.scenes.top
    assert getattr(dialog, "body", "").startswith("Your lesson progress could not be read")
    assert "some of its values cannot be used" in dialog.body and "basics" in dialog.error.details
    assert path.with_name("progress.json.bad").exists()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, LessonListScene)


def test_the_drills_buttons_open_the_lessons_kinds_or_all(app: Any) -> None:
    app.scenes.top.open_lessons()
    scene = app.scenes.top
    click(app, scene.rows[row_of(scene, "kadang")].center)
    click_widget(app, scene.action_buttons["drills"])
    drills = app.scenes.top
    assert isinstance(drills, DrillScene)
    assert drills.all_kinds == ("kadang",) and drills.drill["kind"] == "kadang"
    assert not drills.kind_buttons  # one kind: no bar to choose from
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    click_widget(app, next(b for b in scene.actions if b.text == "Drills"))
    drills = app.scenes.top
    assert isinstance(drills, DrillScene) and len(drills.all_kinds) == 5 and len(drills.kind_buttons) == 6
