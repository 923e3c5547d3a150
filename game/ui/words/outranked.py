"""When the person's call on a discard loses to another seat's: who took the tile and the rule why, in words.

Several seats may call the same discard; the engine gives it to the highest call (R15:
胡, then 吃听/碰听, then 碰/明杠, then 吃; equal calls go by seat order from the
discarder). Without a word the person's 吃 simply does not happen and another seat's
meld appears, which reads as a lost key press. Who outranked whom is the core's answer
(:func:`game.core.legal.outranked`); this module only says it.
"""

from __future__ import annotations

from game.core.events import CallDeclared
from game.core.rules import RuleSet
from game.glossary import Lang, term
from game.seats import capital
from game.ui.words.i18n import tr


def call_word(call: CallDeclared) -> str:
    """The glossary word of a declared call: chi, peng, gang, hu, or 吃听 / 碰听."""
    if call.ting and call.call in ("chi", "peng"):
        return f"{call.call}ting"
    return call.call


def outranked_text(
    rules: RuleSet, lang: Lang, seat_name: str, theirs: CallDeclared, mine: CallDeclared
) -> str:
    """The message: who took the tile with what, over the person's call, and the claim order behind it."""
    order = "table.claim_order" if rules.chiting_priority == "above_peng" else "table.claim_order_dq"
    return capital(
        tr(
            "table.outranked",
            lang,
            seat=seat_name,
            theirs=term(call_word(theirs), lang),
            mine=term(call_word(mine), lang),
            order=tr(order, lang),
        )
    )


__all__ = ["call_word", "outranked_text"]
