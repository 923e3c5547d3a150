"""Lessons at the real table, played with posted clicks and keys: 开门, 宝中宝 and 换宝 to the end, one
wrong move each answered in the coach's note; spotlights, undo/back/restart/skip, continuing at a saved
step, the practice hand, and a why-not in a normal game opening the lesson that explains it."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.actions import Action, Discard
from game.core.events import Hu
from game.core.tiles import kind_of, parse_kinds
from game.paths import app_paths
from game.table.menu import button_of
from game.tutorial.lesson import PERSON, Lesson
from game.tutorial.loader import load_course
from game.tutorial.progress import load_progress
from game.ui.lessons.lesson import LessonScene
from game.ui.lessons.lesson_list import LessonListScene
from tests.ui.harness import click, click_widget, key, step

KEYS = {"chi": pygame.K_c, "peng": pygame.K_p, "gang": pygame.K_k, "ting": pygame.K_t, "hu": pygame.K_h}


def lesson(lesson_id: str) -> Lesson:
    return next(e.lesson for e in load_course() if e.lesson is not None and e.lesson.id == lesson_id)


def settle(app: Any, scene: LessonScene, limit: int = 3000) -> str:
    """Frames until the table has shown everything and the lesson waits for the person; the prompt."""
    for _ in range(limit):
        step(app)
        if not scene.busy and scene.runner.prompt().kind != "auto":
            return scene.runner.prompt().kind
    raise AssertionError("the lesson never waited for the person")


def click_tile(app: Any, scene: LessonScene, tile: int) -> None:
    """Click one of the person's tiles on the table."""
    index = scene.frame.index_of(tile)
    assert index is not None, tile
    slot = scene.layout.hand_slot(index)
    assert slot is not None
    click(app, slot.rect.center)


def hand_tile(scene: LessonScene, code: str, drawn: bool = False) -> int:
    state = scene.runner.game.state
    if drawn:
        assert state.drawn is not None and kind_of(state.drawn) == parse_kinds(code)[0]
        return state.drawn
    return next(t for t in state.hands[PERSON] if kind_of(t) == parse_kinds(code)[0])


def do(app: Any, scene: LessonScene, action: Action) -> None:
    """Make a move the way a person does: a tile click (T first to declare 听), or a claim-bar key and,
    when the button holds several moves, the number of the one wanted."""
    if isinstance(action, Discard):
        if action.ting and scene.controls.mode != "ting":
            key(app, pygame.K_t)
            assert scene.controls.mode == "ting"
        click_tile(app, scene, action.tile)
        return
    key(app, KEYS[button_of(action)])
    if scene.controls.mode == "choose":
        key(app, pygame.K_1 + scene.controls.choices.index(action))


def play_through(app: Any, scene: LessonScene, wrong: Any = None) -> list[str]:
    """Read every coach step (Enter) and make every expected move (the first way the step allows);
    ``wrong(app, scene)`` is called once at the first move step it accepts (returns True)."""
    notes: list[str] = []
    for _ in range(200):
        kind = settle(app, scene)
        if kind == "continue":
            key(app, pygame.K_RETURN)
        elif kind == "move":
            if wrong is not None and wrong(app, scene):
                wrong = None
                assert scene.note is not None, "the wrong move got no explanation"
                notes.append(scene.note.markup)
                continue
            expected = scene.runner.prompt().expected
            do(app, scene, expected[0])
        elif kind == "free":
            shown = scene.runner.hint_action()
            assert shown is not None, "free play without a solution to show"
            do(app, scene, shown)
        else:
            assert kind == "done", kind
            return notes
    raise AssertionError("the lesson did not end")


def open_lesson(app: Any, lesson_id: str, **kw: Any) -> LessonScene:
    reports: list[tuple[str, str, int]] = []
    app.nav.lesson(lesson(lesson_id), on_progress=lambda *r: reports.append(r), **kw)
    scene = app.scenes.top
    assert isinstance(scene, LessonScene)
    scene.reports = reports  # type: ignore[attr-defined]
    return scene


def test_kaimen_at_the_table_with_a_greyed_ready_explained(app: Any) -> None:
    scene = open_lesson(app, "kaimen")

    def press_ready_while_closed(app: Any, scene: LessonScene) -> bool:
        expected = scene.runner.prompt().expected
        if not (isinstance(expected[0], Discard) and not expected[0].ting):
            return False
        assert not scene.controls.bar.buttons["ting"].is_enabled  # greyed: a closed hand may not declare
        click_widget(app, scene.controls.bar.buttons["ting"])
        return True

    notes = play_through(app, scene, press_ready_while_closed)
    assert len(notes) == 1
    assert "Cannot declare ready: hand not opened." in notes[0]
    assert "concealed kong does not open the hand" in notes[0]
    final = scene.runner.game.state
    assert final.ting[PERSON] and final.is_open(PERSON)
    assert scene.shown.ting[PERSON]  # the table shows where the lesson ended
    assert scene.reports[-1] == ("kaimen", "done", len(scene.lesson.steps))  # type: ignore[attr-defined]


def test_baozhongbao_at_the_table_with_the_two_wait_ready_explained(app: Any) -> None:
    scene = open_lesson(app, "baozhongbao")

    def ready_on_two_waits(app: Any, scene: LessonScene) -> bool:
        expected = scene.runner.prompt().expected
        if not (isinstance(expected[0], Discard) and expected[0].ting):
            return False
        do(app, scene, Discard(hand_tile(scene, "4m"), ting=True))
        return True

    notes = play_through(app, scene, ready_on_two_waits)
    assert len(notes) == 1 and "not kadang" in notes[0]
    win = scene.runner.game.state.result
    assert isinstance(win, Hu) and win.kind == "baozhongbao"
    assert scene.runner.game.state.scores == (36, -12, -12, -12)


def test_huanbao_at_the_table_with_a_discard_without_ready_explained(app: Any) -> None:
    app.update_settings(save=False, language="zh")
    scene = open_lesson(app, "huanbao")

    def throw_without_ready(app: Any, scene: LessonScene) -> bool:
        expected = scene.runner.prompt().expected
        if not (isinstance(expected[0], Discard) and expected[0].ting):
            return False
        click_tile(app, scene, hand_tile(scene, "3m", drawn=True))
        return True

    notes = play_through(app, scene, throw_without_ready)
    assert len(notes) == 1 and "要同时报听：没有人报听的时候不会换宝" in notes[0]
    assert "[[3m]]" in notes[0]  # the tile named in the note is drawn as a tile
    assert scene.runner.progress().done


def test_spotlights_light_the_steps_tiles_and_button(app: Any) -> None:
    from game.ui.lessons.spotlight import lit_rects

    scene = open_lesson(app, "kaimen")
    assert settle(app, scene) == "continue"
    key(app, pygame.K_RETURN)
    assert settle(app, scene) == "move"
    lit = scene.runner.lit()
    assert "gang" in lit.buttons and len(lit.tiles) == 4  # the four 4 Dots and the kong button
    buttons = {name: b.rect for name, b in scene.controls.bar.buttons.items()}
    rects = lit_rects(lit, scene.layout, scene.frame, scene.shown, buttons)
    hand = [s.rect for s in scene.layout.seats[0].hand]
    assert scene.controls.bar.buttons["gang"].rect in rects and sum(r in hand for r in rects) == 4
    before = app.screen.copy()
    step(app)
    lit_pixel = app.screen.get_at(scene.controls.bar.buttons["gang"].rect.center)
    dim_pixel = app.screen.get_at(scene.controls.bar.buttons["hu"].rect.center)
    assert dim_pixel != before.get_at(scene.controls.bar.buttons["hu"].rect.center) or lit_pixel != dim_pixel


def test_the_wall_is_lit_a_side_at_a_time_never_across_the_bao(app: Any) -> None:
    """Lesson 1 lights the 宝 and the wall: one ring round every stack cut across the centre box and
    through the 宝. The wall is lit as strips along the box's sides, none of them over the 宝."""
    from game.ui.lessons.spotlight import lit_rects

    scene = open_lesson(app, "basics")
    assert settle(app, scene) == "continue"
    key(app, pygame.K_RETURN)
    assert settle(app, scene) == "continue"
    lit = scene.runner.lit()
    assert {"bao", "wall"} <= set(lit.regions)
    layout = scene.layout
    assert layout.bao is not None
    rects = lit_rects(lit, layout, scene.frame, scene.shown, {})
    bao = layout.bao.rect
    walls = [r for r in rects if r != bao]
    stacks = [s.rect for s in layout.wall]
    assert 2 <= len(walls) <= 4
    for ring in walls:
        assert not ring.colliderect(bao), (ring, bao)
        inside = [s for s in stacks if ring.contains(s)]
        assert inside and ring.unionall(inside) == ring  # just the stacks of one side
        thin = min(ring.w, ring.h)
        assert thin <= max(max(s.w, s.h) for s in inside), ring  # a strip one stack deep
    assert sum(sum(ring.contains(s) for s in stacks) for ring in walls) == len(stacks)


def test_a_discard_in_a_river_is_lit_alone_not_the_rivers_empty_room(app: Any) -> None:
    """Lesson 1's chi step lights the previous player's 5 Bamboo in its river: the ring went round the
    river's whole room (three rows kept from the deal), a large frame of bare felt round one tile."""
    from game.core.tiles import kind_of
    from game.scenario import SEATS
    from game.tutorial.spotlight import Lit
    from game.ui.lessons.spotlight import lit_rects

    scene = open_lesson(app, "basics")
    for _ in range(20):  # to the step whose spotlight is a tile in a river
        kind = settle(app, scene)
        if scene.runner.lit().buttons == {"chi"}:
            break
        if kind == "continue":
            key(app, pygame.K_RETURN)
        else:
            do(app, scene, scene.runner.prompt().expected[0])
    lit = scene.runner.lit()
    assert lit.buttons == {"chi"}, "the chi step never came"
    layout = scene.layout
    previous = layout.seats[3]
    river = scene.shown.rivers[(scene.shown.seat + 3) % 4]
    fives = [s.rect for s in previous.river if kind_of(river[s.index].tile) == 22]  # 5 Bamboo
    assert fives
    rects = lit_rects(lit, layout, scene.frame, scene.shown, {})
    assert all(r in rects for r in fives)
    assert not any(r.contains(previous.river_area) or r == previous.river_area for r in rects)
    largest = max(max(s.rect.w, s.rect.h) for s in previous.river)
    assert all(max(r.w, r.h) <= 3 * largest for r in rects), rects  # tiles, a pair, a button: no room
    assert not lit.regions, "a tile in a river lights the tile, not its river"
    # a whole river lights its tiles (its room only while it is empty)
    letter = SEATS[(scene.shown.seat + 3) % 4]
    whole = lit_rects(Lit(regions=frozenset({f"river:{letter}"})), layout, scene.frame, scene.shown, {})
    assert whole == [previous.river[0].rect.unionall([s.rect for s in previous.river])]


def test_enter_at_a_win_in_a_lesson_is_answered_in_the_coach_panel(app: Any) -> None:
    """Enter while a win is offered says "H to win, or Space to pass" as a message over the table's left
    column, which a lesson gives to the coach: pressing Enter at lesson 1's winning draw showed nothing."""
    scene = open_lesson(app, "basics")
    for _ in range(30):  # to the step that offers the win
        kind = settle(app, scene)
        if kind == "move" and scene.controls.actions.get("hu"):
            break
        if kind == "continue":
            key(app, pygame.K_RETURN)
        else:
            do(app, scene, scene.runner.prompt().expected[0])
    assert scene.controls.actions.get("hu"), "the win never came"
    key(app, pygame.K_RETURN)
    assert scene.note is not None, "Enter at the win said nothing the learner can see"
    assert app.tr("table.enter_win") in scene.note.markup
    assert scene.controls.actions.get("hu"), "Enter must not take or pass up the win"


def test_undo_back_restart_and_skip_buttons(app: Any) -> None:
    scene = open_lesson(app, "kaimen")
    assert settle(app, scene) == "continue"
    click_widget(app, scene.lesson_buttons["continue"])
    assert settle(app, scene) == "move"
    start = len(scene.runner.events)
    do(app, scene, scene.runner.prompt().expected[0])  # the concealed kong
    assert settle(app, scene) == "move" and scene.runner.progress().index == 2
    click_widget(app, scene.lesson_buttons["undo"])
    assert len(scene.runner.events) == start and scene.runner.progress().index == 1
    settle(app, scene)
    assert scene.shown_at == scene.driver.cursor.position == len(scene.runner.events)  # redrawn at once
    click_widget(app, scene.lesson_buttons["skip"])  # the coach makes the kong
    assert settle(app, scene) == "move" and scene.runner.progress().index == 2
    click_widget(app, scene.lesson_buttons["back"])
    assert settle(app, scene) == "move" and scene.runner.progress().index == 1
    click_widget(app, scene.lesson_buttons["hint"])
    assert scene.note is not None and scene.note.kind == "hint" and "[[4444p]]" in scene.note.markup
    click_widget(app, scene.lesson_buttons["restart"])
    assert settle(app, scene) == "continue" and scene.runner.progress().index == 0 and scene.note is None


def test_the_list_continues_a_lesson_where_it_stopped_and_saves_it(app: Any) -> None:
    from game.tutorial.progress import Progress, save_progress

    save_progress(Progress().with_lesson("basics", "done").with_lesson("calls", "done"), app_paths())
    save_progress(load_progress(app_paths()).progress.with_lesson("kaimen", "started", 3), app_paths())
    app.nav.lessons()
    lessons = app.scenes.top
    assert isinstance(lessons, LessonListScene) and lessons.entry is not None and lessons.entry.id == "kaimen"
    assert lessons.action_buttons["start"].text == "Continue (step 4)"
    key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert (
        isinstance(scene, LessonScene) and scene.runner.progress().index >= 3
    )  # steps 1-3 made by the coach
    play_through(app, scene)
    assert load_progress(app_paths()).progress.lesson("kaimen").status == "done"
    click_widget(app, scene.lesson_buttons["list"])
    assert app.scenes.top is lessons
    step(app)
    assert lessons.status_text(lessons.entries[2]) == "Done"


def test_the_practice_hand_after_a_lesson(app: Any) -> None:
    scene = open_lesson(app, "kaimen", start_step=len(lesson("kaimen").steps))
    assert settle(app, scene) == "done"
    click_widget(app, scene.lesson_buttons["practice_hand"])
    practice = app.scenes.top
    assert isinstance(practice, LessonScene) and practice.practice
    assert settle(app, practice) == "free"
    before = len(practice.runner.events)
    menu = practice.lesson_driver.decision()
    assert menu is not None
    tile = next(iter(sorted(menu.discardable)))
    click_tile(app, practice, tile)
    assert len(practice.runner.events) > before
    settle(app, practice)
    key(app, pygame.K_u)  # undo
    assert len(practice.runner.events) == before


def test_a_why_not_in_a_normal_game_opens_its_lesson(app: Any) -> None:
    from game.match_config import MatchConfig
    from game.ui.table.scene import start_table

    table = start_table(app, MatchConfig(hands=1, seed=5))
    app.push(table)
    for _ in range(3000):
        step(app)
        if table.controls.decision_token is not None and not table.busy and table.shown.turn == 0:
            break
    assert not table.controls.bar.buttons["ting"].is_enabled
    click(
        app, table.controls.bar.buttons["ting"].rect.center
    )  # a greyed 听: why not, and which lesson says why
    toast = table.overlays.toast
    assert toast is not None and toast.lesson is not None
    assert toast.lesson.id in ("kaimen", "tingpai")
    step(app)
    key(app, pygame.K_l)
    opened = app.scenes.top
    assert isinstance(opened, LessonScene) and opened.lesson.id == toast.lesson.id
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes.top.focus_order[0])  # leave the lesson
    assert app.scenes.top is table


def test_the_ai_hints_are_off_in_a_lesson_and_come_back_after(app: Any) -> None:
    app.update_settings(save=False, hints=2)
    scene = open_lesson(app, "kaimen")
    assert app.settings.hints == 0
    assert settle(app, scene) == "continue"
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes.top.focus_order[0])  # leave the lesson
    assert app.scenes.top is not scene and app.settings.hints == 2


def test_a_mistake_with_its_part_plays_it_out_then_comes_back(app: Any) -> None:
    scene = open_lesson(app, "kadang")
    assert settle(app, scene) == "continue"
    key(app, pygame.K_RETURN)
    assert settle(app, scene) == "move"
    before = len(scene.runner.events)
    nine = hand_tile(scene, "9m")
    do(app, scene, Discard(nine, ting=True))  # ready on two waits: the part shows that win, for half
    assert scene.note is not None and "not kadang" in scene.note.markup
    assert scene.runner.progress().part is not None
    for _ in range(10):
        kind = settle(app, scene)
        if scene.runner.progress().part is None:
            break
        assert kind == "continue"
        key(app, pygame.K_RETURN)
    assert settle(app, scene) == "move" and len(scene.runner.events) == before  # back before the mistake
    assert scene.driver.cursor.position == before == scene.shown_at
    assert nine in scene.shown.hand
