"""Loader of the shanten lookup tables in ``game/core/data`` (built by ``tools/build_tables.py``).

A table file is a small header — magic ``HMJTABLE``, format version, the table
kind, the section directory (name, raw size) and the SHA-256 of the payload —
followed by one zlib stream holding the sections back to back. The digest is
checked before anything is decompressed; nothing is ever unpickled or
evaluated. Sections come back as immutable ``bytes`` (or read-only
``memoryview`` casts of them), so the tables are safe to share.

:func:`shape_tables` is loaded when :mod:`.shanten` is imported (about 100 KB
on disk); :func:`harbin_tables` (about 1.4 MB) only on the first Harbin query.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import struct
import sys
import zlib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from game.resources import table_file

from ..errors import HarbinError

SHAPE_FILE = table_file("shanten_tables.bin")
HARBIN_FILE = table_file("harbin_tables.bin")

MAGIC = b"HMJTABLE"
VERSION = 1
HEADER = struct.Struct("<8sH8sHI32s")
"""magic, format version, table kind, number of sections, payload length, SHA-256 of the payload."""
ENTRY = struct.Struct("<16sI")
"""One section of the directory: name, raw size."""

SUIT_INDICES = 5**9
"""Number of base-5 suit indices (count vectors of one suit)."""


class TableDataError(HarbinError, RuntimeError):
    """Raised when a shanten table file is missing, corrupt or of the wrong kind; names the file."""


def read_sections(path: Path, kind: str) -> Mapping[str, bytes]:
    """Check one table file (magic, version, kind, SHA-256, sizes) and return its sections by name."""
    try:
        blob = path.read_bytes()
    except OSError as exc:
        raise TableDataError(f"shanten table file {path} cannot be read: {exc}") from exc
    if len(blob) < HEADER.size:
        raise TableDataError(f"shanten table file {path} is truncated ({len(blob)} bytes)")
    magic, version, file_kind, n_sections, payload_len, digest = HEADER.unpack_from(blob)
    if magic != MAGIC:
        raise TableDataError(f"shanten table file {path} is not a table file (bad magic {magic!r})")
    if version != VERSION:
        raise TableDataError(f"shanten table file {path} has format version {version}, expected {VERSION}")
    if file_kind.rstrip(b"\0").decode("ascii", "replace") != kind:
        raise TableDataError(f"shanten table file {path} holds {file_kind!r} tables, expected {kind!r}")
    start = HEADER.size + n_sections * ENTRY.size
    payload = blob[start:]
    if len(payload) != payload_len:
        raise TableDataError(f"shanten table file {path} is truncated or padded ({len(payload)} bytes)")
    if hashlib.sha256(payload).digest() != digest:
        raise TableDataError(f"shanten table file {path} is corrupt: SHA-256 of its payload does not match")
    try:
        raw = zlib.decompress(payload)
    except zlib.error as exc:  # pragma: no cover - the digest already vouches for the payload
        raise TableDataError(f"shanten table file {path} cannot be decompressed: {exc}") from exc
    sections: dict[str, bytes] = {}
    offset = 0
    for i in range(n_sections):
        name_raw, size = ENTRY.unpack_from(blob, HEADER.size + i * ENTRY.size)
        name = name_raw.rstrip(b"\0").decode("ascii", "replace")
        sections[name] = raw[offset : offset + size]
        offset += size
    if offset != len(raw):
        raise TableDataError(f"shanten table file {path}: sections hold {offset} bytes, payload {len(raw)}")
    return MappingProxyType(sections)


def _require(path: Path, sections: Mapping[str, bytes], name: str, size: int | None = None) -> bytes:
    """One section, checked for presence and (when given) its exact size."""
    if name not in sections:
        raise TableDataError(f"shanten table file {path} lacks section {name!r}")
    data = sections[name]
    if size is not None and len(data) != size:
        raise TableDataError(f"shanten table file {path}: section {name!r} is {len(data)} bytes, not {size}")
    return data


def _u16(data: bytes) -> memoryview:
    """A read-only native-order uint16 view of little-endian bytes."""
    if sys.byteorder == "big":  # pragma: no cover - the game ships for little-endian machines
        swapped = bytearray(len(data))
        swapped[0::2], swapped[1::2] = data[1::2], data[0::2]
        data = bytes(swapped)
    return memoryview(data).cast("H")


class ShapeTables(NamedTuple):
    """Tables of the plain (4 sets + 1 pair) shape: suit class, two-suit class, final shanten."""

    vid: bytes
    """Suit class (0..n_classes-1) of each of the 5**9 suit indices."""
    pair: bytes
    """Two-suit class of class pair ``a * n_classes + b``."""
    final: memoryview
    """Shanten (signed bytes) at ``((two_suit * n_classes + third) * 5 + zhong) * 5 + melds``."""
    n_classes: int
    n_pair_classes: int


class HarbinTables(NamedTuple):
    """Tables of the Harbin-constrained shape (see ``tools/build_tables.py`` for the layouts)."""

    hvid: memoryview
    """Harbin suit class of each suit index (uint16; classes sorted by fewest tiles)."""
    rowstart: tuple[int, ...]
    """Offset of class ``a``'s row in :attr:`pair`."""
    rowlen: tuple[int, ...]
    """Length of class ``a``'s row: the classes ``b`` it can meet within 14 tiles."""
    pair: memoryview
    """Two-suit class (uint16) at ``rowstart[a] + b``."""
    w_idx: memoryview
    """Block (uint16) of two-suit class ``k`` with at least ``u`` suits used, at ``k * 3 + u``."""
    w_blocks: bytes
    """The distinct two-suit blocks, 80 cells (bytes) each: cell ``m * 16 + p * 8 + G``."""
    w_int: tuple[int, ...]
    """The same blocks as little-endian integers (byte ``i`` = cell ``i``)."""
    x_idx: memoryview
    """Block (uint16) of the third suit with 红中 at ``(class * 5 + zhong) * 2 + zhong_pair_is_triplet``."""
    x_int: tuple[int, ...]
    """The distinct third-suit blocks as integers: cell ``(4 - m) * 16 + (1 - p) * 8 + G``."""
    shape_of: bytes
    """Shape suit class of each Harbin suit class."""
    w_shape: bytes
    """Shape two-suit class of each two-suit class."""
    n_classes: int
    n_pair_classes: int


def load_shape_tables(path: Path = SHAPE_FILE) -> ShapeTables:
    """Read and check the shape table file."""
    sections = read_sections(path, "shape")
    vid = _require(path, sections, "vid", SUIT_INDICES)
    pair = _require(path, sections, "pair")
    n_classes = math.isqrt(len(pair))
    final = _require(path, sections, "final")
    n_pair = len(final) // (25 * n_classes) if n_classes else 0
    if n_classes * n_classes != len(pair) or n_pair * n_classes * 25 != len(final) or not n_pair:
        raise TableDataError(f"shanten table file {path}: section sizes do not fit together")
    return ShapeTables(vid, pair, memoryview(final).cast("b"), n_classes, n_pair)


def load_harbin_tables(path: Path = HARBIN_FILE) -> HarbinTables:
    """Read and check the Harbin table file."""
    sections = read_sections(path, "harbin")
    hvid = _u16(_require(path, sections, "hvid", 2 * SUIT_INDICES))
    rowlen = tuple(_u16(_require(path, sections, "rowlen")))
    n_classes = len(rowlen)
    rowstart = tuple(itertools.accumulate(rowlen, initial=0))[:-1]
    pair = _u16(_require(path, sections, "pair", 2 * sum(rowlen)))
    shape_of = _require(path, sections, "shapeof", n_classes)
    w_shape = _require(path, sections, "wshape")
    n_pair = len(w_shape)
    w_idx = _u16(_require(path, sections, "widx", 2 * 3 * n_pair))
    w_blocks = _require(path, sections, "wblk")
    x_idx = _u16(_require(path, sections, "xidx", 2 * 10 * n_classes))
    x_blocks = _require(path, sections, "xblk")
    if not n_classes or not n_pair or len(w_blocks) % 80 or len(x_blocks) % 80:
        raise TableDataError(f"shanten table file {path}: section sizes do not fit together")
    w_int, x_int = _blocks(w_blocks), _blocks(x_blocks)
    return HarbinTables(
        hvid, rowstart, rowlen, pair, w_idx, w_blocks, w_int, x_idx, x_int, shape_of, w_shape,
        n_classes, n_pair,
    )  # fmt: skip


def _blocks(data: bytes, size: int = 80) -> tuple[int, ...]:
    """``data`` cut into ``size``-byte blocks, each read as a little-endian integer."""
    from_bytes = int.from_bytes
    view = memoryview(data)
    return tuple(from_bytes(view[i : i + size], "little") for i in range(0, len(data), size))


@functools.cache
def shape_tables() -> ShapeTables:
    """The shipped shape tables, loaded once."""
    return load_shape_tables()


@functools.cache
def harbin_tables() -> HarbinTables:
    """The shipped Harbin tables, loaded once (on first use)."""
    return load_harbin_tables()
