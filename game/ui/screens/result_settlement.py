"""The hand result's settlement: the 宝, who pays whom and why, and the new scores, in the right part of the
result panel, as large as that part allows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

import pygame

from game.core.events import Settled
from game.core.tiles import kind_of
from game.glossary import term
from game.seats import capital
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_text
from game.ui.words.i18n import tr
from game.ui.words.settlement import payment_words

if TYPE_CHECKING:
    from game.core.view import SeatView
    from game.table.results import HandResult
    from game.ui.scene import SceneApp


class ResultPanel(Protocol):
    """What the settlement needs of the hand result it is drawn in."""

    app: SceneApp
    view: SeatView
    result: HandResult

    def px(self, value: float) -> int:
        """A length designed at scale 1, in pixels."""
        ...


class SettlementPart:
    """Draws the settlement for one hand result, at the largest scale its part of the panel holds."""

    def __init__(self, scene: ResultPanel) -> None:
        self.scene = scene
        self._scales: dict[tuple[object, ...], float] = {}

    SCALES: Final = (1.6, 1.45, 1.3, 1.15, 1.0)
    """How much larger than its designed size the settlement may be drawn, tried largest first."""

    def scale(self, area: pygame.Rect) -> float:
        """The largest scale at which every payment fits above the new scores: the settlement fills the
        right part of the panel (it took its top third at 1920x1080) rather than keep its smallest type."""
        key = (area.size, self.scene.app.lang)
        cached = self._scales.get(key)
        if cached is not None:
            return cached
        scratch = pygame.Surface((1, 1))
        chosen = self.SCALES[-1]
        with self.scene.app.fonts.unlogged():
            for k in self.SCALES:
                end, complete = self.draw_payments(scratch, area, k)
                if complete and end <= area.bottom - self._scores_height(k):
                    chosen = k
                    break
        self._scales[key] = chosen
        return chosen

    def _scores_height(self, k: float) -> int:
        """Room the new scores take at the bottom of the settlement (its rule and a gap included)."""
        return self.scene.px(round(100 * k))

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The 宝 (and the replaced ones), then every payment: who pays whom, how much, why; new scores —
        as large as the part of the panel allows."""
        k = self.scale(area)
        y, _complete = self.draw_payments(surface, area, k)
        app = self.scene.app
        lang = app.lang
        view = self.scene.view
        names = list(self.scene.result.names)
        x = area.x

        def px(value: float) -> int:
            return self.scene.px(round(value * k))

        y = max(y + px(6), area.bottom - self._scores_height(k))
        pygame.draw.line(surface, COLOURS.gold_dark, (x, y), (area.right, y), 1)
        y += px(8)
        draw_text(surface, app.fonts, tr("result.scores", lang), (x, y), px(14), COLOURS.text_dim)
        y += px(20)
        cw = area.w // 4
        for seat in range(4):
            cx = x + seat * cw
            draw_text(surface, app.fonts, names[seat], (cx, y), px(13), COLOURS.text_dim)
            draw_text(
                surface,
                app.fonts,
                f"{view.scores[seat]:+d}" if view.scores[seat] else "0",
                (cx, y + px(18)),
                px(18),
                COLOURS.gold,
                "bold",
            )

    def draw_payments(self, surface: pygame.Surface, area: pygame.Rect, k: float) -> tuple[int, bool]:
        """The 宝 row and every payment at scale ``k``; returns where they end and whether all were drawn."""
        app = self.scene.app
        lang = app.lang
        view = self.scene.view

        def px(value: float) -> int:
            return self.scene.px(round(value * k))

        x, y = area.x, area.y
        tw = max(14, px(30))
        label = capital(term("bao", lang))  # a row's label: "Bao", as "Settlement" below
        draw_text(surface, app.fonts, label, (x, y), px(16), COLOURS.gold, "bold")
        bx = x + app.fonts.size(label, px(16), "bold")[0] + px(14)
        if view.bao is not None:
            surface.blit(app.tiles.tile(kind_of(view.bao), tw), (bx, y))
            bx += tw + px(10)
        for old in view.old_baos:
            surface.blit(app.tiles.tile(kind_of(old), round(tw * 0.8), state="dimmed"), (bx, y + px(4)))
            bx += round(tw * 0.8) + 2
        if view.old_baos:
            draw_text(
                surface, app.fonts, term("huanbao", lang), (bx + px(6), y + px(8)), px(13), COLOURS.text_dim
            )
        y += app.tiles.tile(0, tw).get_height() + px(16)
        draw_text(surface, app.fonts, tr("result.settlement", lang), (x, y), px(16), COLOURS.gold, "bold")
        y += px(28)
        settlement = view.settlement
        names = list(self.scene.result.names)
        payments = [] if not isinstance(settlement, Settled) else list(settlement.payments)
        for _hu, further in self.scene.result.further:  # 一炮多响: each further winner's payments too
            payments += further.payments
        if not payments:
            draw_text(surface, app.fonts, tr("result.no_payments", lang), (x, y), px(15), COLOURS.text_dim)
            return y + px(26), True
        for p in payments:
            who, why = payment_words(p, names, lang)
            draw_text(surface, app.fonts, who, (x, y), px(15), COLOURS.text, "bold")
            draw_text(
                surface,
                app.fonts,
                str(p.amount),
                (area.right, y),
                px(16),
                COLOURS.gold,
                "bold",
                anchor="topright",
            )
            y += px(20)
            for line in app.fonts.wrap(why, px(13), area.w - px(12)):
                draw_text(surface, app.fonts, line, (x + px(12), y), px(13), COLOURS.text_dim)
                y += px(17)
            y += px(6)
            if y > area.bottom - self._scores_height(k) - px(10) and p is not payments[-1]:
                return y, False
        return y, True


__all__ = ["SettlementPart"]
