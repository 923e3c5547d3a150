"""The statistics' review view: each game the person played rated by Expert by date, and by opponent."""

from __future__ import annotations

from typing import Any

from game.replay.logfile import save_log
from game.replay.review import review
from game.ui.replay.stats import StatsScene
from tests.replay.helpers import recorded_match
from tests.ui.harness import click_widget, step
from tests.ui.test_replay_library import fill_folder, open_library


def test_the_review_view_charts_each_games_rating(app: Any) -> None:
    folder = fill_folder(app)
    header, events = recorded_match(82, levels=("novice", "normal", "strong", "expert"), hands=2, person=0)
    save_log(folder / "played.jsonl", events, {**header, "created": "2026-11-20T20:00:00"})
    scene = open_library(app)
    click_widget(app, scene.controls["stats"])
    stats = app.scenes.top
    assert isinstance(stats, StatsScene) and stats.wait_loaded()
    view = next(b for b, v in stats.segments["view"] if v == "rating")
    click_widget(app, view)
    assert stats.view == "rating" and stats.wait_rated()
    step(app)
    assert stats.rated is not None and len(stats.rated) == 1  # the samples are AI games: only this one
    expected = review(events, 0, "expert", header).rating
    assert stats.rated[0].rating == expected and stats.rated[0].opponent == "expert"
    shown = " ".join(d.text for d in stats.text.items)
    assert "Each game's rating by Expert" in shown and f"rating {float(expected):.1f}" in shown
    assert "Expert: 1 games" in shown
    points = next(b for b, v in stats.segments["view"] if v == "points")
    click_widget(app, points)
    step(app)
    assert "Points per hand in each game" in " ".join(d.text for d in stats.text.items)
