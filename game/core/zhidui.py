"""The 支对 choice (RULES.md R44) when a 对倒 hand declares 听: declare plainly, or lock one pair.

A 对倒 hand waits on two pairs, either of which may become the triplet. Where the room plays
支对, the player may lock one pair with the discard that declares 听: from then on only that
pair's tile wins, and the win counts as 卡当 (pays double). Without a lock the 对倒 waits on
both tiles and is 卡当 only if every wait is. :func:`lock_choices` gives the ways as facts — the
action, the pair locked, the waits and whether a win on them is 卡当 — from the engine's own legal
actions; what they are called is the UI's business (``game.ui.words.zhidui``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .actions import Action, Discard
from .analysis.ting import Wait, locked_waits, ting_report
from .legal import legal_actions
from .state import State
from .tiles import kind_of


@dataclass(frozen=True)
class LockChoice:
    """One way to declare 听 with a discard: ``pair`` is the kind locked (None: no lock)."""

    action: Discard
    pair: int | None
    waits: tuple[int, ...]
    """The kinds that win afterwards."""
    kadang: bool
    """A win on them counts as 卡当."""


def _choice(action: Discard, pair: int | None, waits: Sequence[Wait]) -> LockChoice:
    """A choice from the waits it leaves: 卡当 when there are waits and every one is."""
    kadang = bool(waits) and all(w.kadang for w in waits)
    return LockChoice(action, pair, tuple(w.kind for w in waits), kadang)


def lock_choices(
    state: State, seat: int, discard: int, legal: Sequence[Action] | None = None
) -> list[LockChoice]:
    """The legal ways for ``seat`` to declare 听 by throwing ``discard`` (a tile id): plainly first (when
    the rules allow it), then locking each 对倒 pair in kind order; empty when the engine offers no lock
    for this discard. ``legal`` may pass ``legal_actions(state, seat)`` when the caller has it."""
    options = legal_actions(state, seat) if legal is None else legal
    kind = kind_of(discard)
    hand = state.hands[seat]
    plain: list[LockChoice] = []
    locks: dict[int, LockChoice] = {}
    for action in options:
        if not isinstance(action, Discard) or not action.ting or kind_of(action.tile) != kind:
            continue
        if action.zhidui is None:
            counts = state.counts(seat)
            counts[kind] -= 1
            report = ting_report(counts, state.meld_shapes(seat), state.rules)
            plain = [_choice(replace(action, tile=discard), None, report.waits)]
            continue
        pair = kind_of(action.zhidui)
        if pair not in locks:
            locks[pair] = _choice(lock_attempt(hand, discard, action.zhidui), pair, locked_waits(pair))
    if not locks:
        return []
    return plain + [locks[pair] for pair in sorted(locks)]


def lock_attempt(hand: Sequence[int], discard: int, tile: int) -> Discard:
    """The 听 discard that asks to lock the pair of ``tile`` (the engine says whether it may)."""
    kind = kind_of(tile)
    held = next((t for t in hand if kind_of(t) == kind and t != discard), tile)
    return Discard(discard, ting=True, zhidui=held)


__all__ = ["LockChoice", "lock_attempt", "lock_choices"]
