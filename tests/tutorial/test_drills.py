"""Drills: every answer is what ``analyze``/``score`` report for that position and what the plain oracles
say (RULES.md as written); questions and explanations are in both languages; a drill is the same each time."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli.main import main
from game.core.rules import RuleSet
from game.tutorial.drills import grade, make_drill, make_drills

from .drill_checks import (
    bao_draw_by_oracle,
    bao_draw_kadang_by_oracle,
    bao_swap_by_oracle,
    discard_by_cli,
    discard_by_oracle,
    kadang_by_cli,
    kadang_by_oracle,
    payment_by_cli,
    payment_by_oracle,
    ting_by_cli,
    ting_by_oracle,
)

N = 90  # per kind in the suite; tests/bench/bench_drills.py runs thousands
CJK = re.compile(r"[\u3400-\u9fff]")


def test_ting_drills_match_analyze_and_the_oracle() -> None:
    drills = make_drills("ting", 11, N)
    for d in drills:
        assert d["answer"] == ting_by_cli(d), d["id"]
        if "rules" not in d:
            assert d["answer"] == ting_by_oracle(d), d["id"]
    answers = Counter("yes" if d["answer"]["listen_allowed"] else d["answer"]["blockers"][0] for d in drills)
    assert answers["yes"] >= N // 4 and len(answers) >= 6, answers  # a mix of yes and every kind of no


def test_discard_drills_match_analyze_and_the_oracle() -> None:
    drills = make_drills("discard", 12, N)
    for d in drills:
        assert d["answer"] == discard_by_cli(d), d["id"]
        assert d["answer"]["ting_discards"] == discard_by_oracle(d), d["id"]
    assert sum(1 for d in drills if not d["answer"]["ting_discards"]) >= N // 10


def test_kadang_drills_match_analyze_and_the_oracle() -> None:
    drills = make_drills("kadang", 13, N)
    for d in drills:
        assert d["answer"] == kadang_by_cli(d), d["id"]
        assert d["answer"]["kadang"] == kadang_by_oracle(d), d["id"]
    yes = sum(d["answer"]["kadang"] for d in drills)
    assert N // 3 <= yes <= 2 * N // 3


def test_bao_drills_match_the_rules_as_written() -> None:
    drills = make_drills("bao", 14, N)
    kinds = Counter()
    for d in drills:
        if d["question_type"] == "draw":
            assert d["answer"]["win"] == bao_draw_by_oracle(d), d["id"]
            win = d["answer"]["win"]
            assert d["answer"]["kadang"] == (win is not None and bao_draw_kadang_by_oracle(d)), d["id"]
            kinds[win] += 1
            kinds["mobao_kadang"] += win == "mobao" and d["answer"]["kadang"]
        else:
            assert d["answer"] == bao_swap_by_oracle(d), d["id"]
            kinds[f"swap{d['answer']['swaps']}"] += 1
    assert set(kinds) == {"baozhongbao", "mobao", "zimo", None, "mobao_kadang", "swap0", "swap1", "swap2"}
    assert kinds["mobao_kadang"] >= N // 20, kinds  # 摸宝 on a 卡当 wait: doubled, a question of its own


def test_the_mobao_kadang_questions_keep_their_kadang() -> None:
    from game.tutorial.drill_bao import DRAW_CATEGORIES

    every = len(DRAW_CATEGORIES)
    for seed in (1, 14, 99):
        for n in range(4):
            index = 2 * (DRAW_CATEGORIES.index("mobao_kadang") + every * n)
            d = make_drill("bao", seed, index)
            assert d["answer"]["win"] == "mobao" and d["answer"]["kadang"], d["id"]
            assert len(d["answer"]["waits"]) == 1 and d["answer"]["waits"][0]["kadang"], d["id"]
            assert d["bao"] != d["answer"]["waits"][0]["tile"]  # else it would be 宝中宝
            assert "6" in d["explanation"]["en"] and "kadang" in d["explanation"]["en"]


def test_a_drill_tables_chi_was_claimed_from_the_previous_seat() -> None:
    from game.core.analysis.ting import MeldShape
    from game.tutorial.drill_base import drill_dice
    from game.tutorial.drill_hands import table_state

    melds = {seat: [MeldShape("chi", 0), MeldShape("peng", 18 + seat)] for seat in range(4)}
    state = table_state(drill_dice("bao", 0, 0), RuleSet(), hands={}, melds=melds, bao=27)
    for seat in range(4):
        chi, peng = state.melds[seat]
        assert chi.kind == "chi" and chi.from_seat == (seat + 3) % 4, (seat, chi)  # 上家's discard
        assert chi.claimed in chi.tiles and peng.from_seat not in (None, seat)


def test_payment_drills_match_score_and_the_rules_as_written() -> None:
    drills = make_drills("payment", 15, N)
    for d in drills:
        assert d["answer"] == payment_by_cli(d), d["id"]
        assert d["answer"]["payments"] == payment_by_oracle(d), d["id"]
        assert sum(d["answer"]["payments"].values()) == 0
    assert {d["win"] for d in drills} == {"ron", "zimo", "mobao", "baozhongbao", "qianggang"}


@pytest.mark.parametrize("kind", ["ting", "discard", "kadang", "bao", "payment"])
def test_drills_are_reproducible_and_bilingual(kind: str) -> None:
    first = make_drills(kind, 3, 12)
    assert first == make_drills(kind, 3, 12)
    assert first[5] == make_drill(kind, 3, 5)
    assert first != make_drills(kind, 4, 12)
    for d in first:
        for key in ("question", "explanation"):
            assert d[key]["zh"] and d[key]["en"]
            assert CJK.search(d[key]["zh"]) and not CJK.search(d[key]["en"]), d[key]
            assert "{" not in d[key]["zh"] + d[key]["en"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(-(10**9), 10**9), index=st.integers(0, 10_000))
def test_any_ting_drill_is_answered_as_analyze_answers_it(seed: int, index: int) -> None:
    d = make_drill("ting", seed, index)
    assert d["answer"] == ting_by_cli(d)


def test_grading_and_explanations() -> None:
    d = make_drill("ting", 1, 1)
    assert not d["answer"]["listen_allowed"]
    assert grade(d, {"listen_allowed": False}).correct
    assert grade(d, {"listen_allowed": False, "blocker": d["answer"]["blockers"][0]}).correct
    assert not grade(d, {"listen_allowed": False, "blocker": "wait_restriction"}).correct
    assert not grade(d, {"listen_allowed": True}).correct
    p = make_drill("payment", 1, 0)
    assert grade(p, {"payments": p["answer"]["payments"]}).correct
    wrong = dict(p["answer"]["payments"], E=p["answer"]["payments"]["E"] + 1)
    result = grade(p, {"payments": wrong})
    assert not result.correct  # the learner's own answer first, then the same explanation
    assert all(result.explanation[lang].endswith(p["explanation"][lang]) for lang in ("zh", "en"))
    assert result.explanation["en"].startswith("You get 5, not 6.")  # the winner's row, as the screen says it
    nothing = grade(p, {"payments": {seat: 0 for seat in "ESWN"}})  # every loser's amount left at 0
    assert nothing.explanation["en"].startswith("You get 5, not 0; the opposite player pays 5, not 0.")
    assert nothing.explanation["zh"].startswith("你应得 5，不是 0；对家应付 5，不是 0。")
    assert "-5" not in nothing.explanation["zh"].split("。")[0]  # no signed change the screen never shows
    swap = next(x for x in make_drills("bao", 2, 6) if x["question_type"] == "swap")
    assert grade(swap, {"bao": swap["answer"]["bao"]}).correct


def test_a_payment_answer_is_right_only_with_every_seats_amount() -> None:
    for index in range(6):
        p = make_drill("payment", 7, index)
        net = p["answer"]["payments"]
        assert grade(p, {"payments": net}).correct
        for seat in "ESWN":
            assert not grade(p, {"payments": dict(net, **{seat: net[seat] - 1})}).correct, (index, seat)
        assert not grade(p, {"payments": {s: v for s, v in net.items() if s != "N"}}).correct


def test_drill_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--kind", "payment", "--seed", "5", "--count", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["drills"]) == 3
    need = {
        "win",
        "winner",
        "discarder",
        "discarder_listening",
        "kadang",
        "menqing",
        "dealer",
        "dealer_liable",
        "question",
        "explanation",
        "answer",
    }
    assert all(need <= set(d) and set(d["answer"]) == {"payments"} for d in data["drills"])
    assert main(["drill", "--kind", "ting", "--seed", "5", "--count", "2", "--json"]) == 0
    ting = json.loads(capsys.readouterr().out)["drills"]
    assert all({"tiles", "melds", "question", "explanation", "answer"} <= set(d) for d in ting)
    assert all(set(d["answer"]) == {"listen_allowed", "blockers", "waits"} for d in ting)
