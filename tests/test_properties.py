"""Properties of random seeded games (hypothesis): what must hold in every reachable state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import Action, AnGang, Chi, Discard, Hu, Pass, Peng, Refusal
from game.core.engine import explain, step
from game.core.events import Event, RoundStarted, TileDiscarded, TileDrawn, TingDeclared, event_from_json
from game.core.invariants import check_invariants
from game.core.legal import discard_tiles, legal_actions, pending_seats
from game.core.match import Game
from game.core.rules import PRESETS, RuleSet
from game.core.state import State, fold
from game.core.view import HIDDEN, event_view, view
from game.replay.verify import verify_events

PROFILE = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_match(
    seed: int, rules: RuleSet, hands: int = 2, check: bool = True, locks: float = 0.0
) -> tuple[Game, list[str]]:
    """A match of random legal play (biased to take 听 and 胡 so hands end in wins too).

    ``locks`` is how often a 听 that locks a 支对 pair (R44) is taken when one is offered.
    """
    rng = random.Random(seed)
    game = Game.new(seed, rules, hands=hands)
    problems: list[str] = []
    while not game.over:
        if game.state.phase == "round_over":
            game.advance()
            continue
        seat = rng.choice(pending_seats(game.state))
        legal = legal_actions(game.state, seat)
        locking = [a for a in legal if isinstance(a, Discard) and a.zhidui is not None]
        eager = [a for a in legal if isinstance(a, Hu) or getattr(a, "ting", False)]
        if locking and rng.random() < locks:
            action = rng.choice(locking)
        else:
            action = rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal)
        result = game.submit(seat, action)
        if isinstance(result, Refusal):
            problems.append(f"legal action refused: {action} ({result.message})")
            break
        if check:
            problems.extend(check_invariants(game.state))
    return game, problems


@PROFILE
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_every_state_keeps_all_112_tiles_and_the_scores_balanced(seed: int, preset: str) -> None:
    _, problems = random_match(seed, PRESETS[preset])
    assert problems == []


ROOM_SWITCHES = st.fixed_dictionaries(
    {
        "hongzhong_bao": st.booleans(),
        "zhidui": st.booleans(),
        "chongbao": st.booleans(),
        "chongbao_scoring": st.sampled_from(["standard", "daqing"]),
        "scoring": st.sampled_from(["points", "all_double"]),
        "baosanjia": st.sampled_from(["non_listening", "always", "never"]),
        "cap": st.sampled_from([0, 4, 16, 64]),
        "bao_visibility": st.sampled_from(["listeners", "public_after_first_ting", "public"]),
        "dafeng": st.sampled_from(["off", "concealed_triplet", "triplet_or_pon"]),
        "kadang_edge_3_7": st.booleans(),
        "kadang_dandiao": st.booleans(),
        "wait_restriction": st.sampled_from(["any", "kan_broad", "sika"]),
        "dianpao_scheme": st.sampled_from(["S1", "S0", "S4"]),
        "kezi_bonus": st.booleans(),
        "dealer_bonus": st.booleans(),
    }
)
"""The room options of RULES.md §6 with the older switches they interact with."""


@PROFILE
@given(st.integers(0, 2**32), ROOM_SWITCHES)
def test_random_room_switches_keep_the_invariants_and_the_log_verifies(seed: int, switches: dict) -> None:
    rules = RuleSet(**switches)
    game, problems = random_match(seed, rules, locks=0.7)
    assert problems == []
    assert fold(game.events) == game.state
    result = verify_events(game.events)
    assert result.ok, (result.index, result.error)
    for event in game.events:
        assert event_from_json(event.to_json()) == event


@PROFILE
@given(st.integers(0, 2**32))
def test_the_folded_log_equals_the_live_state_and_verifies(seed: int) -> None:
    game, _ = random_match(seed, RuleSet(), check=False)
    assert fold(game.events) == game.state
    result = verify_events(game.events)
    assert result.ok, (result.index, result.error)


@PROFILE
@given(st.integers(0, 2**32))
def test_every_event_round_trips_through_json(seed: int) -> None:
    game, _ = random_match(seed, RuleSet(), hands=1, check=False)
    for event in game.events:
        assert event_from_json(event.to_json()) == event


@PROFILE
@given(st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_events(seed: int) -> None:
    first, _ = random_match(seed, RuleSet(), hands=1, check=False)
    second, _ = random_match(seed, RuleSet(), hands=1, check=False)
    assert first.events == second.events


def _draw_order_ok(events: list[Event]) -> bool:
    """After an unclaimed discard the next head draw is by the discarder's 下家."""
    last_discarder = None
    for e in events:
        if isinstance(e, RoundStarted):
            last_discarder = None
        elif isinstance(e, TileDiscarded):
            last_discarder = e.seat
        elif isinstance(e, TileDrawn) and not e.from_tail:
            if last_discarder is not None and e.seat != (last_discarder + 1) % 4:
                return False
            last_discarder = None
        elif e.type in ("chi", "peng", "gang"):
            last_discarder = None
    return True


@PROFILE
@given(st.integers(0, 2**32))
def test_turns_go_counter_clockwise(seed: int) -> None:
    game, _ = random_match(seed, RuleSet(), hands=2, check=False)
    assert _draw_order_ok(game.events)


def _illegal_candidates(state: State, rng: random.Random) -> list[tuple[int, Action]]:
    """Actions that are surely not legal now: wrong seat, tiles not held, calls with nothing to call."""
    out: list[tuple[int, Action]] = []
    for seat in range(4):
        legal = legal_actions(state, seat)
        held = set(state.hands[seat])
        missing = [t for t in range(112) if t not in held]
        candidates: list[Action] = [
            Discard(rng.choice(missing)),
            Chi((missing[0], missing[1])),
            Peng((missing[2], missing[3])),
            AnGang(tuple(missing[4:8])),
            Hu(),
            Pass(),
        ]
        out.extend((seat, a) for a in candidates if a not in legal)
    return out


@PROFILE
@given(st.integers(0, 2**32))
def test_an_illegal_submit_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, RuleSet(), hands=1)
    for _ in range(60):
        if game.state.phase == "round_over":
            break
        before = game.state
        seat, action = rng.choice(_illegal_candidates(before, rng))
        result = step(before, seat, action)
        if isinstance(result, Refusal):
            assert game.state is before
        else:  # the random action happened to be legal (e.g. a Pass): that is fine
            assert action in legal_actions(before, seat) or isinstance(action, (Hu, Pass))
        seat = rng.choice(pending_seats(game.state))
        game.submit(seat, rng.choice(legal_actions(game.state, seat)))


@PROFILE
@given(st.integers(0, 2**32), st.sampled_from(["listeners", "public_after_first_ting", "public"]))
def test_views_hide_what_a_seat_may_not_know(seed: int, visibility: str) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, RuleSet(bao_visibility=visibility, zhidui=True), hands=1)  # type: ignore[arg-type]
    state = game.state
    while state.phase != "round_over":
        for seat in range(4):
            v = view(state, seat)
            assert v.hand == state.hands[seat]
            if visibility == "public":
                assert v.bao == state.bao  # 明宝 (R49): every seat, from the deal on
            elif not state.ting[seat] and not state.bao_public:
                assert v.bao is None
        seat = rng.choice(pending_seats(state))
        new = game.submit(seat, rng.choice(legal_actions(state, seat)))
        assert not isinstance(new, Refusal)
        for event in new:
            for other in range(4):
                seen = event_view(event, other, game.state)
                if isinstance(event, TileDrawn) and event.seat != other:
                    assert seen is not None and seen.tile == HIDDEN  # type: ignore[attr-defined]
                if isinstance(event, TingDeclared) and event.zhidui is not None and event.seat != other:
                    assert isinstance(seen, TingDeclared) and seen.zhidui == HIDDEN
        state = game.state


def test_random_play_reaches_wins_of_several_kinds() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        game, problems = random_match(seed, RuleSet(), hands=2, check=False)
        assert not problems
        kinds.update(e.kind for e in game.events if e.type == "hu")  # type: ignore[attr-defined]
    assert {"ron", "zimo", "mobao"} <= kinds


@PROFILE
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_explain_answers_exactly_what_submit_accepts(seed: int, preset: str) -> None:
    """``explain`` is None for every legal action and for exactly the discards ``discard_tiles`` lists;
    whatever it refuses, ``step`` refuses with the same answer."""
    rng = random.Random(seed)
    game = Game.new(seed, PRESETS[preset], hands=1)
    while game.state.phase != "round_over":
        state = game.state
        for seat in range(4):
            legal = legal_actions(state, seat)
            assert all(explain(state, seat, a) is None for a in legal)
            for ting in (False, True):
                allowed = discard_tiles(state, seat, ting)
                for tile in state.hands[seat]:
                    refusal = explain(state, seat, Discard(tile, ting))
                    assert (refusal is None) == (tile in allowed), (seat, tile, ting, refusal)
                    if refusal is not None:
                        assert step(state, seat, Discard(tile, ting)) == refusal
            if state.ting[seat]:
                assert discard_tiles(state, seat) <= {state.drawn}
        seat = rng.choice(pending_seats(state))
        legal = legal_actions(state, seat)
        eager = [a for a in legal if getattr(a, "ting", False)]  # reach locked hands often
        game.submit(seat, rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal))
