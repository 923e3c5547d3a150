"""Reasons: every kind and note renders in Chinese and English from the glossary, in the project's words."""

from __future__ import annotations

import re
import string

import pytest

from game.ai.base import Reason
from game.ai.reasons import NOTE_KINDS, REASON_KINDS, render_param, render_reason
from game.ai.registry import LADDER, make_player
from game.ai.selfplay import play_match
from game.core.rules import RuleSet
from game.glossary import TERMS

SAMPLE = {
    "tile": 4,
    "keep": 17,
    "discard": 27,
    "refused": 9,
    "alt": 0,
    "waits": [13, 22],
    "alt_waits": [13],
    "seats": [[2, 3, 1]],
    "call": "chi",
    "move": "peng",
    "cond": "cond_kezi_zhong",
    "why": "block_no_yaojiu",
    "steps": 2,
    "before": 3,
    "after": 1,
    "keep_steps": 3,
    "ref_steps": 3,
    "alt_steps": 1,
    "accept": 14,
    "accept2": 9,
    "ref_accept": 8,
    "alt_accept": 20,
    "safe_left": 1,
    "live": 5,
    "alt_live": 8,
    "risk": 7,
    "refused_risk": 2,
    "alt_risk": 12,
    "options": 3,
    "read_seat": [1, 2, 3],
    "ting_tile": 11,
    "cut": 10,
    "likely": [9, 12],
    "n_ready": 2,
    "wall": 17,
}
CJK = re.compile(r"[\u4e00-\u9fff]")


def _templates() -> list[tuple[str, str, str]]:
    return [(k, zh, en) for k, (zh, en) in TERMS.items() if k.startswith("reason.")]


@pytest.mark.parametrize("kind", REASON_KINDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_reason_kind_renders(kind: str, lang: str) -> None:
    text = render_reason(Reason(kind, SAMPLE), lang)
    assert text and "{" not in text and "}" not in text
    if lang == "en":
        assert not CJK.search(text), text  # never Chinese inside English
    else:
        assert CJK.search(text)


@pytest.mark.parametrize("note", NOTE_KINDS)
def test_every_note_renders_after_its_reason(note: str) -> None:
    reason = Reason("efficiency", SAMPLE, (Reason(note),))
    zh, en = render_reason(reason, "zh"), render_reason(reason, "en")
    assert "；" in zh and ". " in en and not CJK.search(en)
    assert "{" not in zh + en


def test_templates_name_only_known_parameters() -> None:
    for key, zh, en in _templates():
        for template in (zh, en):
            for _, name, _, _ in string.Formatter().parse(template):
                if name is not None:
                    assert name in SAMPLE or name == "seats_are", f"{key}: unknown field {name!r}"


def test_the_words_of_the_project() -> None:
    for key, zh, en in _templates():
        assert "和" not in zh, key  # 胡 for a win, never 和
        low = en.lower()
        for word in ("shanten", "ron", "pon", "terminal", "gang", "丶"):
            assert not re.search(rf"\b{word}\b", low), (key, word)
    assert render_reason(Reason("hu"), "zh") == "胡牌"


def test_numbers_are_whole_and_in_words() -> None:
    eff = Reason("efficiency", {"tile": 27, "steps": 1, "accept": 1}, (Reason("accept2", {"accept2": 18}),))
    assert render_reason(eff, "en") == (
        "Discard Red Dragon: 1 step from ready, and 1 unseen tile would bring it a step closer. "
        "After one of them, about 18 unseen tiles would bring it closer again"
    )
    assert render_reason(eff, "zh") == (
        "打红中：离听牌1步，有1张牌能让它更近一步；摸到其中一张后，大约还有18张牌能再近一步"
    )
    ting = Reason("ting", {"tile": 9, "waits": [0], "live": 1})
    assert render_reason(ting, "en") == "Discard 1 Dot and declare ready: waiting on 1 Character (1 unseen)"
    assert render_reason(ting, "zh") == "打一饼报听：听一萬（未见1张）"


def test_counts_agree_with_their_number_zero_included() -> None:
    for name, one, many in (("steps", "step", "steps"), ("accept", "unseen tile", "unseen tiles")):
        assert render_param(name, 0, "en") == f"0 {many}"
        assert render_param(name, 1, "en") == f"1 {one}"
        assert render_param(name, 2, "en") == f"2 {many}"
    assert render_param("safe_left", 0, "en") == "0 tiles" and render_param("steps", 0, "zh") == "0步"
    ready = Reason("efficiency", {"tile": 27, "steps": 0, "accept": 0})
    assert "0 steps from ready" in render_reason(ready, "en") and "0 step " not in render_reason(ready, "en")


def test_a_risk_under_one_percent_is_never_shown_as_none() -> None:
    from game.ai.explain import Facts

    facts = Facts.__new__(Facts)  # only the risks: the rest of a decision is not needed here
    facts.sure = frozenset({3})
    facts._risk = {k: (0.004 if k != 5 else 0.026) for k in range(28)}
    assert facts.pct(3) == 0  # sure-safe: 0 %
    assert facts.pct(0) == 1  # 0.4 %: an estimate above nothing, shown as 1 %
    assert facts.pct(5) == 3
    note = Reason("tile_risk", {"tile": 0, "risk": facts.pct(0)})
    said = render_reason(Reason("efficiency", {"tile": 0, "steps": 1, "accept": 4}, (note,)), "en")
    assert "deals in about 1% of the time by estimate" in said


def test_a_hunch_reads_as_a_sentence() -> None:
    hunch = Reason("hunch", {"move": "discard", "tile": 4})
    assert render_reason(hunch, "zh") == "凭感觉打五萬"
    assert render_reason(hunch, "en") == "A hunch: discard 5 Characters"


def test_every_ready_seat_is_named_from_the_deciding_seat_never_by_its_wind() -> None:
    fold = Reason("fold", {"tile": 7, "seats": [[1, 1, 1], [3, 3, 3]]}, (Reason("safe_sure"),))
    zh, en = render_reason(fold, "zh"), render_reason(fold, "en")
    assert zh.startswith("弃胡：下家、上家已听牌，打八萬；八萬绝对安全")
    assert en.startswith("Fold: the next player and the previous player are ready, so discard 8 Char")
    assert "must win when it can" in en
    one = Reason("push", {"tile": 0, "seats": [[3, 1, 3]], "risk": 9, "refused": 8})  # wind 北, 下家
    assert "the next player is ready" in render_reason(one, "en")
    assert "下家已听牌" in render_reason(one, "zh")
    for text in (zh, en, render_reason(one, "zh"), render_reason(one, "en")):
        assert not any(wind in text for wind in ("东", "南", "西", "北", "East", "South", "West", "North"))


def test_three_ready_seats_read_as_a_list() -> None:
    fold = Reason("fold", {"tile": 7, "seats": [[1, 1, 1], [2, 2, 2], [3, 3, 3]]})
    en = render_reason(fold, "en")
    assert "the next player, the opposite player and the previous player are ready" in en
    assert "下家、对家、上家已听牌" in render_reason(fold, "zh")


def test_missing_parameters_render_empty_and_unknown_kinds_fall_back() -> None:
    assert render_reason(Reason("hunch", {}), "en") == "A hunch:"
    assert render_reason(Reason("no_such_kind", {}), "zh") == "no_such_kind"


@pytest.mark.parametrize("level", LADDER)
def test_players_only_give_reasons_that_render(level: str) -> None:
    seen: set[str] = set()

    class Spy:
        def __init__(self, inner):  # type: ignore[no-untyped-def]
            self.inner, self.name = inner, inner.name

        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            d = self.inner.decide(view, legal)
            seen.add(d.reason.kind)
            assert {n.kind for n in d.reason.notes} <= set(NOTE_KINDS)
            assert render_reason(d.reason, "zh") and render_reason(d.reason, "en")
            return d

    for seed in range(3):
        play_match([Spy(make_player(level, 4 * seed + i)) for i in range(4)], seed, RuleSet(), hands=1)
    assert seen <= set(REASON_KINDS), seen - set(REASON_KINDS)


def test_a_reading_names_the_seat_its_ting_tile_the_cut_and_the_likely_waits() -> None:
    read = Reason("reads", {"read_seat": [1, 2, 1], "ting_tile": 11, "cut": 10, "likely": [9, 12]})
    reason = Reason("efficiency", {"tile": 27, "steps": 2, "accept": 9}, (read,))
    en = render_reason(reason, "en")
    assert en.endswith("The opposite player declared on 3 Dots after cutting 2 Dots: 1 Dot, 4 Dots likely, "
                       "by estimate")  # fmt: skip
    assert render_reason(reason, "zh").endswith("对家打三饼报听，之前刚打过二饼：估计多半听一饼、四饼")


def test_a_kept_pair_is_the_only_yaojiu_kind_not_the_only_tile() -> None:
    keep = Reason("keep_yaojiu", {"tile": 4, "keep": 8, "steps": 2, "keep_steps": 3})
    en = render_reason(keep, "en")
    assert "no other kind in the hand is a yaojiu tile" in en and "only yaojiu tile" not in en
