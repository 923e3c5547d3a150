"""支对 (R44) at the table: a 大庆 deal whose 听 discard leaves a 对倒, the choices the core offers (the pair
locked, the waits, 卡当) and their words, and the engine's reason for a refused lock.

The deal (大庆 rules, the player deals): ``123m 456p 88p 99s 55m 7z 1p``. The player throws 1p,
下家 throws the 5m it draws and the player 碰s it; throwing 中 then leaves ``123m 456p 88p 99s``
with the 碰: a 对倒 on 8 Dots and 9 Bamboo, either pair lockable.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.actions import Discard, Peng, Refusal
from game.core.legal import legal_actions
from game.core.match import Game
from game.core.rules import PRESETS
from game.core.tiles import kind_of, parse_kinds
from game.core.view import view
from game.core.zhidui import lock_attempt, lock_choices
from game.table.menu import ActionMenu
from game.ui.words.zhidui import choice_words
from tests.table_fixtures import scripted_game, to_the_five
from tests.text_checks import problems

DQ_HAND = "123m 456p 88p 99s 55m 7z 1p"
EIGHT_DOTS, NINE_BAMBOO, RED = parse_kinds("8p 9s 7z")


def duidao_game() -> Game:
    """The 大庆 deal, played up to the player's 听 discard (after 碰 on 下家's 5m)."""
    game = to_the_five(scripted_game(player_hand=DQ_HAND, rules=PRESETS["DQ"]))
    peng = next(a for a in game.legal_actions(0) if isinstance(a, Peng) and not a.ting)
    game.submit(0, peng)
    return game


def test_the_choices_are_no_lock_then_each_pair_with_what_it_means() -> None:
    game = duidao_game()
    hand = game.state.hands[0]
    red = next(t for t in hand if kind_of(t) == RED)
    choices = lock_choices(game.state, 0, red)
    assert ActionMenu(game.state, 0).lock_choices(red) == choices  # the menu hands on the core's answer
    assert [c.pair for c in choices] == [None, EIGHT_DOTS, NINE_BAMBOO]
    plain, eight, nine = choices
    assert plain.action == Discard(red, ting=True) and set(plain.waits) == {EIGHT_DOTS, NINE_BAMBOO}
    assert not plain.kadang
    assert eight.waits == (EIGHT_DOTS,) and eight.kadang and kind_of(eight.action.zhidui or 0) == EIGHT_DOTS
    assert all(choice.action in game.legal_actions(0) for choice in choices)  # each is legal as it stands
    assert choice_words(plain, "zh") == ("不支对", "听八饼、九条，不算卡当")
    assert choice_words(eight, "zh") == ("支对：扣下八饼", "只胡八饼，算卡当（翻倍）")
    assert choice_words(nine, "en") == (
        "Lock the 9 Bamboo pair",
        "Only 9 Bamboo wins, as a kadang (pays double)",
    )
    assert choice_words(plain, "en")[1] == "Waiting on 8 Dots and 9 Bamboo; not a kadang"
    for lang in ("zh", "en"):
        for choice in choices:
            for text in choice_words(choice, lang):  # type: ignore[arg-type]
                assert not problems(text, lang), text
    # a discard that leaves no 对倒 offers no choice
    one = next(t for t in hand if kind_of(t) == 0)
    assert lock_choices(game.state, 0, one) == []


def test_without_zhidui_or_a_duidao_there_is_no_choice() -> None:
    game = duidao_game()
    red = next(t for t in game.state.hands[0] if kind_of(t) == RED)
    off = replace(game.state, rules=game.state.rules.replace(zhidui=False))
    assert lock_choices(off, 0, red) == []
    assert all(a.zhidui is None for a in legal_actions(off, 0) if isinstance(a, Discard))
    # a seat not on turn is offered nothing
    assert lock_choices(game.state, 1, red) == []


def test_where_only_a_single_wait_may_declare_only_the_locks_are_offered() -> None:
    game = duidao_game()
    red = next(t for t in game.state.hands[0] if kind_of(t) == RED)
    strict = replace(game.state, rules=game.state.rules.replace(wait_restriction="kan_broad"))
    choices = lock_choices(strict, 0, red)
    assert [c.pair for c in choices] == [EIGHT_DOTS, NINE_BAMBOO]  # a 对倒 may not declare plainly here
    assert all(c.kadang and c.waits == (c.pair,) for c in choices)


def test_locking_a_tile_that_is_not_a_waiting_pair_is_refused_with_the_engines_reason() -> None:
    game = duidao_game()
    hand = game.state.hands[0]
    red = next(t for t in hand if kind_of(t) == RED)
    one = next(t for t in hand if kind_of(t) == 0)
    refused = game.submit(0, lock_attempt(hand, red, one))
    assert isinstance(refused, Refusal) and refused.code == "zhidui_not_a_pair"
    eight = next(t for t in hand if kind_of(t) == EIGHT_DOTS)
    accepted = game.submit(0, lock_attempt(hand, red, eight))
    assert not isinstance(accepted, Refusal)
    assert [w.kind for w in view(game.state, 0).waits] == [EIGHT_DOTS]
    assert all(w.kadang for w in view(game.state, 0).waits)
