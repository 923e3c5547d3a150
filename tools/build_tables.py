"""Generate the shanten lookup tables shipped in ``game/core/data/``.

Run from the repository root (numpy is a dev-only dependency; the game never imports it)::

    .venv/bin/python tools/build_tables.py            # rewrite both data files
    .venv/bin/python tools/build_tables.py --check    # rebuild in memory, fail if the files differ

The output is deterministic: the same numpy/zlib produce byte-identical files.
It takes under a minute and ~1.7 GB of memory on a 2-core machine.

What is computed (see ``game/core/analysis/shanten.py`` for how it is read):

* Per suit, for every base-5 count vector ``h`` (rank 1 = least significant digit;
  5**9 vectors) and every ``(pairs p in 0..1, sets m in 0..4, flags F)``:
  ``D[p][m][F](h)`` = fewest tiles to acquire so that the suit holds ``m`` sets and
  ``p`` pairs whose decomposition has at least the flags ``F`` (bit 1 = a triplet,
  bit 2 = a sequence, bit 4 = a 1 or a 9), never needing a fifth copy of a rank.
  Built in two passes: containment (remove one set or the pair and recurse) and
  then ``D(h) = 0 if contained else 1 + min_r D(h + e_r)`` in order of falling tile count.
* Shape tables: the 10-vector ``D[p][m][0]`` takes 126 distinct values (classes).
  ``vid`` maps a suit index to its class, ``pair`` maps two classes to one of the
  classes of their min-plus combination, ``final`` maps (two-suit class, third-suit
  class, 红中 count, declared melds) to the shanten (int8, -1 = complete).
* Harbin tables: the 80-vector over all flag sets takes 4346 classes, numbered by
  their smallest tile count so that two suits holding at most 14 tiles together
  index a prefix of each ``pair`` row. ``pair`` maps two classes to a class of the
  two-suit vector ``W[u][m][p][G]`` ("the two suits give m sets, p pairs, flags
  >= G, and at least u of them are used"), stored as three 80-cell blocks (one per
  u, cell ``m * 16 + p * 8 + G``) through ``widx`` into the distinct blocks ``wblk``.
  ``xidx``/``xblk`` hold the third suit combined with 红中 per (class, 红中 count,
  中中-is-a-triplet), cell ``(4 - m) * 16 + (1 - p) * 8 + G`` holding the cost of
  giving m sets, p pairs and flags >= ``7 ^ G``: cell i of W plus cell i of X is
  then one way to split the hand, and the query adds the blocks as integers.
  ``shapeof``/``wshape`` link the Harbin classes to the shape classes.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.analysis.suit_tables import (  # noqa: E402  (the file format is the loader's)
    ENTRY,
    HARBIN_FILE,
    HEADER,
    MAGIC,
    SHAPE_FILE,
    SUIT_INDICES,
    VERSION,
)

N = SUIT_INDICES
POW5 = np.array([5**r for r in range(9)], dtype=np.int64)
K, S, T = 1, 2, 4
FULL = K | S | T
BIG = 63
"""Stands for "impossible" in every table. Real deficits stay below 20, and a sum of two table
values stays below 128, which the Harbin query relies on (it adds whole vectors as integers)."""

MAX_SUIT_TILES = 14


def log(msg: str) -> None:
    """Progress line on stderr."""
    print(f"[build_tables {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def digits() -> np.ndarray:
    """(5**9, 9) array of rank counts for every suit index."""
    idx = np.arange(N, dtype=np.int64)
    return np.stack([(idx // 5**r) % 5 for r in range(9)], axis=1).astype(np.int8)


def set_shapes() -> list[tuple[np.ndarray, int]]:
    """Every set of one suit as (rank-count vector, flags): 9 triplets and 7 sequences."""
    out = []
    for r in range(9):
        v = np.zeros(9, np.int64)
        v[r] = 3
        out.append((v, K | (T if r in (0, 8) else 0)))
    for r in range(7):
        v = np.zeros(9, np.int64)
        v[r : r + 3] = 1
        out.append((v, S | (T if r in (0, 6) else 0)))
    return out


def pair_shapes() -> list[tuple[np.ndarray, int]]:
    """Every pair of one suit as (rank-count vector, flags)."""
    out = []
    for r in range(9):
        v = np.zeros(9, np.int64)
        v[r] = 2
        out.append((v, T if r in (0, 8) else 0))
    return out


def shifted_or(dst: np.ndarray, src: np.ndarray, v: np.ndarray) -> None:
    """dst[h] |= src[h - v] for every h >= v (arrays viewed as a 9-d grid, rank 9 on axis 0)."""
    d9 = dst.reshape((5,) * 9)
    s9 = src.reshape((5,) * 9)
    lo = tuple(slice(int(v[8 - a]), 5) for a in range(9))
    hi = tuple(slice(0, 5 - int(v[8 - a])) for a in range(9))
    d9[lo] |= s9[hi]


def key(p: int, m: int, f: int) -> int:
    """Column of (pairs, sets, flags) in the per-suit deficit matrix."""
    return (p * 5 + m) * 8 + f


def suit_deficits(dig: np.ndarray) -> np.ndarray:
    """D as a (5**9, 80) uint8 matrix, column key(p, m, F); BIG where no decomposition has F."""
    sets, pairs = set_shapes(), pair_shapes()
    contained: dict[tuple[int, int, int], np.ndarray] = {}
    for f in range(8):
        contained[0, 0, f] = np.full(N, f == 0, dtype=bool)
    for m in range(1, 5):
        for f in range(8):
            acc = np.zeros(N, dtype=bool)
            for v, fl in sets:
                shifted_or(acc, contained[0, m - 1, f & ~fl], v)
            contained[0, m, f] = acc
    for m in range(5):
        for f in range(8):
            acc = np.zeros(N, dtype=bool)
            for v, fl in pairs:
                shifted_or(acc, contained[0, m, f & ~fl], v)
            contained[1, m, f] = acc
    log("containment done")
    d = np.full((N, 80), BIG, dtype=np.uint8)
    for (p, m, f), c in contained.items():
        d[c, key(p, m, f)] = 0
    total = dig.sum(axis=1, dtype=np.int64)
    for level in range(35, -1, -1):
        ii = np.nonzero(total == level)[0]
        best = d[ii]
        for r in range(9):
            ok = dig[ii, r] < 4
            nb = d[ii[ok] + 5**r]
            best[ok] = np.minimum(best[ok], np.minimum(nb, BIG - 1) + 1)
        d[ii] = best
    log("deficits done")
    return d


def classes(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct uint8 rows (in lexicographic order) and, per input row, the index of its distinct row."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    width = rows.shape[1]
    packed = rows.view(np.dtype((np.void, width))).reshape(-1)
    uniq, inv = np.unique(packed, return_inverse=True)
    return uniq.view(np.uint8).reshape(-1, width), inv.reshape(-1)


def combine_shape(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Min-plus of two (n, 2, 5) deficit arrays over (pairs, sets)."""
    out = np.full(a.shape, BIG, dtype=np.int16)
    for p in range(2):
        for m in range(5):
            for pa in range(p + 1):
                for ma in range(m + 1):
                    v = a[:, pa, ma].astype(np.int16) + b[:, p - pa, m - ma]
                    np.minimum(out[:, p, m], v, out=out[:, p, m])
    return np.minimum(out, BIG).astype(np.uint8)


ZHONG_OPTIONS = (
    # (pairs, sets, flags given, flags given when a 中中 pair counts as a triplet, copies needed)
    (0, 0, 0, 0, 0),
    (1, 0, T, T | K, 2),
    (0, 1, K | T, K | T, 3),
)


def shape_tables(d: np.ndarray) -> tuple[dict[str, bytes], np.ndarray, np.ndarray]:
    """The ``vid``, ``pair`` and ``final`` sections of the shape file, and the suit and two-suit classes."""
    cols = [key(p, m, 0) for p in range(2) for m in range(5)]
    vec, vid = classes(d[:, cols])
    nc = len(vec)
    assert nc <= 255
    e = vec.reshape(nc, 2, 5)
    ia, ib = np.meshgrid(np.arange(nc), np.arange(nc), indexing="ij")
    w = combine_shape(e[ia.ravel()], e[ib.ravel()])
    wvec, pair = classes(w.reshape(len(w), 10))
    npc = len(wvec)
    assert npc <= 255
    w2 = wvec.reshape(npc, 2, 5).astype(np.int16)
    final = np.full((npc, nc, 5, 5), BIG, dtype=np.int16)
    for z in range(5):
        for big_m in range(5):
            best = np.full((npc, nc), BIG, dtype=np.int16)
            for pz, mz, _, _, need in ZHONG_OPTIONS:
                cost = max(0, need - z)
                for pc in range(2 - pz):
                    for mc in range(big_m - mz + 1):
                        v = w2[:, None, 1 - pz - pc, big_m - mz - mc] + e[None, :, pc, mc] + cost
                        np.minimum(best, v, out=best)
            final[:, :, z, 4 - big_m] = best
    assert final.max() < BIG
    log(f"shape: {nc} suit classes, {npc} two-suit classes")
    sections = {
        "vid": vid.astype(np.uint8).tobytes(),
        "pair": pair.astype(np.uint8).tobytes(),
        "final": (final - 1).astype(np.int8).tobytes(),
    }
    return sections, vec, wvec


def class_of(rows: np.ndarray, known: np.ndarray) -> np.ndarray:
    """Index in ``known`` of each row of ``rows`` (every row must be there)."""
    lookup = {row.tobytes(): i for i, row in enumerate(np.ascontiguousarray(known, dtype=np.uint8))}
    return np.array([lookup[row.tobytes()] for row in np.ascontiguousarray(rows, dtype=np.uint8)])


def combine_harbin(ea: np.ndarray, eb: np.ndarray) -> np.ndarray:
    """Two-suit vectors W[n, u, m, p, G] from per-suit (n, 2, 5, 8) vectors."""
    n = len(ea)
    w = np.full((n, 3, 5, 2, 8), BIG, dtype=np.uint8)
    for p in range(2):
        for m in range(5):
            for g in range(8):
                for pa in range(p + 1):
                    for ma in range(m + 1):
                        used_a = (pa, ma) != (0, 0)
                        used_b = (p - pa, m - ma) != (0, 0)
                        fa = g
                        while True:
                            v = ea[:, pa, ma, fa] + eb[:, p - pa, m - ma, g & ~fa]
                            for u, ok in enumerate((True, used_a or used_b, used_a and used_b)):
                                if ok:
                                    np.minimum(w[:, u, m, p, g], v, out=w[:, u, m, p, g])
                            if fa == 0:
                                break
                            fa = (fa - 1) & g
    return np.minimum(w, BIG)


def harbin_tables(
    d: np.ndarray, dig: np.ndarray, shape_vec: np.ndarray, shape_wvec: np.ndarray
) -> dict[str, bytes]:
    """The sections of the Harbin file (see the module docstring)."""
    vec, inv = classes(d)
    total = dig.sum(axis=1, dtype=np.int64)
    mintiles = np.full(len(vec), 99, dtype=np.int64)
    np.minimum.at(mintiles, inv, total)
    order = np.lexsort((np.arange(len(vec)), mintiles))
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    vec, mintiles, hvid = vec[order], mintiles[order], rank[inv]
    nh = len(vec)
    assert nh < 65536
    e = vec.reshape(nh, 2, 5, 8)
    rowlen = np.searchsorted(mintiles, MAX_SUIT_TILES - mintiles, side="right")
    rowlen[mintiles > MAX_SUIT_TILES] = 0
    pa_idx = np.repeat(np.arange(nh), rowlen)
    pb_idx = np.concatenate([np.arange(n) for n in rowlen])
    log(f"harbin: {nh} suit classes, {len(pa_idx)} two-suit pairs")
    parts = []
    chunk = 200_000
    for s in range(0, len(pa_idx), chunk):
        parts.append(combine_harbin(e[pa_idx[s : s + chunk]], e[pb_idx[s : s + chunk]]).reshape(-1, 240))
    w = np.concatenate(parts)
    wvec, pair = classes(w)
    assert len(wvec) < 65536
    log(f"harbin: {len(wvec)} two-suit classes")
    # Third suit with 红中 folded in, only where the suit itself is used: X[c, z, zpt, pc, mc, F].
    eu = e.astype(np.int16)
    eu[:, 0, 0, :] = BIG
    x = np.full((nh, 5, 2, 2, 5, 8), BIG, dtype=np.int16)
    for z in range(5):
        for zpt in range(2):
            for pz, mz, flags, flags_zpt, need in ZHONG_OPTIONS:
                fz = flags_zpt if zpt else flags
                cost = max(0, need - z)
                for pc in range(pz, 2):
                    for mc in range(mz, 5):
                        for f in range(8):
                            v = eu[:, pc - pz, mc - mz, f & ~fz] + cost
                            np.minimum(x[:, z, zpt, pc, mc, f], v, out=x[:, z, zpt, pc, mc, f])
    x = np.minimum(x, BIG)
    # Layout: cell (4 - mc) * 16 + (1 - pc) * 8 + G holds X[pc][mc][7 ^ G].
    xl = np.empty((nh, 5, 2, 5, 2, 8), dtype=np.uint8)
    for mc in range(5):
        for pc in range(2):
            for g in range(8):
                xl[:, :, :, 4 - mc, 1 - pc, g] = x[:, :, :, pc, mc, FULL ^ g]
    # Shape classes of every Harbin class (flags ignored), for the lower bound the query starts from.
    shape_of = class_of(e[:, :, :, 0].reshape(nh, 10), shape_vec)
    w5 = wvec.reshape(-1, 3, 5, 2, 8)
    wshape = class_of(w5[:, 0, :, :, 0].transpose(0, 2, 1).reshape(-1, 10), shape_wvec)
    # Many 80-cell blocks repeat: ship each distinct block once, plus an index.
    wblk, widx = classes(wvec.reshape(-1, 80))
    xblk, xidx = classes(xl.reshape(-1, 80))
    assert len(wblk) < 65536 and len(xblk) < 65536
    log(f"harbin: {len(wblk)} distinct two-suit blocks, {len(xblk)} distinct third-suit blocks")
    return {
        "shapeof": shape_of.astype(np.uint8).tobytes(),
        "wshape": wshape.astype(np.uint8).tobytes(),
        "hvid": hvid.astype("<u2").tobytes(),
        "rowlen": rowlen.astype("<u2").tobytes(),
        "pair": pair.astype("<u2").tobytes(),
        "widx": widx.astype("<u2").tobytes(),
        "wblk": wblk.tobytes(),
        "xidx": xidx.astype("<u2").tobytes(),
        "xblk": xblk.tobytes(),
    }


def pack(kind: bytes, sections: dict[str, bytes]) -> bytes:
    """File bytes: header (magic, version, kind, section directory, SHA-256 of payload) + zlib payload."""
    raw = b"".join(sections.values())
    payload = zlib.compress(raw, 9)
    digest = hashlib.sha256(payload).digest()
    head = HEADER.pack(MAGIC, VERSION, kind, len(sections), len(payload), digest)
    directory = b"".join(ENTRY.pack(name.encode("ascii"), len(blob)) for name, blob in sections.items())
    return head + directory + payload


def build() -> dict[Path, bytes]:
    """Both data files' contents."""
    dig = digits()
    d = suit_deficits(dig)
    shape_sections, shape_vec, shape_wvec = shape_tables(d)
    shape = pack(b"shape\0\0\0", shape_sections)
    harbin = pack(b"harbin\0\0", harbin_tables(d, dig, shape_vec, shape_wvec))
    return {SHAPE_FILE: shape, HARBIN_FILE: harbin}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing")
    args = parser.parse_args(argv)
    files = build()
    status = 0
    for path, blob in files.items():
        if args.check:
            same = path.exists() and path.read_bytes() == blob
            print(f"{path.relative_to(ROOT)}: {'up to date' if same else 'DIFFERS'}")
            status |= 0 if same else 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(blob)
            print(f"wrote {path.relative_to(ROOT)} ({len(blob):,} bytes)")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
