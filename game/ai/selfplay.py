"""Headless self-play: four players at one table through the same legal_actions/submit as every driver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..core.actions import Refusal
from ..core.events import Event, Hu, RoundDrawn
from ..core.invariants import check_invariants
from ..core.match import Game
from ..core.rules import RuleSet
from ..core.view import view
from .base import Player


@dataclass
class HandRecord:
    """The outcome of one hand in self-play."""

    hand_no: int
    dealer: int
    outcome: str
    winner: int | None
    deltas: tuple[int, ...]


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
    while not game.over:
        state = game.state
        if state.phase == "round_over":
            record.hands.append(_hand_record(game))
            new = game.advance()
        else:
            pending = game.pending()
            if not pending:
                record.violations.append(f"hand {state.hand_no}: nobody to act in phase {state.phase}")
                break
            seat = pending[0]
            legal = game.legal_actions(seat)
            decision = players[seat].decide(view(state, seat), legal)
            record.decisions += 1
            result = game.submit(seat, decision.action)
            if isinstance(result, Refusal):
                record.refusals += 1
                result = game.submit(seat, legal[0])
                if isinstance(result, Refusal):
                    record.violations.append(f"hand {state.hand_no}: the first legal action was refused")
                    break
            new = result
        if check:
            record.violations.extend(f"hand {game.state.hand_no}: {p}" for p in check_invariants(game.state))
        if on_events is not None:
            on_events(new)
    return record


def _hand_record(game: Game) -> HandRecord:
    state = game.state
    result = state.result
    deltas = state.settlement.deltas if state.settlement is not None else (0, 0, 0, 0)
    if isinstance(result, Hu):
        return HandRecord(state.hand_no, state.dealer, result.kind, result.seat, deltas)
    assert isinstance(result, RoundDrawn)
    return HandRecord(state.hand_no, state.dealer, "draw", None, deltas)
