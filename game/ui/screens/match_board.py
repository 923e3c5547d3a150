"""The match result's figures board: who is the 大赢家 and the 炮手, and per seat the counts players
compare at the end of a match — wins, 自摸, 摸宝, 宝中宝, 点炮 and hands as dealer — drawn as a small table
beside the standings and the score chart (the counts come from :mod:`game.table.results`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.glossary import Lang
from game.table.results import MatchResult, most_dealt_in, top_scorers
from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS, RGB, readable
from game.ui.kit.widgets import draw_panel, draw_text
from game.ui.words.i18n import tr

COLUMNS: Final = ("wins", "zimo", "mobao", "baozhongbao", "dealt_in", "dealer")
"""The counts shown, in order (fields of :class:`~game.table.results.SeatCounts`, labels ``result.col.*``)."""
BOARD_HEIGHT: Final = 214
"""The board's height at UI scale 1."""


def names_of(seats: Sequence[int], names: Sequence[str], lang: Lang) -> str:
    """Seats named together (a tie)."""
    return ("、" if lang == "zh" else ", ").join(names[s] for s in seats)


def verdict(result: MatchResult, lang: Lang) -> str:
    """The line naming the 大赢家 (top score, ties together) and the 炮手 (most 点炮)."""
    top = tr("result.top_scorer", lang, names=names_of(top_scorers(result.scores), result.names, lang))
    losers = most_dealt_in(result.counts)
    if losers:
        n = result.counts[losers[0]].dealt_in
        worst = tr("result.most_dealt_in", lang, names=names_of(losers, result.names, lang), n=n)
    else:
        worst = tr("result.no_dealt_in", lang)
    return f"{top}　{worst}" if lang == "zh" else f"{top} · {worst}"


def draw_match_board(
    surface: pygame.Surface,
    fonts: FontBook,
    rect: pygame.Rect,
    result: MatchResult,
    lang: Lang,
    px: Callable[[float], int],
    seat_colours: Sequence[RGB],
) -> None:
    """The board in ``rect``: a title, the verdict line, then one row of counts per seat."""
    def text(value: int) -> int:  # a text size: never under the smallest
        return readable(px(value))

    draw_panel(surface, rect, radius=px(14))
    pad = px(18)
    x, y = rect.x + pad, rect.y + px(12)
    draw_text(surface, fonts, tr("result.figures", lang), (x, y), text(18), COLOURS.gold, "bold")
    y += px(28)
    draw_text(surface, fonts, verdict(result, lang), (x, y), text(14), COLOURS.text, "bold")
    y += px(26)
    name_w = int((rect.w - 2 * pad) * 0.3)
    col_w = (rect.w - 2 * pad - name_w) // len(COLUMNS)
    size, line = text(12), text(15)
    lines = [fonts.wrap(tr(f"result.col.{c}", lang), size, col_w - px(4)) for c in COLUMNS]
    for i, words in enumerate(lines):
        cx = x + name_w + i * col_w + col_w // 2
        for j, part in enumerate(words[:2]):
            draw_text(surface, fonts, part, (cx, y + j * line), size, COLOURS.text_dim, anchor="midtop")
    y += line * min(2, max(len(w) for w in lines)) + px(6)
    row_h = max(px(22), (rect.bottom - px(10) - y) // max(1, len(result.counts)))
    top = set(top_scorers(result.scores))
    for seat, counts in enumerate(result.counts):
        cy = y + seat * row_h + row_h // 2
        pygame.draw.circle(surface, seat_colours[seat], (x + px(6), cy), px(6))
        colour = COLOURS.gold if seat in top else COLOURS.text
        draw_text(
            surface, fonts, result.names[seat], (x + px(18), cy), text(14), colour, "bold", anchor="midleft"
        )
        for i, column in enumerate(COLUMNS):
            value = getattr(counts, column)
            cx = x + name_w + i * col_w + col_w // 2
            shade = COLOURS.text if value else COLOURS.text_dim
            draw_text(surface, fonts, str(value), (cx, cy), text(15), shade, "bold", anchor="center")


__all__ = ["BOARD_HEIGHT", "COLUMNS", "draw_match_board", "names_of", "verdict"]
