"""How a seat is named: by its letter in files and on the command line, relative to the bottom seat on screen.

Two names, never mixed:

* **Seat letters** ``E S W N`` are the match's seat order (seat 0-3) in replay files, lesson files, scenario
  files and on the command line (``--seat S``). They are not the hand's wind: that moves with the dealer.
* **Relative words** are what a player reads: every seat is named from the seat at the bottom of the screen
  (the ``viewer``) — 你 / 下家 / 对家 / 上家, in English *you* / *the next player* / *the opposite player* /
  *the previous player* inside a sentence, *You* / *Next* / *Opposite* / *Previous* as a label (a seat
  plate, a button). The hand's wind (东南西北) and 庄 are badges on a seat, never its name in a sentence.

:func:`seat_word` is the one function every screen, lesson, hint and review reason names a seat with. The
words live in :mod:`game.glossary` (``seat.rel.*`` and ``seat.label.*``). No pygame here.
"""

from __future__ import annotations

from typing import Final

from .glossary import Lang, term

SEAT_LETTERS: Final = "ESWN"
"""Seat letters 0-3 in the match's seat order (turn order), as files and the command line write them."""
RELATIVE_KEYS: Final = ("you", "xiajia", "duijia", "shangjia")
"""The relative seats 0-3 (the viewer, then in turn order), as glossary keys and lesson markers."""


def seat_letter(seat: int) -> str:
    """A seat's letter for files and the command line: ``E`` ``S`` ``W`` ``N`` for seats 0-3."""
    return SEAT_LETTERS[seat % 4]


def relative(seat: int, viewer: int) -> int:
    """Where ``seat`` sits seen from ``viewer``: 0 the viewer, 1 next (下家), 2 opposite, 3 previous."""
    return (seat - viewer) % 4


def relative_word(rel: int, lang: Lang, *, label: bool = False) -> str:
    """The word for a relative seat (0 you, 1 下家, 2 对家, 3 上家): in a sentence, or as a ``label``."""
    return term(f"seat.{'label' if label else 'rel'}.{RELATIVE_KEYS[rel % 4]}", lang)


def seat_word(seat: int, viewer: int, lang: Lang, *, label: bool = False) -> str:
    """How ``seat`` is named to the player whose seat is at the bottom of the screen (``viewer``).

    Inside a sentence (default): 你 / 下家 / 对家 / 上家, *you* / *the next player* / *the opposite player* /
    *the previous player*; as a label (``label=True``): 你 / 下家 / 对家 / 上家, *You* / *Next* /
    *Opposite* / *Previous*. A sentence that starts with the word capitalises it itself (:func:`capital`).
    """
    return relative_word(relative(seat, viewer), lang, label=label)


def capital(text: str) -> str:
    """A text with its first letter capitalised (a seat word starting an English sentence)."""
    return text[:1].upper() + text[1:]


__all__ = [
    "RELATIVE_KEYS",
    "SEAT_LETTERS",
    "capital",
    "relative",
    "relative_word",
    "seat_letter",
    "seat_word",
]
