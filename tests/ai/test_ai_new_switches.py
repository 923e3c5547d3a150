"""The AI prices issue 25's new switches by the core's own settlement and rules: R52 multiplied factors and
R51's whole-hand cap (win values and deal-in losses), 大风 on a 碰 (R31 pon_only), 手把一 on 红中 (R18
variant) and 杠听 (R15)."""

from __future__ import annotations

import pytest

from game.ai.hand import HandMemo
from game.ai.situation import Situation, situation
from game.ai.value import deal_in_loss, ready_value, win_points
from game.core.analysis.ting import Wait
from game.core.rules import RuleSet
from game.core.scoring import WinSpec, settle, totals
from game.core.tiles import ZHONG, parse_kinds
from tests.ai.helpers import arrange, seat_view

OPEN_E = {"E": [("peng", "111m"), ("chi", "234p")]}


def _kind(code: str) -> int:
    return parse_kinds(code)[0]


CASES = [RuleSet(scoring="multiply"), RuleSet(cap=5, cap_scope="hand"), RuleSet(scoring="multiply", cap=4)]


@pytest.mark.parametrize("rules", CASES)
def test_win_values_and_deal_in_losses_are_the_cores_settlement(rules: RuleSet) -> None:
    game = arrange(turn="E", hands={"E": "99p 244556s"}, melds=OPEN_E, dealer="S", rules=rules)
    sit = situation(seat_view(game, "E")[0], HandMemo())
    menqing = frozenset({1, 2, 3})
    for kind in ("zimo", "mobao", "baozhongbao", "dafeng"):
        for kadang in (False, True):
            spec = WinSpec(kind, 0, dealer=1, kadang=kadang, menqing=menqing)  # type: ignore[arg-type]
            assert win_points(sit, kind, kadang) == totals(settle(spec, rules))[0]  # type: ignore[arg-type]
    # East deals in to South: under R52 East alone pays, 1 (×2 for 卡当); never another seat's share
    others = frozenset({2, 3})
    paid = totals(settle(WinSpec("ron", 1, dealer=1, discarder=0, kadang=True, menqing=others), rules))
    assert deal_in_loss(sit, 1, False, True) == -paid[0]


def test_multiply_prices_a_deal_in_at_the_discarders_own_amount_only() -> None:
    def sit_of(rules: RuleSet) -> Situation:
        game = arrange(turn="E", hands={"E": "99p 244556s"}, melds=OPEN_E, dealer="S", rules=rules)
        return situation(seat_view(game, "E")[0], HandMemo())

    sit = sit_of(RuleSet(scoring="multiply"))
    assert deal_in_loss(sit, 1, False, False) == 1 and deal_in_loss(sit, 1, False, True) == 2
    standard = sit_of(RuleSet())
    assert deal_in_loss(standard, 1, False, False) > 1  # 3 and the other two shares under the standard rules


def test_pon_only_adds_the_fourth_tile_of_a_peng_to_a_ready_hands_chances() -> None:
    waits = (Wait(_kind("3s"), False), Wait(_kind("6s"), False))

    def value(dafeng: str) -> float:
        game = arrange(turn="E", hands={"E": "99p 45s 789s 1s"}, melds=OPEN_E,
                       rules=RuleSet(dafeng=dafeng))  # type: ignore[arg-type]  # fmt: skip
        return ready_value(situation(seat_view(game, "E")[0], HandMemo()), waits).rate

    assert value("pon_only") > value("off")  # the 4th 1m of East's 碰 wins as 大风
    assert value("triplet_or_pon") == pytest.approx(value("pon_only"))
    assert value("concealed_triplet") == pytest.approx(value("off"))  # a 碰 is no concealed triplet


def test_zhong_dandiao_prices_the_single_red_dragon_without_the_bao() -> None:
    melds = {"E": [("peng", "111m"), ("chi", "234p"), ("peng", "999s"), ("peng", "555p")]}
    waits = (Wait(ZHONG, False),)
    rules = RuleSet(shoubayi="zhong_dandiao")
    game = arrange(turn="S", hands={"E": "中"}, melds=melds, ting="E", bao="9p", rules=rules)
    sit = situation(seat_view(game, "E")[0], HandMemo())
    no_bao = ready_value(sit, waits)
    assert no_bao.rate == pytest.approx(no_bao.live / sit.pool * (1 + 3 * 0.3))  # 自摸 and 点炮 on 红中 only
    assert no_bao.instant == 0.0


@pytest.mark.parametrize("level", ["novice", "normal", "strong", "expert"])
def test_every_level_makes_its_kong_a_gangting_when_the_hand_is_then_ready(level: str) -> None:
    from pathlib import Path

    from game.core.match import Game
    from game.scenario import load_scenario, play_step
    from tests.ai.helpers import best, describe, options

    scenario = load_scenario(Path(__file__).parents[1] / "scenarios" / "gangting_outranks_a_plain_chi.toml")
    game = Game.from_events(scenario.start_events())
    for scripted in scenario.actions[:3]:  # S discards 5p; W asks for a plain 吃
        assert play_step(game, scripted) == ""
    assert {"gang 555p", "gang 555p ting"} <= set(options(game, "N"))
    ranked = [describe(d) for d in best(game, "N", level)]
    assert ranked.index("gang 555p ting") < ranked.index("gang 555p")
