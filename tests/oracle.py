"""Brute-force shanten oracle: slow, written to be obviously right, independent of the tables.

Definition (the one ``game.core.analysis.shanten`` implements):
a *target* is a multiset of concealed tiles forming ``4 - melds`` sets and one
pair (sets: a triplet of any kind, or three consecutive ranks of one suit; 红中
makes no sequence), holding at most 4 copies of any kind. The *cost* of a
target is the number of its tiles the hand lacks: ``sum(max(0, target[k] -
counts[k]))``. Shanten = (cheapest cost over all targets) - 1. Harbin shanten
is the same minimum over the targets whose complete hand (target + declared
melds) meets the switched-on conditions, or ``IMPOSSIBLE``.

How the minimum is taken (pure Python, sharing nothing with the tables):

1. Every target splits into its part in each suit and its 红中 part, and its
   cost is the sum of the parts' costs (each kind lives in exactly one part).
2. :data:`SUIT_PARTS` lists every possible part of one suit, enumerated
   directly: every multiset of 0-4 of the 16 sets of a suit, plus no pair or one
   of the 9 pairs, keeping those with at most 4 copies of each rank. A part
   remembers its pairs, sets and flags (has a triplet / a sequence / a 1 or 9).
   The 红中 part is nothing, 中中 or 中中中.
3. For a hand, each suit's parts are priced by the cost formula, keeping the
   cheapest part for every (pairs, sets, flags) summary. Pricing all 22,351
   parts one by one (:func:`price_parts_directly`) is the definition but slow in
   pure Python, so :func:`suit_summary_costs` walks the nine ranks instead: at
   each rank a part adds 0-1 triplet, 0-1 pair and 0-4 new sequences, uses that
   rank's copies (its triplet, pair, and every sequence covering it, at most 4)
   and pays ``max(0, used - held)`` there. Each part is one path through the
   ranks and its cost is the sum along the path, so the cheapest path per
   summary is the cheapest part; a test checks the two agree.
4. Every combination of one summary per suit and one 红中 part is tried; the
   combination's pairs/sets must be 1/``4 - melds`` and, for Harbin, its flags
   and suits together with the melds' must meet the conditions.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

IMPOSSIBLE = 99
K, S, T = 1, 2, 4  # flags: has a triplet, has a sequence, has a 1/9/红中
NONE = 10**6


def _enumerate_suit_parts() -> tuple[tuple[tuple[int, ...], int, int, int], ...]:
    """Every part of one suit: (rank counts, pairs, sets, flags)."""
    sets: list[tuple[tuple[int, ...], int]] = []
    for r in range(9):
        sets.append(((r, r, r), K | (T if r in (0, 8) else 0)))
    for r in range(7):
        sets.append(((r, r + 1, r + 2), S | (T if r in (0, 6) else 0)))
    parts = set()
    for n_sets in range(5):
        for combo in itertools.combinations_with_replacement(range(16), n_sets):
            for pair in (None, *range(9)):
                counts = [0] * 9
                flags = 0
                for j in combo:
                    ranks, set_flags = sets[j]
                    for r in ranks:
                        counts[r] += 1
                    flags |= set_flags
                n_pairs = 0
                if pair is not None:
                    counts[pair] += 2
                    n_pairs = 1
                    if pair in (0, 8):
                        flags |= T
                if max(counts) <= 4:
                    parts.add((tuple(counts), n_pairs, n_sets, flags))
    return tuple(sorted(parts))


SUIT_PARTS = _enumerate_suit_parts()

State = tuple[int, int, int, int, int]  # (sequences from rank r-1, from r-2, pairs, sets, flags)


def price_parts_directly(suit_counts: Sequence[int]) -> tuple[int, ...]:
    """Cheapest cost per summary by pricing every part of :data:`SUIT_PARTS` (the definition; slow)."""
    best = [NONE] * 80
    for counts, pairs, n_sets, flags in SUIT_PARTS:
        cost = sum(max(0, want - have) for want, have in zip(counts, suit_counts, strict=True))
        index = (pairs * 5 + n_sets) * 8 + flags
        best[index] = min(best[index], cost)
    return tuple(best)


@functools.cache
def _rank_steps() -> tuple[dict[State, tuple[tuple[State, int], ...]], ...]:
    """Per rank: from each state, every (next state, copies of this rank used) a part may take."""
    steps = []
    states: set[State] = {(0, 0, 0, 0, 0)}
    for r in range(9):
        table: dict[State, tuple[tuple[State, int], ...]] = {}
        for x, y, pairs, n_sets, flags in states:
            moves = []
            for trip in (0, 1) if n_sets < 4 else (0,):
                for pair in (0, 1) if pairs == 0 else (0,):
                    for seq in range(5 - n_sets - trip if r <= 6 else 1):
                        used = x + y + seq + 3 * trip + 2 * pair
                        if used > 4:
                            break
                        f = flags
                        if trip:
                            f |= K | (T if r in (0, 8) else 0)
                        if pair and r in (0, 8):
                            f |= T
                        if seq:
                            f |= S | (T if r in (0, 6) else 0)
                        moves.append(((seq, x, pairs + pair, n_sets + trip + seq, f), used))
            table[x, y, pairs, n_sets, flags] = tuple(moves)
        steps.append(table)
        states = {nxt for moves in table.values() for nxt, _ in moves}
    return tuple(steps)


@functools.cache
def suit_summary_costs(suit_counts: tuple[int, ...]) -> tuple[int, ...]:
    """Cheapest cost of a part of this suit for each summary (pairs*5 + sets)*8 + flags; NONE if no part."""
    costs: dict[State, int] = {(0, 0, 0, 0, 0): 0}
    for have, table in zip(suit_counts, _rank_steps(), strict=True):
        after: dict[State, int] = {}
        for state, cost in costs.items():
            for nxt, used in table[state]:
                total = cost + (used - have if used > have else 0)
                if total < after.get(nxt, NONE):
                    after[nxt] = total
        costs = after
    best = [NONE] * 80
    for (_, _, pairs, n_sets, flags), cost in costs.items():
        index = (pairs * 5 + n_sets) * 8 + flags
        best[index] = min(best[index], cost)
    return tuple(best)


def _meld_facts(melds: Sequence[tuple[str, int]]) -> tuple[int, set[int]]:
    """Flags the melds give and the suits they use."""
    flags = 0
    suits: set[int] = set()
    for kind, first in melds:
        if kind == "chi":
            flags |= S
            if first % 9 in (0, 6):  # 123 or 789
                flags |= T
            suits.add(first // 9)
        else:
            flags |= K
            if first == 27 or first % 9 in (0, 8):
                flags |= T
            if first != 27:
                suits.add(first // 9)
    return flags, suits


def oracle(
    counts: Sequence[int],
    melds: Sequence[tuple[str, int]] = (),
    *,
    need_sequence: bool = True,
    need_triplet: bool = True,
    zhong_pair_is_triplet: bool = True,
    need_yaojiu: bool = True,
    need_two_suits: bool = True,
) -> tuple[int, int]:
    """(shape shanten, Harbin shanten) of a hand by exhaustive search."""
    n_sets = 4 - len(melds)
    meld_flags, meld_suits = _meld_facts(melds)
    required = (S if need_sequence else 0) | (K if need_triplet else 0) | (T if need_yaojiu else 0)
    zhong = counts[27]
    # The 红中 part: (pairs, sets, flags, cost).
    zhong_parts = [
        (0, 0, 0, 0),
        (1, 0, T | (K if zhong_pair_is_triplet else 0), max(0, 2 - zhong)),
        (0, 1, K | T, max(0, 3 - zhong)),
    ]
    # Per suit and (pairs, sets): the (flags, cost) choices worth trying. A choice is left out only
    # when another one of the same suit and (pairs, sets) has every flag it has at no higher cost.
    per_suit = []
    for suit in range(3):
        table = suit_summary_costs(tuple(counts[9 * suit : 9 * suit + 9]))
        choices: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for p in range(2):
            for s in range(5):
                found = [
                    (f, table[(p * 5 + s) * 8 + f]) for f in range(8) if table[(p * 5 + s) * 8 + f] < NONE
                ]
                choices[p, s] = [
                    (f, c)
                    for f, c in found
                    if not any(g | f == g and d <= c and (g, d) != (f, c) for g, d in found)
                ]
        per_suit.append(choices)
    best_shape = best_harbin = NONE
    for zp, zs, zf, zc in zhong_parts:
        for mp, pp in itertools.product(range(2), repeat=2):
            sp = 1 - zp - mp - pp
            if sp not in (0, 1):
                continue
            for ms in range(n_sets - zs + 1):
                for ps in range(n_sets - zs - ms + 1):
                    ss = n_sets - zs - ms - ps
                    for mf, mc in per_suit[0][mp, ms]:
                        for pf, pc in per_suit[1][pp, ps]:
                            for sf, sc in per_suit[2][sp, ss]:
                                cost = zc + mc + pc + sc
                                best_shape = min(best_shape, cost)
                                if cost >= best_harbin:
                                    continue
                                flags = zf | mf | pf | sf | meld_flags
                                suits = set(meld_suits)
                                suits.update(
                                    i for i, (p, s) in enumerate(((mp, ms), (pp, ps), (sp, ss))) if p or s
                                )
                                if flags & required != required:
                                    continue
                                if need_two_suits and len(suits) < 2:
                                    continue
                                best_harbin = cost
    harbin = best_harbin - 1 if best_harbin < NONE else IMPOSSIBLE
    return best_shape - 1, harbin


# --------------------------------------------------------------------------- random hands for the checks

MELD_KINDS = ("chi", "peng", "gang", "angang")
SWITCHES = ("need_sequence", "need_triplet", "zhong_pair_is_triplet", "need_yaojiu", "need_two_suits")


def _take_meld(rng: random.Random, wall: list[int]) -> tuple[str, int]:
    """A random meld whose tiles are still in ``wall`` (a list of kinds), removed from it."""
    while True:
        kind = rng.choice(MELD_KINDS)
        if kind == "chi":
            first = rng.randrange(3) * 9 + rng.randrange(7)
            needed = [first, first + 1, first + 2]
        else:
            first = rng.randrange(28)
            needed = [first] * (3 if kind == "peng" else 4)
        if all(wall.count(k) >= needed.count(k) for k in set(needed)):
            for k in needed:
                wall.remove(k)
            return kind, first


def random_situation(rng: random.Random, style: str = "uniform") -> tuple[list[int], list[tuple[str, int]]]:
    """Concealed counts and melds: 0-4 melds, 3n+1 or 3n+2 concealed tiles, every copy limit respected.

    ``style``: ``uniform`` draws concealed tiles from the rest of the 112-tile set;
    ``clumped`` draws them from a few kinds (many pairs, triplets and 4-copy kinds);
    ``four`` puts 4 copies of one kind in the hand first.
    """
    wall = [k for k in range(28) for _ in range(4)]
    melds = [_take_meld(rng, wall) for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4)))]
    size = 3 * (4 - len(melds)) + rng.choice((1, 2))
    counts = [0] * 28
    if style == "four":
        kind = rng.choice([k for k in range(28) if wall.count(k) == 4])
        if size >= 4:
            counts[kind] = 4
            for _ in range(4):
                wall.remove(kind)
            size -= 4
    if style == "clumped":
        pool = [k for k in rng.sample(range(28), rng.randint(3, 7)) for _ in range(wall.count(k))]
        picks = rng.sample(pool, min(size, len(pool)))
        size -= len(picks)
        for k in picks:
            counts[k] += 1
            wall.remove(k)
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts, melds


def random_switches(rng: random.Random) -> dict[str, bool]:
    """All Harbin conditions on half the time, otherwise each switch at random."""
    if rng.random() < 0.5:
        return {}
    return {name: rng.random() < 0.5 for name in SWITCHES}
