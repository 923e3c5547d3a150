"""The replay library's list: columns, sorting, the selected row, scrolling, and drawing the rows.

The list holds :class:`~game.replay.library.ReplayEntry` items already read (the scene reads
the folder off the render thread) and sorts them in memory by the library's own sort keys,
broken files last. Every text is drawn through a :class:`~game.ui.kit.textfit.TextLog`, so it is
shrunk or cut to its cell and the fit checks can see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.glossary import Lang
from game.replay.library import BROKEN, ReplayEntry, sort_entries
from game.rule_texts import RuleTexts
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, readable
from game.ui.words.i18n import tr
from game.ui.words.replay_words import (
    display_name,
    hands_text,
    opponents_text,
    preset_text,
    result_score,
    signed,
    status_word,
    when_text,
)


@dataclass(frozen=True)
class Column:
    """One column: its key (a sort key, or None when it does not sort), label and share of the width."""

    key: str
    sort: str | None
    share: float
    align: str = "left"


COLUMNS: Final = (
    Column("created", "created", 0.18),
    Column("name", "name", 0.22),
    Column("opponents", "opponents", 0.18),
    Column("preset", "preset", 0.14),
    Column("hands", "hands", 0.08, "center"),
    Column("result", "result", 0.08, "right"),
    Column("status", "status", 0.12, "center"),
)
"""The list's columns, left to right (the shares add up to 1)."""

CUT_COLUMNS: Final = frozenset({"name", "opponents"})
"""Columns whose words are cut with "…" where too long, rather than setting the rows' size."""


class ReplayList:
    """The rows of the library: sorted entries, the selection and the scroll position."""

    def __init__(self) -> None:
        self.entries: list[ReplayEntry] = []
        self.sort = "created"
        self.descending = True
        self.selected: int | None = None
        self.first = 0
        """The first row shown."""
        self.rows_shown = 1
        self.area = pygame.Rect(0, 0, 0, 0)
        """Where the rows are drawn (under the column headings)."""
        self.row_h = 1

    # ------------------------------------------------------------- contents
    def set_entries(self, entries: list[ReplayEntry], keep: str | None = None) -> None:
        """Show these entries (sorted); keep the row of path ``keep`` selected when it is there."""
        self.entries = sort_entries(entries, self.sort, self.descending)
        self.selected = None
        if keep is not None:
            self.select_path(keep)
        if self.selected is None and self.entries:
            self.select(0)

    def select_path(self, path: str) -> bool:
        """Select the row of a file; False if it is not listed."""
        for i, entry in enumerate(self.entries):
            if str(entry.path) == path:
                self.select(i)
                return True
        return False

    def set_sort(self, key: str) -> None:
        """Sort by a column; the same column again reverses the order. The selection stays on its file."""
        if key == self.sort:
            self.descending = not self.descending
        else:
            self.sort, self.descending = key, key in ("created", "hands", "result", "opponents")
        keep = str(self.current.path) if self.current is not None else None
        self.set_entries(self.entries, keep)

    @property
    def current(self) -> ReplayEntry | None:
        """The selected entry."""
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    def select(self, index: int) -> None:
        """Select a row (clamped) and scroll it into view."""
        if not self.entries:
            self.selected = None
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.rows_shown:
            self.first = self.selected - self.rows_shown + 1
        self.clamp()

    def move(self, step: int) -> None:
        """Move the selection up (negative) or down."""
        self.select((self.selected if self.selected is not None else -1) + step)

    def scroll(self, rows: int) -> None:
        """Scroll the rows without moving the selection."""
        self.first += rows
        self.clamp()

    def clamp(self) -> None:
        """Keep the scroll position in range."""
        self.first = max(0, min(self.first, max(0, len(self.entries) - self.rows_shown)))

    # ------------------------------------------------------------- geometry
    def place(self, area: pygame.Rect, row_h: int) -> None:
        """Lay the rows out in ``area``, ``row_h`` pixels each."""
        self.area = area
        self.row_h = max(1, row_h)
        self.rows_shown = max(1, area.h // self.row_h)
        self.clamp()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the row under a point, or None."""
        if not self.area.collidepoint(pos):
            return None
        i = self.first + (pos[1] - self.area.y) // self.row_h
        return i if i < len(self.entries) and i < self.first + self.rows_shown else None

    @staticmethod
    def cells(x: int, width: int, pad: int) -> list[pygame.Rect]:
        """Each column's horizontal extent (as rects of height 0) across ``width`` from ``x``."""
        out = []
        left = x
        for col in COLUMNS:
            w = round(width * col.share)
            out.append(pygame.Rect(left + pad, 0, max(1, w - 2 * pad), 0))
            left += w
        return out

    # ------------------------------------------------------------- drawing
    def cell_texts(self, entry: ReplayEntry, lang: Lang, texts: RuleTexts | None) -> list[str]:
        """The words of one row, column by column."""
        score = None if entry.sample else result_score(entry)  # nobody's result: no person played a sample
        broken = entry.status == BROKEN
        return [
            "" if entry.sample else when_text(entry.created),  # a sample's date is when it was made
            display_name(entry, lang),
            "" if broken else opponents_text(entry, lang),
            "" if broken else preset_text(entry.preset, texts, lang),
            "" if broken else hands_text(entry),
            "" if score is None else signed(score),
            status_word(entry, lang),
        ]

    def draw(
        self, surface: pygame.Surface, log: TextLog, lang: Lang, texts: RuleTexts | None, size: int
    ) -> None:
        """The visible rows: stripes, the selection, and every cell's text at one size: the largest at which
        the short columns' words fit (never under 12 px); a longer name or list of opponents is cut with
        "…" (each cell shrunk on its own gave a row of three sizes)."""
        area = self.area
        pad = max(2, size // 3)
        cells = self.cells(area.x, area.w, pad)
        floor = min(size, readable(size - 3))  # the words shrink so far, never under 12 px
        end = min(len(self.entries), self.first + self.rows_shown)
        rows = [(i, self.cell_texts(self.entries[i], lang, texts)) for i in range(self.first, end)]
        boxes = [pygame.Rect(cell.x, 0, cell.w, self.row_h - 4) for cell in cells]
        short = [
            log.fit_size(text, box, size, floor=floor)
            for _, row_texts in rows
            for col, box, text in zip(COLUMNS, boxes, row_texts, strict=True)
            if text and col.key not in CUT_COLUMNS
        ]
        size = min(short, default=size)
        for row, (i, row_texts) in enumerate(rows):
            entry = self.entries[i]
            rect = pygame.Rect(area.x, area.y + row * self.row_h, area.w, self.row_h)
            if i == self.selected:
                pygame.draw.rect(surface, (92, 74, 30), rect, border_radius=max(2, pad))
                pygame.draw.rect(surface, COLOURS.gold, rect, width=1, border_radius=max(2, pad))
            elif row % 2:
                pygame.draw.rect(surface, (18, 52, 35), rect)
            for col, cell, text in zip(COLUMNS, cells, row_texts, strict=True):
                if not text:
                    continue
                box = pygame.Rect(cell.x, rect.y + 2, cell.w, rect.h - 4)
                colour = self._colour(entry, col.key, text)
                log.line(surface, text, box, size, colour, align=col.align, floor=size)

    @staticmethod
    def _colour(entry: ReplayEntry, key: str, text: str) -> tuple[int, int, int]:
        """Gold for the match in progress, the samples and wins; red for broken files and losses; dim for
        dates."""
        if key == "status":
            if entry.status == BROKEN:
                return COLOURS.ting
            return COLOURS.gold if entry.in_progress or entry.sample else COLOURS.text_dim
        if key == "result":
            return (
                COLOURS.gold
                if text.startswith("+")
                else (COLOURS.ting if text.startswith("−") else COLOURS.text)
            )
        if key == "created":
            return COLOURS.text_dim
        return COLOURS.text

    def heading(self, key: str, lang: Lang) -> str:
        """A column's heading, with ▲/▼ on the sorted one."""
        label = tr(f"replays.col.{key}", lang)
        if key == self.sort:
            return f"{label} {'▼' if self.descending else '▲'}"
        return label


__all__ = ["COLUMNS", "Column", "ReplayList"]
