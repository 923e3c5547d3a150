"""The table's helpers (auto win, skip calls, auto-discard) pick only legal moves, exactly where their
definitions say, over random games of every preset."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from game.core.legal import legal_actions, pending_seats
from game.core.match import Game
from game.core.rules import PRESETS
from game.table.assists import Assists, assist_action
from game.table.menu import ActionMenu

from .table_fixtures import scripted_game

WIN = Assists(auto_win=True)
SKIP = Assists(skip_calls=True)
DISCARD = Assists(auto_discard=True)
ALL = Assists(auto_win=True, skip_calls=True, auto_discard=True)


def only_plain_calls(legal: tuple[Action, ...]) -> bool:
    """Every offer but 过 is a 吃, 碰 or 杠 on a discard that does not declare ready (and there is one)."""
    calls = [a for a in legal if not isinstance(a, Pass)]
    return bool(calls) and all(
        isinstance(a, Chi | Peng | Gang) and not getattr(a, "ting", False) for a in calls
    )


def check(menu: ActionMenu) -> None:
    """Each helper against its definition at one decision."""
    legal = menu.legal
    seen = menu.view
    can_win = any(isinstance(a, Hu) for a in legal)
    assert assist_action(menu, Assists()) is None
    assert assist_action(menu, WIN) == (Hu() if can_win else None)
    skip = seen.phase == "claim" and Pass() in legal and not can_win and only_plain_calls(legal)
    assert assist_action(menu, SKIP) == (Pass() if skip else None)
    throw = (
        seen.phase == "discard"
        and seen.turn == seen.seat
        and seen.drawn is not None
        and not can_win
        and not menu.ting_options
        and not menu.must_ting
        and not any(isinstance(a, AnGang | JiaGang | Gang) for a in legal)
    )
    assert assist_action(menu, DISCARD) == (Discard(seen.drawn) if throw and seen.drawn is not None else None)
    both = assist_action(menu, ALL)
    assert both is None or both in legal


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_every_helper_does_exactly_what_it_says(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, PRESETS[preset], hands=1)
    seen_kinds: set[str] = set()
    while game.state.phase != "round_over":
        state = game.state
        for seat in pending_seats(state):
            menu = ActionMenu(state, seat)
            check(menu)
            seen_kinds.add(state.phase)
        seat = rng.choice(pending_seats(state))
        legal = legal_actions(state, seat)
        eager = [a for a in legal if getattr(a, "ting", False) or isinstance(a, Hu)]
        game.submit(seat, rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal))
    assert "discard" in seen_kinds


def test_the_scripted_deal_with_the_helpers() -> None:
    game = scripted_game()
    first = ActionMenu(game.state, 0)
    assert assist_action(first, ALL) is None  # the dealer's first turn: no drawn tile to throw
    one_p = next(t for t in game.state.hands[0] if t >> 2 == 9)
    game.submit(0, Discard(one_p))
    game.submit(1, next(a for a in game.legal_actions(1) if isinstance(a, Discard) and a.tile >> 2 == 4))
    claim = ActionMenu(game.state, 0)
    # 5m could be taken for 碰 — and for 碰听, so skipping calls still asks
    assert any(isinstance(a, Peng) and not a.ting for a in claim.legal)
    assert any(getattr(a, "ting", False) for a in claim.legal)
    assert assist_action(claim, SKIP) is None


def test_each_helper_acts_in_real_games() -> None:
    """The definitions are not empty: over a few games each helper plays somewhere (and only legal moves)."""
    acted = {"win": 0, "skip": 0, "discard": 0}
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(seed, PRESETS["standard"], hands=1)
        while game.state.phase != "round_over":
            state = game.state
            for seat in pending_seats(state):
                menu = ActionMenu(state, seat)
                for name, helper in (("win", WIN), ("skip", SKIP), ("discard", DISCARD)):
                    action = assist_action(menu, helper)
                    assert action is None or action in menu.legal
                    acted[name] += action is not None
            seat = rng.choice(pending_seats(state))
            legal = legal_actions(state, seat)
            eager = [a for a in legal if getattr(a, "ting", False) or isinstance(a, Hu)]
            game.submit(seat, rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal))
    assert all(acted.values()), acted
