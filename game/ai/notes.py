"""Notes that say the real choice behind a move: what the level reads of a ready seat, why it folds, why a
discard or a call does not take the fewest steps, and the 抢杠 risk of an added kong.

Each note states facts the hints audit checks (:mod:`game.ai.audit_notes`): the tiles a ready seat
declared with and cut before, steps and tile counts, sure-safe tiles, the number of ready seats.
What the level *reads* (the likely waits, a risk) is its estimate, said as one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Discard
from ..core.tiles import NUM_KINDS
from .base import Reason
from .evaluate import Evaluator

if TYPE_CHECKING:
    from .explain import Facts

READ_FLOOR = 0.05
"""A reading is told only when some tile in hand is at least this likely to be that seat's wait."""


def reading_note(ex: Evaluator, hand: Sequence[int]) -> Reason | None:
    """What the level reads of the ready seat most dangerous to the tiles in ``hand``: the tile it
    declared with, the tile it cut just before, and the waits that reading makes likely."""
    if not ex.readings or not hand:
        return None
    best = max(ex.readings, key=lambda r: max(r.wait[k] for k in hand))
    if max(best.wait[k] for k in hand) < READ_FLOOR or not best.likely or best.ting_kind < 0:
        return None
    top = best.wait[best.likely[0]]
    likely = [k for k in best.likely if best.wait[k] >= 0.5 * top]
    opp = next(o for o in ex.sit.ready if o.seat == best.seat)
    params: dict[str, Any] = {
        "read_seat": [ex.sit.wind(opp.seat), opp.rel, opp.seat],
        "ting_tile": best.ting_kind,
        "likely": likely,
    }
    if best.cut < 0:
        return Reason("reads_nocut", params)
    return Reason("reads", {**params, "cut": best.cut})


def fold_note(ex: Evaluator, steps: int) -> Reason | None:
    """Why the level folds now: two or more ready seats, or late in the wall with little chance to win."""
    if ex.folding == "many":
        return Reason("fold_many", {"n_ready": len(ex.sit.ready)})
    if ex.folding == "late":
        return Reason("fold_late", {"steps": steps, "wall": ex.sit.live})
    return None


def not_closer_note(
    ex: Evaluator, facts: Facts, kind: int, steps: int, accept: int, shanten: Mapping[int, int]
) -> Reason | None:
    """A discard that leaves more steps than another would: the closer discard and how few tiles it
    leaves to improve the hand (when this one leaves more). ``shanten``: the steps each discard leaves."""
    plain = {a.tile >> 2 for a in ex.legal if isinstance(a, Discard) and not a.ting}
    closer = [k for k in plain if shanten[k] < steps]
    if not closer:
        return None
    alt = max(closer, key=lambda k: (-facts.after(k)[0], facts.after(k)[1], -k))
    s_alt, a_alt, _ = facts.after(alt)
    if a_alt >= accept:
        return None
    return Reason("wider_not_closer", {"alt": alt, "alt_steps": s_alt, "alt_accept": a_alt, "accept": accept})


def plan_notes(
    facts: Facts | None, was_closed: bool, follow: int | None, after_accept: int, now_accept: int
) -> list[Reason]:
    """What a call that leaves the hand more steps away is for: it opens a closed hand, the discard after
    it is sure-safe, or more tiles then bring the hand closer."""
    notes: list[Reason] = []
    if was_closed:
        notes.append(Reason("plan_opens"))
    if facts is not None and follow is not None and follow in facts.sure:
        notes.append(Reason("plan_safe", {"discard": follow}))
    if after_accept > now_accept:
        notes.append(Reason("plan_accept", {"accept": after_accept, "ref_accept": now_accept}))
    return notes


def qianggang_note(facts: Facts, kind: int) -> Reason:
    """An added kong against a ready seat: the tile is sure-safe, or a ready seat waiting on it could rob
    the kong (抢杠) — about this risk."""
    if kind in facts.sure:
        return Reason("qianggang_safe", {"tile": kind})
    return Reason("qianggang_risk", {"tile": kind, "risk": facts.pct(kind)})


def hand_kinds(ex: Evaluator) -> list[int]:
    """The kinds in this seat's concealed hand."""
    return [k for k in range(NUM_KINDS) if ex.sit.counts[k]]


__all__ = ["fold_note", "hand_kinds", "not_closer_note", "plan_notes", "qianggang_note", "reading_note"]
