"""Fixed situations with the expected decision (the AI's regression suite, run in CI).

Each position is built with ``tests.positions.arrange`` (a mid-hand table with
every tile accounted for) and the level is asked what it does. The cases
follow the issue's list: 吃听 taken; folding when not ready against a ready
player; keeping the last 幺九; a 卡当 wait when the 宝 odds favour it; never a
fourth meld; no 听 without 开门; and the other habits of a sensible Harbin
player. Novice is asked through its ranking (its noise aside).
"""

from __future__ import annotations

import pytest

from game.ai.base import Decision
from game.ai.levels import CONFIGS
from game.ai.reasons import render_reason
from game.core.actions import AnGang, Discard
from game.core.rules import RuleSet
from game.core.tiles import parse_kinds
from tests.ai.helpers import arrange, ask, best, describe, in_order, options, play, ting_at

HEURISTIC = ("novice", "normal", "strong", "expert")
DEFENDING = ("normal", "strong", "expert")
EV_LEVELS = ("strong", "expert")


def decide(game: object, seat: str, level: str) -> Decision:
    """The level's judgement: its best-ranked move (a level with decision noise may slip from it)."""
    if CONFIGS[level].noise:
        return best(game, seat, level)[0]  # type: ignore[arg-type]
    return ask(game, seat, level)  # type: ignore[arg-type]


def kind(text: str) -> int:
    return parse_kinds(text)[0]


# --- 吃听 / 碰听 --------------------------------------------------------------------------------------------


def chiting_from_across():
    game = arrange(turn="S", hands={"E": "46m 789s 234p 9s 7z", "S": "5m"}, melds={"E": [("peng", "111p")]})
    play(game, "S discard 5m")
    return game


@pytest.mark.parametrize("level", HEURISTIC)
def test_chiting_is_taken_from_a_seat_that_is_not_shangjia(level: str) -> None:
    game = chiting_from_across()
    assert options(game, "E") == ["chi 46m ting", "pass"]
    d = decide(game, "E", level)
    assert describe(d) == "chi 46m ting"
    assert d.reason.kind == "chiting" and d.reason.params["waits"]


@pytest.mark.parametrize("level", HEURISTIC)
def test_chiting_is_preferred_to_a_plain_chi_from_shangjia(level: str) -> None:
    game = arrange(turn="N", hands={"E": "46m 789s 234p 9s 7z", "N": "5m"}, melds={"E": [("peng", "111p")]})
    play(game, "N discard 5m")
    assert "chi 46m" in options(game, "E")
    assert describe(decide(game, "E", level)) == "chi 46m ting"


@pytest.mark.parametrize("level", HEURISTIC)
def test_pengting_is_taken(level: str) -> None:
    game = arrange(turn="W", hands={"E": "55p 789s 456p 9s 1s", "W": "5p"}, melds={"E": [("chi", "123m")]})
    play(game, "W discard 5p")
    d = decide(game, "E", level)
    assert describe(d) == "peng 55p ting"
    assert d.reason.kind == "pengting"


@pytest.mark.parametrize("level", HEURISTIC)
def test_chiting_is_taken_even_with_few_live_waits(level: str) -> None:
    game = arrange(
        turn="S",
        hands={"E": "46m 789s 234p 9s 7z", "S": "5m"},
        melds={"E": [("peng", "111p")]},
        rivers={"W": "9s 9s 6s 6s"},
    )
    play(game, "S discard 5m")
    assert describe(decide(game, "E", level)) == "chi 46m ting"


@pytest.mark.parametrize("level", HEURISTIC)
def test_a_closed_ready_shape_takes_chiting_to_open_and_declare(level: str) -> None:
    game = arrange(turn="N", hands={"E": "111m 456p 789s 11s 57m", "N": "6m"})
    play(game, "N discard 6m")
    assert describe(decide(game, "E", level)) == "chi 57m ting"


def test_after_chiting_the_better_players_choose_the_kadang_wait() -> None:
    game = arrange(turn="S", hands={"E": "68m 55p 789s 46p 1s", "S": "7m"}, melds={"E": [("peng", "999m")]})
    play(game, "S discard 7m")
    for level in EV_LEVELS:
        d = decide(game, "E", level)
        assert describe(d) == "chi 68m ting"
        assert d.reason.params["waits"] == [kind("5p")], level  # 46p: the 卡当 5p
    assert decide(game, "E", "normal").reason.params["waits"] == [kind("1s")]  # Normal counts live tiles only


# --- 听 ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ("greedy", *HEURISTIC))
def test_ting_is_declared_when_it_can_be(level: str) -> None:
    game = arrange(turn="E", hands={"E": "2222m 34m 456p 9s 1s"}, melds={"E": [("peng", "777p")]})
    d = decide(game, "E", level) if level != "greedy" else ask(game, "E", level)
    assert isinstance(d.action, Discard) and d.action.ting


@pytest.mark.parametrize("level", EV_LEVELS)
def test_a_kadang_wait_is_preferred_when_the_bao_odds_favour_it(level: str) -> None:
    game = arrange(
        turn="E", hands={"E": "55m 456p"}, melds={"E": [("peng", "111s"), ("chi", "789m"), ("chi", "234s")]}
    )
    d = decide(game, "E", level)
    assert describe(d) == "ting 5p"  # 55m 46p waits on the 卡当 5p: every win, 摸宝 included, pays double
    assert d.reason.kind == "ting_kadang"


def test_normal_takes_the_widest_wait_instead_of_the_kadang() -> None:
    game = arrange(
        turn="E", hands={"E": "55m 456p"}, melds={"E": [("peng", "111s"), ("chi", "789m"), ("chi", "234s")]}
    )
    assert describe(decide(game, "E", "normal")) in ("ting 4p", "ting 6p")


@pytest.mark.parametrize("level", HEURISTIC)
def test_a_dead_kadang_wait_is_not_chosen(level: str) -> None:
    game = arrange(
        turn="E",
        hands={"E": "55m 456p"},
        melds={"E": [("peng", "111s"), ("chi", "789m"), ("chi", "234s")]},
        rivers={"S": "5p 5p", "W": "5p"},
    )
    assert describe(decide(game, "E", level)) in ("ting 4p", "ting 6p")


@pytest.mark.parametrize("level", ("greedy", *HEURISTIC))
def test_no_ting_without_kaimen(level: str) -> None:
    game = arrange(turn="E", hands={"E": "111m 456p 789s 11s 57m 9m"})
    assert not any(o.endswith("ting") or o.startswith("ting") for o in options(game, "E"))
    d = decide(game, "E", level) if level != "greedy" else ask(game, "E", level)
    assert isinstance(d.action, Discard) and not d.action.ting
    if level != "greedy":
        assert d.reason.params.get("shanten", 1) >= 1  # a closed ready shape still needs a call


def test_a_locked_hand_throws_its_draw() -> None:
    game = arrange(
        turn="E",
        hands={"E": "456p 789s 99s 55m 3p"},
        melds={"E": [("peng", "111m")]},
        ting="E",
        drawn="3p",
    )
    assert options(game, "E") == ["discard 3p"]
    for level in HEURISTIC:
        assert describe(ask(game, "E", level)) == "discard 3p"


def test_hu_is_taken_when_it_is_optional() -> None:
    rules = RuleSet(must_hu=False)
    game = arrange(
        turn="S",
        hands={"E": "456p 789s 99s 55m", "S": "5m"},
        melds={"E": [("peng", "111m")]},
        ting="E",
        rules=rules,
    )
    play(game, "S discard 5m")
    assert options(game, "E") == ["hu", "pass"]
    for level in ("greedy", *HEURISTIC):
        assert describe(ask(game, "E", level)) == "hu"


# --- Harbin conditions ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", HEURISTIC)
def test_the_only_yaojiu_is_kept(level: str) -> None:
    game = arrange(turn="E", hands={"E": "234p 55p 9p 567s 67s"}, melds={"E": [("peng", "444m")]})
    d = decide(game, "E", level)
    assert describe(d) != "discard 9p"
    # discarding 9p would leave the hand as many steps from ready (fewer tiles to improve it): not binding,
    # so the reason does not claim it is kept for the 幺九
    assert d.reason.kind == "efficiency"


def test_greedy_ignores_the_harbin_conditions() -> None:
    game = arrange(turn="E", hands={"E": "234p 55p 9p 567s 67s"}, melds={"E": [("peng", "444m")]})
    assert describe(ask(game, "E", "greedy")) == "discard 9p"


@pytest.mark.parametrize("level", HEURISTIC)
def test_the_second_suit_is_kept(level: str) -> None:
    game = arrange(turn="E", hands={"E": "1234566789m 11p 5m 9m"})
    assert describe(decide(game, "E", level)) != "discard 1p"


@pytest.mark.parametrize("level", HEURISTIC)
def test_efficiency_breaks_the_edge_wait_not_the_two_sided_one(level: str) -> None:
    game = arrange(turn="E", hands={"E": "12m 45m 456p 789s 99s 3p"})
    assert describe(decide(game, "E", level)) in ("discard 1m", "discard 2m")


# --- calls and kongs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", HEURISTIC)
def test_the_first_call_that_costs_no_step_opens_the_hand(level: str) -> None:
    game = arrange(turn="S", hands={"E": "99m 24p 68p 3477s 15s 8s", "S": "9m"})
    play(game, "S discard 9m")
    d = decide(game, "E", level)
    assert describe(d) == "peng 99m"
    assert d.reason.kind == "open_call"


@pytest.mark.parametrize("level", HEURISTIC)
def test_a_peng_of_hongzhong_opens_the_hand(level: str) -> None:
    game = arrange(turn="S", hands={"E": "77z 23m 567p 13s 589s 4p", "S": "7z"})
    play(game, "S discard 7z")
    assert describe(decide(game, "E", level)) == "peng 77z"


@pytest.mark.parametrize("level", DEFENDING)
def test_an_open_hand_does_not_call_without_progress(level: str) -> None:
    game = arrange(turn="N", hands={"E": "234m 345p 99s 1s 4s", "N": "2m"}, melds={"E": [("peng", "777p")]})
    play(game, "N discard 2m")
    d = decide(game, "E", level)
    assert describe(d) == "pass"
    assert d.reason.kind == "pass_call"


def test_novice_takes_any_call_that_costs_no_step() -> None:
    game = arrange(turn="N", hands={"E": "234m 345p 99s 1s 4s", "N": "2m"}, melds={"E": [("peng", "777p")]})
    play(game, "N discard 2m")
    assert describe(best(game, "E", "novice")[0]) == "chi 34m"


@pytest.mark.parametrize("level", HEURISTIC)
def test_a_fourth_call_only_as_the_zhong_dandiao_ting_and_every_level_takes_it(level: str) -> None:
    rules = RuleSet(shoubayi="zhong_dandiao")  # R18 variant: 手把一 on 红中
    game = arrange(
        turn="W",
        hands={"E": "55m 9p 7z", "W": "5m"},
        melds={"E": [("peng", "111s"), ("chi", "789m"), ("chi", "234s")]},
        rules=rules,
    )
    play(game, "W discard 5m")
    assert options(game, "E") == ["peng 55m ting", "pass"]  # no plain 4th 碰: it could never declare 听
    assert describe(decide(game, "E", level)) == "peng 55m ting"


@pytest.mark.parametrize("level", HEURISTIC)
def test_no_fourth_meld_by_concealed_kong_even_with_zhong_dandiao(level: str) -> None:
    rules = RuleSet(shoubayi="zhong_dandiao")
    game = arrange(
        turn="E",
        hands={"E": "5555m 2p"},
        melds={"E": [("peng", "666s"), ("chi", "234p"), ("chi", "345s")]},
        rules=rules,
    )
    assert "angang 5555m" not in options(game, "E")
    assert not isinstance(decide(game, "E", level).action, AnGang)


@pytest.mark.parametrize("level", HEURISTIC)
def test_an_added_kong_that_costs_nothing_is_made(level: str) -> None:
    game = arrange(
        turn="E", hands={"E": "2p 345m 68s 11s 59s 7m"}, melds={"E": [("peng", "222p")]}, drawn="2p"
    )
    d = decide(game, "E", level)
    assert describe(d) == "jiagang 2p"
    assert d.reason.kind == "kong"


@pytest.mark.parametrize("level", HEURISTIC)
def test_a_kong_that_breaks_the_hand_is_not_made(level: str) -> None:
    game = arrange(turn="E", hands={"E": "2222m 34m 456p 9s 1s"}, melds={"E": [("peng", "777p")]})
    assert "angang 2222m" in options(game, "E")
    assert not isinstance(decide(game, "E", level).action, AnGang)


# --- defence -----------------------------------------------------------------------------------------------


def fold_position(dealer: str = "E"):
    """E is four steps away; seat S is ready and threw 8m after its 听, E holds an 8m."""
    game = arrange(
        dealer=dealer,
        turn="E",
        hands={"E": "148m 258p 369s 19p 7z 2s", "S": "55m 678s 345s 99s"},
        melds={"S": [("chi", "234p")]},
        rivers={"S": "3m 6p 4s 8m"},
        ting="S",
    )
    ting_at(game, "S", 1)
    return game


@pytest.mark.parametrize("level", DEFENDING)
def test_fold_to_the_tile_the_ready_player_passed(level: str) -> None:
    d = decide(fold_position(), "E", level)
    assert describe(d) == "discard 8m"
    assert d.reason.kind == "fold"
    assert d.reason.params["seats"] == [[1, 1, 1]]  # wind 南, 下家, chair 1
    assert "弃胡：下家已听牌" in render_reason(d.reason, "zh")
    assert [n.kind for n in d.reason.notes][:2] == ["safe_sure", "safe_left"]


def test_the_fold_reason_names_the_ready_seat_from_the_deciding_seat_whatever_its_wind() -> None:
    d = decide(fold_position(dealer="W"), "E", "expert")  # W deals: seat S is 北 this hand
    assert d.reason.kind == "fold" and d.reason.params["seats"][0][0] == 3
    en = render_reason(d.reason, "en")
    assert "the next player is ready" in en and "North" not in en
    assert "北" not in render_reason(d.reason, "zh")


def test_novice_does_not_fold() -> None:
    assert describe(best(fold_position(), "E", "novice")[0]) != "discard 8m"


@pytest.mark.parametrize("level", DEFENDING)
def test_fold_plays_only_tiles_the_ready_player_will_not_win_on(level: str) -> None:
    game = arrange(
        turn="E",
        hands={"E": "13m 258p 3469s 19p 7z 2s 5m", "S": "55m 678s 345s 99s"},
        melds={"S": [("chi", "234p")]},
        rivers={"S": "3m 6p 4s 2s"},
        ting="S",
    )
    ting_at(game, "S", 1)
    d = decide(game, "E", level)
    # 2s was passed after the 听; 3m was its own discard before it
    assert describe(d) in (("discard 2s",) if level == "normal" else ("discard 2s", "discard 3m"))


@pytest.mark.parametrize("level", EV_LEVELS)
def test_push_when_one_step_from_ready_with_a_low_risk_tile(level: str) -> None:
    game = arrange(
        turn="E",
        hands={"E": "234m 567p 78s 1s 9p 5s", "S": "55m 678s 345s 99s"},
        melds={"E": [("peng", "777m")], "S": [("chi", "234p")]},
        rivers={"S": "1m 2m 8p 9m"},
        ting="S",
    )
    ting_at(game, "S", 3)
    d = decide(game, "E", level)
    assert describe(d) != "discard 2m"  # folding would break the hand
    # the tile kept is only a couple of points safer: not called a push (issue 26), its risk is said
    assert d.reason.kind == "efficiency" and "tile_risk" in {n.kind for n in d.reason.notes}


@pytest.mark.parametrize("level", DEFENDING)
def test_fold_to_a_tile_passed_after_the_ting_by_another_seat(level: str) -> None:
    # 南 declared 听 on its last discard; 西 and 北 have discarded since, 北 a 6m that E holds
    game = arrange(
        turn="E",
        hands={"E": "147m 258p 369s 19p 7z 2s 6m", "S": "55m 678s 345s 99s"},
        melds={"S": [("chi", "234p")]},
        rivers={"S": "3m 6p 4s", "W": "1s 9m", "N": "5s 6m"},
        ting="S",
    )
    ting_at(game, "S", 2)
    in_order(game, "S S S W W N N")
    d = decide(game, "E", level)
    assert describe(d) == "discard 6m"
    assert d.reason.kind == "fold"


@pytest.mark.parametrize("level", DEFENDING)
def test_against_two_ready_players_the_tile_safe_against_both(level: str) -> None:
    game = arrange(
        turn="E",
        hands={"E": "148m 258p 369s 19p 7z 4s", "S": "55m 678s 345s 99s", "W": "11m 456p 789p 33s"},
        melds={"S": [("chi", "234p")], "W": [("chi", "789m")]},
        rivers={"S": "3m 6p 4s 8m", "W": "2p 5s 8m"},
        ting="SW",
    )
    ting_at(game, "S", 1)
    ting_at(game, "W", 0)
    in_order(game, "S S S W W W S")  # 西 declared after 南's 4s
    d = decide(game, "E", level)
    assert describe(d) == "discard 8m"  # 4s was passed after 南's 听 only
    assert d.reason.params["seats"] == [[1, 1, 1], [2, 2, 2]]
    assert "下家、对家已听牌" in render_reason(d.reason, "zh")
    assert "the next player and the opposite player are ready" in render_reason(d.reason, "en")


def test_a_kong_is_robbed_when_hu_is_optional() -> None:
    game = arrange(
        turn="S",
        hands={"E": "46p 789s 99s 234m", "S": "5p 12m"},
        melds={"E": [("peng", "111m")], "S": [("peng", "555p")]},
        ting="E",
        rules=RuleSet(must_hu=False),
        drawn="5p",
    )
    play(game, "S jiagang 5p")
    assert options(game, "E") == ["hu", "pass"]
    for level in ("greedy", *HEURISTIC):
        assert describe(ask(game, "E", level)) == "hu"
