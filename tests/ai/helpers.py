"""Positions for the AI tests: build a table with ``tests.positions.arrange`` and ask a level what it does."""

from __future__ import annotations

from game.ai.advisor import rank
from game.ai.base import Decision
from game.ai.registry import make_player
from game.core.actions import Action
from game.core.match import Game
from game.core.view import SeatView, view
from tests.positions import SEATS, arrange, play

__all__ = ["arrange", "ask", "best", "describe", "options", "play", "seat_view"]


def seat_view(game: Game, seat: str) -> tuple[SeatView, list[Action]]:
    """The seat's view and its legal actions now."""
    s = SEATS.index(seat)
    return view(game.state, s), game.legal_actions(s)


def ask(game: Game, seat: str, level: str, seed: int = 0) -> Decision:
    """What a fresh player of ``level`` does at ``seat`` now."""
    v, legal = seat_view(game, seat)
    assert legal, f"seat {seat} has nothing to decide"
    return make_player(level, seed).decide(v, legal)


def best(game: Game, seat: str, level: str = "expert") -> list[Decision]:
    """The level's ranking of every legal action (the advisor's, without noise)."""
    v, legal = seat_view(game, seat)
    return rank(v, legal, level)


def describe(decision: Decision | Action) -> str:
    """``discard 5m``, ``chi 46m ting``, ``pass`` … for readable assertions."""
    action = decision.action if isinstance(decision, Decision) else decision
    return action.describe()


def options(game: Game, seat: str) -> list[str]:
    """The legal actions of a seat, described."""
    return [a.describe() for a in seat_view(game, seat)[1]]


def ting_at(game: Game, seat: str, index: int) -> None:
    """Mark the seat's river tile at ``index`` as its 听 declaration (arrange() does not record one)."""
    from dataclasses import replace

    s = SEATS.index(seat)
    state = game.state
    river = list(state.rivers[s])
    river[index] = replace(river[index], ting=True)
    rivers = tuple(tuple(river) if i == s else r for i, r in enumerate(state.rivers))
    game.state = replace(state, rivers=rivers)
