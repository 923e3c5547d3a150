"""Players by name: the baselines and (later) the levels, as the command line and the table name them."""

from __future__ import annotations

from collections.abc import Callable

from .base import Player
from .random_player import RandomPlayer

PlayerFactory = Callable[[int], Player]


def player_factories() -> dict[str, PlayerFactory]:
    """Every known player name and how to make one from a seed."""
    return {"random": RandomPlayer}


def make_player(name: str, seed: int = 0) -> Player:
    """A player of the named kind; ValueError naming the choices for an unknown name."""
    factories = player_factories()
    key = name.strip().lower()
    if key not in factories:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(factories)}")
    return factories[key](seed)
