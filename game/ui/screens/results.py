"""The hand result (every hand and the 宝 shown, the winning decomposition, who pays whom and why)
and the match result (standings and a per-hand score chart).

Both scenes take data and callbacks, never another scene: a live match, the
replay viewer and a lesson all show them the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import pygame

from game.core.events import Hu, RoundDrawn
from game.core.records import HandRecord
from game.core.state import Meld
from game.core.tiles import kind_name, kind_of
from game.core.view import HIDDEN, SeatView
from game.glossary import term
from game.seats import capital, seat_word
from game.table.figures import WinShape, winning_shape
from game.table.results import HandResult, MatchResult
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.tileart import TileState
from game.ui.kit.widgets import draw_panel, draw_text
from game.ui.screens.coach_lines import CoachLines
from game.ui.screens.match_board import BOARD_HEIGHT, draw_match_board
from game.ui.screens.result_settlement import SettlementPart
from game.ui.words.i18n import level_name, tr
from game.ui.words.settlement import basis_words, multi_win_sentence, payment_words, win_sentence

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

SEAT_COLOURS: Final[tuple[RGB, ...]] = ((255, 214, 102), (120, 200, 255), (240, 120, 110), (150, 225, 150))
"""Line colours of the four seats in the score chart (you first)."""
COLOURBLIND_SEATS: Final[tuple[RGB, ...]] = ((240, 228, 66), (86, 180, 233), (230, 159, 0), (204, 121, 167))
"""The seats' colours under the colour-blind palette (Okabe-Ito: yellow, sky blue, orange, reddish purple —
told apart without red against green)."""


def seat_colours(palette: str) -> tuple[RGB, ...]:
    """Each seat's colour in the standings, the chart and its legend, for the tile palette chosen."""
    return COLOURBLIND_SEATS if palette == "colourblind" else SEAT_COLOURS


PERSON: Final = 0
"""The seat whose results the match result counts as "yours" (the person's, at the bottom)."""


class HandResultScene(MenuScene):
    """Over the table after a hand: every hand revealed, the 宝, the winning reading, the settlement."""

    transparent = True
    name = "hand-result"
    design_size = (1200, 690)

    def __init__(
        self, app: SceneApp, result: HandResult, on_next: Callable[[], None], on_menu: Callable[[], None]
    ) -> None:
        """``on_next`` deals the next hand (or shows the match result); ``on_menu`` leaves the table."""
        super().__init__(app)
        self.result = result
        self.on_next = on_next
        self.on_menu = on_menu
        self.view: SeatView = result.view
        self.shape: WinShape | None = winning_shape(self.view)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.last_hand = result.last_hand
        self.shown_for = 0.0
        self.settlement = SettlementPart(self)

    def build_ui(self) -> None:
        """Next hand (or the match result) and back to the menu, along the bottom of the panel."""
        app = self.app
        w, h = app.size
        pw, ph = min(w - self.px(40), self.px(1160)), min(h - self.px(30), self.px(660))
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (w // 2, h // 2)
        bh = self.px(46)
        nxt = pygame.Rect(0, 0, self.px(260), bh)
        nxt.bottomright = (self.panel.right - self.px(24), self.panel.bottom - self.px(18))
        key = "result.match_result" if self.last_hand else "result.next_hand"
        self.next_button = self.button(nxt, tr(key, app.lang), self.next, object_id="#menu_button")
        menu = pygame.Rect(0, 0, self.px(200), bh)
        menu.bottomright = (nxt.left - self.px(12), nxt.bottom)
        self.button(menu, tr("result.to_menu", app.lang), self.to_menu, object_id="#back")
        self.focus_index = 0

    def update(self, dt: float) -> None:
        """An autoplayed match (``--autoplay``) goes on by itself after a look at the result."""
        super().update(dt)
        self.shown_for += dt
        wait = self.result.auto_next_after
        if wait is not None and self.shown_for >= wait and self.app.scenes.top is self:
            self.next()

    def next(self) -> None:
        """Close the result and deal the next hand (or end the match)."""
        self.app.pop()
        self.on_next()

    def to_menu(self) -> None:
        """Leave the table (the match stays saved at this point)."""
        self.app.pop()
        self.on_menu()

    def go_back(self) -> None:
        """Esc: back to the menu."""
        self.to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter or Space: next hand."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.app.sound.play("ui")
            self.next()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def title(self) -> str:
        """The hand's end in a sentence ("The opposite player won with the tile you discarded"), or 荒庄."""
        lang = self.app.lang
        result = self.view.result
        if isinstance(result, Hu) and self.result.further and result.from_seat is not None:
            me = self.view.seat
            winners = [seat_word(seat, me, lang) for seat in self.result.winners]
            return multi_win_sentence(winners, seat_word(result.from_seat, me, lang), lang)
        if isinstance(result, Hu):
            me = self.view.seat
            other = result.from_seat if result.kind == "ron" else None
            return win_sentence(
                result.kind,
                seat_word(result.seat, me, lang),
                None if other is None else seat_word(other, me, lang),
                result.kadang,
                lang,
            )
        if isinstance(result, RoundDrawn):
            return term("huangzhuang", lang)
        return ""

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Dim the table, then the result panel."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, int(200 * self.fade)))
        surface.blit(veil, (0, 0))
        app = self.app
        lang = app.lang
        panel = self.panel
        draw_panel(surface, panel, fill=(10, 34, 22, 255), border=COLOURS.gold, radius=self.px(16))
        pad = self.px(24)
        hand_line = tr("table.hand_of", lang, n=self.view.hand_no + 1, total=self.view.match_hands)
        draw_text(
            surface, app.fonts, hand_line, (panel.x + pad, panel.y + pad), self.px(15), COLOURS.text_dim
        )
        title = self.title()
        title_px = next(  # a long sentence (一炮多响's winners) takes a smaller size, never the panel's edge
            (
                self.px(s)
                for s in (30, 27, 24, 21)
                if app.fonts.size(title, self.px(s), "bold")[0] <= panel.w - 2 * pad
            ),
            self.px(19),
        )
        draw_text(
            surface,
            app.fonts,
            title,
            (panel.x + pad, panel.y + pad + self.px(20) + (self.px(30) - title_px) // 2),
            title_px,
            COLOURS.gold,
            "bold",
        )
        result = self.view.result
        if isinstance(result, Hu) and self.shape is not None and self.shape.win_kind != kind_of(result.tile):
            caption = tr(
                "result.bao_stands_for",
                lang,
                bao=kind_name(kind_of(result.tile), lang),
                tile=kind_name(self.shape.win_kind, lang),
            )
            title_w = app.fonts.size(title, title_px, "bold")[0]
            draw_text(
                surface,
                app.fonts,
                caption,
                (panel.x + pad + title_w + self.px(18), panel.y + pad + self.px(34)),
                self.px(16),
                COLOURS.text,
            )
        left_w = int(panel.w * 0.6)
        rows = pygame.Rect(panel.x + pad, panel.y + self.px(96), left_w - pad, panel.h - self.px(170))
        self._draw_hands(surface, rows)
        right = pygame.Rect(
            panel.x + left_w + self.px(10),
            rows.y,
            panel.right - pad - (panel.x + left_w + self.px(10)),
            rows.h,
        )
        self.settlement.draw(surface, right)

    def _tile_w(self, rows: pygame.Rect) -> int:
        """The largest tile width at which every seat's row (concealed tiles, the gaps between the
        winner's sets, melds at 0.85 with their gaps, the score change at the right) fits the hands' part
        of the panel: the rows reach across it rather than stop at a fixed size."""
        view = self.view
        fits: list[int] = []
        for seat in range(4):
            concealed = len(view.revealed_hands[seat]) if view.revealed_hands is not None else 14
            melds = view.melds[seat]
            units = concealed + 0.85 * sum(len(m.tiles) for m in melds)
            fixed = self.px(60) + self.px(12) + self.px(8) * len(melds) + self.px(6) * 5
            fits.append(int((rows.w - fixed) / max(units, 1.0)))
        by_width = min(fits)
        by_height = int((rows.h / 4 - self.px(40)) / 1.5)
        return max(14, min(self.px(60), by_width, by_height))

    def _draw_hands(self, surface: pygame.Surface, rows: pygame.Rect) -> None:
        """Four rows: name, the concealed tiles (the winner's as sets and a pair), the melds."""
        app = self.app
        lang = app.lang
        view = self.view
        tw = self._tile_w(rows)
        th = app.tiles.tile(0, tw).get_height()
        row_h = max(th + self.px(30), rows.h // 4)
        revealed = view.revealed_hands
        winners, deltas = self.result.winners, self.result.deltas
        for i in range(4):
            seat = (self.view.seat + i) % 4
            y = rows.y + i * row_h
            name = self.result.names[seat]
            level = self.result.levels[seat]
            label = name if level is None else f"{name} · {level_name(level, lang)}"
            colour = COLOURS.turn if seat in winners else COLOURS.text
            draw_text(surface, app.fonts, label, (rows.x, y), self.px(15), colour, "bold")
            after = rows.x + app.fonts.size(label, self.px(15), "bold")[0] + self.px(8)
            if seat == view.dealer:
                badge = capital(term("dealer", lang))  # a badge: "Dealer", as on the plates
                draw_text(surface, app.fonts, badge, (after, y), self.text_px(13), COLOURS.red, "bold")
                after += app.fonts.size(badge, self.text_px(13), "bold")[0] + self.px(8)
            if deltas is not None:  # the seat's points this hand, beside its name (not out by the settlement)
                delta = deltas[seat]
                text = f"{delta:+d}" if delta else "0"
                col = (120, 230, 140) if delta > 0 else (255, 130, 110) if delta < 0 else COLOURS.text_dim
                draw_text(surface, app.fonts, text, (after + self.px(4), y), self.px(15), col, "bold")
            x = rows.x
            ty = y + self.px(22)
            tiles = sorted(revealed[seat]) if revealed is not None else []
            if self.shape is not None and self.shape.seat == seat:
                x = self._draw_reading(surface, x, ty, tw, self.shape)
            else:
                for t in tiles:
                    surface.blit(app.tiles.tile(kind_of(t), tw), (x, ty))
                    x += tw
            x += self.px(12)
            for meld in view.melds[seat]:
                x = self._draw_meld(surface, x, ty, tw, meld) + self.px(8)

    def _draw_reading(self, surface: pygame.Surface, x: int, y: int, tw: int, shape: WinShape) -> int:
        """The winner's concealed tiles as sets and the pair, the winning tile highlighted (a 宝 that
        stands in for a wait is shown as itself, in the place of the tile it stands for)."""
        app = self.app
        lang = app.lang
        groups: list[tuple[str, tuple[int, ...]]] = list(shape.sets)
        if shape.pair is not None:
            groups.append(("pair", (shape.pair, shape.pair)))
        marked = False
        th = app.tiles.tile(0, tw).get_height()
        for kind_word, kinds in groups:
            start = x
            for k in kinds:
                state: TileState = "normal"
                shown = k
                if not marked and k == shape.win_kind:
                    state, marked = "highlight", True
                    shown = self._drawn_kind(shape)
                surface.blit(app.tiles.tile(shown, tw, state=state), (x, y))
                x += tw
            word = term(f"set.{kind_word}", lang)
            draw_text(
                surface,
                app.fonts,
                word,
                ((start + x) // 2, y + th + 1),
                self.text_px(11),
                COLOURS.text_dim,
                anchor="midtop",
            )
            x += self.px(6)
        return x

    def _drawn_kind(self, shape: WinShape) -> int:
        """The tile that completed the hand as it lies: the 宝 itself when it stands in for a wait."""
        result = self.view.result
        if isinstance(result, Hu) and result.kind in ("mobao", "baozhongbao"):
            return kind_of(result.tile)
        return shape.win_kind

    def _draw_meld(self, surface: pygame.Surface, x: int, y: int, tw: int, meld: Meld) -> int:
        """One meld, small, the claimed tile highlighted."""
        app = self.app
        mw = max(12, round(tw * 0.85))
        my = y + (app.tiles.tile(0, tw).get_height() - app.tiles.tile(0, mw).get_height())
        for t in meld.tiles:
            kind = None if t == HIDDEN else kind_of(t)
            state: TileState = "highlight" if meld.claimed is not None and t == meld.claimed else "normal"
            surface.blit(app.tiles.tile(kind, mw, state=state), (x, my))
            x += mw
        return x


class MatchResultScene(MenuScene):
    """After the last hand: the standings and a chart of every seat's score hand by hand."""

    name = "match-result"
    title_key = "result.match_title"
    design_size = (1100, 660)

    def __init__(
        self,
        app: SceneApp,
        result: MatchResult,
        on_new_game: Callable[[], None],
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        """``on_new_game`` opens the new-game setup; ``on_menu`` (default: close this screen) goes back."""
        super().__init__(app)
        self.result = result
        self.on_new_game = on_new_game
        self.on_menu = on_menu
        self.names = result.names
        self.levels = result.levels
        self.records: Sequence[HandRecord] = result.records
        self.scores = result.scores
        self.start_scores = result.start_scores
        self.left = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.board = pygame.Rect(0, 0, 0, 0)
        self.folder_button: object = None
        """The figures board under the chart (wins, 自摸 … per seat; the 大赢家 and the 炮手)."""
        self.coach = CoachLines(app, result.saved_as, result.levels, queue_mistakes=result.played_here)
        self.coach_area = pygame.Rect(0, 0, 0, 0)

    def build_ui(self) -> None:
        """New game and main menu buttons."""
        app = self.app
        w, h = app.size
        top, bottom = self.px(100), self.px(90)
        total = min(w - self.px(60), self.px(1080))
        x0 = (w - total) // 2
        lw = int(total * 0.36)
        self.left = pygame.Rect(x0, top, lw, h - top - bottom)
        self.chart = pygame.Rect(x0 + lw + self.px(20), top, total - lw - self.px(20), h - top - bottom)
        if self.result.counts:
            board_h = self.px(BOARD_HEIGHT)
            self.board = pygame.Rect(self.chart.x, self.chart.bottom - board_h, self.chart.w, board_h)
            self.chart.h -= board_h + self.px(14)
        coach_h = self.coach.height(self.px(1))
        self.coach_area = pygame.Rect(self.left.x, self.left.bottom - coach_h, self.left.w, coach_h)
        self.left.h -= coach_h + (self.px(10) if coach_h else 0)
        bh = self.px(48)
        new = pygame.Rect(0, 0, self.px(220), bh)
        new.bottomright = (self.chart.right, h - self.px(22))
        self.button(new, tr("menu.new_game", app.lang), self.new_game, object_id="#menu_button")
        menu = pygame.Rect(0, 0, self.px(200), bh)
        menu.bottomleft = (self.left.x, h - self.px(22))
        self.button(menu, tr("result.to_menu", app.lang), self.go_back, object_id="#back")
        saved = self.result.saved_as
        if saved is not None:  # beside "Replay saved: …": the folder it went to
            folder = pygame.Rect(0, 0, self.px(220), bh)
            folder.bottomleft = (menu.right + self.px(12), menu.bottom)
            label = tr("folder.open_replays", app.lang)
            self.folder_button = self.button(folder, label, lambda: app.open_folder(saved), object_id="#back")
        self.focus_index = 0

    def new_game(self) -> None:
        """Set up another match."""
        self.on_new_game()

    def go_back(self) -> None:
        """Back to the menu."""
        if self.on_menu is not None:
            self.on_menu()
        else:
            super().go_back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on one of the coach's sentences opens the replay there."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.coach.click(event.pos):
            return True
        return super().handle_event(event)

    def exit(self) -> None:
        """Stop the coach's review."""
        self.coach.close()
        super().exit()

    def standings(self) -> list[tuple[int, int]]:
        """(seat, score) best first; ties keep seat order."""
        return sorted(enumerate(self.scores), key=lambda p: (-p[1], p[0]))

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Title, standings and the chart."""
        super().draw_scene(surface)
        app = self.app
        lang = app.lang
        draw_panel(surface, self.left, radius=self.px(14))
        pad = self.px(22)
        x, y = self.left.x + pad, self.left.y + pad
        draw_text(surface, app.fonts, tr("result.standings", lang), (x, y), self.px(20), COLOURS.gold, "bold")
        y += self.px(44)
        for rank, (seat, score) in enumerate(self.standings(), start=1):
            colour = seat_colours(app.settings.tile_palette)[seat]
            pygame.draw.circle(surface, colour, (x + self.px(14), y + self.px(16)), self.px(14))
            draw_text(
                surface,
                app.fonts,
                str(rank),
                (x + self.px(14), y + self.px(16)),
                self.px(17),
                (10, 20, 14),
                "bold",
                anchor="center",
            )
            level = self.levels[seat]
            name = self.names[seat] if level is None else f"{self.names[seat]} · {level_name(level, lang)}"
            draw_text(
                surface, app.fonts, name, (x + self.px(40), y + self.px(4)), self.px(18), COLOURS.text, "bold"
            )
            draw_text(
                surface,
                app.fonts,
                f"{score:+d}" if score else "0",
                (self.left.right - pad, y),
                self.px(24),
                COLOURS.gold,
                "bold",
                anchor="topright",
            )
            y += self.px(46)
        y += self.px(8)
        wins = sum(1 for r in self.records if r.winner == PERSON)
        draws = sum(1 for r in self.records if r.outcome == "draw")
        hands = len(self.records)
        summary = tr(
            "result.summary",
            lang,
            hands=hands,
            wins=wins,
            draws=draws,
            hands_s="" if hands == 1 else "s",
            draws_s="" if draws == 1 else "s",
        )
        draw_text(surface, app.fonts, summary, (x, y), self.px(15), COLOURS.text_dim)
        y = self._draw_hand_list(surface, x, y + self.px(30), self.left.right - pad, self.left.bottom - pad)
        if self.result.saved_as is not None:
            y += self.px(6)
            for line in app.fonts.wrap(
                tr("result.saved_as", lang, path=self.result.saved_as.name),
                self.px(13),
                self.left.w - 2 * pad,
            ):
                draw_text(surface, app.fonts, line, (x, y), self.text_px(13), COLOURS.text_dim)
                y += self.px(18)
        self._draw_chart(surface)
        self.coach.draw(surface, self.coach_area, self.px(100) / 100)
        if self.result.counts:
            colours = seat_colours(app.settings.tile_palette)
            draw_match_board(surface, app.fonts, self.board, self.result, lang, self.px, colours)

    def _draw_hand_list(self, surface: pygame.Surface, x: int, y: int, right: int, bottom: int) -> int:
        """One line per hand: who won how (or 荒庄), and the player's change; as many as fit, then "…" if
        any is left out (where none fits, nothing: the chart and the figures board have every hand)."""
        app = self.app
        lang = app.lang
        size, step = self.text_px(13), max(self.px(19), self.text_px(13) + 6)
        room = max(0, (bottom - self.px(40) - y) // step)
        records = self.records
        for record in records[:room]:
            label = tr("table.hand_of", lang, n=record.hand_no + 1, total=len(records))
            if record.winner is None:
                what = term("huangzhuang", lang)
            else:
                winner = seat_word(record.winner, PERSON, lang)
                what = win_sentence(record.outcome, winner, None, False, lang)
            draw_text(surface, app.fonts, label, (x, y), size, COLOURS.text_dim)
            draw_text(surface, app.fonts, what, (x + self.px(110), y), size, COLOURS.text)
            mine = record.deltas[PERSON]
            colour = (120, 230, 140) if mine > 0 else (255, 130, 110) if mine < 0 else COLOURS.text_dim
            draw_text(
                surface,
                app.fonts,
                f"{mine:+d}" if mine else "0",
                (right, y),
                size,
                colour,
                "bold",
                anchor="topright",
            )
            y += step
        if 0 < room < len(records):  # some left out (none shown at all: no lone "…" either)
            draw_text(surface, app.fonts, "…", (x, y), size, COLOURS.text_dim)
            y += step
        return y

    def _draw_chart(self, surface: pygame.Surface) -> None:
        """Running scores after each hand, one line per seat, with a zero line and hand numbers."""
        app = self.app
        lang = app.lang
        draw_panel(surface, self.chart, radius=self.px(14))
        pad = self.px(22)
        draw_text(
            surface,
            app.fonts,
            tr("result.chart", lang),
            (self.chart.x + pad, self.chart.y + pad),
            self.px(20),
            COLOURS.gold,
            "bold",
        )
        legend_bottom = self._draw_legend(surface, self.chart.y + pad + self.px(34))
        plot = pygame.Rect(
            self.chart.x + pad + self.px(40),
            legend_bottom + self.px(16),
            self.chart.w - 2 * pad - self.px(50),
            self.chart.bottom - self.px(60) - (legend_bottom + self.px(16)),
        )
        series = [tuple(self.start_scores)] + [r.scores for r in self.records]
        values = [v for point in series for v in point]
        lo, hi = min(0, *values), max(0, *values)
        if hi == lo:
            hi, lo = hi + 1, lo - 1
        n = len(series)

        def at(i: int, v: int) -> tuple[int, int]:
            px_ = plot.x + (plot.w * i // max(1, n - 1))
            py_ = plot.bottom - round((v - lo) / (hi - lo) * plot.h)
            return px_, py_

        for tick in _ticks(lo, hi):
            ty = at(0, tick)[1]
            pygame.draw.line(
                surface, (50, 90, 66) if tick else COLOURS.gold_dark, (plot.x, ty), (plot.right, ty), 1
            )
            draw_text(
                surface,
                app.fonts,
                str(tick),
                (plot.x - self.px(8), ty),
                self.text_px(12),
                COLOURS.text_dim,
                anchor="midright",
            )
        for i in range(1, n):
            hx = at(i, lo)[0]
            draw_text(
                surface,
                app.fonts,
                str(i),
                (hx, plot.bottom + self.px(8)),
                self.text_px(12),
                COLOURS.text_dim,
                anchor="midtop",
            )
        draw_text(
            surface,
            app.fonts,
            tr("result.hand_axis", lang),
            (plot.centerx, plot.bottom + self.px(28)),
            self.text_px(12),
            COLOURS.text_dim,
            anchor="midtop",
        )
        for seat in range(4):
            points = [at(i, point[seat]) for i, point in enumerate(series)]
            colour = seat_colours(self.app.settings.tile_palette)[seat]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, self.px(3)))
            for p in points:
                pygame.draw.circle(surface, colour, p, max(3, self.px(4)))

    def _draw_legend(self, surface: pygame.Surface, y: int) -> int:
        """Under the chart's title: a line sample and the name of each seat, in rows as wide as the chart
        allows; returns where the legend ends."""
        app = self.app
        pad = self.px(22)
        x0, right = self.chart.x + pad, self.chart.right - pad
        x, size, line_h = x0, self.text_px(14), self.px(22)
        for seat in range(4):
            name = self.names[seat]
            width = self.px(26) + app.fonts.size(name, size)[0]
            if x > x0 and x + width > right:
                x, y = x0, y + line_h
            pygame.draw.line(
                surface,
                seat_colours(self.app.settings.tile_palette)[seat],
                (x, y + line_h // 2),
                (x + self.px(20), y + line_h // 2),
                max(2, self.px(3)),
            )
            with app.fonts.box(pygame.Rect(x0, y, right - x0, line_h), "chart legend"):
                draw_text(
                    surface,
                    app.fonts,
                    name,
                    (x + self.px(26), y + line_h // 2),
                    size,
                    COLOURS.text,
                    anchor="midleft",
                )
            x += width + self.px(18)
        return y + line_h


def _ticks(lo: int, hi: int) -> list[int]:
    """A few round values between lo and hi (always including 0)."""
    span = hi - lo
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        step = candidate
        if span / candidate <= 6:
            break
    first = (lo // step) * step
    out = list(range(first, hi + 1, step))
    if 0 not in out:
        out.append(0)
    return [t for t in out if lo <= t <= hi]


__all__ = ["HandResultScene", "MatchResultScene", "basis_words", "payment_words"]
