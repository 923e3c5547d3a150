"""Review: an AI level's choice at every decision of a seat, from that seat's view, with its reason;
a seat reviewed by the level that played it agrees with itself on every decision."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.events import CallDeclared, CallPassed, Gang, Hu, TileDiscarded
from game.replay.logfile import load_log
from game.replay.review import ReviewError, review
from tests.replay.helpers import SAVES, recorded_match

SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"


def test_an_expert_seat_reviewed_by_expert_agrees_on_every_decision() -> None:
    loaded = load_log(SAMPLE)
    assert loaded.header["players"] == ["expert"] * 4 and loaded.header["ai_seeds"]
    for seat in range(4):  # played by Expert as it was before issue 26: the frozen expert-v1
        result = review(loaded.events, seat, "expert-v1", loaded.header, scores=seat == 0)
        assert len(result.decisions) > 20
        disagreeing = [(d.index, d.played, d.best) for d in result.decisions if not d.agree]
        assert disagreeing == [], seat
        assert result.agreement == 1.0 and result.costliest() == []


def test_the_same_holds_for_a_version_1_file_without_seeds() -> None:
    loaded = load_log(SAVES / "expert-table-4-hands.jsonl")
    assert loaded.file_version == 1 and "ai_seeds" not in loaded.header
    assert review(loaded.events, 2, "expert", loaded.header, scores=False).agreement == 1.0


def test_a_level_with_decision_noise_agrees_with_itself_when_seeded_as_in_the_match() -> None:
    header, events = recorded_match(51, levels=("normal", "novice", "normal", "novice"), hands=2)
    for seat, level in enumerate(("normal", "novice", "normal", "novice")):
        assert review(events, seat, level, header, scores=False).agreement == 1.0
    unseeded = {k: v for k, v in header.items() if k != "ai_seeds"}
    noisy = [review(events, seat, "novice", unseeded, scores=False) for seat in (1, 3)]
    assert any(r.agreement < 1.0 for r in noisy)  # the seed is what makes it exact


def test_each_reviewed_decision_points_at_the_event_that_records_it() -> None:
    header, events = recorded_match(52, levels=("novice", "greedy", "random", "greedy"), hands=2, person=0)
    result = review(events, 0, "expert", header)
    assert 0 < result.agreement < 1.0
    for d in result.decisions:
        event = events[d.index]
        assert isinstance(event, TileDiscarded | CallDeclared | CallPassed | Gang | Hu)
        assert getattr(event, "seat", None) == 0 and d.options >= 2
        assert d.played_score is not None and d.best_score is not None
        assert d.cost >= 0 and (d.cost == 0 if d.agree else True)
        data = d.to_json()
        assert data["reason"]["zh"] and data["reason"]["en"] and data["agree"] == (d.played == d.best)
    costly = result.costliest(3)
    assert [d.cost for d in costly] == sorted((d.cost for d in costly), reverse=True)
    assert all(not d.agree for d in costly)
    hands = result.hands()
    assert sum(h.decisions for h in hands) == len(result.decisions)
    assert sum(h.agreed for h in hands) == sum(d.agree for d in result.decisions)
    summary = result.to_json()
    assert set(summary) >= {"seat", "level", "agreement", "decisions"}
    assert summary["decisions"][0]["index"] == result.decisions[0].index


def test_bad_requests_are_one_clear_error() -> None:
    header, events = recorded_match(53, levels=("greedy",) * 4, hands=1)
    with pytest.raises(ReviewError, match="unknown player"):
        review(events, 0, "grandmaster", header)
    with pytest.raises(ReviewError, match="not a seat"):
        review(events, 4, "expert", header)
    with pytest.raises(ReviewError, match="does not verify"):
        review(events[:6] + events[7:], 0, "expert", header)


def _decision(index: int, hand: int, played: str, best: str, played_score: float, best_score: float) -> Any:
    from game.ai.base import Reason
    from game.replay.review import ReviewedDecision

    return ReviewedDecision(index, hand, played, best, Reason("hunch"), 5, played_score, best_score)


def test_a_difference_costs_what_the_level_says_the_played_move_loses() -> None:
    worse = _decision(10, 0, "discard 5m", "discard 9p", played_score=0.5, best_score=2.0)
    assert worse.cost == pytest.approx(1.5)  # best minus played, never the other way round
    assert worse.to_json()["cost"] == 1.5
    same = _decision(11, 0, "discard 9p", "discard 9p", played_score=2.0, best_score=2.0)
    assert same.agree and same.cost == 0.0
    unscored = _decision(12, 0, "discard 5m", "discard 9p", played_score=None, best_score=2.0)  # type: ignore[arg-type]
    assert unscored.cost == 0.0


def test_the_costliest_differences_come_first_and_each_hand_names_its_costliest() -> None:
    from game.replay.review import Review

    decisions = (
        _decision(3, 0, "discard 1m", "discard 2m", 1.0, 1.25),  # 0.25
        _decision(7, 0, "discard 3m", "discard 4m", 0.0, 2.0),  # 2.0: the hand's costliest
        _decision(9, 0, "discard 5m", "discard 5m", 1.0, 1.0),  # agrees
        _decision(15, 1, "pass", "peng 7z", 1.0, 1.5),  # 0.5
        _decision(18, 1, "discard 6p", "discard 7p", 0.0, 0.1),  # 0.1
    )
    result = Review(0, "expert", decisions)
    assert [d.index for d in result.costliest(3)] == [7, 15, 3]
    first, second = result.hands()
    assert (first.decisions, first.agreed, first.costliest) == (3, 1, 7)
    assert first.cost == pytest.approx(2.25) and second.cost == pytest.approx(0.6)
    assert second.costliest == 15
    assert result.to_json()["costliest"] == [7, 15, 3]  # 18 costs 0.1, under the tolerance: no mistake
    assert not decisions[4].mistake and decisions[3].mistake


def test_a_real_review_costs_are_never_negative_and_some_differ() -> None:
    loaded = load_log(SAMPLE)
    result = review(loaded.events, 1, "novice", loaded.header)
    diffs = result.differences()
    assert diffs and all(d.cost >= 0 for d in diffs)
    priced = [d for d in diffs if d.played_score is not None and d.best_score is not None]
    assert all(d.cost == pytest.approx(max(0.0, d.best_score - d.played_score)) for d in priced)
    assert any(d.cost > 0 for d in priced)
    costs = [d.cost for d in result.costliest(len(diffs))]
    assert costs == sorted(costs, reverse=True)
