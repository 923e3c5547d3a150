"""Why the engine says no: one table from each reason to its words, the checks asked in order, and one
function that says a refusal in the player's words (the table, the lessons' coach)."""

from __future__ import annotations

import string

from game.core.actions import Chi, Discard, Hu, Pass, Refusal
from game.core.engine import explain
from game.core.refusals import CHECKS, MESSAGES, explain_refusal, refusal, refusal_words
from game.glossary import TERMS
from game.tutorial.runner import refusal_text
from tests.table_fixtures import scripted_game


def test_every_reason_has_its_line_and_the_players_words() -> None:
    for reason, line in MESSAGES.items():
        code = reason.partition(".")[0]
        assert f"refusal.{code}" in TERMS, code  # the player's words, in both languages
        facts = {name: "x" for _, name, _, _ in string.Formatter().parse(line) if name}
        made = refusal(reason, **facts)
        assert made.code == code and "{" not in made.message


def test_the_checks_pick_the_most_specific_reason() -> None:
    game = scripted_game()  # the player deals and is not open
    state = game.state
    hand = state.hands[0]
    assert explain(state, 0, Discard(hand[0], ting=True)).code == "ting_not_allowed"  # type: ignore[union-attr]
    assert explain(state, 1, Discard(state.hands[1][0])).code == "not_your_turn"  # type: ignore[union-attr]
    assert explain(state, 0, Chi(())).code == "nothing_to_claim"  # type: ignore[union-attr]
    assert explain(state, 0, Hu()).code == "not_a_win"  # type: ignore[union-attr]
    # 过 on the player's own turn: no discard waits to be passed on (was the bare "not a legal move now")
    assert explain(state, 0, Pass()).code == "nothing_to_pass"  # type: ignore[union-attr]
    assert explain(state, 5, Hu()).message == "seat 5 is not 0-3"  # type: ignore[union-attr]
    refused = explain_refusal(state, 0, Discard(hand[0], ting=True))
    assert refused.blockers and refused.message.startswith("cannot declare 听 with this discard: ")
    assert len(CHECKS) >= 10


def test_one_function_says_a_refusal_for_the_table_and_the_coach() -> None:
    refused = Refusal("ting_not_allowed", "engine line", ("not_open", "no_triplet"))
    assert refusal_words(refused, "zh") == "不能报听：未开门、没有刻子"
    assert refusal_words(refused, "en").startswith("cannot declare ready: ")
    coach = refusal_text(refused)
    assert (coach.zh, coach.en) == (refusal_words(refused, "zh"), refusal_words(refused, "en"))
    unknown = Refusal("a_new_reason", "the engine's own line", ("a_new_blocker",))
    assert refusal_words(unknown, "en") == "the engine's own line: a_new_blocker"
