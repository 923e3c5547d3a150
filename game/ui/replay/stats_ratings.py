"""The statistics screen's review view: the rating of each game the person played (by Expert) by date,
with its running average, and by opponent level the mean rating and the mistakes by category per hand.
The rating is :mod:`game.replay.ratings`'s; the screen reads it off the render thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.glossary import Lang, term
from game.replay.pricing import CATEGORIES
from game.replay.ratings import RatedGame, by_opponent
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, RGB
from game.ui.words.i18n import level_name
from game.ui.words.replay_words import when_text

LEVEL_COLOURS: Final[dict[str, RGB]] = {
    "novice": (120, 180, 120),
    "normal": (110, 160, 210),
    "strong": (210, 160, 90),
    "expert": (220, 100, 90),
}
"""A game's bar by its strongest opponent."""
Translate = Callable[..., str]


def _level(level: str, lang: Lang) -> str:
    """A level's name in the player's language (an unknown name as it is written)."""
    try:
        return level_name(level, lang)
    except KeyError:
        return level or "—"


def draw_ratings_chart(
    surface: pygame.Surface,
    text: TextLog,
    panel: pygame.Rect,
    rated: Sequence[RatedGame],
    lang: Lang,
    tr: Translate,
    px: Callable[[float], int],
) -> None:
    """Bars of each game's rating (0-100) by date, coloured by the strongest opponent, and the running
    average as a line."""
    title = pygame.Rect(panel.x, panel.y, panel.w, px(26))
    text.line(surface, tr("stats.chart_ratings"), title, px(17), COLOURS.gold, "bold", floor=9)
    axis_w, label_h = px(36), px(22)
    plot = pygame.Rect(panel.x + axis_w, title.bottom + px(12), panel.w - axis_w,
                       panel.h - title.h - px(16) - label_h)  # fmt: skip
    if not rated or plot.h < px(30):
        return

    def y_of(v: float) -> int:
        return plot.bottom - round(v / 100 * plot.h)

    for v in (0, 50, 100):
        pygame.draw.line(surface, COLOURS.gold_dark, (plot.x, y_of(v)), (plot.right, y_of(v)), 1)
        box = pygame.Rect(panel.x, y_of(v) - px(8), axis_w - px(6), px(16))
        text.line(surface, str(v), box, px(12), COLOURS.text_dim, align="right", floor=8)
    n = len(rated)
    slot = min(plot.w / n, float(px(56)))
    left = plot.x + (plot.w - slot * n) / 2
    bar_w = max(1, int(slot * 0.7))
    running, total = [], 0
    for i, g in enumerate(rated):
        x = int(left + i * slot + (slot - bar_w) / 2)
        rect = pygame.Rect(x, y_of(g.rating), bar_w, max(1, plot.bottom - y_of(g.rating)))
        pygame.draw.rect(surface, LEVEL_COLOURS.get(g.opponent, COLOURS.text_dim), rect)
        total += g.rating
        running.append(total / (i + 1))
    points = [(int(left + i * slot + slot / 2), y_of(v)) for i, v in enumerate(running)]
    if len(points) > 1:
        pygame.draw.lines(surface, COLOURS.gold, False, points, max(2, px(2)))
    first, last = when_text(rated[0].created)[:10], when_text(rated[-1].created)[:10]
    date_box = pygame.Rect(plot.x, plot.bottom + px(4), plot.w // 2, label_h)
    text.line(surface, first, date_box, px(12), COLOURS.text_dim, floor=8)
    legend = " · ".join(_level(lv, lang) for lv in LEVEL_COLOURS if any(g.opponent == lv for g in rated))
    right = pygame.Rect(plot.centerx, date_box.y, plot.w // 2, label_h)
    text.line(surface, f"{last} · {legend}", right, px(12), COLOURS.text_dim, align="right", floor=8)


def draw_ratings_by_level(
    surface: pygame.Surface,
    text: TextLog,
    panel: pygame.Rect,
    rated: Sequence[RatedGame],
    lang: Lang,
    tr: Translate,
    px: Callable[[float], int],
) -> None:
    """One row per strongest opponent level: games, mean rating, and each category's mistakes per hand."""
    title = pygame.Rect(panel.x, panel.y, panel.w, px(24))
    text.line(surface, tr("stats.ratings_levels"), title, px(17), COLOURS.gold, "bold", floor=9)
    rows = by_opponent(rated)
    if not rows:
        return
    area = pygame.Rect(panel.x, title.bottom + px(8), panel.w, panel.bottom - title.bottom - px(8))
    row_h = min(px(34), area.h // len(rows))
    for i, (level, row) in enumerate(rows.items()):
        parts = [
            f"{term(f'review.cat.{k}', lang)} {row['categories'][k]['mistakes_per_hand']:.2f}"
            for k in CATEGORIES
            if row["categories"][k]["mistakes_per_hand"]
        ]
        words = tr("stats.rating_line", level=_level(level, lang), games=row["games"], rating=row["rating"],
                   cats=" · ".join(parts) or tr("review.no_mistakes"))  # fmt: skip
        box = pygame.Rect(area.x, area.y + i * row_h, area.w, row_h)
        text.line(surface, words, box, px(14), LEVEL_COLOURS.get(level, COLOURS.text), floor=8)


__all__ = ["LEVEL_COLOURS", "draw_ratings_by_level", "draw_ratings_chart"]
