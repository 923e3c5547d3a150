"""The review over time: each game a person played, rated by Expert, with its mistakes by category, and
the ratings by opponent level — what the statistics screen charts.

Reviewing a match takes about a second, so each game's rating is kept in a small cache in the user
data folder (``review-ratings.json``), good while the file's size and modification time stay the same
(:func:`game.replay.stamped.stamp_of`), as the library keeps its checks.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..ai.registry import LADDER
from ..core.events import Event, MatchStarted
from .header import HUMAN, players_of
from .pricing import CATEGORIES
from .review import ReviewError, review
from .stamped import Stamp, read_stamped, stamp_of, write_stamped

log = logging.getLogger(__name__)

RATINGS_NAME: Final = "review-ratings.json"
"""The cache's file name in the user data folder."""
RATING_LEVEL: Final = "expert"
"""The level that rates the games."""
CACHE_VERSION: Final = 1


@dataclass(frozen=True)
class RatedGame:
    """One game of the person's seat: when, against whom (the strongest opponent), its rating and mistakes."""

    created: str
    opponent: str
    """The strongest opponent's level (by the ladder)."""
    rating: int
    hands: int
    categories: dict[str, tuple[int, float]]
    """Each category: (mistakes, points lost)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        cats = {k: {"mistakes": n, "points": round(p, 4)} for k, (n, p) in self.categories.items()}
        return {
            "created": self.created,
            "opponent": self.opponent,
            "rating": self.rating,
            "hands": self.hands,
            "categories": cats,
        }


@dataclass
class RatingCache:
    """Ratings by file, each good while the file's size and time stay the same."""

    path: Path | None = None
    rows: dict[str, tuple[Stamp, dict[str, Any]]] = field(default_factory=dict)
    changed: bool = False

    @classmethod
    def open(cls, path: Path | None) -> RatingCache:
        """The cache kept at ``path`` (an empty one if there is none or it cannot be read)."""
        return cls(path, read_stamped(path, "review ratings cache", CACHE_VERSION, _good_rating))

    def save(self) -> None:
        """Write the cache (nothing if nothing changed or no path)."""
        if self.path is None or not self.changed:
            return
        if write_stamped(self.path, "review ratings cache", CACHE_VERSION, self.rows):
            self.changed = False


def _good_rating(answer: Any) -> bool:
    """A cached rating: {"rating", "hands", "categories"}."""
    return (
        isinstance(answer, dict)
        and isinstance(answer.get("rating"), int)
        and isinstance(answer.get("hands"), int)
        and isinstance(answer.get("categories"), dict)
    )


def strongest(players: Sequence[str], seat: int) -> str:
    """The strongest opponent of ``seat`` by the ladder (an unknown name counts weakest)."""
    others = [p for s, p in enumerate(players) if s != seat and p and p != HUMAN]
    if not others:
        return ""
    return max(others, key=lambda p: LADDER.index(p) if p in LADDER else -1)


def rate_game(events: Sequence[Event], header: dict[str, Any], seat: int) -> dict[str, Any]:
    """A game's rating for ``seat`` by :data:`RATING_LEVEL`: rating, hands and mistakes by category."""
    result = review(events, seat, RATING_LEVEL, header)
    cats = {k: [int(v["mistakes"]), float(v["points"])] for k, v in result.categories().items()}
    return {"rating": result.rating, "hands": len({d.hand for d in result.decisions}), "categories": cats}


def rated_games(
    games: Iterable[tuple[str, tuple[Path, dict[str, Any], Sequence[Event]]]], cache: RatingCache
) -> list[RatedGame]:
    """Every game a person played (not a what-if branch), rated, in the order given (by date)."""
    out = []
    for created, (path, header, events) in games:
        if header.get("kind") == "branch" or not events or not isinstance(events[0], MatchStarted):
            continue
        players = players_of(header, events)
        if HUMAN not in players:
            continue
        seat = players.index(HUMAN)
        key, stamp = os.path.abspath(path), stamp_of(path)
        known = cache.rows.get(key)
        if known is not None and stamp is not None and known[0] == stamp:
            row = known[1]
        else:
            try:
                row = rate_game(events, header, seat)
            except ReviewError as exc:
                log.info("%s not rated: %s", path, exc)
                continue
            if stamp is not None:
                cache.rows[key], cache.changed = (stamp, row), True
        opponent, cats = strongest(players, seat), _categories(row)
        out.append(RatedGame(created, opponent, int(row["rating"]), int(row["hands"]), cats))
    return out


def _categories(row: dict[str, Any]) -> dict[str, tuple[int, float]]:
    """Each category's (mistakes, points) from a rating row (a value that is not a pair counts as none)."""
    out = {}
    for k in CATEGORIES:
        pair = row["categories"].get(k)
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int | float) for v in pair)
        out[k] = (int(pair[0]), float(pair[1])) if ok else (0, 0.0)
    return out


def by_opponent(rated: Sequence[RatedGame]) -> dict[str, dict[str, Any]]:
    """Per strongest opponent level: games, mean rating, and each category's mistakes and points per hand."""
    out: dict[str, dict[str, Any]] = {}
    for level in sorted({g.opponent for g in rated}, key=lambda p: LADDER.index(p) if p in LADDER else -1):
        games = [g for g in rated if g.opponent == level]
        hands = sum(g.hands for g in games) or 1
        out[level] = {
            "games": len(games),
            "rating": round(sum(g.rating for g in games) / len(games), 1),
            "categories": {
                k: {
                    "mistakes_per_hand": round(sum(g.categories[k][0] for g in games) / hands, 4),
                    "points_per_hand": round(sum(g.categories[k][1] for g in games) / hands, 4),
                }
                for k in CATEGORIES
            },
        }
    return out


__all__ = [
    "RATINGS_NAME",
    "RATING_LEVEL",
    "RatedGame",
    "RatingCache",
    "by_opponent",
    "rate_game",
    "rated_games",
    "strongest",
]
