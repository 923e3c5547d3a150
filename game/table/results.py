"""What the result screens show: a finished hand, and a finished match.

Built by whoever drives the table (the live match, the replay viewer, a lesson)
and handed to the result scenes with callbacks. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.core.records import HandRecord
from game.core.view import SeatView


@dataclass(frozen=True)
class HandResult:
    """A finished hand: the view after it (hands revealed), who sits where, and whether the match ends."""

    view: SeatView
    names: Sequence[str]
    levels: Sequence[str | None]
    """Each seat's AI level as played (None for the person)."""
    last_hand: bool
    auto_next_after: float | None = None
    """Seconds after which the result goes on by itself (an autoplayed match); None: it waits."""


@dataclass(frozen=True)
class MatchResult:
    """A finished match: standings, every hand, and where its replay was kept."""

    names: Sequence[str]
    levels: Sequence[str | None]
    records: Sequence[HandRecord]
    scores: tuple[int, ...]
    start_scores: tuple[int, ...]
    saved_as: Path | None = None


__all__ = ["HandResult", "MatchResult"]
