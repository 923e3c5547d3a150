"""The action menu groups the engine's answers the way the claim bar and the hand show them: every
offered action is legal, every legal call has its button, a greyed button says the engine's reason, and
the discardable tiles are exactly the ones the engine accepts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import Chi, Discard, Hu, Pass, Peng
from game.core.engine import explain
from game.core.legal import legal_actions, pending_seats
from game.core.match import Game
from game.core.rules import PRESETS
from game.table.menu import CLAIM_BUTTONS, ActionMenu, button_of

from .table_fixtures import scripted_game


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_the_menu_offers_exactly_what_the_engine_accepts(seed: int, preset: str) -> None:
    rng = random.Random(seed)
    game = Game.new(seed, PRESETS[preset], hands=1)
    while game.state.phase != "round_over":
        state = game.state
        for seat in range(4):
            menu = ActionMenu(state, seat)
            assert menu.legal == tuple(legal_actions(state, seat)) and menu.token == len(game.events)
            for name, actions in menu.buttons.items():
                assert all(explain(state, seat, a) is None for a in actions)
                assert (name in menu.reasons) == (not actions)
            for action in menu.legal:
                name = button_of(action)
                assert name == "discard" or action in menu.buttons[name]
            for tile in state.hands[seat]:
                assert (menu.why_not_discard(tile) is None) == (tile in menu.discardable)
                assert (menu.why_not_discard(tile, True) is None) == (tile in menu.ting_discardable)
            assert set(menu.ting_options) == {t >> 2 for t in menu.ting_discardable}
            if not menu.waiting:
                assert set(menu.reasons) == set(CLAIM_BUTTONS)
        seat = rng.choice(pending_seats(state))
        legal = legal_actions(state, seat)
        eager = [a for a in legal if getattr(a, "ting", False)]
        game.submit(seat, rng.choice(eager) if eager and rng.random() < 0.7 else rng.choice(legal))


def test_the_scripted_table_as_the_claim_bar_shows_it() -> None:
    game = scripted_game()
    menu = ActionMenu(game.state, 0)
    # the dealer's first turn: 听 is refused with the blockers, nothing to call, discards open
    assert menu.buttons["ting"] == () and menu.reasons["ting"].code == "ting_not_allowed"
    assert {"not_opened", "not_ready"} & set(menu.reasons["ting"].blockers)
    assert menu.reasons["chi"].code == "nothing_to_claim" and menu.reasons["pass"].code
    assert menu.discardable == frozenset(game.state.hands[0]) and not menu.ting_options
    one_p = next(t for t in game.state.hands[0] if t >> 2 == 9)
    game.submit(0, Discard(one_p))
    game.submit(1, next(a for a in game.legal_actions(1) if isinstance(a, Discard) and a.tile >> 2 == 4))
    claim = ActionMenu(game.state, 0)
    assert [type(a) for a in claim.buttons["peng"]] == [Peng] and claim.buttons["pass"] == (Pass(),)
    assert all(isinstance(a, Peng) and a.ting for a in claim.buttons["ting"])
    assert claim.reason("chi") is not None and claim.reason("hu") is not None
    assert claim.discardable == frozenset() and claim.why_not_discard(one_p) is not None
    elsewhere = ActionMenu(game.state, 2)
    assert elsewhere.reason("peng") is not None and not elsewhere.waiting
    assert isinstance(claim.buttons["ting"][0], Chi | Peng) and Hu() not in claim.legal
