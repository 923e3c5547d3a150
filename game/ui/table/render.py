"""The table renderer: draws a :class:`~game.table.picture.TablePicture` with a computed layout.

It draws, back to front: the felt and the play area, the centre box with the
wall ring, 宝, dice, seat winds and the tile count, the four rivers (markers on
the latest discard and on the discard that declared 听), the opponents' hands
and melds, the player's hand (hover lift, selection, hint and dimmed states)
and the name plates (wind, dealer, score, level, 听, whose turn).

``python -m game.ui.table.demo_picture --demo out.png`` renders a busy late-hand table
to a PNG; :mod:`game.benchmarks.renderer` times drawing it.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.glossary import Lang
from game.table.picture import TablePicture
from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileArt, TileState, WantKey
from game.ui.kit.widgets import Backdrop
from game.ui.table.centre import CentrePainter
from game.ui.table.layout import SlotKey, TableLayout, TileSlot, compute_layout
from game.ui.table.marks import (
    blit_tile,
    draw_called_ghost,
    draw_from_draw_veil,
    draw_last_marker,
)
from game.ui.table.plates import PlatePainter
from game.ui.words.i18n import tr

BASES_KEPT = 2
"""How many felt-and-mat images the renderer keeps (one per central square recently drawn)."""


@dataclass(eq=False)
class _Part:
    """One cached piece of the still layer: its tiles, where it goes and its image."""

    key: object
    slots: tuple[TileSlot, ...]
    river: bool = False
    seat: int = -1
    lang: Lang = "zh"
    bounds: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    image: pygame.Surface | None = None
    stood_in: tuple[WantKey, ...] = ()
    """The tile images drawn as stand-ins in this image (none when every tile was exact)."""

    def stale(self, tiles: TileArt) -> bool:
        """Whether a tile stood in for here has been drawn since (the image can be better now)."""
        return bool(self.stood_in) and tiles.any_made(self.stood_in)

    def current(self, key: object, tiles: TileArt) -> bool:
        """Whether this image still shows ``key`` as well as it can (no stand-in has a real tile now)."""
        return self.key == key and not self.stale(tiles)


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Dirty rectangles with overlapping ones joined (fewer, larger blits)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        merged = True
        while merged:
            merged = False
            for other in out:
                if other.colliderect(rect):
                    rect.union_ip(other)
                    out.remove(other)
                    merged = True
                    break
        out.append(rect)
    return out


@dataclass(frozen=True)
class HandUI:
    """The player's interaction state with their hand: which tile is under the mouse or chosen."""

    hover: int | None = None
    selected: int | None = None


class TableRenderer:
    """Draws table pictures; owns a small layout cache. Give it the app's fonts and tile art."""

    def __init__(self, fonts: FontBook, tiles: TileArt, backdrop: Backdrop | None = None) -> None:
        self.fonts = fonts
        self.tiles = tiles
        self.backdrop = backdrop if backdrop is not None else Backdrop()
        self._layout_key: tuple[object, ...] | None = None
        self._layout: TableLayout | None = None
        self._mat: tuple[tuple[int, int, int, int], pygame.Surface] | None = None
        self._surfaces: dict[tuple[object, ...], pygame.Surface] = {}
        """Reusable images (panels, glows, the centre box), keyed by what they depend on."""
        self._static: tuple[object, TablePicture, TableLayout, pygame.Surface] | None = None
        """The still part of the last frame: (key, picture, layout, image)."""
        self._base: pygame.Surface | None = None
        """The felt and the mat for the current size."""
        self._base_key: object = None
        self._bases: dict[object, pygame.Surface] = {}
        """The last :data:`BASES_KEPT` felt-and-mat images by their key, oldest first."""
        self._part_cache: dict[str, _Part] = {}
        self._tile_style: tuple[str, bool] | None = None
        """The palette and corner index the cached parts were drawn in."""
        self._centre_cache: object = None
        self._static_version = 0
        """Counts changes of the still layer's pixels (its image is reused in place)."""
        self._snapshots: dict[str, tuple[int, tuple[object, ...], pygame.Surface]] = {}
        """Pixels of the hand and the name plates as last drawn, with the still layer's version under
        them (see :meth:`_snapshot`)."""
        self._changes: deque[tuple[int, list[pygame.Rect]]] = deque(maxlen=64)
        """The areas of the still layer each recent version redrew (to know what a snapshot still shows)."""
        self.centre = CentrePainter(fonts, tiles, self._surfaces)
        self.plates = PlatePainter(fonts, self._surfaces)
        self.progressive = False
        """Draw tiles not made yet at their size as scaled stand-ins (redrawn once the real ones exist)
        instead of making them on the spot; whoever sets this calls ``TileArt.draw_wanted`` each frame."""

    def invalidate(self) -> None:
        """Forget every drawn image, so the next frame draws everything again (the fit tests record it)."""
        self._static = None
        self._bases = {}
        self._part_cache = {}
        self._centre_cache = None
        self._snapshots = {}
        self._changes.clear()
        self.plates.forget()

    def layout(self, size: tuple[int, int], picture: TablePicture, ui_scale: float = 1.0) -> TableLayout:
        """The layout for a size and picture, reused while nothing that moves tiles has changed."""
        key = (size, ui_scale, picture)
        if self._layout is None or self._layout_key != key:
            self._layout = compute_layout(size, picture, ui_scale)
            self._layout_key = key
        return self._layout

    # ------------------------------------------------------------------ drawing
    def draw(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        *,
        lang: Lang = "zh",
        hand: HandUI | None = None,
        clock: float = 0.0,
        hidden: frozenset[SlotKey] = frozenset(),
        scores: tuple[int, ...] | None = None,
        names: tuple[str, ...] | None = None,
        thinking: int | None = None,
    ) -> None:
        """Draw the whole table; slots named in ``hidden`` are left out (a tile in flight); ``thinking`` is
        the relative seat whose AI decides now (its plate says so).

        Everything that stays still between two pictures (felt, centre, rivers, the other hands,
        melds) is drawn once into a cached layer; each frame blits it and draws only what moves:
        the latest-discard marker, the player's hand and the name plates. ``scores`` are the scores
        the plates show (counting up after a hand), ``names`` the plates' names (the picture's by default).
        """
        hand = hand if hand is not None else HandUI()
        surface.blit(self._static_layer(surface, picture, layout, lang, hidden), (0, 0))
        marker = self._draw_last_marker(surface, picture, layout, clock, hidden)
        drawn = [marker] if marker is not None else []
        area = self._hand_area(layout)
        if area.collidelist(drawn) != -1:
            self._draw_player_hand(surface, picture, layout, hand, hidden, lang)
        else:
            style = (self.tiles.palette, self.tiles.corner_index)
            hand_key = (picture.seats[0], picture.playable, picture.hints, hand, hidden, style, lang)
            self._snapshot(
                surface,
                "hand",
                area,
                layout,
                hand_key,
                lambda: self._draw_player_hand(surface, picture, layout, hand, hidden, lang),
            )
        drawn.append(area)
        for s in range(4):
            seat = picture.seats[s]
            active = picture.turn == s
            region = self.plates.region(layout.seats[s].plate, active)
            overlaps = region.collidelist(drawn) != -1
            drawn.append(region)
            score = seat.score if scores is None else scores[s]
            name = (names[s] if names is not None else seat.name) or tr("seat.you", lang)

            deciding = thinking == s

            def paint(
                s: int = s,
                score: int = score,
                name: str = name,
                active: bool = active,
                deciding: bool = deciding,
            ) -> None:
                self.plates.draw(
                    surface,
                    picture.seats[s],
                    layout.seats[s].plate,
                    layout.text_scale,
                    lang,
                    active=active,
                    score=score,
                    name=name,
                    thinking=deciding,
                )

            if overlaps:
                paint()
                continue
            plate_key = (
                seat.level,
                seat.wind,
                seat.dealer,
                seat.locked,
                seat.ting,
                score,
                name,
                lang,
                active,
                deciding,
            )
            self._snapshot(surface, f"plate{s}", region, layout, plate_key, paint)
        self._draw_winning_mark(surface, picture, layout)

    def _draw_winning_mark(self, surface: pygame.Surface, picture: TablePicture, layout: TableLayout) -> None:
        """After a win: a gold ring round the winning tile in the hand laid out face up, and round the 宝
        when the win was on it (摸宝, 宝中宝)."""
        if picture.bao_won and layout.bao is not None:
            slot = layout.bao
            ring = slot.rect.inflate(8, 8)
            pygame.draw.rect(surface, COLOURS.turn, ring, width=3, border_radius=max(4, slot.width // 8))
        if picture.winning is None:
            return
        seat, index = picture.winning
        hand = layout.seats[seat].hand
        if 0 <= index < len(hand):
            slot = hand[index]
            ring = slot.rect.inflate(6, 6)
            pygame.draw.rect(surface, COLOURS.turn, ring, width=3, border_radius=max(4, slot.width // 8))

    def _snapshot(
        self,
        surface: pygame.Surface,
        name: str,
        region: pygame.Rect,
        layout: TableLayout,
        key: tuple[object, ...],
        draw: Callable[[], None],
    ) -> None:
        """Draw something that only covers ``region`` over the still layer, or put back its pixels
        from the last frame when neither it (``key``) nor the still layer under it has changed.

        Only for things drawn where nothing else has been drawn over the still layer yet this frame
        (the caller checks), so the pixels are exactly those drawing again would give. Images drawn
        with stand-in tiles are not kept (the real tiles will replace them).
        """
        key = (*key, region.topleft, region.size)
        kept = self._snapshots.get(name)
        if kept is not None and kept[1] == key and self._unchanged_since(kept[0], region):
            surface.blit(kept[2], region)
            return
        with self.tiles.recording() as stood_in:
            draw()
        if not stood_in and surface.get_rect().contains(region):
            self._snapshots[name] = (self._static_version, key, surface.subsurface(region).copy())
        else:
            self._snapshots.pop(name, None)

    def _unchanged_since(self, version: int, region: pygame.Rect) -> bool:
        """Whether the still layer under ``region`` is as it was at ``version`` (every redraw since then
        was elsewhere: a discard redraws a river, not the felt under a plate)."""
        if version == self._static_version:
            return True
        later = [areas for v, areas in self._changes if v > version]
        if len(later) != self._static_version - version:  # older than the history kept
            return False
        return all(region.collidelist(areas) == -1 for areas in later)

    def _hand_area(self, layout: TableLayout) -> pygame.Rect:
        """Where the player's concealed tiles (lifted, with shadows and the 扣听 seal) may draw."""
        slots = layout.seats[0].hand
        if not slots:
            return pygame.Rect(0, 0, 0, 0)
        band = slots[0].rect.unionall([sl.rect for sl in slots])
        reach = layout.lift + layout.hand_width + 8  # the lift, or the seal above the laid-down hand
        shadow = 2 + 2 * max(1, layout.hand_width // 16)  # the shadows, right and down (marks.blit_tile)
        return pygame.Rect(band.x - 2, band.y - reach, band.w + layout.hand_width, band.h + reach + shadow)

    def _static_layer(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        lang: Lang,
        hidden: frozenset[SlotKey],
    ) -> pygame.Surface:
        """The cached image of everything that does not move for this picture and layout.

        It is made of parts — the felt with the mat, the centre box, each river, each
        opponent's hand with its melds, the player's melds — each cached by what it shows.
        When the picture changes, only the regions of the parts that changed are composed
        again (a discard redraws one river and one hand, not the whole table).
        """
        size = surface.get_size()
        style = (self.tiles.palette, self.tiles.corner_index)
        if style != self._tile_style:  # every tile image on the layer is drawn in the old style
            self._part_cache = {}
            self._tile_style = style
        key = (size, lang, hidden, style)
        cached = self._static
        fresh = not any(p.stale(self.tiles) for p in self._part_cache.values())
        if cached is not None and cached[0] == key and cached[1] is picture and cached[2] is layout and fresh:
            return cached[3]
        base_key = (size, tuple(layout.square), layout.river_width, style)
        parts = self._parts_for(picture, layout, hidden, lang)
        centre_key = self.centre.key(picture, layout, lang, hidden)
        layer = cached[3] if cached is not None and cached[3].get_size() == size else None
        full = layer is None or self._base_key != base_key
        if layer is None:
            layer = pygame.Surface(size)
            with contextlib.suppress(pygame.error):  # convert() needs a display surface
                layer = layer.convert()
        if full:
            self._base_key = base_key
            self._base = self._base_for(base_key, layer, layout)
            dirty = [layer.get_rect()]
        else:
            dirty = []
            if centre_key != self._centre_cache:
                dirty.append(self.centre.bounds(layout))
        for name, part in parts.items():
            old = self._part_cache.get(name)
            if old is not None and old.current(part.key, self.tiles):
                parts[name] = old
                continue
            self._paint_part(part, layout)  # first: its new bounds are part of what must be redrawn
            if not full:
                dirty += [r for r in (old.bounds if old is not None else None, part.bounds) if r and r.w]
        if not full:
            dirty += [self._part_cache[name].bounds for name in set(self._part_cache) - set(parts)]
        self._part_cache = parts
        self._centre_cache = centre_key
        assert self._base is not None
        centre_bounds = self.centre.bounds(layout)
        dirty = _merge(dirty)
        for rect in dirty:
            layer.set_clip(rect)
            layer.blit(self._base, rect, rect)
            if rect.colliderect(centre_bounds):
                self.centre.draw(layer, picture, layout, lang, hidden)
            for part in parts.values():
                if part.image is not None and rect.colliderect(part.bounds):
                    layer.blit(part.image, part.bounds)
        layer.set_clip(None)
        self._static = (key, picture, layout, layer)
        self._static_version += 1
        self._changes.append((self._static_version, dirty))
        return layer

    def _base_for(self, key: object, layer: pygame.Surface, layout: TableLayout) -> pygame.Surface:
        """The felt with the mat for a central square (``key``), made once and kept for the last
        :data:`BASES_KEPT` squares: seeking between a hand whose rivers take three rows and one that
        needs four goes back and forth between two squares, and a full-window image costs a few ms."""
        base = self._bases.pop(key, None)
        if base is None:
            base = layer.copy()
            base.blit(self.backdrop.felt(layer.get_size()), (0, 0))
            self._draw_mat(base, layout)
        self._bases[key] = base
        while len(self._bases) > BASES_KEPT:
            del self._bases[next(iter(self._bases))]
        return base

    def _parts_for(
        self, picture: TablePicture, layout: TableLayout, hidden: frozenset[SlotKey], lang: Lang
    ) -> dict[str, _Part]:
        """The still parts of the table (rivers, hands and melds), each keyed by what it shows."""
        parts: dict[str, _Part] = {}
        for s in (2, 1, 3, 0):
            slots = tuple(sl for sl in layout.seats[s].river if ("river", s, sl.index) not in hidden)
            parts[f"river{s}"] = _Part((slots, "river"), slots, river=True)
        for s in (2, 1, 3):
            lay = layout.seats[s]
            slots = (
                tuple(sl for i, sl in enumerate(lay.hand) if ("hand", s, i) not in hidden)
                + tuple(sl for i, sl in enumerate(lay.melds) if ("meld", s, i) not in hidden)
                if hidden
                else tuple(lay.hand + lay.melds)
            )
            parts[f"hand{s}"] = _Part((slots, lang), slots, seat=s, lang=lang)
        melds = tuple(sl for i, sl in enumerate(layout.seats[0].melds) if ("meld", 0, i) not in hidden)
        parts["melds0"] = _Part((melds, None), melds)
        return parts

    def _paint_part(self, part: _Part, layout: TableLayout) -> None:
        """Draw one part into its own transparent image."""
        rects = [sl.rect for sl in part.slots]
        if not rects:
            part.bounds, part.image = pygame.Rect(0, 0, 0, 0), None
            return
        # room for the shadows (right and down), no more: a river redrawn must not reach the centre box or
        # the plates beside the hands
        margin = max(4, max((sl.width for sl in part.slots), default=8) // 6 + 2)
        bounds = rects[0].unionall(rects[1:]).inflate(2 * margin, 2 * margin)
        image = pygame.Surface(bounds.size, pygame.SRCALPHA)
        origin = bounds.topleft
        with self.tiles.recording() as stood_in:
            for slot in sorted(part.slots, key=lambda sl: (sl.stacked, sl.rect.bottom)):
                if part.river and slot.called:
                    draw_called_ghost(image, self.tiles, slot, origin, quick=self.progressive)
                    continue
                self._blit_tile(image, slot, origin=origin, quick=self.progressive)
                if part.river and slot.from_draw:
                    draw_from_draw_veil(image, slot, origin)
        part.stood_in = tuple(stood_in)
        part.bounds, part.image = bounds, image

    def _blit_tile(
        self,
        surface: pygame.Surface,
        slot: TileSlot,
        state: TileState = "normal",
        dy: int = 0,
        origin: tuple[int, int] = (0, 0),
        quick: bool = False,
    ) -> None:
        blit_tile(surface, self.tiles, slot, state, dy, origin, quick)

    def _draw_mat(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """A slightly lighter cloth under the rivers, with a fine stitched edge."""
        rect = layout.square.inflate(layout.river_width, layout.river_width)
        key = (rect.w, rect.h, layout.river_width, 0)
        if self._mat is None or self._mat[0] != key:
            mat = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = layout.river_width
            pygame.draw.rect(mat, (255, 255, 255, 14), mat.get_rect(), border_radius=radius)
            inner = mat.get_rect().inflate(-6, -6)
            pygame.draw.rect(mat, (*COLOURS.felt_line, 150), inner, width=1, border_radius=max(2, radius - 3))
            self._mat = (key, mat)
        surface.blit(self._mat[1], rect)

    def _draw_last_marker(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        clock: float,
        hidden: frozenset[SlotKey] = frozenset(),
    ) -> pygame.Rect | None:
        """The latest discard's halo and arrow; returns the area drawn on, if any."""
        s = picture.last_discard_seat
        if s is None or not layout.seats[s].river:
            return None
        last = layout.seats[s].river[-1]
        if ("river", s, last.index) in hidden:
            return None
        return draw_last_marker(surface, last, clock)

    # ------------------------------------------------------------------ the player's hand
    def _draw_player_hand(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        hand: HandUI,
        hidden: frozenset[SlotKey] = frozenset(),
        lang: Lang = "zh",
    ) -> None:
        """Concealed tiles with lift, selection, hint and dimmed states (the melds are in the still layer)."""
        seat = picture.seats[0]
        lay = layout.seats[0]
        raised: list[tuple[TileSlot, TileState, int]] = []
        for slot in lay.hand:
            if hidden and ("hand", 0, slot.index) in hidden:
                continue
            state: TileState = "normal"
            dy = 0
            if seat.locked or (picture.playable is not None and slot.index not in picture.playable):
                state = "dimmed"
                dy = -layout.lift if slot.index == hand.selected and not seat.locked else 0  # cursor
            elif slot.index == hand.selected:
                state, dy = "highlight", -layout.lift
            elif slot.index in picture.hints:
                state = "hint"
            if not seat.locked and slot.index == hand.hover and state != "dimmed":
                dy = -layout.lift
            if dy:
                raised.append((slot, state, dy))
            else:
                self._blit_tile(surface, slot, state, quick=self.progressive)
        for slot, state, dy in raised:
            self._blit_tile(surface, slot, state, dy, quick=self.progressive)
