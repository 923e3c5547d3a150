"""One price: every candidate of a reviewed decision in expected points for the seat, costs that compare
early and late decisions, planted blunders flagged with their category, the rating and the coach."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.ai.base import Reason
from game.ai.price import Priced
from game.core.actions import Chi, Discard, Pass
from game.core.actions import Hu as HuAction
from game.core.events import Hu
from game.core.rules import RuleSet
from game.core.view import view
from game.replay.coach import coach, coach_json
from game.replay.logfile import load_log
from game.replay.pricing import CATEGORIES, TOLERANCE, category, hand_cap, rating
from game.replay.review import Review, review
from game.replay.walk import walk
from game.replay.whatif import make_branch
from tests.replay.helpers import SAVES, recorded_match

SAMPLES = sorted(SAVES.glob("*.jsonl"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_expert_reviewing_expert_flags_nothing(path: object) -> None:
    loaded = load_log(path)  # type: ignore[arg-type]
    seats = [s for s, p in enumerate(loaded.header["players"]) if p == "expert"]
    assert seats
    for seat in seats:
        result = review(loaded.events, seat, "expert", loaded.header)
        flagged = [(d.index, d.played, d.best, d.cost) for d in result.mistakes()]
        assert flagged == [], seat
        assert result.rating == 100 and all(row["mistakes"] == 0 for row in result.categories().values())
        assert coach(result) == []


def test_every_candidate_is_priced_in_points_best_first_and_no_cost_above_a_hand() -> None:
    header, events = recorded_match(71, levels=("random", "greedy", "novice", "random"), hands=2, person=0)
    cap = hand_cap(RuleSet())
    assert 10 <= cap <= 200
    for seat in (0, 3):  # a random player: a deliberately bad match
        result = review(events, seat, "expert", header)
        assert result.mistakes() and result.rating < 100
        for d in result.decisions:
            values = [c.value for c in d.candidates]
            assert len(d.candidates) == d.options  # every legal action, once
            assert len({c.action for c in d.candidates}) == d.options
            assert values == sorted(values, reverse=True)
            assert d.best_score == values[0] and d.candidates[0].action == d.best
            assert d.played_score == next(c.value for c in d.candidates if c.action == d.played)
            assert 0 <= d.cost <= cap and all(-cap <= v <= cap for v in values)
            assert d.mistake == (d.cost >= TOLERANCE and not d.agree)
            assert (d.category in CATEGORIES) if d.mistake else d.category is None
        worst = max(d.cost for d in result.decisions)
        assert worst < 40  # points, not the old steps-from-ready scale (thousands)


def test_the_json_of_a_decision_has_the_candidates_values_and_the_category() -> None:
    loaded = load_log(SAVES / "mixed-levels-8-hands.jsonl")
    data = review(loaded.events, 3, "expert", loaded.header).to_json()
    assert set(data["categories"]) == set(CATEGORIES) and 0 <= data["rating"] < 100
    mistakes = [d for d in data["decisions"] if d["mistake"]]
    assert sum(row["mistakes"] for row in data["categories"].values()) == len(mistakes)
    assert sum(row["points"] for row in data["categories"].values()) == pytest.approx(
        sum(d["cost"] for d in mistakes), abs=1e-3
    )
    for d in data["decisions"]:
        assert {"candidates", "played_value", "best_value", "cost", "mistake", "category"} <= set(d)
        for c in d["candidates"]:
            assert set(c) == {"action", "value", "reason"} and c["reason"]["zh"] and c["reason"]["en"]
        assert d["cost"] == pytest.approx(max(0.0, d["best_value"] - d["played_value"]), abs=1e-3)
    json.dumps(data)


def test_a_discard_into_a_ready_seats_wait_is_a_defence_mistake() -> None:
    loaded = load_log(SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl")
    branch = make_branch(loaded.events, loaded.header, 287, "discard 7p")
    won = branch.events[branch.diverged_at + 1 : branch.diverged_at + 12]
    assert any(isinstance(e, Hu) and e.seat == 3 and e.tile >> 2 == 15 for e in won)  # 7p: 上家 won on it
    result = review(branch.events, 0, "expert", branch.header)
    planted = next(d for d in result.decisions if d.index == 287)
    assert planted.played == "discard 7p" and planted.mistake
    assert planted.category == "defence" and planted.cost >= 1.0
    assert result.categories()["defence"]["mistakes"] >= 1 and result.rating < 100


def test_passing_a_win_is_a_calls_mistake() -> None:
    rules = dataclasses.replace(RuleSet(), must_hu=False)  # a ready seat may let a win go
    header, events = recorded_match(60, hands=2, rules=rules)
    branch = make_branch(events, header, 122, "pass")
    result = review(branch.events, 1, "expert", branch.header)
    planted = next(d for d in result.decisions if d.index == 122)
    assert (planted.played, planted.best) == ("pass", "hu")
    assert planted.mistake and planted.category == "calls"
    won = next(e for e in events[122:] if e.type == "settled")
    assert planted.best_score == pytest.approx(won.deltas[1])  # a win is priced at what it pays


def test_the_rating_falls_with_the_points_lost_per_hand() -> None:
    assert rating(0.0, 8) == 100 and rating(5.0, 0) == 100
    assert rating(2.0, 8) > rating(8.0, 8) > rating(16.0, 8) > 0
    assert rating(8.0, 8) == pytest.approx(100 * 0.6065, abs=1)  # 1 point a hand: e^(-1/2)


def test_the_coach_names_the_three_costliest_in_a_sentence_each() -> None:
    loaded = load_log(SAVES / "mixed-levels-8-hands.jsonl")
    result: Review = review(loaded.events, 3, "expert", loaded.header)
    data = coach_json(result)
    assert data["rating"] == result.rating and len(data["decisions"]) == 3
    costs = [d["cost"] for d in data["decisions"]]
    assert costs == sorted(costs, reverse=True) and costs[0] == round(result.costliest(1)[0].cost, 4)
    for d in data["decisions"]:
        assert {"index", "played", "best", "cost", "category", "sentence"} <= set(d)
        assert d["category"] in CATEGORIES
        zh, en = d["sentence"]["zh"], d["sentence"]["en"]
        assert f"{d['cost']:.2f}" in zh and f"{d['cost']:.2f}" in en and "大师" in zh and "Expert" in en


def test_each_mistake_has_the_category_of_what_it_got_wrong() -> None:
    loaded = load_log(SAVES / "mixed-levels-8-hands.jsonl")
    step = next(s for s in walk(loaded.events) if s.action is not None and s.seat is not None)
    assert step.seat is not None
    seat_view = view(step.before, step.seat)
    r = Reason("discard")

    def p(action: object, deal_in: float = 0.0, bao: float = 0.0) -> Priced:
        return Priced(action, 0.0, r, deal_in, bao)  # type: ignore[arg-type]

    plain, other = Discard(0), Discard(4)
    assert category(seat_view, p(plain), p(other)) == "efficiency"
    assert category(seat_view, p(plain, deal_in=0.3), p(other, deal_in=0.05)) == "defence"
    assert category(seat_view, p(Discard(0, ting=True)), p(Discard(4, ting=True))) == "ting"
    ting_bao = p(Discard(4, ting=True), bao=1.0)
    assert category(seat_view, p(Discard(0, ting=True)), ting_bao) == "bao"
    assert category(seat_view, p(Pass()), p(HuAction())) == "calls"
    assert category(seat_view, p(Pass()), p(Chi((0, 4, 8)))) == "calls"
