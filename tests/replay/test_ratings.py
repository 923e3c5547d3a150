"""The review over time: each game a person played rated by Expert (cached by file), by opponent level."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.replay import ratings
from game.replay.logfile import load_log, save_log
from game.replay.ratings import RatingCache, by_opponent, rated_games, strongest
from game.replay.review import review
from tests.replay.helpers import SAVES, recorded_match


def _games(folder: Path) -> list[tuple[str, tuple[Path, dict[str, Any], Any]]]:
    header, events = recorded_match(81, levels=("novice", "normal", "strong", "normal"), hands=2, person=0)
    mine = folder / "mine.jsonl"
    save_log(mine, events, header)
    ai_only = SAVES / "expert-table-4-hands.jsonl"
    out = []
    for created, path in (("2026-11-01T10:00:00", ai_only), ("2026-11-02T10:00:00", mine)):
        loaded = load_log(path)
        out.append((created, (path, dict(loaded.header), loaded.events)))
    return out


def test_only_the_games_a_person_played_are_rated_and_the_ratings_are_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = _games(tmp_path)
    cache_file = tmp_path / "review-ratings.json"
    cache = RatingCache.open(cache_file)
    rated = rated_games(games, cache)
    cache.save()
    assert len(rated) == 1  # the AI-only sample is no person's game
    path, header, events = games[1][1]
    expected = review(events, 0, "expert", header)
    game = rated[0]
    assert game.rating == expected.rating and game.opponent == "strong"
    assert {k: v[0] for k, v in game.categories.items()} == {
        k: v["mistakes"] for k, v in expected.categories().items()
    }
    assert cache_file.is_file()

    def no_review(*_: object) -> dict[str, Any]:
        raise AssertionError("a cached game was reviewed again")

    monkeypatch.setattr(ratings, "rate_game", no_review)
    again = rated_games(games, RatingCache.open(cache_file))
    assert again == rated
    with path.open("a", encoding="utf-8") as f:  # the file changed: its rating is made again
        f.write("\n")
    with pytest.raises(AssertionError, match="reviewed again"):
        rated_games(games, RatingCache.open(cache_file))


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    games = _games(tmp_path)
    cache_file = tmp_path / "review-ratings.json"
    cache_file.write_text('{"version": 1, "files": {"x": [1, 2, "not a row"]}}', encoding="utf-8")
    assert RatingCache.open(cache_file).rows == {}
    cache_file.write_text("not json", encoding="utf-8")
    assert len(rated_games(games, RatingCache.open(cache_file))) == 1


def test_ratings_by_strongest_opponent(tmp_path: Path) -> None:
    assert strongest(["human", "novice", "expert", "normal"], 0) == "expert"
    assert strongest(["human", "greedy", "random", "novice"], 0) == "novice"
    rated = rated_games(_games(tmp_path), RatingCache())
    rows = by_opponent(rated)
    assert list(rows) == ["strong"] and rows["strong"]["games"] == 1
    assert rows["strong"]["rating"] == rated[0].rating
    hands = rated[0].hands
    for k, (n, points) in rated[0].categories.items():
        assert rows["strong"]["categories"][k]["mistakes_per_hand"] == pytest.approx(n / hands, abs=1e-4)
        assert rows["strong"]["categories"][k]["points_per_hand"] == pytest.approx(points / hands, abs=1e-4)
