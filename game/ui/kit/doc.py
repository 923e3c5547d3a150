"""A small document format with tiles drawn inline, laid out and drawn by our renderer.

Markup, one construct per line:

- ``# Title``, ``## Section``, ``### Subsection``
- ``- item`` a bullet; ``> text`` a note (indented, dimmer)
- a blank line ends a paragraph; lines of one paragraph are joined
- ``**bold**`` inside text (drawn in gold)
- ``[[234s 7889m]]`` tiles in mpsz notation, inline or on a line of their own
  (larger); groups separated by spaces get a small gap; ``x`` is a face-down tile
- a block between lines of three backticks is shown line by line, unwrapped
  (licence texts)

Layout depends only on the width, so it is computed once per width and then
drawn by blitting just the visible items.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import pygame

from game.core.tiles import TileNotationError, parse_kinds
from game.ui.kit.fonts import Colour, FontBook, Weight
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileArt, metrics

BlockKind = Literal["h1", "h2", "h3", "p", "bullet", "note", "tiles", "pre"]


@dataclass(frozen=True)
class Block:
    """One block of a document."""

    kind: BlockKind
    text: str


TILE_RE = re.compile(r"\[\[([^\]]*)\]\]")
BOLD_RE = re.compile(r"\*\*(.+?)\*\*")


def parse_doc(source: str) -> list[Block]:
    """Split markup text into blocks."""
    blocks: list[Block] = []
    para: list[str] = []
    pre: list[str] | None = None

    def flush() -> None:
        if para:
            blocks.append(Block("p", " ".join(para) if _latin(para) else "".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.rstrip()
        if line.strip() == "```":
            if pre is None:
                flush()
                pre = []
            else:
                blocks.append(Block("pre", "\n".join(pre)))
                pre = None
            continue
        if pre is not None:
            pre.append(line)
            continue
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        for prefix, kind in (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("- ", "bullet"), ("> ", "note")):
            if stripped.startswith(prefix):
                flush()
                blocks.append(Block(kind, stripped[len(prefix) :].strip()))  # type: ignore[arg-type]
                break
        else:
            if TILE_RE.fullmatch(stripped):
                flush()
                blocks.append(Block("tiles", TILE_RE.fullmatch(stripped).group(1)))  # type: ignore[union-attr]
            else:
                para.append(stripped)
    flush()
    if pre is not None:
        blocks.append(Block("pre", "\n".join(pre)))
    return blocks


def _latin(lines: Sequence[str]) -> bool:
    """True when joined lines need a space between them (the text is mostly not CJK)."""
    sample = "".join(lines)
    cjk = sum(1 for ch in sample if "\u4e00" <= ch <= "\u9fff")
    return cjk * 4 < len(sample)


def parse_tile_groups(text: str) -> list[list[int | None]]:
    """``"234s 7889m x"`` -> groups of kinds (None = a face-down tile); raises TileNotationError."""
    groups: list[list[int | None]] = []
    for token in text.split():
        if token.lower() in {"x", "?"}:
            groups.append([None])
        else:
            groups.append(list(parse_kinds(token)))
    return groups


@dataclass(frozen=True)
class TextItem:
    """A run of text placed at (x, y)."""

    x: int
    y: int
    text: str
    size: int
    colour: Colour
    weight: Weight


@dataclass(frozen=True)
class TilesItem:
    """A row of tile groups placed at (x, y)."""

    x: int
    y: int
    groups: tuple[tuple[int | None, ...], ...]
    width: int
    """Face width of each tile."""


@dataclass(frozen=True)
class RuleItem:
    """A horizontal ornament line."""

    x: int
    y: int
    w: int


Item = TextItem | TilesItem | RuleItem


@dataclass
class DocLayout:
    """Placed items of a document for one width, top to bottom."""

    width: int
    height: int = 0
    items: list[tuple[int, int, Item]] = field(default_factory=list)
    """(top, bottom, item) for quick visibility checks."""
    headings: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class DocStyle:
    """Sizes used to lay out a document (pixels)."""

    body: int = 18
    h1: int = 30
    h2: int = 24
    h3: int = 20
    pre: int = 14
    tile: int = 26
    block_tile: int = 34


def _tokens(text: str) -> list[tuple[str, bool, str | None]]:
    """Split text into (piece, bold, tiles) runs: tiles is the notation of an inline tile group."""
    out: list[tuple[str, bool, str | None]] = []
    pos = 0
    for m in TILE_RE.finditer(text):
        out.extend((piece, bold, None) for piece, bold in _bold_runs(text[pos : m.start()]))
        out.append(("", False, m.group(1)))
        pos = m.end()
    out.extend((piece, bold, None) for piece, bold in _bold_runs(text[pos:]))
    return out


def _bold_runs(text: str) -> list[tuple[str, bool]]:
    """Split ``**bold**`` markers into runs."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in BOLD_RE.finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def _pieces(text: str) -> list[str]:
    """Break text into wrap units: single CJK characters, Latin words with their trailing space."""
    units: list[str] = []
    buf = ""
    for ch in text:
        if "\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef":
            if buf:
                units.append(buf)
                buf = ""
            units.append(ch)
        elif ch == " ":
            units.append(buf + " ")
            buf = ""
        else:
            buf += ch
    if buf:
        units.append(buf)
    return units


NO_START = set("，。、；：！？）》」』,.;:!?)")


class DocRenderer:
    """Lays out and draws documents with our fonts and tile art."""

    def __init__(self, fonts: FontBook, tiles: TileArt, style: DocStyle) -> None:
        self.fonts = fonts
        self.tiles = tiles
        self.style = style

    def group_width(self, groups: Sequence[Sequence[int | None]], tile_w: int) -> int:
        """Pixel width of tile groups laid side by side."""
        gap = max(4, tile_w // 3)
        return sum(len(g) * tile_w for g in groups) + gap * max(0, len(groups) - 1)

    def layout(self, blocks: Sequence[Block], width: int) -> DocLayout:
        """Place every block for a column of this width."""
        st = self.style
        doc = DocLayout(width)
        y = 0
        for block in blocks:
            if block.kind in ("h1", "h2", "h3"):
                size = {"h1": st.h1, "h2": st.h2, "h3": st.h3}[block.kind]
                y += int(size * (0.9 if block.kind != "h3" else 0.5)) if doc.items else 0
                doc.headings.append((y, block.text))
                heading_colour = COLOURS.gold if block.kind != "h3" else COLOURS.text
                y = self._flow(doc, block.text, 0, y, width, size, heading_colour, "bold")
                if block.kind in ("h1", "h2"):
                    doc.items.append((y + 2, y + 4, RuleItem(0, y + 2, min(width, size * 6))))
                    y += size // 2
                else:
                    y += size // 4
            elif block.kind == "tiles":
                try:
                    groups = parse_tile_groups(block.text)
                except TileNotationError as exc:
                    y = self._flow(doc, f"[{exc}]", 0, y, width, st.body, COLOURS.ting, "regular")
                    continue
                tw = st.block_tile
                while self.group_width(groups, tw) > width and tw > 14:
                    tw -= 2
                m = metrics(tw)
                y += st.body // 3
                item = TilesItem(0, y, tuple(tuple(g) for g in groups), tw)
                doc.items.append((y, y + m.height, item))
                y += m.height + st.body // 2
            elif block.kind == "pre":
                line_h = self.fonts.line_size(st.pre)
                for line in block.text.split("\n"):
                    if line.strip():
                        doc.items.append(
                            (y, y + line_h, TextItem(0, y, line, st.pre, COLOURS.text_dim, "regular"))
                        )
                    y += line_h
                y += st.body // 2
            else:
                indent = 0
                colour: Colour = COLOURS.text
                if block.kind == "bullet":
                    indent = int(st.body * 1.4)
                    dot_y = y + self.fonts.line_size(st.body) // 2
                    doc.items.append(
                        (
                            dot_y - 4,
                            dot_y + 4,
                            TextItem(int(st.body * 0.35), y, "•", st.body, COLOURS.gold, "bold"),
                        )
                    )
                elif block.kind == "note":
                    indent = int(st.body * 1.2)
                    colour = COLOURS.text_dim
                y = self._flow(doc, block.text, indent, y, width, st.body, colour, "regular")
                y += int(st.body * (0.35 if block.kind == "bullet" else 0.7))
        doc.height = y + st.body
        return doc

    def _flow(
        self,
        doc: DocLayout,
        text: str,
        indent: int,
        y: int,
        width: int,
        size: int,
        colour: Colour,
        weight: Weight,
    ) -> int:
        """Wrap mixed text and inline tiles into lines starting at y; returns the y after the last line."""
        line_h = self.fonts.line_size(size, weight)
        tile_w = self.style.tile
        tile_h = metrics(tile_w).height
        line: list[
            tuple[int, str | tuple[tuple[int | None, ...], ...], bool, int]
        ] = []  # (x, text|groups, bold, w)
        x = indent

        def emit(
            line_items: list[tuple[int, str | tuple[tuple[int | None, ...], ...], bool, int]], y: int
        ) -> int:
            has_tiles = any(not isinstance(c, str) for _, c, _, _ in line_items)
            h = max(line_h, tile_h + 4) if has_tiles else line_h
            text_y = y + (h - line_h) // 2
            for lx, content, bold, _w in line_items:
                if isinstance(content, str):
                    if content.strip():
                        c = COLOURS.gold if bold else colour
                        wt: Weight = "bold" if bold else weight
                        doc.items.append(
                            (text_y, text_y + line_h, TextItem(lx, text_y, content, size, c, wt))
                        )
                else:
                    ty = y + (h - tile_h) // 2
                    doc.items.append((ty, ty + tile_h, TilesItem(lx, ty, content, tile_w)))
            return y + h + int(size * 0.22)

        for piece, bold, tiles in _tokens(text):
            if tiles is not None:
                try:
                    groups = tuple(tuple(g) for g in parse_tile_groups(tiles))
                except TileNotationError:
                    groups = ()
                w = self.group_width(groups, tile_w) + tile_w // 4
                if x + w > width and line:
                    y = emit(line, y)
                    line, x = [], indent
                line.append((x + tile_w // 8, groups, False, w))
                x += w
                continue
            wt: Weight = "bold" if bold else weight
            font = self.fonts.font(size, wt)
            run = ""
            run_x = x
            for unit in _pieces(piece):
                uw = int(font.size(unit)[0])
                if x + uw > width and (line or run) and unit.strip():
                    if unit[0] in NO_START and run:
                        unit = run[-1] + unit
                        run = run[:-1]
                        uw = int(font.size(unit)[0])
                    if run:
                        line.append((run_x, run, bold, int(font.size(run)[0])))
                    y = emit(line, y)
                    line, x, run = [], indent, ""
                    run_x = x
                    unit = unit.lstrip()
                    uw = int(font.size(unit)[0])
                run += unit
                x += uw
            if run:
                run_w = int(font.size(run)[0])
                line.append((run_x, run, bold, run_w))
                # the run is drawn in one piece, which can be wider than its words measured one by one
                x = max(x, run_x + run_w)
        if line:
            y = emit(line, y)
        return y

    def draw(self, surface: pygame.Surface, doc: DocLayout, rect: pygame.Rect, offset: float) -> None:
        """Draw the part of a laid-out document visible in rect, scrolled down by offset pixels."""
        clip = surface.get_clip()
        surface.set_clip(rect)
        top = int(offset)
        bottom = top + rect.h
        for y0, y1, item in doc.items:
            if y1 < top or y0 > bottom:
                continue
            if isinstance(item, TextItem):
                img = self.fonts.render(item.text, item.size, item.colour, item.weight)
                at = img.get_rect(topleft=(rect.x + item.x, rect.y + item.y - top))
                if rect.contains(at):
                    self.fonts.put(surface, img, at, item.text)
                else:  # a line half scrolled out of the view (cut on purpose: the view scrolls)
                    surface.blit(img, at)
            elif isinstance(item, TilesItem):
                self._draw_tiles(surface, item, rect.x + item.x, rect.y + item.y - top)
            else:
                y = rect.y + item.y - top
                pygame.draw.line(
                    surface, COLOURS.gold_dark, (rect.x + item.x, y), (rect.x + item.x + item.w, y), 1
                )
        surface.set_clip(clip)

    def _draw_tiles(self, surface: pygame.Surface, item: TilesItem, x: int, y: int) -> None:
        """Tile groups with small shadows."""
        gap = max(4, item.width // 3)
        off = max(1, item.width // 14)
        for group in item.groups:
            for kind in group:
                surface.blit(self.tiles.shadow(item.width, alpha=60), (x + off, y + off))
                surface.blit(self.tiles.tile(kind, item.width), (x, y))
                x += item.width
            x += gap


__all__ = ["Block", "DocLayout", "DocRenderer", "DocStyle", "parse_doc", "parse_tile_groups"]
