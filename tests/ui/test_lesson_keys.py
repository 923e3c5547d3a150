"""Issue 24 at the lesson table: the spotlight stays lit while a mistake is explained, the note sits in the
coach panel, every coach and end-of-lesson button has a key, Tab focus with a ring, Enter that has nothing to
do says so, the cursor's tile lifts in 听 mode, and "discard the winning draw" can be made from the window."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.tutorial.lesson import PERSON
from game.ui.lessons.lesson import LessonScene
from game.ui.lessons.spotlight import lit_rects
from tests.ui.harness import key, step
from tests.ui.test_lesson_scene import open_lesson, settle


def to_step(app: Any, scene: LessonScene, step_id: str) -> None:
    """Skip (as the coach) to the step with that id and let the table settle there."""
    for _ in range(60):
        settle(app, scene)
        if scene.runner.step is not None and scene.runner.step.id == step_id:
            return
        scene.skip()
    raise AssertionError(f"no step {step_id}")


def test_the_spotlight_stays_lit_while_a_mistake_is_explained_and_the_note_is_in_the_coach_panel(
    app: Any,
) -> None:
    scene = open_lesson(app, "kaimen")
    to_step(app, scene, "chi")
    key(app, pygame.K_h)  # a win that is not there: a known mistake of the step
    step(app)
    assert scene.note is not None and scene.note.kind in ("mistake", "refused")
    assert scene.coach_area.panel.contains(scene.note_rect)  # never over the table
    lit = scene.runner.lit()
    buttons = {name: b.rect for name, b in scene.controls.bar.buttons.items()}
    rects = lit_rects(lit, scene.layout, scene.frame, scene.shown, buttons)
    assert scene.controls.bar.buttons["chi"].rect in rects
    plain = pygame.Surface(app.screen.get_size())
    scene.draw_scene(plain)
    lit_up = plain.copy()
    scene.draw_overlay(lit_up)
    hu = scene.controls.bar.buttons["hu"].rect.center
    lit_tile = next(r for r in rects if r not in buttons.values())
    dark = pygame.Color(lit_up.get_at(hu))
    assert sum(dark[:3]) < sum(pygame.Color(plain.get_at(hu))[:3])  # the rest of the table is dimmed
    assert lit_up.get_at(lit_tile.center) == plain.get_at(lit_tile.center)  # the step's tiles are not


def test_show_me_skip_and_restart_have_keys(app: Any) -> None:
    scene = open_lesson(app, "kaimen")
    to_step(app, scene, "kong")
    key(app, pygame.K_s)
    assert scene.note is not None and scene.note.kind == "hint"
    key(app, pygame.K_n)
    settle(app, scene)
    assert scene.runner.step is not None and scene.runner.step.id != "kong"
    assert scene.runner.game.state.melds[PERSON]  # the coach made the kong
    key(app, pygame.K_r)
    settle(app, scene)
    assert scene.runner.progress().index == 0


def test_tab_moves_a_visible_focus_over_the_coach_buttons_and_enter_presses_it(app: Any) -> None:
    scene = open_lesson(app, "kaimen")
    to_step(app, scene, "kong")
    usable = scene.usable()
    assert "hint" in usable and "skip" in usable
    key(app, pygame.K_TAB)
    assert scene.focus == usable[0]
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.focus == usable[-2]
    while scene.focus != "skip":
        key(app, pygame.K_TAB)
    ring = scene.lesson_buttons["skip"].rect.inflate(scene.px(6), scene.px(6))
    step(app)
    with_ring = app.screen.get_at((ring.x + 1, ring.centery))
    scene.focus = None
    step(app)
    assert app.screen.get_at((ring.x + 1, ring.centery)) != with_ring  # the ring is what was drawn there
    scene.focus = "skip"
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.runner.step is not None and scene.runner.step.id != "kong"


def test_enter_with_nothing_to_do_says_so(app: Any) -> None:
    scene = open_lesson(app, "basics")
    for _ in range(10):
        if settle(app, scene) == "move":
            break
        key(app, pygame.K_RETURN)
    assert scene.runner.game.state.drawn is None  # the dealer's first turn: nothing drawn, nothing selected
    assert scene.controls.selected is None
    key(app, pygame.K_RETURN)
    assert scene.note is not None and "←/→" in scene.note.markup
    assert scene.runner.prompt().kind == "move"


def test_the_cursor_lifts_a_dimmed_tile_in_ting_mode(app: Any) -> None:
    scene = open_lesson(app, "baozhongbao")
    to_step(app, scene, "declare")
    key(app, pygame.K_t)
    step(app, 2)
    assert scene.controls.mode == "ting"
    playable = scene.frame.picture.playable
    assert playable is not None
    dimmed = next(i for i in range(len(scene.frame.hand_ids)) if i not in playable)
    slot = scene.layout.hand_slot(dimmed)
    assert slot is not None
    probe = (slot.rect.centerx, slot.rect.top - scene.layout.lift // 2)
    scene.controls.selected = None
    step(app, 2)
    low = app.screen.get_at(probe)
    scene.controls.selected = dimmed
    scene.mark_dirty()
    step(app, 2)
    assert app.screen.get_at(probe) != low  # the tile under the cursor is drawn lifted into that place


@pytest.mark.parametrize(("lesson_id", "step_id"), [("mobao", "win"), ("baozhongbao", "win")])
def test_discarding_the_winning_draw_is_answered_from_the_keyboard(
    app: Any, lesson_id: str, step_id: str
) -> None:
    scene = open_lesson(app, lesson_id)
    to_step(app, scene, step_id)
    drawn = scene.runner.game.state.drawn
    assert drawn is not None and scene.controls.bar.buttons["hu"].is_enabled
    key(app, pygame.K_RIGHT)
    while scene.controls.selected != scene.frame.index_of(drawn):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert scene.note is not None and scene.note.kind == "mistake"
    mistake = next(m for m in scene.runner.step.mistakes if m.on.text == "discard drawn")  # type: ignore[union-attr]
    assert mistake.coach.en.split(":")[0] in scene.note.markup


def test_the_ready_state_has_one_badge_word() -> None:
    from game.glossary import term
    from game.ui.words.i18n import tr

    assert tr("table.locked", "en") == term("ting", "en").capitalize()  # "Ready", as after the hand


def mistake_by_keys(app: Any, scene: LessonScene, action: Any) -> None:
    """Try a wrong move with keys alone: T where 听 is greyed (the why-not is the answer), T in the 听 mode a
    call to ready forces (a try to discard without declaring), else the move as keys make it."""
    from game.core.actions import Discard
    from tests.ui.test_first_run import move_by_keys

    if isinstance(action, Discard) and action.ting and scene.controls.mode != "ting":
        key(app, pygame.K_t)
        if scene.controls.mode != "ting":
            return
    if isinstance(action, Discard) and not action.ting and scene.controls.mode == "ting":
        key(app, pygame.K_t)
        return
    move_by_keys(app, scene, action)


@pytest.mark.slow
def test_every_scripted_mistake_is_reachable_by_keyboard(app: Any) -> None:
    """Each known mistake of every lesson, made with keys alone, gets its own answer in the coach panel."""
    from game.tutorial.loader import load_course

    missed: list[str] = []
    for entry in load_course():
        lesson = entry.lesson
        assert lesson is not None
        scene = open_lesson(app, lesson.id)
        done: set[str] = set()
        for _ in range(80):
            kind = settle(app, scene)
            current = scene.runner.step
            if kind == "done" or current is None:
                break
            if current.mistakes and current.id not in done and kind in ("move", "free"):
                done.add(current.id)
                for mistake in current.mistakes:
                    state = scene.runner.game.state
                    action = mistake.on.to_action(state, PERSON, scene.runner.game.legal_actions(PERSON))
                    assert not isinstance(action, str), (lesson.id, current.id, action)
                    mistake_by_keys(app, scene, action)
                    step(app, 2)
                    outcome = scene.lesson_driver.outcome
                    if outcome is None or outcome.mistake is not mistake:
                        missed.append(f"{lesson.id} step {current.id}: {mistake.on.text}")
                    for _ in range(200):  # a part plays out and the lesson comes back to the step
                        if scene.runner.progress().part is None:
                            break
                        if settle(app, scene) == "continue":
                            key(app, pygame.K_RETURN)
                    if scene.controls.mode != "normal" and not scene.controls.must_ting:
                        key(app, pygame.K_ESCAPE)  # out of a call's choice or the 听 mode
                    settle(app, scene)
            scene.skip()
        app.pop()
        step(app)
    assert not missed, "\n".join(missed)
