"""The table renderer: draws a :class:`~game.ui.picture.TablePicture` with a computed layout.

It draws, back to front: the felt and the play area, the centre box with the
wall ring, 宝, dice, seat winds and the tile count, the four rivers (markers on
the latest discard and on the discard that declared 听), the opponents' hands
and melds, the player's hand (hover lift, selection, hint and dimmed states)
and the name plates (wind, dealer, score, level, 听, whose turn).

``python -m game.ui.table_demo --demo out.png`` renders a busy late-hand table
to a PNG; :mod:`game.benchmarks.renderer` times drawing it.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import pygame

from game.glossary import Lang, term
from game.ui.fonts import FontBook, Weight
from game.ui.i18n import level_name, tr
from game.ui.layout import (
    SlotKey,
    TableLayout,
    TileSlot,
    compute_layout,
    last_discard_marker,
    marker_bob_range,
)
from game.ui.picture import SeatPicture, TablePicture
from game.ui.theme import COLOURS, RGB
from game.ui.tileart import TileArt, TileState, WantKey
from game.ui.widgets import Backdrop, draw_panel

WINDS: Final = ("seat.E", "seat.S", "seat.W", "seat.N")
PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.3, 0.24), (0.7, 0.24), (0.3, 0.5), (0.7, 0.5), (0.3, 0.76), (0.7, 0.76)),
}


@dataclass(eq=False)
class _Part:
    """One cached piece of the still layer: its tiles, where it goes and its image."""

    key: object
    slots: tuple[TileSlot, ...]
    river: bool = False
    pill: pygame.Rect | None = None
    seat: int = -1
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
        self._part_cache: dict[str, _Part] = {}
        self._tile_style: tuple[str, bool] | None = None
        """The palette and corner index the cached parts were drawn in."""
        self._centre_cache: object = None
        self._static_version = 0
        """Counts changes of the still layer's pixels (its image is reused in place)."""
        self._snapshots: dict[str, tuple[TableLayout, tuple[object, ...], pygame.Surface]] = {}
        """Pixels of the hand and the name plates as last drawn (see :meth:`_snapshot`)."""
        self.progressive = False
        """Draw tiles not made yet at their size as scaled stand-ins (redrawn once the real ones exist)
        instead of making them on the spot; whoever sets this calls ``TileArt.draw_wanted`` each frame."""

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
    ) -> None:
        """Draw the whole table; slots named in ``hidden`` are left out (a tile in flight).

        Everything that stays still between two pictures (felt, centre, rivers, the other hands,
        melds) is drawn once into a cached layer; each frame blits it and draws only what moves:
        the latest-discard marker, the player's hand and the name plates.
        """
        hand = hand if hand is not None else HandUI()
        surface.blit(self._static_layer(surface, picture, layout, lang, hidden), (0, 0))
        marker = self._draw_last_marker(surface, picture, layout, clock, hidden)
        drawn = [marker] if marker is not None else []
        area = self._hand_area(layout)
        if area.collidelist(drawn) != -1:
            self._draw_player_hand(surface, picture, layout, hand, hidden)
        else:
            style = (self.tiles.palette, self.tiles.corner_index)
            hand_key = (picture.seats[0], picture.playable, picture.hints, hand, hidden, style)
            self._snapshot(
                surface,
                "hand",
                area,
                layout,
                hand_key,
                lambda: self._draw_player_hand(surface, picture, layout, hand, hidden),
            )
        drawn.append(area)
        for s in range(4):
            seat = picture.seats[s]
            plate = layout.seats[s].plate
            region = pygame.Rect(plate.x - 8, plate.y - 8, plate.w + 16, plate.h + 19)  # glow, panel margin
            overlaps = region.collidelist(drawn) != -1
            drawn.append(region)
            if picture.turn == s or overlaps:  # the turn glow pulses
                self._draw_plate(surface, picture, layout, s, lang, clock)
                continue
            plate_key = (seat.name, seat.level, seat.wind, seat.score, seat.dealer, seat.locked, seat.ting)
            self._snapshot(
                surface,
                f"plate{s}",
                region,
                layout,
                (plate_key, lang),
                lambda s=s: self._draw_plate(surface, picture, layout, s, lang, clock),  # type: ignore[misc]
            )

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
        key = (*key, self._static_version, region.topleft, region.size)
        kept = self._snapshots.get(name)
        if kept is not None and kept[0] is layout and kept[1] == key:
            surface.blit(kept[2], region)
            return
        with self.tiles.recording() as stood_in:
            draw()
        if not stood_in and surface.get_rect().contains(region):
            self._snapshots[name] = (layout, key, surface.subsurface(region).copy())
        else:
            self._snapshots.pop(name, None)

    def _hand_area(self, layout: TableLayout) -> pygame.Rect:
        """Where the player's concealed tiles (lifted, with shadows and the 扣听 seal) may draw."""
        slots = layout.seats[0].hand
        if not slots:
            return pygame.Rect(0, 0, 0, 0)
        band = slots[0].rect.unionall([sl.rect for sl in slots])
        reach = layout.lift + layout.hand_width + 8  # the lift, or the seal above the laid-down hand
        return pygame.Rect(band.x - 2, band.y - reach, band.w + layout.hand_width, band.h + reach + 8)

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
        base_key = (size, layout.square, layout.river_width, style)
        parts = self._parts_for(picture, layout, hidden)
        centre_key = self._centre_key(picture, layout, lang, hidden)
        layer = cached[3] if cached is not None and cached[3].get_size() == size else None
        full = layer is None or self._base_key != base_key
        if layer is None:
            layer = pygame.Surface(size)
            with contextlib.suppress(pygame.error):  # convert() needs a display surface
                layer = layer.convert()
        if full:
            self._base_key = base_key
            self._base = layer.copy()
            self._base.blit(self.backdrop.felt(size), (0, 0))
            self._draw_mat(self._base, layout)
            dirty = [layer.get_rect()]
        else:
            dirty = []
            if centre_key != self._centre_cache:
                dirty.append(self._centre_bounds(layout))
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
        centre_bounds = self._centre_bounds(layout)
        for rect in _merge(dirty):
            layer.set_clip(rect)
            layer.blit(self._base, rect, rect)
            if rect.colliderect(centre_bounds):
                self._draw_centre(layer, picture, layout, lang, hidden)
            for part in parts.values():
                if part.image is not None and rect.colliderect(part.bounds):
                    layer.blit(part.image, part.bounds)
        layer.set_clip(None)
        self._static = (key, picture, layout, layer)
        self._static_version += 1
        return layer

    def _centre_bounds(self, layout: TableLayout) -> pygame.Rect:
        """Where the centre box draws (with the 宝's glow and tag)."""
        return layout.centre.inflate(8, 8)

    def _centre_key(
        self, picture: TablePicture, layout: TableLayout, lang: Lang, hidden: frozenset[SlotKey]
    ) -> tuple[object, ...]:
        """Everything the centre box shows."""
        seats = tuple((seat.wind, seat.dealer) for seat in picture.seats)
        return (
            layout.centre,
            tuple(layout.wall),
            layout.bao,
            tuple(layout.old_bao),
            picture.turn,
            seats,
            picture.hand_no,
            picture.wall_live,
            picture.dice,
            lang,
            ("bao", -1, 0) in hidden,
            frozenset(k for k in hidden if k[0] == "old_bao"),
        )

    def _parts_for(
        self, picture: TablePicture, layout: TableLayout, hidden: frozenset[SlotKey]
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
            pill = self._pill_rect(layout, s) if picture.seats[s].locked else None
            parts[f"hand{s}"] = _Part((slots, pill), slots, pill=pill, seat=s)
        melds = tuple(sl for i, sl in enumerate(layout.seats[0].melds) if ("meld", 0, i) not in hidden)
        parts["melds0"] = _Part((melds, None), melds)
        return parts

    def _paint_part(self, part: _Part, layout: TableLayout) -> None:
        """Draw one part into its own transparent image."""
        rects = [sl.rect for sl in part.slots]
        if part.pill is not None:
            rects.append(part.pill)
        if not rects:
            part.bounds, part.image = pygame.Rect(0, 0, 0, 0), None
            return
        margin = max(8, max((sl.width for sl in part.slots), default=8) // 2)
        bounds = rects[0].unionall(rects[1:]).inflate(2 * margin, 2 * margin)
        image = pygame.Surface(bounds.size, pygame.SRCALPHA)
        origin = bounds.topleft
        with self.tiles.recording() as stood_in:
            for slot in sorted(part.slots, key=lambda sl: (sl.stacked, sl.rect.bottom)):
                state: TileState = "dimmed" if part.river and slot.called else "normal"
                self._blit_tile(image, slot, state, origin=origin, quick=self.progressive)
        part.stood_in = tuple(stood_in)
        if part.river:
            for slot in part.slots:
                if slot.ting:
                    self._ting_badge(image, slot, origin)
        if part.pill is not None:
            self._draw_pill(image, part.pill.move(-origin[0], -origin[1]), layout)
        part.bounds, part.image = bounds, image

    def _tile(self, slot: TileSlot, state: TileState = "normal", quick: bool = False) -> pygame.Surface:
        return self.tiles.tile(slot.kind, slot.width, rotation=slot.rotation, state=state, quick=quick)

    def _blit_tile(
        self,
        surface: pygame.Surface,
        slot: TileSlot,
        state: TileState = "normal",
        dy: int = 0,
        origin: tuple[int, int] = (0, 0),
        quick: bool = False,
    ) -> None:
        off = max(1, slot.width // 16)
        rect = slot.rect.move(-origin[0], dy - origin[1])
        surface.blit(
            self.tiles.shadow(slot.width, slot.rotation, alpha=80), (rect.x + off, rect.y + off + off // 2)
        )
        surface.blit(self._tile(slot, state, quick), rect)

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

    # ------------------------------------------------------------------ centre
    def _draw_centre(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        lang: Lang,
        hidden: frozenset[SlotKey] = frozenset(),
    ) -> None:
        """The centre box: wall ring, winds, turn bar, count, 宝 and dice."""
        c = layout.centre
        key = ("centre", c.size)
        box = self._surfaces.get(key)
        if box is None:
            radius = max(4, c.w // 14)
            box = pygame.Surface(c.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (7, 26, 17, 235), box.get_rect(), border_radius=radius)
            pygame.draw.rect(box, (*COLOURS.gold_dark, 255), box.get_rect(), width=2, border_radius=radius)
            self._surfaces[key] = box
        surface.blit(box, c)
        for stack in sorted(layout.wall, key=lambda s: s.rect.bottom):
            img = self.tiles.stack(stack.width, stack.layers, stack.rotation, dim=stack.kept)
            surface.blit(img, img.get_rect(bottomleft=stack.rect.bottomleft))
        inner = layout.inner
        iw = inner.w
        # whose turn: a glowing bar along that side of the inner box
        if picture.turn is not None:
            t = picture.turn
            bar = max(3, iw // 28)
            rects = [
                pygame.Rect(inner.left + iw // 5, inner.bottom - bar, iw * 3 // 5, bar),
                pygame.Rect(inner.right - bar, inner.top + iw // 5, bar, iw * 3 // 5),
                pygame.Rect(inner.left + iw // 5, inner.top, iw * 3 // 5, bar),
                pygame.Rect(inner.left, inner.top + iw // 5, bar, iw * 3 // 5),
            ]
            pygame.draw.rect(surface, COLOURS.turn, rects[t], border_radius=bar // 2)
        # seat winds, each turned to face its seat; the dealer's in red
        for s in range(4):
            seat = picture.seats[s]
            colour = COLOURS.red if seat.dealer else (COLOURS.turn if picture.turn == s else COLOURS.text_dim)
            img = self.fonts.render(term(WINDS[seat.wind], "zh"), max(8, round(iw * 0.11)), colour, "bold")
            img = pygame.transform.rotate(img, (0, 90, 180, 270)[s])
            surface.blit(img, img.get_rect(center=layout.wind_centres[s]))
        # hand number and tiles left
        label = self.fonts.render(
            tr("table.hand_no", lang, n=picture.hand_no), max(8, round(iw * 0.07)), COLOURS.text_dim
        )
        surface.blit(label, label.get_rect(center=layout.hand_label_centre))
        count = self.fonts.render(
            tr("table.remaining", lang, n=picture.wall_live), max(9, round(iw * 0.13)), COLOURS.gold, "bold"
        )
        surface.blit(count, count.get_rect(center=layout.count_centre))
        # the 宝 and the replaced ones
        if layout.bao is not None:
            slot = layout.bao
            gkey = ("bao-glow", slot.rect.size)
            glow = self._surfaces.get(gkey)
            if glow is None:
                glow = pygame.Surface(slot.rect.inflate(8, 8).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*COLOURS.gold, 70), glow.get_rect(), border_radius=6)
                self._surfaces[gkey] = glow
            surface.blit(glow, slot.rect.inflate(8, 8))
            if ("bao", -1, slot.index) not in hidden:
                self._blit_tile(surface, slot)
            tag = self.fonts.render(
                term("bao", lang) if lang == "zh" else "宝", max(8, round(iw * 0.08)), COLOURS.gold, "bold"
            )
            surface.blit(tag, tag.get_rect(midright=(slot.rect.left - max(3, iw // 40), slot.rect.centery)))
        for slot in layout.old_bao:
            if ("old_bao", -1, slot.index) not in hidden:
                self._blit_tile(surface, slot, "dimmed")
        if picture.dice is not None:
            for rect, value in zip(layout.dice, picture.dice, strict=False):
                self._draw_die(surface, rect, value)

    def _draw_die(self, surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
        """One die: ivory with pips (1 and 4 in red, as on Chinese dice)."""
        pygame.draw.rect(surface, (40, 30, 20), rect.move(1, 2), border_radius=max(2, rect.w // 5))
        pygame.draw.rect(surface, (246, 240, 226), rect, border_radius=max(2, rect.w // 5))
        colour: RGB = (200, 36, 30) if value in (1, 4) else (30, 30, 30)
        r = max(1, rect.w // (5 if value == 1 else 8))
        for fx, fy in PIPS.get(value, ()):
            pygame.draw.circle(surface, colour, (rect.x + round(fx * rect.w), rect.y + round(fy * rect.h)), r)

    # ------------------------------------------------------------------ rivers
    def _draw_last_marker(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        clock: float,
        hidden: frozenset[SlotKey] = frozenset(),
    ) -> pygame.Rect | None:
        """The bobbing arrow pointing at the latest discard (from the side no other discard is on);
        returns the area it drew on, if any."""
        s = picture.last_discard_seat
        if s is None or not layout.seats[s].river:
            return None
        last = layout.seats[s].river[-1]
        if ("river", s, last.index) in hidden:
            return None
        points = last_discard_marker(last, round(math.sin(clock * 4.0) * marker_bob_range(last)))
        pygame.draw.polygon(surface, (60, 40, 0), [(px + 1, py + 1) for px, py in points])
        pygame.draw.polygon(surface, COLOURS.turn, points)
        xs, ys = [px for px, _ in points], [py for _, py in points]
        return pygame.Rect(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 4, max(ys) - min(ys) + 4)

    def _pill_rect(self, layout: TableLayout, s: int) -> pygame.Rect | None:
        """Where the 扣听 seal beside an opponent's laid-down hand goes."""
        slots = layout.seats[s].hand
        if not slots:
            return None
        band = slots[0].rect.unionall([sl.rect for sl in slots])
        w, h = self._pill_text(layout).get_size()
        pill = pygame.Rect(0, 0, w + h // 2, h + 2)
        if s == 2:
            pill.midtop = (band.centerx, band.bottom + 3)
        elif s == 1:
            pill.midright = (band.left - 4, band.centery)
        else:
            pill.midleft = (band.right + 4, band.centery)
        return pill

    def _pill_text(self, layout: TableLayout) -> pygame.Surface:
        size = max(9, round(layout.hand_width * 0.22))
        return self.fonts.render(term("kouting", "zh"), size, (255, 244, 226), "bold")

    def _draw_pill(self, surface: pygame.Surface, pill: pygame.Rect, layout: TableLayout) -> None:
        """A small red 扣听 seal (an opponent's hand laid down after 听)."""
        tag = self._pill_text(layout)
        pygame.draw.rect(surface, COLOURS.ting, pill, border_radius=pill.h // 2)
        surface.blit(tag, tag.get_rect(center=pill.center))

    def _ting_badge(self, surface: pygame.Surface, slot: TileSlot, origin: tuple[int, int] = (0, 0)) -> None:
        """A small red 听 seal on the corner of the discard that declared 听."""
        r = max(5, slot.width // 3)
        centre = (slot.rect.right - r // 2 - origin[0], slot.rect.top + r // 2 - origin[1])
        pygame.draw.circle(surface, (120, 20, 16), (centre[0] + 1, centre[1] + 1), r)
        pygame.draw.circle(surface, COLOURS.ting, centre, r)
        text = self.fonts.render("听", max(7, round(r * 1.25)), (255, 244, 226), "bold")
        surface.blit(text, text.get_rect(center=centre))

    # ------------------------------------------------------------------ the player's hand
    def _draw_player_hand(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        hand: HandUI,
        hidden: frozenset[SlotKey] = frozenset(),
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
        if seat.locked and lay.hand:
            first, last = lay.hand[0].rect, lay.hand[-1].rect
            band = first.union(last)
            tag = self.fonts.render(
                term("kouting", "zh"), max(10, layout.hand_width // 3), (255, 244, 226), "bold"
            )
            pill = tag.get_rect(midbottom=(band.centerx, band.top - 4)).inflate(tag.get_height() // 2, 4)
            pygame.draw.rect(surface, COLOURS.ting, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))

    # ------------------------------------------------------------------ plates
    def _draw_plate(
        self,
        surface: pygame.Surface,
        picture: TablePicture,
        layout: TableLayout,
        s: int,
        lang: Lang,
        clock: float,
    ) -> None:
        """Name plate: wind disc (red for the dealer), name, level, score, 听; a glow on the seat to move."""
        seat: SeatPicture = picture.seats[s]
        rect = layout.seats[s].plate
        ts = layout.text_scale
        turn = picture.turn == s
        if turn:
            gkey = ("plate-glow", rect.size)
            glow = self._surfaces.get(gkey)
            if glow is None:
                glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
                for i in range(4):
                    pygame.draw.rect(
                        glow,
                        (*COLOURS.turn, 50 - i * 11),
                        glow.get_rect().inflate(-i * 4, -i * 4),
                        border_radius=16,
                    )
                self._surfaces[gkey] = glow
            glow.set_alpha(round(255 * (0.75 + 0.25 * math.sin(clock * 3.0))))
            surface.blit(glow, rect.inflate(16, 16))
        draw_panel(
            surface,
            rect,
            fill=(8, 28, 18, 225),
            border=COLOURS.turn if turn else COLOURS.gold_dark,
            radius=max(6, rect.h // 6),
            shadow=False,
            cache=self._surfaces,
        )
        pad = max(6, round(10 * ts))
        disc_r = max(10, round(rect.h * 0.31))
        disc_c = (rect.x + pad + disc_r, rect.centery)
        pygame.draw.circle(surface, COLOURS.red if seat.dealer else (22, 66, 44), disc_c, disc_r)
        pygame.draw.circle(surface, COLOURS.gold, disc_c, disc_r, width=2)
        wind_colour = (255, 240, 200) if seat.dealer else COLOURS.gold
        wind = self.fonts.render(term(WINDS[seat.wind], "zh"), round(disc_r * 1.1), wind_colour, "bold")
        surface.blit(wind, wind.get_rect(center=disc_c))
        x = disc_c[0] + disc_r + pad
        right = rect.right - pad
        # line 1: the name across the whole plate
        name = self._fit(seat.name if seat.name else tr("seat.you", lang), round(18 * ts), right - x, "bold")
        top = rect.y + round(rect.h * 0.13)
        surface.blit(name, (x, top))
        # line 2: level and badges on the left, the score on the right
        line2 = rect.y + round(rect.h * 0.56)
        score = self.fonts.render(
            f"{seat.score:+d}" if seat.score else "0", round(22 * ts), COLOURS.gold, "bold"
        )
        score_rect = score.get_rect(midright=(right, line2 + round(9 * ts)))
        surface.blit(score, score_rect)
        sub = level_name(seat.level, lang) if seat.level else tr("table.human", lang)
        sub_img = self.fonts.render(sub, round(14 * ts), COLOURS.text_dim)
        sub_rect = sub_img.get_rect(midleft=(x, score_rect.centery))
        surface.blit(sub_img, sub_rect)
        bx = sub_rect.right + round(6 * ts)
        badges: list[tuple[str, RGB]] = []
        if seat.dealer:
            badges.append((term("dealer", lang) if lang == "zh" else "Dealer", COLOURS.red))
        if seat.locked:
            badges.append((term("kouting", lang) if lang == "zh" else "Locked", COLOURS.ting))
        elif seat.ting:
            badges.append((term("ting", lang), COLOURS.ting))
        for text, colour in badges:
            img = self.fonts.render(text, round(13 * ts), (255, 244, 226), "bold")
            pill = img.get_rect(midleft=(bx, score_rect.centery)).inflate(round(12 * ts), round(2 * ts))
            pill.left = bx
            if pill.right > score_rect.left - round(4 * ts):
                break
            pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))
            bx = pill.right + round(5 * ts)

    def _fit(self, text: str, size: int, width: int, weight: Weight) -> pygame.Surface:
        """Text cut with an ellipsis to fit a width."""
        w = weight
        if self.fonts.size(text, size, w)[0] <= width:
            return self.fonts.render(text, size, COLOURS.text, w)
        while text and self.fonts.size(text + "…", size, w)[0] > width:
            text = text[:-1]
        return self.fonts.render(text + "…", size, COLOURS.text, w)
