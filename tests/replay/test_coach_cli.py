"""The review's command line forms: ``replay review --json`` with every candidate, ``replay coach`` and
``drill --from-replay``, in exactly the shapes documented."""

from __future__ import annotations

import pytest

from game.core.actions import Discard
from game.core.legal import legal_actions
from game.core.tiles import kind_code
from game.core.view import view
from game.replay.logfile import load_log
from game.replay.notation import format_action
from game.replay.walk import walk
from game.tutorial.replay_drills import grade_replay_drill
from tests.replay.helpers import SAVES
from tests.replay.test_cli_replay import bad_input, run_json

MIXED = str(SAVES / "mixed-levels-8-hands.jsonl")


def test_review_json_has_candidates_values_categories_and_rating(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "replay", "review", MIXED, "--seat", "3", "--level", "expert")
    assert 0 <= data["rating"] <= 100
    assert set(data["categories"]) == {"efficiency", "defence", "calls", "ting", "bao"}
    assert all(set(row) == {"mistakes", "points"} for row in data["categories"].values())
    flagged = [d for d in data["decisions"] if d["mistake"]]
    assert flagged and all(d["category"] and d["cost"] >= 0.2 for d in flagged)
    loaded = load_log(MIXED)
    steps = [s for s in walk(loaded.events) if s.seat == 3 and s.action is not None]
    legal_counts = {s.index: len(legal_actions(s.before, 3)) for s in steps}
    for d in data["decisions"]:
        assert len(d["candidates"]) == legal_counts[d["index"]]
        assert d["candidates"][0]["action"] == d["best"] and d["candidates"][0]["value"] == d["best_value"]


def test_replay_coach_names_three_decisions_costliest_first(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "replay", "coach", MIXED, "--seat", "N")
    assert set(data) >= {"decisions", "rating"} and len(data["decisions"]) == 3
    review = run_json(capsys, "replay", "review", MIXED, "--seat", "3")
    assert data["rating"] == review["rating"]
    assert [d["index"] for d in data["decisions"]] == review["costliest"][:3]
    for d in data["decisions"]:
        assert set(d) >= {"index", "played", "best", "cost", "category", "sentence"}
        assert set(d["sentence"]) == {"zh", "en"} and f"{d['hand'] + 1}" in d["sentence"]["en"]
    assert "--seat" in bad_input(capsys, "replay", "coach", MIXED, "--seat", "9")


def test_drill_from_replay_asks_each_mistake_from_the_seats_view(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "drill", "--from-replay", MIXED, "--seat", "3", "--level", "expert")
    review = run_json(capsys, "replay", "review", MIXED, "--seat", "3", "--level", "expert")
    mistakes = [d for d in review["decisions"] if d["mistake"]]
    assert [d["index"] for d in data["drills"]] == [d["index"] for d in mistakes]
    steps = {s.index: s for s in walk(load_log(MIXED).events)}
    for drill, d in zip(data["drills"], mistakes, strict=True):
        assert set(drill) >= {"index", "position", "choices", "answer", "explanation"}
        assert drill["answer"] == d["best"] and drill["choices"] == d["candidates"]
        step = steps[drill["index"]]
        assert step.seat == 3 and format_action(step.action, step.before) == d["played"]  # type: ignore[arg-type]
        seen = view(step.before, 3)
        assert drill["position"]["wall"] == seen.live_count and drill["position"]["seat"] == 3
        assert drill["position"]["hand"] == [kind_code(t >> 2) for t in seen.hand]
        right, lost = grade_replay_drill(drill, drill["answer"])
        assert right and lost == 0
        wrong, lost = grade_replay_drill(drill, d["played"])
        assert not wrong and lost == pytest.approx(d["cost"], abs=1e-3)
        assert drill["explanation"]["zh"] and drill["explanation"]["en"]
    assert any(isinstance(steps[d["index"]].action, Discard) for d in data["drills"])
    assert "--seat" in bad_input(capsys, "drill", "--from-replay", MIXED)
    assert "--kind" in bad_input(capsys, "drill")
