"""From seat 0's view of a live match to the renderer's :class:`~game.table.picture.TablePicture`.

The view (:class:`~game.core.view.SeatView`) is what the player may know; this
module only re-arranges it for drawing: seats relative to the player (0 you, 1
下家, 2 对家, 3 上家 — the player sits at seat 0, so they coincide), the own
hand sorted with the drawn tile apart, melds in display order with the claimed
tile sideways, rivers, the wall count, the 宝 and the seat winds. It is cheap
enough to run whenever the shown view changes. No rules here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.events import Hu
from game.core.state import Meld
from game.core.tiles import kind_of
from game.core.view import HIDDEN, SeatView
from game.table.picture import MeldPicture, RiverTile, SeatPicture, TablePicture

BAO_WINS = frozenset({"mobao", "baozhongbao"})
"""The kinds of win (game.core.events.Hu.kind) made on the 宝."""


@dataclass(frozen=True)
class TableFrame:
    """A picture of the table and, for the player's hand, the tile id at each display index."""

    picture: TablePicture
    hand_ids: tuple[int, ...]
    """Tile ids of the player's concealed tiles in display order (the picture shows their kinds)."""

    def index_of(self, tile: int) -> int | None:
        """Display index of a tile id in the player's hand (or None)."""
        return self.hand_ids.index(tile) if tile in self.hand_ids else None

    def indices_of_kinds(self, kinds: set[int] | frozenset[int]) -> frozenset[int]:
        """Display indices of the player's tiles of some kinds."""
        return frozenset(i for i, t in enumerate(self.hand_ids) if kind_of(t) in kinds)


def seat_wind(seat: int, dealer: int) -> int:
    """The seat wind (0 东 ... 3 北): the dealer sits East, the others follow in turn order."""
    return (seat - dealer) % 4


def meld_picture(meld: Meld, owner: int) -> MeldPicture:
    """A declared meld as the table shows it (claimed tile sideways on the side it came from)."""
    kinds = [kind_of(t) if t != HIDDEN else None for t in meld.tiles]
    if meld.kind == "angang":
        kind = next((k for k in kinds if k is not None), None)
        return MeldPicture.concealed_gang(kind if kind is not None else 0, shown=kind is not None)
    rel = (meld.from_seat - owner) % 4 if meld.from_seat is not None else 0
    if meld.claimed is None or rel == 0:
        return MeldPicture(meld.kind, tuple(kinds))
    claimed_kind = kind_of(meld.claimed)
    own = [kind_of(t) for t in meld.tiles]
    own.remove(claimed_kind)
    if meld.kind == "jiagang":
        own.remove(claimed_kind)
        return MeldPicture.added_gang(MeldPicture.called("peng", own, claimed_kind, rel), claimed_kind)
    return MeldPicture.called(meld.kind, own, claimed_kind, rel)


def active_seat(v: SeatView) -> int:
    """The seat the table lights as the one to move: the seat to discard, or after a discard (while it
    may be called) the next seat in turn, who draws unless someone calls."""
    return (v.turn + 1) % 4 if v.phase == "claim" else v.turn


def wall_break(dice: Sequence[int], dealer: int) -> int:
    """Where the deal began on the wall ring (cosmetic): counted from the dealer's side by the dice."""
    total = sum(dice[:2]) if dice else 0
    return (14 * ((dealer + 3) % 4) + 2 * total) % 56


def table_frame(
    v: SeatView,
    *,
    names: Sequence[str],
    levels: Sequence[str | None],
    drawn_seat: int | None = None,
    last_discard_seat: int | None = None,
    playable: Sequence[int] | None = None,
    hint_kinds: frozenset[int] = frozenset(),
    acting: int | None = None,
    from_draw: frozenset[int] = frozenset(),
) -> TableFrame:
    """The picture of seat ``v.seat``'s view (seat 0 at the bottom).

    ``drawn_seat`` is the seat holding a freshly drawn tile (shown apart), ``playable``
    the tile ids the player may discard now (others dimmed; None = all look normal),
    ``hint_kinds`` the kinds a coach hint points at. The seat lit as the one to move is ``acting`` when
    given (the person deciding on a discard), else the seat to discard, or while a discard may be called
    the next seat in turn (the discarder is done at once). ``from_draw`` holds the tile ids of the discards
    thrown straight from the draw (摸切, :class:`~game.table.figures.Marks`).
    """
    me = v.seat
    revealed = v.revealed_hands
    over = revealed is not None
    hand_ids: tuple[int, ...] = ()
    seats: list[SeatPicture] = []
    for rel in range(4):
        s = (me + rel) % 4
        drawn_flag = False
        if s == me:
            tiles = list(revealed[s]) if over and revealed is not None else list(v.hand)
            drawn = v.drawn if (v.drawn is not None and v.drawn in tiles and not over) else None
            ordered = sorted(t for t in tiles if t != drawn)
            if drawn is not None:
                ordered.append(drawn)
                drawn_flag = True
            hand_ids = tuple(ordered)
            concealed: tuple[int | None, ...] = tuple(kind_of(t) for t in ordered)
        elif over and revealed is not None:
            concealed = tuple(kind_of(t) for t in sorted(revealed[s]))
        else:
            concealed = (None,) * v.concealed_counts[s]
            drawn_flag = drawn_seat == s and v.concealed_counts[s] > 1
        seats.append(
            SeatPicture(
                name=names[s],
                level=levels[s],
                wind=seat_wind(s, v.dealer),
                score=v.scores[s],
                dealer=s == v.dealer,
                concealed=concealed,
                drawn_tile=drawn_flag,
                locked=v.ting[s] and not over,
                ting=v.ting[s],
                melds=tuple(meld_picture(m, s) for m in v.melds[s]),
                river=tuple(
                    RiverTile(
                        kind_of(r.tile),
                        ting=r.ting,
                        called=r.claimed,
                        from_draw=r.tile in from_draw,
                    )
                    for r in v.rivers[s]
                ),
            )
        )
    kept = v.kept_back
    winning: tuple[int, int] | None = None
    result = v.result
    bao_won = over and isinstance(result, Hu) and result.kind in BAO_WINS
    if over and isinstance(result, Hu):
        rel = (result.seat - me) % 4
        kinds = seats[rel].concealed
        win_kind = kind_of(result.tile)
        spot = next((i for i in range(len(kinds) - 1, -1, -1) if kinds[i] == win_kind), None)
        winning = None if spot is None else (rel, spot)
    playable_idx = None
    if playable is not None:
        allowed = set(playable)
        playable_idx = frozenset(i for i, t in enumerate(hand_ids) if t in allowed)
    picture = TablePicture(
        seats=(seats[0], seats[1], seats[2], seats[3]),
        turn=None if over else (active_seat(v) if acting is None else acting - me) % 4,
        last_discard_seat=None if last_discard_seat is None else (last_discard_seat - me) % 4,
        wall_live=max(0, v.live_count - kept),
        wall_kept=kept,
        wall_break=wall_break(v.dice, v.dealer),
        bao_present=v.bao_exists,
        bao=None if v.bao is None else kind_of(v.bao),
        old_bao=tuple(kind_of(t) for t in v.old_baos),
        dice=(v.dice[0], v.dice[1]) if len(v.dice) >= 2 else None,
        hand_no=v.hand_no + 1,
        match_hands=v.match_hands,
        playable=playable_idx,
        hints=frozenset(i for i, t in enumerate(hand_ids) if kind_of(t) in hint_kinds),
        winning=winning,
        bao_won=bao_won,
    )
    return TableFrame(picture, hand_ids)


__all__ = ["TableFrame", "active_seat", "meld_picture", "seat_wind", "table_frame", "wall_break"]
