"""Random hands and tables for drills: complete hands built from sets, and a table at a position.

Every random choice goes through :class:`Dice`, seeded by text (``"ting:7:3"``) and
using only ``random.random()``, the one call Python keeps the same across
versions, so a drill is the same wherever it is made again. Hands are physically
possible (at most four of a kind, counting groups on the table); a table built
by :func:`table_state` accounts for every one of the 112 tiles.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from ..core.analysis.ting import MeldShape, Wait, ting_report
from ..core.events import MatchStarted
from ..core.rules import RuleSet
from ..core.state import Meld, MeldKind, RiverTile, State, evolve, initial_state
from ..core.tiles import COPIES, NUM_KINDS, NUM_TILES, ZHONG, assign_ids

T = TypeVar("T")


class Dice:
    """A seeded source of choices (only ``random()`` underneath)."""

    def __init__(self, key: str) -> None:
        """Choices that follow ``key`` (e.g. ``"ting:7:3"``) and nothing else."""
        self._rng = random.Random(key)

    def below(self, n: int) -> int:
        """A whole number in 0..n-1."""
        return int(self._rng.random() * n)

    def pick(self, items: Sequence[T]) -> T:
        """One of the items."""
        return items[self.below(len(items))]

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return self._rng.random() < p

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """The items in a random order (Fisher–Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


@dataclass(frozen=True)
class Style:
    """How a random complete hand is built: suits, 幺九 and 红中 allowed, groups, runs versus triplets."""

    suits: tuple[int, ...] = (0, 1, 2)
    yaojiu: bool = True
    zhong: bool = True
    melds: tuple[int, ...] = (1, 1, 2, 2, 3)
    meld_kinds: tuple[str, ...] = ("chi", "chi", "peng", "peng", "gang", "angang")
    run_share: float = 0.6


@dataclass
class Built:
    """A complete 14-tile hand: concealed counts, groups on the table, and the concealed sets used."""

    counts: list[int]
    melds: tuple[MeldShape, ...]
    runs: list[int] = field(default_factory=list)
    triplets: list[int] = field(default_factory=list)
    pair: int = -1


def _kinds(style: Style) -> list[int]:
    ranks = range(9) if style.yaojiu else range(1, 8)
    out = [s * 9 + r for s in style.suits for r in ranks]
    return out + ([ZHONG] if style.zhong and style.yaojiu else [])


def _run_starts(style: Style) -> list[int]:
    ranks = range(7) if style.yaojiu else range(1, 6)
    return [s * 9 + r for s in style.suits for r in ranks]


def complete_hand(dice: Dice, style: Style) -> Built | None:
    """A random complete hand (four sets and a pair, groups counted as sets) in the style; None if stuck."""
    total = [0] * NUM_KINDS
    kinds = _kinds(style)
    starts = _run_starts(style)

    def take(needed: Sequence[int]) -> bool:
        for k in set(needed):
            if total[k] + needed.count(k) > COPIES:
                return False
        for k in needed:
            total[k] += 1
        return True

    melds: list[MeldShape] = []
    for _ in range(dice.pick(style.melds)):
        for _try in range(20):
            kind = dice.pick(style.meld_kinds)
            if kind == "chi":
                first = dice.pick(starts)
                if take([first, first + 1, first + 2]):
                    melds.append(MeldShape("chi", first))
                    break
            else:
                k = dice.pick(kinds)
                if take([k] * (3 if kind == "peng" else 4)):
                    melds.append(MeldShape(kind, k))  # type: ignore[arg-type]
                    break
    built = Built([0] * NUM_KINDS, tuple(melds))
    for _ in range(4 - len(melds)):
        for _try in range(30):
            if dice.chance(style.run_share):
                first = dice.pick(starts)
                if take([first, first + 1, first + 2]):
                    for k in (first, first + 1, first + 2):
                        built.counts[k] += 1
                    built.runs.append(first)
                    break
            else:
                k = dice.pick(kinds)
                if take([k] * 3):
                    built.counts[k] += 3
                    built.triplets.append(k)
                    break
        else:
            return None
    for _try in range(30):
        k = dice.pick(kinds)
        if take([k, k]):
            built.counts[k] += 2
            built.pair = k
            return built
    return None


def built_hands(dice: Dice, style: Style, tries: int = 200) -> Iterator[Built]:
    """Random complete hands in a style, one after another (at most ``tries`` attempts)."""
    for _ in range(tries):
        built = complete_hand(dice, style)
        if built is not None:
            yield built


def in_use(counts: Sequence[int], melds: Sequence[MeldShape]) -> list[int]:
    """How many of each kind the hand holds, groups on the table included."""
    out = list(counts)
    for m in melds:
        for k in m.kinds():
            out[k] += 1
    return out


def remove_one(dice: Dice, counts: list[int], prefer: Sequence[int] = ()) -> int:
    """Take one concealed tile out (one of ``prefer`` if held); returns its kind."""
    held = [k for k in prefer if counts[k]] or [k for k in range(NUM_KINDS) if counts[k]]
    kind = dice.pick(held)
    counts[kind] -= 1
    return kind


def add_random(dice: Dice, counts: list[int], melds: Sequence[MeldShape], kinds: Sequence[int]) -> int | None:
    """Put one more concealed tile in (a kind with a copy left); returns its kind or None."""
    used = in_use(counts, melds)
    free = [k for k in kinds if used[k] < COPIES]
    if not free:
        return None
    kind = dice.pick(free)
    counts[kind] += 1
    return kind


def ready_hand(dice: Dice, style: Style, rules: RuleSet, middle: bool = False) -> Built | None:
    """A 13-tile hand that may declare 听 (a complete hand less one tile; a run's middle if ``middle``)."""
    built = complete_hand(dice, style)
    if built is None:
        return None
    prefer = [first + 1 for first in built.runs] if middle else []
    remove_one(dice, built.counts, prefer)
    if not ting_report(built.counts, built.melds, rules).ting_allowed:
        return None
    return built


_MELD_KIND: Mapping[str, MeldKind] = MappingProxyType(
    {"chi": "chi", "peng": "peng", "gang": "minggang", "angang": "angang"}
)


def table_state(
    dice: Dice,
    rules: RuleSet,
    *,
    hands: Mapping[int, Sequence[int]],
    melds: Mapping[int, Sequence[MeldShape]] | None = None,
    rivers: Mapping[int, Sequence[int]] | None = None,
    ting: Sequence[int] = (),
    bao: int,
    tail: Sequence[int] = (),
    turn: int = 0,
    drawn: int | None = None,
) -> State:
    """A consistent table: the given tiles (kinds) where they are, the rest shuffled into hands and wall.

    ``hands`` may be partial (the rest is dealt at random); the seat to act holds 14 counting
    ``drawn``, which must be among its hand's kinds. ``tail`` is taken from the wall's end in order.
    ``ting`` seats must be able to declare 听 with the hand they hold.
    """
    taken: set[int] = set()
    hand_ids = {s: assign_ids(list(hands.get(s, ())), taken) for s in range(4)}
    meld_objs: dict[int, list[Meld]] = {s: [] for s in range(4)}
    for seat, shapes in (melds or {}).items():
        for shape in shapes:
            ids = tuple(sorted(assign_ids(list(shape.kinds()), taken)))
            kind = _MELD_KIND[shape.kind]
            claimed = None if kind == "angang" else ids[0]
            meld_objs[seat].append(Meld(kind, ids, claimed, None if kind == "angang" else (seat + 3) % 4))
    river_ids = {s: assign_ids(list((rivers or {}).get(s, ())), taken) for s in range(4)}
    bao_id = assign_ids([bao], taken)[0]
    tail_ids = assign_ids(list(tail), taken)
    rest = dice.shuffled([t for t in range(NUM_TILES) if t not in taken])
    for seat in range(4):
        size = 13 - 3 * len(meld_objs[seat]) + (1 if seat == turn else 0)
        while len(hand_ids[seat]) < size:
            hand_ids[seat].append(rest.pop())
        if len(hand_ids[seat]) != size:
            raise ValueError(f"seat {seat} holds {len(hand_ids[seat])} tiles, not {size}")
    out_of_wall = [t for s in range(4) for t in hand_ids[s]]
    out_of_wall += [t for s in range(4) for m in meld_objs[s] for t in m.tiles]
    out_of_wall += [t for s in range(4) for t in river_ids[s]]
    wall = (*out_of_wall, bao_id, *rest, *reversed(tail_ids))
    drawn_id = None
    if drawn is not None:
        drawn_id = next(t for t in hand_ids[turn] if t >> 2 == drawn)
    order = iter(range(NUM_TILES))
    state = initial_state(MatchStarted(0, rules.to_dict(), 1, 0))
    state = evolve(
        state,
        phase="discard",
        hand_no=0,
        dice=(1, 1, 1, 1),
        wall=wall,
        head=len(out_of_wall) + 1,
        tail=NUM_TILES,
        bao=bao_id,
        hands=tuple(tuple(sorted(hand_ids[s])) for s in range(4)),
        melds=tuple(tuple(meld_objs[s]) for s in range(4)),
        rivers=tuple(tuple(RiverTile(t, order=next(order)) for t in river_ids[s]) for s in range(4)),
        ting=tuple(s in ting for s in range(4)),
        turn=turn,
        drawn=drawn_id,
    )
    waits: list[tuple[Wait, ...]] = []
    for seat in range(4):
        if seat not in ting:
            waits.append(())
            continue
        counts = state.counts(seat)
        if seat == turn and drawn is not None:
            counts[drawn] -= 1
        report = ting_report(counts, state.meld_shapes(seat), rules)
        if not report.ting_allowed:
            raise ValueError(f"seat {seat} cannot be ready: {', '.join(report.blockers)}")
        waits.append(report.waits)
    return evolve(state, waits=tuple(waits))
