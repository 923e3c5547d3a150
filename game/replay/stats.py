"""Statistics over saved games, for one seat or for the person: results, wins by kind, dealing in.

Only hands that ended count (a win or a drawn hand). For the chosen seat:

* ``points`` — the sum of the seat's score changes (every settlement of the hand);
* ``wins`` by kind (自摸, 点炮 taken, 摸宝, 宝中宝, 抢杠 …) and wins on a 卡当 (middle-tile) wait;
* ``ready_hands`` — hands in which the seat declared 听 (ready);
* ``deal_ins`` — hands lost by discarding the winning tile (a win by ``ron`` off the seat's
  discard), split by whether the seat was ready when it discarded. The rates divide by the
  hands played, as the tournament's do (``deal_in_rate_ready`` = deal-ins while ready /
  hands; ``ready_deal_in_share`` = deal-ins while ready / ready hands);
* ``by_opponent_level`` — the same totals per AI level met at the table: a game counts for
  each level among the three other seats.

The person's seat is the one whose player is ``human``; a game without one is skipped, and so
is a what-if branch (its moves after the branch point were not played by anyone).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.events import Event, Hu, MatchStarted, RoundDrawn, RoundStarted, Settled, TingDeclared
from .header import HUMAN, players_of
from .library import scan

WIN_KINDS = ("zimo", "ron", "mobao", "baozhongbao", "qianggang", "dafeng")
"""Win kinds counted separately (as the ``hu`` event names them)."""


@dataclass
class Totals:
    """Counts over hands for one seat (or one opponent level)."""

    games: int = 0
    hands: int = 0
    points: int = 0
    wins: int = 0
    kinds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(WIN_KINDS, 0))
    kadang: int = 0
    ready_hands: int = 0
    deal_ins: int = 0
    deal_ins_ready: int = 0
    deal_ins_not_ready: int = 0

    def add(self, other: Totals) -> None:
        """Add another seat's or game's totals to these."""
        self.games += other.games
        self.hands += other.hands
        self.points += other.points
        self.wins += other.wins
        for k, v in other.kinds.items():
            self.kinds[k] = self.kinds.get(k, 0) + v
        self.kadang += other.kadang
        self.ready_hands += other.ready_hands
        self.deal_ins += other.deal_ins
        self.deal_ins_ready += other.deal_ins_ready
        self.deal_ins_not_ready += other.deal_ins_not_ready

    def to_json(self) -> dict[str, Any]:
        """Counts and rates, JSON-ready."""

        def rate(x: int, d: int) -> float:
            return round(x / d, 4) if d else 0.0

        return {
            "games": self.games,
            "hands": self.hands,
            "points": self.points,
            "points_per_hand": rate(self.points, self.hands),
            "wins": self.wins,
            "win_rate": rate(self.wins, self.hands),
            **{k: v for k, v in self.kinds.items()},
            "kadang": self.kadang,
            "ready_hands": self.ready_hands,
            "ready_rate": rate(self.ready_hands, self.hands),
            "deal_ins": self.deal_ins,
            "deal_in_rate": rate(self.deal_ins, self.hands),
            "deal_ins_ready": self.deal_ins_ready,
            "deal_ins_not_ready": self.deal_ins_not_ready,
            "deal_in_rate_ready": rate(self.deal_ins_ready, self.hands),
            "deal_in_rate_not_ready": rate(self.deal_ins_not_ready, self.hands),
            "ready_deal_in_share": rate(self.deal_ins_ready, self.ready_hands),
        }


@dataclass
class Stats:
    """Statistics of one seat (or the person) over a set of games."""

    seat: str
    """``human`` or the seat number as asked."""
    totals: Totals = field(default_factory=Totals)
    by_level: dict[str, Totals] = field(default_factory=dict)
    finished: int = 0
    skipped: list[str] = field(default_factory=list)
    """Files left out and why (broken, or no person played in them)."""

    def to_json(self) -> dict[str, Any]:
        """The statistics as ``replay stats --json`` prints them."""
        return {
            "seat": self.seat,
            **self.totals.to_json(),
            "finished": self.finished,
            "by_opponent_level": {k: v.to_json() for k, v in sorted(self.by_level.items())},
            "skipped": list(self.skipped),
        }


def game_totals(events: Sequence[Event], seat: int) -> Totals:
    """One game's totals for ``seat`` (hands that ended only)."""
    out = Totals(games=1)
    ready = [False] * 4
    points = 0
    for event in events:
        if isinstance(event, RoundStarted):
            ready = [False] * 4
            points = 0
        elif isinstance(event, TingDeclared):
            ready[event.seat] = True
        elif isinstance(event, Settled):
            points += event.deltas[seat]
            if event.final:
                _end_hand(out, ready[seat], points)
        elif isinstance(event, RoundDrawn):
            _end_hand(out, ready[seat], points)
        elif isinstance(event, Hu):
            if event.seat == seat:
                out.wins += 1
                out.kinds[event.kind] = out.kinds.get(event.kind, 0) + 1
                out.kadang += event.kadang
            if event.kind == "ron" and event.from_seat == seat:
                out.deal_ins += 1
                if ready[seat]:
                    out.deal_ins_ready += 1
                else:
                    out.deal_ins_not_ready += 1
    return out


def _end_hand(out: Totals, ready: bool, points: int) -> None:
    out.hands += 1
    out.points += points
    out.ready_hands += ready


def seat_stats(games: Iterable[tuple[Path, dict[str, Any], Sequence[Event]]], seat: int | None) -> Stats:
    """Statistics over games (path, header, events) for ``seat``, or for the person's seat(s) if None."""
    stats = Stats(HUMAN if seat is None else str(seat))
    for path, header, events in games:
        if not events or not isinstance(events[0], MatchStarted):
            stats.skipped.append(f"{path}: the log does not start with match_started")
            continue
        if header.get("kind") == "branch":
            stats.skipped.append(f"{path}: a what-if branch, not a game played")
            continue
        players = players_of(header, events)
        seats = [s for s, p in enumerate(players) if p == HUMAN] if seat is None else [seat]
        if not seats:
            stats.skipped.append(f"{path}: no person played in this game")
            continue
        stats.finished += header.get("status") == "finished"
        for s in seats:
            totals = game_totals(events, s)
            stats.totals.add(totals)
            for level in sorted({p for i, p in enumerate(players) if i != s and p and p != HUMAN}):
                stats.by_level.setdefault(level, Totals()).add(totals)
    return stats


def folder_stats(folder: Path, seat: int | None = None, saves_dir: Path | None = None) -> Stats:
    """Statistics over every replay in a folder (and the match in progress); broken files are skipped."""
    found = scan(folder, saves_dir)
    stats = seat_stats(((e.path, dict(log.header), log.events) for e, log in found if log is not None), seat)
    stats.skipped[:0] = [e.problem for e, log in found if log is None]
    return stats


__all__ = ["WIN_KINDS", "Stats", "Totals", "folder_stats", "game_totals", "seat_stats"]
