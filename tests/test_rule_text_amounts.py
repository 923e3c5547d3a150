"""Every amount a rule card, a switch list or a preset's description states is the amount of the rule set it
describes (issue 25): the texts hold fields such as ``{base_mobao}``, never digits, and each preset's card and
full switch list is rendered and read back against the preset's own rules."""

from __future__ import annotations

import re

import pytest

from game.core.rules import PRESETS, RuleSet
from game.core.scoring import WinSpec, amounts, settle, totals
from game.glossary import Lang
from game.rule_texts import CardLine, RuleTexts, load_rule_texts

LANGS: tuple[Lang, ...] = ("zh", "en")

PHRASES: dict[Lang, tuple[tuple[str, str], ...]] = {
    "zh": (
        (r"点炮胡 (\d+) 分", "base_dianpao"),
        (r"自摸 (\d+) 分", "base_zimo"),
        (r"摸宝 (\d+) 分", "base_mobao"),
        (r"宝中宝(?:（不必卡当）)? (\d+) 分", "base_baozhongbao"),
        (r"卡当(?:再)?乘 (\d+)", "kadang_mult"),
        (r"门清付 (\d+) 分", "menqing_loser"),
        (r"至少付 (\d+) 分", "menqing_loser"),
        (r"自己付 (\d+) 分，还替", "nonting_discarder"),
        (r"自己付 (\d+) 分（「未听点炮分」这时不用）", "base_dianpao"),
        (r"点炮付 (\d+) 分，另外", "nonting_discarder"),
        (r"每个输家都付 (\d+) 分", "base_zimo"),
        (r"明杠由打出那张的人付 (\d+) 分", "kong_minggang"),
        (r"加杠每家付 (\d+) 分", "kong_jiagang"),
        (r"暗杠每家付 (\d+) 分", "kong_angang"),
    ),
    "en": (
        (r"[Ww]in on a discard (\d+)", "base_dianpao"),
        (r"self-drawn (\d+)", "base_zimo"),
        (r"drawing the bao (\d+)", "base_mobao"),
        (r"bao within bao (\d+)", "base_baozhongbao"),
        (r"kadang ×(\d+)", "kadang_mult"),
        (r"×(\d+) more for kadang", "kadang_mult"),
        (r"Closed hand pays (\d+)", "menqing_loser"),
        (r"pays at least (\d+)", "menqing_loser"),
        (r"not ready pays (\d+) and also", "nonting_discarder"),
        (r"not ready pays (\d+) \(the not-ready", "base_dianpao"),
        (r"not ready pays (\d+); the other", "nonting_discarder"),
        (r"every loser pays (\d+)", "base_zimo"),
        (r"an exposed kong (\d+)", "kong_minggang"),
        (r"an added kong (\d+)", "kong_jiagang"),
        (r"a concealed kong (\d+)", "kong_angang"),
    ),
}
"""How each language states an amount, and the amount it must be (a name of ``scoring.amounts``)."""


def _texts(lang: Lang) -> RuleTexts:
    return load_rule_texts(lang)


def _rendered(texts: RuleTexts, preset: str) -> list[str]:
    """Everything a preset's views say: its description, its rule card and every switch's line."""
    rules = PRESETS[preset]
    lines: list[CardLine] = [*texts.card(rules), *texts.lines(rules)]
    return [texts.presets[preset].doc, *(f"{line.label} — {line.doc}" for line in lines)]


def _stated(lang: Lang, text: str) -> list[tuple[str, int]]:
    """The amounts a text states by the phrases of its language, as (amount name, number)."""
    return [(name, int(m)) for pattern, name in PHRASES[lang] for m in re.findall(pattern, text)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_amount_a_presets_card_states_is_its_own(preset: str, lang: Lang) -> None:
    texts = _texts(lang)
    want = amounts(PRESETS[preset])
    found = [(name, n) for text in _rendered(texts, preset) for name, n in _stated(lang, text)]
    assert found, "the phrases found no amount: the test reads nothing"
    wrong = [(name, n, want[name]) for name, n in found if n != want[name]]
    assert not wrong, f"{preset} ({lang}) states {wrong} (name, said, its rules)"
    # and every number said before 分 / after a payment word is some amount of the preset's rules
    if lang == "zh":
        for text in _rendered(texts, preset):
            for n in re.findall(r"(\d+) 分", text):
                assert int(n) in want.values(), f"{preset}: {n} 分 in {text!r} is no amount of its rules"


def test_the_S4_view_states_S4s_amounts_not_the_standard_ones() -> None:
    texts = _texts("zh")
    s4 = " ".join(_rendered(texts, "S4"))
    assert "摸宝 4 分" in s4 and "摸宝 3 分" not in s4
    assert "宝中宝 8 分" in texts.presets["S4"].doc
    scoring_line = next(line for line in texts.lines(PRESETS["S4"]) if line.key == "scoring")
    assert "摸宝 4 分" in scoring_line.doc and "宝中宝 8 分" in scoring_line.doc
    # the text's amount is what the engine pays: an S4 摸宝 costs each loser 4
    assert totals(settle(WinSpec("mobao", winner=0), PRESETS["S4"]))[1] == -4


def test_a_planted_hard_coded_amount_is_caught() -> None:
    """The check itself fails when a text states the standard amount in another preset's view."""
    texts = _texts("zh")
    s4_scoring = next(line for line in texts.lines(PRESETS["S4"]) if line.key == "scoring")
    planted = s4_scoring.doc.replace("摸宝 4 分", "摸宝 3 分")
    stated = dict(_stated("zh", planted))
    assert stated["base_mobao"] != amounts(PRESETS["S4"])["base_mobao"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_switch_shown_alone_takes_the_amounts_of_the_standard_rules_with_that_value(lang: Lang) -> None:
    texts = _texts(lang)
    line = texts.describe("menqing_loser", 4)
    assert "4" in line.label and "4" in line.doc
    custom = RuleSet(base_zimo=5, kadang_mult=3)
    qg = texts.describe("qianggang_payer", "as_zimo", custom)
    assert "5" in qg.doc and "3" in qg.doc


@pytest.mark.parametrize("lang", LANGS)
def test_switch_texts_hold_no_digit_where_an_amount_goes(lang: Lang) -> None:
    """A point amount in a text is a field: a digit before 分 (zh) or after pays (en) is hard-coded."""
    import json

    from game.paths import asset

    data = json.loads(asset("rules", f"switches.{lang}.json").read_text(encoding="utf-8"))
    texts = [p["doc"] for p in data["presets"].values()]
    texts += [v[f] for s in data["switches"].values() for v in s["values"].values() for f in ("label", "doc")]
    pattern = r"\d+ 分" if lang == "zh" else r"\bpays? \d+"
    assert not [t for t in texts if re.search(pattern, t)]
