"""Words of the drills in Chinese and English: hands, blockers, win kinds, seats and table rules.

Seats are named from the person's seat (E, at the bottom of every drill): 你/下家/对家/上家.

Tiles are written as markers (``{46m}``) inside :class:`~game.tutorial.text.Text`,
so both languages name the same tiles. Every sentence says the Harbin rule
behind it (RULES.md's standard rules; a drill on another table rule says so).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..core.analysis.ting import MeldShape, Wait
from ..core.tiles import format_kinds
from ..scenario import SEATS
from ..seats import capital, relative, seat_word
from .text import Text

DRILL_PERSON = 0
"""The seat of the person in every drill (E, at the bottom): the other seats are named from it."""
YOU_FORMS: Mapping[str, str] = MappingProxyType(
    {
        "wins": "win",
        "pays": "pay",
        "gets": "get",
        "is": "are",
        "has": "have",
        "discards": "discard",
        "its": "your",
    }
)
"""English words that change when the subject is *you* (``seat_does``)."""
_WORD = re.compile(r"\b[a-z]+\b")

BLOCKER_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "not_ready": (
            "还没有听牌（补哪一张都成不了胡牌的形状）",
            "it is not ready: no single tile completes it",
        ),
        "not_open": (
            "没有开门：要先吃、碰或明杠一次，暗杠不算",
            "the hand is not open: first a chi, peng or exposed kong (a concealed kong does not count)",
        ),
        "single_suit": (
            "只有一种花色：要有两种（红中不算花色）",
            "it has only one suit: a ready hand needs two (the Red Dragon is not a suit)",
        ),
        "no_yaojiu": (
            "没有幺九：要有一、九或红中，副露里的也算",
            "it has no yaojiu tile: a 1, a 9 or the Red Dragon is needed, groups on the table included",
        ),
        "too_few_tiles": (
            "手里不到四张牌（最多三组副露）",
            "fewer than four tiles stay in hand (at most three groups on the table)",
        ),
        "no_triplet": (
            "补哪一张都没有刻子（或一对红中），不是合规的胡",
            "every completing tile leaves the hand without a triplet (or a Red Dragon pair): no legal win",
        ),
        "no_sequence": (
            "补哪一张都没有顺子，不是合规的胡",
            "every completing tile leaves the hand without a run: no legal win",
        ),
        "wait_restriction": ("本桌规则不许这种听口", "this table's rules do not allow this wait shape"),
    }
)
NO_TRIPLET_PLAIN = (
    "补哪一张都没有刻子，不是合规的胡",
    "every completing tile leaves the hand without a triplet: no legal win",
)
"""The no-triplet blocker for a hand without a Red Dragon (its pair cannot stand in there)."""
BOTH_SETS = (
    "补哪一张都凑不齐既有顺子又有刻子，不是合规的胡",
    "no completing tile gives a run and a triplet together, so none is a legal win",
)

WIN_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "ron": ("点炮胡", "wins on a discard"),
        "zimo": ("自摸", "wins self-drawn"),
        "mobao": ("摸宝", "wins by drawing the bao"),
        "baozhongbao": ("宝中宝", "wins bao within bao"),
        "qianggang": ("抢杠胡", "wins by robbing a kong"),
        "dafeng": ("大风", "wins by a big wind"),
    }
)
"""A win, as a verb: ``{seat}{zh}`` / ``{seat} {en}``."""

RULE_WORDS: Mapping[tuple[str, Any], tuple[str, str]] = MappingProxyType(
    {
        ("yaojiu_check", "win"): (
            "幺九可以由胡的那张牌补上",
            "the yaojiu tile may come with the winning tile",
        ),
        ("zhong_pair_counts_as_kezi", False): (
            "一对红中不能代替刻子",
            "a pair of Red Dragons does not stand in for the triplet",
        ),
        ("allow_qingyise", True): ("一种花色也可以报听", "a one-suit hand may declare ready"),
        ("menqing_scheme", "double"): (
            "门清的输家付双倍，而不是3分",
            "a closed hand pays double instead of 3",
        ),
        ("dianpao_scheme", "S0"): (
            "没报听的点炮者付1分，再替另外两家付",
            "a discarder who is not ready pays 1 and pays the other two losers' amounts",
        ),
        ("dianpao_scheme", "S4"): (
            "没报听的点炮者付3分，另外两家照付自己的",
            "a discarder who is not ready pays 3 and the other two pay their own",
        ),
    }
)


def seat_text(seat: int) -> Text:
    """A seat inside a sentence, named from the person's seat: 你/下家/对家/上家, you/the next player/..."""
    return Text(seat_word(seat, DRILL_PERSON, "zh"), seat_word(seat, DRILL_PERSON, "en"))


def seat_does(seat: int, zh: str, en: str, *, start: bool = False) -> Text:
    """A seat doing something: its name, then the words (``en`` said of a third person: *wins*, *pays*, *its*;
    made to agree when the seat is *you*); ``start``: it begins a sentence (capitalised)."""
    name = seat_text(seat)
    if relative(seat, DRILL_PERSON) == 0:
        en = _WORD.sub(lambda m: YOU_FORMS.get(m.group(0), m.group(0)), en)
    subject = capital(name.en) if start else name.en
    return Text(name.zh + zh, f"{subject} {en}")


def tiles_list(kinds: Sequence[int]) -> Text:
    """Several tiles, each its own marker: ``{5m}、{8m}`` / ``{5m}, {8m}``."""
    marks = ["{" + format_kinds([k]) + "}" for k in kinds]
    return Text("、".join(marks), ", ".join(marks))


def waits_text(waits: Sequence[Wait]) -> Text:
    """A hand's waits, with 卡当 marked."""
    zh = "、".join("{" + format_kinds([w.kind]) + "}" + ("（卡当）" if w.kadang else "") for w in waits)
    en = ", ".join("{" + format_kinds([w.kind]) + "}" + (" (kadang)" if w.kadang else "") for w in waits)
    return Text(zh, en)


_MELD_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "chi": ("吃", "chi"),
        "peng": ("碰", "peng"),
        "gang": ("明杠", "exposed kong"),
        "angang": ("暗杠", "concealed kong"),
    }
)


def meld_code(m: MeldShape) -> str:
    """A group as ``analyze --meld`` takes it: ``chi:789s``."""
    return f"{m.kind}:{format_kinds(m.kinds())}"


def hand_text(counts: Sequence[int], melds: Sequence[MeldShape]) -> Text:
    """A hand in words: concealed tiles, then the groups on the table."""
    concealed = "{" + format_kinds(k for k in range(len(counts)) for _ in range(counts[k])) + "}"
    if not melds:
        return Text(f"手牌{concealed}，没有副露", f"in hand {concealed}, nothing on the table")
    zh = "、".join(_MELD_WORDS[m.kind][0] + "{" + format_kinds(m.kinds()) + "}" for m in melds)
    en = ", ".join(_MELD_WORDS[m.kind][1] + " {" + format_kinds(m.kinds()) + "}" for m in melds)
    return Text(f"手牌{concealed}，副露：{zh}", f"in hand {concealed}; on the table: {en}")


def rules_note(rules: dict[str, Any]) -> Text:
    """The table rules a drill uses besides the standard ones, as a sentence (empty if none)."""
    if not rules:
        return Text("", "")
    parts = [RULE_WORDS[(k, v)] for k, v in rules.items()]
    zh = "（本桌规则：" + "；".join(p[0] for p in parts) + "。）"
    en = " (Table rule here: " + "; ".join(p[1] for p in parts) + ".)"
    return Text(zh, en)


def rule_args(rules: dict[str, Any]) -> dict[str, str]:
    """Table rules as ``--rule`` values (``true``/``false`` for switches)."""
    return {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in rules.items()}


def join(*parts: Text) -> Text:
    """Texts one after the other."""
    return Text("".join(p.zh for p in parts), " ".join(p.en for p in parts if p.en).replace("  ", " "))


def seat_letter(seat: int | None) -> str | None:
    """A seat as a letter (None stays None)."""
    return None if seat is None else SEATS[seat]
