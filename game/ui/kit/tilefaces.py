"""Tile faces drawn from vectors: 万 (a Chinese numeral over a red 萬), 饼 (the traditional circle layouts,
1饼 a large decorated roundel), 条 (green bamboo sticks in the standard layouts, red centre sticks on
5/7/9, a peacock for 1条), a bold red 中, and the small ``3m`` corner index, in two palettes.

:class:`FacePainter` draws one upright face at a supersampled size; :mod:`game.ui.kit.tileart`
puts it on a tile body, filters it down and caches the result.
"""

from __future__ import annotations

import math
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
        red = (ink.stick_accent, ink.stick_accent_dark, shade(ink.stick_accent, 1.45))

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


__all__ = ["INKS", "IVORY_TOP", "PALETTES", "FacePainter", "Inks", "Palette", "lerp_rgb", "shade"]
