"""The responses a drill takes (``tutorials/README.md``), made from what the person entered, and the facts
a payment drill shows beside each seat.

A drill is marked by :func:`game.tutorial.drills.grade`; the UI collects the input (the hand tiles
picked, what each loser pays) and this module turns it into the response ``grade`` takes — the
payment's sums included: the winner collects what the losers pay. The words are the UI's
(``game.ui.words.drill_answers``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..core.tiles import kind_code, parse_kinds
from ..scenario import SEATS

Role = Literal["winner", "dealer", "discarder", "ready", "closed"]
"""A seat's part in a payment drill: it won, deals, discarded the winning tile (while ready), is 门清."""


def discard_response(drill: Mapping[str, Any], picked: Sequence[int]) -> dict[str, Any]:
    """The response for the hand tiles picked (indexes into the drill's hand): the kinds, once each."""
    hand = parse_kinds(str(drill["tiles"]))
    kinds = sorted({hand[i] for i in picked})
    return {"ting_discards": [kind_code(k) for k in kinds]}


def collected(drill: Mapping[str, Any], pays: Mapping[str, int]) -> int:
    """What the winner collects when each loser pays ``pays[seat]``: the sum of the losers' amounts."""
    winner = str(drill["winner"])
    return sum(int(pays.get(s, 0)) for s in SEATS if s != winner)


def payment_response(drill: Mapping[str, Any], pays: Mapping[str, int]) -> dict[str, Any]:
    """The net payments when each loser pays ``pays[seat]`` and the winner collects the sum."""
    winner = str(drill["winner"])
    net = {s: -int(pays.get(s, 0)) for s in SEATS if s != winner}
    net[winner] = collected(drill, pays)
    return {"payments": net}


def seat_roles(drill: Mapping[str, Any], seat: str) -> list[Role]:
    """A seat's parts in a payment drill, in the order they are shown: winner, dealer, discarder (and
    whether it was ready), a 门清 loser."""
    out: list[Role] = []
    if drill["winner"] == seat:
        out.append("winner")
    if drill["dealer"] == seat:
        out.append("dealer")
    if drill.get("discarder") == seat:
        out.append("discarder")
        if drill.get("discarder_listening"):
            out.append("ready")
    if seat in str(drill.get("menqing", "")) and drill["winner"] != seat:
        out.append("closed")
    return out


__all__ = ["Role", "collected", "discard_response", "payment_response", "seat_roles"]
