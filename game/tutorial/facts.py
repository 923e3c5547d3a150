"""Prose the engine checks: placeholders a coach text fills from the table, and the claims it must back.

A lesson's text may write what the table shows as a placeholder, filled from the
engine's state when the step is shown (so the words can never contradict the table):

=================  ==============================================================
``{wall_left}``    tiles still drawn in turn (the table's "余 n" / "n left")
``{kept}``         tiles kept back at the wall's end (kong replacements, new 宝s)
``{live}``         every tile left to draw (``{wall_left}`` + ``{kept}``)
``{bao}``          the 宝 now (drawn as a tile)
``{old_bao}``      the 宝 before the last 换宝 (drawn as a tile)
``{payment:S}``    what seat S (a seat letter) gained or paid in the hand, as a number
``{paid:S}``       the same without its sign (what a loser paid)
``{rate:K}``       the table's rule amount: K = ron zimo mobao baozhongbao (base per
                   loser), menqing (a closed loser's amount), kadang (its multiplier)
=================  ==============================================================

:func:`claim_problems` is the check of everything else a text states: a number of
tiles left written as digits (the table shows its own count: use ``{wall_left}``),
and a payment ("付3分", "pays 12", "9 in all") that no ``payments`` check of the
lesson backs. :func:`bao_claims` finds a tile a text calls the 宝 ("宝是{5m}"), which
the check holds against the table at that step (:func:`bao_backed`). Each problem
names the file and line of the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..core.events import Event
from ..core.state import State
from ..core.tiles import TileNotationError, format_kinds, kind_of, parse_kinds
from ..glossary import LANGS, Lang
from ..scenario import SEATS
from .conditions import payments_since
from .lesson import Lesson, Step, texts_of
from .text import MARKER, PLACEHOLDERS, Text, is_placeholder


def line_of(source: str, raw: str, offset: int) -> int | None:
    """The line (from 1) of a file's text where ``raw``'s character ``offset`` is written, if found."""
    at = source.find(raw)
    if at >= 0:
        return source.count("\n", 0, at + offset) + 1
    piece = raw[max(0, offset - 12) : offset + 4]
    at = source.find(piece)
    return source.count("\n", 0, at + len(piece)) + 1 if piece and at >= 0 else None


def table_facts(state: State, events: Sequence[Event], since: int = 0) -> dict[str, str]:
    """Every placeholder's value at this table (a payment only once the hand has been settled)."""
    kept = state.kept_back
    out = {
        "wall_left": str(max(0, state.live_count - kept)),
        "kept": str(kept),
        "live": str(state.live_count),
    }
    rules = state.rules
    out["rate:ron"] = str(rules.base_dianpao)
    out["rate:zimo"] = str(rules.base_zimo)
    out["rate:mobao"] = str(rules.base_mobao)
    out["rate:baozhongbao"] = str(rules.base_baozhongbao)
    out["rate:menqing"] = str(rules.menqing_loser)
    out["rate:kadang"] = str(rules.kadang_mult)
    if state.bao is not None:
        out["bao"] = "{" + format_kinds([kind_of(state.bao)]) + "}"
    if state.old_baos:
        out["old_bao"] = "{" + format_kinds([kind_of(state.old_baos[-1])]) + "}"
    if state.phase in ("round_over", "match_over"):
        paid = payments_since(events[since:])
        for seat, letter in enumerate(SEATS):
            out[f"payment:{letter}"] = str(paid[seat])
            out[f"paid:{letter}"] = str(abs(paid[seat]))
    return out


def fill(text: Text, facts: Mapping[str, str]) -> Text:
    """The text with its placeholders replaced by the table's values (unknown ones are left as written)."""

    def one(raw: str) -> str:
        return MARKER.sub(
            lambda m: facts.get(m.group(1), m.group(0)) if is_placeholder(m.group(1)) else m.group(0), raw
        )

    return replace(text, zh=one(text.zh), en=one(text.en))


def unfilled(text: Text) -> list[str]:
    """The placeholders a filled text still has (a value the table does not have at this step)."""
    return sorted({m for lang in ("zh", "en") for m in MARKER.findall(text.raw(lang)) if is_placeholder(m)})


_LEFT = {
    "zh": re.compile(r"(?:剩下?|余)\s*(?:只有)?(\d+)\s*张?|(\d+)\s*张(?:牌)?(?:可摸|没摸)"),
    "en": re.compile(r"\b(\d+)\s+(?:tiles?\s+)?(?:are\s+|is\s+)?left\b"),
}
"""A count of tiles left written as digits."""
_PAY = {
    "zh": re.compile(r"付\s*(\d+)\s*分?|(\d+)\s*分|得\s*(\d+)|共\s*(\d+)"),
    "en": re.compile(
        r"\bpays?\s+(\d+)\b|\bpaying\s+(\d+)\b|\b(\d+)\s+(?:points?|in all|each|per loser)\b"
        r"|\bdoubled to\s+(\d+)\b"
        r"|\bgets?\s+(\d+)\b|\bwins?\s+(\d+)\b"
    ),
}
"""A payment written as digits ("付3分", "pays 12", "9 in all")."""


_BAO = {
    "zh": re.compile(r"\{(\w+)\}(?:是宝|成了新?宝|这个宝)|宝是\{(\w+)\}"),
    "en": re.compile(
        r"\{(\w+)\},? (?:is the bao|becomes the bao|is now the bao|stays the bao)|\bbao is \{(\w+)\}"
    ),
}
"""A tile stated to be the 宝 ("宝是{5m}", "{7s} is now the bao"); a supposed one ("as the bao") is not."""


def bao_claims(text: Text) -> list[tuple[Lang, int, int]]:
    """Where a text states which tile is the 宝: (language, offset in the raw text, the tile's kind)."""
    out: list[tuple[Lang, int, int]] = []
    for lang in LANGS:
        raw = text.raw(lang)
        for m in _BAO[lang].finditer(raw):
            body = m.group(1) or m.group(2)
            if body is None or is_placeholder(body):
                continue
            try:
                kinds = parse_kinds(body)
            except TileNotationError:
                continue
            if len(kinds) == 1:
                out.append((lang, m.start(), kinds[0]))
    return out


def bao_backed(lesson: Lesson, state: State) -> set[int]:
    """The tiles a text may call the 宝 at this table: the 宝 now, the old ones, and any ``bao`` a condition
    of the lesson checks."""
    out = {kind_of(t) for t in (*state.old_baos, *([state.bao] if state.bao is not None else []))}
    steps: list[Step] = [*lesson.steps, *(s for part in lesson.parts.values() for s in part)]
    for step in steps:
        for cond in (step.check, step.until):
            out.update(value for key, value in (cond.facts if cond else ()) if key == "bao")
    return out


def _numbers(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """(offset, number) of every digit group the pattern finds."""
    out = []
    for m in pattern.finditer(text):
        for g in range(1, (pattern.groups or 0) + 1):
            if m.group(g) is not None:
                out.append((m.start(g), int(m.group(g))))
    return out


def _checked_payments(lesson: Lesson) -> set[int]:
    """Every amount a ``payments`` check of the lesson proves: each seat's gain or loss."""
    steps: list[Step] = [*lesson.steps, *(s for part in lesson.parts.values() for s in part)]
    out: set[int] = set()
    for step in steps:
        for cond in (step.check, step.until):
            if cond is None:
                continue
            for key, value in cond.facts:
                if key == "payments":
                    amounts = [abs(v) for v in dict(value).values()]
                    out.update(amounts)
    return out


def claim_problems(lesson: Lesson, source: str = "", file: str = "") -> list[str]:
    """Numbers a lesson's texts state that nothing backs: tiles left as digits, payments no check proves."""
    checked = _checked_payments(lesson)
    out: list[str] = []
    for where, text in texts_of(lesson):
        if where in ("title", "idea"):
            continue
        for lang in ("zh", "en"):
            raw = text.raw(lang)
            blank = MARKER.sub(lambda m: " " * len(m.group(0)), raw)
            line = line_of(source, raw, 0) if source else None
            place = f"{file}:{line}" if file and line else (file or "lesson")
            for offset, n in _numbers(_LEFT[lang], blank):
                line = line_of(source, raw, offset) if source else None
                at = f"{file}:{line}" if file and line else place
                out.append(
                    f"{at}: {where}.{lang}: states {n} tiles left as digits; write {{wall_left}} "
                    "(the count the table shows)"
                )
            for offset, n in _numbers(_PAY[lang], blank):
                if n in checked:
                    continue
                line = line_of(source, raw, offset) if source else None
                at = f"{file}:{line}" if file and line else place
                out.append(
                    f"{at}: {where}.{lang}: states a payment of {n} that no check backs; add a check step "
                    "with payments = {...}, or write {payment:S}"
                )
    return out


__all__ = [
    "PLACEHOLDERS",
    "bao_backed",
    "bao_claims",
    "claim_problems",
    "fill",
    "line_of",
    "table_facts",
    "unfilled",
]
