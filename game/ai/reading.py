"""Reading a ready seat's waits: a distribution over the wait shapes it may hold, from what this seat sees.

A ready (听) seat waits on one or two kinds. Every shape it could be waiting with — a 两面
(two-sided) pair of neighbours, a 边张 (edge) 12 or 89, a 卡当 (middle) gap, one pair of a 对倒
(two pairs) or a 单吊 (single tile) — is a *pattern*: the tiles it holds and the kinds it waits
on. Each pattern's weight is the number of ways this seat's unseen copies allow it, times a
log-linear factor (:class:`ReadingWeights`) for what the table shows:

* the kinds passed after its 听 (sure-safe: a pattern waiting on one is impossible) and the
  ones the turn order or the rules only make likely safe;
* its own discards before the 听 — the waits and the held tiles among them, the ones near a
  wait, the last tiles it cut before declaring, and how many of them were in the pattern's suit;
* the 听 discard itself and how near it lies to the waits;
* the Harbin conditions its hand must meet with the melds it shows: without a 碰/杠 the hidden
  hand needs a 刻 (or the 对倒 wait makes one), without a 吃 a 顺 (or the wait makes one), without a
  幺九 in the melds a 1, 9 or 红中 among the hidden tiles;
* how late it declared and how many tiles it hides.

The chance that a kind is one of its waits is the weight of the patterns waiting on it over the
weight of all patterns, times the mean number of waits; the chance that a win on the kind is 卡当
is the share of 卡当 patterns among those waiting on it. The factors were fitted on self-play logs
(tuning seeds, ``tools/fit_wait_reading.py``); ``docs/ai.md`` gives the fit and its test.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.rules import RuleSet
from ..core.tiles import NUM_KINDS, ZHONG, is_yaojiu
from .situation import Opponent

FEATURES: tuple[str, ...] = (
    "ryanmen", "penchan", "kanchan", "shanpon", "tanki", "zhong", "log_count",
    "wait_yaojiu", "wait_28", "likely", "river_wait", "river_held",
    "ting_same", "ting_near1", "ting_near2", "ting_suji", "ting_held",
    "pre_near", "pre_suji", "last_near", "suit_pre", "meld_suit",
    "lack_yaojiu", "lack_kezi", "lack_shunzi", "lack_yaojiu_small", "lack_kezi_small", "lack_shunzi_small",
    "tanki_hidden", "shanpon_hidden", "kanchan_turn", "wait_live",
)  # fmt: skip
"""The features of an entry (a pattern and one of its waits), in the order of :attr:`ReadingWeights.theta`.

``lack_*``: the melds do not give the hand that Harbin condition (幺九, 刻 or 中中, 顺) and the pattern
won on this wait does not either, so the rest of the hidden hand must; ``*_small``: the same with only
four hidden tiles (the rest is just the pair)."""

KINDS = ("ryanmen", "penchan", "kanchan", "shanpon", "tanki")
"""Pattern kinds: 两面, 边张, 卡当, one pair of a 对倒, 单吊."""


@dataclass(frozen=True, slots=True)
class ReadingWeights:
    """The fitted factors of the wait reading (log weights per feature) and the mean number of waits."""

    theta: tuple[float, ...]
    waits: float
    """Mean number of wait kinds of a ready hand (scales the shares into chances)."""
    cap: float = 0.9
    """Largest chance given to one kind."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One way a ready hand could be waiting on one kind: the pattern (its kind, the kinds it holds),
    the wait, and the features."""

    kind: str
    held: tuple[int, ...]
    wait: int
    features: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """What this seat reads of one ready opponent."""

    seat: int
    rel: int
    wait: tuple[float, ...]
    """Per kind: the chance that it is one of the opponent's waits."""
    kadang: tuple[float, ...]
    """Per kind: the chance that a win on it would be 卡当."""
    likely: tuple[int, ...]
    """The kinds it most likely waits on (at most two, the likeliest first)."""
    ting_kind: int
    """The kind it declared 听 with (-1: unknown)."""
    cut: int
    """The last kind it discarded before the 听 discard (-1: none)."""


def _suit_of(k: int) -> int:
    return k // 9 if k < ZHONG else 3


def _gap(a: int, b: int) -> int:
    """Rank distance of two kinds of the same suit (99 across suits or with 红中)."""
    if a >= ZHONG or b >= ZHONG or a // 9 != b // 9:
        return 99
    return abs(a - b)


def entries(opp: Opponent, unseen: Sequence[int]) -> list[Entry]:
    """Every (pattern, wait) the opponent could be waiting with, given this seat's unseen copies.

    A pattern waiting on a kind passed after its 听 (sure-safe) is left out, and so is one whose held
    tiles this seat can see all copies of.
    """
    u = unseen
    certain = opp.certain
    pre = opp.river_order
    pre_set = opp.river
    last = pre[-2:]
    tk = opp.ting_kind
    meld_suits = {_suit_of(m.first) for m in opp.melds}
    need_k = not any(m.kind in ("peng", "gang", "angang") for m in opp.melds)
    need_s = not any(m.kind == "chi" for m in opp.melds)
    need_t = not any(is_yaojiu(k) for m in opp.melds for k in m.kinds())
    small = 1.0 if opp.concealed <= 4 else 0.0
    suit_pre = [0.0, 0.0, 0.0, 0.0]
    for p in pre:
        suit_pre[_suit_of(p)] += 1.0
    n_pre = max(1, len(pre))
    hidden = opp.concealed / 10.0
    turn = opp.ting_turn / 10.0
    # per kind, once: a pre-听 discard near it, on its 筋, among the last two cut; its gap to the 听 tile
    near_k = [any(0 < _gap(p, w) <= 2 for p in pre_set) for w in range(NUM_KINDS)]
    suji_k = [any(_gap(p, w) == 3 for p in pre_set) for w in range(NUM_KINDS)]
    late_k = [any(0 < _gap(p, w) <= 2 for p in last) for w in range(NUM_KINDS)]
    gap_k = [_gap(tk, w) if tk >= 0 else 99 for w in range(NUM_KINDS)]
    live_k = [math.log1p(c) for c in u]
    likely = opp.likely
    out: list[Entry] = []

    def add(kind: str, held: tuple[int, ...], waits: tuple[int, ...], count: float) -> None:
        if count <= 0 or any(w in certain for w in waits):
            return
        t = KINDS.index(kind)
        suit = _suit_of(waits[0])
        f = [0.0] * len(FEATURES)
        for w in waits:  # the features summed over the waits
            r = w % 9 if w < ZHONG else -1
            f[7] += r in (0, 8)
            f[8] += r in (1, 7)
            f[9] += w in likely
            f[10] += w in pre_set
            f[17] += near_k[w]
            f[18] += suji_k[w]
            f[19] += late_k[w]
            f[31] += live_k[w] / len(waits)
        ting_gap = min(gap_k[w] for w in waits)
        f[t] = 1.0
        f[5] = 1.0 if waits[0] == ZHONG else 0.0
        f[6] = math.log(count)
        f[11] = sum(1.0 for h in set(held) if h not in waits and h in pre_set)
        f[12] = 1.0 if tk in waits else 0.0
        f[13] = 1.0 if ting_gap == 1 else 0.0
        f[14] = 1.0 if ting_gap == 2 else 0.0
        f[15] = 1.0 if ting_gap == 3 else 0.0
        f[16] = 1.0 if tk in held and tk not in waits else 0.0
        f[20] = suit_pre[suit] / n_pre
        f[21] = 1.0 if suit in meld_suits else 0.0
        f[28] = hidden if kind == "tanki" else 0.0
        f[29] = hidden if kind == "shanpon" else 0.0
        f[30] = turn if kind == "kanchan" else 0.0
        held_yaojiu = any(is_yaojiu(h) for h in held)
        lack_k = need_k and kind != "shanpon"
        lack_s = need_s and t > 2
        f[23], f[24], f[26], f[27] = float(lack_k), float(lack_s), lack_k * small, lack_s * small
        for w in waits:
            lack_t = need_t and not held_yaojiu and not is_yaojiu(w)
            f[22], f[25] = float(lack_t), lack_t * small
            out.append(Entry(kind, held, w, tuple(f)))

    for base in (0, 9, 18):
        for r in range(9):
            a = base + r
            if 1 <= r <= 6:
                add("ryanmen", (a, a + 1), (a - 1, a + 2), u[a] * u[a + 1])
            if r == 0:
                add("penchan", (a, a + 1), (a + 2,), u[a] * u[a + 1])
            if r == 7:
                add("penchan", (a, a + 1), (a - 1,), u[a] * u[a + 1])
            if r <= 6:
                add("kanchan", (a, a + 2), (a + 1,), u[a] * u[a + 2])
    for k in range(NUM_KINDS):
        c = u[k]
        add("shanpon", (k, k), (k,), c * (c - 1) / 2)
        add("tanki", (k,), (k,), c)
    return out


def read_waits(opp: Opponent, unseen: Sequence[int], rules: RuleSet, weights: ReadingWeights) -> Reading:
    """The distribution of one ready opponent's waits as this seat reads it (see the module docstring)."""
    theta = weights.theta
    mass = [0.0] * NUM_KINDS
    kad = [0.0] * NUM_KINDS
    total = 0.0
    kadang_kinds = {"kanchan"}
    if rules.kadang_edge_3_7:
        kadang_kinds.add("penchan")
    if rules.kadang_dandiao:
        kadang_kinds.add("tanki")
    for e in entries(opp, unseen):
        x = 0.0
        for th, f in zip(theta, e.features, strict=True):
            if f:
                x += th * f
        w = math.exp(min(x, 50.0))
        total += w
        mass[e.wait] += w
        if e.kind in kadang_kinds:
            kad[e.wait] += w
    wait = [0.0] * NUM_KINDS
    kadang = [0.0] * NUM_KINDS
    if total > 0:
        scale = weights.waits / total
        for k in range(NUM_KINDS):
            if mass[k]:
                wait[k] = min(weights.cap, mass[k] * scale)
                kadang[k] = kad[k] / mass[k]
    order = sorted((k for k in range(NUM_KINDS) if wait[k] > 0), key=lambda k: -wait[k])
    return Reading(
        opp.seat, opp.rel, tuple(wait), tuple(kadang), tuple(order[:2]), opp.ting_kind,
        opp.river_order[-1] if opp.river_order else -1,
    )  # fmt: skip


UNFITTED = ReadingWeights(
    theta=(0.0, -0.5, 0.2, -1.0, -1.4, 0.0, 1.0, 0.0, 0.0, -4.0, -4.0, -0.5,
           -4.0, 0.2, -0.1, -0.3, 0.0, -0.6, -0.3, 0.0, -0.2, -0.3,
           -1.0, -1.0, -1.0, -1.0, -1.0, -4.0, 0.0, 0.0, 0.0, 0.0),
    waits=1.5,
)  # fmt: skip
"""A hand-set starting point for the fit (roughly the shape-count model's priors)."""

READING = ReadingWeights(
    theta=(0.186, 0.406, 0.029, -0.002, -0.658, 0.497, 0.703, 0.037, 0.075, -4.0, -2.5, -1.945, -3.598, 0.14,
           0.28, 0.023, 0.207, -0.19, -0.073, 0.077, 0.011, -0.284, -0.484, -3.126, -0.101, -1.167, -0.117,
           0.83, -0.394, -1.63, -0.28, 0.495),
    waits=1.45,
)  # fmt: skip
"""The reading Expert uses: fitted on 27,952 samples of self-play (tuning seeds 0-1,499 with four
``expert-v1`` players, 2,000-2,749 with a mixed table); ``likely`` is held at its hand-set value (no
sample under the standard rules has a likely-safe kind). On held-out seeds its per-kind AUC is 0.746
(the fitted per-kind model of ``expert-v1``: 0.710, the shape count: 0.687)."""
