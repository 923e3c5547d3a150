"""Your own mistakes on the drills screen: the queued replay drills answered right and wrong by posted keys
and clicks, graded against the reviewing level, the queue saved after each answer, a missed one back after
the drills' review gaps; the queue filled by the coach after a match; the screen's text fits."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.records import hand_records
from game.host.session import Session
from game.match_config import MatchConfig
from game.paths import app_paths
from game.replay.logfile import load_log
from game.replay.move_text import move_words
from game.settings import Settings
from game.table.results import MatchResult, match_counts
from game.tutorial.progress import REVIEW_GAPS, load_progress
from game.tutorial.replay_drills import replay_drills
from game.tutorial.replay_queue import QUEUE_NAME, ReplayDrillQueue
from game.ui.app import App
from game.ui.lessons.drills import DrillScene
from game.ui.lessons.mistake_drills import MistakeDrillScene
from game.ui.screens.menu import MainMenu
from game.ui.screens.results import HandResultScene, MatchResultScene
from game.ui.table.scene import TableScene
from game.ui.words.drill_answers import right_choices
from tests.replay.helpers import SAVES
from tests.ui.harness import click_widget, key, step, wait_for_ai
from tests.ui.textfit import fit_app, layout_problems

MIXED = SAVES / "mixed-levels-8-hands.jsonl"
PERSON = 3
"""The seat the person played in the mixed-levels match."""


def mistakes() -> list[dict[str, Any]]:
    loaded = load_log(MIXED)
    return replay_drills(loaded.events, PERSON, "expert", loaded.header)


def fill_queue(app: Any, drills: list[dict[str, Any]]) -> Path:
    path = app.paths.data_dir / QUEUE_NAME
    ReplayDrillQueue.open(path).add(drills, MIXED.name).save()
    return path


def mine_button(scene: DrillScene) -> Any:
    return next(b for b in scene.actions if b.object_ids and b.object_ids[-1] == "#mine")


def open_mine(app: Any) -> MistakeDrillScene:
    """The drills screen (all kinds), then its "your mistakes" button clicked."""
    app.nav.drills(seed=5)
    step(app, 2)
    drills = app.scenes.top
    assert isinstance(drills, DrillScene)
    click_widget(app, mine_button(drills))
    scene = app.scenes.top
    assert isinstance(scene, MistakeDrillScene)
    return scene


def drawn(scene: Any) -> str:
    return "\n".join(d.text for d in scene.text.items)


def test_a_mistake_answered_right_by_its_number_key_leaves_the_saved_queue(app: Any) -> None:
    drills = mistakes()
    path = fill_queue(app, drills)
    scene = open_mine(app)
    first = drills[0]
    assert scene.item is not None and scene.drill["id"] == first["id"]
    assert sorted(scene.order) == sorted(c["action"] for c in first["choices"])
    assert scene.order != [c["action"] for c in first["choices"]]  # never the level's order (best first)
    labels = [scene.choice_buttons[i].text for i in range(len(scene.order))]
    assert labels[0].startswith("1") and move_words(scene.order[0], "en") in labels[0]
    position = first["position"]
    held = sum(len(g.kinds) for g in scene.hand_board.rows[0]) if scene.hand_board else 0
    assert held >= len(position["hand"])  # the whole hand (and the draw) drawn as tiles
    assert "Ready: Next, Previous" in drawn(scene)  # who is ready, named from the person's seat
    answer = scene.order.index(first["answer"])
    key(app, pygame.K_1 + answer)
    assert scene.right is True
    step(app, 2)
    text = drawn(scene)
    assert "Right!" in text and first["choices"][0]["reason"]["en"][:40] in text
    for i, move in enumerate(scene.order):  # every choice's value in points, from the review
        value = next(c["value"] for c in first["choices"] if c["action"] == move)
        assert f"{value:+.2f}" in scene.choice_buttons[i].text
    saved = ReplayDrillQueue.open(path)
    assert saved.answered == 1 and (MIXED.name, first["id"]) not in {i.key for i in saved.items}
    assert len(saved.items) == len(drills) - 1
    key(app, pygame.K_RETURN)  # the next mistake
    assert scene.right is None and scene.drill["id"] == drills[1]["id"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, DrillScene)
    assert mine_button(app.scenes.top).text == f"Your mistakes ({len(drills) - 1})"


def test_a_missed_mistake_comes_back_after_the_drills_review_gap(app: Any) -> None:
    drill = mistakes()[0]
    path = fill_queue(app, [drill])
    scene = open_mine(app)
    wrong = next(i for i, m in enumerate(scene.order) if m == drill["played"])
    click_widget(app, scene.choice_buttons[wrong])
    assert scene.right is False
    step(app, 2)
    text = drawn(scene)
    assert "Not quite. The answer: " + move_words(drill["answer"], "en") in text
    assert f"About {drill['cost']:.2f} points less than Expert's choice." in text
    saved = ReplayDrillQueue.open(path)
    (back,) = saved.items
    assert back.misses == 2 and back.due == saved.answered + REVIEW_GAPS[1]
    key(app, pygame.K_RETURN)
    assert scene.item is None
    step(app, 2)
    assert f"after {REVIEW_GAPS[1]} more drill answers" in drawn(scene)
    key(app, pygame.K_ESCAPE)
    drills = app.scenes.top
    assert isinstance(drills, DrillScene)
    for n in range(REVIEW_GAPS[1]):  # other drills answered by their number keys move the clock on
        assert len(ReplayDrillQueue.open(path).due()) == 0, n
        good = right_choices(drills.drill, drills.options) if drills.options else []
        key(app, pygame.K_1 + good[0] if good else pygame.K_RETURN)  # Enter checks a tiles/payment drill
        assert drills.result is not None
        key(app, pygame.K_RETURN)
    assert load_progress(app.paths).progress.answered == REVIEW_GAPS[1]
    assert [q.drill["id"] for q in ReplayDrillQueue.open(path).due()] == [drill["id"]]
    assert mine_button(drills).text == "Your mistakes (1)"
    click_widget(app, mine_button(drills))
    again = app.scenes.top
    assert isinstance(again, MistakeDrillScene) and again.drill["id"] == drill["id"]


def test_a_match_played_at_the_table_fills_the_queue_with_the_persons_mistakes(isolated_home: Path) -> None:
    """A real one-hand match: the person's seat plays through the table's assists (discarding the draw,
    skipping calls, taking wins), the match ends, its result's coach reviews the kept replay, and the
    person's mistakes wait on the drills screen."""
    settings = Settings(
        language="en", animation_speed="off", ai_delay_ms=0, auto_discard=True, skip_calls=True, auto_win=True
    )
    paths = app_paths().ensure()
    app = App(paths, settings, persist=True, size=(1280, 720))
    try:
        app.push(MainMenu(app))
        config = MatchConfig(levels=("strong", "strong", "strong"), hands=1, seed=3)
        session = Session.new(config, saves_dir=paths.saves_dir, replays_dir=paths.replays_dir)
        table = TableScene(app, session)
        app.push(table)
        for _ in range(3000):
            if isinstance(app.scenes.top, MatchResultScene):
                break
            if isinstance(app.scenes.top, HandResultScene):
                key(app, pygame.K_RETURN)
                continue
            assert table.controls.decision_token is None, "the assists play for the person"
            step(app)
            wait_for_ai(table)
        result = app.scenes.top
        assert isinstance(result, MatchResultScene) and session.saved_as is not None
        assert result.coach.seat == 0 and result.coach.result(wait=120) is not None
        loaded = load_log(session.saved_as)
        expected = [d["id"] for d in replay_drills(loaded.events, 0, "expert", loaded.header)]
        queued = ReplayDrillQueue.open(paths.data_dir / QUEUE_NAME)
        assert expected and [q.drill["id"] for q in queued.due()] == expected
        assert {q.source for q in queued.items} == {session.saved_as.name}
        mine = open_mine(app)
        assert mine.drill["id"] == expected[0] and mine.drill["position"]["seat"] == 0
    finally:
        app.shutdown()
        pygame.quit()


def test_after_a_match_the_persons_costly_decisions_wait_on_the_drills_screen(app: Any) -> None:
    kept = app.paths.replays_dir / "match-coach.jsonl"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(MIXED, kept)
    events = load_log(kept).events
    final = events[-1]
    names = ("Previous", "You", "Next", "Opposite")
    levels = ("expert", "normal", "strong", None)  # the person played seat 3
    result = MatchResult(
        names, levels, hand_records(events), tuple(final.scores), (0,) * 4, kept, match_counts(events)
    )
    queue = app.paths.data_dir / QUEUE_NAME
    assert not queue.exists()
    app.nav.match_result(result)
    scene = app.scenes.top
    assert isinstance(scene, MatchResultScene)
    found = scene.coach.result(wait=120)
    assert found is not None
    expected = [d["id"] for d in mistakes()]
    assert expected and [q.drill["id"] for q in ReplayDrillQueue.open(queue).due()] == expected
    mine = open_mine(app)  # the drills screen opened over the match result
    assert mine.drill["id"] == expected[0] and mine.drill["position"]["seat"] == PERSON


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_mistakes_screen_fits_asked_and_answered(size: tuple[int, int], lang: str) -> None:
    drills = mistakes()
    many = max(drills, key=lambda d: len(d["choices"]))
    claim = next(d for d in drills if d["position"]["phase"] == "claim")
    with fit_app(size, lang) as app:
        for drill in (drills[0], claim, many):
            scene = MistakeDrillScene(app, queue=ReplayDrillQueue().add([drill], MIXED.name))
            app.push(scene)
            step(app, 2)
            assert layout_problems(scene, size) == [], (drill["id"], "asked")
            wrong = next(i for i, m in enumerate(scene.order) if m != drill["answer"])
            key(app, pygame.K_1 + wrong if wrong < 9 else pygame.K_1)
            step(app, 2)
            assert scene.right is not None
            assert layout_problems(scene, size) == [], (drill["id"], "answered")
            key(app, pygame.K_RETURN)  # nothing due: the "come back later" words
            step(app, 2)
            assert layout_problems(scene, size) == [], (drill["id"], "none due")
            app.pop()
        drills_scene = DrillScene(app, seed=3)
        app.push(drills_scene)
        step(app, 2)
        assert layout_problems(drills_scene, size) == []


def test_a_choice_past_nine_is_answered_by_tab_and_enter(app: Any) -> None:
    many = max(mistakes(), key=lambda d: len(d["choices"]))
    assert len(many["choices"]) > 9
    path = fill_queue(app, [many])
    scene = open_mine(app)
    target = scene.choice_buttons[len(scene.order) - 1]  # the last choice: no number key reaches it
    for _ in range(len(scene.focus_order)):
        if scene.focused is target:
            break
        key(app, pygame.K_TAB)
    assert scene.focused is target
    key(app, pygame.K_RETURN)
    move = scene.order[-1]
    assert scene.right is not None and scene.chosen == len(scene.order) - 1
    saved = ReplayDrillQueue.open(path)
    assert saved.answered == 1 and (len(saved.items) == 0) == (move == many["answer"] or scene.lost == 0)


def test_a_match_result_the_viewer_opens_is_reviewed_but_adds_nothing_to_the_drill_queue(app: Any) -> None:
    """The queue holds the player's own new mistakes: a replay looked at again (or imported) is coached on
    its result screen, but its decisions never join the queue."""
    kept = app.paths.replays_dir / "match-looked-at.jsonl"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(MIXED, kept)
    events = load_log(kept).events
    final = events[-1]
    levels = ("expert", "normal", "strong", None)  # the log's person played seat 3
    result = MatchResult(
        ("Previous", "You", "Next", "Opposite"),
        levels,
        hand_records(events),
        tuple(final.scores),
        (0,) * 4,
        kept,
        match_counts(events),
    )
    app.nav.replay_match_result(result)
    scene = app.scenes.top
    assert isinstance(scene, MatchResultScene)
    found = scene.coach.result(wait=120)
    assert found is not None and found.seat == PERSON  # the coach still speaks of the person's seat
    assert not (app.paths.data_dir / QUEUE_NAME).exists()


def test_the_screen_opens_on_a_damaged_queue_and_asks_the_whole_drills(app: Any) -> None:
    """A queue file spoiled by hand (still JSON: a choice's value gone, a hand tile that is no tile): the
    screen opens, asks the drills that are whole and grades them; the spoiled ones are left out."""
    import json

    drills = mistakes()[:3]
    path = fill_queue(app, drills)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["items"][0]["drill"]["choices"][0].pop("value")
    data["items"][2]["drill"]["position"]["hand"][0] = "1e"
    path.write_text(json.dumps(data), encoding="utf-8")
    scene = open_mine(app)
    assert scene.item is not None and scene.drill["id"] == drills[1]["id"]
    key(app, pygame.K_1)
    step(app, 2)
    assert scene.right is not None and len(scene.queue.items) <= 1


def test_queues_with_values_swapped_at_random_never_crash_the_screen(app: Any) -> None:
    """Thirty queue files, each with two of its JSON values swapped for values of other kinds (the fuzz
    op of tests/fuzz_files.py): the screen opens, asks what is whole, and takes an answer, every time."""
    import random

    from tests.fuzz_files import VALUE, mutate

    drills = mistakes()[:3]
    path = fill_queue(app, drills)
    data = path.read_bytes()
    rng = random.Random(36)
    asked = 0
    for _ in range(30):
        path.write_bytes(mutate(data, [(VALUE, rng.randrange(10**6), rng.randrange(10**6)) for _ in "ab"]))
        app.scenes.clear()
        scene = MistakeDrillScene(app)
        app.push(scene)
        step(app, 1)
        if scene.order:
            asked += 1
            scene.choose(0)
            step(app, 1)
            assert scene.right is not None
    assert asked >= 10  # most files keep a whole drill to ask
