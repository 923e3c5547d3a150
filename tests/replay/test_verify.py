"""``verify``: a log is valid only when every hand starts as the match's dealer rules say, the match ends
after its last hand, and every decision is the engine's; each way a log can lie is refused at its event."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.events import Event, MatchEnded, MatchStarted, RoundStarted, Settled, TileDiscarded
from game.core.match import round_event
from game.core.rules import RuleSet
from game.core.state import initial_state
from game.replay.verify import complete_prefix, verify_events
from tests.replay.helpers import recorded_match


def starts(events: tuple[Event, ...]) -> list[int]:
    return [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]


def test_a_recorded_match_verifies() -> None:
    _, events = recorded_match(81, levels=("greedy",) * 4, hands=3)
    result = verify_events(events)
    assert result.ok and result.hands == 3 and result.events == len(events)


def test_the_first_hand_of_a_match_after_three_draws_has_a_liable_dealer() -> None:
    started = MatchStarted(5, RuleSet().to_dict(), 4, 2, draw_streak=3)
    state = initial_state(started)
    liable = round_event(state, 0, 2, True)
    assert verify_events([started, liable]).ok
    for wrong in (replace(liable, liable=False), replace(liable, dealer=3)):
        result = verify_events([started, wrong])
        assert not result.ok and result.index == 1 and "first hand must be dealt" in result.error
    plain = MatchStarted(5, RuleSet().to_dict(), 4, 2)
    result = verify_events([plain, liable])  # no streak: a liable dealer is not the rules'
    assert not result.ok and result.index == 1 and "liable=False" in result.error
    off = MatchStarted(5, RuleSet().replace(three_draw_liability=False).to_dict(), 4, 2, draw_streak=3)
    assert verify_events([off, round_event(initial_state(off), 0, 2, False)]).ok


def test_match_ended_one_hand_early_is_refused() -> None:
    _, events = recorded_match(82, levels=("greedy",) * 4, hands=2)
    last = starts(events)[-1]
    scores = next(e.scores for e in reversed(events[:last]) if isinstance(e, Settled))
    early = (*events[:last], MatchEnded(tuple(scores)))
    result = verify_events(early)
    assert not result.ok and result.index == last and result.error == "match_ended before the last hand"
    assert complete_prefix(early).error is not None  # no resume or library accepts it either
    cut = events[: starts(events)[0] + 2]
    result = verify_events((*cut, MatchEnded((0, 0, 0, 0))))
    assert not result.ok and result.index == len(cut)  # and never in the middle of a hand


def test_a_hand_dealt_by_the_wrong_seat_or_twice_is_refused() -> None:
    _, events = recorded_match(83, levels=("greedy",) * 4, hands=2)
    second = starts(events)[1]
    hand = events[second]
    assert isinstance(hand, RoundStarted)
    wrong = (*events[:second], replace(hand, dealer=(hand.dealer + 1) % 4), *events[second + 1 :])
    result = verify_events(wrong)
    assert not result.ok and result.index == second and "next dealer should be" in result.error
    again = (*events[: second + 3], hand, *events[second + 3 :])
    result = verify_events(again)
    assert not result.ok and result.index == second + 3


def test_a_later_hand_whose_dealer_is_called_liable_without_three_draws_is_refused() -> None:
    _, events = recorded_match(83, levels=("greedy",) * 4, hands=2)
    second = starts(events)[1]
    hand = events[second]
    assert isinstance(hand, RoundStarted) and not hand.liable
    lying = (*events[:second], replace(hand, liable=True), *events[second + 1 :])
    result = verify_events(lying)
    assert not result.ok and result.index == second and "liable=False" in result.error


@pytest.mark.parametrize("change", ["tile", "seat", "drop", "extra_end"])
def test_a_changed_move_is_refused_at_its_event(change: str) -> None:
    _, events = recorded_match(84, levels=("greedy",) * 4, hands=1)
    i = next(i for i, e in enumerate(events) if isinstance(e, TileDiscarded) and i > 20)
    ev = events[i]
    assert isinstance(ev, TileDiscarded)
    if change == "tile":
        bad = (*events[:i], replace(ev, tile=(ev.tile + 37) % 112), *events[i + 1 :])
    elif change == "seat":
        bad = (*events[:i], replace(ev, seat=(ev.seat + 2) % 4), *events[i + 1 :])
    elif change == "drop":
        bad = (*events[:i], *events[i + 1 :])
    else:
        bad = (*events, events[-2])
        i = len(events)
    result = verify_events(bad)
    assert not result.ok and result.index == i, result
