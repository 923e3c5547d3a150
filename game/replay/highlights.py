"""What each hand of a saved match came to, in brief, for the replay library: who won and how (or 荒庄),
whether on a 卡当, and how many times the 宝 was replaced (换宝) — read from the log, so the library says
what to watch for without opening the replay.

No pygame here: :mod:`game.ui.words.replay_words` turns a :class:`HandNote` into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.events import BaoReplaced, Event, Hu, RoundDrawn, RoundStarted


@dataclass(frozen=True)
class HandNote:
    """One hand of a log, as the library sums it up."""

    hand_no: int
    """The hand's number in the match, from 0."""
    outcome: str
    """The first win's kind (``ron``, ``zimo``, ``mobao``, ``baozhongbao`` …), ``draw`` for 荒庄, or
    ``unfinished`` for a hand the log stops in."""
    winner: int | None = None
    """The seat that won first (一炮多响: the one nearest the discarder)."""
    from_seat: int | None = None
    """Whose discard was won on (a ``ron``)."""
    kadang: bool = False
    """The first win was on a 卡当 (middle-tile) wait."""
    also_won: tuple[int, ...] = ()
    """一炮多响: the further seats that won on the same discard."""
    bao_replaced: int = 0
    """Times the 宝 was replaced during the hand (换宝)."""

    def to_json(self) -> dict[str, object]:
        """The note as ``replay list --json`` prints it (the hand counted from 1)."""
        return {
            "hand": self.hand_no + 1,
            "outcome": self.outcome,
            "winner": self.winner,
            "from_seat": self.from_seat,
            "kadang": self.kadang,
            "also_won": list(self.also_won),
            "bao_replaced": self.bao_replaced,
        }


def hand_notes(events: Sequence[Event]) -> tuple[HandNote, ...]:
    """Every dealt hand of a log, in order, with how it ended (the last one ``unfinished`` if the log
    stops before its end)."""
    notes: list[HandNote] = []
    current: HandNote | None = None
    for event in events:
        if isinstance(event, RoundStarted):
            if current is not None:
                notes.append(current)
            current = HandNote(event.hand_no, "unfinished")
        elif current is None:
            continue
        elif isinstance(event, BaoReplaced):
            current = replace(current, bao_replaced=current.bao_replaced + 1)
        elif isinstance(event, Hu):
            if current.winner is None:
                current = replace(
                    current,
                    outcome=event.kind,
                    winner=event.seat,
                    from_seat=event.from_seat,
                    kadang=event.kadang,
                )
            else:
                current = replace(current, also_won=(*current.also_won, event.seat))
        elif isinstance(event, RoundDrawn):
            current = replace(current, outcome="draw")
    if current is not None:
        notes.append(current)
    return tuple(notes)


__all__ = ["HandNote", "hand_notes"]
