"""Drills: practice questions made from random legal positions and answered by the engine.

``make_drills(kind, seed, count)`` gives ``count`` questions of one kind; drill
``i`` depends only on (kind, seed, i), so a missed one can be made again for
review. Answers come from the same code the ``analyze`` and ``score`` commands
use (:func:`~game.core.analysis.ting.ting_report`,
:func:`~game.core.scoring.settle`) and from the engine itself for the 宝
questions; :func:`grade` marks a player's answer and gives the explanation.
The fields of each kind are documented in ``tutorials/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..core.analysis.ting import (
    MeldShape,
    TingReport,
    discard_reports,
    legal_readings,
    ting_report,
)
from ..core.rules import RuleSet
from ..core.scoring import ScoringError, WinSpec, settle, totals
from ..core.tiles import ZHONG, format_kinds, kind_code, suit_of
from ..scenario import SEATS
from ..seats import capital
from .drill_bao import bao_drill
from .drill_base import TRIES, drill_base, drill_dice, waits_json
from .drill_feedback import answer_feedback
from .drill_hands import Dice, Style, add_random, built_hands, remove_one
from .drill_words import (
    BLOCKER_WORDS,
    BOTH_SETS,
    NO_TRIPLET_PLAIN,
    WIN_WORDS,
    hand_text,
    meld_code,
    rules_note,
    seat_does,
    seat_text,
    tiles_list,
    waits_text,
)
from .files import DRILL_KINDS
from .text import Text


@dataclass(frozen=True)
class Grade:
    """A marked answer: right or wrong, the right answer, and the explanation (both languages)."""

    correct: bool
    answer: Mapping[str, Any]
    explanation: Mapping[str, str]


def _hand_drill(
    kind: str,
    seed: int,
    index: int,
    changed: dict[str, Any],
    hand: tuple[list[int], tuple[MeldShape, ...]],
    question: Text,
    answer: dict[str, Any],
    explanation: Text,
    **extra: Any,
) -> dict[str, Any]:
    """A drill about one hand: its tiles and groups as ``analyze`` takes them, the question and answer."""
    counts, melds = hand
    out = drill_base(kind, seed, index, changed)
    out["tiles"] = format_kinds(k for k in range(len(counts)) for _ in range(counts[k]))
    out["melds"] = [meld_code(m) for m in melds]
    out.update(extra)
    out["question"] = question.to_dict()
    out["answer"] = answer
    out["explanation"] = explanation.to_dict()
    return out


# --- ting: may you declare 听, and if not, why? ------------------------------------------------------


TING_CATEGORIES = (
    "ready",
    "not_open",
    "ready",
    "no_yaojiu",
    "no_triplet",
    "ready",
    "single_suit",
    "no_sequence",
    "not_ready",
)
_TING_VARIANTS: tuple[tuple[str, Any], ...] = (
    ("yaojiu_check", "win"),
    ("zhong_pair_counts_as_kezi", False),
    ("allow_qingyise", True),
)


def _ting_style(category: str, dice: Dice) -> Style:
    if category == "not_open":
        return Style(melds=(0, 0, 1), meld_kinds=("angang",))
    if category == "no_yaojiu":
        return Style(yaojiu=False, zhong=False)
    if category == "no_triplet":
        return Style(run_share=1.0, meld_kinds=("chi",), zhong=False)
    if category == "single_suit":
        return Style(suits=(dice.below(3),), zhong=dice.chance(0.5))
    if category == "no_sequence":
        return Style(run_share=0.0, meld_kinds=("peng", "gang"))
    return Style()


def _fits(category: str, report: TingReport) -> bool:
    if category == "ready":
        return report.ting_allowed
    if category == "not_ready":
        return "not_ready" in report.blockers
    return category in report.blockers and report.shanten == 0


def _suit_count(counts: Sequence[int], melds: Sequence[MeldShape]) -> int:
    """How many of the three suits a hand holds (its groups on the table included)."""
    kinds = [k for k in range(len(counts)) if counts[k]] + [k for m in melds for k in m.kinds()]
    return len({suit_of(k) for k in kinds if k != ZHONG})


def _has_zhong(counts: Sequence[int], melds: Sequence[MeldShape]) -> bool:
    """Whether the hand holds a Red Dragon (in hand or in a group)."""
    return (len(counts) > ZHONG and counts[ZHONG] > 0) or any(ZHONG in m.kinds() for m in melds)


def blocker_words(code: str, zhong: bool = True) -> tuple[str, str]:
    """A 听 blocker in words; the Red Dragon pair is named only for a hand that holds a Red Dragon."""
    if code == "no_triplet" and not zhong:
        return NO_TRIPLET_PLAIN
    return BLOCKER_WORDS[code]


def ting_explanation(report: TingReport, counts: Sequence[int] = (), melds: Sequence[MeldShape] = ()) -> Text:
    """Why a 13-tile hand may or may not declare 听, in the Harbin rules' words (the hand's own suits)."""
    if report.ting_allowed:
        w = waits_text(report.waits)
        n = _suit_count(counts, melds) if counts else 2
        zh_n, en_n = ("三", "three") if n >= 3 else ("两", "two")
        return Text(
            f"可以报听：已开门、有{zh_n}种花色和幺九、手里至少四张，听{w.zh}——补上后有顺子也有刻子。",
            f"Yes, you may declare ready: the hand is open, has {en_n} suits and a yaojiu tile, "
            f"keeps at least four tiles in hand, and waits on {w.en}, each giving a run and a triplet.",
        )
    zhong = _has_zhong(counts, melds) if counts else True
    codes = list(report.blockers)
    words = []
    if "no_triplet" in codes and "no_sequence" in codes:
        codes = [c for c in codes if c not in ("no_triplet", "no_sequence")]
        words.append(BOTH_SETS)
    words = [blocker_words(c, zhong) for c in codes] + words
    zh = "不能报听：" + "；".join(w[0] for w in words) + "。"
    en = "No: " + "; ".join(w[1] for w in words) + "."
    if "not_ready" in report.blockers:
        zh += f"离听牌还差{report.shanten}步。"
        en += f" It is {report.shanten} step{'s' if report.shanten > 1 else ''} from ready."
    return Text(zh, en)


def ting_drill(seed: int, index: int) -> dict[str, Any]:
    """May you declare 听 with this 13-tile hand, and if not, why?"""
    dice = drill_dice("ting", seed, index)
    category = TING_CATEGORIES[index % len(TING_CATEGORIES)]
    style = _ting_style(category, dice)
    rules_changed: dict[str, Any] = {}
    if dice.chance(0.12):
        key, value = dice.pick(_TING_VARIANTS)
        rules_changed[key] = value
    rules = RuleSet().replace(**rules_changed)
    found: tuple[list[int], tuple[MeldShape, ...], TingReport] | None = None
    for built in built_hands(dice, style, TRIES):
        counts = built.counts
        remove_one(dice, counts)
        if category == "not_ready":
            remove_one(dice, counts)
            add_random(dice, counts, built.melds, range(len(counts)))
        report = ting_report(counts, built.melds, rules)
        found = (counts, built.melds, report)
        if _fits(category, report):
            break
    assert found is not None, "no hand could be built"
    counts, melds, report = found
    if "zhong_pair_counts_as_kezi" in rules_changed and not _has_zhong(counts, melds):
        rules_changed = {}  # a Red Dragon pair rule says nothing about a hand without one: not noted
        report = ting_report(counts, melds, RuleSet())
    hand = hand_text(counts, melds)
    note = rules_note(rules_changed)
    question = Text(
        f"{hand.zh}。现在可以报听吗？不能的话，为什么？{note.zh}",
        f"You have {hand.en}. May you declare ready? If not, why not?{note.en}",
    )
    answer = {
        "listen_allowed": report.ting_allowed,
        "blockers": list(report.blockers),
        "waits": waits_json(report.waits),
    }
    return _hand_drill(
        "ting",
        seed,
        index,
        rules_changed,
        (counts, melds),
        question,
        answer,
        ting_explanation(report, counts, melds),
    )


# --- discard: which discards keep a legal 听? ---------------------------------------------------------


def discard_drill(seed: int, index: int) -> dict[str, Any]:
    """Which discards of this 14-tile hand leave a hand that may declare 听?"""
    dice = drill_dice("discard", seed, index)
    want_some = index % 5 != 4
    rules = RuleSet()
    found = None
    for built in built_hands(dice, Style(), TRIES):
        counts = built.counts
        remove_one(dice, counts)
        if add_random(dice, counts, built.melds, range(len(counts))) is None:
            continue
        reports = discard_reports(counts, built.melds, rules)
        good = [(k, r) for k, r in reports if r.ting_allowed]
        found = (counts, built.melds, reports, good)
        if bool(good) == want_some and (want_some or any(r.shanten == 0 for _, r in reports)):
            break
    assert found is not None, "no hand could be built"
    counts, melds, reports, good = found
    hand = hand_text(counts, melds)
    question = Text(
        f"轮到你打牌：{hand.zh}。打哪些牌之后可以报听？",
        f"Your turn to discard, with {hand.en}. Which discards leave a hand that may declare ready?",
    )
    answer = {
        "ting_discards": [kind_code(k) for k, _ in good],
        "discards": [{"tile": kind_code(k), "waits": waits_json(r.waits)} for k, r in good],
    }
    explanation = _discard_explanation(good, reports, _has_zhong(counts, melds))
    return _hand_drill("discard", seed, index, {}, (counts, melds), question, answer, explanation)


def _discard_explanation(
    good: list[tuple[int, TingReport]], reports: list[tuple[int, TingReport]], zhong: bool = True
) -> Text:
    if good:
        zh = "；".join(f"打{{{kind_code(k)}}}，听{waits_text(r.waits).zh}" for k, r in good)
        en = "; ".join(f"discard {{{kind_code(k)}}} and wait on {waits_text(r.waits).en}" for k, r in good)
        return Text(
            f"可以报听的打法：{zh}。其他的打法都不能报听。",
            f"Ready after: {en}. Any other discard leaves a hand that may not declare ready.",
        )
    near = [(k, r) for k, r in reports if r.shanten == 0]
    if not near:
        return Text(
            "打哪一张都还没有听牌。", "No discard leaves the hand ready: it is further from ready than that."
        )
    zh_parts, en_parts = [], []
    for k, r in near:  # each discard with its own blockers (never one discard's blocker said of another)
        codes = [c for c in r.blockers if c != "not_ready"]
        words = [blocker_words(c, zhong) for c in sorted(codes, key=list(BLOCKER_WORDS).index)]
        zh_parts.append(f"打{{{kind_code(k)}}}：" + "，".join(w[0] for w in words))
        en_parts.append(f"discard {{{kind_code(k)}}}: " + ", and ".join(w[1] for w in words))
    return Text(
        "打哪一张都不能报听。有的打法形状上听牌了，但是——" + "；".join(zh_parts) + "。",
        "No discard allows declaring ready. Some leave a shape one tile from complete, but — "
        + "; ".join(en_parts)
        + ".",
    )


# --- kadang: is this win 卡当? -----------------------------------------------------------------------------

KADANG_CATEGORIES = ("kadang", "two_waits", "kadang", "single_not_kadang")


def kadang_explanation(
    counts13: list[int], melds: tuple[MeldShape, ...], win: int, report: TingReport, rules: RuleSet
) -> Text:
    """Why winning on ``win`` is or is not 卡当 (RULES.md R32: one wait, a middle, never an end)."""
    tile = "{" + kind_code(win) + "}"
    if len(report.waits) > 1:
        w = tiles_list(report.wait_kinds())
        return Text(
            f"不是卡当：这手牌听{w.zh}，不止一张。卡当只听一张牌。",
            f"Not kadang: the hand waits on {w.en} — more than one tile. Kadang is a single wait.",
        )
    counts = list(counts13)
    counts[win] += 1
    middles: list[int] = []
    ends: list[int] = []
    for reading in legal_readings(counts, melds, rules):
        for s in reading.sets:
            if s.kind == "seq" and s.first <= win <= s.first + 2:
                (middles if win == s.first + 1 else ends).append(s.first)
    if report.kadang_of(win):
        run = "{" + format_kinds([middles[0], middles[0] + 1, middles[0] + 2]) + "}"
        return Text(
            f"是卡当：{tile}是唯一的听牌，而且只能补在{run}的中间。卡当胡每一笔分都翻倍。",
            f"Yes, kadang: {tile} is the only wait, and it can only fill the middle of {run}. "
            f"A kadang win doubles every payment.",
        )
    if middles and ends:
        mid = "{" + format_kinds([middles[0], middles[0] + 1, middles[0] + 2]) + "}"
        end = "{" + format_kinds([ends[0], ends[0] + 1, ends[0] + 2]) + "}"
        return Text(
            f"不是卡当：{tile}能补在{mid}的中间，也能补在{end}的头尾。卡当的牌只能在中间。",
            f"Not kadang: {tile} fills the middle of {mid}, but it can also be an end of {end}. "
            f"A kadang tile is only ever a middle.",
        )
    if ends:
        end = "{" + format_kinds([ends[0], ends[0] + 1, ends[0] + 2]) + "}"
        return Text(
            f"不是卡当：{tile}只能补在{end}的头尾，不在中间。",
            f"Not kadang: {tile} only completes {end} at an end, never in the middle.",
        )
    return Text(
        f"不是卡当：{tile}补成的是对子或刻子，不在顺子中间。",
        f"Not kadang: {tile} completes a pair or a triplet, not the middle of a run.",
    )


def kadang_drill(seed: int, index: int) -> dict[str, Any]:
    """You win on this tile: is it 卡当?"""
    dice = drill_dice("kadang", seed, index)
    category = KADANG_CATEGORIES[index % len(KADANG_CATEGORIES)]
    rules = RuleSet()
    found = None
    for built in built_hands(dice, Style(), TRIES):
        prefer = [first + 1 for first in built.runs] if category == "kadang" else []
        if category == "single_not_kadang" and dice.chance(0.5):
            prefer = [first for first in built.runs if first % 9 == 0] + [
                first + 2 for first in built.runs if first % 9 == 6
            ]
        remove_one(dice, built.counts, prefer)
        report = ting_report(built.counts, built.melds, rules)
        if not report.ting_allowed:
            continue
        win = dice.pick(report.wait_kinds())
        found = (built.counts, built.melds, report, win)
        single = len(report.waits) == 1
        kadang = report.kadang_of(win)
        if (
            (category == "kadang" and kadang)
            or (category == "two_waits" and not single)
            or (category == "single_not_kadang" and single and not kadang)
        ):
            break
    assert found is not None, "no hand could be built"
    counts, melds, report, win = found
    hand = hand_text(counts, melds)
    tile = "{" + kind_code(win) + "}"
    question = Text(
        f"你已报听：{hand.zh}。你胡{tile}——这是卡当吗？",
        f"You are ready, with {hand.en}. You win on {tile}: is it kadang?",
    )
    answer = {"kadang": report.kadang_of(win), "waits": waits_json(report.waits)}
    explanation = kadang_explanation(counts, melds, win, report, rules)
    return _hand_drill(
        "kadang", seed, index, {}, (counts, melds), question, answer, explanation, win_tile=kind_code(win)
    )


# --- payment: who pays what? -------------------------------------------------------------------------------

_PAY_VARIANTS: tuple[tuple[str, Any], ...] = (
    ("menqing_scheme", "double"),
    ("dianpao_scheme", "S0"),
    ("dianpao_scheme", "S4"),
)
_PAY_KINDS = ("ron", "ron", "ron", "zimo", "zimo", "mobao", "baozhongbao", "qianggang")


def payment_spec(dice: Dice) -> WinSpec:
    """A random win that could happen at a table (the winner ready; 门清 only for losers who never called)."""
    for _ in range(TRIES):
        kind = dice.pick(_PAY_KINDS)
        winner = dice.below(4)
        others = [s for s in range(4) if s != winner]
        discarder = dice.pick(others) if kind in ("ron", "qianggang") else None
        # a robbed player made an added kong: open, and not ready (no kongs after 听)
        ting = kind == "ron" and dice.chance(0.4)
        menqing = frozenset(s for s in others if s != discarder and dice.chance(0.35))
        if kind == "ron" and not ting and dice.chance(0.3):
            menqing = menqing | {discarder}  # type: ignore[arg-type]
        kadang = kind == "baozhongbao" or dice.chance(0.3)
        liable = dice.chance(0.08)
        try:
            return WinSpec(kind, winner, dice.below(4), discarder, ting, kadang, menqing, liable)  # type: ignore[arg-type]
        except ScoringError:
            continue
    raise RuntimeError("no valid win could be drawn")


def payment_explanation(spec: WinSpec, rules: RuleSet, changed: Mapping[str, Any] | None = None) -> Text:
    """Who pays what and why, row by row, from the settlement itself; ``changed``: the table's other rules."""
    rows = settle(spec, rules)
    zh_parts, en_parts = [], []
    for row in rows:
        amount = row.amount
        if row.reason == "share":
            part = seat_does(row.payer, f"付{amount}分（自己的一份）", f"pays {amount} (its own share)")
        else:
            for_seat = seat_text(row.for_seat if row.for_seat is not None else row.payer)
            why = (
                "庄家包牌" if row.reason == "liable" else "点炮包付",
                "the liable dealer" if row.reason == "liable" else "the discarder who was not ready",
            )
            zh = f"替{for_seat.zh}付{amount}分（{why[0]}）"
            part = seat_does(row.payer, zh, f"pays {amount} for {for_seat.en} ({why[1]})")
        zh_parts.append(part.zh)
        en_parts.append(part.en)
    win = WIN_WORDS[spec.kind]
    head = seat_does(spec.winner, win[0], win[1], start=True)
    head_zh = head.zh + ("，卡当" if spec.kadang else "") + "。"
    head_en = head.en + (", kadang" if spec.kadang else "") + "."
    rule = Text(
        "每家基本分：点炮1、自摸（抢杠算自摸）2、摸宝3、宝中宝12；门清的输家付3；卡当翻倍（宝中宝已含）；"
        "没报听的点炮者付3并替另外两家付；包牌的庄家替三家付。",
        "Each loser's base: 1 on a discard, 2 self-drawn (robbing a kong counts as self-drawn), 3 for the "
        "bao, 12 for bao within bao; a closed hand pays 3; kadang doubles (bao within bao already includes "
        "it); a discarder who is not ready pays 3 and pays for the other two; a liable dealer pays for all "
        "three.",
    )
    if changed:  # the standard summary would not be true here: name the table's rule instead
        note = rules_note(dict(changed))
        rule = Text("其余按标准规则。" + note.zh, "Otherwise the standard rules." + note.en)
    return Text(
        head_zh + "；".join(zh_parts) + "。" + rule.zh,
        head_en + " " + capital("; ".join(en_parts)) + ". " + rule.en,
    )


def payment_drill(seed: int, index: int) -> dict[str, Any]:
    """Who pays what for this win?"""
    dice = drill_dice("payment", seed, index)
    spec = payment_spec(dice)
    changed: dict[str, Any] = {}
    if dice.chance(0.15):
        key, value = dice.pick(_PAY_VARIANTS)
        changed[key] = value
    rules = RuleSet().replace(**changed)
    net = totals(settle(spec, rules))
    out = drill_base("payment", seed, index, changed)
    out.update(
        {
            "win": spec.kind,
            "winner": SEATS[spec.winner],
            "discarder": None if spec.discarder is None else SEATS[spec.discarder],
            "discarder_listening": spec.discarder_ting,
            "kadang": spec.kadang,
            "menqing": "".join(SEATS[s] for s in sorted(spec.menqing)),
            "dealer": SEATS[spec.dealer],
            "dealer_liable": spec.dealer_liable,
        }
    )
    facts = _payment_facts(spec)
    note = rules_note(changed)
    out["question"] = Text(
        f"{facts.zh}谁付多少分？{note.zh}", f"{facts.en} Who pays what?{note.en}"
    ).to_dict()
    out["answer"] = {"payments": {SEATS[i]: net[i] for i in range(4)}}
    out["explanation"] = payment_explanation(spec, rules, changed).to_dict()
    return out


def _payment_facts(spec: WinSpec) -> Text:
    """The facts of a win in words."""
    win = WIN_WORDS[spec.kind]
    head = seat_does(spec.winner, win[0], win[1], start=True)
    zh, en = head.zh, head.en
    if spec.discarder is not None:
        ready = ("已报听", "ready") if spec.discarder_ting else ("没报听", "not ready")
        verb = (
            ("被抢杠", "whose added kong is robbed")
            if spec.kind == "qianggang"
            else ("点炮", "who discarded")
        )
        zh += f"，{verb[0]}的是{seat_text(spec.discarder).zh}（{ready[0]}）"
        en += f"; the player {verb[1]} is {seat_text(spec.discarder).en} ({ready[1]})"
    if spec.kadang:
        zh, en = zh + "，卡当", en + ", kadang"
    menqing = [s for s in sorted(spec.menqing) if s != spec.winner]
    if menqing:
        zh += "；门清：" + "、".join(seat_text(s).zh for s in menqing)
        en += "; closed hands: " + ", ".join(seat_text(s).en for s in menqing)
    else:  # said either way: a closed loser pays more, so its absence is a fact of the question
        zh += "；没有人门清"
        en += "; nobody has a closed hand"
    zh += f"；庄家是{seat_text(spec.dealer).zh}" + ("，庄家包牌" if spec.dealer_liable else "") + "。"
    en += (
        f"; the dealer is {seat_text(spec.dealer).en}" + (", and liable" if spec.dealer_liable else "") + "."
    )
    return Text(zh, en)


# --- making and marking ----------------------------------------------------------------------------------


MAKERS: Mapping[str, Callable[[int, int], dict[str, Any]]] = MappingProxyType(
    {
        "ting": ting_drill,
        "discard": discard_drill,
        "kadang": kadang_drill,
        "bao": bao_drill,
        "payment": payment_drill,
    }
)
assert tuple(MAKERS) == DRILL_KINDS


def make_drill(kind: str, seed: int, index: int) -> dict[str, Any]:
    """Drill number ``index`` of a kind and seed (the same every time)."""
    if kind not in MAKERS:
        raise ValueError(f"unknown drill kind {kind!r}: choose one of {', '.join(DRILL_KINDS)}")
    return MAKERS[kind](seed, index)


def make_drills(kind: str, seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` drills of a kind from a seed."""
    return [make_drill(kind, seed, i) for i in range(count)]


def grade(drill: Mapping[str, Any], response: Mapping[str, Any]) -> Grade:
    """Mark a player's answer to a drill.

    Responses: ``ting`` ``{"listen_allowed": bool, "blocker"?: code}`` (the blocker, if given,
    must be one of the real ones); ``discard`` ``{"ting_discards": [tiles]}``; ``kadang``
    ``{"kadang": bool}``; ``bao`` ``{"win": kind or None}`` (draw) or ``{"bao": tile}`` (swap);
    ``payment`` ``{"payments": {"E", "S", "W", "N"}}``.
    """
    answer = drill["answer"]
    kind = drill["kind"]
    if kind == "ting":
        correct = response.get("listen_allowed") == answer["listen_allowed"]
        blocker = response.get("blocker")
        if correct and not answer["listen_allowed"] and blocker is not None:
            correct = blocker in answer["blockers"]
    elif kind == "discard":
        given = {str(t) for t in response.get("ting_discards", [])}
        correct = given == set(answer["ting_discards"])
    elif kind == "kadang":
        correct = response.get("kadang") == answer["kadang"]
    elif kind == "bao" and drill.get("question_type") == "swap":
        correct = response.get("bao") == answer["bao"]
    elif kind == "bao":
        correct = response.get("win") == answer["win"]
    else:
        given_pay = response.get("payments", {})
        correct = all(given_pay.get(s) == answer["payments"][s] for s in SEATS)
    explanation = dict(drill["explanation"])
    if not correct:  # the learner's own answer first, then the rule
        own = answer_feedback(drill, response).to_dict()
        explanation = {
            lang: (own[lang] + " " if own[lang] else "") + explanation[lang] for lang in explanation
        }
    return Grade(correct, answer, explanation)


__all__ = ["DRILL_KINDS", "Grade", "grade", "make_drill", "make_drills", "ting_explanation", "waits_json"]
