"""Procedural mahjong tile art: traditional faces drawn by our code at every size.

Faces: 万 (a Chinese numeral over a red 萬), 饼 (the traditional circle layouts,
1饼 a large decorated roundel), 条 (green bamboo sticks in the standard layouts,
red centre sticks on 5/7/9, a peacock for 1条) and a bold red 中. Also tile backs,
face-down tiles, sideways and upside-down tiles (for other seats, melds and
called tiles), a highlighted and a dimmed state, an optional ``3m`` corner index
and a colour-blind palette that does not rely on red against green.

Every image is drawn from vectors for its exact target size: shapes are drawn at
an integer multiple of the size and filtered down once (supersampled
anti-aliasing), so nothing is ever a resized copy of another size. Results are
cached per (kind, size, palette, corner index, rotation, state) in a
:class:`TileArt` instance owned by the app.
"""

from __future__ import annotations

import contextlib
import math
from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import pygame

from game.core.tiles import NUM_KINDS, NUMERALS_ZH, ZHONG, kind_code, rank_of, suit_of
from game.ui.fonts import FontBook, Weight

RGB = tuple[int, int, int]
Palette = Literal["classic", "colourblind"]
TileState = Literal["normal", "highlight", "dimmed", "hint"]
Rotation = Literal[0, 90, 180, 270]
WantKey = tuple[int | None, int, int, TileState]
"""An image on the wanted list: (kind or None for the back, width, rotation, state)."""

PALETTES: Final[tuple[Palette, ...]] = ("classic", "colourblind")
BACK: Final = -1
"""Pseudo-kind of a tile seen from behind."""


@dataclass(frozen=True)
class Inks:
    """The colours one palette uses on tile faces."""

    numeral: RGB
    wan: RGB
    zhong: RGB
    pip_a: RGB  # the "blue" pips
    pip_b: RGB  # the "green" pips
    pip_c: RGB  # the "red" pips
    stick: RGB
    stick_dark: RGB
    stick_light: RGB
    stick_accent: RGB
    stick_accent_dark: RGB
    bird_body: RGB
    bird_wing: RGB
    bird_accent: RGB
    pip_patterns: bool
    """Colour-blind aid: each pip colour also gets its own inner pattern."""


INKS: Final[dict[Palette, Inks]] = {
    "classic": Inks(
        numeral=(22, 32, 74),
        wan=(196, 34, 30),
        zhong=(200, 30, 28),
        pip_a=(30, 76, 156),
        pip_b=(24, 122, 62),
        pip_c=(198, 38, 32),
        stick=(32, 134, 70),
        stick_dark=(12, 80, 38),
        stick_light=(122, 200, 128),
        stick_accent=(200, 44, 36),
        stick_accent_dark=(120, 20, 16),
        bird_body=(28, 128, 70),
        bird_wing=(30, 84, 168),
        bird_accent=(206, 40, 34),
        pip_patterns=False,
    ),
    # Okabe-Ito colours: blue / vermillion / black, distinguishable without red-green vision.
    "colourblind": Inks(
        numeral=(20, 20, 20),
        wan=(213, 94, 0),
        zhong=(213, 94, 0),
        pip_a=(0, 114, 178),
        pip_b=(25, 25, 25),
        pip_c=(213, 94, 0),
        stick=(0, 114, 178),
        stick_dark=(0, 62, 104),
        stick_light=(120, 190, 232),
        stick_accent=(213, 94, 0),
        stick_accent_dark=(130, 54, 0),
        bird_body=(0, 114, 178),
        bird_wing=(25, 25, 25),
        bird_accent=(213, 94, 0),
        pip_patterns=True,
    ),
}

IVORY_TOP: Final = (253, 250, 240)
IVORY_BOTTOM: Final = (236, 228, 206)
IVORY_EDGE: Final = (196, 184, 152)
BACK_TOP: Final = (52, 120, 178)
BACK_BOTTOM: Final = (26, 78, 130)
BACK_EDGE: Final = (16, 50, 88)
BAND_IVORY: Final = (214, 202, 170)
BAND_BACK: Final = (22, 64, 108)
OUTLINE: Final = (60, 52, 36)
HIGHLIGHT: Final = (255, 206, 64)
HINT: Final = (90, 200, 255)


@dataclass(frozen=True)
class TileMetrics:
    """Pixel sizes of an upright tile of a given face width."""

    width: int
    face_height: int
    depth: int
    """Visible thickness below the face (the tile's side, seen in perspective)."""

    @property
    def height(self) -> int:
        """Face plus thickness: the image height of an upright tile."""
        return self.face_height + self.depth


def metrics(width: int) -> TileMetrics:
    """Sizes of a tile whose face is ``width`` pixels wide (faces are about 3:4)."""
    width = max(8, int(width))
    return TileMetrics(width=width, face_height=round(width * 1.34), depth=max(2, round(width * 0.13)))


def footprint(width: int, rotation: int) -> tuple[int, int]:
    """Image size of a tile drawn with a rotation (sideways tiles swap face width and height)."""
    m = metrics(width)
    if rotation in (90, 270):
        return m.face_height, m.width + m.depth
    return m.width, m.height


def _supersample(width: int) -> int:
    """How many times larger shapes are drawn before filtering down, by target size.

    Powers of two only: smoothscale by 3 rounds a fully opaque area down to alpha 253.
    """
    return 4 if width < 48 else 2


def _lerp(a: RGB, b: RGB, t: float) -> RGB:
    """Colour between a and b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _shade(c: RGB, f: float) -> RGB:
    """Darker (f < 1) or lighter (f > 1, towards white) version of a colour."""
    if f <= 1:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    return _lerp(c, (255, 255, 255), min(1.0, f - 1))


def _gradient_rrect(size: tuple[int, int], top: RGB, bottom: RGB, radius: int) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient, transparent outside."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, _lerp(top, bottom, y / max(1, h - 1)), (0, y), (w - 1, y))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


class TileArt:
    """Draws and caches tile images. Owned by the app; holds no global state."""

    def __init__(self, fonts: FontBook, palette: Palette = "classic", corner_index: bool = False) -> None:
        self.fonts = fonts
        self.palette: Palette = palette
        self.corner_index = corner_index
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self.cache_limit = 1500
        self._widths: dict[tuple[object, ...], set[int]] = {}
        """Widths drawn so far of each face (kind, palette, index, rotation, state), for stand-ins."""
        self._stand_ins: dict[tuple[object, ...], pygame.Surface] = {}
        self._bodies: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        """Faceless supersampled tiles by geometry (see :meth:`_body`)."""
        self._shapes: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._faces: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        """Upright supersampled faces of the last few kinds drawn (a kind is wanted in four rotations)."""
        self._wanted: OrderedDict[WantKey, None] = OrderedDict()
        """Images to draw a little at a time: stood-in ones (shown now) first, then ones asked for ahead."""
        self._recording: list[WantKey] | None = None
        self.generation = 0
        """Counts images drawn from the wanted list, so a picture made with stand-ins knows to redraw."""
        self.stand_ins_served = 0
        """Counts stand-ins handed out (a caller compares it before and after drawing)."""

    # ------------------------------------------------------------------ public API
    def configure(self, palette: Palette, corner_index: bool) -> None:
        """Switch palette and corner index (cached images of other styles stay valid)."""
        self.palette = palette
        self.corner_index = corner_index

    def tile(
        self,
        kind: int | None,
        width: int,
        *,
        rotation: int = 0,
        state: TileState = "normal",
        face_down: bool = False,
        quick: bool = False,
    ) -> pygame.Surface:
        """The image of one tile lying or standing in front of the viewer.

        ``kind`` None (or ``face_down``) gives the back. ``rotation`` (0/90/180/270,
        counter-clockwise) turns the face for other seats and sideways melds; the
        tile's thickness is always drawn at the bottom of the image.

        With ``quick``, an image not drawn yet at this width is stood in for by the same
        face drawn at the nearest other width, scaled (a frame never waits for drawing);
        the exact image is put on the wanted list for :meth:`draw_wanted`.
        """
        width = max(8, int(width))
        rotation = rotation % 360
        key = self._tile_key(None if face_down else kind, width, rotation, state)
        shown = key[1]
        corner = bool(key[4])
        surf = self._cache.get(key)
        if surf is None:
            if quick:
                stand_in = self._stand_in(key, width, rotation)
                if stand_in is not None:
                    wanted: WantKey = (None if shown == BACK else shown, width, rotation, state)
                    self._wanted[wanted] = None
                    self._wanted.move_to_end(wanted, last=False)  # on screen now: before those asked ahead
                    self.stand_ins_served += 1
                    if self._recording is not None:
                        self._recording.append(wanted)
                    return stand_in
            surf = self._build_tile(shown, width, rotation, state, corner)
            self._store(key, surf)
            self._widths.setdefault(key[:2] + key[3:], set()).add(width)
            self._stand_ins.pop(key, None)
        else:
            self._cache.move_to_end(key)
        return surf

    def _tile_key(self, kind: int | None, width: int, rotation: int, state: TileState) -> tuple[Any, ...]:
        """The cache key of a tile image (checks the kind and the rotation)."""
        if rotation not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be a multiple of 90, not {rotation}")
        shown = BACK if kind is None else kind
        if shown != BACK and not 0 <= shown < NUM_KINDS:
            raise ValueError(f"no tile kind {shown}")
        corner = self.corner_index and shown not in (BACK, ZHONG)
        return ("tile", shown, width, self.palette if shown != BACK else "", corner, rotation, state)

    def _stand_in(self, key: tuple[object, ...], width: int, rotation: int) -> pygame.Surface | None:
        """The same face drawn at the nearest width already made, scaled to this width's size."""
        made = self._stand_ins.get(key)
        if made is not None:
            return made
        family = key[:2] + key[3:]
        widths = sorted(
            (w for w in self._widths.get(family, ()) if (*key[:2], w, *key[3:]) in self._cache),
            key=lambda w: abs(w - width),
        )
        if not widths:
            return None
        source = self._cache[(*key[:2], widths[0], *key[3:])]
        made = pygame.transform.smoothscale(source, footprint(width, rotation))
        if len(self._stand_ins) > 256:
            self._stand_ins.clear()
        self._stand_ins[key] = made
        return made

    def want(self, kind: int | None, width: int, rotation: int = 0, state: TileState = "normal") -> None:
        """Put an image on the wanted list (drawn by :meth:`draw_wanted` a little at a time)."""
        self._wanted[(kind, max(8, int(width)), rotation % 360, state)] = None

    @contextlib.contextmanager
    def recording(self) -> Iterator[list[WantKey]]:
        """Collect the images stood in for while the block runs (to ask :meth:`any_made` later)."""
        outer = self._recording
        log: list[WantKey] = []
        self._recording = log
        try:
            yield log
        finally:
            self._recording = outer
            if outer is not None:
                outer.extend(log)

    def any_made(self, stood_in: Collection[WantKey]) -> bool:
        """Whether any of these stood-in images has been drawn since (it left the wanted list)."""
        wanted = self._wanted
        return any(key not in wanted for key in stood_in)

    def draw_wanted(self, budget: float = 0.0015) -> int:
        """Draw wanted images for at most about ``budget`` seconds; returns how many were drawn."""
        import time

        start = time.perf_counter()
        drawn = 0
        while self._wanted and time.perf_counter() - start < budget:
            (kind, width, rotation, state), _ = self._wanted.popitem(last=False)
            if self._tile_key(kind, width, rotation, state) not in self._cache:
                self.tile(kind, width, rotation=rotation, state=state)
                drawn += 1
        if drawn:
            self.generation += 1
        return drawn

    @property
    def wanted(self) -> int:
        """Images still on the wanted list."""
        return len(self._wanted)

    def shadow(self, width: int, rotation: int = 0, alpha: int = 70) -> pygame.Surface:
        """A soft drop shadow the size of a tile's footprint, to blit a little below-right of it."""
        size = footprint(width, rotation)
        key = ("shadow", size, alpha)
        surf = self._cache.get(key)
        if surf is None:
            k = 3
            big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
            radius = max(2, round(min(size) * 0.14)) * k
            pygame.draw.rect(big, (0, 0, 0, alpha), big.get_rect(), border_radius=radius)
            surf = pygame.transform.smoothscale(big, size)
            self._store(key, surf)
        return surf

    def stack(self, width: int, layers: int = 2, rotation: int = 0, dim: bool = False) -> pygame.Surface:
        """A wall stack seen from above: ``layers`` face-down tiles, the top one offset upwards."""
        key = ("stack", width, layers, rotation, dim)
        surf = self._cache.get(key)
        if surf is None:
            one = self.tile(None, width, rotation=rotation, state="dimmed" if dim else "normal")
            m = metrics(width)
            lift = max(1, m.depth)
            surf = pygame.Surface((one.get_width(), one.get_height() + lift * (layers - 1)), pygame.SRCALPHA)
            for i in range(layers):
                surf.blit(one, (0, lift * (layers - 1 - i)))
            self._store(key, surf)
        return surf

    def warm(
        self, kinds: Sequence[int | None], widths: Sequence[int], rotations: Sequence[int] = (0,)
    ) -> None:
        """Draw images ahead of time (e.g. after a layout change) so no frame stalls on them."""
        for w in widths:
            for r in rotations:
                for k in kinds:
                    self.tile(k, w, rotation=r)

    def clear(self) -> None:
        """Forget every cached image."""
        self._cache.clear()
        self._widths.clear()
        self._stand_ins.clear()
        self._wanted.clear()
        self._bodies.clear()
        self._shapes.clear()
        self._faces.clear()

    def cached_count(self) -> int:
        """How many images are cached (for tests and diagnostics)."""
        return len(self._cache)

    # ------------------------------------------------------------------ building
    def _store(self, key: tuple[object, ...], surf: pygame.Surface) -> None:
        self._cache[key] = surf
        while len(self._cache) > self.cache_limit:
            self._cache.popitem(last=False)

    def _build_tile(
        self, kind: int, width: int, rotation: int, state: TileState, corner: bool
    ) -> pygame.Surface:
        m = metrics(width)
        k = _supersample(width)
        face_w, face_h = (m.face_height, m.width) if rotation in (90, 270) else (m.width, m.face_height)
        depth = m.depth
        W, H, D = face_w * k, face_h * k, depth * k
        radius = max(2, round(min(face_w, face_h) * 0.13)) * k
        # colours are composed on an opaque canvas (per-pixel-alpha blits onto a transparent surface
        # would erode alpha by one step each); the rounded outline becomes alpha at the end
        back = kind == BACK
        big = self._body(back, W, H, D, k, radius).copy()
        if not back:
            face_size = (m.width * k, m.face_height * k)
            face_key = (kind, face_size, k, corner, self.palette)
            face = self._faces.get(face_key)
            if face is None:
                face = self._draw_face(kind, face_size, k, corner)
                self._keep(self._faces, face_key, face, 8)
            else:
                self._faces.move_to_end(face_key)
            if rotation:
                face = pygame.transform.rotate(face, rotation)
            top_rect = pygame.Rect(k, k, W - 2 * k, H - k)
            big.blit(face, face.get_rect(center=top_rect.center))

        if state == "highlight" or state == "hint":
            colour = HIGHLIGHT if state == "highlight" else HINT
            pygame.draw.rect(
                big, colour, pygame.Rect(0, 0, W, H + D), width=max(2 * k, W // 14), border_radius=radius
            )
        size = (face_w, face_h + depth)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.blit(pygame.transform.smoothscale(big, size), (0, 0))
        surf.blit(self._shape(W, H + D, radius, size), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        if state == "dimmed":
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((165, 165, 165, 255))
            surf.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    @staticmethod
    def _keep(cache: OrderedDict[Any, pygame.Surface], key: object, surf: pygame.Surface, limit: int) -> None:
        """Put an image in a small least-recently-used cache."""
        cache[key] = surf
        while len(cache) > limit:
            cache.popitem(last=False)

    def _body(self, back: bool, W: int, H: int, D: int, k: int, radius: int) -> pygame.Surface:
        """The supersampled tile without its face: side band, outline, the top surface (the back's
        pattern, or the ivory with its inner edge). The same for every kind and state of a size and
        rotation, so drawn once and copied (its gradient is the slow part of a tile)."""
        key = (back, W, H, D, k, radius)
        big = self._bodies.get(key)
        if big is not None:
            self._bodies.move_to_end(key)
            return big
        big = pygame.Surface((W, H + D))
        big.fill(OUTLINE)
        # body: the side band (ivory layer over the coloured back layer), then an outline
        pygame.draw.rect(big, OUTLINE, pygame.Rect(0, 0, W, H + D), border_radius=radius)
        inner = pygame.Rect(k, k, W - 2 * k, H + D - 2 * k)
        band_split = H + round(D * (0.35 if back else 0.5))
        pygame.draw.rect(big, BAND_BACK, inner, border_radius=max(1, radius - k))
        top_part = pygame.Rect(inner.x, inner.y, inner.w, band_split - inner.y)
        pygame.draw.rect(big, BAND_BACK if back else BAND_IVORY, top_part, border_radius=max(1, radius - k))
        if back:
            pygame.draw.rect(
                big, BAND_IVORY, pygame.Rect(inner.x, band_split, inner.w, max(k, D // 3)), border_radius=k
            )
        # the top surface
        top_rect = pygame.Rect(k, k, W - 2 * k, H - k)
        if back:
            top = _gradient_rrect(top_rect.size, BACK_TOP, BACK_BOTTOM, max(1, radius - k))
            big.blit(top, top_rect)
            self._draw_back_face(big, top_rect, k)
        else:
            top = _gradient_rrect(top_rect.size, IVORY_TOP, IVORY_BOTTOM, max(1, radius - k))
            big.blit(top, top_rect)
            # a soft inner edge for depth
            pygame.draw.rect(big, IVORY_EDGE, top_rect, width=k, border_radius=max(1, radius - k))
            pygame.draw.line(
                big,
                (255, 255, 255),
                (top_rect.x + radius, top_rect.y + k),
                (top_rect.right - radius, top_rect.y + k),
                k,
            )
        self._keep(self._bodies, key, big, 8)
        return big

    def _shape(self, W: int, H: int, radius: int, size: tuple[int, int]) -> pygame.Surface:
        """The rounded outline as alpha at the target size (multiplied into the filtered image)."""
        key = (W, H, radius, size)
        shape = self._shapes.get(key)
        if shape is not None:
            self._shapes.move_to_end(key)
            return shape
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius)
        shape = pygame.transform.smoothscale(big, size)
        self._keep(self._shapes, key, shape, 8)
        return shape

    def _draw_back_face(self, big: pygame.Surface, rect: pygame.Rect, k: int) -> None:
        """The back of a tile: a bevelled blue surface with a fine inset line."""
        inset = rect.inflate(-max(2 * k, rect.w // 7), -max(2 * k, rect.w // 7))
        pygame.draw.rect(
            big, _shade(BACK_TOP, 1.25), inset, width=max(1, k), border_radius=max(1, rect.w // 10)
        )
        pygame.draw.line(
            big,
            _shade(BACK_TOP, 1.45),
            (rect.x + rect.w // 6, rect.y + k),
            (rect.right - rect.w // 6, rect.y + k),
            k,
        )

    # ------------------------------------------------------------------ faces
    def _draw_face(self, kind: int, size: tuple[int, int], k: int, corner: bool) -> pygame.Surface:
        """The printed face of an upright tile (transparent background), at supersampled size."""
        w, h = size
        face = pygame.Surface(size, pygame.SRCALPHA)
        ink = INKS[self.palette]
        pad_x = round(w * 0.11)
        pad_y = round(h * 0.085)
        content = pygame.Rect(pad_x, pad_y, w - 2 * pad_x, h - 2 * pad_y)
        if corner:
            idx_h = round(h * 0.15)
            self._draw_index(face, kind, pygame.Rect(round(w * 0.07), round(h * 0.04), w // 2, idx_h))
            content = pygame.Rect(
                content.x + round(w * 0.06),
                content.y + round(idx_h * 0.8),
                content.w - round(w * 0.06),
                content.h - round(idx_h * 0.8),
            )
        suit = suit_of(kind)
        if kind == ZHONG:
            box = content.inflate(-content.w * 0.04, -content.h * 0.12)
            self._glyph(face, "中", box, ink.zhong, "bold", reference="中")
        elif suit == 0:
            self._draw_wan(face, rank_of(kind), content, ink)
        elif suit == 1:
            self._draw_pin(face, rank_of(kind), content, ink, k)
        else:
            self._draw_sou(face, rank_of(kind), content, ink, k)
        return face

    def _draw_index(self, face: pygame.Surface, kind: int, box: pygame.Rect) -> None:
        """The small ``3m`` corner index (not drawn on 中, whose face is unambiguous)."""
        if kind == ZHONG:
            return
        self._glyph(face, kind_code(kind), box, (70, 70, 70), "bold", reference="8m", align="left")

    def _glyph(
        self,
        surf: pygame.Surface,
        text: str,
        box: pygame.Rect,
        colour: RGB,
        weight: Weight,
        reference: str,
        align: Literal["center", "left"] = "center",
    ) -> None:
        """Draw text so that ``reference`` would exactly fit the box; the text is centred on its ink."""
        font_size = max(6, box.h)
        probe = self.fonts.sized(font_size, weight).render(reference, True, colour)
        ink = probe.get_bounding_rect()
        if ink.w == 0 or ink.h == 0:
            return
        factor = min(box.w / ink.w, box.h / ink.h)
        size = max(6, int(font_size * factor))
        img = self.fonts.sized(size, weight).render(text, True, colour)
        ref = self.fonts.sized(size, weight).render(reference, True, colour).get_bounding_rect()
        bounds = img.get_bounding_rect()
        if bounds.w == 0:
            return
        # vertical placement from the reference glyph keeps numerals on one baseline
        x = box.x + (box.w - bounds.w) // 2 - bounds.x if align == "center" else box.x - bounds.x
        y = box.y + (box.h - ref.h) // 2 - ref.y
        if text != reference and bounds.h < ref.h * 0.5:
            # flat glyphs like 一 sit in the middle of the line, not on its top
            y = box.y + (box.h - bounds.h) // 2 - bounds.y
        surf.blit(img, (x, y))

    def _draw_wan(self, face: pygame.Surface, rank: int, box: pygame.Rect, ink: Inks) -> None:
        """万: the Chinese numeral above a red 萬."""
        top_h = round(box.h * 0.40)
        gap = round(box.h * 0.05)
        numeral_box = pygame.Rect(box.x + box.w * 0.12, box.y, box.w * 0.76, top_h)
        wan_box = pygame.Rect(box.x, box.y + top_h + gap, box.w, box.h - top_h - gap)
        self._glyph(face, NUMERALS_ZH[rank - 1], numeral_box, ink.numeral, "bold", reference="四")
        self._glyph(face, "萬", wan_box, ink.wan, "bold", reference="萬")

    # -- 饼 ---------------------------------------------------------------
    def _pip(
        self, surf: pygame.Surface, centre: tuple[float, float], r: float, colour: RGB, role: str, ink: Inks
    ) -> None:
        """One traditional circle: coloured rim, ivory ring, coloured coin with a decorated centre."""
        cx, cy = centre
        ivory = IVORY_TOP
        dark = _shade(colour, 0.62)
        c = (round(cx), round(cy))
        pygame.draw.circle(surf, dark, c, round(r))
        pygame.draw.circle(surf, colour, c, round(r * 0.9))
        pygame.draw.circle(surf, ivory, c, round(r * 0.74))
        pygame.draw.circle(surf, colour, c, round(r * 0.62))
        dots = 8
        dot_r = max(1, round(r * 0.085))
        for i in range(dots):
            a = 2 * math.pi * i / dots + math.pi / 8
            pygame.draw.circle(
                surf, ivory, (round(cx + math.cos(a) * r * 0.42), round(cy + math.sin(a) * r * 0.42)), dot_r
            )
        pattern = role if ink.pip_patterns else "a"
        if pattern == "c":  # solid centre
            pygame.draw.circle(surf, ivory, c, round(r * 0.25))
            pygame.draw.circle(surf, dark, c, round(r * 0.17))
        elif pattern == "b":  # a cross in the centre
            arm = r * 0.28
            width = max(1, round(r * 0.1))
            pygame.draw.circle(surf, ivory, c, round(r * 0.27))
            pygame.draw.line(surf, dark, (cx - arm, cy), (cx + arm, cy), width)
            pygame.draw.line(surf, dark, (cx, cy - arm), (cx, cy + arm), width)
        else:
            pygame.draw.circle(surf, ivory, c, round(r * 0.24))
            pygame.draw.circle(surf, colour, c, round(r * 0.12))

    def _draw_pin(self, face: pygame.Surface, rank: int, box: pygame.Rect, ink: Inks, k: int) -> None:
        """饼: circles in the traditional layout and colours of each rank."""
        A, B, C = ink.pip_a, ink.pip_b, ink.pip_c  # blue, green, red
        bw, bh = box.w, box.h
        if rank == 1:
            self._big_pip(face, box, ink)
            return
        layouts: dict[int, tuple[float, list[tuple[float, float, RGB, str]]]] = {
            2: (min(bw * 0.30, bh * 0.22), [(0.5, 0.25, B, "b"), (0.5, 0.75, A, "a")]),
            3: (min(bw * 0.215, bh * 0.16), [(0.22, 0.17, A, "a"), (0.5, 0.5, C, "c"), (0.78, 0.83, B, "b")]),
            4: (
                min(bw * 0.225, bh * 0.19),
                [(0.26, 0.25, A, "a"), (0.74, 0.25, B, "b"), (0.26, 0.75, B, "b"), (0.74, 0.75, A, "a")],
            ),
            5: (
                min(bw * 0.2, bh * 0.15),
                [
                    (0.22, 0.17, A, "a"),
                    (0.78, 0.17, B, "b"),
                    (0.5, 0.5, C, "c"),
                    (0.22, 0.83, B, "b"),
                    (0.78, 0.83, A, "a"),
                ],
            ),
            6: (
                min(bw * 0.215, bh * 0.135),
                [(0.27, 0.145, B, "b"), (0.73, 0.145, B, "b")]
                + [(x, y, C, "c") for y in (0.56, 0.855) for x in (0.27, 0.73)],
            ),
            7: (
                min(bw * 0.175, bh * 0.115),
                [(0.19, 0.105, B, "b"), (0.5, 0.215, B, "b"), (0.81, 0.325, B, "b")]
                + [(x, y, C, "c") for y in (0.615, 0.885) for x in (0.28, 0.72)],
            ),
            8: (
                min(bw * 0.2, bh * 0.118),
                [(x, y, A, "a") for y in (0.118, 0.373, 0.627, 0.882) for x in (0.28, 0.72)],
            ),
            9: (
                min(bw * 0.165, bh * 0.148),
                [(x, 0.155, A, "a") for x in (0.17, 0.5, 0.83)]
                + [(x, 0.5, C, "c") for x in (0.17, 0.5, 0.83)]
                + [(x, 0.845, B, "b") for x in (0.17, 0.5, 0.83)],
            ),
        }
        r, pips = layouts[rank]
        for fx, fy, colour, role in pips:
            self._pip(face, (box.x + fx * bw, box.y + fy * bh), r, colour, role, ink)

    def _big_pip(self, surf: pygame.Surface, box: pygame.Rect, ink: Inks) -> None:
        """1饼: one large roundel with a petalled border, a blue ring and a red flower centre."""
        cx, cy = box.centerx, box.centery
        r = min(box.w, box.h) * 0.5
        ivory = IVORY_TOP
        green, blue, red = ink.pip_b, ink.pip_a, ink.pip_c
        c = (cx, cy)
        pygame.draw.circle(surf, _shade(green, 0.6), c, round(r))
        pygame.draw.circle(surf, green, c, round(r * 0.94))
        # scalloped ivory border: a ring of small ivory discs
        n = 16
        for i in range(n):
            a = 2 * math.pi * i / n
            pygame.draw.circle(
                surf,
                ivory,
                (round(cx + math.cos(a) * r * 0.8), round(cy + math.sin(a) * r * 0.8)),
                max(1, round(r * 0.09)),
            )
        pygame.draw.circle(surf, ivory, c, round(r * 0.68))
        pygame.draw.circle(surf, blue, c, round(r * 0.62))
        pygame.draw.circle(surf, ivory, c, round(r * 0.5))
        # eight red petals
        petals = 8
        for i in range(petals):
            a = 2 * math.pi * i / petals
            px, py = cx + math.cos(a) * r * 0.3, cy + math.sin(a) * r * 0.3
            pygame.draw.circle(surf, red, (round(px), round(py)), round(r * 0.15))
        pygame.draw.circle(surf, _shade(red, 0.75), c, round(r * 0.22))
        pygame.draw.circle(surf, ivory, c, round(r * 0.12))
        pygame.draw.circle(surf, blue, c, round(r * 0.06))

    # -- 条 ---------------------------------------------------------------
    def _stick(
        self,
        surf: pygame.Surface,
        top: tuple[float, float],
        bottom: tuple[float, float],
        width: float,
        body: RGB,
        dark: RGB,
        light: RGB,
    ) -> None:
        """One bamboo stick from ``top`` to ``bottom``: rounded body, joints at the ends and the middle."""
        x0, y0 = top
        x1, y1 = bottom
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the stick
        px, py = -uy, ux  # across the stick

        def quad(t0: float, t1: float, half: float) -> list[tuple[float, float]]:
            a = (x0 + ux * t0, y0 + uy * t0)
            b = (x0 + ux * t1, y0 + uy * t1)
            return [
                (a[0] + px * half, a[1] + py * half),
                (b[0] + px * half, b[1] + py * half),
                (b[0] - px * half, b[1] - py * half),
                (a[0] - px * half, a[1] - py * half),
            ]

        half = width / 2
        # outline and body
        pygame.draw.polygon(surf, dark, quad(0, length, half))
        pygame.draw.circle(surf, dark, (round(x0), round(y0)), round(half))
        pygame.draw.circle(surf, dark, (round(x1), round(y1)), round(half))
        inner = half * 0.72
        pygame.draw.polygon(surf, body, quad(half * 0.3, length - half * 0.3, inner))
        # highlight strip along one side
        hl = quad(half * 0.6, length - half * 0.6, inner * 0.28)
        hl = [(x + px * inner * 0.35, y + py * inner * 0.35) for x, y in hl]
        pygame.draw.polygon(surf, light, hl)
        # joints: at both ends and in the middle, slightly wider than the stick
        for t in (half * 0.55, length / 2, length - half * 0.55):
            pygame.draw.polygon(surf, dark, quad(t - width * 0.17, t + width * 0.17, half * 1.08))
            pygame.draw.polygon(surf, light, quad(t - width * 0.05, t + width * 0.05, half * 0.55))

    def _draw_sou(self, face: pygame.Surface, rank: int, box: pygame.Rect, ink: Inks, k: int) -> None:
        """条: bamboo sticks in the standard layouts; a peacock for 1条."""
        if rank == 1:
            self._bird(face, box, ink)
            return
        bw, bh = box.w, box.h
        green = (ink.stick, ink.stick_dark, ink.stick_light)
        red = (ink.stick_accent, ink.stick_accent_dark, _shade(ink.stick_accent, 1.45))

        def col(
            x: float, y: float, length: float, colours: tuple[RGB, RGB, RGB] = green
        ) -> tuple[tuple[float, float], tuple[float, float], tuple[RGB, RGB, RGB]]:
            return (x, y - length / 2), (x, y + length / 2), colours

        sticks: list[tuple[tuple[float, float], tuple[float, float], tuple[RGB, RGB, RGB]]] = []
        tall, short = 0.42, 0.275
        if rank == 2:
            sticks = [col(0.5, 0.25, tall), col(0.5, 0.75, tall)]
        elif rank == 3:
            sticks = [col(0.5, 0.25, tall), col(0.28, 0.75, tall), col(0.72, 0.75, tall)]
        elif rank == 4:
            sticks = [col(x, y, tall) for y in (0.25, 0.75) for x in (0.3, 0.7)]
        elif rank == 5:
            sticks = [col(x, y, tall) for y in (0.25, 0.75) for x in (0.18, 0.82)] + [
                col(0.5, 0.5, tall, red)
            ]
        elif rank == 6:
            sticks = [col(x, y, tall) for y in (0.25, 0.75) for x in (0.17, 0.5, 0.83)]
        elif rank == 7:
            sticks = [col(0.5, 0.16, short, red)] + [
                col(x, y, short) for y in (0.5, 0.84) for x in (0.17, 0.5, 0.83)
            ]
        elif rank == 8:
            lean = 0.09
            for yc, up in ((0.25, True), (0.75, False)):
                y_top, y_bot = yc - tall / 2, yc + tall / 2
                sticks.append(col(0.1, yc, tall))
                sticks.append(col(0.9, yc, tall))
                if up:  # ∧: the two middle sticks meet at the top
                    sticks.append(((0.5 - 0.03, y_top), (0.5 - 0.03 - lean * 2, y_bot), green))
                    sticks.append(((0.5 + 0.03, y_top), (0.5 + 0.03 + lean * 2, y_bot), green))
                else:  # ∨: they meet at the bottom
                    sticks.append(((0.5 - 0.03 - lean * 2, y_top), (0.5 - 0.03, y_bot), green))
                    sticks.append(((0.5 + 0.03 + lean * 2, y_top), (0.5 + 0.03, y_bot), green))
        elif rank == 9:
            for y in (0.16, 0.5, 0.84):
                for x in (0.17, 0.5, 0.83):
                    sticks.append(col(x, y, short, red if x == 0.5 else green))
        width = min(bw * 0.17, bh * 0.105)
        if rank in (6, 9, 7):
            width = min(bw * 0.155, bh * 0.1)
        for (tx, ty), (bx, by), (body, dark, light) in sticks:
            self._stick(
                face,
                (box.x + tx * bw, box.y + ty * bh),
                (box.x + bx * bw, box.y + by * bh),
                width,
                body,
                dark,
                light,
            )

    def _bird(self, surf: pygame.Surface, box: pygame.Rect, ink: Inks) -> None:
        """1条: a peacock on a bamboo perch, its tail fanned up behind it."""
        bw, bh = box.w, box.h

        def p(fx: float, fy: float) -> tuple[int, int]:
            return round(box.x + fx * bw), round(box.y + fy * bh)

        def ln(a: tuple[float, float], b: tuple[float, float], width: float, colour: RGB) -> None:
            pygame.draw.line(surf, colour, p(*a), p(*b), max(1, round(width * bw)))

        body, wing, accent = ink.bird_body, ink.bird_wing, ink.bird_accent
        dark = _shade(body, 0.55)
        gold = (222, 168, 44) if not ink.pip_patterns else (240, 190, 60)
        # the tail: a fan of feathers rising behind the body, each ending in an eye spot
        base = (0.5, 0.62)
        fan = [base]
        angles = [math.radians(a) for a in range(-95, 26, 5)]
        for a in angles:
            fan.append((base[0] + math.cos(a) * 0.5, base[1] + math.sin(a) * 0.56))
        pygame.draw.polygon(surf, _shade(body, 1.55), [p(*q) for q in fan])
        for i, deg in enumerate(range(-90, 21, 22)):
            a = math.radians(deg)
            tip = (base[0] + math.cos(a) * 0.44, base[1] + math.sin(a) * 0.5)
            colour = body if i % 2 else wing
            ln(base, tip, 0.035, _shade(colour, 0.8))
            ex, ey = p(*tip)
            pygame.draw.ellipse(
                surf, _shade(colour, 0.7), pygame.Rect(ex - bw * 0.07, ey - bw * 0.08, bw * 0.14, bw * 0.16)
            )
            pygame.draw.ellipse(surf, gold, pygame.Rect(ex - bw * 0.05, ey - bw * 0.06, bw * 0.1, bw * 0.12))
            pygame.draw.circle(surf, wing if colour == body else accent, (ex, ey), max(1, round(bw * 0.03)))
        # perch and legs
        ln((0.12, 0.93), (0.78, 0.93), 0.08, ink.stick_dark)
        ln((0.12, 0.93), (0.78, 0.93), 0.04, ink.stick_light)
        ln((0.36, 0.76), (0.33, 0.92), 0.03, _shade(gold, 0.75))
        ln((0.46, 0.76), (0.48, 0.92), 0.03, _shade(gold, 0.75))
        # body: an egg shape
        pygame.draw.ellipse(surf, dark, pygame.Rect(*p(0.16, 0.46), round(bw * 0.48), round(bh * 0.34)))
        pygame.draw.ellipse(surf, body, pygame.Rect(*p(0.18, 0.475), round(bw * 0.44), round(bh * 0.31)))
        # wing with feather lines
        pygame.draw.ellipse(
            surf, _shade(wing, 0.7), pygame.Rect(*p(0.3, 0.53), round(bw * 0.34), round(bh * 0.19))
        )
        pygame.draw.ellipse(surf, wing, pygame.Rect(*p(0.32, 0.545), round(bw * 0.3), round(bh * 0.16)))
        for i in range(3):
            y = 0.585 + i * 0.035
            ln((0.37, y), (0.58, y + 0.025), 0.018, _shade(wing, 1.5))
        # neck and head
        pygame.draw.polygon(surf, dark, [p(0.2, 0.56), p(0.13, 0.27), p(0.3, 0.25), p(0.36, 0.52)])
        pygame.draw.polygon(surf, body, [p(0.22, 0.56), p(0.15, 0.28), p(0.28, 0.26), p(0.34, 0.52)])
        head_c, head_r = p(0.22, 0.23), round(bw * 0.13)
        pygame.draw.circle(surf, dark, head_c, head_r)
        pygame.draw.circle(surf, body, head_c, round(head_r * 0.84))
        # crest: three red plumes
        for dx in (-0.07, 0.0, 0.07):
            ln((0.22, 0.14), (0.22 + dx, 0.045), 0.022, accent)
            pygame.draw.circle(surf, accent, p(0.22 + dx, 0.045), max(1, round(bw * 0.035)))
        # beak, eye and a red breast spot
        pygame.draw.polygon(surf, gold, [p(0.11, 0.2), p(0.0, 0.255), p(0.12, 0.27)])
        pygame.draw.circle(surf, IVORY_TOP, p(0.2, 0.215), max(1, round(bw * 0.048)))
        pygame.draw.circle(surf, (20, 20, 20), p(0.19, 0.215), max(1, round(bw * 0.027)))
        pygame.draw.circle(surf, accent, p(0.24, 0.6), max(1, round(bw * 0.055)))


__all__ = [
    "BACK",
    "INKS",
    "PALETTES",
    "Inks",
    "Palette",
    "TileArt",
    "TileMetrics",
    "TileState",
    "footprint",
    "metrics",
]
