"""The centre box of the table: the wall ring, each seat's wind and score along the side facing it (on a band
along that side, lit for the one to move), the hand's number, the tiles left to draw, the 宝 with its label
and the replaced ones, and the dice."""

from __future__ import annotations

import pygame

from game.glossary import Lang, term
from game.seats import capital
from game.table.picture import TablePicture
from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileArt
from game.ui.table.layout import SlotKey, TableLayout
from game.ui.table.marks import blit_tile, draw_die, wind_word
from game.ui.words.i18n import tr

DICE_KEY: SlotKey = ("dice", -1, 0)
"""Hide this key to leave the dice out of the centre (they are rolling over it)."""


def side_size(layout: TableLayout) -> int:
    """The type size of each seat's wind and score along the side of the centre box facing it."""
    return max(12, round(layout.inner.w * 0.12))


def band_rect(layout: TableLayout, s: int) -> pygame.Rect:
    """Where the band along the side of the centre box facing seat ``s`` lies, under its wind and score."""
    inner = layout.inner
    thick = max(12, round(inner.w * 0.17))
    long = round(inner.w * 0.72)
    band = pygame.Rect((0, 0), (long, thick) if s % 2 == 0 else (thick, long))
    band.center = layout.wind_centres[s]
    return band


class CentrePainter:
    """Draws the centre box (see the module docstring); images it reuses go in the renderer's cache."""

    def __init__(self, fonts: FontBook, tiles: TileArt, surfaces: dict[tuple[object, ...], pygame.Surface]):
        self.fonts = fonts
        self.tiles = tiles
        self.surfaces = surfaces

    def key(
        self, picture: TablePicture, layout: TableLayout, lang: Lang, hidden: frozenset[SlotKey]
    ) -> object:
        """Everything the centre box shows."""
        seats = tuple((seat.wind, seat.dealer, seat.score) for seat in picture.seats)
        return (
            layout.centre,
            tuple(layout.wall),
            layout.bao,
            tuple(layout.old_bao),
            picture.turn,
            seats,
            picture.wall_live,
            picture.hand_no,
            picture.match_hands,
            picture.dice,
            lang,
            ("bao", -1, 0) in hidden,
            DICE_KEY in hidden,
            frozenset(k for k in hidden if k[0] == "old_bao"),
        )

    def bounds(self, layout: TableLayout) -> pygame.Rect:
        """Where the centre box draws (everything in it, the 宝's glow too, stays inside the box)."""
        return layout.centre.copy()

    def draw(
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
        box = self.surfaces.get(key)
        if box is None:
            radius = max(4, c.w // 14)
            box = pygame.Surface(c.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (7, 26, 17, 240), box.get_rect(), border_radius=radius)
            pygame.draw.rect(box, (*COLOURS.gold_dark, 255), box.get_rect(), width=2, border_radius=radius)
            self.surfaces[key] = box
        surface.blit(box, c)
        for stack in sorted(layout.wall, key=lambda s: s.rect.bottom):
            img = self.tiles.stack(stack.width, stack.layers, stack.rotation, dim=stack.kept)
            surface.blit(img, img.get_rect(bottomleft=stack.rect.bottomleft))
        inner = layout.inner
        fonts = self.fonts
        with fonts.box(inner, "centre box"):
            for s in range(4):  # each seat's wind and score turned to face it; the one to move lit
                self._draw_side(surface, picture, layout, s, lang)
            count = tr("table.remaining", lang, n=picture.wall_live)
            counted = fonts.draw(
                surface, count, layout.count_size, COLOURS.gold, "bold", center=layout.count_centre
            )
            self._draw_hand_no(surface, picture, layout, lang, counted.top)
            if layout.bao is not None:
                self._draw_bao(surface, layout, lang, hidden)
            if picture.dice is not None and DICE_KEY not in hidden:
                for rect, value in zip(layout.dice, picture.dice, strict=False):
                    draw_die(surface, rect, value)

    def _draw_hand_no(
        self, surface: pygame.Surface, picture: TablePicture, layout: TableLayout, lang: Lang, below: int
    ) -> None:
        """The hand's number ("Hand 3 of 8") between the top seat's wind and score and the count (whose top is
        ``below``), as large as the room there allows and never under 12 px (left out where it has none)."""
        if picture.match_hands:
            hand = tr("table.hand_of", lang, n=picture.hand_no, total=picture.match_hands)
        else:
            hand = tr("table.hand_no", lang, n=picture.hand_no)
        top = layout.wind_centres[2][1] + round(side_size(layout) * 0.78)  # under the top seat's strip
        size = max(12, round(layout.count_size * 0.55))
        fonts, widest = self.fonts, layout.inner.w * 0.6
        while size > 12 and (fonts.line_size(size) > below - top or fonts.size(hand, size)[0] > widest):
            size -= 1
        if fonts.line_size(size) <= below - top:
            fonts.draw(surface, hand, size, COLOURS.text, midbottom=(layout.inner.centerx, below))

    def _draw_side(
        self, surface: pygame.Surface, picture: TablePicture, layout: TableLayout, s: int, lang: Lang
    ) -> None:
        """One seat's side of the centre: its wind (on a gold disc while it is to move) and its score, turned
        to face it, on a band along that side of the box, lit while it is that seat's turn."""
        seat = picture.seats[s]
        moving = picture.turn == s
        size = side_size(layout)
        self._draw_band(surface, layout, s, moving)
        colour = (40, 26, 6) if moving else COLOURS.red if seat.dealer else COLOURS.text_dim
        word = wind_word(seat.wind, lang)
        wind = self.fonts.render(word, size, colour, "bold")
        points = f"{seat.score:+d}" if seat.score else "0"
        score = self.fonts.render(points, size, (255, 244, 200) if moving else COLOURS.gold, "bold")
        gap = size // 2
        radius = round(size * 0.78)
        w = 2 * radius + gap + score.get_width()
        h = max(2 * radius, score.get_height())
        strip = pygame.Surface((w, h), pygame.SRCALPHA)
        disc = (radius, h // 2)
        if moving:
            pygame.draw.circle(strip, COLOURS.turn, disc, radius)
            pygame.draw.circle(strip, (255, 244, 200), disc, radius, width=2)
        strip.blit(wind, wind.get_rect(center=disc))
        strip.blit(score, score.get_rect(midleft=(2 * radius + gap, h // 2)))
        img = pygame.transform.rotate(strip, (0, 90, 180, 270)[s])
        self.fonts.put(surface, img, img.get_rect(center=layout.wind_centres[s]), f"{word} {seat.score}")

    def _draw_band(self, surface: pygame.Surface, layout: TableLayout, s: int, lit: bool) -> None:
        """The band along the side of the box facing seat ``s``, under its wind and score: a quiet frame,
        lit while it is that seat's turn (the turn marker, moved the frame the turn changes)."""
        place = band_rect(layout, s)
        thick = min(place.size)
        key = ("turn-bar", place.size, lit)
        bar = self.surfaces.get(key)
        if bar is None:
            bar = pygame.Surface(place.size, pygame.SRCALPHA)
            quiet = ((0, 0, 0, 60), (*COLOURS.gold_dark, 150))
            fill, edge = ((*COLOURS.turn, 70), (*COLOURS.turn, 200)) if lit else quiet
            pygame.draw.rect(bar, fill, bar.get_rect(), border_radius=thick // 2)
            pygame.draw.rect(bar, edge, bar.get_rect(), width=2, border_radius=thick // 2)
            self.surfaces[key] = bar
        surface.blit(bar, place)

    def _draw_bao(
        self, surface: pygame.Surface, layout: TableLayout, lang: Lang, hidden: frozenset[SlotKey]
    ) -> None:
        """The 宝 in a soft gold glow, its label to the left, the replaced 宝s face up to the right."""
        slot = layout.bao
        assert slot is not None
        gkey = ("bao-glow", slot.rect.size)
        glow = self.surfaces.get(gkey)
        if glow is None:
            glow = pygame.Surface(slot.rect.inflate(10, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*COLOURS.gold, 90), glow.get_rect(), border_radius=7)
            pygame.draw.rect(glow, (*COLOURS.gold, 220), glow.get_rect(), width=2, border_radius=7)
            self.surfaces[gkey] = glow
        surface.blit(glow, slot.rect.inflate(10, 10))
        if ("bao", -1, slot.index) not in hidden:
            blit_tile(surface, self.tiles, slot)
        word = term("bao", lang)
        label = capital(word)
        size = max(12, round(slot.width * (0.55 if lang == "zh" else 0.42)))
        place = pygame.Rect((0, 0), self.fonts.size(label, size, "bold"))
        place.midright = layout.bao_label
        side = layout.wind_centres[3][0] + round(side_size(layout) * 0.8)
        if place.left > side:  # in a small centre box the left seat's score needs the room: the glow says 宝
            self.fonts.draw(surface, label, size, COLOURS.gold, "bold", midright=layout.bao_label)
        for old in layout.old_bao:
            if ("old_bao", -1, old.index) not in hidden:
                blit_tile(surface, self.tiles, old, "dimmed")


__all__ = ["DICE_KEY", "CentrePainter", "band_rect"]
