"""Shanten (向听) by table lookup: how many tiles a hand is from the 4-sets-and-a-pair shape.

*Shape shanten* counts the fewest tiles a hand must still acquire — each one
replacing a tile of the hand — until its concealed tiles hold ``4 - melds``
sets and one pair, minus one: -1 is a complete hand, 0 is ready (听牌). Sets
are triplets (红中 included) and sequences of one suit; seven pairs and thirteen
orphans do not exist in Harbin. A target never needs a fifth copy of a kind:
the 4-copy limit is counted over the concealed tiles (declared melds are not
looked at). Any concealed tile count works (14, 13, 11, 10, ... 2, 1).

*Harbin shanten* is the same distance to a complete hand that also meets the
Harbin conditions, each switchable: a sequence, a triplet (or a 中中 pair), a
1/9/红中, and tiles of two suits — declared melds included. It is
:data:`IMPOSSIBLE` when no complete hand can meet them.

A suit's counts are kept as one base-5 number, its *suit index*
(``sum(count[rank] * POW5[rank - 1])``), so a caller that adds or removes a
tile of rank ``r`` only adds or subtracts ``POW5[r - 1]`` and asks
:func:`shape_shanten_idx` or :func:`harbin_shanten_idx` — a few table lookups.
The tables come from ``tools/build_tables.py`` via :mod:`.suit_tables`.

How a query works. Each suit index maps to a *class*: the suit's deficit for
every (pairs 0-1, sets 0-4[, conditions it can supply]). Two classes map to
the class of the two suits together; for the plain shape a final table then
takes (two-suit class, third class, 红中 count, melds) straight to the shanten.
For Harbin the last step is a min-plus over every way to split the sets, the
pair and the conditions between the two suits and the third suit with 红中:
both sides are stored as 80 byte-cells of one integer, laid out so that cell
``i`` of one plus cell ``i`` of the other is one split. One integer addition
adds all 80 splits, and ``(sum + _AT_MOST[t]) & _LANE_HIGH`` asks "is any split
at most ``t``?" from the plain shape's deficit (a lower bound, usually the
answer) upwards. Melds or switches that already meet a condition are dropped
from the two-suit side with a shift and two masks per condition.

The fast functions trust their input: counts 0-4, at most 14 concealed tiles,
suit indices in range, 0-4 melds. :func:`harbin_shanten` checks its arguments.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..rules import RuleSet
from ..tiles import ZHONG
from .suit_tables import TableDataError, harbin_tables, shape_tables

POW5: tuple[int, ...] = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)
"""Weight of each rank in a suit index: ``POW5[rank - 1]`` (rank 1 is the least significant digit)."""

IMPOSSIBLE = 99
"""Harbin shanten of a hand that can never become a legal complete hand (e.g. its melds forbid it)."""

MELD_KINDS = ("chi", "peng", "gang", "angang")
_K, _S, _T = 1, 2, 4  # flag bits: a triplet, a sequence, a 1/9/红中
_FULL = _K | _S | _T

_SHAPE = shape_tables()
if _SHAPE.n_classes != 126:  # the lookup expressions below hard-code the class count
    raise TableDataError(f"shape tables have {_SHAPE.n_classes} suit classes, this code expects 126")
_VID: bytes = _SHAPE.vid
_PAIR: tuple[int, ...] = tuple(map(tuple(range(0, 256 * 126 * 25, 126 * 25)).__getitem__, _SHAPE.pair))
"""Two-suit class of class pair ``a * 126 + b``, as its offset in :data:`_FINAL`."""
_FINAL: tuple[int, ...] = tuple(_SHAPE.final)
"""Shape shanten at ``two_suit_offset + third * 25 + zhong * 5 + melds``."""
_NEED2 = (2, 1, 0, 0, 0)
_NEED3 = (3, 2, 1, 0, 0)


def suit_index(counts: Sequence[int], suit: int) -> int:
    """Base-5 index of one suit's counts (suit 0 万, 1 饼, 2 条)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[9 * suit : 9 * suit + 9]
    return c0 + 5 * c1 + 25 * c2 + 125 * c3 + 625 * c4 + 3125 * c5 + 15625 * c6 + 78125 * c7 + 390625 * c8


def suit_indices(counts: Sequence[int]) -> tuple[int, int, int]:
    """Base-5 indices of the 万, 饼 and 条 counts of a 28-count hand."""
    (
        a0, a1, a2, a3, a4, a5, a6, a7, a8,
        b0, b1, b2, b3, b4, b5, b6, b7, b8,
        c0, c1, c2, c3, c4, c5, c6, c7, c8, _,
    ) = counts  # fmt: skip
    return (
        a0 + 5 * a1 + 25 * a2 + 125 * a3 + 625 * a4 + 3125 * a5 + 15625 * a6 + 78125 * a7 + 390625 * a8,
        b0 + 5 * b1 + 25 * b2 + 125 * b3 + 625 * b4 + 3125 * b5 + 15625 * b6 + 78125 * b7 + 390625 * b8,
        c0 + 5 * c1 + 25 * c2 + 125 * c3 + 625 * c4 + 3125 * c5 + 15625 * c6 + 78125 * c7 + 390625 * c8,
    )


def shape_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shape shanten of the concealed counts (28 entries, each 0-4, unchecked) with ``melds`` declared."""
    (
        a0, a1, a2, a3, a4, a5, a6, a7, a8,
        b0, b1, b2, b3, b4, b5, b6, b7, b8,
        c0, c1, c2, c3, c4, c5, c6, c7, c8, z,
    ) = counts  # fmt: skip
    im = a0 + 5 * a1 + 25 * a2 + 125 * a3 + 625 * a4 + 3125 * a5 + 15625 * a6 + 78125 * a7 + 390625 * a8
    ip = b0 + 5 * b1 + 25 * b2 + 125 * b3 + 625 * b4 + 3125 * b5 + 15625 * b6 + 78125 * b7 + 390625 * b8
    is_ = c0 + 5 * c1 + 25 * c2 + 125 * c3 + 625 * c4 + 3125 * c5 + 15625 * c6 + 78125 * c7 + 390625 * c8
    v = _VID
    return _FINAL[_PAIR[v[im] * 126 + v[ip]] + v[is_] * 25 + z * 5 + melds]


def shape_shanten_idx(im: int, ip: int, is_: int, zhong: int, melds: int) -> int:
    """Shape shanten from the three suit indices, the 红中 count and the number of declared melds."""
    v = _VID
    return _FINAL[_PAIR[v[im] * 126 + v[ip]] + v[is_] * 25 + zhong * 5 + melds]


def _draws_below(counts: Sequence[int], melds: int, below: int | None) -> tuple[int, list[int]]:
    """Shape shanten of the hand and the kinds whose draw gives a shape shanten under ``below``.

    ``below=None`` means under the hand's own shanten.
    """
    v, pair, final = _VID, _PAIR, _FINAL
    im, ip, is_ = suit_indices(counts)
    z = counts[ZHONG]
    cm, cp, cs = v[im], v[ip], v[is_]
    tail = z * 5 + melds
    ps = pair[cm * 126 + cp] + tail
    now = final[ps + cs * 25]
    if below is None:
        below = now
    out: list[int] = []
    cs25 = cs * 25 + tail
    for r in range(9):
        if counts[r] < 4 and final[pair[v[im + POW5[r]] * 126 + cp] + cs25] < below:
            out.append(r)
    cm126 = cm * 126
    for r in range(9):
        if counts[9 + r] < 4 and final[pair[cm126 + v[ip + POW5[r]]] + cs25] < below:
            out.append(9 + r)
    for r in range(9):
        if counts[18 + r] < 4 and final[ps + v[is_ + POW5[r]] * 25] < below:
            out.append(18 + r)
    if z < 4 and final[ps + cs * 25 + 5] < below:
        out.append(ZHONG)
    return now, out


def shape_ukeire(counts: Sequence[int], melds: int = 0) -> tuple[int, tuple[int, ...]]:
    """Shape shanten of a 3n+1 hand and the kinds whose draw would lower it (有效牌, "ukeire kinds")."""
    now, kinds = _draws_below(counts, melds, None)
    return now, tuple(kinds)


# --------------------------------------------------------------------------- Harbin


class HarbinContext(NamedTuple):
    """Everything about a hand except its concealed tiles, precomputed for :func:`harbin_shanten_idx`.

    Get one from :func:`rules_context` (a RuleSet's conditions) or :func:`harbin_context` (each
    condition by hand); it is immutable and cached per distinct
    situation (number of melds, what the melds already satisfy, the switches).
    The first fields are the situation, the rest are the tables, held here so
    that a query unpacks everything it needs in one step.
    """

    arrange: int
    """Which suit is combined last: 0 = 条 (after 万+饼), 1 = 饼 (after 万+条), 2 = 万 (after 饼+条)."""
    w_sel: int
    """Two-suit block used when the last suit holds part of the hand: at least this many suits used."""
    x_shift: int
    """Bits to shift the last suit's vector so that its cells meet the two-suit cells they add up with."""
    x_fill: int
    """"Impossible" for the cells the shift empties."""
    project: tuple[tuple[int, int, int], ...]
    """Per condition already met (or switched off): (keep mask, moved mask, shift) to drop it from W."""
    zpt: int
    """1 if a 中中 pair counts as a triplet."""
    w_empty: int
    """Two-suit block used when the last suit is empty (at least this many suits used)."""
    z_none: int
    z_pair: int
    z_triplet: int
    """Cells of that block for 红中 unused / as the pair / as a triplet (-1: not possible)."""
    melds: int
    """Number of declared melds (the concealed tiles form ``4 - melds`` sets and a pair)."""
    hvid: memoryview
    rowlen: tuple[int, ...]
    rowstart: tuple[int, ...]
    pair: memoryview
    w_idx: memoryview
    w_blocks: bytes
    w_int: tuple[int, ...]
    x_idx: memoryview
    x_int: tuple[int, ...]
    shape_pair: tuple[int, ...]
    """Offset in the shape final table of each two-suit class (for the lower bound)."""
    shape_third: tuple[int, ...]
    """Offset in the shape final table of each suit class as the third suit."""


@functools.cache
def _shape_links() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shape final-table offsets of the Harbin two-suit and suit classes."""
    t = harbin_tables()
    return tuple(c * 126 * 25 for c in t.w_shape), tuple(c * 25 for c in t.shape_of)


_CELLS = 80
_LANE_HIGH = int.from_bytes(b"\x80" * _CELLS, "little")
_NO_WAY = 63
"""Table value (and lane threshold) meaning "impossible"; see ``tools/build_tables.py``."""
_AT_MOST = tuple(int.from_bytes(bytes([127 - t]) * _CELLS, "little") for t in range(_NO_WAY))
"""``_AT_MOST[t]`` added to a vector sets a cell's high bit exactly when the cell is above ``t``."""


def _lanes(cells: Iterable[int], value: int = 0xFF) -> int:
    """An 80-cell integer holding ``value`` in the given cells and 0 elsewhere."""
    chosen = set(cells)
    return int.from_bytes(bytes(value if j in chosen else 0 for j in range(_CELLS)), "little")


def _meld_summary(melds: Sequence[tuple[str, int]]) -> tuple[int, int, int]:
    """(number of melds, condition flags they satisfy, bit mask of the suits they use); checks each meld."""
    flags = suits = 0
    for meld in melds:
        kind, first = meld[0], meld[1]
        if kind == "chi":
            if not (0 <= first < ZHONG and first % 9 <= 6):
                raise ValueError(f"chi meld must start at rank 1-7 of a suit, got kind {first}")
            flags |= _S | (_T if first % 9 in (0, 6) else 0)
            suits |= 1 << (first // 9)
        elif kind in ("peng", "gang", "angang"):
            if not 0 <= first <= ZHONG:
                raise ValueError(f"{kind} meld of unknown kind {first}")
            flags |= _K | (_T if first == ZHONG or first % 9 in (0, 8) else 0)
            if first < ZHONG:
                suits |= 1 << (first // 9)
        else:
            raise ValueError(f"unknown meld kind {kind!r}; expected one of {', '.join(MELD_KINDS)}")
    if len(melds) > 4:
        raise ValueError(f"{len(melds)} melds declared; a hand has at most 4")
    return len(melds), flags, suits


@functools.cache
def _context(
    n_melds: int, required: int, meld_suits: int, two_suits: bool, zhong_pair_is_triplet: bool
) -> HarbinContext:
    """The context for ``required`` flags still to be met by the concealed tiles."""
    sets = 4 - n_melds
    n_suits = bin(meld_suits).count("1")
    if not two_suits or n_suits >= 2:
        u_used = u_unused = 0
        arrange = 0
    elif n_suits == 1:
        u_used = u_unused = 1  # one of the two other suits must show up
        arrange = {1: 2, 2: 1, 4: 0}[meld_suits]
    else:
        u_used, u_unused = 1, 2
        arrange = 0
    r = required
    zpt = 1 if zhong_pair_is_triplet else 0
    zpair_flags = _T | (_K if zpt else 0)
    project = tuple(
        (_lanes(j for j in range(_CELLS) if not j & f), _lanes(j for j in range(_CELLS) if j & f), 8 * f)
        for f in (_K, _S, _T)
        if not r & f
    )
    t = harbin_tables()
    shape_pair, shape_third = _shape_links()
    return HarbinContext(
        arrange=arrange,
        w_sel=u_used,
        x_shift=(4 - sets) * 16 * 8,
        x_fill=_lanes(range((sets + 1) * 16, _CELLS), _NO_WAY),
        project=project,
        zpt=zpt,
        w_empty=u_unused,
        z_none=sets * 16 + 8 + r,
        z_pair=sets * 16 + (r & ~zpair_flags),
        z_triplet=(sets - 1) * 16 + 8 + (r & ~(_K | _T)) if sets >= 1 else -1,
        melds=n_melds,
        hvid=t.hvid,
        rowlen=t.rowlen,
        rowstart=t.rowstart,
        pair=t.pair,
        w_idx=t.w_idx,
        w_blocks=t.w_blocks,
        w_int=t.w_int,
        x_idx=t.x_idx,
        x_int=t.x_int,
        shape_pair=shape_pair,
        shape_third=shape_third,
    )


def harbin_context(
    melds: Sequence[tuple[str, int]] = (),
    *,
    need_sequence: bool = True,
    need_triplet: bool = True,
    zhong_pair_is_triplet: bool = True,
    need_yaojiu: bool = True,
    need_two_suits: bool = True,
) -> HarbinContext:
    """The cached :class:`HarbinContext` of the declared melds ``(kind, first)`` and the switches."""
    n, flags, suits = _meld_summary(melds)
    required = (_S if need_sequence else 0) | (_K if need_triplet else 0) | (_T if need_yaojiu else 0)
    return _context(n, required & ~flags, suits, need_two_suits, zhong_pair_is_triplet)


def rules_context(
    melds: Sequence[tuple[str, int]], rules: RuleSet, relax: str = ""
) -> HarbinContext:
    """The context of declared melds ``(kind, first)`` under a RuleSet: the one place the hand conditions
    are read from the rules (对对胡 drops the sequence, 清一色 the two suits, 中中 as a triplet);
    ``relax`` switches one more condition off (``yaojiu``, ``kezi``, ``shunzi`` or ``two_suits``), to
    ask which one a hand is short of."""
    return harbin_context(
        melds,
        need_sequence=relax != "shunzi" and not rules.allow_duiduihu,
        need_triplet=relax != "kezi",
        zhong_pair_is_triplet=rules.zhong_pair_counts_as_kezi,
        need_yaojiu=relax != "yaojiu",
        need_two_suits=relax != "two_suits" and not rules.allow_qingyise,
    )


def rules_shanten(
    counts: Sequence[int], melds: Sequence[tuple[str, int]], rules: RuleSet, relax: str = ""
) -> int:
    """Harbin shanten of the concealed counts beside the declared melds, under a RuleSet's conditions."""
    ctx = rules_context(melds, rules, relax)
    _check_counts(counts, ctx.melds)
    im, ip, is_ = suit_indices(counts)
    return harbin_shanten_idx(im, ip, is_, counts[ZHONG], ctx)


def harbin_shanten_idx(im: int, ip: int, is_: int, zhong: int, ctx: HarbinContext) -> int:
    """Harbin shanten from the three suit indices and the 红中 count, in a :func:`harbin_context`."""
    (
        arrange, w_sel, x_shift, x_fill, project, zpt, w_empty, z_none, z_pair, z_triplet, melds,
        hv, rowlen, rowstart, pair, w_idx, w_blocks, w_int, x_idx, x_int, shape_pair, shape_third,
    ) = ctx  # fmt: skip
    if arrange == 0:
        a, b, c = hv[im], hv[ip], hv[is_]
    elif arrange == 1:
        a, b, c = hv[im], hv[is_], hv[ip]
    else:
        a, b, c = hv[ip], hv[is_], hv[im]
    if b >= rowlen[a]:
        raise ValueError("more than 14 concealed tiles")
    two = pair[rowstart[a] + b]
    # The plain shape's deficit is a lower bound; most hands meet it.
    t = _FINAL[shape_pair[two] + shape_third[c] + zhong * 5 + melds] + 1
    # The last suit holds nothing: 红中 unused, as the pair or as a triplet (single cells).
    base = w_idx[two * 3 + w_empty] * _CELLS
    bound = w_blocks[base + z_none]
    d = w_blocks[base + z_pair] + _NEED2[zhong]
    if d < bound:
        bound = d
    if z_triplet >= 0:
        d = w_blocks[base + z_triplet] + _NEED3[zhong]
        if d < bound:
            bound = d
    if bound <= t:
        return bound - 1
    # The last suit holds part of the hand: every (sets, pair, flags) split at once, one byte-cell each.
    v = w_int[w_idx[two * 3 + w_sel]]
    for keep, moved, shift in project:
        v = (v & keep) | ((v << shift) & moved)
    if x_shift:
        v += (x_int[x_idx[(c * 5 + zhong) * 2 + zpt]] >> x_shift) | x_fill
    else:
        v += x_int[x_idx[(c * 5 + zhong) * 2 + zpt]]
    if bound > _NO_WAY:
        bound = _NO_WAY
    while t < bound:
        if (v + _AT_MOST[t]) & _LANE_HIGH != _LANE_HIGH:
            return t - 1
        t += 1
    return bound - 1 if bound < _NO_WAY else IMPOSSIBLE


def _check_counts(counts: Sequence[int], n_melds: int) -> None:
    """Raise ValueError unless ``counts`` is 28 entries of 0-4 that fit beside ``n_melds`` melds."""
    if len(counts) != 28:
        raise ValueError(f"counts must have 28 entries (one per kind), got {len(counts)}")
    if min(counts) < 0 or max(counts) > 4:
        raise ValueError("every count must be 0-4")
    if sum(counts) > 14 - 3 * n_melds:
        raise ValueError(f"{sum(counts)} concealed tiles do not fit beside {n_melds} melds")


def harbin_shanten(
    counts: Sequence[int],
    melds: Sequence[tuple[str, int]] = (),
    *,
    need_sequence: bool = True,
    need_triplet: bool = True,
    zhong_pair_is_triplet: bool = True,
    need_yaojiu: bool = True,
    need_two_suits: bool = True,
) -> int:
    """Harbin shanten of the concealed counts beside the declared melds; :data:`IMPOSSIBLE` if none exists."""
    ctx = harbin_context(
        melds,
        need_sequence=need_sequence,
        need_triplet=need_triplet,
        zhong_pair_is_triplet=zhong_pair_is_triplet,
        need_yaojiu=need_yaojiu,
        need_two_suits=need_two_suits,
    )
    _check_counts(counts, ctx.melds)
    im, ip, is_ = suit_indices(counts)
    return harbin_shanten_idx(im, ip, is_, counts[ZHONG], ctx)


def harbin_ukeire(counts: Sequence[int], ctx: HarbinContext) -> tuple[int, tuple[int, ...]]:
    """Harbin shanten of a 3n+1 hand and the kinds whose draw would lower it, in a :func:`harbin_context`."""
    im, ip, is_ = suit_indices(counts)
    z = counts[ZHONG]
    now = harbin_shanten_idx(im, ip, is_, z, ctx)
    if now == IMPOSSIBLE:
        return now, ()
    # A draw can only lower the Harbin shanten below ``now`` if it takes the shape shanten there.
    _, candidates = _draws_below(counts, ctx.melds, now)
    out: list[int] = []
    for k in candidates:
        if k < 9:
            after = harbin_shanten_idx(im + POW5[k], ip, is_, z, ctx)
        elif k < 18:
            after = harbin_shanten_idx(im, ip + POW5[k - 9], is_, z, ctx)
        elif k < 27:
            after = harbin_shanten_idx(im, ip, is_ + POW5[k - 18], z, ctx)
        else:
            after = harbin_shanten_idx(im, ip, is_, z + 1, ctx)
        if after < now:
            out.append(k)
    return now, tuple(out)
