"""When the person's call on a discard loses to another seat's call: say who took the tile and the rule why.

Several seats may call the same discard; the engine gives it to the highest call (R15:
胡, then 吃听/碰听, then 碰/明杠, then 吃; equal calls go by seat order from the
discarder). Without a word the person's 吃 simply does not happen and another seat's
meld appears, which reads as a lost key press.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.events import CallDeclared, Chi, Event, Gang, Hu, Peng, TileDiscarded
from game.core.rules import RuleSet
from game.glossary import Lang, term
from game.seats import capital
from game.ui.words.i18n import tr


def call_word(call: CallDeclared) -> str:
    """The glossary word of a declared call: chi, peng, gang, hu, or 吃听 / 碰听."""
    if call.ting and call.call in ("chi", "peng"):
        return f"{call.call}ting"
    return call.call


def outranked_call(events: Sequence[Event], position: int, me: int) -> tuple[int, str, str] | None:
    """If the event just shown (``events[position - 1]``) is another seat taking a discard the person had
    also called: (that seat, its call word, the person's call word); else None."""
    if position <= 0:
        return None
    event = events[position - 1]
    if not isinstance(event, Chi | Peng | Gang | Hu) or event.seat == me or event.from_seat is None:
        return None
    declared: dict[int, str] = {}
    for earlier in reversed(events[: position - 1]):
        if isinstance(earlier, TileDiscarded):
            break
        if isinstance(earlier, CallDeclared):
            declared.setdefault(earlier.seat, call_word(earlier))
    if me not in declared:
        return None
    taken = {Chi: "chi", Peng: "peng", Gang: "gang", Hu: "hu"}[type(event)]
    return event.seat, declared.get(event.seat, taken), declared[me]


def outranked_text(rules: RuleSet, lang: Lang, seat_name: str, theirs: str, mine: str) -> str:
    """The message: who took the tile with what, over the person's call, and the claim order behind it."""
    order = "table.claim_order" if rules.chiting_priority == "above_peng" else "table.claim_order_dq"
    return capital(
        tr(
            "table.outranked",
            lang,
            seat=seat_name,
            theirs=term(theirs, lang),
            mine=term(mine, lang),
            order=tr(order, lang),
        )
    )


__all__ = ["outranked_call", "outranked_text"]
