"""Readings of a complete hand: every way its concealed tiles split into sets and one pair.

A *reading* (a decomposition) lists the concealed sets — sequences (顺子) and
triplets (刻子) — and the pair (对子). Every legal-wait, 卡当 and winning-hand
question is answered from readings. Per suit, all readings of every
decomposable tile pattern are enumerated once (about 48,000 set combinations,
a fraction of a second) and looked up by the suit's base-5 count index; 红中
forms only a pair or a triplet.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ..tiles import ZHONG

SetKind = Literal["seq", "tri"]
POW5: tuple[int, ...] = tuple(5**r for r in range(9))
"""Weight of each rank (rank 1 first) in a suit's base-5 count index."""


@dataclass(frozen=True, slots=True)
class ConcealedSet:
    """One set inside a reading: a sequence starting at ``first``, or a triplet of ``first``."""

    kind: SetKind
    first: int

    def kinds(self) -> tuple[int, int, int]:
        """The three tile kinds of the set."""
        if self.kind == "seq":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first, self.first, self.first)


@dataclass(frozen=True, slots=True)
class Reading:
    """A decomposition of concealed tiles: the pair's kind (or None) and the sets."""

    pair: int | None
    sets: tuple[ConcealedSet, ...]

    @property
    def has_sequence(self) -> bool:
        """True if some concealed set is a sequence."""
        return any(s.kind == "seq" for s in self.sets)

    @property
    def has_triplet(self) -> bool:
        """True if some concealed set is a triplet."""
        return any(s.kind == "tri" for s in self.sets)


SuitReading = tuple[int, tuple[tuple[SetKind, int], ...]]
"""Within one suit: (pair rank 1-9 or 0, sets as (kind, first rank))."""


@functools.cache
def suit_readings() -> Mapping[int, tuple[SuitReading, ...]]:
    """Every decomposable one-suit pattern (by base-5 index) and all its readings."""
    set_shapes: list[tuple[SetKind, int, tuple[int, ...]]] = []
    for rank in range(1, 10):
        set_shapes.append(("tri", rank, (rank, rank, rank)))
    for rank in range(1, 8):
        set_shapes.append(("seq", rank, (rank, rank + 1, rank + 2)))
    table: dict[int, list[SuitReading]] = {}
    for n_sets in range(5):
        for combo in itertools.combinations_with_replacement(range(len(set_shapes)), n_sets):
            counts = [0] * 10
            for i in combo:
                for r in set_shapes[i][2]:
                    counts[r] += 1
            if max(counts) > 4:
                continue
            sets = tuple((set_shapes[i][0], set_shapes[i][1]) for i in combo)
            for pair in range(10):
                if pair:
                    if counts[pair] > 2:
                        continue
                    counts[pair] += 2
                index = sum(counts[r] * POW5[r - 1] for r in range(1, 10))
                table.setdefault(index, []).append((pair, sets))
                if pair:
                    counts[pair] -= 2
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def suit_index(counts: Sequence[int], suit: int) -> int:
    """Base-5 index of one suit's counts (rank 1 is the least significant digit)."""
    base = suit * 9
    return sum(counts[base + r] * POW5[r] for r in range(9))


def _zhong_readings(count: int) -> tuple[SuitReading, ...]:
    """Readings of the 红中 group: nothing, a pair or a triplet."""
    if count == 0:
        return ((0, ()),)
    if count == 2:
        return ((1, ()),)
    if count == 3:
        return ((0, (("tri", 1),)),)
    return ()


def readings(counts: Sequence[int]) -> list[Reading]:
    """All readings of concealed tiles as sets plus exactly one pair (3n+2 tiles), or [] if none."""
    if sum(counts) % 3 != 2:
        return []
    table = suit_readings()
    per_group: list[tuple[SuitReading, ...]] = []
    for suit in range(3):
        found = table.get(suit_index(counts, suit))
        if found is None:
            return []
        per_group.append(found)
    zhong = _zhong_readings(counts[ZHONG])
    if not zhong:
        return []
    per_group.append(zhong)
    out: list[Reading] = []
    for combo in itertools.product(*per_group):
        pairs = [g for g, (pair, _) in enumerate(combo) if pair]
        if len(pairs) != 1:
            continue
        g = pairs[0]
        pair_kind = ZHONG if g == 3 else g * 9 + combo[g][0] - 1
        sets: list[ConcealedSet] = []
        for group, (_, group_sets) in enumerate(combo):
            for kind, rank in group_sets:
                first = ZHONG if group == 3 else group * 9 + rank - 1
                sets.append(ConcealedSet(kind, first))
        out.append(Reading(pair_kind, tuple(sets)))
    return out


def is_complete_shape(counts: Sequence[int]) -> bool:
    """True if the concealed tiles split into sets plus one pair (no Harbin conditions)."""
    return bool(readings(counts))


def seven_pairs(counts: Sequence[int]) -> bool:
    """True for 14 concealed tiles forming seven different pairs (七对, a variant only)."""
    return sum(counts) == 14 and all(c in (0, 2) for c in counts)
