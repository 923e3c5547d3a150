"""Regressions found by play-testing in a real X window: text clipped, overlapping or run together."""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from game.ui.doc import DocRenderer, DocStyle, TextItem, parse_doc
from game.ui.fonts import FontBook
from game.ui.tileart import TileArt


def test_doc_text_runs_do_not_overlap_or_lose_their_spaces(pg: Any) -> None:
    """'plus four **Red Dragons**' drew as 'fourRed Dragons': x advanced by the words' widths one by one,
    which add up to less than the run drawn in one piece, so the next (bold) run started on the space."""
    pygame.display.set_mode((10, 10))
    fonts = FontBook()
    renderer = DocRenderer(fonts, TileArt(fonts), DocStyle())
    source = (
        "A set has **112 tiles**: Characters (万), Dots (饼) and Bamboo (条), each numbered 1 to 9, "
        "four of each; plus four **Red Dragons (红中)**. There are no winds, no other dragons and no flowers."
    )
    for width in (420, 600, 760):
        laid = renderer.layout(parse_doc(source), width).items
        items = [it[2] for it in laid if isinstance(it[2], TextItem)]
        rows: dict[int, list[TextItem]] = {}
        for item in items:
            rows.setdefault(item.y, []).append(item)
        for row in rows.values():
            row.sort(key=lambda it: it.x)
            for left, right in itertools.pairwise(row):
                drawn = fonts.font(left.size, left.weight).size(left.text)[0]
                assert right.x >= left.x + drawn, (width, left.text, right.text)
