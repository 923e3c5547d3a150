"""TablePicture: everything the table renderer draws, as plain frozen data.

It depends on nothing in ``game.core``'s state: whoever drives the table (the
live game, a replay, a tutorial) fills one in from what the player may see.
Seats are *relative to the player*: 0 is the player at the bottom, 1 the next
player (下家, right), 2 the opposite player (对家, top), 3 the previous player
(上家, left); play runs 0 → 1 → 2 → 3. Tiles are kinds 0-27 (``game.core.tiles``);
``None`` stands for a tile seen from behind. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

MeldKind = Literal["chi", "peng", "minggang", "angang", "jiagang"]
MELD_KINDS: Final[tuple[MeldKind, ...]] = ("chi", "peng", "minggang", "angang", "jiagang")


@dataclass(frozen=True)
class MeldPicture:
    """One exposed (or concealed) set in front of a seat, in display order."""

    kind: MeldKind
    tiles: tuple[int | None, ...]
    """Kinds in display order (left to right as the owner sees them); None = face down."""
    claimed: int | None = None
    """Index in ``tiles`` of the claimed tile, drawn sideways; None for 暗杠."""
    from_seat: int = 0
    """Relative seat (from the owner) the claimed tile came from: 1 下家, 2 对家, 3 上家; 0 none."""
    added: int | None = None
    """加杠: the kind of the added tile, drawn stacked on the sideways claimed tile."""

    @staticmethod
    def called(kind: MeldKind, own: Sequence[int], claimed_kind: int, from_seat: int) -> MeldPicture:
        """A called meld in the usual display order: the claimed tile turned sideways on the side of
        the seat it came from (上家 left, 对家 second, 下家 right)."""
        if from_seat not in (1, 2, 3):
            raise ValueError(f"from_seat must be 1, 2 or 3 for a called meld, not {from_seat}")
        rest = list(own)
        if kind == "chi":
            rest.sort()
        position = {3: 0, 2: 1, 1: len(rest)}[from_seat]
        tiles: list[int | None] = list(rest)
        tiles.insert(position, claimed_kind)
        return MeldPicture(kind=kind, tiles=tuple(tiles), claimed=position, from_seat=from_seat)

    @staticmethod
    def concealed_gang(kind: int, shown: bool = True) -> MeldPicture:
        """暗杠: four tiles, the outer two face down (all four if it is not shown yet)."""
        inner: int | None = kind if shown else None
        return MeldPicture(kind="angang", tiles=(None, inner, inner, None))

    @staticmethod
    def added_gang(peng: MeldPicture, added_kind: int) -> MeldPicture:
        """加杠 made from a 碰: the fourth tile stacked on the claimed one."""
        return MeldPicture("jiagang", peng.tiles, peng.claimed, peng.from_seat, added=added_kind)

    @property
    def size(self) -> int:
        """Number of tiles in the set (a gang is four)."""
        return len(self.tiles) + (1 if self.added is not None else 0)


@dataclass(frozen=True)
class RiverTile:
    """One discard in a seat's river."""

    kind: int
    ting: bool = False
    """This discard declared 听."""
    called: bool = False
    """Another seat claimed it (left in the river as a faint ghost; the tile is in the taker's meld)."""
    from_draw: bool = False
    """摸切: thrown straight from the draw (greyed, as Tenhou does); else from the hand (手切)."""


@dataclass(frozen=True)
class SeatPicture:
    """What the table shows of one seat."""

    name: str
    level: str | None = None
    """AI level key (``novice`` ... ``expert``), None for a person."""
    wind: int = 0
    """Seat wind: 0 东, 1 南, 2 西, 3 北."""
    score: int = 0
    dealer: bool = False
    concealed: tuple[int | None, ...] = ()
    """Concealed tiles in display order: kinds, or None for backs (other seats' hidden tiles)."""
    drawn_tile: bool = False
    """The last concealed tile was just drawn: shown a little apart."""
    locked: bool = False
    """扣听: the hand is laid face down after declaring 听."""
    ting: bool = False
    """The seat has declared 听."""
    melds: tuple[MeldPicture, ...] = ()
    river: tuple[RiverTile, ...] = ()


@dataclass(frozen=True)
class TablePicture:
    """The whole table from the player's chair."""

    seats: tuple[SeatPicture, SeatPicture, SeatPicture, SeatPicture]
    turn: int | None = None
    """Relative seat whose turn it is."""
    last_discard_seat: int | None = None
    """Relative seat whose last river tile is the latest discard (gets a marker)."""
    wall_live: int = 58
    """Tiles left to draw (the number shown as 余)."""
    wall_kept: int = 8
    """Tiles kept back at the wall's end (not counted in ``wall_live``)."""
    wall_break: int = 0
    """Stack (0-55, clockwise from the player's right-hand corner) where the deal began; cosmetic."""
    bao_present: bool = True
    """A 宝 is set aside."""
    bao: int | None = None
    """The current 宝's kind when the player may see it; None = face down."""
    old_bao: tuple[int, ...] = ()
    """Replaced 宝s, shown face up to everyone."""
    dice: tuple[int, int] | None = None
    hand_no: int = 1
    """The hand being played, counted from 1."""
    match_hands: int = 0
    """Hands in the match (0: not known)."""
    playable: frozenset[int] | None = None
    """Indices of the player's concealed tiles that may be discarded now (others dimmed); None = all."""
    hints: frozenset[int] = field(default_factory=frozenset)
    """Indices of the player's concealed tiles a coach hint points at."""
    winning: tuple[int, int] | None = None
    """After a win: (relative seat, concealed index) of the winning tile in the hand laid out face up."""
    bao_won: bool = False
    """After a win on the 宝 (摸宝, 宝中宝): the 宝 is marked as well."""

    def seat(self, rel: int) -> SeatPicture:
        """One seat by relative index."""
        return self.seats[rel]


DEMO_NAMES: Final = {
    "zh": ("你", "下家 · 小李", "对家 · 老王", "上家 · 阿强"),
    "en": ("You", "Next · Li", "Across · Wang", "Previous · Qiang"),
}


def demo_picture(lang: str = "zh") -> TablePicture:
    """A busy late-hand table: calls, a locked ready seat, called tiles, an old 宝 and the player to move."""
    from game.core.tiles import parse_kinds as k

    names = DEMO_NAMES["en" if lang == "en" else "zh"]

    def river(text: str, ting_at: int | None = None, called: tuple[int, ...] = ()) -> tuple[RiverTile, ...]:
        return tuple(RiverTile(kind, ting=i == ting_at, called=i in called) for i, kind in enumerate(k(text)))

    me = SeatPicture(
        name=names[0],
        wind=2,
        score=12,
        concealed=tuple(k("234m 67p 1235s 7z")) + tuple(k("3s")),
        drawn_tile=True,
        melds=(MeldPicture.called("peng", k("99p"), k("9p")[0], 2),),
        river=river("9m 1s 5m 7z 2p 8s 3m 4p 6s 1m 7m"),
    )
    right = SeatPicture(
        name=names[1],
        level="strong",
        wind=3,
        score=-5,
        concealed=(None,) * 7,
        locked=True,
        ting=True,
        melds=(
            MeldPicture.called("chi", k("46s"), k("5s")[0], 2),
            MeldPicture.called("peng", k("11m"), k("1m")[0], 3),
        ),
        river=river("1p 9s 2m 7z 8m 4s 6p 5p 2s 6m 9p 3s", ting_at=8, called=(3,)),
    )
    top = SeatPicture(
        name=names[2],
        level="expert",
        wind=0,
        score=21,
        dealer=True,
        concealed=(None,) * 7,
        melds=(
            MeldPicture.called("minggang", k("888p"), k("8p")[0], 1),
            MeldPicture.called("chi", k("79m"), k("8m")[0], 3),
        ),
        river=river("1s 2s 9m 4m 5s 7p 1p 2p 6s 7s 4p 3s 8s", called=(0, 5)),
    )
    left = SeatPicture(
        name=names[3],
        level="normal",
        wind=1,
        score=-28,
        concealed=(None,) * 10,
        melds=(MeldPicture.added_gang(MeldPicture.called("peng", k("33p"), k("3p")[0], 2), k("3p")[0]),),
        river=river("9s 1p 7m 2m 8s 5m 6m 7z 5p 4s 6p 2s 4m"),
    )
    return TablePicture(
        seats=(me, right, top, left),
        turn=0,
        last_discard_seat=3,
        wall_live=17,
        wall_kept=8,
        wall_break=9,
        bao=None,
        old_bao=tuple(k("5p")),
        dice=(3, 5),
        hand_no=7,
        playable=None,
        hints=frozenset({9}),
    )


__all__ = [
    "DEMO_NAMES",
    "MELD_KINDS",
    "MeldKind",
    "MeldPicture",
    "RiverTile",
    "SeatPicture",
    "TablePicture",
    "demo_picture",
]
