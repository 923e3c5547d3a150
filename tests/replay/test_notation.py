"""The action notation: every legal action of real games written and read back to the same action,
the documented forms, and text that is no action refused with a reason."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from game.core.engine import step
from game.core.legal import legal_actions, pending_seats
from game.core.match import Game
from game.core.rules import PRESETS
from game.core.tiles import parse_kinds
from game.replay.notation import Move, NotationError, format_action, move_of, parse_move, to_action
from tests.positions import arrange
from tests.test_properties import random_match


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_every_legal_action_reads_back_as_itself(seed: int, preset: str) -> None:
    rules = PRESETS[preset]
    game, _ = random_match(seed, rules, hands=1, check=False)
    replay = Game.new(seed, rules, hands=1)
    for event in game.events[2:]:
        state = replay.state
        for seat in pending_seats(state):
            for action in legal_actions(state, seat):
                text = format_action(action, state)
                assert to_action(parse_move(text), state, seat) == action, text
        replay = Game.from_events([*replay.events, event])


def kinds(text: str) -> tuple[int, ...]:
    return tuple(parse_kinds(text))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("discard 5m", Move("discard", kinds("5m"))),
        ("ting 3p", Move("discard", kinds("3p"), ting=True)),
        ("discard 3p ting", Move("discard", kinds("3p"), ting=True)),
        ("ting 3p zhidui 5m", Move("discard", kinds("3p"), ting=True, lock=kinds("5m")[0])),
        ("ting 3p ZHIDUI 55m", Move("discard", kinds("3p"), ting=True, lock=kinds("5m")[0])),
        ("chi 345m", Move("chi", kinds("345m"))),
        ("chi 534m", Move("chi", kinds("345m"))),
        ("chi 35m", Move("chi", kinds("35m"))),
        ("chi 345m ting", Move("chi", kinds("345m"), ting=True)),
        ("chiting 345m", Move("chi", kinds("345m"), ting=True)),
        ("peng 7z", Move("peng", kinds("7z"))),
        ("PENG 中", Move("peng", kinds("7z"))),
        ("pengting 7z", Move("peng", kinds("7z"), ting=True)),
        ("peng 77z ting", Move("peng", kinds("7z"), ting=True)),
        ("gang 9s", Move("gang", kinds("9s"))),
        ("gang 999s", Move("gang", kinds("9s"))),
        ("angang 9999s", Move("angang", kinds("9s"))),
        ("jiagang 9s", Move("jiagang", kinds("9s"))),
        ("hu", Move("hu")),
        (" pass ", Move("pass")),
    ],
)
def test_the_documented_forms(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fold",
        "discard",
        "discard 5m 6m",
        "discard 0m",
        "chi 357m",
        "chi 89m1p",
        "chi 7z8z",
        "peng 5m6m",
        "hu 5m",
        "pass ting",
        "gang 9s ting",
        "jiagang 19s",
        "discard 5x",
        "discard 3p zhidui 5m",
        "ting 3p zhidui",
        "ting 3p zhidui 56m",
        "peng 7z zhidui 5m",
    ],
)
def test_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert str(info.value) and "\n" not in str(info.value)


def test_canonical_texts() -> None:
    game = arrange(turn="E", hands={"E": "123456789m 1p 5p 7z 19s", "S": "46m 2345p 11s 789s 7z"})
    state = game.state
    assert format_action(Discard(state.hands[0][0]), state) == "discard 1m"
    assert format_action(Discard(state.hands[0][0], ting=True), state) == "ting 1m"
    assert move_of(Hu(), state).text() == "hu" and move_of(Pass(), state).text() == "pass"
    locking = Discard(44, ting=True, zhidui=16)  # 3p, locking the pair of 5m
    assert format_action(locking, state) == "ting 3p zhidui 5m"
    assert parse_move("ting 3p zhidui 5m") == move_of(locking, state)
    assert move_of(AnGang((104, 105, 106, 107)), state).text() == "angang 9s"
    assert move_of(JiaGang(107), state).text() == "jiagang 9s"
    assert move_of(Gang((104, 105, 106)), state).text() == "gang 9s"
    assert move_of(Peng((108, 109), ting=True), state).text() == "peng 7z ting"
    discarded = step(state, 0, Discard(next(t for t in state.hands[0] if t >> 2 == 4)))  # 5m
    assert not isinstance(discarded, Refusal)
    after = discarded[0]
    chi = next(a for a in legal_actions(after, 1) if isinstance(a, Chi))
    assert format_action(chi, after) == "chi 456m"
    assert to_action(parse_move("chi 46m"), after, 1) == chi
    assert isinstance(to_action(parse_move("peng 5m"), after, 1), str)  # S holds no pair of 5m


def test_an_action_the_hand_cannot_make_says_why() -> None:
    game = arrange(turn="E", hands={"E": "123456789m 1p 5p 7z 19s"})
    assert to_action(parse_move("discard 8s"), game.state, 0) == "the hand holds no 8s"
    made = to_action(parse_move("ting 1p"), game.state, 0)
    assert isinstance(made, Discard) and made.ting  # built, so that the engine can say why not
    assert isinstance(to_action(parse_move("peng 7z"), game.state, 0), str)
    assert isinstance(to_action(parse_move("pass"), game.state, 0), Pass)
    assert isinstance(to_action(parse_move("peng 1p"), game.state, 0), str)
    assert isinstance(to_action(parse_move("chi 123p"), game.state, 0), str)
