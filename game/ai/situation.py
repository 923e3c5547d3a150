"""What a seat knows, digested once per decision: own hand as counts, unseen copies, ready opponents.

Everything here comes from the :class:`~game.core.view.SeatView` alone. A
:class:`Situation` is built once per decision and shared by every evaluation
of that decision.

Safe tiles against a ready (听) opponent. Under the standard rules a listener
must win whenever able (有胡必胡) and the hand is locked, so any tile that was
discarded after the 听 and did not end the hand is not one of the waits:

* *certain*: the listener's own discards after its 听 (it drew each one and
  could not win on it), and tiles of a kind discarded at any time after the
  听 when the kind is certainly known to have been passed;
* *likely*: other seats' discards that the turn order says came after the 听.
  The view has no clock, so this is estimated from the number of the
  listener's own later discards and whose turn it is; calls can make the
  estimate wrong, so these kinds keep a little danger.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.analysis.listen import MeldShape
from ..core.analysis.shanten import HarbinContext
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
    """Kinds that cannot be its waits."""
    likely: frozenset[int]
    """Kinds that are very probably not its waits (estimated order of discards)."""
    river: frozenset[int]
    """Kinds it discarded before its 听 (weak evidence)."""
    melds: tuple[MeldShape, ...]
    concealed: int
    menqing_others: int = 0
    ting_kind: int = -1
    """The kind it discarded when declaring 听."""
    ting_turn: int = 0
    """How many discards it had made before the 听 discard."""


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
    listening: bool
    ready: list[Opponent] = field(default_factory=list)
    open_seats: tuple[bool, ...] = (False, False, False, False)

    @property
    def n_melds(self) -> int:
        """Number of own declared melds."""
        return len(self.melds)

    def wind(self, seat: int) -> int:
        """A seat's wind in this hand (0 东 … 3 北), counted from the dealer."""
        return (seat - self.view.dealer) % 4


def _is_open(melds: tuple[MeldShape, ...], rules: RuleSet) -> bool:
    return any(m.kind != "angang" or rules.angang_opens for m in melds)


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
            if m.kind != "angang" or rules.angang_opens:
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
        is_open=_is_open(melds, rules),
        ctx=ctx,
        cno=cno,
        idx=indices(counts),
        unseen=unseen,
        pool=max(1, sum(unseen)),
        live=view.live_count,
        listening=view.listening[seat],
        open_seats=tuple(open_seats),
    )
    if any(view.listening[s] for s in range(4) if s != seat):
        sit.ready = _ready_opponents(view, open_seats)
    return sit


def _ready_opponents(view: SeatView, open_seats: list[bool]) -> list[Opponent]:
    """Every listening opponent with the kinds that are safe against it."""
    seat = view.seat
    out = []
    # The seat that would discard next if nobody calls.
    nxt = view.turn if view.phase in ("discard", "fenzhang") else (view.turn + 1) % 4
    for o in range(4):
        if o == seat or not view.listening[o]:
            continue
        river = view.rivers[o]
        t_o = next((i for i, r in enumerate(river) if r.ting), len(river) - 1)
        after = len(river) - 1 - t_o
        certain = {r.tile >> 2 for r in river[t_o + 1 :]}
        before = frozenset(r.tile >> 2 for r in river[:t_o])
        m = (((nxt - o) % 4) - 1) % 4
        likely: set[int] = set()
        for x in range(4):
            if x == o:
                continue
            r_x = (x - o) % 4
            n_after = after + (1 if r_x <= m else 0)
            if n_after <= 0:
                continue
            rx = view.rivers[x]
            likely.update(r.tile >> 2 for r in rx[max(0, len(rx) - n_after) :])
        likely -= certain
        menqing_others = sum(
            1 for s in range(4) if s not in (o, seat) and not open_seats[s] and not view.listening[s]
        )
        out.append(
            Opponent(
                seat=o,
                rel=(o - seat) % 4,
                certain=frozenset(certain),
                likely=frozenset(likely),
                river=before,
                melds=tuple(mm.shape() for mm in view.melds[o] if HIDDEN not in mm.tiles),
                concealed=view.concealed_counts[o],
                menqing_others=menqing_others,
                ting_kind=river[t_o].tile >> 2 if river else -1,
                ting_turn=t_o,
            )
        )
    return out
