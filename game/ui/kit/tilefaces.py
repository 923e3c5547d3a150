"""Tile faces drawn from vectors: 万 (a Chinese numeral over a red 萬), 饼 (the traditional circle layouts,
1饼 a large decorated roundel), 条 (green bamboo sticks in the standard layouts, red centre sticks on
5/7/9, a peacock for 1条), a bold red 中, and the small ``3m`` corner index, in two palettes.

:class:`FacePainter` draws one upright face at a supersampled size; :mod:`game.ui.kit.tileart`
puts it on a tile body, filters it down and caches the result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import pygame

from game.core.tiles import NUMERALS_ZH, ZHONG, kind_code, rank_of, suit_of
from game.ui.kit.fonts import FontBook, Weight

RGB = tuple[int, int, int]
Palette = Literal["classic", "colourblind"]
PALETTES: Final[tuple[Palette, ...]] = ("classic", "colourblind")
IVORY_TOP: Final = (253, 250, 240)
"""The face's ivory (also the light inlay of pips and the peacock's eye)."""


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


def lerp_rgb(a: RGB, b: RGB, t: float) -> RGB:
    """Colour between a and b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(c: RGB, f: float) -> RGB:
    """Darker (f < 1) or lighter (f > 1, towards white) version of a colour."""
    if f <= 1:
        return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
    return lerp_rgb(c, (255, 255, 255), min(1.0, f - 1))


StickSpec = tuple[float | None, float, float, bool]
"""A bamboo stick: (centre x or None for a slanted one, centre y, length, red?) as fractions of the face."""

_TALL: Final = 0.40
"""Length of a stick in a two-row layout: rows at 1/4 and 3/4 leave a tenth of the face between them."""
_SHORT: Final = 0.25
"""Length of a stick in a three-row layout (rows at 1/6, 1/2, 5/6 leave a twelfth between them)."""
_SLANT: Final = 0.15
"""How far (a fraction of the face width) a slanted stick of 8条 leans over its length."""


def sou_layout(rank: int) -> Sequence[StickSpec]:
    """The traditional sticks of ``rank`` 条 (2 to 9): 2 stacked, 3 one over two, 4 two by two, 5 two by
    two round a red centre, 6 three by two, 7 a red one over three by two, 8 the M over the W, 9 three by
    three with a red middle column. Slanted sticks of 8条 carry x None (see :func:`_stick_ends`)."""
    rows2 = (0.25, 0.75)
    rows3 = (1 / 6, 0.5, 5 / 6)
    if rank == 2:
        return [(0.5, y, _TALL, False) for y in rows2]
    if rank == 3:
        return [(0.5, 0.25, _TALL, False), (0.27, 0.75, _TALL, False), (0.73, 0.75, _TALL, False)]
    if rank == 4:
        return [(x, y, _TALL, False) for y in rows2 for x in (0.28, 0.72)]
    if rank == 5:
        return [(x, y, _TALL, False) for y in rows2 for x in (0.17, 0.83)] + [(0.5, 0.5, _TALL, True)]
    if rank == 6:
        return [(x, y, _TALL, False) for y in rows2 for x in (0.17, 0.5, 0.83)]
    if rank == 7:
        return [(0.5, rows3[0], _SHORT, True)] + [
            (x, y, _SHORT, False) for y in rows3[1:] for x in (0.17, 0.5, 0.83)
        ]
    if rank == 8:
        # outer sticks upright; the inner pairs lean together: ∧ on top (the M), ∨ below (the W)
        return [(x, y, _TALL, False) for y in rows2 for x in (0.08, 0.92)] + [
            (None, y, _TALL, False) for y in rows2
        ]
    if rank == 9:
        return [(x, y, _SHORT, x == 0.5) for y in rows3 for x in (0.17, 0.5, 0.83)]
    raise ValueError(f"no bamboo layout for rank {rank}")


def _stick_ends(
    sticks: Sequence[StickSpec],
) -> list[tuple[tuple[float, float], tuple[float, float], bool, float]]:
    """Each stick's two end points (face fractions), its red flag and its length; the x-less sticks of
    8条 become the two slanted pairs (meeting at the top in the upper row, at the bottom below)."""
    out: list[tuple[tuple[float, float], tuple[float, float], bool, float]] = []
    for x, y, length, accent in sticks:
        y0, y1 = y - length / 2, y + length / 2
        if x is not None:
            out.append(((x, y0), (x, y1), accent, length))
            continue
        upper = y < 0.5
        for side in (-1, 1):
            near, far = 0.5 + side * 0.095, 0.5 + side * (0.095 + _SLANT)
            top_x, bottom_x = (near, far) if upper else (far, near)
            out.append(((top_x, y0), (bottom_x, y1), accent, length))
    return out


class FacePainter:
    """Draws tile faces with the game's fonts (for the numerals, 萬, 中 and the corner index)."""

    def __init__(self, fonts: FontBook) -> None:
        self.fonts = fonts

    def draw(
        self, kind: int, size: tuple[int, int], k: int, corner: bool, palette: Palette
    ) -> pygame.Surface:
        """The printed face of an upright tile (transparent background), at supersampled size ``k``."""
        w, h = size
        face = pygame.Surface(size, pygame.SRCALPHA)
        ink = INKS[palette]
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
        dark = shade(colour, 0.62)
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
        pygame.draw.circle(surf, shade(green, 0.6), c, round(r))
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
        pygame.draw.circle(surf, shade(red, 0.75), c, round(r * 0.22))
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
        """One bamboo stick whose rounded ends lie exactly at ``top`` and ``bottom`` (so sticks placed
        apart never touch): a dark rim, the body, a light streak and a dark node across its middle."""
        x0, y0 = top
        x1, y1 = bottom
        length = math.hypot(x1 - x0, y1 - y0)
        half = width / 2
        if length <= width:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the stick
        px, py = -uy, ux  # across the stick

        def at(t: float, s: float = 0.0) -> tuple[float, float]:
            return (x0 + ux * t + px * s, y0 + uy * t + py * s)

        def band(t0: float, t1: float, h: float, shift: float = 0.0) -> list[tuple[float, float]]:
            return [at(t0, shift + h), at(t1, shift + h), at(t1, shift - h), at(t0, shift - h)]

        def capsule(colour: RGB, h: float) -> None:
            pygame.draw.polygon(surf, colour, band(half, length - half, h))
            for t in (half, length - half):
                cx, cy = at(t)
                pygame.draw.circle(surf, colour, (round(cx), round(cy)), max(1, round(h)))

        capsule(dark, half)
        capsule(body, half * 0.62)
        # a light streak along the left side, broken at the node
        streak = half * 0.17
        for t0, t1 in (
            (half * 0.9, length / 2 - width * 0.35),
            (length / 2 + width * 0.35, length - half * 0.9),
        ):
            if t1 > t0:
                pygame.draw.polygon(surf, light, band(t0, t1, streak, -half * 0.28))
        # the node: a dark ring across the middle, a little wider than the stick
        node = max(width * 0.16, 1.0)
        pygame.draw.polygon(surf, dark, band(length / 2 - node, length / 2 + node, half * 1.12))

    def _draw_sou(self, face: pygame.Surface, rank: int, box: pygame.Rect, ink: Inks, k: int) -> None:
        """条: bamboo sticks in the traditional layouts, each stick apart from the next by a clear gap
        (so 2, 4, 6 and 8 are counted at a glance); red sticks where sets print them; a peacock for 1条."""
        if rank == 1:
            self._bird(face, box, ink)
            return
        box = box.inflate(0, round(box.h * 0.06))  # sticks may run nearer the rim than other faces
        bw, bh = box.w, box.h
        sticks = sou_layout(rank)
        across = 4 if rank == 8 else 3 if rank >= 5 else 2  # the most sticks side by side in a row
        width = min(bw * {2: 0.23, 3: 0.165 if rank in (7, 9) else 0.18, 4: 0.14}[across], bh * 0.13)
        green = (ink.stick, ink.stick_dark, ink.stick_light)
        red = (ink.stick_accent, ink.stick_accent_dark, shade(ink.stick_accent, 1.45))
        for (tx, ty), (bx, by), accent, _ in _stick_ends(sticks):
            body, dark, light = red if accent else green
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
        dark = shade(body, 0.55)
        gold = (222, 168, 44) if not ink.pip_patterns else (240, 190, 60)
        # the tail: a fan of feathers rising behind the body, each ending in an eye spot
        base = (0.5, 0.62)
        fan = [base]
        angles = [math.radians(a) for a in range(-95, 26, 5)]
        for a in angles:
            fan.append((base[0] + math.cos(a) * 0.5, base[1] + math.sin(a) * 0.56))
        pygame.draw.polygon(surf, shade(body, 1.55), [p(*q) for q in fan])
        for i, deg in enumerate(range(-90, 21, 22)):
            a = math.radians(deg)
            tip = (base[0] + math.cos(a) * 0.44, base[1] + math.sin(a) * 0.5)
            colour = body if i % 2 else wing
            ln(base, tip, 0.035, shade(colour, 0.8))
            ex, ey = p(*tip)
            pygame.draw.ellipse(
                surf, shade(colour, 0.7), pygame.Rect(ex - bw * 0.07, ey - bw * 0.08, bw * 0.14, bw * 0.16)
            )
            pygame.draw.ellipse(surf, gold, pygame.Rect(ex - bw * 0.05, ey - bw * 0.06, bw * 0.1, bw * 0.12))
            pygame.draw.circle(surf, wing if colour == body else accent, (ex, ey), max(1, round(bw * 0.03)))
        # perch and legs
        ln((0.12, 0.93), (0.78, 0.93), 0.08, ink.stick_dark)
        ln((0.12, 0.93), (0.78, 0.93), 0.04, ink.stick_light)
        ln((0.36, 0.76), (0.33, 0.92), 0.03, shade(gold, 0.75))
        ln((0.46, 0.76), (0.48, 0.92), 0.03, shade(gold, 0.75))
        # body: an egg shape
        pygame.draw.ellipse(surf, dark, pygame.Rect(*p(0.16, 0.46), round(bw * 0.48), round(bh * 0.34)))
        pygame.draw.ellipse(surf, body, pygame.Rect(*p(0.18, 0.475), round(bw * 0.44), round(bh * 0.31)))
        # wing with feather lines
        pygame.draw.ellipse(
            surf, shade(wing, 0.7), pygame.Rect(*p(0.3, 0.53), round(bw * 0.34), round(bh * 0.19))
        )
        pygame.draw.ellipse(surf, wing, pygame.Rect(*p(0.32, 0.545), round(bw * 0.3), round(bh * 0.16)))
        for i in range(3):
            y = 0.585 + i * 0.035
            ln((0.37, y), (0.58, y + 0.025), 0.018, shade(wing, 1.5))
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
    "INKS",
    "IVORY_TOP",
    "PALETTES",
    "FacePainter",
    "Inks",
    "Palette",
    "StickSpec",
    "lerp_rgb",
    "shade",
    "sou_layout",
]
