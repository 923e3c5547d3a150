"""Rules the core answers and the UI only says: who outranks whom on a discard, whether a hand is open,
the shape 吃 and 碰 share, the hand conditions read from a RuleSet, how many wall tiles are kept back,
what a seat must do next."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.actions import Discard
from game.core.actions import Peng as PengAction
from game.core.analysis.shanten import harbin_context, rules_context, rules_shanten
from game.core.analysis.ting import is_open
from game.core.engine import explain
from game.core.events import CallDeclared, Chi, Claimed, Peng, RoundDrawn, TileDrawn, event_from_json
from game.core.legal import duty, outranked
from game.core.rules import PRESETS, RuleSet
from game.core.state import Meld, State, apply, initial_state
from game.core.tiles import parse_kinds
from game.core.view import view
from game.scenario import load_scenario, run_scenario
from game.table.menu import ActionMenu
from tests.table_fixtures import scripted_game, to_the_five

SCENARIOS = Path(__file__).parent / "scenarios"
E, S, W, N = range(4)


def states_of(events: list) -> list[State]:  # type: ignore[type-arg]
    """The state before each event of a log (index i: the table when event i happened)."""
    state = initial_state(events[0])
    out = [state]
    for event in events[1:]:
        out.append(state)
        state = apply(state, event)
    return out


def test_a_call_that_loses_to_a_higher_one_is_named_with_the_winner() -> None:
    run = run_scenario(load_scenario(SCENARIOS / "c34_chiting_priority.toml"))
    assert run.ok, run.error
    events = run.events
    befores = states_of(events)
    lost = {
        i: {seat: found for seat in range(4) if (found := outranked(befores[i], seat)) is not None}
        for i in range(1, len(events))
    }
    lost = {i: found for i, found in lost.items() if found}
    # only the 吃听 on N's 5m outranks anyone: E's 吃 and S's 碰 lose to W's 吃听
    (at,) = lost
    taken = events[at]
    assert isinstance(taken, Chi) and taken.seat == W and taken.ting
    assert set(lost[at]) == {E, S}
    theirs, mine = lost[at][E]
    assert (theirs.seat, theirs.call, theirs.ting) == (W, "chi", True)
    assert (mine.seat, mine.call, mine.ting) == (E, "chi", False)
    assert lost[at][S][1].call == "peng"
    # while the window is still open nobody is outranked yet, and the winner never is
    assert all(outranked(befores[i], W) is None for i in range(1, len(events)))


def test_outranked_waits_for_the_window_to_close() -> None:
    run = run_scenario(load_scenario(SCENARIOS / "c34_chiting_priority.toml"))
    events = run.events
    befores = states_of(events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Chi) and e.seat == W)
    window = [i for i in range(at) if isinstance(events[i], CallDeclared) and i > at - 5]
    assert window  # the calls just before the 吃听
    for i in window:
        assert outranked(befores[i], E) is None and outranked(befores[i], S) is None


def test_is_open_is_one_answer_for_the_state_and_the_analysis() -> None:
    kinds = ("chi", "peng", "minggang", "angang", "jiagang")
    for opens, melds in itertools.product((False, True), itertools.chain.from_iterable(
        itertools.combinations(kinds, n) for n in range(3)
    )):
        rules = RuleSet(angang_opens=opens)
        state_melds = tuple(Meld(k, (0, 1, 2)) for k in melds)  # type: ignore[arg-type]
        state = State(rules, 0, 1, ("",) * 4, melds=(state_melds, (), (), ()))
        shapes = state.meld_shapes(0)
        assert state.is_open(0) == is_open(shapes, rules) == is_open(state_melds, rules)
        assert state.is_open(0) == any(k != "angang" or opens for k in melds)


def test_chi_and_peng_share_one_shape_and_keep_their_json() -> None:
    chi, peng = Chi(1, 0, 20, (16, 24), True), Peng(2, 0, 20, (21, 22))
    assert isinstance(chi, Claimed) and isinstance(peng, Claimed)
    assert chi.to_json() == '{"type":"chi","seat":1,"from_seat":0,"tile":20,"tiles":[16,24],"ting":true}'
    assert peng.to_json() == '{"type":"peng","seat":2,"from_seat":0,"tile":20,"tiles":[21,22],"ting":false}'
    assert event_from_json(chi.to_json()) == chi and event_from_json(peng.to_json()) == peng


def test_the_hand_conditions_are_read_from_the_rules_in_one_place() -> None:
    melds = [("peng", 0)]
    standard, loose = PRESETS["standard"], RuleSet(allow_duiduihu=True, allow_qingyise=True)
    assert rules_context(melds, standard) is harbin_context(melds)
    assert rules_context(melds, loose) is harbin_context(melds, need_sequence=False, need_two_suits=False)
    assert rules_context(melds, RuleSet(zhong_pair_counts_as_kezi=False), "yaojiu") is harbin_context(
        melds, zhong_pair_is_triplet=False, need_yaojiu=False
    )
    # one suit only: one step from ready under the standard rules, ready where 清一色 is allowed
    counts = [0] * 28
    for k in parse_kinds("111m 234m 567m 789m 9m"):
        counts[k] += 1
    assert rules_shanten(counts, [], standard) == 1 and rules_shanten(counts, [], loose) == 0


@pytest.mark.parametrize("end_of_wall", ["fenzhang_last4_keep8", "last4_discard_no_ron", "play_out"])
def test_the_tiles_kept_back_are_never_drawn(end_of_wall: str) -> None:
    rules = RuleSet(end_of_wall=end_of_wall)  # type: ignore[arg-type]
    assert rules.wall_kept == (0 if end_of_wall == "play_out" else rules.kept_tiles)
    exhausted = 0
    for seed in range(6):
        players = [make_player("random", seed * 4 + seat) for seat in range(4)]
        events = play_match(players, seed, rules, hands=2).game.events
        befores = states_of(events)
        for before, event in zip(befores[1:], events[1:], strict=True):
            assert 0 <= before.kept_back <= before.live_count
            assert view(before, 0).kept_back == before.kept_back
            if isinstance(event, TileDrawn) and not event.from_tail:
                assert before.live_count > before.kept_back, (seed, event)  # a draw from the head
            if isinstance(event, RoundDrawn):
                exhausted += 1
                assert before.live_count <= rules.wall_kept
        assert befores[-1].kept_back == min(rules.wall_kept, befores[-1].live_count)
    assert exhausted  # some hand ran the wall down to the kept tiles


def test_after_a_call_to_ready_the_core_says_the_discard_must_declare_ting() -> None:
    game = scripted_game()
    assert duty(game.state, 0) is None
    to_the_five(game)
    assert all(duty(game.state, seat) is None for seat in range(4))  # a claim window binds nobody
    game.submit(0, next(a for a in game.legal_actions(0) if isinstance(a, PengAction) and a.ting))
    assert duty(game.state, 0) == "declare_ting"
    assert all(duty(game.state, seat) is None for seat in (1, 2, 3))
    legal = game.legal_actions(0)
    assert legal and all(isinstance(a, Discard) and a.ting for a in legal)  # the legal moves follow it
    assert ActionMenu(game.state, 0).duty == "declare_ting"
    refused = explain(game.state, 0, Discard(legal[0].tile))  # type: ignore[attr-defined]
    assert refused is not None and refused.code == "must_declare_ting"
    game.submit(0, legal[0])
    assert duty(game.state, 0) is None
