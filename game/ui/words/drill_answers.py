"""The answers a person can give to each drill kind, as button words, and the right answer in words.

A drill is marked by :func:`game.tutorial.drills.grade` only; the one-press drills' buttons carry the
response ``grade`` takes (``tutorials/README.md``):

- ``ting``: "Yes, ready" or "No: <the reason>" (one button per 听 blocker);
- ``kadang``: yes or no; ``bao`` (draw): no win, self-drawn, drawing the bao, bao within bao;
- ``bao`` (swap): the tile that is the 宝 now (the old one or one from the wall's end).

The entered answers (``discard``: the hand tiles picked; ``payment``: what each loser pays, and what
the winner collects) become responses in :mod:`game.tutorial.responses`; here they are only worded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.analysis.ting import BLOCKER_CODES
from game.core.tiles import parse_kinds
from game.glossary import Lang, term
from game.scenario import SEATS
from game.seats import seat_word
from game.tutorial.drill_words import DRILL_PERSON
from game.tutorial.drills import grade
from game.tutorial.responses import seat_roles as roles_of
from game.tutorial.text import tile_name, tiles_text
from game.ui.words.i18n import tr

READY_REASONS = (
    "not_open",
    "single_suit",
    "no_yaojiu",
    "no_triplet",
    "no_sequence",
    "too_few_tiles",
    "not_ready",
)
"""The 听 blockers offered as reasons, in the order a learner checks them."""
DRAW_WINS = ("none", "zimo", "mobao", "baozhongbao")


@dataclass(frozen=True)
class Choice:
    """One answer button: its label and the response it gives."""

    label: str
    response: Mapping[str, Any] = field(default_factory=dict)


def choices(drill: Mapping[str, Any], lang: Lang) -> list[Choice]:
    """The answer buttons of a one-press drill (ting, kadang, bao); empty for discard and payment."""
    kind = drill["kind"]
    if kind == "ting":
        reasons = list(READY_REASONS) + [b for b in drill["answer"]["blockers"] if b not in READY_REASONS]
        out = [Choice(tr("drills.yes_ready", lang), {"listen_allowed": True})]
        for code in reasons:
            if code in BLOCKER_CODES:
                label = tr("drills.no_because", lang, reason=term(f"blocker.{code}", lang))
                out.append(Choice(label, {"listen_allowed": False, "blocker": code}))
        return out
    if kind == "kadang":
        return [
            Choice(tr("drills.kadang_yes", lang), {"kadang": True}),
            Choice(tr("drills.kadang_no", lang), {"kadang": False}),
        ]
    if kind == "bao" and drill.get("question_type") == "swap":
        codes = [str(drill["bao"]), *(str(t) for t in drill.get("wall_tail", []))]
        unique = list(dict.fromkeys(codes))
        return [Choice(tile_name(parse_kinds(c)[0], lang), {"bao": c}) for c in unique]
    if kind == "bao":
        return [Choice(tr(f"drills.win.{w}", lang), {"win": None if w == "none" else w}) for w in DRAW_WINS]
    return []


def right_choices(drill: Mapping[str, Any], options: Sequence[Choice]) -> list[int]:
    """Indexes of the buttons the engine marks right."""
    return [i for i, c in enumerate(options) if grade(drill, c.response).correct]


def seat_roles(drill: Mapping[str, Any], seat: str, lang: Lang) -> list[str]:
    """A seat's tags in a payment drill (winner, dealer, discarder ready or not, closed hand), in words."""
    return [tr(f"drills.role.{role}", lang) for role in roles_of(drill, seat)]


def answer_words(drill: Mapping[str, Any], lang: Lang) -> str:
    """The right answer, said briefly (shown after a wrong answer)."""
    kind = drill["kind"]
    answer = drill["answer"]
    sep = "、" if lang == "zh" else ", "
    if kind == "discard":
        kinds = [parse_kinds(t)[0] for t in answer["ting_discards"]]
        return tiles_text(kinds, lang) if kinds else tr("drills.no_discard", lang)
    if kind == "payment":
        net = answer["payments"]
        return sep.join(
            tr(
                "drills.seat_gets" if net[s] > 0 else "drills.seat_pays",
                lang,
                seat=seat_word(SEATS.index(s), DRILL_PERSON, lang, label=True),
                n=abs(net[s]),
            )
            for s in SEATS
        )
    options = choices(drill, lang)
    right = right_choices(drill, options)
    return sep.join(options[i].label for i in right)


__all__ = [
    "Choice",
    "answer_words",
    "choices",
    "right_choices",
    "seat_roles",
]
