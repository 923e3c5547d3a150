"""Drawing helpers shared by the scenes: the felt backdrop, panels, wrapped text, a scroll view.

pygame_gui draws buttons, sliders and text entry; everything with long or
mixed Chinese/English text is drawn here with our own line breaking (pygame_gui
hyphenates Chinese text as if it were one long word).
"""

from __future__ import annotations

import contextlib
import random
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.ui.kit.fonts import Colour, FontBook, Weight
from game.ui.kit.theme import COLOURS, RGB


def _lerp(a: RGB, b: RGB, t: float) -> RGB:
    """Colour between a and b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Backdrop:
    """Green felt backgrounds (radial light, fine fibre noise), cached per window size."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple[int, int, RGB, RGB], pygame.Surface] = OrderedDict()
        self._noise: pygame.Surface | None = None

    def felt(
        self, size: tuple[int, int], centre: RGB = COLOURS.felt_light, edge: RGB = COLOURS.felt_dark
    ) -> pygame.Surface:
        """A felt surface of the given size: lighter in the middle, darker at the edges."""
        key = (size[0], size[1], centre, edge)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        w, h = max(1, size[0]), max(1, size[1])
        # the light falloff is a smooth gradient: draw it small and let smoothscale interpolate it
        sw, sh = max(8, w // 8), max(8, h // 8)
        small = pygame.Surface((sw, sh))
        small.fill(edge)
        steps = 48
        for i in range(steps):
            t = i / (steps - 1)
            rx, ry = sw * (1.25 - 0.95 * t) / 2, sh * (1.35 - 1.0 * t) / 2
            rect = pygame.Rect(0, 0, max(1, int(rx * 2)), max(1, int(ry * 2)))
            rect.center = (sw // 2, int(sh * 0.46))
            pygame.draw.ellipse(small, _lerp(edge, centre, t**0.8), rect)
        surf = pygame.transform.smoothscale(small, (w, h))
        noise = self._noise_tile()
        for y in range(0, h, noise.get_height()):
            for x in range(0, w, noise.get_width()):
                surf.blit(noise, (x, y), special_flags=pygame.BLEND_RGB_ADD)
        with contextlib.suppress(pygame.error):  # convert() needs a display surface to exist
            surf = surf.convert()
        self._cache[key] = surf
        while len(self._cache) > 6:
            self._cache.popitem(last=False)
        return surf

    def _noise_tile(self) -> pygame.Surface:
        """A 256x256 tile of faint grain that makes flat green read as cloth."""
        if self._noise is None:
            size = 256
            raw = random.Random(1234).randbytes(size * size)
            grey = raw.translate(bytes(b % 9 for b in range(256)))
            green = raw.translate(bytes(b % 9 + (b % 9 >> 2) for b in range(256)))
            data = bytearray(3 * size * size)
            data[0::3] = grey
            data[1::3] = green
            data[2::3] = grey
            self._noise = pygame.image.frombuffer(bytes(data), (size, size), "RGB").copy()
        return self._noise

    def clear(self) -> None:
        """Forget cached backgrounds."""
        self._cache.clear()


def panel_image(
    size: tuple[int, int],
    fill: tuple[int, int, int, int] = (10, 32, 21, 225),
    border: RGB | None = COLOURS.gold_dark,
    radius: int = 12,
    shadow: bool = True,
) -> pygame.Surface:
    """The image of a rounded translucent panel (with room for its shadow: 8 px left/right, 5 up, 11 down)."""
    w, h = size
    out = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    if shadow:
        for i in range(6):
            pygame.draw.rect(
                out,
                (0, 0, 0, 14),
                pygame.Rect(i, i + 3, w + 16 - 2 * i, h + 13 - 2 * i),
                border_radius=radius + 6 - i,
            )
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, fill, panel.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, (*border, 255), panel.get_rect(), width=2, border_radius=radius)
        inner = panel.get_rect().inflate(-8, -8)
        pygame.draw.rect(panel, (*border, 70), inner, width=1, border_radius=max(2, radius - 4))
    out.blit(panel, (8, 5))
    return out


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: tuple[int, int, int, int] = (10, 32, 21, 225),
    border: RGB | None = COLOURS.gold_dark,
    radius: int = 12,
    shadow: bool = True,
    cache: dict[tuple[object, ...], pygame.Surface] | None = None,
) -> None:
    """A rounded translucent panel with a thin gold edge and a soft shadow.

    Pass a dict as ``cache`` (owned by the caller) to reuse the image between frames.
    """
    key = ("panel", rect.size, fill, border, radius, shadow)
    img = cache.get(key) if cache is not None else None
    if img is None:
        img = panel_image(rect.size, fill, border, radius, shadow)
        if cache is not None:
            if len(cache) > 64:
                cache.clear()
            cache[key] = img
    surface.blit(img, (rect.x - 8, rect.y - 5))


def draw_text(
    surface: pygame.Surface,
    fonts: FontBook,
    text: str,
    pos: tuple[int, int],
    size: int,
    colour: Colour = COLOURS.text,
    weight: Weight = "regular",
    *,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line of text anchored at pos ('topleft', 'center', 'midtop' ...); returns its rect."""
    img = fonts.render(text, size, colour, weight)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        sh = fonts.render(text, size, (0, 0, 0), weight)
        sh_alpha = sh.copy()
        sh_alpha.set_alpha(120)
        surface.blit(sh_alpha, rect.move(max(1, size // 18), max(1, size // 14)))
    return fonts.put(surface, img, rect, text)


def share_out(spare: int, gaps: int, most: int) -> int:
    """The extra space each of ``gaps`` gaps between lines gets so the lines fill ``spare`` pixels more,
    never more than ``most`` (0 with no gap or nothing to spare)."""
    if gaps < 1 or spare <= 0:
        return 0
    return min(spare // gaps, most)


def draw_heading(
    surface: pygame.Surface, fonts: FontBook, text: str, pos: tuple[int, int], width: int, size: int
) -> pygame.Rect:
    """A panel section's title in gold, a hairline rule running from it to the section's right edge
    (``width`` from ``pos``), as a printed table of contents sets its headings; returns the title's rect."""
    rect = draw_text(surface, fonts, text, pos, size, COLOURS.gold, "bold")
    start, end = rect.right + max(4, size // 2), pos[0] + width
    if end - start > size:
        y = rect.top + fonts.line_size(size, "bold") // 2 + 1
        pygame.draw.line(surface, COLOURS.gold_dark, (start, y), (end, y), max(2, size // 12))
    return rect


def draw_wrapped(
    surface: pygame.Surface,
    fonts: FontBook,
    text: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = COLOURS.text,
    weight: Weight = "regular",
    *,
    line_gap: float = 0.45,
    align: str = "left",
) -> int:
    """Draw text wrapped to rect's width (CJK breaks anywhere, Latin at spaces); returns the height used."""
    y = rect.y
    line_h = fonts.line_size(size, weight)
    step = int(line_h + size * line_gap - size * 0.3)
    for line in fonts.wrap(text, size, rect.w, weight):
        if line:
            img = fonts.render(line, size, colour, weight)
            x = rect.x if align == "left" else rect.x + (rect.w - img.get_width()) // 2
            fonts.put(surface, img, img.get_rect(topleft=(x, y)), line)
        y += step
    return y - rect.y


def wrapped_height(
    fonts: FontBook, text: str, width: int, size: int, weight: Weight = "regular", line_gap: float = 0.45
) -> int:
    """The height :func:`draw_wrapped` would use."""
    line_h = fonts.line_size(size, weight)
    step = int(line_h + size * line_gap - size * 0.3)
    return step * len(fonts.wrap(text, size, width, weight))


@dataclass
class ScrollState:
    """Scroll position of a tall content surface shown through a viewport."""

    offset: float = 0.0
    content_height: int = 0
    view_height: int = 0
    dragging: bool = False

    @property
    def max_offset(self) -> float:
        """How far the content can scroll."""
        return max(0.0, float(self.content_height - self.view_height))

    def scroll_by(self, pixels: float) -> None:
        """Scroll down (positive) or up, staying in range."""
        self.offset = min(self.max_offset, max(0.0, self.offset + pixels))

    def scroll_to_fraction(self, fraction: float) -> None:
        """Jump to a fraction 0-1 of the scroll range."""
        self.offset = self.max_offset * min(1.0, max(0.0, fraction))


def draw_scrollbar(surface: pygame.Surface, track: pygame.Rect, state: ScrollState) -> pygame.Rect | None:
    """Draw a slim scrollbar in ``track``; returns the thumb rect (None when nothing scrolls)."""
    if state.max_offset <= 0 or state.content_height <= 0:
        return None
    pygame.draw.rect(surface, (8, 26, 17), track, border_radius=track.w // 2)
    frac = state.view_height / state.content_height
    thumb_h = max(track.w * 2, int(track.h * frac))
    y = track.y + int((track.h - thumb_h) * (state.offset / state.max_offset))
    thumb = pygame.Rect(track.x, y, track.w, thumb_h)
    pygame.draw.rect(
        surface, COLOURS.gold_dark if not state.dragging else COLOURS.gold, thumb, border_radius=track.w // 2
    )
    return thumb


__all__ = [
    "Backdrop",
    "ScrollState",
    "draw_heading",
    "draw_panel",
    "draw_scrollbar",
    "draw_text",
    "draw_wrapped",
    "share_out",
    "wrapped_height",
]
