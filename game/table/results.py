"""What the result screens show: a finished hand, and a finished match — its standings, every hand, and
the figures players compare at the end of a match (wins, 自摸, 摸宝, 宝中宝, 点炮, hands as dealer, the
大赢家 and the 炮手), counted from the match's events.

Built by whoever drives the table (the live match, the replay viewer, a lesson)
and handed to the result scenes with callbacks. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.events import Event, Hu, RoundDrawn, RoundStarted, Settled
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
    further: tuple[tuple[Hu, Settled], ...] = ()
    """一炮多响 (``multi_ron``): the further winners on the same discard, each with its settlement (the
    view keeps the first winner and its settlement: the one nearest the discarder)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won the hand, the first (nearest the discarder) first."""
        first = self.view.result
        return ((first.seat,) if isinstance(first, Hu) else ()) + tuple(hu.seat for hu, _ in self.further)

    @property
    def deltas(self) -> tuple[int, ...] | None:
        """Each seat's score change from the hand's win(s): every winner's settlement added up."""
        first = self.view.settlement
        if first is None:
            return None
        total = list(first.deltas)
        for _hu, settled in self.further:
            total = [a + b for a, b in zip(total, settled.deltas, strict=True)]
        return tuple(total)


def further_wins(events: Sequence[Event], hand_no: int) -> tuple[tuple[Hu, Settled], ...]:
    """一炮多响: the wins of hand ``hand_no`` after its first, each with the settlement that follows it."""
    out: list[tuple[Hu, Settled]] = []
    hand = -1
    wins: list[Hu] = []
    for event in events:
        if isinstance(event, RoundStarted):
            hand = event.hand_no
            wins = []
        elif hand == hand_no and isinstance(event, Hu):
            wins.append(event)
        elif (
            hand == hand_no
            and isinstance(event, Settled)
            and event.final
            and len(wins) > 1
            and (not out or out[-1][0] is not wins[-1])
        ):
            out.append((wins[-1], event))
    return tuple(out)


@dataclass(frozen=True)
class SeatCounts:
    """What one seat did over a match, as players compare it at the end."""

    wins: int = 0
    """Hands won, every kind of win."""
    zimo: int = 0
    """Wins on a drawn wait (自摸; 摸宝 and 宝中宝 are counted apart)."""
    mobao: int = 0
    """Wins by drawing the 宝 (摸宝)."""
    baozhongbao: int = 0
    """Wins by drawing the 宝 when it is the seat's only wait and a 卡当 (宝中宝)."""
    dealt_in: int = 0
    """Discards another seat won on (点炮)."""
    dealer: int = 0
    """Hands the seat dealt (坐庄)."""


WIN_COUNTS = {"zimo": "zimo", "mobao": "mobao", "baozhongbao": "baozhongbao"}
"""The win kinds counted in a column of their own."""


def match_counts(events: Sequence[Event], seats: int = 4) -> tuple[SeatCounts, ...]:
    """Each seat's counts over the finished hands of a match's events (a hand cut short is not counted)."""
    counts = [SeatCounts() for _ in range(seats)]
    dealer: int | None = None
    ended = False
    """The hand being read has ended (a second 和 on the same discard is 一炮多响's further winner)."""
    for event in events:
        if isinstance(event, RoundStarted):
            dealer, ended = event.dealer, False
        elif isinstance(event, Hu | RoundDrawn) and dealer is not None:
            if not ended:  # one dealer count per hand, however many seats win it
                counts[dealer] = replace(counts[dealer], dealer=counts[dealer].dealer + 1)
                ended = True
            if isinstance(event, Hu):
                mine = counts[event.seat]
                mine = replace(mine, wins=mine.wins + 1)
                column = WIN_COUNTS.get(event.kind)
                if column is not None:
                    mine = replace(mine, **{column: getattr(mine, column) + 1})
                counts[event.seat] = mine
                if event.kind == "ron" and event.from_seat is not None:
                    paid = counts[event.from_seat]
                    counts[event.from_seat] = replace(paid, dealt_in=paid.dealt_in + 1)
    return tuple(counts)


def top_scorers(scores: Sequence[int]) -> tuple[int, ...]:
    """The 大赢家: the seats with the top final score (ties named together)."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def most_dealt_in(counts: Sequence[SeatCounts]) -> tuple[int, ...]:
    """The 炮手: the seats that dealt in most often (ties named together); none when nobody dealt in."""
    most = max((c.dealt_in for c in counts), default=0)
    return tuple(seat for seat, c in enumerate(counts) if most and c.dealt_in == most)


@dataclass(frozen=True)
class MatchResult:
    """A finished match: standings, every hand, each seat's counts and where its replay was kept."""

    names: Sequence[str]
    levels: Sequence[str | None]
    records: Sequence[HandRecord]
    scores: tuple[int, ...]
    start_scores: tuple[int, ...]
    saved_as: Path | None = None
    counts: tuple[SeatCounts, ...] = ()
    """Each seat's counts (:func:`match_counts`); empty when the caller did not count them."""
    played_here: bool = True
    """The match was just played at this table: the person's mistakes join the drill queue. False for a
    match result the replay viewer opens (a replay looked at again, or imported: its mistakes are not
    the player's new ones)."""


__all__ = [
    "HandResult",
    "MatchResult",
    "SeatCounts",
    "further_wins",
    "match_counts",
    "most_dealt_in",
    "top_scorers",
]
