"""Lesson conditions: ``payments`` names every seat's change (a seat left out must not have moved), and
every condition counts only what happened since the lesson's table began, never the events before it."""

from __future__ import annotations

from pathlib import Path

from game.core.events import BaoReplaced, RoundStarted, Settled
from game.core.state import fold
from game.scenario import load_scenario, run_scenario
from game.tutorial.conditions import parse_condition, payments_since
from tests.replay.helpers import recorded_match

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def test_payments_must_match_for_every_seat_not_only_the_named_ones() -> None:
    events = run_scenario(load_scenario(SCENARIOS / "jiehu_one_winner.toml")).events
    state = fold(events)
    assert payments_since(events) == {0: 0, 1: 14, 2: 0, 3: -14}
    whole = parse_condition({"payments": {"E": 0, "S": 14, "W": 0, "N": -14}}, "check")
    assert whole.holds(state, events, 0)
    assert parse_condition({"payments": {"S": 14, "N": -14}}, "check").holds(state, events, 0)  # E, W: 0
    winner_only = parse_condition({"payments": {"S": 14}}, "check")
    failed = winner_only.failures(state, events, 0)
    assert failed and failed[0].startswith("payments: expected") and "'N': -14" in failed[0]
    assert not parse_condition({"payments": {"S": 14, "N": -14, "E": 3}}, "check").holds(state, events, 0)


def test_conditions_count_only_the_events_since_the_lesson_began() -> None:
    _, events = recorded_match(91, levels=("greedy",) * 4, hands=3)
    starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
    first_pays = payments_since(events[: starts[1]])
    assert any(first_pays.values()), "the first hand must move some scores for this test"
    since = starts[-1]
    state = fold(events)
    last = payments_since(events[since:])
    letters = "ESWN"
    condition = parse_condition({"payments": {letters[s]: n for s, n in last.items()}}, "check")
    assert condition.holds(state, events, since)
    assert not condition.holds(state, events, 0)  # the earlier hands' payments are not the lesson's
    assert sum(isinstance(e, Settled) for e in events[since:]) >= 1


def test_bao_replacements_are_counted_from_the_lessons_start() -> None:
    events = run_scenario(load_scenario(SCENARIOS / "huanbao_own_peng.toml")).events
    state = fold(events)
    swap = next(i for i, e in enumerate(events) if isinstance(e, BaoReplaced))
    once = parse_condition({"bao_replaced": 1}, "check")
    none = parse_condition({"bao_replaced": 0}, "check")
    assert once.holds(state, events, 0) and not none.holds(state, events, 0)
    assert none.holds(state, events, swap + 1) and not once.holds(state, events, swap + 1)


def test_ting_and_not_ting_name_each_seat() -> None:
    events = run_scenario(load_scenario(SCENARIOS / "jiehu_one_winner.toml")).events
    state = fold(events)  # S and W declared 听; E and N did not
    assert parse_condition({"ting": "SW"}, "x").holds(state, events, 0)
    assert parse_condition({"not_ting": "EN"}, "x").holds(state, events, 0)
    assert not parse_condition({"not_ting": "ES"}, "x").holds(state, events, 0)
    assert parse_condition({"not_ting": "W"}, "x").failures(state, events, 0) == [
        "not_ting: expected W, found not for W"
    ]
    assert not parse_condition({"ting": "N"}, "x").holds(state, events, 0)
