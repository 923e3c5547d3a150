"""The lessons, the lesson table and the drills fit at every size, language and UI scale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.paths import app_paths
from game.tutorial.loader import lesson_files
from game.tutorial.progress import Progress, save_progress
from game.ui.lessons.drills import DrillScene
from game.ui.lessons.lesson_list import LessonListScene
from game.ui.screens.menu import MainMenu
from tests.ui.textfit import LANGS, SCALES, SIZES, fit_app, layout_problems

# slow: the lesson screens' texts laid out at three sizes in both languages: not in the fast lane
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_lesson_list_and_drills_fit(
    isolated_home: Path, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    for path in lesson_files():
        shutil.copy(path, folder / path.name)
    (folder / "13-broken.toml").write_text('id = "broken"\norder = 13\n', encoding="utf-8")
    save_progress(
        Progress().with_lesson("basics", "done").with_lesson("calls", "started", 3), app_paths().ensure()
    )
    problems: list[str] = []
    for ui_scale in SCALES:
        with fit_app(size, lang, ui_scale) as app:
            app.push(MainMenu(app))
            lessons = LessonListScene(app, folder)
            app.push(lessons)
            for row in (
                1,
                2,
                8,
                10,
                12,
            ):  # in progress, locked, locked with two prerequisites, long title, broken
                lessons.select(row)
                app.step(1 / 60)
                where = f"{size} {lang} {ui_scale} lessons row {row}"
                problems += [f"{where}: {p}" for p in layout_problems(lessons, size)]
            drills = DrillScene(app, seed=3)
            app.push(drills)
            for kind in ("ting", "discard", "kadang", "bao", "bao", "payment"):
                if drills.drill["kind"] != kind:
                    drills.set_filter(kind)
                for answered in (False, True):
                    app.step(1 / 60)
                    where = f"{size} {lang} {ui_scale} {drills.drill['id']} answered={answered}"
                    problems += [f"{where}: {p}" for p in layout_problems(drills, size)]
                    if not answered:
                        drills.choose(len(drills.options) - 1) if drills.options else drills.check()
                drills.ask_next()
    pygame.quit()
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_table_fits(isolated_home: Path, size: tuple[int, int], lang: str) -> None:
    """The coach panel, its buttons and the note in it: the longest coach text, a refusal with its
    lesson link, and the end of a lesson, at every UI scale."""
    from game.core.actions import Hu
    from game.tutorial.loader import load_course
    from game.ui.lessons.lesson import LessonScene

    course = {e.lesson.id: e.lesson for e in load_course() if e.lesson is not None}
    problems: list[str] = []
    for ui_scale in SCALES:
        with fit_app(size, lang, ui_scale) as app:
            app.push(MainMenu(app))
            for lesson_id, start, wrong in (
                ("scoring", 0, False),
                ("huanbao", 0, True),
                ("kaimen", 99, False),
            ):
                scene = LessonScene(app, course[lesson_id], start_step=start)
                app.push(scene)
                for _ in range(200):
                    app.step(1 / 60)
                    if not scene.busy and scene.runner.prompt().kind != "auto":
                        break
                if lesson_id == "scoring":  # its longest coach text
                    while scene.runner.step is not None and scene.runner.step.id != "table":
                        scene.lesson_driver.skip_step()
                    app.step(1 / 60)
                if wrong:  # a win that is not there: the engine's why-not, the coach's line, a lesson link
                    scene.overlays.why_not(
                        scene.lesson_driver.menu().explain(Hu()) or scene.lesson_driver.menu().reason("hu")
                    )
                    app.step(1 / 60)
                where = f"{size} {lang} {ui_scale} {lesson_id}"
                found = layout_problems(scene, size, scene.coach_log)
                if scene.note_rect.w:
                    screen = pygame.Rect((0, 0), size)
                    if not screen.contains(scene.note_rect) or not scene.coach_area.panel.contains(
                        scene.note_rect
                    ):
                        found.append(f"note {scene.note_rect} off screen or outside the coach panel")
                problems += [f"{where}: {p}" for p in found]
                app.pop()
    pygame.quit()
    assert not problems, "\n".join(problems[:20])
