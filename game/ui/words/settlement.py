"""A settlement row in the player's words: who pays whom, and why, from the glossary only.

:class:`game.core.payment.Payment` is structured: its ``reason`` (``share``, ``covers`` …), the
``win`` its amount is based on and its ``basis`` (the factors: ``kadang`` ×2, a 门清 loser, the
discarder ready or not, R46's doublings, the cap). Each code is shown with its glossary word; a code
the glossary does not know is shown as a generic word, never as itself, so no internal id reaches the
screen. Nothing here reads the payment's note text.
"""

from __future__ import annotations

from typing import Final

from game.core.payment import BASES, Factor, Payment
from game.glossary import TERMS, Lang, term
from game.seats import capital
from game.ui.words.i18n import tr

FACT_WORDS: Final[dict[str, str]] = {
    "discarder_ting": "note.discarder_listening",
    "discarder_not_ting": "note.discarder_not_listening",
    "menqing": "note.closed_loser",
}
"""The glossary word of a fact that sets a points amount without multiplying it (门清 is a loser's: a closed
loser pays 3; said as such, never as a bare "closed hand" a reader takes for the winner's)."""


def glossary_word(key: str, lang: Lang, fallback: str) -> str:
    """The glossary word of a key, or the generic UI word ``fallback`` when the glossary has none."""
    return term(key, lang) if key in TERMS else tr(fallback, lang)


def factor_words(factors: tuple[str, ...], cap: int | None, lang: Lang) -> list[str]:
    """The factors of a payment: its doublings as one phrase (``翻倍：门清、庄家``), then the cap."""
    doublings = [
        glossary_word(f"factor.{factor}", lang, "result.factor_other")
        for factor in factors
        if factor != "cap"
    ]
    words = [tr("result.doubled_for", lang, factors=join_words(doublings, lang))] if doublings else []
    if "cap" in factors:
        words.append(tr("result.capped_at", lang, cap=cap) if cap is not None else term("factor.cap", lang))
    return words


def _fact_word(factor: Factor, lang: Lang) -> str:
    """The word of one fact behind a points amount (卡当 with its multiplier)."""
    if factor.name == "kadang" and factor.times != 1:
        return f"{term('kadang', lang)} ×{factor.times}"
    key = FACT_WORDS.get(factor.name)
    return term(key, lang) if key is not None else tr("result.note_other", lang)


def basis_words(p: Payment, lang: Lang) -> list[str]:
    """What a payment's amount is made of, in the player's words: the win kind and the facts behind a
    points amount as one phrase (``摸宝、门清、卡当 ×2``), then the doublings and the cap."""
    words: list[str] = []
    if p.win:
        words.append(term(p.win, lang) if p.win in BASES else tr("result.note_other", lang))
    cap: int | None = None
    for factor in p.basis:
        if factor.name == "cap":
            cap = factor.value
        elif not factor.doubling:  # a doubling is said with the factors below
            words.append(_fact_word(factor, lang))
    facts = [join_words(words, lang)] if words else []
    return facts + factor_words(p.factors, cap, lang)


def payment_words(p: Payment, names: list[str], lang: Lang) -> tuple[str, str]:
    """(who pays whom, why) of one settlement row, e.g. ("上家 → 你", "包付 · 代下家 · 点炮") or
    ("Previous → You", "pays for Next · win on a discard")."""
    who = f"{names[p.payer]} → {names[p.payee]}"
    parts = [glossary_word(f"payment.{p.reason}", lang, "result.payment_other")]
    if p.for_seat is not None and lang == "zh":
        parts.append(f"代{names[p.for_seat]}")
    elif p.for_seat is not None:
        parts[0] = f"{parts[0]} {names[p.for_seat]}"  # "pays for Next"
    parts.extend(basis_words(p, lang))
    return who, " · ".join(parts)


WON_KINDS: Final = ("ron", "zimo", "mobao")
"""The win kinds said in a sentence of their own (others: "… won: <the win's word>")."""


def win_sentence(kind: str, winner: str, other: str | None, kadang: bool, lang: Lang) -> str:
    """The hand's end as a sentence, e.g. "The opposite player won with the tile you discarded" /
    "对家胡了你打出的牌"; ``winner`` and ``other`` (the discarder) are seat words as sentences name seats."""
    key = kind if kind in WON_KINDS else "other"
    if key == "ron" and other is None:
        key = "ron_any"  # a match's list of hands does not keep who discarded
    sentence = tr(f"result.won.{key}", lang, seat=winner, other=other or "", win=win_word(kind, lang))
    if kadang:
        sentence = tr("result.won_kadang", lang, sentence=sentence)
    return capital(sentence)


def multi_win_sentence(winners: list[str], other: str, lang: Lang) -> str:
    """一炮多响 as a sentence: every winner (seat words, nearest the discarder first) on one discard."""
    seats = "、".join(winners) if lang == "zh" else ", ".join(winners[:-1]) + " and " + winners[-1]
    return capital(tr("result.won.multi", lang, seats=seats, other=other))


def join_words(words: list[str], lang: Lang) -> str:
    """Words of one phrase joined as the language lists them (甲、乙 / a, b)."""
    return ("、" if lang == "zh" else ", ").join(words)


def win_word(kind: str, lang: Lang) -> str:
    """What a win of this kind is called (胡 for a win on a discard, 自摸, 摸宝 …)."""
    return glossary_word("hu" if kind == "ron" else kind, lang, "result.win_other")


__all__ = [
    "basis_words",
    "factor_words",
    "glossary_word",
    "join_words",
    "multi_win_sentence",
    "payment_words",
    "win_sentence",
    "win_word",
]
