"""Coach text with tile pictures inline, fitted to a box: a lesson's ``{7p}`` markers drawn as tiles.

A lesson's text (:class:`game.tutorial.text.Text`) is cut at its tile markers
(:meth:`~game.tutorial.text.Text.segments`); the pieces become the document markup
of :mod:`game.ui.kit.doc` (``[[7p]]`` for tiles) and are laid out by its renderer with
the table's tile art. :class:`CoachText` picks the largest text size at which the
whole text fits its box (down to a floor), draws whole lines only — from a given line
on, so a long text can be scrolled — and records every line in a
:class:`~game.ui.kit.textfit.TextLog`.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.core.tiles import format_kinds
from game.glossary import Lang
from game.tutorial.text import Text
from game.ui.kit.doc import DocLayout, DocRenderer, DocStyle, TextItem, TilesItem, parse_doc
from game.ui.kit.fonts import FontBook
from game.ui.kit.textfit import Drawn, TextLog
from game.ui.kit.tileart import TileArt, metrics


def coach_markup(text: Text, lang: Lang) -> str:
    """A coach text as document markup: its words, and its tile markers as ``[[tiles]]``."""
    parts = []
    for seg in text.segments(lang):
        if isinstance(seg, str):
            parts.append(seg.replace("[[", "[ [").replace("**", "* *"))
        else:
            parts.append(f"[[{format_kinds(seg)}]]")
    return "".join(parts)


def plain_markup(text: str) -> str:
    """Plain words (an engine's why-not) as markup that shows them as they are."""
    return text.replace("[[", "[ [").replace("**", "* *")


class CoachText:
    """Lays out coach markup at the largest size that fits a box, and draws it with the tile art."""

    def __init__(self, fonts: FontBook, tiles: TileArt) -> None:
        self.fonts = fonts
        self.tiles = tiles
        self._cache: OrderedDict[tuple[str, int, int, int, int], tuple[DocRenderer, DocLayout]] = (
            OrderedDict()
        )

    def _renderer(self, size: int) -> DocRenderer:
        tile = max(12, round(size * 1.45))  # inline tiles a little taller than the words, to be read
        return DocRenderer(self.fonts, self.tiles, DocStyle(body=size, tile=tile, block_tile=tile))

    def fit(self, markup: str, box: pygame.Rect, size: int, floor: int = 10) -> tuple[DocRenderer, DocLayout]:
        """The renderer and layout of the largest size up to ``size`` whose text fits the box's height."""
        key = (markup, box.w, box.h, size, floor)
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        blocks = parse_doc(markup)
        size = max(size, floor)
        while True:
            renderer = self._renderer(size)
            # a line is measured word by word but drawn in one piece, which can come out a pixel or two
            # wider: lay it out a little narrower than the box
            doc = renderer.layout(blocks, box.w - max(2, size // 6))
            if size <= floor or self.height(doc) <= box.h:
                break
            size -= 1
        self._cache[key] = (renderer, doc)
        if len(self._cache) > 32:
            self._cache.popitem(last=False)
        return renderer, doc

    @staticmethod
    def height(doc: DocLayout) -> int:
        """The height the items really take (the layout adds a line of room after the last block)."""
        return max((bottom for _, bottom, _ in doc.items), default=0)

    @staticmethod
    def lines(doc: DocLayout) -> list[tuple[int, int]]:
        """The laid-out text's lines as (top, bottom) bands (the items of one line overlap in height)."""
        bands: list[list[int]] = []
        for top, bottom, _ in sorted(doc.items, key=lambda i: i[0]):
            if bands and top < bands[-1][1]:
                bands[-1][1] = max(bands[-1][1], bottom)
            else:
                bands.append([top, bottom])
        return [(a, b) for a, b in bands]

    def draw(
        self,
        surface: pygame.Surface,
        markup: str,
        box: pygame.Rect,
        size: int,
        log: TextLog,
        floor: int = 10,
        first: int = 0,
    ) -> Shown:
        """Draw the markup fitted into the box from line ``first`` on: whole lines only, as many as fit.

        Every text line and tile group drawn is logged; the result says which lines were shown.
        """
        renderer, doc = self.fit(markup, box, size, floor)
        bands = self.lines(doc)
        if not bands:
            return Shown(0, -1, 0, 0)
        first = max(0, min(first, len(bands) - 1))
        top = bands[first][0]
        last = first
        while last + 1 < len(bands) and bands[last + 1][1] - top <= box.h:
            last += 1
        height = min(box.h, bands[last][1] - top)
        view = pygame.Rect(box.x, box.y, box.w, height)
        renderer.draw(surface, doc, view, top)
        for y0, y1, item in doc.items:
            if y0 < top or y1 > top + height:
                continue
            if isinstance(item, TextItem):
                img = self.fonts.render(item.text, item.size, item.colour, item.weight)
                ink = img.get_bounding_rect().move(box.x + item.x, box.y + item.y - top)
                if ink.w:
                    log.items.append(Drawn(item.text, ink, box))
            elif isinstance(item, TilesItem):
                gap = max(4, item.width // 3)
                width = sum(len(g) for g in item.groups) * item.width + gap * max(0, len(item.groups) - 1)
                rect = pygame.Rect(box.x + item.x, box.y + item.y - top, width, metrics(item.width).height)
                log.tiles.append((rect, box))
        return Shown(first, last, len(bands), height)


@dataclass(frozen=True)
class Shown:
    """Which of a text's lines were drawn (``first`` to ``last``, of ``count``) and the height they took."""

    first: int
    last: int
    count: int
    height: int

    @property
    def more_above(self) -> bool:
        """Lines before the first one shown."""
        return self.first > 0

    @property
    def more_below(self) -> bool:
        """Lines after the last one shown."""
        return self.last < self.count - 1


__all__ = ["CoachText", "Shown", "coach_markup", "plain_markup"]
