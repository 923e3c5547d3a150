"""The coach on the match result: the person's three costliest decisions, a sentence each, and the rating;
a click on one opens the replay at that decision, reviewed by Expert, every candidate shown."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.core.records import hand_records
from game.replay.coach import coach_json
from game.replay.logfile import load_log
from game.replay.review import review
from game.table.results import MatchResult, match_counts
from game.ui.replay.viewer import ViewerScene
from game.ui.screens.results import MatchResultScene
from tests.replay.helpers import SAVES
from tests.ui.harness import click, step
from tests.ui.test_table import make_app
from tests.ui.textfit import record_frame

SAMPLE = SAVES / "mixed-levels-8-hands.jsonl"


def test_the_coach_names_three_decisions_and_opens_the_replay_there(tmp_path: Path) -> None:
    app = make_app()
    try:
        kept = app.paths.replays_dir / "match-coach.jsonl"
        shutil.copy(SAMPLE, kept)
        loaded = load_log(kept)
        events = loaded.events
        final = events[-1]
        names = ("Previous", "You", "Next", "Opposite")
        levels = ("expert", "normal", "strong", None)  # the person played seat 3
        result = MatchResult(
            names, levels, hand_records(events), tuple(final.scores), (0,) * 4, kept, match_counts(events)
        )
        app.nav.match_result(result)
        scene = app.scenes.top
        assert isinstance(scene, MatchResultScene)
        found = scene.coach.result(wait=60)
        assert found is not None and found.seat == 3
        step(app, 2)
        expected = coach_json(review(events, 3, "expert", loaded.header))
        lines = scene.coach.lines()
        assert [ln.decision.index for ln in lines] == [d["index"] for d in expected["decisions"]]
        assert [ln.sentence("en") for ln in lines] == [d["sentence"]["en"] for d in expected["decisions"]]
        assert len(scene.coach.links) == 3 and scene.coach_area.h > 0
        drawn = [d for d in record_frame(app) if scene.coach_area.contains(d.rect)]
        said = "".join(d.text for d in drawn).replace(" ", "")
        for line in lines:  # each sentence whole (two lines at the smallest size rather than cut with "…")
            assert scene.coach.short(line).replace(" ", "") in said, scene.coach.short(line)
        assert not any(d.text.endswith("…") for d in drawn)
        assert not scene.coach_area.colliderect(scene.chart) and not scene.coach_area.colliderect(scene.board)
        rect, index = scene.coach.links[0]
        click(app, rect.center)
        step(app, 2)
        viewer = app.scenes.top
        assert isinstance(viewer, ViewerScene)
        assert viewer.viewer.cursor.position == index and viewer.viewer.seat == 3
        assert viewer.review.level == "expert"
        viewer.review.jobs.wait(3, "expert")
        step(app, 2)
        shown = viewer.review.shown_decision()
        assert shown is not None and shown.index == index and shown.mistake
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        step(app, 2)
        assert app.scenes.top is scene  # back to the match result
    finally:
        app.shutdown()
        pygame.quit()


def test_the_coachs_review_puts_the_mistakes_in_the_drill_queue(tmp_path: Path) -> None:
    from game.tutorial.replay_queue import ReplayDrillQueue
    from game.ui.screens import coach_lines

    kept = tmp_path / "match-coach.jsonl"
    shutil.copy(SAMPLE, kept)
    queue = tmp_path / "replay-drills.json"
    found = coach_lines._review(kept, 3, queue)
    queued = ReplayDrillQueue.open(queue)
    assert [q.drill["index"] for q in queued.due()] == [d.index for d in found.mistakes()]
    assert all(q.source == kept.name for q in queued.items)
    coach_lines._review(kept, 3, None)  # without a queue (a run that saves nothing) none is written
    assert ReplayDrillQueue.open(queue) == queued
