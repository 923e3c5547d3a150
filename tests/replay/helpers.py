"""Recorded matches for the replay tests: self-play logs with complete headers, written to temp folders."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.base import Decision, Player
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.actions import Action
from game.core.events import Event
from game.core.rules import RuleSet
from game.core.view import SeatView
from game.replay.header import HUMAN, complete_header, match_header
from game.replay.logfile import save_log

SAVES = Path(__file__).resolve().parent.parent.parent / "saves"


class AsPerson:
    """A player sitting in for a person: the log names the seat ``human``."""

    name = HUMAN

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        return self.inner.decide(view, legal)


def recorded_match(
    seed: int,
    levels: Sequence[str] = ("expert",) * 4,
    hands: int = 2,
    rules: RuleSet | None = None,
    person: int | None = None,
) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """A self-play match and its version-2 header (``ai_seeds`` as the players were made)."""
    seeds = [seed * 4 + i for i in range(4)]
    players: list[Player] = [make_player(level, s) for level, s in zip(levels, seeds, strict=True)]
    if person is not None:
        players[person] = AsPerson(players[person])
    record = play_match(players, seed, rules or RuleSet(), hands=hands)
    events = tuple(record.game.events)
    header = match_header(events[0], ai_seeds=seeds, created="2025-03-01T20:00:00")
    return complete_header(header, events), events


def write_match(folder: Path, name: str, seed: int, **kwargs: Any) -> Path:
    """A recorded match saved as ``folder/name.jsonl``."""
    header, events = recorded_match(seed, **kwargs)
    path = folder / f"{name}.jsonl"
    save_log(path, events, header)
    return path
