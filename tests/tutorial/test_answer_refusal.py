"""The coach answers a move refused before it was tried (a greyed button) as it answers the move itself."""

from __future__ import annotations

from game.core.actions import Discard, Hu
from game.core.engine import explain_refusal
from game.tutorial.lesson import PERSON
from game.tutorial.links import load_links
from game.tutorial.runner import LessonRunner

from .test_runner import lesson, settle_until_asked, tile

LINKS = load_links()


def test_a_greyed_ting_gets_the_lessons_mistake_and_a_greyed_win_the_engines_why_not() -> None:
    runner = LessonRunner(lesson("kaimen"), LINKS)
    assert settle_until_asked(runner) == "move"
    kong = next(a for a in runner.prompt().legal if a.type == "angang")
    assert runner.submit(kong).kind == "accepted"
    assert settle_until_asked(runner) == "move"
    state = runner.game.state
    ting = Discard(tile(state, "9p"), ting=True)
    refusal = explain_refusal(state, PERSON, ting)
    by_button = runner.answer_refusal(refusal)
    by_move = runner.submit(ting)
    assert by_button.kind == by_move.kind == "mistake"
    assert by_button.coach == by_move.coach and by_button.coach is not None
    assert "concealed kong does not open" in by_button.coach.en and by_button.lesson == "kaimen"
    win = explain_refusal(state, PERSON, Hu())
    answer = runner.answer_refusal(win)
    assert answer.kind == "refused" and answer.refusal == win and answer.coach is not None
    assert len(runner.events) == len(runner.game.events)  # nothing was played


def test_no_answer_while_the_lesson_is_not_asking() -> None:
    runner = LessonRunner(lesson("kaimen"), LINKS)
    assert runner.prompt().kind == "continue"
    refusal = explain_refusal(runner.game.state, PERSON, Hu())
    assert runner.answer_refusal(refusal).kind == "not_waiting"


def test_show_me_names_the_steps_move_as_an_action() -> None:
    runner = LessonRunner(lesson("kaimen"), LINKS)
    assert runner.prompt().kind == "continue" and runner.hint_action() is None
    assert settle_until_asked(runner) == "move"
    shown = runner.hint_action()
    assert shown is not None and shown.type == "angang" and shown in runner.prompt().expected
    for _ in range(20):  # every step's shown move is accepted, free play's solution included
        kind = settle_until_asked(runner)
        if kind == "done":
            break
        action = runner.hint_action()
        assert action is not None and runner.hint() is not None
        assert runner.submit(action).kind == "accepted"
    assert runner.progress().done
