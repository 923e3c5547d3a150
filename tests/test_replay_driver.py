"""The replay driver: a saved log shown read only — steps forward are handed to the table one by one,
back and seek move at once, nothing can be played, and the match result comes after the last hand."""

from __future__ import annotations

from game.core.actions import Pass
from game.core.events import MatchEnded, RoundStarted
from game.core.state import fold
from game.table.driver import AiSeats, hand_result, match_result
from game.table.replay import ReplayDriver, as_table_driver

from .test_cursor import match_log


def test_steps_are_shown_one_at_a_time_and_only_when_asked() -> None:
    events = match_log(0)
    driver = ReplayDriver(events)
    assert driver.caught_up and driver.show_next() is None and driver.cursor.position == 1
    driver.step_forward()
    assert not driver.caught_up
    assert isinstance(driver.show_next(), RoundStarted) and driver.show_next() is None
    driver.play()
    shown = [driver.show_next() for _ in range(5)]
    assert shown == list(events[2:7]) and driver.cursor.position == 7
    driver.pause()
    assert driver.show_next() is None and driver.caught_up


def test_back_and_seek_move_at_once_and_stop_playing() -> None:
    events = match_log(1)
    driver = ReplayDriver(events, position=40)
    driver.play()
    driver.back()
    assert not driver.playing and driver.cursor.position == 39 and driver.cursor.state == fold(events[:39])
    driver.to_hand(2)
    assert driver.cursor.state.hand_no == 2 and isinstance(driver.cursor.event, RoundStarted)
    driver.seek(len(events))
    assert driver.cursor.at_end and driver.match_over


def test_nothing_is_played_and_every_button_says_why_not() -> None:
    events = match_log(2)
    driver = as_table_driver(ReplayDriver(events, position=30))
    assert driver.decision() is None and not isinstance(driver, AiSeats)
    refusal = driver.submit(Pass())
    assert refusal is not None and refusal.code
    assert set(driver.menu().reasons) == {"chi", "peng", "gang", "ting", "hu", "pass"}
    assert len(driver.cursor) == len(events)


def test_results_after_each_hand_and_the_match() -> None:
    events = match_log(0)
    driver = ReplayDriver(events, header={"preset": "S1"})
    ends = [i for i in range(2, len(events)) if isinstance(events[i], RoundStarted | MatchEnded)]
    driver.seek(ends[0])
    assert driver.cursor.state.phase == "round_over" and not driver.match_over
    result = hand_result(driver, ["E", "S", "W", "N"])
    assert not result.last_hand and result.view.revealed_hands is not None
    driver.advance()
    assert isinstance(driver.show_next(), RoundStarted)
    driver.seek(ends[-1])
    assert driver.match_over and hand_result(driver, "ESWN").last_hand
    summary = match_result(driver, "ESWN")
    assert len(summary.records) == 4 and summary.scores == fold(events).scores
    assert driver.preset == "S1" and driver.levels() == ("random",) * 4
