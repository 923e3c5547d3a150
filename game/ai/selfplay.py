"""Headless self-play: four players at one table, driven by the shared seat loop (:mod:`game.core.drive`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..core.drive import DriveError, Played, drive
from ..core.events import Event
from ..core.invariants import check_invariants
from ..core.match import Game
from ..core.records import HandRecord, hand_record
from ..core.rules import RuleSet
from .base import Player


@dataclass
class MatchRecord:
    """A finished self-play match: the game, its hands, refusals and invariant problems found."""

    game: Game
    hands: list[HandRecord] = field(default_factory=list)
    refusals: int = 0
    decisions: int = 0
    violations: list[str] = field(default_factory=list)


def play_match(
    players: Sequence[Player],
    seed: int,
    rules: RuleSet,
    hands: int = 1,
    dealer: int | None = None,
    check: bool = False,
    on_events: Callable[[list[Event]], None] | None = None,
) -> MatchRecord:
    """Play a whole match; with ``check`` every state is tested against the invariants."""
    game = Game.new(seed, rules, hands=hands, players=[p.name for p in players], dealer=dealer)
    record = MatchRecord(game)
    if on_events is not None:
        on_events(list(game.events))

    def after(new: list[Event]) -> None:
        if check:
            record.violations.extend(f"hand {game.state.hand_no}: {p}" for p in check_invariants(game.state))
        if on_events is not None:
            on_events(new)

    def played(turn: Played) -> None:
        record.decisions += 1
        if turn.refusal is not None:
            record.refusals += 1
        after(turn.events)

    while not game.over:
        if game.state.phase == "round_over":
            record.hands.append(hand_record(game.state, game.events))
            after(game.advance())
            continue
        try:
            drive(game, players.__getitem__, on_played=played)
        except DriveError as exc:
            record.violations.append(str(exc))
            break
    return record


__all__ = ["HandRecord", "MatchRecord", "play_match"]
