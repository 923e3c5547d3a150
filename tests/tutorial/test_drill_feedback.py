"""Drills answer the learner (issue 24): feedback on the learner's own choice before the rule, and the
template defects fixed — the suits a ready hand really has, no Red Dragon pair note on a hand without one,
each discard's own blockers, and payment questions that say when nobody has a closed hand."""

from __future__ import annotations

from game.core.analysis.ting import discard_reports
from game.core.rules import RuleSet
from game.core.tiles import kind_code
from game.tutorial.drill_feedback import drill_hand
from game.tutorial.drills import grade, make_drill, make_drills


def test_the_ready_template_counts_the_hands_own_suits() -> None:
    three = make_drill("ting", 777001, 0)  # 33m 23345789p + kong 7777s: three suits
    assert three["answer"]["listen_allowed"]
    assert "has three suits" in three["explanation"]["en"] and "三种花色" in three["explanation"]["zh"]
    two = next(
        d
        for d in make_drills("ting", 5, 60)
        if d["answer"]["listen_allowed"]
        and len({c for c in "".join([d["tiles"], *(m.split(":")[1] for m in d["melds"])]) if c in "mps"}) == 2
    )
    assert "has two suits" in two["explanation"]["en"] and "两种花色" in two["explanation"]["zh"]


def test_no_red_dragon_pair_note_on_a_hand_without_a_red_dragon() -> None:
    for index in (1, 3):
        drill = make_drill("ting", 777001, index)
        hand = drill["tiles"] + "".join(drill["melds"])
        assert "z" not in hand and "中" not in hand
        for lang in ("zh", "en"):
            words = drill["question"][lang] + drill["explanation"][lang]
            assert "一对红中" not in words and "Red Dragon pair" not in words
            assert "pair of Red Dragons" not in words


def test_discard_drills_give_each_discard_its_own_blockers() -> None:
    drill = make_drill("discard", 777002, 4)  # 9m 8p 444s: after 8p the 9m is still a yaojiu tile
    en = drill["explanation"]["en"]
    after_8p = en[en.index("discard 8 Dots:") :]
    assert "yaojiu" not in after_8p.split("; discard")[0]
    after_9m = en[en.index("discard 9 Characters:") :]
    assert "no yaojiu tile" in after_9m.split("; discard")[0]


def test_a_payment_question_says_when_nobody_has_a_closed_hand() -> None:
    drills = make_drills("payment", 1, 40)
    none_closed = [d for d in drills if not d["menqing"].replace(d["winner"], "")]
    assert none_closed
    for d in none_closed:
        assert "nobody has a closed hand" in d["question"]["en"] and "没有人门清" in d["question"]["zh"]


def test_a_wrong_discard_is_answered_with_what_that_discard_leaves() -> None:
    drill = make_drill("discard", 777002, 0)
    counts, melds = drill_hand(drill)
    reports = {kind_code(k): r for k, r in discard_reports(counts, melds, RuleSet())}
    wrong = next(t for t, r in reports.items() if not r.ting_allowed and r.blockers)
    result = grade(drill, {"ting_discards": [wrong]})
    assert not result.correct
    en = result.explanation["en"]
    assert en.startswith("You chose ")
    assert en.endswith(drill["explanation"]["en"])  # then the rule
    first = en.split(". ")[0]
    assert "after it" in first
    assert result.explanation["zh"].startswith("你选了")


def test_a_wrong_ready_answer_says_what_stops_this_hand() -> None:
    drill = make_drill("ting", 777001, 3)  # no yaojiu tile
    said_yes = grade(drill, {"listen_allowed": True}).explanation
    assert said_yes["en"].startswith("You said yes: but it has no yaojiu tile")
    wrong_reason = grade(drill, {"listen_allowed": False, "blocker": "not_open"}).explanation
    assert wrong_reason["en"].startswith("You chose \u201cthe hand is not open")
    assert "what stops it is: it has no yaojiu tile" in wrong_reason["en"]
    right = grade(drill, {"listen_allowed": False, "blocker": "no_yaojiu"})
    assert right.correct and right.explanation == drill["explanation"]
