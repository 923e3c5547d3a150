"""The seat plates beside each hand, in the central square's corners: the wind disc (red for the dealer,
with a 庄 ribbon), the name, the AI level, the 听 or 扣听 badge and the score; the seat to move lit by a
bright frame and a glow. Each plate is a card, in three rows."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.glossary import Lang, term
from game.seats import capital
from game.table.picture import SeatPicture
from game.ui.kit.fonts import FontBook, Weight
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.widgets import draw_panel
from game.ui.table.marks import wind_word
from game.ui.words.i18n import level_name, tr

LIGHT: RGB = (255, 244, 226)


def badge_words(seat: SeatPicture, lang: Lang) -> tuple[str, str]:
    """(the dealer's ribbon, the 听 badge) of a seat in the player's language ("" for none)."""
    dealer = ""
    if seat.dealer:
        dealer = tr("table.dealer_short", lang) if lang == "zh" else capital(term("dealer", lang))
    ready = ""
    if seat.locked:
        ready = tr("table.locked", lang)
    elif seat.ting:
        ready = capital(term("ting", lang))
    return dealer, ready


class PlatePainter:
    """Draws one seat's plate (see the module docstring)."""

    def __init__(self, fonts: FontBook, surfaces: dict[tuple[object, ...], pygame.Surface]) -> None:
        self.fonts = fonts
        self.surfaces = surfaces
        self._images: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        """Plates drawn before, by everything they show (a plate changes far less often than the table)."""

    def forget(self) -> None:
        """Drop the plates drawn before."""
        self._images.clear()

    @staticmethod
    def region(rect: pygame.Rect, active: bool) -> pygame.Rect:
        """Everything a plate may draw on: the panel (and the glow round the plate of the seat to move)."""
        return rect.inflate(24, 24) if active else rect.inflate(2, 2)

    def draw(
        self,
        surface: pygame.Surface,
        seat: SeatPicture,
        rect: pygame.Rect,
        ts: float,
        lang: Lang,
        *,
        active: bool,
        score: int,
        name: str,
        thinking: bool = False,
    ) -> None:
        """The plate of one seat at ``rect``; ``ts`` is the layout's text scale, ``score`` the one shown,
        ``thinking`` while the seat's AI decides (three quiet dots in the plate's corner).

        Each plate is drawn once into an image and blitted after that (drawn straight onto the surface
        while the fonts record a text log, so the log sees every line where it lands)."""
        if self.fonts.log is not None:
            self._paint(surface, seat, rect, ts, lang, active, score, name, thinking)
            return
        key = (seat, rect.size, ts, lang, active, score, name, thinking)
        image = self._images.get(key)
        if image is None:
            image = pygame.Surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
            self._paint(
                image, seat, pygame.Rect((12, 12), rect.size), ts, lang, active, score, name, thinking
            )
            self._images[key] = image
            if len(self._images) > 24:
                self._images.popitem(last=False)
        else:
            self._images.move_to_end(key)
        surface.blit(image, (rect.x - 12, rect.y - 12))

    def _paint(
        self,
        surface: pygame.Surface,
        seat: SeatPicture,
        rect: pygame.Rect,
        ts: float,
        lang: Lang,
        active: bool,
        score: int,
        name: str,
        thinking: bool = False,
    ) -> None:
        """Draw a plate (see :meth:`draw`)."""
        if active:
            self._glow(surface, rect)
        draw_panel(
            surface,
            rect,
            fill=(24, 62, 40, 240) if active else (8, 28, 18, 228),
            border=COLOURS.turn if active else COLOURS.gold_dark,
            radius=max(6, rect.h // 6),
            shadow=False,
            cache=self.surfaces,
        )
        if active:
            pygame.draw.rect(surface, COLOURS.turn, rect, width=3, border_radius=max(6, rect.h // 6))
        # three rows: the wind disc and the score; the name; the 听 badge, the 庄 ribbon and the AI level
        with self.fonts.box(rect, "seat plate"):
            fonts = self.fonts
            pad = max(4, round(min(rect.w, rect.h) * 0.07))
            r = max(9, round(min(rect.h * 0.19, rect.w * 0.16)))
            disc_c = (rect.x + pad + r, rect.y + pad + r)
            pygame.draw.circle(surface, COLOURS.red if seat.dealer else (22, 66, 44), disc_c, r)
            pygame.draw.circle(surface, COLOURS.turn if active else COLOURS.gold, disc_c, r, width=2)
            colour = (255, 240, 200) if seat.dealer else COLOURS.gold
            fonts.draw(surface, wind_word(seat.wind, lang), round(r * 1.1), colour, "bold", center=disc_c)
            right = rect.right - pad
            x = disc_c[0] + r + pad
            score_text = f"{score:+d}" if score else "0"
            score_size = min(round(30 * ts), round(r * 1.5))
            score_img = self._fit(score_text, score_size, right - x, "bold", COLOURS.gold)
            score_at = score_img.get_rect(midright=(right, disc_c[1] + r // 2))  # the thinking dots above
            fonts.put(surface, score_img, score_at, score_text)
            small = max(12, min(round(16 * ts), round(rect.h * 0.12)))
            bottom_row = rect.bottom - pad - round(small * 0.7)
            name_y = (disc_c[1] + r + bottom_row - round(small * 0.7)) // 2
            # the name in its row; what follows a " · " in it (the viewer's seat letter) goes to the bottom
            name, _, tail = name.partition(" · ")
            name_size = max(12, min(round(22 * ts), round(rect.h * 0.19)))
            name_img = self._fit(name, name_size, rect.w - 2 * pad, "bold")
            fonts.put(surface, name_img, name_img.get_rect(midleft=(rect.x + pad, name_y)), name)
            # the bottom row: the 听 badge, the 庄 ribbon, the AI level, each where the row still has room
            # (the 听 badge always; a ready dealer's red disc says 庄 where the ribbon does not fit by it)
            dealer, ready = badge_words(seat, lang)
            pill_size = max(12, round(13 * ts))
            level = level_name(seat.level, lang) if seat.level else ""
            x, right = rect.x + pad, rect.right - pad
            line = " · ".join(part for part in (tail, level) if part)
            for word, tone in ((ready, COLOURS.ting), (dealer, COLOURS.red), (line, None)):
                if not word:
                    continue
                if tone is None:  # the seat letter and the AI level, or as much of it as fits
                    for said in (word, tail, tail.partition(" · ")[0], level):
                        if said and fonts.size(said, small)[0] <= right - x:
                            fonts.draw(surface, said, small, COLOURS.text_dim, midleft=(x, bottom_row))
                            break
                    continue
                wide = fonts.size(word, pill_size, "bold")[0] + max(8, pill_size)
                if wide <= right - x or word == ready:
                    x = self._pill(surface, word, pill_size, tone, midleft=(x, bottom_row)).right + pad
            if thinking:
                self._thinking_dots(surface, rect, ts)

    @staticmethod
    def _thinking_dots(surface: pygame.Surface, rect: pygame.Rect, ts: float) -> None:
        """Three small dots in the plate's top-right corner, above the score: this seat's AI is deciding."""
        r = max(2, round(3 * ts))
        gap = 3 * r
        y = rect.y + max(r + 6, round(rect.h * 0.08))
        x = rect.right - max(8, round(12 * ts)) - 2 * gap
        for i in range(3):
            pygame.draw.circle(surface, COLOURS.turn, (x + i * gap, y), r)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A warm glow round the plate of the seat to move (steady: it is there the moment the turn is)."""
        gkey = ("plate-glow", rect.size)
        glow = self.surfaces.get(gkey)
        if glow is None:
            glow = pygame.Surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
            for i in range(6):
                pygame.draw.rect(
                    glow,
                    (*COLOURS.turn, 150 - i * 22),
                    glow.get_rect().inflate(-i * 4, -i * 4),
                    width=3,
                    border_radius=18 - i,
                )
            self.surfaces[gkey] = glow
        surface.blit(glow, rect.inflate(24, 24))

    def _pill(
        self, surface: pygame.Surface, text: str, size: int, colour: RGB, **anchor: tuple[int, int]
    ) -> pygame.Rect:
        """A small rounded badge with light bold text; returns where it went."""
        img = self.fonts.render(text, size, LIGHT, "bold")
        pill = img.get_rect().inflate(max(8, size), max(2, size // 6))
        setattr(pill, next(iter(anchor)), next(iter(anchor.values())))
        pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
        self.fonts.put(surface, img, img.get_rect(center=pill.center), text)
        return pill

    def _fit(
        self, text: str, size: int, width: int, weight: Weight, colour: RGB = COLOURS.text
    ) -> pygame.Surface:
        """Text made up to a fifth smaller to fit a width (never under 12 px), else cut with an ellipsis."""
        fonts = self.fonts
        for smaller in range(size, max(12, size * 4 // 5) - 1, -1):
            if fonts.size(text, smaller, weight)[0] <= width:
                return fonts.render(text, smaller, colour, weight)
        size = max(12, size * 4 // 5)
        while text and fonts.size(text + "…", size, weight)[0] > width:
            text = text[:-1]
        return fonts.render(text + "…", size, colour, weight)


__all__ = ["PlatePainter", "badge_words"]
