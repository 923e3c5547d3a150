"""Every level plays only legal moves: thousands of self-play decisions per level, zero refusals.

The engine refuses anything illegal (and ``play_match`` counts each refusal),
so a level that ever asked for an illegal move would show up here.
"""

from __future__ import annotations

import pytest

from game.ai.registry import LADDER, make_player
from game.ai.selfplay import play_match
from game.core.rules import PRESETS, RuleSet

DECISIONS = {"random": 3000, "greedy": 3000, "novice": 3000, "normal": 3000, "strong": 2000, "expert": 2000}


@pytest.mark.parametrize("level", LADDER)
def test_thousands_of_decisions_without_a_refusal(level: str) -> None:
    decisions = refusals = 0
    seed = 500
    while decisions < DECISIONS[level]:
        record = play_match([make_player(level, 4 * seed + i) for i in range(4)], seed, RuleSet(), hands=2)
        decisions += record.decisions
        refusals += record.refusals
        assert not record.violations, record.violations
        seed += 1
    assert refusals == 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_mixed_tables_under_every_preset_play_legally(preset: str) -> None:
    rules = PRESETS[preset]
    players = [make_player(name, 11 + i) for i, name in enumerate(("expert", "strong", "normal", "novice"))]
    record = play_match(players, 31, rules, hands=3, check=True)
    assert record.refusals == 0
    assert not record.violations, record.violations


def test_a_variant_with_four_melds_allowed_is_played_legally() -> None:
    rules = RuleSet(shoubayi="zhong_dandiao", must_hu=False, dafeng="triplet_or_pon", chongbao=True)
    players = [make_player(name, 5 + i) for i, name in enumerate(("expert", "greedy", "normal", "strong"))]
    record = play_match(players, 77, rules, hands=3, check=True)
    assert record.refusals == 0
    assert not record.violations
