"""The review's price (game/ai/price.py): every legal action in expected points, in the level's order,
never above a move the level prefers; no level plays with it."""

from __future__ import annotations

import pytest

from game.ai.advisor import Advisor
from game.ai.levels import CONFIGS
from game.ai.price import Pricer
from game.core.actions import Hu
from game.core.legal import legal_actions
from game.core.view import view
from game.replay.logfile import load_log
from game.replay.walk import walk
from tests.replay.helpers import SAVES


def test_no_level_decides_by_the_price() -> None:
    assert not any(cfg.price for cfg in CONFIGS.values())


@pytest.mark.parametrize("level", ["novice", "normal", "strong", "expert"])
def test_every_legal_action_is_priced_in_the_levels_order(level: str) -> None:
    loaded = load_log(SAVES / "mixed-levels-8-hands.jsonl")
    pricer, advisor = Pricer(level), Advisor(level)
    checked = 0
    for s in walk(loaded.events):
        if s.action is None or s.index % 7:
            continue
        legal = legal_actions(s.before, s.seat)  # type: ignore[arg-type]
        if len(legal) < 2:
            continue
        seat_view = view(s.before, s.seat)  # type: ignore[arg-type]
        priced = pricer.price(seat_view, legal, cap=36.0)
        assert sorted(map(repr, (p.action for p in priced))) == sorted(map(repr, legal))
        values = [p.value for p in priced]
        assert values == sorted(values, reverse=True) and all(-36.0 <= v <= 36.0 for v in values)
        assert priced[0].action == advisor.rank(seat_view, legal)[0].action  # the level's choice is the best
        assert all(0.0 <= p.deal_in <= 1.0 for p in priced)
        if not any(isinstance(a, Hu) for a in legal):
            assert max(values) < 20  # points, not the ordered scale's thousands
        checked += 1
    assert checked > 20
