"""The first-run path (issue 24): the first launch asks "new to Harbin mahjong?" (lesson 1, the rules at a
glance with tiles drawn, or a match); the main menu offers "continue the course" while it is unfinished; and
a learner plays every lesson by keyboard only from the first-run screen to the end of the course."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.actions import Action, Discard
from game.core.rules import STANDARD
from game.paths import app_paths
from game.table.menu import button_of
from game.tutorial.loader import load_course
from game.tutorial.progress import Progress, load_progress, progress_file, save_progress
from game.ui.app import parse_args, start_app
from game.ui.lessons.lesson import LessonScene
from game.ui.screens.first_run import FirstRunScene, GlanceScene, glance_source
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from tests.ui.harness import key, step
from tests.ui.test_lesson_scene import KEYS, settle

COURSE = [e.lesson.id for e in load_course() if e.lesson is not None]


def fresh_app(*argv: str) -> Any:
    return start_app(parse_args(["--size", "1280x720", "--anim-speed", "instant", *argv]))


def test_the_first_launch_asks_and_later_launches_do_not(isolated_home: Path) -> None:
    app = fresh_app()
    try:
        assert isinstance(app.scenes.top, FirstRunScene)
        key(app, pygame.K_3)  # straight to a match
        assert isinstance(app.scenes.top, NewGameScene)
    finally:
        app.shutdown()
        pygame.quit()
    assert app_paths().settings_file.exists()
    again = fresh_app()
    try:
        assert isinstance(again.scenes.top, MainMenu)
    finally:
        again.shutdown()
        pygame.quit()


def test_a_player_with_progress_is_not_asked(isolated_home: Path) -> None:
    save_progress(Progress().with_lesson("basics", "done"), app_paths().ensure())
    app = fresh_app()
    try:
        assert isinstance(app.scenes.top, MainMenu)
    finally:
        app.shutdown()
        pygame.quit()


@pytest.mark.parametrize("size", ["1024x640", "1920x1080"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_question_and_its_choices_stand_together_in_the_middle(
    isolated_home: Path, size: str, lang: str
) -> None:
    """At 1024x640 the choices sat in the window's middle, a third of the height below the line over them,
    and the title at the top: the text under the title and the buttons now follow one another, as one
    column in the window's middle (as much felt above it as below)."""
    app = start_app(parse_args(["--size", size, "--anim-speed", "instant", "--lang", lang]))
    try:
        step(app, 2)
        screen = app.scenes.top
        assert isinstance(screen, FirstRunScene)
        rects = [b.rect for b in screen.buttons.values()]  # type: ignore[attr-defined]
        first, last = rects[0], rects[-1]
        assert 0 < first.top - screen.body.bottom <= screen.px(48), (size, lang)
        above, below = screen.title_y, app.size[1] - last.bottom
        assert abs(above - below) <= screen.px(24), (size, lang, above, below)
    finally:
        app.shutdown()
        pygame.quit()


def test_the_rules_at_a_glance_draw_tiles_and_take_their_amounts_from_the_rules(isolated_home: Path) -> None:
    for lang in ("zh", "en"):
        text = glance_source(lang)
        assert text.count("[[") >= 4  # tiles drawn: the set, a winning hand, a chi, a ready hand, 7889
        assert f"{STANDARD.base_baozhongbao}" in text and f"×{STANDARD.kadang_mult}" in text
    assert "bao within bao 6" in glance_source("en", STANDARD.replace(base_baozhongbao=6))
    app = fresh_app()
    try:
        key(app, pygame.K_2)
        glance = app.scenes.top
        assert isinstance(glance, GlanceScene)
        assert glance.doc is not None and glance.doc.height > glance.view.h // 2
        key(app, pygame.K_1)  # lesson 1 from the card's foot
        assert isinstance(app.scenes.top, LessonScene) and app.scenes.top.lesson.id == COURSE[0]
    finally:
        app.shutdown()
        pygame.quit()


def test_the_menu_continues_the_course_at_the_next_lesson(isolated_home: Path) -> None:
    paths = app_paths().ensure()
    paths.settings_file.write_text("{}", encoding="utf-8")
    save_progress(Progress().with_lesson(COURSE[0], "done").with_lesson(COURSE[1], "started", 3), paths)
    app = fresh_app("--lang", "en")
    try:
        menu = app.scenes.top
        assert isinstance(menu, MainMenu)
        assert "course" in menu.buttons and menu.buttons["course"].text == "Continue the course"
        assert menu.notes["course"][0] == f"Next: {load_course()[1].lesson.title.en}"  # type: ignore[union-attr]
        menu.buttons["course"].select()
        menu.actions[menu.buttons["course"]]()
        scene = app.scenes.top
        assert isinstance(scene, LessonScene) and scene.lesson.id == COURSE[1]
        assert scene.runner.progress().index == 3  # where the learner stopped
    finally:
        app.shutdown()
        pygame.quit()
    done = Progress()
    for lesson_id in COURSE:
        done = done.with_lesson(lesson_id, "done")
    save_progress(done, paths)
    app = fresh_app()
    try:
        menu = app.scenes.top
        assert isinstance(menu, MainMenu) and "course" not in menu.buttons
    finally:
        app.shutdown()
        pygame.quit()


def select_by_keys(app: Any, scene: LessonScene, tile: int) -> None:
    """Move the keyboard cursor onto a tile of the person's hand (←/→ only)."""
    target = scene.frame.index_of(tile)
    assert target is not None
    for _ in range(30):
        if scene.controls.selected == target:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError("the cursor never reached the tile")


def move_by_keys(app: Any, scene: LessonScene, action: Action) -> None:
    """Make a move with the keyboard alone: T and the cursor for a ready discard, the cursor and Enter for a
    discard, the claim-bar key (and a digit for one of several ways) for a call."""
    if isinstance(action, Discard):
        if action.ting and scene.controls.mode != "ting":
            key(app, pygame.K_t)
        select_by_keys(app, scene, action.tile)
        key(app, pygame.K_RETURN)
        if scene.controls.mode == "zhidui":
            key(app, pygame.K_1 + scene.controls.choices.index(action))
        return
    key(app, KEYS[button_of(action)] if button_of(action) != "pass" else pygame.K_SPACE)
    if scene.controls.mode == "choose":
        key(app, pygame.K_1 + scene.controls.choices.index(action))


@pytest.mark.slow
def test_a_learner_plays_the_whole_course_by_keyboard_from_the_first_run_screen(isolated_home: Path) -> None:
    app = fresh_app("--lang", "en")
    played: list[str] = []
    try:
        assert isinstance(app.scenes.top, FirstRunScene)
        key(app, pygame.K_1)
        for _ in range(len(COURSE)):
            scene = app.scenes.top
            assert isinstance(scene, LessonScene)
            played.append(scene.lesson.id)
            for _ in range(300):
                kind = settle(app, scene)
                if kind == "continue":
                    key(app, pygame.K_RETURN)
                elif kind in ("move", "free"):
                    action = (
                        scene.runner.prompt().expected[0] if kind == "move" else scene.runner.hint_action()
                    )
                    assert action is not None
                    before = scene.runner.progress(), len(scene.runner.game.events)
                    move_by_keys(app, scene, action)
                    assert (scene.runner.progress(), len(scene.runner.game.events)) != before, action
                else:
                    assert kind == "done", kind
                    break
            assert scene.finished
            assert load_progress(app.paths).progress.lesson(scene.lesson.id).status == "done"
            if scene.lesson.id != COURSE[-1]:
                key(app, pygame.K_3)  # the next lesson
                step(app)
    finally:
        app.shutdown()
        pygame.quit()
    assert played == COURSE
    saved = load_progress(app_paths()).progress
    assert all(saved.lesson(i).status == "done" for i in COURSE)
    assert progress_file(app_paths()).exists()
