"""The replay cursor: a seek lands on the same state as folding the log up to there, a step back undoes
a step forward, and the hand boundaries and decisions it reports are the log's."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.events import Event, RoundStarted
from game.core.match import Game
from game.core.rules import PRESETS
from game.core.state import State, apply, fold
from game.core.view import event_view, view
from game.replay.cursor import EventCursor
from game.replay.verify import decision_of

PROFILE = settings(max_examples=40, deadline=None)


@functools.cache
def match_log(seed: int, hands: int = 4) -> tuple[Event, ...]:
    """A self-play match of four random players (calls, kongs, 听 and wins of all kinds)."""
    players = [make_player("random", seed * 4 + seat) for seat in range(4)]
    return tuple(play_match(players, seed, PRESETS["standard"], hands=hands).game.events)


def logs() -> st.SearchStrategy[tuple[Event, ...]]:
    return st.sampled_from([0, 1, 2]).map(match_log)


@PROFILE
@given(logs(), st.data())
def test_a_seek_equals_folding_the_log_up_to_there(events: tuple[Event, ...], data: st.DataObject) -> None:
    cursor = EventCursor(events, snapshot_every=16)
    for _ in range(3):
        i = data.draw(st.integers(1, len(events)))
        cursor.seek(i)
        assert cursor.position == i
        assert cursor.state == fold(events[:i])
        assert cursor.state.events_applied == i
        assert cursor.event == events[i - 1]


@PROFILE
@given(logs(), st.data())
def test_back_undoes_forward(events: tuple[Event, ...], data: st.DataObject) -> None:
    cursor = EventCursor(events, data.draw(st.integers(1, len(events) - 1)))
    before: State = cursor.state
    position = cursor.position
    stepped = cursor.forward()
    assert stepped == events[position]
    assert cursor.back() == stepped
    assert cursor.position == position and cursor.state == before
    # and over many steps: forward k, back k
    k = data.draw(st.integers(1, 60))
    moved = 0
    while moved < k and cursor.forward() is not None:
        moved += 1
    for _ in range(moved):
        cursor.back()
    assert cursor.position == position and cursor.state == before


@PROFILE
@given(logs(), st.data())
def test_before_is_the_state_one_event_earlier_after_a_step_or_a_seek(
    events: tuple[Event, ...], data: st.DataObject
) -> None:
    cursor = EventCursor(events, snapshot_every=16)
    assert cursor.before == cursor.state  # at the start there is nothing earlier
    i = data.draw(st.integers(2, len(events) - 1))
    cursor.seek(i)
    assert cursor.before == fold(events[: i - 1])
    was = cursor.state
    cursor.forward()
    assert cursor.before is was  # a step keeps the state it stepped from
    cursor.back()
    assert cursor.before == fold(events[: i - 1])


def test_the_ends_of_the_log() -> None:
    events = match_log(0)
    cursor = EventCursor(events)
    assert cursor.at_start and cursor.back() is None and cursor.position == 1
    cursor.seek(len(events))
    assert cursor.at_end and cursor.forward() is None and cursor.state == fold(events)
    for bad in (0, len(events) + 1):
        try:
            cursor.seek(bad)
        except IndexError:
            pass
        else:
            raise AssertionError(f"seek({bad}) was accepted")


def test_hands_and_decisions_are_the_logs() -> None:
    events = match_log(1)
    cursor = EventCursor(events)
    starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
    assert list(cursor.hands) == starts and len(starts) == 4
    for n, index in enumerate(starts):
        cursor.seek(cursor.hand_start(n))
        assert cursor.event is events[index] and cursor.state.hand_no == n
        assert cursor.hand_at() == n
        assert cursor.hand_at(index) == n - 1  # just before its round_started
    expected = []
    state = fold(events[:1])
    for i in range(1, len(events)):
        found = decision_of(state, events, i)
        if found is not None:
            expected.append((i, found[0]))
        state = apply(state, events[i])
    assert [(d.index, d.seat) for d in cursor.decisions] == expected


def test_views_at_the_cursor_are_the_seats() -> None:
    events = match_log(2)
    cursor = EventCursor(events)
    cursor.seek(len(events) // 2)
    for seat in range(4):
        assert cursor.view(seat) == view(cursor.state, seat)
        assert cursor.seen(seat) == event_view(cursor.event, seat, cursor.state)


def test_a_growing_log_with_the_engines_states_is_never_folded_again() -> None:
    """A live match: the engine's trace is handed to the cursor, and stepping over it takes those states."""
    game = Game.new(3, PRESETS["standard"], hands=1)
    cursor = EventCursor(game.events, len(game.events))
    players = [make_player("random", seat) for seat in range(4)]
    while game.state.phase != "round_over":
        seat = game.pending()[0]
        trace: list[State] = []
        action = players[seat].decide(view(game.state, seat), game.legal_actions(seat)).action
        new = game.submit(seat, action, trace)
        assert isinstance(new, list)
        cursor.extend(new, trace)
        assert cursor.behind == len(new)
        while cursor.forward() is not None:
            pass
        assert cursor.state is game.state  # the engine's own object: no second fold
    assert list(cursor.events) == game.events
    assert cursor.state == fold(game.events)
    assert EventCursor(game.events, len(game.events)).decisions == cursor.decisions


@PROFILE
@given(logs(), st.data())
def test_truncating_the_log_is_opening_the_shorter_one(
    events: tuple[Event, ...], data: st.DataObject
) -> None:
    """A lesson's undo: the log loses its last events, wherever the cursor stood."""
    cursor = EventCursor(events, data.draw(st.integers(1, len(events))), snapshot_every=8)
    length = data.draw(st.integers(1, len(events)))
    cursor.truncate(length)
    fresh = EventCursor(events[:length], min(cursor.position, length))
    assert len(cursor) == length and cursor.position == fresh.position and cursor.state == fresh.state
    assert cursor.last_state == fold(events[:length]) and cursor.upcoming == fresh.upcoming
    assert cursor.hands == fresh.hands and cursor.decisions == fresh.decisions
    cursor.seek(1)
    cursor.seek(length)
    assert cursor.state == fold(events[:length]) and cursor.upcoming is None
