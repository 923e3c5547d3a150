"""Driving seats: ask a seat's player, submit its choice, fall back when the engine refuses it.

Every place that plays seats for someone — self-play and the ``simulate`` command,
the live match's AI seats (and a person's seat handed to an AI), the benchmarks,
the scenario runner's automatic passes — goes through :func:`play_choice` (one
choice) or :func:`drive` (the loop). A player is anything with
``decide(view, legal) -> decision`` whose decision has an ``action``: the AI
players, a scripted lesson opponent, a test's stub. A player sees only its
seat's view and legal actions.

A refused choice is not an error of the match: it is reported in
:attr:`Played.refusal` and the seat's first legal action is played instead
(unless the caller asks for no fallback, as the scenario runner does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .actions import Action, Refusal
from .errors import HarbinError
from .events import Event
from .match import Game
from .state import State
from .view import SeatView, view


class Choice(Protocol):
    """A player's answer: the action it chose (an AI's Decision also carries its reason)."""

    @property
    def action(self) -> Action:
        """The action chosen."""
        ...


class Player(Protocol):
    """Anything that can play a seat from what the seat may know."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Choice:
        """Choose one of ``legal`` for the seat whose view this is."""
        ...


@dataclass(frozen=True)
class Always:
    """A player that always chooses the same action (e.g. passing every claim); its own choice."""

    action: Action

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Always:
        """The same action, whatever the table."""
        return self


class DriveError(HarbinError, RuntimeError):
    """The table cannot go on: even a seat's first legal action was refused, or nobody is to act."""


@dataclass(frozen=True)
class Played:
    """One seat's turn as played: what it chose, what was played, the new events."""

    seat: int
    chosen: Action
    played: Action
    events: list[Event]
    refusal: Refusal | None = None
    """Why the chosen action was refused (the first legal action was played instead)."""


@dataclass
class DriveResult:
    """How a :func:`drive` loop ended: every turn it played, and why it stopped."""

    turns: list[Played] = field(default_factory=list)
    waiting_for: int | None = None
    """The seat without a player the table now waits for (None if the stop condition was met)."""
    refusal: Refusal | None = None
    """The refusal that stopped a loop without fallback."""


def play_choice(
    game: Game,
    seat: int,
    chosen: Action,
    legal: Sequence[Action] | None = None,
    trace: list[State] | None = None,
    fallback: bool = True,
) -> Played | Refusal:
    """Submit a seat's choice; if the engine refuses it, play the seat's first legal action instead.

    ``legal`` is what the seat was offered (by default what it may do now); without
    ``fallback`` a refusal is returned and nothing is played.
    """
    offered = list(game.legal_actions(seat) if legal is None else legal)
    result = game.submit(seat, chosen, trace)
    if not isinstance(result, Refusal):
        return Played(seat, chosen, chosen, result)
    if not fallback:
        return result
    if not offered:
        raise DriveError(f"seat {seat}: {chosen.describe()} refused ({result.message}), nothing else legal")
    if trace is not None:
        trace.clear()
    again = game.submit(seat, offered[0], trace)
    if isinstance(again, Refusal):
        raise DriveError(f"seat {seat}: the first legal action was refused: {again.message}")
    return Played(seat, chosen, offered[0], again, result)


def decide_and_play(game: Game, seat: int, player: Player, trace: list[State] | None = None) -> Played:
    """Ask the seat's player on its view and legal actions, and play its choice (with the fallback)."""
    legal = game.legal_actions(seat)
    if not legal:
        raise DriveError(f"the table is not waiting for seat {seat}")
    chosen = player.decide(view(game.state, seat), legal).action
    played = play_choice(game, seat, chosen, legal, trace)
    assert not isinstance(played, Refusal)  # with the fallback, a refusal is replaced
    return played


def hand_over(game: Game) -> bool:
    """Stop condition: the hand (or the match) is over."""
    return game.state.phase in ("round_over", "match_over")


def drive(
    game: Game,
    player_of: Callable[[int], Player | None],
    until: Callable[[Game], bool] = hand_over,
    on_played: Callable[[Played], None] | None = None,
    fallback: bool = True,
) -> DriveResult:
    """Play the seats the table waits for, in priority order, until ``until(game)`` holds.

    ``player_of(seat)`` gives the seat's player, or None for a seat someone else
    plays (the loop then stops, waiting for it). Without ``fallback`` the first
    refused choice stops the loop (nothing played for it). Raises DriveError if
    nobody is to act before the stop condition holds.
    """
    result = DriveResult()
    while not until(game):
        pending = game.pending()
        if not pending:
            raise DriveError(f"hand {game.state.hand_no}: nobody to act in phase {game.state.phase}")
        seat = pending[0]
        player = player_of(seat)
        if player is None:
            result.waiting_for = seat
            return result
        legal = game.legal_actions(seat)
        chosen = player.decide(view(game.state, seat), legal).action
        played = play_choice(game, seat, chosen, legal, fallback=fallback)
        if isinstance(played, Refusal):
            result.refusal = played
            result.waiting_for = seat
            return result
        result.turns.append(played)
        if on_played is not None:
            on_played(played)
    return result


__all__ = [
    "Always",
    "Choice",
    "DriveError",
    "DriveResult",
    "Played",
    "Player",
    "decide_and_play",
    "drive",
    "hand_over",
    "play_choice",
]
