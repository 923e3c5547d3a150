"""The drill screen answered right and wrong by posted clicks and keys, every kind, marked by the engine."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.tiles import kind_code, parse_kinds
from game.paths import app_paths
from game.tutorial.drills import grade, make_drill
from game.tutorial.progress import REVIEW_GAPS, load_progress
from game.ui.lessons.drills import DrillScene
from game.ui.words.drill_answers import right_choices
from tests.ui.harness import click, click_widget, key, step

SEED = 11


def open_drills(app: Any, kind: str) -> DrillScene:
    scene = DrillScene(app, kinds=(kind,), seed=SEED)
    app.push(scene)
    step(app)
    return scene


def drawn(scene: DrillScene) -> str:
    return "\n".join(d.text for d in scene.text.items)


def number_key(index: int) -> int:
    return pygame.K_1 + index


def answer_by_choice(app: Any, scene: DrillScene, right: bool) -> None:
    """Press the number of a right choice, or click a wrong one."""
    good = right_choices(scene.drill, scene.options)
    assert good, scene.drill["id"]
    if right:
        key(app, number_key(good[0]))
    else:
        wrong = next(i for i in range(len(scene.options)) if i not in good)
        click_widget(app, scene.choice_buttons[wrong])


def type_text(app: Any, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text, window=None))
    step(app)


def answer_payment(app: Any, scene: DrillScene, right: bool) -> None:
    """Type what each loser pays (one more with the + button when wrong) and press Check."""
    net = scene.drill["answer"]["payments"]
    winner = scene.drill["winner"]
    for i, (seat, entry) in enumerate(scene.entries.items()):
        assert seat != winner
        if i == 0:
            click_widget(app, entry)
        else:
            key(app, pygame.K_TAB)  # Tab goes on to the next loser's amount
        assert entry.is_focused
        type_text(app, str(-net[seat]))
    if not right:
        seat = next(iter(scene.entries))
        plus = next(b for b in scene.actions if b.text == "+" and b.rect.y == scene.entries[seat].rect.y)
        click_widget(app, plus)
    click_widget(app, scene.check_button)


def answer_discard(app: Any, scene: DrillScene, right: bool) -> None:
    """Click the hand tiles whose discard allows 听 (one copy each), or a wrong set, then Enter."""
    hand = parse_kinds(scene.drill["tiles"])
    good = set(scene.drill["answer"]["ting_discards"])
    wanted: list[int] = []
    for i, kind in enumerate(hand):
        code = kind_code(kind)
        if code in good and all(kind_code(hand[j]) != code for j in wanted):
            wanted.append(i)
    if not right:  # a tile whose discard does not allow 听, or (if every one does) none at all
        wanted = [i for i, k in enumerate(hand) if kind_code(k) not in good][:1]
    assert scene.board is not None
    for i in wanted:
        click(app, scene.board.picks[i].center)
    assert scene.picked == set(wanted)
    twins = [j for j, k in enumerate(hand) if j not in wanted and any(hand[i] == k for i in wanted)]
    if twins:  # another copy of a picked kind unpicks the kind, and picks it again
        click(app, scene.board.picks[twins[0]].center)
        assert scene.picked == set(wanted) - {i for i in wanted if hand[i] == hand[twins[0]]}
        click(app, scene.board.picks[twins[0]].center)
        assert len(scene.picked) == len(wanted)
    key(app, pygame.K_RETURN)


@pytest.mark.parametrize("kind", ["ting", "discard", "kadang", "bao", "payment"])
def test_each_kind_answered_right_then_wrong_with_the_explanation(app: Any, kind: str) -> None:
    scene = open_drills(app, kind)
    for right in (True, False):
        drill = scene.drill
        assert drill["kind"] == kind and not scene.next_button.is_enabled
        if kind == "payment":
            answer_payment(app, scene, right)
        elif kind == "discard":
            answer_discard(app, scene, right)
        else:
            answer_by_choice(app, scene, right)
        assert scene.result is not None and scene.result.correct is right, drill["id"]
        text = drawn(scene)
        assert ("Right!" if right else "Not quite.") in text
        assert drill["explanation"]["en"][:30] in text.replace("\n", " ")
        assert scene.next_button.is_enabled
        key(app, pygame.K_RETURN)  # the next question
        assert scene.drill["id"] != drill["id"] and scene.result is None
    saved = load_progress(app_paths()).progress
    assert saved.answered == 2 and [i.kind for i in saved.review] == [kind]


def test_the_explanation_is_the_engines_and_chinese_works(app: Any) -> None:
    app.update_settings(save=False, language="zh")
    scene = open_drills(app, "kadang")
    drill = scene.drill
    answer_by_choice(app, scene, right=False)
    text = drawn(scene).replace("\n", "")
    assert "不对。正确答案" in text
    assert drill["explanation"]["zh"][:12] in text
    assert grade(drill, {"kadang": not drill["answer"]["kadang"]}).correct is False


def test_a_missed_drill_comes_back_for_review(app: Any) -> None:
    scene = open_drills(app, "ting")
    missed = scene.drill["id"]
    answer_by_choice(app, scene, right=False)
    key(app, pygame.K_RETURN)
    for _ in range(REVIEW_GAPS[0]):  # it comes back after this many other answers
        assert scene.drill["id"] != missed and not scene.review
        answer_by_choice(app, scene, right=True)
        key(app, pygame.K_RETURN)
    assert scene.review and scene.drill["id"] == missed
    step(app)
    assert "Review" in drawn(scene)
    answer_by_choice(app, scene, right=True)  # right on review: it leaves the queue
    assert load_progress(app_paths()).progress.review == ()


def test_all_kinds_take_turns_and_the_bar_chooses_one(app: Any) -> None:
    scene = DrillScene(app, seed=SEED)
    app.push(scene)
    step(app)
    kinds = []
    for _ in range(5):
        kinds.append(scene.drill["kind"])
        scene.ask_next()
    assert kinds == ["ting", "discard", "kadang", "bao", "payment"]
    click_widget(app, scene.kind_buttons["bao"])
    assert scene.drill == make_drill("bao", SEED, 0)  # the same question for the same seed and number
    assert scene.kind_buttons["bao"].is_selected and not scene.kind_buttons["all"].is_selected


def test_seed_is_for_the_table_or_the_drills(capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui.app import run_app

    with pytest.raises(SystemExit) as done:
        run_app(["--scene", "lessons", "--seed", "3"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seed needs --scene table or --scene drills" in err
    assert run_app(["--scene", "drills", "--seed", "3", "--frames", "2"]) == 0
    pygame.quit()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_discard_drill_by_keyboard_alone_with_its_keys_said(app: Any, lang: str) -> None:
    """"Which discards allow 听" is answered by keyboard (←→ move, Space selects, Enter checks), but the
    screen said only "click": a player pressing Enter to pick the ringed tile checked an empty answer.
    The line over the tiles names the keys, and they do what it says."""
    app.update_settings(save=False, language=lang)
    scene = open_drills(app, "discard")
    said = drawn(scene)
    assert "←→" in said and "Enter" in said and ("空格" if lang == "zh" else "Space") in said
    hand = parse_kinds(scene.drill["tiles"])
    good = set(scene.drill["answer"]["ting_discards"])
    wanted: list[int] = []
    for i, kind in enumerate(hand):
        if kind_code(kind) in good and all(hand[j] != kind for j in wanted):
            wanted.append(i)
    for i in wanted:
        while scene.focus_tile != i:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
    assert scene.picked == set(wanted)
    key(app, pygame.K_RETURN)
    assert scene.result is not None and scene.result.correct, scene.drill["id"]
