"""Players by name: the baselines and the levels, as the command line and the table name them.

``LEVELS`` are the player-facing levels, weakest first; their display names
are the glossary keys ``level.<name>``. ``random`` and ``greedy`` are the
baselines the levels are measured against.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .base import Player
from .levels import CONFIGS
from .players import GreedyPlayer, HeuristicPlayer
from .random_player import RandomPlayer

PlayerFactory = Callable[[int], Player]

LEVELS: tuple[str, ...] = ("novice", "normal", "strong", "expert")
"""The player-facing levels, weakest first (glossary keys ``level.novice`` …)."""
BASELINES: tuple[str, ...] = ("random", "greedy")
LADDER: tuple[str, ...] = BASELINES + LEVELS
"""Every player kind in order of strength, as measured by the tournament harness."""
FROZEN: tuple[str, ...] = ("expert-v1",)
"""Earlier versions of a level, kept unchanged to measure the level against (``tournament --baseline``)."""


def player_factories() -> dict[str, PlayerFactory]:
    """Every known player name and how to make one from a seed."""
    out: dict[str, PlayerFactory] = {"random": RandomPlayer, "greedy": GreedyPlayer}
    for name in LEVELS + FROZEN:
        out[name] = partial(HeuristicPlayer, CONFIGS[name])
    return out


def make_player(name: str, seed: int = 0) -> Player:
    """A player of the named kind; ValueError naming the choices for an unknown name."""
    factories = player_factories()
    key = name.strip().lower()
    if key not in factories:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(factories)}")
    return factories[key](seed)
