"""How far a seat's hand is from ready ("steps from ready"), as the table's F1 hint says it: the Harbin
hand conditions count, an unopened hand is a blocker named apart; on the seat's turn, after its best
discard. Checked against the Harbin shanten of every discard, and on hands worked out by hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.analysis.shanten import IMPOSSIBLE, harbin_shanten
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.view import view
from game.table.figures import hand_counts, ready_blockers, steps_from_ready

from .positions import arrange


def test_hands_worked_out_by_hand() -> None:
    # 123m 456p 789s 111s 5m: one 5m from a win with a sequence, a triplet, yaojiu, two suits: ready shape
    game = arrange(turn="S", hands={"E": "123m 456p 789s 111s 5m"})
    seen = view(game.state, 0)
    assert steps_from_ready(seen) == 0 and ready_blockers(seen) == ("not_open",)
    # no triplet and no pair to make one: 123m 456p 78s 99s 55m 中 — a step short
    game = arrange(turn="S", hands={"E": "123m 456p 78s 99s 55m 7z"})
    assert steps_from_ready(view(game.state, 0)) == 1
    # on the turn (14 tiles): throwing 中 leaves the ready shape above
    game = arrange(turn="E", hands={"E": "123m 456p 789s 111s 5m 7z"}, drawn="7z")
    assert steps_from_ready(view(game.state, 0)) == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_the_figure_is_the_best_discard_of_the_harbin_shanten(seed: int) -> None:
    game = Game.new(seed, RuleSet(), hands=1)
    seen = view(game.state, game.state.dealer)
    counts = hand_counts(seen.hand)
    best = IMPOSSIBLE
    for kind, n in enumerate(counts):
        if n:
            counts[kind] -= 1
            best = min(best, harbin_shanten(counts))
            counts[kind] += 1
    assert steps_from_ready(seen) == (None if best >= IMPOSSIBLE else best)
    other = view(game.state, (game.state.dealer + 1) % 4)
    assert steps_from_ready(other) == harbin_shanten(hand_counts(other.hand))
