"""What-if: another action at a decision, AI seats playing on against the recorded wall, saved as a
replay that verifies and says where it came from."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from game.core.events import Event, RoundStarted
from game.core.tiles import kind_code
from game.replay.library import add_replay, list_replays
from game.replay.logfile import load_log
from game.replay.notation import format_action
from game.replay.review import review
from game.replay.stats import folder_stats
from game.replay.verify import verify_events
from game.replay.walk import walk
from game.replay.whatif import WhatIfError, branch_name, decision_at, make_branch, seat_levels
from tests.replay.helpers import SAVES, recorded_match

SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"


def test_playing_the_recorded_action_gives_the_recorded_match_back() -> None:
    loaded = load_log(SAMPLE)
    decisions = [s for s in walk(loaded.events) if s.action is not None]
    point = decisions[len(decisions) // 2]
    assert point.action is not None
    # the sample was played by Expert as it was before issue 26: the frozen expert-v1
    action = format_action(point.action, point.before)
    branch = make_branch(loaded.events, loaded.header, point.index, action, levels=["expert-v1"])
    assert branch.events == loaded.events


def test_the_same_holds_with_decision_noise() -> None:
    header, events = recorded_match(61, levels=("normal", "novice", "normal", "novice"), hands=2)
    point = [s for s in walk(events) if s.action is not None][30]
    assert point.action is not None
    again = make_branch(events, header, point.index, format_action(point.action, point.before))
    assert again.events == events


def a_different_choice(events: Sequence[Event], seat: int = 0) -> tuple[int, str, str]:
    """A decision of ``seat`` where another discard was possible: (index, recorded, another)."""
    result = review(events, seat, "expert", scores=False)
    for d in result.decisions:
        if d.played.startswith("discard") and d.options > 5:
            step = next(s for s in walk(events) if s.index == d.index)
            others = [f"discard {kind_code(t >> 2)}" for t in sorted(step.before.hands[seat])]
            return d.index, d.played, next(o for o in others if o != d.played)
    raise AssertionError("no decision with a choice")


def test_a_branch_verifies_and_records_its_origin(tmp_path: Path) -> None:
    loaded = load_log(SAMPLE)
    index, recorded, other = a_different_choice(loaded.events)
    branch = make_branch(loaded.events, loaded.header, index, other, source=SAMPLE.name)
    assert verify_events(branch.events).ok
    assert branch.events[:index] == loaded.events[:index] and branch.events[index] != loaded.events[index]
    assert branch.diverged_at == index and branch.action == other and branch.recorded == recorded
    origin = branch.header["branch"]
    assert origin["source"] == SAMPLE.name and origin["index"] == index and origin["seat"] == 0
    assert origin["played"] == other and origin["recorded"] == recorded
    assert branch.header["kind"] == "branch" and branch.header["status"] == "finished"
    source_walls = {e.hand_no: e.wall for e in loaded.events if isinstance(e, RoundStarted)}
    branch_walls = {e.hand_no: e.wall for e in branch.events if isinstance(e, RoundStarted)}
    assert branch_walls == source_walls  # the recorded wall, and later hands dealt from the seed
    path = add_replay(tmp_path, branch.header, branch.events, branch_name(SAMPLE, index))
    assert path.name == f"{SAMPLE.stem}-whatif-{index}.jsonl"
    entry = list_replays(tmp_path)[0]
    assert entry.kind == "branch" and entry.branch is not None and entry.branch["index"] == index
    assert load_log(path).events == branch.events
    assert "what-if branch" in folder_stats(tmp_path, seat=0).skipped[0]


def test_other_players_can_play_on() -> None:
    header, events = recorded_match(62, levels=("greedy",) * 4, hands=1)
    index, _, other = a_different_choice(events, seat=1)
    branch = make_branch(events, header, index, other, levels=["random"])
    assert branch.header["branch"]["players"] == ["random"] * 4 and verify_events(branch.events).ok
    assert seat_levels({"players": ["human", "normal", "x", "expert"]}, None) == (
        "expert",
        "normal",
        "expert",
        "expert",
    )
    with pytest.raises(WhatIfError, match="one level or four"):
        seat_levels(header, ["expert", "novice"])
    with pytest.raises(WhatIfError, match="unknown player"):
        seat_levels(header, ["wizard"])


def test_an_illegal_action_is_refused_with_the_engines_reason() -> None:
    header, events = recorded_match(63, levels=("greedy",) * 4, hands=1)
    index, _, _ = a_different_choice(events, seat=0)
    with pytest.raises(WhatIfError, match="refused: there is no legal win here"):
        make_branch(events, header, index, "hu")
    with pytest.raises(WhatIfError, match="refused"):
        make_branch(events, header, index, "pass")
    with pytest.raises(WhatIfError, match="unknown action"):
        make_branch(events, header, index, "fold")
    step = next(s for s in walk(events) if s.index == index)
    missing = next(k for k in range(27) if k not in {t >> 2 for t in step.before.hands[0]})
    with pytest.raises(WhatIfError, match="holds no"):
        make_branch(events, header, index, f"discard {kind_code(missing)}")


def test_only_a_decision_can_be_branched_from() -> None:
    header, events = recorded_match(64, levels=("greedy",) * 4, hands=1)
    with pytest.raises(WhatIfError, match=r"event 1 is not a decision \(round_started\); try event"):
        make_branch(events, header, 1, "pass")
    with pytest.raises(WhatIfError, match="not in the replay"):
        make_branch(events, header, len(events) + 5, "pass")
    with pytest.raises(WhatIfError, match="does not verify"):
        make_branch(events[:6] + events[7:], header, 2, "pass")


@pytest.mark.parametrize("where", ["end", "past", "last", "negative", "far_negative"])
def test_an_index_outside_the_log_is_the_what_if_error_never_an_index_error(where: str) -> None:
    header, events = recorded_match(64, levels=("greedy",) * 4, hands=1)
    index = {"end": len(events), "past": len(events) + 1, "last": -1, "negative": -2}.get(where, -len(events))
    with pytest.raises(WhatIfError, match=rf"event {index} is not in the replay \(its events are 0 to "):
        decision_at(events, index)
    with pytest.raises(WhatIfError, match="not in the replay"):
        make_branch(events, header, index, "pass")
    last = max(s.index for s in walk(events) if s.action is not None)
    assert decision_at(events, last).index == last  # the last decision itself is fine
