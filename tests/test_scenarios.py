"""Every scripted deal in tests/scenarios plays through, meets its [expect] table and verifies as a replay."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.core.events import BaoReplaced, CallDeclared, Chi, Hu, RoundDrawn, TileDrawn
from game.replay.verify import verify_events
from game.scenario import ScenarioError, load_scenario, parse_action, parse_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_plays_and_meets_its_expectations(path: Path) -> None:
    run = run_scenario(load_scenario(path))
    assert run.ok, run.error
    assert run.mismatches == []
    result = verify_events(run.events)
    assert result.ok, (result.index, result.error)


def test_R15_R16_chiting_wins_over_declared_peng_and_chi() -> None:
    run = run_scenario(load_scenario(Path(__file__).parent / "scenarios" / "c34_chiting_priority.toml"))
    declared = [e for e in run.events if isinstance(e, CallDeclared)]
    assert {(e.seat, e.call, e.ting) for e in declared} >= {
        (0, "chi", False),
        (1, "peng", False),
        (2, "chi", True),
    }
    chis = [e for e in run.events if isinstance(e, Chi) and e.ting]
    assert len(chis) == 1 and chis[0].seat == 2 and chis[0].from_seat == 3


def test_R03_rotation_winner_deals_or_next_seat() -> None:
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "c34_chiting_priority.toml")
    assert run_scenario(scenario).next_hand() == {"dealer": "W", "liable": False}
    for rotation, dealer in (("next_seat", "E"), ("hybrid", "E")):
        other = replace(scenario, rules=scenario.rules.replace(rotation=rotation), expect={})
        assert run_scenario(other).next_hand() == {"dealer": dealer, "liable": False}


def test_R25_jiehu_only_one_hu() -> None:
    run = run_scenario(load_scenario(Path(__file__).parent / "scenarios" / "jiehu_one_winner.toml"))
    wins = [e for e in run.events if isinstance(e, Hu)]
    assert len(wins) == 1 and wins[0].seat == 1
    assert {e.seat for e in run.events if isinstance(e, CallDeclared) and e.call == "hu"} == {1, 2}


def test_R28_huanbao_chain_in_the_scenario() -> None:
    run = run_scenario(load_scenario(Path(__file__).parent / "scenarios" / "huanbao_own_peng.toml"))
    swaps = [e for e in run.events if isinstance(e, BaoReplaced)]
    assert len(swaps) == 1 and swaps[0].old >> 2 == 0 and swaps[0].new is not None and swaps[0].new >> 2 == 16
    assert swaps[0].visible == 3


def test_R33_R04_fenzhang_then_the_dealer_is_liable() -> None:
    run = run_scenario(load_scenario(Path(__file__).parent / "scenarios" / "fenzhang_then_liable.toml"))
    fen = [e for e in run.events if isinstance(e, TileDrawn) and e.fenzhang]
    assert len(fen) == 4 and isinstance(run.events[-1], RoundDrawn)
    assert run.next_hand() == {"dealer": "E", "liable": True}
    moved = replace(run.scenario, rules=run.scenario.rules.replace(three_draw_move="immediate"), expect={})
    assert run_scenario(moved).next_hand() == {"dealer": "S", "liable": True}


def test_R18_shoubayi_a_fourth_peng_is_refused_by_name() -> None:
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "shoubayi_three_peng.toml")
    run = run_scenario(scenario)
    assert run.ok, run.error
    assert len(run.game.state.melds[1]) == 3
    more = replace(scenario, actions=(*scenario.actions, parse_action("S peng 44m", "test")))
    refused = run_scenario(more)
    assert not refused.ok
    assert refused.error is not None and "max_melds" in refused.error and "手把一" in refused.error


def test_a_step_that_cannot_be_played_says_why() -> None:
    scenario = load_scenario(Path(__file__).parent / "scenarios" / "c34_chiting_priority.toml")
    run = run_scenario(scenario)
    assert run.ok, run.error
    over = replace(scenario, actions=(*scenario.actions, parse_action("N discard drawn", "test")), expect={})
    after = run_scenario(over)
    assert after.error is not None and after.error.endswith("the hand is over")
    three_peng = load_scenario(Path(__file__).parent / "scenarios" / "shoubayi_three_peng.toml")
    first = three_peng.actions[0]  # E discards 1m; S holds 11m and may 碰
    early = replace(three_peng, actions=(first, parse_action("S discard drawn", "test")))
    waiting = run_scenario(early)
    assert waiting.error is not None and "S may still call the last discard" in waiting.error


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"dealer": "Q"}, "seat 'Q'"),
        ({"rules": "S9"}, "unknown rule preset"),
        ({"rule": {"nope": 1}}, "unknown rule key"),
        ({"hands": {"E": "11111m"}}, "more than 4 copies"),
        ({"hands": {"S": "123456789m 123456p"}}, "tiles, but that seat is dealt"),
        ({"wall": {"head": "1m", "actions": []}}, "top-level keys"),
        ({"actions": ["E fly 1m"]}, "unknown verb"),
        ({"actions": ["E chi 1m"]}, "chi takes 2"),
        ({"extra": 1}, "unknown key 'extra'"),
    ],
)
def test_bad_scenarios_are_named(doc: dict[str, object], words: str) -> None:
    with pytest.raises(ScenarioError, match=words.replace("(", r"\(")):
        parse_scenario(doc, "bad.toml")
