"""Table layout: where every tile, river, plate and the centre go, computed from the window size.

The screen is split into bands: the player's hand along the bottom (the table's tool buttons to its
left), the opposite seat's hand along the top, the side seats' hands in columns beside a central square,
and the info and action columns outside them. The central square holds the four rivers in a pinwheel
around the centre box (wall, 宝, dice, count, the hand's number), and in its four corners the seats'
plates, each in the corner where its seat's hand begins. Tile sizes are fitted so nothing overlaps,
however many tiles, melds or discards a picture holds: the player's hand is as large as the window allows
and shrinks only when it must.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

import pygame

from game.table.picture import MeldPicture, SeatPicture, TablePicture
from game.ui.kit.tileart import face_size, metrics

SlotRole = Literal["hand", "meld", "river", "bao", "old_bao"]
SlotKey = tuple[str, int, int]
"""(role, seat, position): names one tile slot of a layout (seat -1 for the 宝 and old 宝s)."""
SEAT_ROTATION: Final = (0, 90, 180, 270)
"""Rotation of tile faces for each relative seat, so each seat reads its own tiles."""
WALL_STACKS: Final = 56
RIVER_COLUMNS: Final = 6
SIDE_SCALE: Final = 0.66
"""The side seats' tiles at most, as a share of the player's (their rows run the window's height)."""
FULL_ROW_UNITS: Final = 14.5
"""A full row of the player's (thirteen tiles, the drawn one apart, or a few with melds), in tile widths."""
BOX_TILES: Final = 5.0
"""The centre box's side in river tiles: a row of six lies in front of it and overhangs it by one
tile into the corner (the pinwheel), so the box is large — about a quarter of the window's height, as in
the clients players know — with room for the wall count, the 宝 and each seat's wind and score along the
side facing that seat, while the rivers stay over half the size of the player's hand tiles."""


@dataclass(frozen=True)
class TileSlot:
    """One tile to draw: its screen footprint (face plus thickness) and how to draw it."""

    rect: pygame.Rect
    width: int
    """Face width to ask the tile art for."""
    rotation: int
    kind: int | None
    role: SlotRole
    seat: int = -1
    index: int = -1
    """Concealed-tile index (hand), discard index (river) or meld index (meld)."""
    stacked: bool = False
    """A 加杠 tile lying on another tile (the only intended overlap)."""
    called: bool = False
    ting: bool = False
    from_draw: bool = False
    """A discard thrown straight from the draw (摸切): greyed in the river."""


@dataclass(frozen=True)
class WallStack:
    """One stack of the wall ring in the centre box."""

    rect: pygame.Rect
    width: int
    rotation: int
    layers: int
    kept: bool
    """Part of the tiles kept back at the end of the wall."""


@dataclass
class SeatLayout:
    """Everything of one seat."""

    seat: int
    hand: list[TileSlot] = field(default_factory=list)
    melds: list[TileSlot] = field(default_factory=list)
    river: list[TileSlot] = field(default_factory=list)
    band: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """The strip reserved for the seat's hand and melds."""
    river_area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    plate: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    tile_width: int = 0


@dataclass
class TableLayout:
    """Where everything goes for one window size and picture."""

    size: tuple[int, int]
    seats: list[SeatLayout]
    square: pygame.Rect
    """The central square: rivers and the centre box."""
    centre: pygame.Rect
    inner: pygame.Rect
    """The part of the centre box inside the wall ring."""
    wall: list[WallStack]
    bao: TileSlot | None
    old_bao: list[TileSlot]
    dice: list[pygame.Rect]
    count_centre: tuple[int, int]
    count_size: int
    """The type size of the wall count ("32 left") drawn at ``count_centre``."""
    bao_label: tuple[int, int]
    """Where the 宝's label ends (its midright), left of the 宝."""
    wind_centres: list[tuple[int, int]]
    action_area: pygame.Rect
    """The right-hand column, top to the hand's lift: the claim bar, its lines and the key legend."""
    info_area: pygame.Rect
    """The left-hand column, top to the hand's lift: the 宝 panel, hints, the tile tracker, the log."""
    prompt_area: pygame.Rect
    """The foot of the right column, just above the right end of the player's hand: where the live claim
    buttons float, large, while a claim is offered (over the key legend)."""
    tools_area: pygame.Rect
    """Left of the player's hand, under the info column: the table's tool buttons (menu, hints, tracker,
    rules, helpers, 托管)."""
    hand_width: int
    river_width: int
    river_rows: int
    """Rows every river is laid out in (three; more only when a river outgrows its last row)."""
    lift: int
    text_scale: float

    def hit_test(self, pos: tuple[int, int], lifted: int | None = None) -> int | None:
        """Index of the player's concealed tile under a screen point (the lift zone counts), or None."""
        x, y = pos
        for slot in self.seats[0].hand:
            area = slot.rect.inflate(0, 0)
            area.y -= self.lift
            area.h += self.lift
            if area.collidepoint(x, y):
                return slot.index
        return None

    def hand_slot(self, index: int) -> TileSlot | None:
        """The player's concealed tile with this index."""
        for slot in self.seats[0].hand:
            if slot.index == index:
                return slot
        return None

    def slot_key(self, slot: TileSlot) -> SlotKey:
        """The key of a slot (role, seat, position in that seat's list of the role), for hiding it."""
        if slot.role in ("bao", "old_bao"):
            return (slot.role, -1, slot.index)
        lay = self.seats[slot.seat]
        group = lay.hand if slot.role == "hand" else lay.melds if slot.role == "meld" else lay.river
        return (slot.role, slot.seat, group.index(slot))

    def tiles(self) -> list[TileSlot]:
        """Every tile slot on the table."""
        out: list[TileSlot] = []
        for seat in self.seats:
            out += seat.hand + seat.melds + seat.river
        if self.bao is not None:
            out.append(self.bao)
        out += self.old_bao
        return out


def _face(width: int) -> tuple[int, int]:
    """(face height, thickness) of a tile with this face width."""
    return face_size(width)


def _meld_units(meld: MeldPicture) -> float:
    """Length of a meld along its owner's row, in tile widths (a sideways tile counts 1.34)."""
    units = 0.0
    for i in range(len(meld.tiles)):
        units += 1.34 if i == meld.claimed else 1.0
    return units


def _row_units(seat: SeatPicture, meld_scale: float) -> float:
    """Length of a seat's whole row (concealed, drawn gap, melds) in hand-tile widths."""
    units = float(len(seat.concealed))
    if seat.drawn_tile and seat.concealed:
        units += 0.4
    if seat.melds:
        units += (
            0.6
            + sum(_meld_units(m) * meld_scale for m in seat.melds)
            + 0.2 * meld_scale * (len(seat.melds) - 1)
        )
    return max(units, 1.0)


def _thickness(width: int, seat: SeatPicture, meld_width: int) -> int:
    """Depth of a seat's band across its row: a tile face height, or two tiles for a stacked 加杠."""
    fh, d = _face(width)
    deep = fh + d
    if any(m.added is not None for m in seat.melds):
        _mfh, md = _face(meld_width)
        deep = max(deep, 2 * meld_width + md)
    return deep


@dataclass
class _RowPlacer:
    """Places a seat's row of tiles along its band, in the owner's left-to-right order."""

    seat: int
    rel: SeatPicture
    width: int
    meld_width: int
    band: pygame.Rect
    start: int
    """Coordinate (along the row, in screen pixels) where the owner's first tile begins."""
    out: SeatLayout

    def place(self) -> None:
        """Concealed tiles, the drawn tile apart, then the melds."""
        w, mw = self.width, self.meld_width
        offset = 0
        n = len(self.rel.concealed)
        for i, kind in enumerate(self.rel.concealed):
            if self.rel.drawn_tile and i == n - 1 and n > 1:
                offset += round(0.4 * w)
            self.out.hand.append(self._slot(offset, w, w, False, kind, "hand", i))
            offset += w
        if self.rel.melds:
            offset += round(0.6 * w)
        mfh, _md = _face(mw)
        for mi, meld in enumerate(self.rel.melds):
            if mi:
                offset += round(0.2 * mw)
            for ti, kind in enumerate(meld.tiles):
                sideways = ti == meld.claimed
                length = mfh if sideways else mw
                self.out.melds.append(self._slot(offset, length, mw, sideways, kind, "meld", mi))
                if sideways and meld.added is not None:
                    self.out.melds.append(
                        self._slot(offset, length, mw, True, meld.added, "meld", mi, stacked=True)
                    )
                offset += length

    def _slot(
        self,
        offset: int,
        length: int,
        width: int,
        sideways: bool,
        kind: int | None,
        role: SlotRole,
        index: int,
        stacked: bool = False,
    ) -> TileSlot:
        """One tile at ``offset`` along the row; ``length`` is its extent along the row."""
        fh, d = _face(width)
        base_rot = SEAT_ROTATION[self.seat]
        rotation = (base_rot + (90 if sideways else 0)) % 360
        b = self.band
        if self.seat == 0:
            x = self.start + offset
            h = (width + d) if sideways else (fh + d)
            y = b.bottom - h - (width if stacked else 0)
            rect = pygame.Rect(x, y, length, h)
        elif self.seat == 2:
            x = self.start - offset - length
            h = (width + d) if sideways else (fh + d)
            y = b.top + (width if stacked else 0)
            rect = pygame.Rect(x, y, length, h)
        elif self.seat == 1:
            y = self.start - offset - length
            wdt = width if sideways else fh
            x = b.right - wdt - (width if stacked else 0)
            rect = pygame.Rect(x, y, wdt, length + d)
        else:
            y = self.start + offset
            wdt = width if sideways else fh
            x = b.left + (width if stacked else 0)
            rect = pygame.Rect(x, y, wdt, length + d)
        return TileSlot(rect, width, rotation, kind, role, self.seat, index, stacked=stacked)


MARKER_SIDE: Final = ("right", "above", "left", "below")
"""Per relative seat: the side of the newest discard where the latest-discard arrow sits, pointing at it:
where that river's next discard will go, so no other discard ever lies there. The player's row runs
right, 下家's up the screen, the opposite seat's left and 上家's down; a river's outer row stops a tile
short of the square's edge, so the arrow stays inside the square even after its last slot."""


def last_discard_marker(slot: TileSlot, bob: int = 0) -> list[tuple[int, int]]:
    """The three corners of the latest-discard arrow for a river slot; its tip points at the tile.

    ``bob`` moves the arrow away from the tile (negative: towards it) by that many pixels; the tip stays
    clear of the tile for any bob within :func:`marker_bob_range`.
    """
    size = _marker_size(slot.width)
    half = size // 2
    length = size // 2 + size // 3
    gap = 2 + marker_bob_range(slot)
    r = slot.rect
    x, y = r.centerx, r.y + (r.h - metrics(slot.width).depth) // 2
    side = MARKER_SIDE[slot.seat % 4]
    if side == "below":
        tip = r.bottom + gap + bob
        return [(x - half, tip + length), (x + half, tip + length), (x, tip)]
    if side == "above":
        tip = r.top - 1 - gap - bob
        return [(x - half, tip - length), (x + half, tip - length), (x, tip)]
    if side == "right":
        tip = r.right + gap + bob
        return [(tip + length, y - half), (tip + length, y + half), (tip, y)]
    tip = r.left - 1 - gap - bob
    return [(tip - length, y - half), (tip - length, y + half), (tip, y)]


def marker_bob_range(slot: TileSlot) -> int:
    """How far (pixels) the latest-discard arrow bobs either way."""
    return _bob(slot.width)


def _bob(width: int) -> int:
    """How far the latest-discard arrow bobs either way beside a river tile ``width`` wide."""
    return max(1, width // 10)


def _marker_size(width: int) -> int:
    """The latest-discard arrow's size beside a river tile ``width`` wide."""
    return max(5, width // 3)


def marker_reach(width: int) -> int:
    """How far past its tile the latest-discard arrow reaches at most (its gap, its length and its bob)."""
    size = _marker_size(width)
    return 2 + 2 * _bob(width) + size // 2 + size // 3


def marker_halo(slot: TileSlot) -> pygame.Rect:
    """The latest discard's ring: the tile's face (its slot without the thickness band), drawn inside it so
    the neighbouring discards are left alone."""
    return pygame.Rect(slot.rect.x, slot.rect.y, slot.rect.w, slot.rect.h - metrics(slot.width).depth)


def marker_rect(points: list[tuple[int, int]]) -> pygame.Rect:
    """The pixels an arrow from :func:`last_discard_marker` covers (corners included)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _river_depth(rw: int, rows: int) -> int:
    """How far a river of ``rows`` rows reaches out from the centre box (the gap included)."""
    fh, d = _face(rw)
    return _river_gap(rw) + rows * fh + d


def _river_gap(rw: int) -> int:
    """Felt between the centre box and the first row of each river."""
    return max(2, round(0.2 * rw))


def _box_side(rw: int) -> int:
    """The centre box's side for a river tile width: narrower than a row of six (the pinwheel)."""
    return round(BOX_TILES * rw)


def _row_capacity(rw: int, rows: int) -> int:
    """Tiles the outer (last) row of a river holds: its six and on into the corner of the square, a tile
    short of the square's edge (where the latest-discard arrow goes after the last one)."""
    return max(RIVER_COLUMNS, (_box_side(rw) + _river_depth(rw, rows)) // rw - 1)


def river_rows(discards: int, rw: int) -> int:
    """Rows a river needs: three, the last running on into the corner; a fourth only for a very long one."""
    rows = 3
    while discards > RIVER_COLUMNS * (rows - 1) + _row_capacity(rw, rows):
        rows += 1
    return rows


def _square_side(rw: int, rows: int) -> int:
    """The central square (box and rivers) for a river tile width."""
    return _box_side(rw) + 2 * _river_depth(rw, rows)


def _river_slot(s: int, row: int, along: int, box: pygame.Rect, rw: int, sideways: bool) -> pygame.Rect:
    """Where a discard of row ``row`` of seat ``s`` lies, ``along`` pixels into its row: rows of six starting
    at the owner's left corner of the centre box and running past its right one (the pinwheel of the real
    table). A ``sideways`` discard (the one that declared 听) is turned a quarter, flush with the row's far
    edge, and takes a face's height of the row."""
    fh, d = _face(rw)
    gap = _river_gap(rw)
    length = fh if sideways else rw  # of its row it takes (a sideways one lies length - rw further out)
    w, h = (rw, fh + d) if (s % 2 == 0) != sideways else (fh, rw + d)
    x, y = (
        (box.left + along, box.bottom + gap + row * fh + length - rw),
        (box.right + gap + row * fh + length - rw, box.bottom - along - length),
        (box.right - along - length, box.top - gap - (row + 1) * fh - d),
        (box.left - gap - (row + 1) * fh, box.top + along),
    )[s]
    return pygame.Rect(x, y, w, h)


def _fit_rivers(height: int, width: int, hw_ideal: int, most: int) -> tuple[int, int]:
    """The largest river tile width (and its rows) whose square fits ``height`` and ``width``; about 0.7 of
    the player's tiles at most."""
    room = min(height, width)
    rw = max(10, min(round(hw_ideal * 0.7), room * 10 // 128 + 2))  # a square is about 12.7 tiles
    while rw > 10:
        rows = river_rows(most, rw)
        side = _square_side(rw, rows)
        if side <= height and side <= width:
            break
        rw -= 1
    return rw, river_rows(most, rw)


def compute_layout(size: tuple[int, int], picture: TablePicture, ui_scale: float = 1.0) -> TableLayout:
    """Lay the table out for a window size (any size from 1024x640 up) and a picture."""
    W, H = size
    unit = min(W / 1280, H / 720)
    text_scale = unit * max(0.8, min(1.4, ui_scale))
    margin = max(6, round(10 * unit))
    seats = picture.seats
    plate_w = max(150, min(round(250 * text_scale), W // 5))
    plate_h = round(78 * text_scale)
    column_min = max(plate_w, round(230 * text_scale), round(290 * unit))
    """A side column holds the info or action panel (the tracker's rows of seven with each count beside its
    tile under the 宝 panel need 290 px at 1280x720's scale)."""

    # --- the player's row along the bottom: the tools, then the hand as large as fits ------------
    hand_scale = 0.82
    # two tool buttons side by side, each label whole: "Hints: Reasons (F1)" takes about 150 px at 1280x720's
    # scale, "提示：理由（F1）" 130 px at the 12 px the smallest window's buttons use
    tools_w = max(plate_w, 272, round(312 * text_scale))
    start0 = margin + tools_w + 2 * margin
    # as large as the window's height allows, but never so large that a full row (thirteen tiles and the
    # one drawn, or as many with melds) must shrink: the hand's size stays put from one turn to the next
    by_height = round(H * 0.095 * max(0.85, min(1.2, ui_scale)))
    # at most 124 px up to full HD's scale, larger beyond it (4K sees full HD's table, twice as large)
    most_hand = round(124 * max(1.0, unit / 1.5))
    hw_ideal = max(28, min(most_hand, by_height, int((W - margin - start0) / FULL_ROW_UNITS)))
    hw = min(hw_ideal, int((W - margin - start0) / _row_units(seats[0], hand_scale)))
    hw = max(14, hw)
    mw0 = max(12, round(hw * hand_scale))
    lift = max(3, round(hw * 0.24))
    bottom_deep = max(_thickness(hw, seats[0], mw0), metrics(hw).height, plate_h)
    bottom_band = pygame.Rect(0, H - margin - bottom_deep, W, bottom_deep)

    # --- opponents' tile width and band depths ------------------------------------------------
    ow_ideal = max(14, round(hw_ideal * 0.56))
    side_seats = (1, 3)
    gap_b = margin

    # --- the central square: the largest river tiles that fit between the opposite seat's band and the
    # player's; each opponent's band as deep as its tiles, which its length may make smaller than the ideal
    # (the side seats' up to SIDE_SCALE of the player's: their rows are the window's height) -------------
    region_bottom = bottom_band.top - lift - margin
    most = max((len(s.river) for s in seats), default=0)
    ow_top = ow_ideal
    sides = [max(14, round(hw_ideal * SIDE_SCALE))] * 2
    for _ in range(3):
        top_deep = _thickness(ow_top, seats[2], ow_top)
        side_deep = [_thickness(w, seats[s], w) for w, s in zip(sides, side_seats, strict=True)]
        region_top = top_deep + 2 * margin
        avail_h = W - 2 * (max(side_deep) + gap_b + margin) - 2 * (column_min + margin)
        rw, rows = _fit_rivers(region_bottom - region_top, avail_h, hw_ideal, most)
        top_room = _square_side(rw, rows) + 2 * gap_b + sum(side_deep)  # the top band less its margins
        ow_top = max(10, min(ow_top, int(top_room / _row_units(seats[2], 1.0))))
        length = region_bottom - region_top - margin
        most_side = ow_ideal if avail_h < region_bottom - region_top else hw_ideal  # a narrow window: the
        sides = [  # side seats' tiles give way before the square does
            max(10, min(w, most_side, int((length - _face(w)[1]) / _row_units(seats[s], 1.0))))
            for w, s in zip(sides, side_seats, strict=True)
        ]
    square_side = _square_side(rw, rows)
    square = pygame.Rect(0, 0, square_side, square_side)
    square.center = (W // 2, (region_top + region_bottom) // 2)
    b = _box_side(rw)
    centre = pygame.Rect(0, 0, b, b)
    centre.center = square.center

    # --- side bands, columns and the plates beside their hands ---------------------------------
    right_band = pygame.Rect(square.right + gap_b, region_top, side_deep[0], region_bottom - region_top)
    left_band = pygame.Rect(square.left - gap_b - side_deep[1], region_top, side_deep[1], right_band.h)
    col_left = left_band.left - margin
    col_right = right_band.right + margin
    # the table's tools left of the hand, under the info column, down to the window's foot
    tools_top = min(H - margin - plate_h, bottom_band.top - lift)
    tools_area = pygame.Rect(margin, tools_top, tools_w, H - margin - tools_top)
    plates = _corner_plates(square, centre, rw, rows, (plate_w, plate_h), (region_top, region_bottom))
    # the right column, top to bottom: the claim bar and the key legend; at its foot, just above the right
    # end of the hand, the live claim buttons float, large, while a claim is offered (over the key legend)
    action_area = pygame.Rect(col_right + margin, margin, W - col_right - 2 * margin, 0)
    action_area.h = max(0, bottom_band.top - lift - margin - action_area.y)
    inside = max(4, round(12 * unit))  # the column panel's padding
    prompt_h = round(action_area.h * 0.45)  # three large buttons: a call, the call to ready, pass
    prompt_area = pygame.Rect(
        action_area.x + inside, action_area.bottom - inside - prompt_h, action_area.w - 2 * inside, prompt_h
    )
    # the info column reaches from the top to a margin from the left seat's hand (its panels take the room)
    info_area = pygame.Rect(margin, margin, max(0, col_left - margin), 0)
    info_area.h = max(0, bottom_band.top - lift - margin - info_area.y)
    top_band = pygame.Rect(col_left, margin, col_right - col_left, top_deep)

    layouts = [SeatLayout(seat=i) for i in range(4)]
    for i, lay in enumerate(layouts):
        lay.plate = plates[i]

    # --- hands, each starting beside its plate --------------------------------------------------
    layouts[0].band = bottom_band
    layouts[0].tile_width = hw
    _RowPlacer(0, seats[0], hw, mw0, bottom_band, start0, layouts[0]).place()
    layouts[2].band = top_band
    layouts[2].tile_width = ow_top
    _RowPlacer(2, seats[2], ow_top, ow_top, top_band, top_band.right - margin, layouts[2]).place()
    for s, band, ow in ((1, right_band, sides[0]), (3, left_band, sides[1])):
        layouts[s].band = band
        layouts[s].tile_width = ow
        start = band.bottom - _face(ow)[1] if s == 1 else band.top
        _RowPlacer(s, seats[s], ow, ow, band, start, layouts[s]).place()

    # --- rivers: rows of six in front of each seat, the last row running on; the 听 discard sideways ---
    river_fh = _face(rw)[0]
    for s in range(4):
        lay = layouts[s]
        rot = SEAT_ROTATION[s]
        along, last_row = 0, 0
        for i, tile in enumerate(seats[s].river):
            row = min(i // RIVER_COLUMNS, rows - 1)
            if row != last_row:
                along, last_row = 0, row
            rect = _river_slot(s, row, along, centre, rw, sideways=tile.ting)
            along += river_fh if tile.ting else rw
            lay.river.append(
                TileSlot(
                    rect,
                    rw,
                    (rot + 90) % 360 if tile.ting else rot,
                    tile.kind,
                    "river",
                    s,
                    i,
                    called=tile.called,
                    ting=tile.ting,
                    from_draw=tile.from_draw,
                )
            )
        first = _river_slot(s, 0, 0, centre, rw, False)
        far = _river_slot(s, rows - 1, (RIVER_COLUMNS - 1) * rw, centre, rw, False)
        lay.river_area = first.union(far)

    # --- the centre box: wall ring, 宝, dice, count ------------------------------------------
    wall, inner, _stack_w = _wall_ring(centre, picture)
    iw, ih = inner.w, inner.h
    bao_w = max(10, min(round(iw * 0.17), rw))
    bao_fh, bao_d = _face(bao_w)
    bao_y = inner.top + round(ih * 0.52)
    bao_slot: TileSlot | None = None
    if picture.bao_present:
        bao_rect = pygame.Rect(inner.centerx - bao_w // 2, bao_y, bao_w, bao_fh + bao_d)
        bao_slot = TileSlot(bao_rect, bao_w, 0, picture.bao, "bao")
    # the replaced 宝s beside it, nearly its size (issue 24: they were too small to read); as many of
    # the latest as fit, the newest last (where the 换宝 animation flies the old one)
    old_w = max(10, round(bao_w * 0.9))
    old_fh, old_d = _face(old_w)
    old_slots = []
    ox = inner.centerx + bao_w // 2 + max(6, bao_w // 3)
    room = inner.right - round(iw * 0.08) - ox
    fits = max(1, min(3, (room + 2) // (old_w + 2)))
    for i, kind in enumerate(picture.old_bao[-fits:] if picture.old_bao else ()):
        rect = pygame.Rect(ox + i * (old_w + 2), bao_y + (bao_fh - old_fh), old_w, old_fh + old_d)
        old_slots.append(TileSlot(rect, old_w, 0, kind, "old_bao", index=i))
    die = max(8, round(iw * 0.1))
    dx = inner.right - max(2, iw // 20) - 2 * die - max(2, die // 4)
    dy = inner.top + round(ih * 0.05)
    dice = [
        pygame.Rect(dx, dy, die, die),
        pygame.Rect(dx + die + max(2, die // 4), dy + die // 3, die, die),
    ]
    wind_off = round(iw * 0.1)
    wind_centres = [
        (inner.centerx, inner.bottom - wind_off),
        (inner.right - wind_off, inner.centery),
        (inner.centerx, inner.top + wind_off),
        (inner.left + wind_off, inner.centery),
    ]
    return TableLayout(
        size=(W, H),
        seats=layouts,
        square=square,
        centre=centre,
        inner=inner,
        wall=wall,
        bao=bao_slot,
        old_bao=old_slots,
        dice=dice,
        count_centre=(inner.centerx, inner.top + round(ih * 0.4)),
        count_size=max(12, round(iw * 0.16)),
        bao_label=(inner.centerx - bao_w // 2 - max(4, iw // 40), bao_y + bao_fh // 2),
        wind_centres=wind_centres,
        action_area=action_area,
        info_area=info_area,
        prompt_area=prompt_area,
        tools_area=tools_area,
        hand_width=hw,
        river_width=rw,
        river_rows=rows,
        lift=lift,
        text_scale=text_scale,
    )


def _corner_plates(
    square: pygame.Rect,
    centre: pygame.Rect,
    rw: int,
    rows: int,
    most: tuple[int, int],
    region: tuple[int, int],
) -> list[pygame.Rect]:
    """Every seat's plate in a corner of the central square, by seat: each in the corner where its hand
    begins (yours above the left end of your hand), clear of the river whose sixth tiles overhang into that
    corner and of the row of the other river that runs on along the corner's far edge (a long river's
    room, and a gap that keeps the plate nearer its own hand than the other hand beside that corner).
    ``region``: the top and bottom of the room between the opposite hand and yours; 对家's plate reaches up
    and yours down into what the square leaves of it, toward their hands."""
    fh, d = _face(rw)
    depth = _river_depth(rw, rows)
    inset = max(3, rw // 8)
    arrow = marker_reach(rw)  # the latest-discard arrow after a sixth tile
    beside = depth - rw - d - arrow - 2 * inset  # the corner less the overhanging sixth tiles and the arrow
    behind = depth - fh - d - 2 * inset  # the corner less the last row running on
    most_w, tallest = most[0], round(most[1] * 1.5)
    highest, lowest = region
    wide = (min(most_w, beside), min(tallest, behind))
    tall = (min(most_w, behind), min(tallest, beside))
    # you (your hand begins at the left): left of your river, under 上家's overhang, right of its last row
    below = centre.bottom + rw + d + arrow + inset  # under 上家's overhang
    own = pygame.Rect(0, 0, tall[0], min(tallest, max(tall[1], lowest - below)))
    own.bottomright = (centre.left - inset, max(square.bottom - inset, lowest))
    # 下家 (its hand begins at the bottom of the right column): right of your river's overhang, above
    # your last row
    right = pygame.Rect((0, 0), wide)
    right.topright = (square.right - inset, centre.bottom + d + inset)  # its overhang is your river's
    # 对家 (its hand begins at the top's right end): above 下家's overhang, left of 下家's last row
    above = centre.top - rw - d - arrow - inset  # over 下家's overhang
    top = pygame.Rect(0, 0, tall[0], min(tallest, max(tall[1], above - highest)))
    top.topleft = (centre.right + inset, min(square.top + inset, highest))
    # 上家 (its hand begins at the top of the left column): left of 对家's overhang, under 对家's last row
    left = pygame.Rect((0, 0), wide)
    left.bottomleft = (square.left + inset, centre.top - inset)
    return [own, right, top, left]


def _wall_ring(centre: pygame.Rect, picture: TablePicture) -> tuple[list[WallStack], pygame.Rect, int]:
    """The wall: a pinwheel ring of 14 stacks a side in the centre box (stacks, inner box, stack width)."""
    m = max(2, centre.w // 48)
    ww = max(5, (centre.w - 2 * m) // 16)
    while ww > 5:
        fh, d = _face(ww)
        dep = fh + 2 * d
        if 14 * ww + dep + 2 * d <= centre.w - 2 * m:
            break
        ww -= 1
    fh, d = _face(ww)
    dep = fh + 2 * d
    positions: list[tuple[pygame.Rect, int]] = []
    # clockwise on screen: along the bottom leftwards, up the left, along the top rightwards, down the right
    for p in range(14):
        positions.append((pygame.Rect(centre.left + m + (13 - p) * ww, centre.bottom - m - dep, ww, dep), 0))
    for p in range(14):
        positions.append((pygame.Rect(centre.left + m, centre.top + m + (13 - p) * ww, fh, ww + 2 * d), 270))
    for p in range(14):
        positions.append((pygame.Rect(centre.right - m - 14 * ww + p * ww, centre.top + m, ww, dep), 180))
    for p in range(14):
        y = centre.bottom - m - 2 * d - 14 * ww + p * ww
        positions.append((pygame.Rect(centre.right - m - fh, y, fh, ww + 2 * d), 90))
    remaining = max(0, picture.wall_live) + max(0, picture.wall_kept)
    stacks_left = min(WALL_STACKS, (remaining + 1) // 2)
    kept_stacks = min(stacks_left, (max(0, picture.wall_kept) + 1) // 2)
    tail = (picture.wall_break - 1) % WALL_STACKS
    wall: list[WallStack] = []
    for j in range(stacks_left):
        pos = (tail - j) % WALL_STACKS
        rect, rot = positions[pos]
        layers = 1 if (remaining % 2 == 1 and j == stacks_left - 1) else 2
        wall.append(WallStack(rect, ww, rot, layers, kept=j < kept_stacks))
    inner = centre.inflate(-2 * (m + dep), -2 * (m + dep))
    return wall, inner, ww


__all__ = [
    "MARKER_SIDE",
    "SEAT_ROTATION",
    "SeatLayout",
    "SlotKey",
    "TableLayout",
    "TileSlot",
    "WallStack",
    "compute_layout",
    "last_discard_marker",
    "marker_bob_range",
    "marker_halo",
    "marker_rect",
    "river_rows",
]
