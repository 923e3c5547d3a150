"""The lesson runner on the real engine: the 开门, 宝中宝 and 换宝 lessons played by the person's moves,
one wrong move each with its explanation, and undo, back, restart, skip, parts and the practice hand."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import Action, Chi, Discard, Hu, Pass
from game.core.events import BaoReplaced
from game.core.events import Hu as HuEvent
from game.core.state import State
from game.core.tiles import parse_kinds
from game.tutorial.check import check_lesson
from game.tutorial.lesson import PERSON, Lesson, parse_lesson
from game.tutorial.links import load_links
from game.tutorial.loader import lessons_dir, load_lesson, read_document
from game.tutorial.runner import LessonRunner

LINKS = load_links()


def lesson(name: str) -> Lesson:
    path = next(p for p in lessons_dir().glob("*.toml") if p.stem.endswith(name))
    return load_lesson(Path(path))


def tile(state: State, code: str, drawn: bool = False) -> int:
    """A tile id of the person's hand (the drawn one if asked)."""
    kind = parse_kinds(code)[0]
    if drawn:
        assert state.drawn is not None and state.drawn >> 2 == kind
        return state.drawn
    return next(t for t in state.hands[PERSON] if t >> 2 == kind)


def settle_until_asked(runner: LessonRunner) -> str:
    """Let the lesson run (reading every coach step) until it asks for a move; the prompt kind."""
    for _ in range(100):
        prompt = runner.prompt()
        if prompt.kind == "auto":
            runner.advance(1)
        elif prompt.kind == "continue":
            assert runner.coach() is not None
            assert runner.proceed()
        else:
            return prompt.kind
    raise AssertionError("the lesson never asked for anything")


def play(runner: LessonRunner, action: Action) -> None:
    assert settle_until_asked(runner) == "move"
    outcome = runner.submit(action)
    assert outcome.kind == "accepted", outcome


def test_kaimen_completes_with_the_expected_moves_and_explains_the_closed_hand() -> None:
    runner = LessonRunner(lesson("kaimen"), LINKS)
    assert settle_until_asked(runner) == "move"
    state = runner.game.state
    kong = next(a for a in runner.prompt().legal if a.type == "angang")
    assert 48 in runner.lit().tiles and "gang" in runner.lit().buttons  # the four 4 Dots are lit
    play(runner, kong)
    assert settle_until_asked(runner) == "move"
    before = len(runner.events)
    wrong = runner.submit(Discard(tile(runner.game.state, "9p"), ting=True))
    assert wrong.kind == "mistake" and wrong.refusal is not None
    assert wrong.refusal.code == "ting_not_allowed" and "not_open" in wrong.refusal.blockers
    assert (
        wrong.lesson == "kaimen"
        and wrong.coach is not None
        and "concealed kong does not open" in wrong.coach.en
    )
    assert "暗杠不算开门" in wrong.coach.zh
    assert len(runner.events) == before  # nothing was played
    play(runner, Discard(tile(runner.game.state, "9p")))
    assert settle_until_asked(runner) == "move"
    state = runner.game.state
    assert state.last_discard is not None and state.last_discard >> 2 == parse_kinds("7p")[0]
    not_a_win = runner.submit(Hu())
    assert (
        not_a_win.kind == "mistake"
        and not_a_win.refusal is not None
        and not_a_win.refusal.code == "not_a_win"
    )
    passed = runner.submit(Pass())
    assert passed.kind == "unexpected" and passed.coach is not None and "chi" in passed.coach.en
    play(runner, Chi((tile(state, "6p"), tile(state, "8p"))))
    assert settle_until_asked(runner) == "free"  # free play until the hand is ready
    plain = runner.submit(Discard(tile(runner.game.state, "9s")))
    assert plain.kind == "accepted" and not runner.game.state.ting[PERSON]
    assert runner.undo() and runner.prompt().kind == "free"
    ting = next(a for a in runner.prompt().legal if isinstance(a, Discard) and a.ting)
    assert runner.submit(ting).kind == "accepted"
    assert settle_until_asked(runner) == "done"
    final = runner.game.state
    assert final.ting[PERSON] and final.is_open(PERSON)
    assert runner.progress().done and runner.progress().index == runner.progress().total


def test_baozhongbao_completes_for_36_and_a_discarded_win_gets_must_hu() -> None:
    runner = LessonRunner(lesson("baozhongbao"), LINKS)
    assert settle_until_asked(runner) == "move"
    two_waits = runner.submit(Discard(tile(runner.game.state, "4m"), ting=True))
    assert two_waits.kind == "mistake" and two_waits.refusal is None and two_waits.coach is not None
    assert "not kadang" in two_waits.coach.en
    play(runner, Discard(tile(runner.game.state, "7m"), ting=True))
    assert settle_until_asked(runner) == "move"
    state = runner.game.state
    assert state.drawn is not None and state.bao is not None and state.drawn >> 2 == state.bao >> 2
    refused = runner.submit(Discard(state.drawn))
    assert refused.kind == "mistake" and refused.refusal is not None and refused.refusal.code == "must_hu"
    assert refused.lesson == "jiehu"
    play(runner, Hu())
    win = runner.game.state.result
    assert isinstance(win, HuEvent) and win.kind == "baozhongbao" and win.kadang
    assert settle_until_asked(runner) == "done"
    assert runner.game.state.scores == (36, -12, -12, -12)


def test_huanbao_completes_with_two_replacements_and_explains_a_missing_ting() -> None:
    runner = LessonRunner(lesson("huanbao"), LINKS)
    assert settle_until_asked(runner) == "move"
    drawn = tile(runner.game.state, "3m", drawn=True)
    no_ting = runner.submit(Discard(drawn))
    assert no_ting.kind == "mistake" and no_ting.coach is not None and "never replaced" in no_ting.coach.en
    not_ready = runner.submit(Discard(tile(runner.game.state, "6s"), ting=True))
    assert not_ready.kind == "mistake" and not_ready.refusal is not None
    assert not_ready.refusal.blockers == ("not_ready",) and not_ready.lesson == "tingpai"
    play(runner, Discard(drawn, ting=True))
    seen: list[int] = []  # the 宝 whenever a coach step points at it
    for _ in range(100):
        kind = runner.prompt().kind
        if kind == "done":
            break
        if kind == "auto":
            runner.advance(1)
            continue
        assert kind == "continue"
        if "bao" in runner.lit().regions and runner.game.state.bao is not None:
            seen.append(runner.game.state.bao >> 2)
        runner.proceed()
    swaps = [e for e in runner.events[runner.since :] if isinstance(e, BaoReplaced)]
    assert [(e.old >> 2, None if e.new is None else e.new >> 2) for e in swaps] == [
        (parse_kinds("9m")[0], parse_kinds("2p")[0]),
        (parse_kinds("2p")[0], parse_kinds("7s")[0]),
    ]
    assert seen[0] == parse_kinds("9m")[0] and seen[-1] == parse_kinds("7s")[0]


def test_a_played_mistake_shows_its_part_and_comes_back() -> None:
    runner = LessonRunner(lesson("kadang"), LINKS)
    assert settle_until_asked(runner) == "move"
    before = len(runner.events)
    outcome = runner.submit(Discard(tile(runner.game.state, "9m"), ting=True))
    assert outcome.kind == "mistake" and outcome.events  # the wrong discard was really played
    assert runner.progress().part == "two-waits"
    runner.advance()
    won = runner.game.state.result
    assert isinstance(won, HuEvent) and not won.kadang and runner.game.state.scores == (9, -3, -3, -3)
    assert runner.proceed()  # the part's last coach line
    assert runner.progress().part is None and len(runner.events) == before
    assert runner.prompt().kind == "move"


def test_undo_back_restart_and_skip() -> None:
    runner = LessonRunner(lesson("basics"), LINKS)
    assert runner.submit(Discard(0)).kind == "not_waiting"  # a coach step: read first
    assert settle_until_asked(runner) == "move"
    start = len(runner.events)
    play(runner, Discard(tile(runner.game.state, "9p")))
    assert runner.progress().index > 3 and len(runner.events) > start
    assert runner.undo() and len(runner.events) == start and runner.prompt().kind == "move"
    assert not runner.undo()
    runner.skip_step()  # the coach discards the 9 Dots
    settle_until_asked(runner)
    assert runner.back() and runner.step is not None and runner.step.id == "first-discard"
    assert len(runner.events) == start
    runner.restart()
    assert runner.progress().index == 0 and len(runner.events) == runner.since


def test_the_practice_hand_plays_freely_with_undo() -> None:
    runner = LessonRunner.practice(lesson("kaimen"), LINKS)
    assert runner.error is None and settle_until_asked(runner) == "free"
    before = len(runner.events)
    legal = runner.prompt().legal
    assert runner.submit(legal[0]).kind == "accepted"
    runner.advance()
    assert len(runner.events) > before
    assert runner.undo() and len(runner.events) == before
    for _ in range(400):  # finish the hand with the coach's moves
        if runner.done:
            break
        runner.advance()
        runner.skip_step()
    assert runner.done and runner.error is None and runner.game.state.phase == "round_over"


def test_free_play_that_ends_the_hand_short_of_its_goal_is_stuck_and_can_be_undone() -> None:
    data = read_document(lessons_dir() / "01-basics.toml")
    free = {
        "id": "play-on",
        "coach": {"zh": "自由打牌。", "en": "Play on."},
        "free": {"until": {"bao_replaced": 5}},
    }
    data["steps"] = [*data["steps"][:3], free]
    runner = LessonRunner(parse_lesson(data, "free.toml"), LINKS)
    assert settle_until_asked(runner) == "free"
    for _ in range(300):
        if runner.prompt().kind == "stuck":
            break
        runner.advance()
        if runner.prompt().kind == "free":
            assert runner.submit(runner.prompt().legal[0]).kind == "accepted"
    assert runner.prompt().kind == "stuck" and runner.error is None
    assert runner.undo() and runner.prompt().kind in ("free", "auto")
    assert any("free play ended the hand first" in e for e in check_lesson(parse_lesson(data, "free.toml")))
