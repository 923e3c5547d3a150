"""What a seat knows, digested once per decision: own hand as counts, unseen copies, ready opponents.

Everything here comes from the :class:`~game.core.view.SeatView` alone. A
:class:`Situation` is built once per decision and shared by every evaluation
of that decision.

Safe tiles against a ready (听) opponent. Under the standard rules a ready seat
must win whenever able (有胡必胡) and its hand is locked, so a tile of any kind
discarded by anyone after its 听 (the river tiles carry the hand's discard
order), claimed or not, that did not end the hand cannot be one of its waits:
those kinds are *certain* (sure-safe). Where the rules let a ready seat pass a
win (``must_hu`` off) or a discard cannot be won on (``only_zimo``; the last four
under ``last4_discard_no_ron``), a pass proves nothing: those kinds are only
*likely* safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.analysis.shanten import HarbinContext
from ..core.analysis.ting import MeldShape, is_open, meld_opens
from ..core.rules import RuleSet
from ..core.tiles import NUM_KINDS
from ..core.view import HIDDEN, SeatView
from .hand import HandMemo, indices


@dataclass(slots=True)
class Opponent:
    """A ready opponent as this seat sees it."""

    seat: int
    rel: int
    """1 下家, 2 对家, 3 上家."""
    certain: frozenset[int]
    """Kinds that cannot be its waits: discarded after its 听 while it had to win when able (sure-safe)."""
    likely: frozenset[int]
    """Kinds passed after its 听 where a pass proves nothing (a ready seat may pass a win under the rules)."""
    river: frozenset[int]
    """Kinds it discarded before its 听 (weak evidence)."""
    melds: tuple[MeldShape, ...]
    concealed: int
    ting_kind: int = -1
    """The kind it discarded when declaring 听."""
    ting_turn: int = 0
    """How many discards it had made before the 听 discard."""
    river_order: tuple[int, ...] = ()
    """The kinds it discarded before its 听, in order."""


@dataclass(slots=True)
class Situation:
    """A seat's view, digested for the evaluators."""

    view: SeatView
    seat: int
    rules: RuleSet
    counts: list[int]
    melds: tuple[MeldShape, ...]
    is_open: bool
    ctx: HarbinContext
    cno: int
    idx: tuple[int, int, int, int]
    unseen: list[int]
    pool: int
    live: int
    ting: bool
    ready: list[Opponent] = field(default_factory=list)
    open_seats: tuple[bool, ...] = (False, False, False, False)
    memo: dict[object, float] = field(default_factory=dict)
    """Payments this decision has worked out already (:mod:`game.ai.value`, :mod:`game.ai.defence`)."""

    @property
    def n_melds(self) -> int:
        """Number of own declared melds."""
        return len(self.melds)

    def wind(self, seat: int) -> int:
        """A seat's wind in this hand (0 东 … 3 北), counted from the dealer."""
        return (seat - self.view.dealer) % 4


def situation(view: SeatView, memo: HandMemo) -> Situation:
    """Digest a view for one decision."""
    seat = view.seat
    rules = view.rules
    counts = [0] * NUM_KINDS
    for t in view.hand:
        counts[t >> 2] += 1
    unseen = [4] * NUM_KINDS
    for k in range(NUM_KINDS):
        unseen[k] -= counts[k]
    for river in view.rivers:
        for r in river:
            if not r.claimed:
                unseen[r.tile >> 2] -= 1
    open_seats = []
    for owner in range(4):
        opened = False
        for m in view.melds[owner]:
            if meld_opens(m.kind, rules):
                opened = True
            for t in m.tiles:
                if t != HIDDEN:
                    unseen[t >> 2] -= 1
        open_seats.append(opened)
    for t in view.old_baos:
        unseen[t >> 2] -= 1
    if view.bao is not None:
        unseen[view.bao >> 2] -= 1
    for k in range(NUM_KINDS):
        if unseen[k] < 0:
            unseen[k] = 0
    melds = tuple(m.shape() for m in view.melds[seat])
    ctx, cno = memo.context(melds, rules)
    sit = Situation(
        view=view,
        seat=seat,
        rules=rules,
        counts=counts,
        melds=melds,
        is_open=is_open(melds, rules),
        ctx=ctx,
        cno=cno,
        idx=indices(counts),
        unseen=unseen,
        pool=max(1, sum(unseen)),
        live=view.live_count,
        ting=view.ting[seat],
        open_seats=tuple(open_seats),
    )
    if any(view.ting[s] for s in range(4) if s != seat):
        sit.ready = _ready_opponents(view)
    return sit


def _passed_after(view: SeatView, ting_order: int) -> frozenset[int]:
    """Kinds of every discard (any seat, claimed or not) made after the discard with ``ting_order``."""
    rules = view.rules
    tiles = [r for river in view.rivers for r in river if r.order > ting_order]
    if rules.end_of_wall == "last4_discard_no_ron":
        # discards made once fewer than kept + 4 tiles were live could not be won on: no evidence
        blind = max(0, rules.kept_tiles + 4 - view.live_count)
        if blind:
            tiles.sort(key=lambda r: r.order)
            tiles = tiles[: max(0, len(tiles) - blind)]
    return frozenset(r.tile >> 2 for r in tiles)


def _ready_opponents(view: SeatView) -> list[Opponent]:
    """Every ready opponent with the kinds that are safe against it."""
    seat = view.seat
    rules = view.rules
    proof = rules.must_hu and not rules.only_zimo
    out = []
    for o in range(4):
        if o == seat or not view.ting[o]:
            continue
        river = view.rivers[o]
        t_o = next((i for i, r in enumerate(river) if r.ting), len(river) - 1)
        passed: set[int] = {r.tile >> 2 for r in river[t_o + 1 :]}  # its own discards after the 听
        if river:
            passed |= _passed_after(view, river[t_o].order)
        before = frozenset(r.tile >> 2 for r in river[:t_o])
        certain = frozenset(passed) if proof else frozenset()
        likely = frozenset() if proof else frozenset(passed)
        out.append(
            Opponent(
                seat=o,
                rel=(o - seat) % 4,
                certain=certain,
                likely=likely,
                river=before,
                melds=tuple(mm.shape() for mm in view.melds[o] if HIDDEN not in mm.tiles),
                concealed=view.concealed_counts[o],
                ting_kind=river[t_o].tile >> 2 if river else -1,
                ting_turn=t_o,
                river_order=tuple(r.tile >> 2 for r in river[:t_o]),
            )
        )
    return out
