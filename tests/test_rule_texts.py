"""Player-facing rules texts: the switch texts as checked data, the rules reference in two languages.

- every RuleSet field and every allowed value has Chinese and English words (and both
  languages show the same tile examples);
- a broken switch-text file is refused with one line naming the file and the place;
- no text a player reads holds an internal id or a word the glossary rules out;
- rules.zh.md and rules.en.md have the same sections, bullets and tile examples;
- the hands the rules reference cites say what the engine does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.rules import PRESETS, RULE_KEYS, STANDARD, RuleError, rule_choices
from game.core.scoring import WinSpec, settle
from game.core.tiles import kind_code
from game.glossary import DEFINITIONS, LANGS, TERMS, Lang
from game.paths import asset
from game.rule_texts import (
    NUMBER_CASES,
    NUMBER_KEY,
    PRESET_KEYS,
    RuleTextError,
    load_rule_texts,
    parse_rule_texts,
    rule_doc,
    switches_path,
    value_keys,
)

from .helpers import report, waits
from .text_checks import problems

GAME = Path(__file__).resolve().parent.parent / "game"
SAMPLE_NUMBERS = (0, 1, 3, 12)


def sample_values(key: str) -> tuple[Any, ...]:
    """Every allowed value of a switch; for a number, a few numbers and every preset's value."""
    choices = rule_choices(key)
    if choices:
        return choices
    return tuple(sorted({*SAMPLE_NUMBERS, *(getattr(p, key) for p in PRESETS.values())}))


# ------------------------------------------------------------------------------- completeness


@pytest.mark.parametrize("lang", LANGS)
def test_every_switch_and_every_value_has_a_name_a_label_and_a_line(lang: Lang) -> None:
    texts = load_rule_texts(lang)
    assert list(texts.switches) == list(RULE_KEYS)
    assert set(texts.presets) == set(PRESETS) | {"custom"} == set(PRESET_KEYS)
    for key in RULE_KEYS:
        switch = texts.switches[key]
        assert switch.name.strip() and switch.doc.strip(), key
        for value in sample_values(key):
            line = texts.describe(key, value)
            assert line.label.strip() and line.doc.strip(), (key, value)
            assert "{" not in line.label + line.doc, (key, value)
            if not isinstance(value, bool) and isinstance(value, int):
                if value in NUMBER_CASES.get(key, ()):  # words of its own, no number
                    assert str(value) not in line.label, (key, value)
                else:
                    assert str(value) in line.label, (key, value)
    # two values of one switch never read the same
    for key in RULE_KEYS:
        labels = [texts.describe(key, v).label for v in rule_choices(key)]
        assert len(set(labels)) == len(labels), (lang, key, labels)


def test_both_languages_cover_the_same_values_with_the_same_tile_examples() -> None:
    zh, en = load_rule_texts("zh"), load_rule_texts("en")
    for key in RULE_KEYS:
        assert tuple(zh.switches[key].values) == tuple(en.switches[key].values) == value_keys(key), key
        for vkey in value_keys(key):
            assert zh.switches[key].values[vkey].tiles == en.switches[key].values[vkey].tiles, (key, vkey)


def test_the_rule_card_lists_exactly_the_switches_a_preset_changes() -> None:
    texts = load_rule_texts("en")
    for name, rules in PRESETS.items():
        card = texts.card(rules)
        assert [line.key for line in card] == [k for k in RULE_KEYS if k in rules.differences()], name
    card = {line.key: line for line in texts.card(PRESETS["S4"])}
    assert card["base_mobao"].label == "4 each" and "4" in card["base_mobao"].doc
    assert card["dafeng"].label == "Triplet bao" and card["dafeng"].tiles == "555p 5p"
    assert texts.card(STANDARD) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_cap_reads_as_the_room_says_it_and_a_cap_names_its_number(lang: Lang) -> None:
    texts = load_rule_texts(lang)
    assert texts.describe("cap", 0).label == {"zh": "不封顶", "en": "No cap"}[lang]
    assert "0" not in texts.describe("cap", 0).doc
    capped = texts.describe("cap", 32)
    assert "32" in capped.label and "32" in capped.doc and "0" not in capped.label.replace("32", "")
    assert texts.card(STANDARD.replace(cap=16))[0].label == texts.describe("cap", 16).label
    assert texts.preset_name("custom") == {"zh": "自定规则", "en": "Custom rules"}[lang]


def test_rule_doc_reads_the_data_not_the_source() -> None:
    assert rule_doc("bao_swap") == load_rule_texts("en").switches["bao_swap"].doc
    assert rule_doc("bao_swap", "zh") == load_rule_texts("zh").switches["bao_swap"].doc
    with pytest.raises(RuleError, match="no_such_rule"):
        rule_doc("no_such_rule")


def test_no_module_reads_its_own_source_code() -> None:
    """A frozen build has no .py files to read: nothing in the game may use inspect on source."""
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import inspect" not in text and "getsource" not in text, path


def test_the_corrected_switch_texts_say_what_the_engine_does() -> None:
    zh, en = load_rule_texts("zh"), load_rule_texts("en")
    # wall_exhausted swaps when at most one copy is left in the (hidden) wall, not when the wall runs out
    assert "at most one copy" in en.describe("bao_swap", "wall_exhausted").doc
    assert "只剩一张" in zh.describe("bao_swap", "wall_exhausted").doc
    # hybrid: the dealer stays on a draw, another's win passes the deal to the next seat (not the winner)
    assert (
        "drawn hand" in en.describe("rotation", "hybrid").doc
        and "not the winner" in en.describe("rotation", "hybrid").doc
    )
    assert (
        "吃听" in zh.describe("pengting", False).doc and "chi to ready" in en.describe("pengting", False).doc
    )
    assert "whatever tile the bao is" in en.describe("baozhongbao_def", "single_wait_mobao").doc
    assert "peng" in en.describe("dafeng", "triplet_or_pon").doc
    assert "peng" not in en.describe("dafeng", "concealed_triplet").doc
    assert (
        "碰" in zh.describe("dafeng", "triplet_or_pon").doc
        and "碰" not in zh.describe("dafeng", "concealed_triplet").doc
    )


# ------------------------------------------------------------------------------- loading errors


def good_data(lang: Lang = "en") -> dict[str, Any]:
    """The shipped file's JSON, to be broken by a test."""
    data: dict[str, Any] = json.loads(switches_path(lang).read_text(encoding="utf-8"))
    return data


BREAKS = [
    (lambda d: d["switches"].pop("bao_swap"), "switches: missing 'bao_swap'"),
    (lambda d: d["switches"].__setitem__("no_such", {}), "switches: unknown key 'no_such'"),
    (
        lambda d: d["switches"]["rotation"]["values"].pop("hybrid"),
        "switches.rotation.values: missing 'hybrid'",
    ),
    (lambda d: d["switches"]["chiting"]["values"]["on"].pop("label"), "switches.chiting.values.on: missing"),
    (
        lambda d: d["switches"]["dafeng"]["values"]["off"].__setitem__("doc", " "),
        "switches.dafeng.values.off.doc: expected a non-empty one-line text",
    ),
    (
        lambda d: d["switches"]["kezi_bonus"]["values"]["on"].__setitem__("tiles", "55q"),
        "switches.kezi_bonus.values.on.tiles:",
    ),
    (
        lambda d: d["switches"]["max_melds"]["values"][NUMBER_KEY].__setitem__("label", "At most"),
        "switches.max_melds.values.n.label: must be text that holds {n}",
    ),
    (
        lambda d: d["switches"]["chiting"]["values"]["on"].__setitem__("doc", "take {tile}"),
        "switches.chiting.values.on.doc: must be text that has no {...} field",
    ),
    (lambda d: d["presets"].pop("S2"), "presets: missing 'S2'"),
    (lambda d: d["presets"].pop("custom"), "presets: missing 'custom'"),
    (lambda d: d["switches"]["cap"]["values"].pop("0"), "switches.cap.values: missing '0'"),
    (
        lambda d: d["switches"]["cap"]["values"]["0"].__setitem__("label", "Cap {n}"),
        "switches.cap.values.0.label: must be text that has no {...} field",
    ),
    (lambda d: d.__setitem__("lang", "zh"), "lang is 'zh', expected 'en'"),
    (lambda d: d["switches"].__setitem__("chiting", []), "switches.chiting: expected an object, got list"),
]


@pytest.mark.parametrize(("brk", "message"), BREAKS)
def test_a_broken_switch_file_is_refused_naming_the_file_and_the_place(
    tmp_path: Path, brk: Any, message: str
) -> None:
    data = good_data()
    brk(data)
    path = tmp_path / "switches.en.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(RuleTextError) as err:
        load_rule_texts("en", path)
    text = str(err.value)
    assert text.startswith(f"{path}: ") and message in text and "\n" not in text


def test_a_file_that_is_not_json_or_is_missing_is_refused_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "switches.zh.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(RuleTextError, match=r"switches\.zh\.json: not valid JSON"):
        load_rule_texts("zh", bad)
    with pytest.raises(RuleTextError, match="cannot read"):
        load_rule_texts("zh", tmp_path / "missing.json")
    with pytest.raises(RuleTextError, match="the file: expected an object"):
        parse_rule_texts([], "zh")


# ------------------------------------------------------------------------------- nothing internal


def switch_strings(lang: Lang) -> list[tuple[str, str]]:
    """(where, text) of every string a player may read in a switch-text file, numbers filled in."""
    texts = load_rule_texts(lang)
    out = [(f"presets.{k}.{f}", getattr(p, f)) for k, p in texts.presets.items() for f in ("name", "doc")]
    for key, switch in texts.switches.items():
        out += [(f"{key}.name", switch.name), (f"{key}.doc", switch.doc)]
        for value in sample_values(key):
            line = texts.describe(key, value)
            out += [(f"{key}={value}.label", line.label), (f"{key}={value}.doc", line.doc)]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_internal_id_or_ruled_out_word_reaches_a_player(lang: Lang) -> None:
    found = []
    for where, text in switch_strings(lang):
        found += [f"switches.{lang} {where}: {p}" for p in problems(text, lang)]
    index = LANGS.index(lang)
    for key, pair in {**TERMS, **{f"define.{k}": v for k, v in DEFINITIONS.items()}}.items():
        if not key.startswith("reason."):  # the AI reasons' templates are checked by their owner
            found += [f"glossary {key}: {p}" for p in problems(pair[index], lang)]
    rules_text = asset("rules", f"rules.{lang}.md").read_text(encoding="utf-8")
    for n, line in enumerate(rules_text.splitlines(), 1):
        found += [f"rules.{lang}.md:{n}: {p}" for p in problems(line, lang, gloss_allowed=True)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("text", "lang", "what"),
    [
        ("fenzhang last4 keep8", "en", "rules out"),
        ("dianpao scheme: S1", "en", "source tag"),
        ("R22/R39: paid as self-drawn", "en", "rule-row id"),
        ("zhong_pair_counts_as_kezi", "en", "underscore"),
        ("as Poker_414 does", "en", "peer"),
        ("declare ting", "en", "rules out"),
        ("a terminal or a dragon", "en", "rules out"),
        ("wins on 7p", "en", "tile notation"),
        ("the 宝 is shown", "en", "Chinese inside English"),
        ("S1 包付", "zh", "source tag"),
        ("自摸和牌", "zh", "和 for a win"),
        ("清一色/缺门", "zh", "缺门"),
    ],
)
def test_the_checker_catches_what_the_audit_found(text: str, lang: str, what: str) -> None:
    assert any(what in p for p in problems(text, lang)), problems(text, lang)


def test_the_checker_lets_room_words_and_defining_glosses_through() -> None:
    assert problems("A kadang win doubles; declare ready; the bao; an exposed kong.", "en") == []
    assert problems("**Ready** (听) means one tile from winning", "en", gloss_allowed=True) == []
    assert problems("**Ready** (听) means one tile from winning", "en") != []
    assert problems("万、饼和条，截和，宝中宝 [[46m 5m]]", "zh") == []


# ------------------------------------------------------------------------------- zh and en agree


def sections(lang: Lang) -> list[tuple[str, int, list[str]]]:
    """(heading level, bullets, tile examples in order) of each section of a rules file."""
    out: list[tuple[str, int, list[str]]] = []
    for line in asset("rules", f"rules.{lang}.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"(#+) ", line)
        if heading:
            out.append((heading.group(1), 0, []))
            continue
        level, bullets, tiles = out[-1]
        out[-1] = (level, bullets + line.startswith("- "), tiles + re.findall(r"\[\[([^\]]*)\]\]", line))
    return out


def test_the_chinese_and_english_rules_have_the_same_sections_bullets_and_tile_examples() -> None:
    zh, en = sections("zh"), sections("en")
    assert [s[0] for s in zh] == [s[0] for s in en]
    for i, (a, b) in enumerate(zip(zh, en, strict=True)):
        assert a[1] == b[1], f"section {i}: {a[1]} bullets in Chinese, {b[1]} in English"
        assert a[2] == b[2], f"section {i}: tile examples differ"
    assert sum(len(s[2]) for s in zh) >= 40


def test_the_rules_reference_says_what_the_audit_asked_for() -> None:
    zh = asset("rules", "rules.zh.md").read_text(encoding="utf-8")
    en = asset("rules", "rules.en.md").read_text(encoding="utf-8")
    for needle in (
        "有人报听之后",
        "自己的也算",
        "手里的牌永远不算",
        "不是顺子的两头",
        "抢杠",
        "按 **自摸**",
        "杠不计分",
        "不多收多付",
        "对倒",
        "只有合法的听口能胡",
        "碰听之后 **必须",
        "与谁先喊无关",
        "庄家自己胡就照常计分",
        "换宝取新宝",
        "**新游戏** 页面",
    ):
        assert needle in zh, needle
    for needle in (
        "after someone has declared ready",
        "your own included",
        "Tiles in a hand never count",
        "no** reading is it the end of a sequence",
        "**self-drawn** win",
        "kongs score nothing",
        "Two pairs",
        "Only legal waits win",
        "must declare ready with your very next discard",
        "It does not matter who calls first",
        "if the dealer wins, scoring is normal",
        "new baos come from the tail",
        "**New game** screen",
    ):
        assert needle in en, needle
    # the kadang doubling is stated after the closed-hand and covering lines it applies to
    for text, kadang, closed, cover in (
        (zh, "- **卡当**", "- **门清**", "- **没听牌的人点炮**"),
        (en, "- **kadang**", "closed hand**", "not ready** covers"),
    ):
        assert text.index(kadang) > text.index(closed) and text.index(kadang) > text.index(cover)


# ------------------------------------------------------------------------------- the cited hands are true


def test_opening_example_a_closed_hand_with_a_concealed_kong_may_not_declare() -> None:
    closed = report("123m 789s 55s 68p", angang="4444p")
    assert not closed.ting_allowed and "not_open" in closed.blockers
    assert [kind_code(k) for k in closed.shape_waits] == ["7p"]
    opened = report("789s 55s 68p", chi="123m", angang="4444p")
    assert opened.ting_allowed and set(waits(opened)) == {"7p"}


def test_winning_hand_examples_are_open_and_legal() -> None:
    # each example hand one Red Dragon short: it waits on the pair that finishes it
    assert waits(report("123m 789m 555p 7z", chi="345s")) == {"7z": False}
    assert waits(report("123m 456m 678s 7z", chi="234p")) == {
        "7z": False
    }  # the pair stands in for the triplet


def test_only_legal_waits_win_and_two_pairs_may_declare() -> None:
    rep = report("5556s 345p", chi="123m", chi2="789p")
    assert {kind_code(k) for k in rep.shape_waits} == {"4s", "6s", "7s"}
    assert waits(rep) == {"6s": False}
    assert waits(report("456p 789s 55s 88p", chi="123m")) == {"5s": False, "8p": False}


def test_the_bao_within_bao_example_pays_36_and_a_discard_of_it_only_2_each() -> None:
    assert waits(report("46m 234p 77s", chi="789s", peng="111p")) == {"5m": True}
    bzb = settle(WinSpec(kind="baozhongbao", winner=0, kadang=True), STANDARD)
    assert [p.amount for p in bzb] == [12, 12, 12]
    ron = settle(WinSpec(kind="ron", winner=0, discarder=1, discarder_ting=True, kadang=True), STANDARD)
    assert sorted(p.amount for p in ron) == [2, 2, 2]
    robbed = settle(
        WinSpec(kind="qianggang", winner=0, discarder=1, kadang=True, menqing=frozenset({2})), STANDARD
    )
    assert {p.payer: p.amount for p in robbed} == {1: 4, 2: 6, 3: 4}  # paid as self-drawn, 门清 3, ×2
