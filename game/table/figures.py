"""The figures the table shows beside the tiles, read from a seat's view: unseen copies of each kind
(the tracker), the waits of each 听 discard, the 宝 panel after 听 with the chance that the next draw
wins, and the winning hand read as sets and a pair.

Every figure comes from what the seat may know (its :class:`~game.core.view.SeatView`);
the rules questions are asked of ``game.core``. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.actions import Chi, Peng
from game.core.analysis.decompose import Reading
from game.core.analysis.shanten import IMPOSSIBLE, rules_shanten
from game.core.analysis.ting import MeldShape, TingReport, Wait, best_reading, ting_report
from game.core.events import BaoReplaced, Event, RoundStarted, TileDiscarded, TileDrawn
from game.core.events import Chi as ChiEvent
from game.core.events import Gang as GangEvent
from game.core.events import Hu as HuEvent
from game.core.events import Peng as PengEvent
from game.core.rules import RuleSet
from game.core.tiles import NUM_KINDS, NUM_TILES, kind_of
from game.core.view import HIDDEN, SeatView


@dataclass(frozen=True)
class WaitFigure:
    """One wait of a ready hand: its kind, 卡当, and how many copies seat 0 cannot see."""

    kind: int
    kadang: bool
    unseen: int


@dataclass(frozen=True)
class BaoPanel:
    """The figures of the 宝 panel after 听: waits, the 宝, and the chance that the next draw wins."""

    waits: tuple[WaitFigure, ...]
    bao: int | None
    """The 宝's kind when seat 0 may see it."""
    bao_unseen: int
    """Unseen copies of the 宝's kind (drawing one is 摸宝)."""
    winning_unseen: int
    """Unseen tiles that win on the next draw (waits and the 宝's kind, each counted once)."""
    unseen_total: int
    """Tiles seat 0 cannot see anywhere (other hands, the wall, hidden kongs)."""

    @property
    def win_chance(self) -> float:
        """The chance that the next drawn tile wins, if every unseen tile is equally likely."""
        return self.winning_unseen / self.unseen_total if self.unseen_total else 0.0


@dataclass(frozen=True)
class WinShape:
    """The winner's hand read as sets and a pair, for the hand result."""

    seat: int
    win_kind: int
    """The kind the hand is read as completed by (a wait; for 摸宝 the wait the 宝 stands for)."""
    pair: int | None
    sets: tuple[tuple[str, tuple[int, ...]], ...]
    """Concealed sets as ("seq"|"tri", kinds) in reading order."""


def meld_shapes(seat_view: SeatView, seat: int) -> tuple[MeldShape, ...] | None:
    """A seat's melds as hand analysis sees them, or None if some kong's kind is hidden from the viewer."""
    shapes = []
    for m in seat_view.melds[seat]:
        if HIDDEN in m.tiles:
            return None
        shapes.append(m.shape())
    return tuple(shapes)


def hand_counts(tiles: Sequence[int]) -> list[int]:
    """Kind counts of tile ids."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[kind_of(t)] += 1
    return counts


def unseen_counts(seat_view: SeatView) -> list[int]:
    """For each kind, the copies the seat cannot see anywhere (the unseen-tile tracker)."""
    seen = hand_counts(seat_view.visible_tiles())
    return [max(0, 4 - c) for c in seen]


def unseen_total(seat_view: SeatView) -> int:
    """How many tiles the seat cannot see (other concealed hands, the wall, hidden tiles)."""
    return NUM_TILES - len(seat_view.visible_tiles())


def bao_panel(seat_view: SeatView) -> BaoPanel:
    """The 宝 panel's figures for a (ready) seat: waits with unseen copies, the 宝, the chance to win."""
    unseen = unseen_counts(seat_view)
    waits = tuple(WaitFigure(w.kind, w.kadang, unseen[w.kind]) for w in seat_view.waits)
    bao = None if seat_view.bao is None else kind_of(seat_view.bao)
    winning = {w.kind for w in seat_view.waits}
    if bao is not None:
        winning.add(bao)
    return BaoPanel(
        waits=waits,
        bao=bao,
        bao_unseen=unseen[bao] if bao is not None else 0,
        winning_unseen=sum(unseen[k] for k in winning),
        unseen_total=unseen_total(seat_view),
    )


def wait_figures(report: TingReport, seat_view: SeatView) -> tuple[WaitFigure, ...]:
    """A 听 report's legal waits with the copies the seat cannot see."""
    unseen = unseen_counts(seat_view)
    return tuple(WaitFigure(w.kind, w.kadang, unseen[w.kind]) for w in report.waits)


def steps_from_ready(seat_view: SeatView) -> int | None:
    """How many tiles the seat's hand must change to be one tile from a legal win (向听, "steps from
    ready"): the Harbin hand conditions (a sequence, a triplet, a yaojiu tile, two suits, as the rules
    set them) count, an open hand (开门) does not. On the seat's turn (one tile more) it is the figure
    after the best discard. None when no hand can be made or the seat's melds are hidden."""
    shapes = meld_shapes(seat_view, seat_view.seat)
    if shapes is None:
        return None
    rules = seat_view.rules
    melds = [(m.kind, m.first) for m in shapes]
    counts = hand_counts(seat_view.hand)

    def steps(hand: list[int]) -> int:
        return rules_shanten(hand, melds, rules)

    size = sum(counts) + 3 * len(shapes)
    if size == 13:
        best = steps(counts)
    elif size == 14:
        best = IMPOSSIBLE
        for kind in range(NUM_KINDS):
            if counts[kind]:
                counts[kind] -= 1
                best = min(best, steps(counts))
                counts[kind] += 1
    else:
        return None
    return None if best >= IMPOSSIBLE else best


def ready_blockers(seat_view: SeatView) -> tuple[str, ...]:
    """What stops a 13-tile hand (off its turn) from declaring 听 with its next discard (empty: nothing)."""
    shapes = meld_shapes(seat_view, seat_view.seat)
    counts = hand_counts(seat_view.hand)
    if shapes is None or sum(counts) + 3 * len(shapes) != 13:
        return ()
    return ting_report(counts, shapes, seat_view.rules).blockers


def ting_reports(seat_view: SeatView) -> dict[int, TingReport]:
    """For a 14-tile hand on its turn: each distinct discard kind and the 听 report of what is left."""
    shapes = meld_shapes(seat_view, seat_view.seat)
    if shapes is None or len(seat_view.hand) + 3 * len(shapes) != 14:
        return {}
    counts = hand_counts(seat_view.hand)
    out: dict[int, TingReport] = {}
    for kind in range(NUM_KINDS):
        if counts[kind]:
            counts[kind] -= 1
            out[kind] = ting_report(counts, shapes, seat_view.rules)
            counts[kind] += 1
    return out


def call_ting_preview(seat_view: SeatView, action: Chi | Peng) -> dict[int, TingReport]:
    """A 吃听/碰听 offered on the last discard, before it is made: each discard kind that declares 听
    after the call, with its 听 report (the waits) — what :func:`ting_reports` reads once it is made."""
    shapes = meld_shapes(seat_view, seat_view.seat)
    discard = seat_view.last_discard
    if shapes is None or discard is None:
        return {}
    own = [kind_of(t) for t in action.tiles]
    called = MeldShape("chi" if isinstance(action, Chi) else "peng", min([*own, kind_of(discard)]))
    counts = hand_counts(seat_view.hand)
    for kind in own:
        counts[kind] -= 1
    out: dict[int, TingReport] = {}
    for kind in range(NUM_KINDS):
        if counts[kind] > 0:
            counts[kind] -= 1
            report = ting_report(counts, (*shapes, called), seat_view.rules)
            counts[kind] += 1
            if report.may_declare:
                out[kind] = report
    return out


def winning_shape(seat_view: SeatView) -> WinShape | None:
    """The winning decomposition of the hand just won, read from the revealed hand, or None."""
    result = seat_view.result
    if not isinstance(result, HuEvent):
        return None
    shapes = meld_shapes(seat_view, result.seat)
    if shapes is None:
        return None
    counts = hand_counts(result.hand)
    drawn = kind_of(result.tile)
    if sum(counts) + 3 * len(shapes) == 14:  # a 冲宝 win (R29) leaves the 宝 outside the 13-tile hand
        if counts[drawn] == 0:
            return None
        counts[drawn] -= 1
    if sum(counts) + 3 * len(shapes) != 13:
        return None
    rules = seat_view.rules
    candidates = [drawn]
    if result.kind in ("mobao", "baozhongbao"):
        report = ting_report(counts, shapes, rules)
        waits: list[Wait] = sorted(report.waits, key=lambda w: (w.kind != drawn, not w.kadang))
        candidates = [w.kind for w in waits] or [drawn]
    for kind in candidates:
        reading: Reading | None = best_reading(counts, shapes, kind, rules)
        if reading is not None:
            sets = tuple((s.kind, s.kinds()) for s in reading.sets)
            return WinShape(result.seat, kind, reading.pair, sets)
    return None


def prepare_analysis(rules: RuleSet | None = None) -> None:
    """Ask hand analysis one question so that its tables (made on first use, a few hundred ms) exist
    before the table needs them; meant for a worker thread at the start of a match."""
    counts = hand_counts([0, 4, 8, 36, 40, 44, 72, 76, 80, 84, 88, 108, 109])  # 123m 123p 12345s 中中
    ting_report(counts, (), rules if rules is not None else RuleSet())


def marked_discard(seat: int | None, event: Event) -> int | None:
    """The seat whose newest discard the table marks after ``event``, given the one marked before it.

    A discard is marked until it is claimed (吃, 碰, 明杠, 胡), the hand is won or a new hand starts;
    draws and passes leave the mark where it is.
    """
    if isinstance(event, TileDiscarded):
        return event.seat
    if isinstance(event, ChiEvent | PengEvent | HuEvent | RoundStarted):
        return None
    if isinstance(event, GangEvent) and event.kind == "minggang":
        return None
    return seat


@dataclass(frozen=True)
class Marks:
    """Which seat the table shows with a fresh draw set apart, whose newest discard it marks, and which
    discards of the hand were thrown straight from the draw (摸切, greyed in the river as Tenhou does)."""

    drawn: int | None = None
    discard: int | None = None
    draw_tile: int | None = None
    """The tile id of the latest draw while its seat has not discarded, called or won since."""
    from_draw: frozenset[int] = frozenset()
    """Tile ids of this hand's discards that were the tile just drawn (摸切); the rest came from the hand."""


def next_marks(marks: Marks, event: Event) -> Marks:
    """The marks once ``event`` is shown: a draw sets its seat apart until the seat discards, calls, kongs
    or wins (a discard of that very tile is 摸切); a new hand clears them all."""
    drawn, draw_tile = marks.drawn, marks.draw_tile
    from_draw = frozenset() if isinstance(event, RoundStarted) else marks.from_draw
    if isinstance(event, TileDrawn):
        drawn, draw_tile = event.seat, event.tile
    elif isinstance(event, TileDiscarded | ChiEvent | PengEvent | GangEvent | HuEvent | RoundStarted):
        if isinstance(event, TileDiscarded) and event.tile == draw_tile:
            from_draw = from_draw | {event.tile}
        drawn, draw_tile = None, None
    return Marks(drawn, marked_discard(marks.discard, event), draw_tile, from_draw)


def marks_after(events: Sequence[Event], end: int | None = None) -> Marks:
    """The marks once the first ``end`` events (all by default) are shown (reads back to the hand's start),
    the same as showing them one by one."""
    stop = len(events) if end is None else end
    start = next((i for i in range(stop - 1, -1, -1) if isinstance(events[i], RoundStarted)), 0)
    marks = Marks()
    for i in range(start, stop):
        marks = next_marks(marks, events[i])
    return marks


def last_bao_swap(events: Sequence[Event], end: int | None = None) -> BaoReplaced | None:
    """The latest 换宝 of the hand the first ``end`` events (all by default) end in (public: the old 宝
    and how many copies were seen)."""
    for i in range((len(events) if end is None else end) - 1, -1, -1):
        event = events[i]
        if isinstance(event, RoundStarted):
            return None
        if isinstance(event, BaoReplaced):
            return event
    return None


__all__ = [
    "BaoPanel",
    "Marks",
    "WaitFigure",
    "WinShape",
    "bao_panel",
    "call_ting_preview",
    "hand_counts",
    "last_bao_swap",
    "marked_discard",
    "marks_after",
    "meld_shapes",
    "next_marks",
    "prepare_analysis",
    "ready_blockers",
    "steps_from_ready",
    "ting_reports",
    "unseen_counts",
    "unseen_total",
    "wait_figures",
    "winning_shape",
]
