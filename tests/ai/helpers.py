"""Positions for the AI tests: build a table with ``tests.positions.arrange`` and ask a level what it does."""

from __future__ import annotations

from game.ai.advisor import rank
from game.ai.base import Decision
from game.ai.registry import make_player
from game.core.actions import Action
from game.core.match import Game
from game.core.view import SeatView, view
from tests.positions import SEATS, arrange, play

__all__ = [
    "arrange", "ask", "best", "describe", "in_order", "options", "play", "seat_view", "table", "ting_at",
]  # fmt: skip


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


def in_order(game: Game, seats: str) -> None:
    """Give the river tiles their discard order: ``seats`` names, for each discard in time order, its seat.

    ``arrange`` leaves every river tile at order 0; "S S W N" means 南's first discard came first,
    then 南's second, then 西's first, then 北's first. Every river tile must be named.
    """
    from dataclasses import replace

    state = game.state
    rivers = [list(r) for r in state.rivers]
    used = [0, 0, 0, 0]
    for order, letter in enumerate(seats.split()):
        s = SEATS.index(letter)
        rivers[s][used[s]] = replace(rivers[s][used[s]], order=order)
        used[s] += 1
    assert used == [len(r) for r in rivers], f"{seats!r} does not name every river tile"
    game.state = replace(state, rivers=tuple(tuple(r) for r in rivers))


def table(
    *, tings: dict[str, int] | None = None, order: str = "", claim: str | None = None, **kw: object
) -> Game:
    """A position from self-play written out in full: ``arrange`` plus the 听 marks, discard order and claim.

    ``tings`` gives, per ready seat, the index of its 听 tile in its river; ``order`` the discard
    order (see :func:`in_order`); ``claim`` a tile the turn seat discards now (a claim decision).
    """
    game = arrange(**kw)  # type: ignore[arg-type]
    for letter, index in (tings or {}).items():
        ting_at(game, letter, index)
    if order:
        in_order(game, order)
    if claim is not None:
        play(game, f"{kw['turn']} discard {claim}")
    return game
