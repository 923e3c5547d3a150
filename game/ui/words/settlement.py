"""A settlement row in the player's words: who pays whom, and why, from the glossary only.

:class:`game.core.scoring.Payment` carries codes: its ``reason`` (``share``, ``covers`` …), its
``note`` (the win kind, then the facts behind a points amount: ``"mobao, menqing (flat3), kadang
x2"``) and its ``factors`` (R46's doublings of an every-factor-doubles payment, and ``cap``). Each
code is shown with its glossary word; a code the glossary does not know is shown as a generic
word, never as itself, so no internal id reaches the screen.
"""

from __future__ import annotations

import re
from typing import Final

from game.core.scoring import Payment
from game.glossary import TERMS, Lang, term
from game.ui.words.i18n import tr

NOTE_WORDS: Final[dict[str, str]] = {
    "ron": "ron",
    "zimo": "zimo",
    "mobao": "mobao",
    "baozhongbao": "baozhongbao",
    "qianggang": "qianggang",
    "dafeng": "dafeng",
    "minggang": "minggang",
    "angang": "angang",
    "jiagang": "jiagang",
    "discarder listening": "note.discarder_listening",
    "discarder not listening": "note.discarder_not_listening",
}
"""Note parts that are one glossary word: the win kinds, the kong kinds, the discarder's state."""

DOUBLED: Final = re.compile(r"^(\w+) x(\d+)$")
"""A note part ``"<factor> x2"`` (a doubling; its factor is also in ``Payment.factors``)."""
CAPPED: Final = re.compile(r"^capped at (\d+)$")


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
    words = [tr("result.doubled_for", lang, factors=_join(doublings, lang))] if doublings else []
    if "cap" in factors:
        words.append(tr("result.capped_at", lang, cap=cap) if cap is not None else term("factor.cap", lang))
    return words


def note_words(note: str, lang: Lang, factors: tuple[str, ...] = ()) -> list[str]:
    """A payment's note in the player's words: the win kind, then the facts behind a points amount
    (``摸宝``, ``门清``, ``卡当 ×2``), then the factors (doublings and cap) from ``factors``."""
    words: list[str] = []
    cap: int | None = None
    for part in (p.strip() for p in note.split(",")):
        if not part:
            continue
        doubled, capped = DOUBLED.match(part), CAPPED.match(part)
        if capped:
            cap = int(capped.group(1))
        elif doubled and doubled.group(1) in factors:
            continue  # shown with the factors below
        elif doubled and doubled.group(1) == "kadang":
            words.append(f"{term('kadang', lang)} ×{doubled.group(2)}")
        elif part.startswith("menqing"):
            words.append(term("menqing", lang))
        elif part in NOTE_WORDS:
            words.append(term(NOTE_WORDS[part], lang))
        else:
            words.append(tr("result.note_other", lang))
    if "cap" not in factors and cap is not None:
        factors = (*factors, "cap")
    facts = [_join(words, lang)] if words else []
    return facts + factor_words(factors, cap, lang)


def payment_words(p: Payment, names: list[str], lang: Lang) -> tuple[str, str]:
    """(who pays whom, why) of one settlement row, e.g. ("上家 → 你", "包付 · 代下家 · 点炮")."""
    who = f"{names[p.payer]} → {names[p.payee]}"
    parts = [glossary_word(f"payment.{p.reason}", lang, "result.payment_other")]
    if p.for_seat is not None:
        parts.append(f"代{names[p.for_seat]}" if lang == "zh" else names[p.for_seat])
    parts.extend(note_words(p.note, lang, p.factors))
    return who, " · ".join(parts)


def _join(words: list[str], lang: Lang) -> str:
    """Words of one phrase joined as the language lists them."""
    return ("、" if lang == "zh" else ", ").join(words)


def win_word(kind: str, lang: Lang) -> str:
    """What a win of this kind is called (胡 for a win on a discard, 自摸, 摸宝 …)."""
    return glossary_word("hu" if kind == "ron" else kind, lang, "result.win_other")


__all__ = ["factor_words", "glossary_word", "note_words", "payment_words", "win_word"]
