"""Procedural mahjong tile art: whole tiles drawn by our code at every size, and their cache.

The faces (:mod:`game.ui.kit.tilefaces`) go on a tile body drawn here: tile backs,
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
from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import pygame

from game.core.tiles import NUM_KINDS, ZHONG
from game.ui.kit.fonts import FontBook
from game.ui.kit.tilefaces import INKS, IVORY_TOP, PALETTES, RGB, FacePainter, Inks, Palette, lerp_rgb, shade

TileState = Literal["normal", "highlight", "dimmed", "hint"]
Rotation = Literal[0, 90, 180, 270]
WantKey = tuple[int | None, int, int, TileState]
"""An image on the wanted list: (kind or None for the back, width, rotation, state)."""

BACK: Final = -1
"""Pseudo-kind of a tile seen from behind."""


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


def face_size(width: int) -> tuple[int, int]:
    """(face height, thickness) of a tile whose face is ``width`` pixels wide: :func:`metrics` without
    the object, for layouts that ask thousands of times."""
    width = max(8, int(width))
    return round(width * 1.34), max(2, round(width * 0.13))


def metrics(width: int) -> TileMetrics:
    """Sizes of a tile whose face is ``width`` pixels wide (faces are about 3:4)."""
    width = max(8, int(width))
    face_height, depth = face_size(width)
    return TileMetrics(width=width, face_height=face_height, depth=depth)


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


def _gradient_rrect(size: tuple[int, int], top: RGB, bottom: RGB, radius: int) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient, transparent outside."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, lerp_rgb(top, bottom, y / max(1, h - 1)), (0, y), (w - 1, y))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _dimmed(tile: pygame.Surface) -> pygame.Surface:
    """A tile image darkened for the dimmed state (a copy; the image given is left as it is)."""
    out = tile.copy()
    shade = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    shade.fill((165, 165, 165, 255))
    out.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


class TileArt:
    """Draws and caches tile images. Owned by the app; holds no global state."""

    def __init__(self, fonts: FontBook, palette: Palette = "classic", corner_index: bool = False) -> None:
        self.fonts = fonts
        self.faces = FacePainter(fonts)
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
            normal = self._cache.get((*key[:-1], "normal")) if state == "dimmed" else None
            if normal is not None:  # the dimmed image is the normal one darkened: no need to draw it again
                surf = _dimmed(normal)
            else:
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
                face = self.faces.draw(kind, face_size, k, corner, self.palette)
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
        return _dimmed(surf) if state == "dimmed" else surf

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
            big, shade(BACK_TOP, 1.25), inset, width=max(1, k), border_radius=max(1, rect.w // 10)
        )
        pygame.draw.line(
            big,
            shade(BACK_TOP, 1.45),
            (rect.x + rect.w // 6, rect.y + k),
            (rect.right - rect.w // 6, rect.y + k),
            k,
        )


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
