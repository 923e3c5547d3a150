"""The hint advisor ranks every legal action with a reason, best first, and agrees with the level."""

from __future__ import annotations

import pytest

from game.ai.advisor import rank
from game.ai.levels import CONFIGS
from game.ai.reasons import render_reason
from game.ai.registry import LEVELS, make_player
from game.core.actions import Hu
from tests.ai.helpers import arrange, play, seat_view


def positions():  # type: ignore[no-untyped-def]
    turn = arrange(turn="E", hands={"E": "234p 55p 9p 567s 67s"}, melds={"E": [("peng", "444m")]})
    claim = arrange(turn="S", hands={"E": "46m 789s 234p 9s 7z", "S": "5m"}, melds={"E": [("peng", "111p")]})
    play(claim, "S discard 5m")
    return [(turn, "E"), (claim, "E")]


@pytest.mark.parametrize("level", LEVELS)
def test_every_legal_action_is_ranked_with_a_reason(level: str) -> None:
    for game, seat in positions():
        view, legal = seat_view(game, seat)
        ranked = rank(view, legal, level)
        assert sorted(d.action.describe() for d in ranked) == sorted(a.describe() for a in legal)
        for d in ranked:
            assert render_reason(d.reason, "zh") and render_reason(d.reason, "en")
        if not CONFIGS[level].noise:  # a level with decision noise may slip; its ranking is noise-free
            assert ranked[0].action == make_player(level, 1).decide(view, legal).action


def test_default_level_is_expert_and_bad_levels_are_refused() -> None:
    game, seat = positions()[0]
    view, legal = seat_view(game, seat)
    assert [d.action for d in rank(view, legal)] == [d.action for d in rank(view, legal, "expert")]
    with pytest.raises(ValueError):
        rank(view, legal, "grandmaster")
    assert rank(view, [], "normal") == []


def test_hu_is_ranked_first() -> None:
    from game.core.rules import RuleSet

    game = arrange(
        turn="S",
        hands={"E": "456p 789s 99s 55m", "S": "5m"},
        melds={"E": [("peng", "111m")]},
        ting="E",
        rules=RuleSet(must_hu=False),
    )
    play(game, "S discard 5m")
    view, legal = seat_view(game, "E")
    assert isinstance(rank(view, legal)[0].action, Hu)
