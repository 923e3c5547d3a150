"""What each finished hand of a match came to: the outcome, who won, the score changes and the running scores.

One record type for every reader: self-play and ``simulate`` (from the live
state as each hand ends), the match result screen and the replay statistics
(from a log). All of it is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .events import Event, Hu, MatchStarted, RoundDrawn, RoundStarted, Settled
from .state import State


@dataclass(frozen=True)
class HandRecord:
    """One finished hand of a match."""

    hand_no: int
    dealer: int
    outcome: str
    """The win kind (``ron``, ``zimo``, ``mobao`` ...) or ``draw``."""
    winner: int | None
    """The seat that won (一炮多响: the first winner, nearest the discarder; it decides the next dealer)."""
    deltas: tuple[int, ...]
    """Each seat's score change over the hand (every settlement of it, kong payments included)."""
    scores: tuple[int, ...]
    """Running scores after the hand."""
    also_won: tuple[int, ...] = ()
    """一炮多响 (``multi_ron``): the further seats that won on the same discard."""


def hand_records(events: Sequence[Event]) -> list[HandRecord]:
    """Every finished hand of a log with its outcome and the running scores."""
    records: list[HandRecord] = []
    scores: tuple[int, ...] = (0, 0, 0, 0)
    hand_no, dealer = -1, 0
    outcome: tuple[str, int | None] | None = None
    further: tuple[int, ...] = ()
    deltas = [0, 0, 0, 0]
    for event in events:
        if isinstance(event, MatchStarted):
            scores = tuple(event.scores)
        elif isinstance(event, RoundStarted):
            hand_no, dealer, outcome, deltas = event.hand_no, event.dealer, None, [0, 0, 0, 0]
            further = ()
        elif isinstance(event, Settled):
            scores = tuple(event.scores)
            deltas = [d + e for d, e in zip(deltas, event.deltas, strict=True)]
            if event.final and outcome is not None:
                record = HandRecord(hand_no, dealer, outcome[0], outcome[1], tuple(deltas), scores, further)
                if further:  # 一炮多响: the hand's one record takes the further winner's settlement too
                    records[-1] = record
                else:
                    records.append(record)
        elif isinstance(event, Hu):
            if outcome is None:
                outcome = (event.kind, event.seat)
            else:
                further = (*further, event.seat)
        elif isinstance(event, RoundDrawn):
            records.append(HandRecord(hand_no, dealer, "draw", None, tuple(deltas), scores))
    return records


def hand_record(state: State, events: Sequence[Event]) -> HandRecord:
    """The record of the hand that has just ended in ``state`` (``events`` is the match's log so far).

    Reads the log back only to the hand's start.
    """
    start = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], RoundStarted)), None)
    found = hand_records(events[start:]) if start is not None else []
    if not found or found[-1].hand_no != state.hand_no or state.phase != "round_over":
        raise ValueError(f"hand {state.hand_no} is not over in this log")
    last = found[-1]
    return replace(last, scores=state.scores)


__all__ = ["HandRecord", "hand_record", "hand_records"]
