"""Tiles of the 112-tile Harbin set: ids, kinds, notation and names.

A *tile* is a physical tile, an id 0-111. Its *kind* is ``tile // 4``:
kinds 0-8 are 1-9万 (m), 9-17 are 1-9饼 (p), 18-26 are 1-9条 (s) and 27 is
红中 (written ``7z`` or ``中``). Events name tile ids so that the table can
animate the very tile that moved; rules mostly look at kinds.

Notation is the usual mpsz form: ``"234s 7889m"``, ``"7z"``; ``中`` is also
accepted, as are spaces anywhere. Formatting is canonical: suits in the order
m, p, s, z, ranks ascending.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .errors import HarbinError

NUM_KINDS: Final = 28
NUM_TILES: Final = 112
COPIES: Final = 4
ZHONG: Final = 27
"""The kind of 红中."""

SUIT_LETTERS: Final = "mpsz"
SUIT_NAMES_ZH: Final = ("萬", "饼", "条")
"""Suit words in tile names, as the tiles show them (a Characters tile reads 萬)."""
SUIT_NAMES_EN: Final = ("Characters", "Dots", "Bamboo")
NUMERALS_ZH: Final = ("一", "二", "三", "四", "五", "六", "七", "八", "九")
YAOJIU_KINDS: Final = frozenset({0, 8, 9, 17, 18, 26, ZHONG})
"""幺九 for the 听 condition: 1 and 9 of each suit, and 红中."""


class TileNotationError(HarbinError, ValueError):
    """Raised when tile notation cannot be read, naming the offending text."""


def kind_of(tile: int) -> int:
    """The kind (0-27) of a physical tile id (0-111)."""
    return tile >> 2


def suit_of(kind: int) -> int:
    """Suit index of a kind: 0 万, 1 饼, 2 条, 3 for 红中 (which is not a suit)."""
    return kind // 9 if kind < ZHONG else 3


def rank_of(kind: int) -> int:
    """Rank 1-9 of a suited kind; 0 for 红中."""
    return kind % 9 + 1 if kind < ZHONG else 0


def make_kind(suit: int, rank: int) -> int:
    """Kind from a suit index (0-2) and a rank (1-9); suit 3 gives 红中."""
    if suit == 3:
        return ZHONG
    return suit * 9 + rank - 1


def is_yaojiu(kind: int) -> bool:
    """True for 1, 9 and 红中: the tiles that satisfy the 幺九 condition."""
    return kind in YAOJIU_KINDS


def kind_code(kind: int) -> str:
    """Short code of one kind, e.g. ``"8m"`` or ``"7z"``."""
    if kind == ZHONG:
        return "7z"
    return f"{rank_of(kind)}{SUIT_LETTERS[suit_of(kind)]}"


def parse_kinds(text: str) -> list[int]:
    """Read mpsz notation into a list of kinds, in the written order.

    >>> parse_kinds("234s 7z中")
    [19, 20, 21, 27, 27]
    """
    kinds: list[int] = []
    pending: list[int] = []
    start = 0  # where the pending digits begin, to name the whole written group in a message
    for pos, ch in enumerate(text):
        if ch.isspace() or ch == ",":
            continue
        if ch == "中":
            if pending:
                raise TileNotationError(
                    f"digits {''.join(map(str, pending))!r} before 中 have no suit letter"
                )
            kinds.append(ZHONG)
        elif ch.isdigit():
            if not pending:
                start = pos
            pending.append(int(ch))
        elif ch in SUIT_LETTERS:
            if not pending:
                raise TileNotationError(f"suit letter {ch!r} at position {pos} has no digits before it")
            group = text[start : pos + 1]
            for digit in pending:
                if ch == "z":
                    if digit != 7:
                        raise TileNotationError(
                            f"unknown tile {digit}z in {group!r}: the only honour is 红中, written 7z"
                        )
                    kinds.append(ZHONG)
                else:
                    if not 1 <= digit <= 9:
                        raise TileNotationError(
                            f"unknown tile {digit}{ch} in {group!r}: each digit is one tile, ranks run 1-9"
                        )
                    kinds.append(make_kind(SUIT_LETTERS.index(ch), digit))
            pending = []
        else:
            raise TileNotationError(f"unknown character {ch!r} in tiles {text!r}")
    if pending:
        raise TileNotationError(
            f"digits {''.join(map(str, pending))!r} at the end of {text!r} have no suit letter"
        )
    return kinds


def format_kinds(kinds: Iterable[int]) -> str:
    """Canonical mpsz text for kinds, grouped by suit and sorted: ``"7889m 234s"``."""
    groups: list[list[int]] = [[], [], [], []]
    for k in kinds:
        groups[suit_of(k)].append(k)
    parts = []
    for suit, group in enumerate(groups):
        if group:
            digits = "".join("7" if suit == 3 else str(rank_of(k)) for k in sorted(group))
            parts.append(digits + SUIT_LETTERS[suit])
    return " ".join(parts)


def format_tiles(tiles: Iterable[int]) -> str:
    """Canonical mpsz text for physical tile ids."""
    return format_kinds(kind_of(t) for t in tiles)


def counts_of(kinds: Iterable[int]) -> list[int]:
    """A 28-entry list of how many of each kind."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def check_copies(kinds: Sequence[int], what: str = "tiles") -> None:
    """Raise TileNotationError if any kind appears more than four times."""
    counts = counts_of(kinds)
    for k, c in enumerate(counts):
        if c > COPIES:
            raise TileNotationError(f"{what}: {c} copies of {kind_code(k)}, but the set has only {COPIES}")


def kind_name(kind: int, lang: str = "zh") -> str:
    """Display name of a kind: ``八萬`` in Chinese (as the tile shows it), ``8 Characters`` in English."""
    if kind == ZHONG:
        return "红中" if lang == "zh" else "Red Dragon"
    suit, rank = suit_of(kind), rank_of(kind)
    if lang == "zh":
        return NUMERALS_ZH[rank - 1] + SUIT_NAMES_ZH[suit]
    name = SUIT_NAMES_EN[suit]
    return f"{rank} {name[:-1] if rank == 1 and name.endswith('s') else name}"  # 1 Dot, 5 Dots


def assign_ids(kinds: Iterable[int], taken: set[int] | None = None) -> list[int]:
    """Give each kind a physical tile id not in ``taken`` (which is updated).

    Used to turn notation into concrete tiles, e.g. for scenarios and tests.
    """
    used = taken if taken is not None else set()
    out: list[int] = []
    for k in kinds:
        for copy in range(COPIES):
            tile = k * COPIES + copy
            if tile not in used:
                used.add(tile)
                out.append(tile)
                break
        else:
            raise TileNotationError(f"no copy of {kind_code(k)} left: all {COPIES} are already in use")
    return out
