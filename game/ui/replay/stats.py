"""Statistics over the saved games: the figures players compare, and two charts.

For the person's seat (or one seat, for AI games): games and hands, points per hand, win
rate, 摸宝 / 宝中宝 / 卡当 wins, dealing in while ready and while not ready; a chart of
points per hand in each game by date (with the running average), and the results by
opponent level. The counting is :mod:`game.replay.stats`'s; the folder is read off the
render thread. The review view charts the rating of each game the person played and the
mistakes by category, by opponent level (:mod:`game.ui.replay.stats_ratings`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.core.errors import HarbinError
from game.core.events import Event
from game.replay.checks import CheckCache
from game.replay.library import LibraryError, scan
from game.replay.ratings import RATINGS_NAME, RatedGame, RatingCache, rated_games
from game.replay.stats import Stats, Totals, seat_stats
from game.ui.kit.error_dialog import report
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.widgets import draw_panel
from game.ui.replay.stats_ratings import draw_ratings_by_level, draw_ratings_chart
from game.ui.words.errors import PlayerError
from game.ui.words.i18n import level_name
from game.ui.words.replay_words import seat_letter_text, when_text

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

SEATS: Final[tuple[int | None, ...]] = (None, 0, 1, 2, 3)
"""Whose results: the person's seat, or one seat 0-3."""
Game = tuple[Path, dict[str, Any], Sequence[Event]]


@dataclass
class StatsData:
    """What the screen shows: the totals, and each counted game's totals by date."""

    overall: Stats
    games: list[tuple[str, Totals]] = field(default_factory=list)


def read_games(
    folder: Path, saves_dir: Path | None, checks_file: Path | None = None
) -> tuple[list[tuple[str, Game]], list[str]]:
    """Every game of the library that reads and verifies, with its date, and the problems of the files
    that do not (the verdicts cached in ``checks_file``, as the library's)."""
    found = scan(folder, saves_dir, CheckCache.open(checks_file))
    games: list[tuple[str, Game]] = [
        (e.created, (e.path, dict(log.header), log.events)) for e, log in found if log is not None
    ]
    games.sort(key=lambda item: item[0])
    return games, [e.problem for e, log in found if log is None]


def count(games: list[tuple[str, Game]], broken: list[str], seat: int | None) -> StatsData:
    """The statistics of a seat (None: the person) over games read by :func:`read_games`."""
    overall = seat_stats((g for _, g in games), seat)
    overall.skipped[:0] = broken
    per_game = []
    for created, game in games:
        one = seat_stats([game], seat)
        if one.totals.games:
            per_game.append((created, one.totals))
    return StatsData(overall, per_game)


def rate_all(games: list[tuple[str, Game]], cache_file: Path | None) -> list[RatedGame]:
    """Every game the person played, rated by Expert (the ratings cached in ``cache_file``)."""
    cache = RatingCache.open(cache_file)
    rated = rated_games(games, cache)
    cache.save()
    return rated


def percent(part: int, whole: int) -> str:
    """A share as ``25%`` (``0%`` of nothing)."""
    return f"{round(100 * part / whole)}%" if whole else "0%"


def per_hand(points: int, hands: int) -> str:
    """Points per hand with its sign, two decimals."""
    return f"{(points / hands if hands else 0.0):+.2f}"


class StatsScene(MenuScene):
    """The statistics screen."""

    name = "replay_stats"
    title_key = "stats.title"
    design_size = (1180, 660)

    def __init__(self, app: SceneApp, *, folder: Path | None = None, saves_dir: Path | None = None) -> None:
        super().__init__(app)
        self.folder = Path(folder) if folder is not None else app.paths.replays_dir
        self.saves_dir = saves_dir if saves_dir is not None else app.paths.saves_dir
        self.seat: int | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-stats")
        self.reading: Future[tuple[list[tuple[str, Game]], list[str]]] | None = None
        self.games: tuple[list[tuple[str, Game]], list[str]] | None = None
        self.data: StatsData | None = None
        self.problem: PlayerError | None = None
        self.text = TextLog(app.fonts)
        self.figures_panel = pygame.Rect(0, 0, 0, 0)
        self.chart_panel = pygame.Rect(0, 0, 0, 0)
        self.levels_panel = pygame.Rect(0, 0, 0, 0)
        self.whose_box = pygame.Rect(0, 0, 0, 0)
        self.note_box = pygame.Rect(0, 0, 0, 0)
        self.segments: dict[str, list[tuple[Any, Any]]] = {}
        self.first_frame = True
        self.view = "points"
        """``points`` (the counts) or ``rating`` (the review's rating over time)."""
        self.rating: Future[list[RatedGame]] | None = None
        self.rated: list[RatedGame] | None = None

    # ------------------------------------------------------------- data
    def enter(self) -> None:
        """Start reading the games, then build the screen."""
        checks = self.app.paths.replay_checks_file
        self.reading = self.worker.submit(read_games, self.folder, self.saves_dir, checks)
        super().enter()

    def exit(self) -> None:
        """Stop the reader thread."""
        self.worker.shutdown(wait=False, cancel_futures=True)
        super().exit()

    def wait_loaded(self, timeout: float = 10.0) -> bool:
        """Wait for the games to be read and counted (tests and screenshots)."""
        if self.reading is not None:
            with contextlib.suppress(Exception):
                self.reading.result(timeout)
        self._take()
        return self.ready

    @property
    def ready(self) -> bool:
        """The games have been read and counted."""
        return self.data is not None

    def _take(self) -> bool:
        job = self.reading
        if job is None or not job.done():
            return False
        self.reading = None
        try:
            self.games = job.result()
        except LibraryError as exc:
            self.problem = report("stats", exc)
            self.games = ([], [])
        self.recount()
        return True

    def rate_soon(self) -> None:
        """Start rating the person's games (once) off the render thread."""
        if self.rating is None and self.rated is None and self.games is not None:
            cache = self.app.paths.data_dir / RATINGS_NAME if self.app.persist else None
            self.rating = self.worker.submit(rate_all, self.games[0], cache)

    def wait_rated(self, timeout: float = 60.0) -> bool:
        """Wait for the ratings (tests and screenshots)."""
        self.wait_loaded(timeout)
        self.rate_soon()
        if self.rating is not None:
            with contextlib.suppress(Exception):
                self.rating.result(timeout)
        self._take_rated()
        return self.rated is not None

    def _take_rated(self) -> None:
        job = self.rating
        if job is None or not job.done():
            return
        self.rating = None
        try:
            self.rated = job.result()
        except (HarbinError, OSError) as exc:  # the view stays empty and says why, never a crash
            self.problem = report("stats", exc)
            self.rated = []

    def choose_view(self, view: str) -> Callable[[], None]:
        """The action of a view button (points or the review's rating)."""

        def choose() -> None:
            self.view = view
            for btn, value in self.segments.get("view", []):
                btn.select() if value == view else btn.unselect()
            if view == "rating":
                self.rate_soon()

        return choose

    def recount(self) -> None:
        """Count again for the chosen seat."""
        if self.games is not None:
            self.data = count(*self.games, self.seat)

    def choose_seat(self, seat: int | None) -> Callable[[], None]:
        """The action of a "whose results" button."""

        def choose() -> None:
            self.seat = seat
            for btn, value in self.segments.get("whose", []):
                btn.select() if value == seat else btn.unselect()
            self.recount()

        return choose

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """The seat choice, three panels and the back button."""
        app = self.app
        w, h = app.size
        margin, gap = self.px(28), self.px(16)
        top = self.px(96)
        seg_h = self.px(34)
        label_w = min(self.px(200), app.fonts.size(app.tr("stats.whose"), self.px(16))[0] + self.px(16))
        self.whose_box = pygame.Rect(margin, top, label_w, seg_h)
        options = [(s, app.tr("seat.you") if s is None else seat_letter_text(s, app.lang)) for s in SEATS]
        seg_w = self.px(90)
        self.segments = {"whose": []}
        for i, (value, label) in enumerate(options):
            rect = pygame.Rect(margin + label_w + i * (seg_w + self.px(6)), top, seg_w, seg_h)
            btn = self.button(
                rect, label, self.choose_seat(value), class_id="@segment", object_id=f"#whose_{i}"
            )
            if value == self.seat:
                btn.select()
            self.segments["whose"].append((btn, value))
        self.segments["view"] = []
        view_w = self.px(150)
        views = (("points", "stats.view_points"), ("rating", "stats.view_rating"))
        for i, (view, key) in enumerate(views):
            rect = pygame.Rect(w - margin - (2 - i) * (view_w + self.px(6)) + self.px(6), top, view_w, seg_h)
            btn = self.button(
                rect, app.tr(key), self.choose_view(view), class_id="@segment", object_id=f"#view_{view}"
            )
            if view == self.view:
                btn.select()
            self.segments["view"].append((btn, view))
        bh = self.px(42)
        bar_y = h - self.px(18) - bh
        back = pygame.Rect(0, bar_y, self.px(130), bh)
        back.right = w - margin
        self.button(back, app.tr("common.back"), self.go_back, object_id="#stats_back")
        self.note_box = pygame.Rect(margin, bar_y, back.x - margin - gap, bh)
        body_top = top + seg_h + gap
        body_h = bar_y - gap - body_top
        left_w = int((w - 2 * margin - gap) * 0.36)
        self.figures_panel = pygame.Rect(margin, body_top, left_w, body_h)
        right = pygame.Rect(
            self.figures_panel.right + gap, body_top, w - margin - gap - left_w - margin, body_h
        )
        chart_h = int(right.h * 0.58)
        self.chart_panel = pygame.Rect(right.x, right.y, right.w, chart_h)
        self.levels_panel = pygame.Rect(right.x, right.y + chart_h + gap, right.w, right.h - chart_h - gap)

    # ------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        """Take the counts once they are ready (the first frame waits a moment for a small library)."""
        if self.first_frame:
            self.first_frame = False
            self.wait_loaded(0.25)
        self._take()
        self._take_rated()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """The figures, the chart by date, the results by opponent level and the skipped-files line."""
        self.text.clear()
        super().draw_scene(surface)
        app = self.app
        self.text.line(surface, app.tr("stats.whose"), self.whose_box, self.px(16), COLOURS.text_dim)
        for panel in (self.figures_panel, self.chart_panel, self.levels_panel):
            draw_panel(surface, panel, radius=self.px(12))
        inner = self.figures_panel.inflate(-self.px(32), -self.px(28))
        data = self.data
        if data is None:
            self.text.paragraph(surface, app.tr("stats.loading"), inner, self.px(16), COLOURS.text_dim)
            return
        if not data.overall.totals.games:
            self.text.paragraph(surface, app.tr("stats.none"), inner, self.px(16), COLOURS.text_dim)
        else:
            self._draw_figures(surface, inner, data.overall)
            if self.view == "rating":
                self._draw_ratings(surface)
            else:
                self._draw_games_chart(surface, data)
                self._draw_levels(surface, data.overall)
        skipped = len(data.overall.skipped)
        if self.problem or skipped:
            note = self.problem.text(app.lang) if self.problem else app.tr("stats.skipped", n=skipped)
            self.text.line(surface, note, self.note_box, self.px(14), COLOURS.text_dim, floor=9)

    def _draw_ratings(self, surface: pygame.Surface) -> None:
        """The review view: each game's rating by date, and by opponent level."""
        app = self.app
        chart = self.chart_panel.inflate(-self.px(28), -self.px(24))
        if self.rated is None:
            self.text.paragraph(surface, app.tr("stats.rating_working"), chart, self.px(16), COLOURS.text_dim)
            return
        draw_ratings_chart(surface, self.text, chart, self.rated, app.lang, app.tr, self.px)
        levels = self.levels_panel.inflate(-self.px(28), -self.px(20))
        draw_ratings_by_level(surface, self.text, levels, self.rated, app.lang, app.tr, self.px)

    def figure_rows(self, stats: Stats) -> list[tuple[str, str]]:
        """The figures as (label, value) rows."""
        app = self.app
        t = stats.totals

        def times(n: int) -> str:
            return str(app.tr("stats.count_rate", n=n, pct=percent(n, t.hands)))

        return [
            (app.tr("stats.games"), app.tr("stats.games_value", n=t.games, finished=stats.finished)),
            (app.tr("stats.hands"), str(t.hands)),
            (app.tr("stats.points_per_hand"), per_hand(t.points, t.hands)),
            (app.tr("stats.win_rate"), times(t.wins)),
            (app.tr("stats.ready_rate"), times(t.ready_hands)),
            (app.tr("stats.mobao"), times(t.kinds.get("mobao", 0))),
            (app.tr("stats.baozhongbao"), times(t.kinds.get("baozhongbao", 0))),
            (app.tr("stats.kadang"), times(t.kadang)),
            (app.tr("stats.deal_in_ready"), times(t.deal_ins_ready)),
            (app.tr("stats.deal_in_not_ready"), times(t.deal_ins_not_ready)),
        ]

    def _draw_figures(self, surface: pygame.Surface, box: pygame.Rect, stats: Stats) -> None:
        rows = self.figure_rows(stats)
        row_h = min(self.px(40), box.h // len(rows))
        label_w = int(box.w * 0.56)
        for i, (label, value) in enumerate(rows):
            y = box.y + i * row_h
            self.text.line(
                surface,
                label,
                pygame.Rect(box.x, y, label_w - self.px(8), row_h),
                self.px(16),
                COLOURS.text_dim,
                floor=9,
            )
            value_box = pygame.Rect(box.x + label_w, y, box.w - label_w, row_h)
            self.text.line(
                surface, value, value_box, self.px(17), COLOURS.text, "bold", align="right", floor=9
            )

    def _draw_games_chart(self, surface: pygame.Surface, data: StatsData) -> None:
        """Bars of points per hand in each game by date, and the running average as a line."""
        app = self.app
        panel = self.chart_panel.inflate(-self.px(28), -self.px(24))
        title = pygame.Rect(panel.x, panel.y, panel.w, self.px(26))
        self.text.line(
            surface, app.tr("stats.chart_games"), title, self.px(17), COLOURS.gold, "bold", floor=9
        )
        label_h = self.px(22)
        axis_w = self.px(44)
        plot = pygame.Rect(
            panel.x + axis_w,
            title.bottom + self.px(12),
            panel.w - axis_w,
            panel.h - title.h - self.px(12) - label_h - self.px(4),
        )
        values = [t.points / t.hands if t.hands else 0.0 for _, t in data.games]
        if not values or plot.h < self.px(30):
            return
        running, total_points, total_hands = [], 0, 0
        for _, t in data.games:
            total_points, total_hands = total_points + t.points, total_hands + t.hands
            running.append(total_points / total_hands if total_hands else 0.0)
        top = max(1.0, *values, *running)
        bottom = min(-1.0, *values, *running)

        def y_of(v: float) -> int:
            return plot.bottom - round((v - bottom) / (top - bottom) * plot.h)

        zero = y_of(0.0)
        pygame.draw.line(surface, COLOURS.gold_dark, (plot.x, zero), (plot.right, zero), 1)
        for v in (top, 0.0, bottom):
            if v and abs(y_of(v) - zero) < self.px(18):
                continue
            box = pygame.Rect(panel.x, y_of(v) - self.px(8), axis_w - self.px(6), self.px(16))
            label = f"{v:+.1f}".replace("-", "−") if v else "0"
            self.text.line(surface, label, box, self.px(12), COLOURS.text_dim, align="right", floor=8)
        n = len(values)
        slot = min(plot.w / n, float(self.px(56)))
        left = plot.x + (plot.w - slot * n) / 2
        bar_w = max(1, int(slot * 0.7))
        for i, v in enumerate(values):
            x = int(left + i * slot + (slot - bar_w) / 2)
            y = y_of(v)
            rect = pygame.Rect(x, min(y, zero), bar_w, max(1, abs(zero - y)))
            pygame.draw.rect(surface, self._bar_colour(v), rect)
        points = [(int(left + i * slot + slot / 2), y_of(v)) for i, v in enumerate(running)]
        if len(points) > 1:
            pygame.draw.lines(surface, COLOURS.gold, False, points, max(2, self.px(2)))
        for p in points:
            pygame.draw.circle(surface, COLOURS.gold, p, max(2, self.px(3)))
        first, last = when_text(data.games[0][0])[:10], when_text(data.games[-1][0])[:10]
        date_box = pygame.Rect(plot.x, plot.bottom + self.px(4), plot.w // 2 - self.px(4), label_h)
        self.text.line(surface, first, date_box, self.px(12), COLOURS.text_dim, floor=8)
        if n > 1 and last != first:
            right_box = pygame.Rect(plot.centerx + self.px(4), date_box.y, plot.w // 2 - self.px(4), label_h)
            legend = f"{last}  ·  — {self.app.tr('stats.legend_avg')}"
            self.text.line(surface, legend, right_box, self.px(12), COLOURS.text_dim, align="right", floor=8)

    def _draw_levels(self, surface: pygame.Surface, stats: Stats) -> None:
        """One row per opponent level: a bar of points per hand and the level's figures."""
        app = self.app
        panel = self.levels_panel.inflate(-self.px(28), -self.px(20))
        title = pygame.Rect(panel.x, panel.y, panel.w, self.px(24))
        self.text.line(
            surface, app.tr("stats.chart_levels"), title, self.px(17), COLOURS.gold, "bold", floor=9
        )
        levels: list[str] = [lv for lv in ("novice", "normal", "strong", "expert") if lv in stats.by_level]
        levels += sorted(set(stats.by_level) - set(levels))
        if not levels:
            return
        area = pygame.Rect(
            panel.x, title.bottom + self.px(8), panel.w, panel.bottom - title.bottom - self.px(8)
        )
        row_h = min(self.px(34), area.h // len(levels))
        bar_w = int(area.w * 0.22)
        scale = max(1.0, *(abs(t.points / t.hands) if t.hands else 0.0 for t in stats.by_level.values()))
        for i, level in enumerate(levels):
            t = stats.by_level[level]
            y = area.y + i * row_h
            mid = area.x + bar_w // 2
            v = t.points / t.hands if t.hands else 0.0
            length = int((bar_w // 2 - 2) * abs(v) / scale)
            bar = pygame.Rect(
                mid if v >= 0 else mid - length, y + row_h // 4, max(1, length), max(2, row_h // 2)
            )
            pygame.draw.line(surface, COLOURS.gold_dark, (mid, y + 2), (mid, y + row_h - 2), 1)
            pygame.draw.rect(surface, self._bar_colour(v), bar)
            words = app.tr(
                "stats.level_line",
                level=self._level(level),
                games=t.games,
                pph=per_hand(t.points, t.hands),
                win=percent(t.wins, t.hands),
                deal=percent(t.deal_ins, t.hands),
            )
            box = pygame.Rect(area.x + bar_w + self.px(10), y, area.w - bar_w - self.px(10), row_h)
            self.text.line(surface, words, box, self.px(15), COLOURS.text, floor=8)

    def _level(self, level: str) -> str:
        try:
            return level_name(level, self.app.lang)
        except KeyError:
            return level

    @staticmethod
    def _bar_colour(value: float) -> RGB:
        return (96, 170, 110) if value >= 0 else (200, 90, 80)


__all__ = ["SEATS", "StatsData", "StatsScene", "count", "per_hand", "percent", "read_games"]
