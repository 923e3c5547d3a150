"""The shared seat loop: a choice is played, a refused one falls back to the first legal action (or stops
the loop when asked), and a seat without a player is waited for."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.ai.registry import make_player
from game.core.actions import Action, Discard, Hu, Pass
from game.core.drive import Always, DriveError, Played, drive, play_choice
from game.core.match import Game
from game.core.records import hand_record, hand_records
from game.core.rules import RuleSet
from game.core.view import SeatView

from .table_fixtures import scripted_game


class Refuser:
    """Always asks for a win that is not there."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Always:
        return Always(Hu())


def test_a_refused_choice_plays_the_first_legal_action_and_says_why() -> None:
    game = scripted_game()
    legal = game.legal_actions(0)
    played = play_choice(game, 0, Hu(), legal)
    assert isinstance(played, Played)
    assert played.refusal is not None and played.refusal.code == "not_a_win"
    assert played.played == legal[0] and played.chosen == Hu()
    assert game.events[-len(played.events) :] == played.events


def test_without_fallback_a_refusal_plays_nothing() -> None:
    game = scripted_game()
    before = list(game.events)
    refusal = play_choice(game, 0, Hu(), fallback=False)
    assert getattr(refusal, "code", None) == "not_a_win" and game.events == before


def test_drive_waits_for_a_seat_without_a_player() -> None:
    game = scripted_game()
    result = drive(game, lambda seat: None if seat == 0 else Always(Pass()))
    assert result.waiting_for == 0 and result.turns == []  # the person deals: nothing played for them
    game.submit(0, next(a for a in game.legal_actions(0) if isinstance(a, Discard)))
    players = {s: make_player("random", s) for s in (1, 2, 3)}
    result = drive(game, lambda seat: players.get(seat))
    assert result.waiting_for == 0 and result.turns and all(t.seat != 0 for t in result.turns)
    assert all(t.refusal is None for t in result.turns)


def test_drive_reports_refusals_and_plays_a_hand_out() -> None:
    game = Game.new(11, RuleSet(), hands=1)
    refused: list[int] = []
    players = {seat: Refuser() if seat == 2 else make_player("random", seat) for seat in range(4)}

    def note(turn: Played) -> None:
        if turn.refusal is not None:
            refused.append(turn.seat)

    result = drive(game, players.__getitem__, on_played=note)
    assert game.state.phase == "round_over" and result.waiting_for is None
    assert refused and set(refused) == {2}
    assert hand_record(game.state, game.events) == hand_records(game.events)[-1]


def test_drive_raises_when_nobody_can_act() -> None:
    game = Game.new(11, RuleSet(), hands=1)
    with pytest.raises(DriveError):
        drive(game, lambda seat: make_player("random", seat), until=lambda g: g.over)
