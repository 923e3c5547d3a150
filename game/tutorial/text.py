"""Coach text in Chinese and English, tile markers rendered per language, and the words check.

A lesson writes tiles in its texts as markers in braces, ``{7p}`` or ``{7889m}``
or ``{中}``: the same marker in both languages, rendered as ``七饼`` / ``7 Dots``
(a single tile) or ``7889万`` / ``7-8-8-9 Characters`` (a group). The UI may
draw tile pictures in their place (:meth:`Text.segments`). Because both
languages carry the same markers, the check can see that they name the same
tiles.

Seats are markers too, named from the person's seat (the seat at the bottom of the
table): ``{you}``, ``{xiajia}`` (the next player, 下家), ``{duijia}`` (opposite, 对家) and
``{shangjia}`` (the previous player, 上家), rendered by :func:`game.seats.relative_word`
(capitalised where an English sentence starts). A lesson never names a seat by a wind
(东家, "South") or a seat letter: the hand's wind is a badge on the seat, and moves with
the dealer; :func:`seat_name_hits` finds such words for the check.

:func:`word_problems` is the check of TEAM.md's words: no Chinese characters,
internal ids or Japanese terms in English sentences, and no 和 for a win in
Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import HarbinError
from ..core.tiles import (
    SUIT_NAMES_ZH,
    ZHONG,
    TileNotationError,
    format_kinds,
    kind_name,
    parse_kinds,
    rank_of,
    suit_of,
)
from ..glossary import LANGS, Lang
from ..seats import RELATIVE_KEYS, capital, relative_word

MARKER = re.compile(r"\{([^{}]*)\}")
"""A marker: a tile marker ``{7p}``, ``{46m}``, ``{中}``, or a seat marker (:data:`SEAT_MARKERS`)."""
SEAT_MARKERS = RELATIVE_KEYS
"""The seat markers, relative to the person: ``{you}``, ``{xiajia}``, ``{duijia}``, ``{shangjia}``."""
PLACEHOLDERS = (
    "wall_left", "kept", "live", "bao", "old_bao",
    "rate:ron", "rate:zimo", "rate:mobao", "rate:baozhongbao", "rate:menqing", "rate:kadang",
)  # fmt: skip
"""Placeholders filled from the table when a step is shown (:mod:`game.tutorial.facts`); ``payment:S`` and
``paid:S`` take a seat letter."""
_SEATED_PLACEHOLDERS = ("payment", "paid")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")

_SUIT_ZH = SUIT_NAMES_ZH  # as the tiles show them
_SUIT_EN = ("Characters", "Dots", "Bamboo")
_SINGULAR_EN = ("Character", "Dot", "Bamboo")
_COUNT_EN = ("", "one", "a pair of", "three", "four")


def is_placeholder(body: str) -> bool:
    """Whether a marker's text is a placeholder (``wall_left``, ``payment:S`` ...), not tiles or a seat."""
    name, _, seat = body.partition(":")
    if seat and name != "rate":
        return name in _SEATED_PLACEHOLDERS and len(seat) == 1 and seat in "ESWN"
    return body in PLACEHOLDERS


class TextError(HarbinError, ValueError):
    """A coach text that cannot be read (missing language, bad tile marker)."""


def tile_name(kind: int, lang: Lang) -> str:
    """One tile's name: ``七饼`` or ``7 Dots``; ``1 Dot``, ``1 Character`` in the singular."""
    if lang == "en" and kind != ZHONG and rank_of(kind) == 1:
        return f"1 {_SINGULAR_EN[suit_of(kind)]}"
    return kind_name(kind, lang)


def tiles_text(kinds: list[int], lang: Lang) -> str:
    """Words for a group of tiles: one tile by name, several as ``46万`` / ``4-6 Characters`` per suit."""
    if len(kinds) == 1:
        return tile_name(kinds[0], lang)
    parts: list[str] = []
    for suit in range(4):
        group = sorted(k for k in kinds if suit_of(k) == suit)
        if not group:
            continue
        if suit == 3:
            n = len(group)
            if lang == "zh":
                parts.append("中" * n if n > 1 else "红中")
            else:
                parts.append("Red Dragon" if n == 1 else f"{_COUNT_EN[n]} Red Dragons")
        elif lang == "zh":
            parts.append("".join(str(rank_of(k)) for k in group) + _SUIT_ZH[suit])
        elif len(group) == 1:
            parts.append(tile_name(group[0], "en"))
        elif len(set(group)) == 1:
            parts.append(f"{_COUNT_EN[len(group)]} {rank_of(group[0])} {_SUIT_EN[suit]}")
        else:
            parts.append("-".join(str(rank_of(k)) for k in group) + " " + _SUIT_EN[suit])
    return ("、" if lang == "zh" else ", ").join(parts)


def marker_kinds(body: str) -> list[int]:
    """The tiles of one marker's text; TextError if it is not tile notation."""
    try:
        kinds = parse_kinds(body)
    except TileNotationError as exc:
        raise TextError(f"tile marker {{{body}}}: {exc}") from None
    if not kinds:
        raise TextError("empty tile marker {}")
    return kinds


@dataclass(frozen=True)
class Text:
    """One coach line (or title) in both languages, as written in the lesson file."""

    zh: str
    en: str

    def raw(self, lang: Lang) -> str:
        """The text as written, markers included."""
        return self.zh if lang == "zh" else self.en

    def render(self, lang: Lang) -> str:
        """The text to show, with every tile marker replaced by the tiles' names and every seat marker by
        the seat's name from the person's seat."""
        segments = self.segments(lang)
        return "".join(seg if isinstance(seg, str) else tiles_text(list(seg), lang) for seg in segments)

    def segments(self, lang: Lang) -> list[str | tuple[int, ...]]:
        """The text cut at its tile markers: strings (seat markers rendered), and tuples of tile kinds where
        tiles may be drawn."""
        out: list[str | tuple[int, ...]] = []
        text = self.raw(lang)
        pos = 0
        words = ""
        for m in MARKER.finditer(text):
            words += text[pos : m.start()]
            pos = m.end()
            if m.group(1) in SEAT_MARKERS:
                words += _seat_marker(m.group(1), lang, words)
                continue
            if is_placeholder(m.group(1)):  # not filled from a table (a text read without one)
                words += "…"
                continue
            if words:
                out.append(words)
                words = ""
            out.append(tuple(marker_kinds(m.group(1))))
        words += text[pos:]
        if words:
            out.append(words)
        return out

    def markers(self, lang: Lang) -> set[str]:
        """The distinct tile markers of one language, normalised (for comparing the two languages)."""
        found = MARKER.findall(self.raw(lang))
        return {
            format_kinds(marker_kinds(m)) for m in found if m not in SEAT_MARKERS and not is_placeholder(m)
        }

    def seat_markers(self, lang: Lang) -> set[str]:
        """The seat markers of one language (both languages must name the same seats)."""
        return {m for m in MARKER.findall(self.raw(lang)) if m in SEAT_MARKERS}

    def to_dict(self) -> dict[str, str]:
        """Both languages, rendered: ``{"zh": ..., "en": ...}``."""
        return {"zh": self.render("zh"), "en": self.render("en")}


def _seat_marker(name: str, lang: Lang, before: str) -> str:
    """A seat marker's words (``before``: the text so far, to capitalise an English sentence's first word)."""
    word = relative_word(SEAT_MARKERS.index(name), lang)
    return capital(word) if lang == "en" and _SENTENCE_START.search(before) else word


def read_text(value: Any, where: str) -> Text:
    """A Text from a lesson file's ``{ zh = "...", en = "..." }``; TextError naming ``where``."""
    if not isinstance(value, Mapping):
        raise TextError(f"{where}: expected a table with zh and en texts")
    extra = set(value) - {"zh", "en"}
    if extra:
        raise TextError(f"{where}: unknown key {sorted(extra)[0]!r} (only zh and en)")
    out = []
    for lang in LANGS:
        item = value.get(lang)
        if not isinstance(item, str) or not item.strip():
            raise TextError(f"{where}.{lang}: missing or empty text")
        out.append(item.strip())
    text = Text(out[0], out[1])
    for lang in LANGS:
        for m in MARKER.findall(text.raw(lang)):
            if m in SEAT_MARKERS or is_placeholder(m):
                continue
            try:
                marker_kinds(m)
            except TextError as exc:
                raise TextError(f"{where}.{lang}: {exc}") from None
    return text


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_EN_BANNED = re.compile(
    r"\b(ron|pon|shanten|terminals?|gang|gangs|listening|ting|chow|pung|R\d\d|S[0-4]|C\d\d)\b",
    re.IGNORECASE,
)
_EN_IDS = re.compile(r"\b\w+_\w+\b|\b(baozhongbao|huanbao|mobao|kaimen|menqing|jiehu|fenzhang)\b")
_ZH_BANNED = re.compile(r"和牌|(?<!截)和了|自摸和|胡和|点和")  # 截和 is the rule's proper name (glossary)


def word_problems(text: Text, where: str) -> list[str]:
    """Words a player must not see: Chinese characters, ids or Japanese terms in English; 和 for a win."""
    problems: list[str] = []
    en = MARKER.sub("", text.en)
    cjk = _CJK.search(en)
    if cjk:
        problems.append(f"{where}.en: Chinese characters in English text ({cjk.group(0)!r})")
    for pattern in (_EN_BANNED, _EN_IDS):
        hit = pattern.search(en)
        if hit:
            problems.append(f"{where}.en: the word {hit.group(0)!r} is not for players (see TEAM.md words)")
    hit = _ZH_BANNED.search(text.zh)
    if hit:
        problems.append(f"{where}.zh: {hit.group(0)!r}: a win is 胡, never 和 (截和 is the one name kept)")
    try:
        if text.markers("zh") != text.markers("en"):
            problems.append(f"{where}: the Chinese and English texts name different tiles")
    except TextError as exc:
        problems.append(f"{where}: {exc}")
    if text.seat_markers("zh") != text.seat_markers("en"):
        problems.append(f"{where}: the Chinese and English texts name different seats")
    return problems


_SEAT_BY_WIND = {
    "zh": re.compile(r"[东南西北]家|[东南西北](?:、[东南西北])+|(?<![A-Za-z])[ESWN](?![A-Za-z])"),
    "en": re.compile(r"\b(?:East|South|West|North)\b|\b[ESWN]\b"),
}
"""Words that name a seat by a wind or a seat letter (东家, 东、南、西、北; South, seat S)."""


def seat_name_hits(text: Text) -> list[tuple[Lang, int, str]]:
    """Where a text names a seat by a wind or a seat letter: (language, offset in the raw text, the words)."""
    out: list[tuple[Lang, int, str]] = []
    for lang in LANGS:
        raw = text.raw(lang)
        blanked = MARKER.sub(lambda m: " " * len(m.group(0)), raw)  # markers are not words
        out.extend((lang, m.start(), m.group(0)) for m in _SEAT_BY_WIND[lang].finditer(blanked))
    return out
