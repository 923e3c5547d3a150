"""The player interface every AI implements, and the structured reason it gives for a move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.actions import Action
from ..core.view import SeatView


@dataclass(frozen=True)
class Reason:
    """Why a move was chosen: a glossary-style ``kind`` plus its parameters, rendered in zh/en elsewhere.

    ``notes`` are further sentences of the same reason (the rule behind it, the safety of the
    tile, what was given up), each a kind of its own with parameters (glossary ``reason.note.*``).
    Every parameter is a fact about the position that the hints audit can check.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class Decision:
    """An action, the reason for it, and how long a person of the player's level would think about it."""

    action: Action
    reason: Reason
    think: float = 1.0
    """The thinking pause as a factor of the table's AI pause setting: a level's own pace, longer for a
    hard decision (close options, ready seats to defend against), short for an obvious one. The table
    (:class:`~game.ui.table.ai_runner.AiRunner`) plays the move once that pause has passed."""


class Player(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    name: str

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Choose one of ``legal`` (never empty) for the seat whose view this is."""
        ...
