"""Your mistakes become drills: each mistake of a reviewed match joins a queue, due at once; answered
right it leaves, missed it comes back after the drills' review gaps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay.logfile import load_log
from game.tutorial.progress import REVIEW_GAPS
from game.tutorial.replay_drills import replay_drills
from game.tutorial.replay_queue import ReplayDrillQueue
from tests.replay.helpers import SAVES

MIXED = SAVES / "mixed-levels-8-hands.jsonl"


def _drills() -> list[dict[str, object]]:
    loaded = load_log(MIXED)
    return replay_drills(loaded.events, 3, "expert", loaded.header)


def test_mistakes_join_due_and_leave_when_answered_right(tmp_path: Path) -> None:
    drills = _drills()
    assert len(drills) >= 3
    path = tmp_path / "replay-drills.json"
    queue = ReplayDrillQueue.open(path).add(drills, MIXED.name)
    assert [q.drill["index"] for q in queue.due()] == [d["index"] for d in drills]
    queue = queue.add(drills, MIXED.name)  # the same match again: nothing twice
    assert len(queue.items) == len(drills)
    queue.save()
    again = ReplayDrillQueue.open(path)
    assert again == queue
    first = again.due()[0]
    after, right, lost = again.answer(first, str(first.drill["answer"]))
    assert right and lost == 0 and first.key not in {i.key for i in after.items}


def test_a_missed_drill_comes_back_after_the_review_gaps(tmp_path: Path) -> None:
    drills = _drills()[:1]
    queue = ReplayDrillQueue(path=tmp_path / "q.json").add(drills, MIXED.name)
    item = queue.due()[0]
    queue, right, lost = queue.answer(item, str(item.drill["played"]))
    assert not right and lost == pytest.approx(float(item.drill["cost"]), abs=1e-3)
    back = queue.items[0]
    assert back.misses == 2 and back.due == queue.answered + REVIEW_GAPS[1] and not queue.due()
    while not queue.due():  # other answers pass the clock
        queue = queue.__class__(queue.items, queue.answered + 1, queue.path)
    assert queue.answered == 1 + REVIEW_GAPS[1] and queue.due()[0].key == item.key
    with pytest.raises(ValueError, match="not one of the choices"):
        queue.answer(back, "discard 9z")


def test_a_damaged_queue_file_is_kept_aside_and_the_readable_part_used(tmp_path: Path) -> None:
    path = tmp_path / "replay-drills.json"
    bad = tmp_path / "replay-drills.json.bad"
    path.write_text("{not json", encoding="utf-8")
    assert ReplayDrillQueue.open(path).items == ()
    assert bad.read_text(encoding="utf-8") == "{not json" and not path.exists()  # kept, never written over
    path.write_text('{"version": 1, "answered": 4, "items": [{"drill": 3}]}', encoding="utf-8")
    damaged = ReplayDrillQueue.open(path)
    assert damaged.items == () and damaged.answered == 4 and '"drill": 3' in bad.read_text(encoding="utf-8")
    good = ReplayDrillQueue(path=path).add(_drills()[:1], MIXED.name)
    good.save()
    assert ReplayDrillQueue.open(path) == good


SPOILS = {
    "a choice without its value": lambda d: d["choices"][0].pop("value"),
    "an infinite value": lambda d: d["choices"][0].__setitem__("value", float("inf")),
    "a choice that is no move": lambda d: d["choices"][0].__setitem__("action", "discard 3z"),
    "an answer that is no choice": lambda d: d.__setitem__("answer", "pass now"),
    "a hand tile that is no tile": lambda d: d["position"]["hand"].__setitem__(0, "1e"),
    "a river tile that is a number": lambda d: d["position"]["rivers"].setdefault("xiajia", []).append(7),
    "a meld of two tiles": lambda d: d["position"]["melds"].__setitem__("duijia", ["5p5p"]),
    "a seat the table does not have": lambda d: d["position"].__setitem__("ready", ["east"]),
    "a reason in one language": lambda d: d["choices"][-1]["reason"].pop("en"),
    "a question that is a list": lambda d: d.__setitem__("question", ["?"]),
    "the hand a string": lambda d: d.__setitem__("hand", "2"),
    "no wall count": lambda d: d["position"].pop("wall"),
}


@pytest.mark.parametrize("spoil", SPOILS)
def test_a_queued_drill_the_screen_cannot_show_is_left_out_and_the_rest_kept(
    tmp_path: Path, spoil: str
) -> None:
    """A damaged queue that is still JSON: the spoiled drill is left out (the file kept aside), never
    handed to the mistakes screen to crash on; the whole ones are kept."""
    drills = _drills()[:3]
    path = tmp_path / "replay-drills.json"
    ReplayDrillQueue(path=path).add(drills, MIXED.name).save()
    data = json.loads(path.read_text(encoding="utf-8"))
    SPOILS[spoil](data["items"][1]["drill"])
    path.write_text(json.dumps(data), encoding="utf-8")
    queue = ReplayDrillQueue.open(path)
    assert [q.drill["id"] for q in queue.items] == [drills[0]["id"], drills[2]["id"]]
    assert json.loads((tmp_path / "replay-drills.json.bad").read_text(encoding="utf-8")) == data
    assert ReplayDrillQueue.open(path) == queue  # the whole drills written back: the next screen has them


def test_other_drill_answers_move_the_clock_until_a_missed_one_is_due(tmp_path: Path) -> None:
    drills = _drills()[:1]
    queue = ReplayDrillQueue(path=tmp_path / "q.json")
    assert queue.wait() is None  # nothing queued, nothing waits
    queue = queue.add(drills, MIXED.name)
    assert queue.wait() == 0
    item = queue.due()[0]
    queue, _, _ = queue.answer(item, str(item.drill["played"]))
    for left in range(REVIEW_GAPS[1], 0, -1):
        assert queue.wait() == left and not queue.due()
        queue = queue.tick()
    assert queue.wait() == 0 and [q.key for q in queue.due()] == [item.key]
