"""The rule card: the switches where a match's rules differ from the 哈尔滨 standard, as a room says them.

Each entry is the room's words for the switch's value (「红中满天飞」, 「不带红中」), the switch's
name when the value's words do not already say it, the one-line explanation, and the switch's
small tile example drawn with the table's tile art. Every text comes from the switch texts
(:mod:`game.rule_texts`); nothing here spells a rule out.

:func:`layout_card` places a card for a width as a :class:`~game.ui.kit.doc.DocLayout`, so the
document renderer draws it and a document screen scrolls it; :func:`card_boxes` gives the
rectangle of every text and tile row, for the checks that nothing overlaps or spills.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core.rules import PRESETS, RULE_KEYS, STANDARD, RuleSet
from game.core.tiles import TileNotationError
from game.rule_texts import CardLine, RuleTexts
from game.ui.kit.doc import DocLayout, DocRenderer, RuleItem, TextItem, TilesItem, parse_tile_groups
from game.ui.kit.fonts import Colour, FontBook, Weight
from game.ui.kit.theme import COLOURS, readable
from game.ui.kit.tileart import metrics
from game.ui.words.i18n import tr

TILE_COLUMN = 0.4
"""At most this share of the card's width goes to a tile example beside its text; a wider one goes below."""


@dataclass(frozen=True)
class CardStyle:
    """Pixel sizes of a rule card (a screen scales them with its UI scale)."""

    title: int = 22
    label: int = 19
    name: int = 13
    doc: int = 15
    tile: int = 26
    """Face width of the example tiles (smaller when an example would not fit)."""
    gap: int = 14

    def scaled(self, px: Callable[[float], int]) -> CardStyle:
        """The same style through a screen's ``px`` function (design pixels to screen pixels)."""
        title, label, name, doc = (readable(px(v)) for v in (self.title, self.label, self.name, self.doc))
        return CardStyle(title, label, name, doc, px(self.tile), px(self.gap))


@dataclass(frozen=True)
class RuleCard:
    """What one card shows: its title (the preset's name), how many switches differ, and those switches."""

    title: str
    subtitle: str
    lines: tuple[CardLine, ...]
    empty: str
    """The line shown when no switch differs."""
    defaults: tuple[CardLine, ...] = ()
    """When no switch differs: the options rooms change most, at the values these rules play."""


def room_options() -> tuple[str, ...]:
    """The options rooms change most: the switches two or more presets turn away from the standard,
    in the rules' order."""
    counts = Counter(key for rules in PRESETS.values() for key in rules.differences(STANDARD))
    return tuple(key for key in RULE_KEYS if counts[key] >= 2)


def rule_card(texts: RuleTexts, rules: RuleSet, preset: str, base: RuleSet = STANDARD) -> RuleCard:
    """The card of a match's rules (named by its preset) against the 哈尔滨 standard."""
    lines = tuple(texts.card(rules, base))
    lang = texts.lang
    if len(lines) > 1:
        subtitle = tr("card.differ", lang, n=len(lines))
    elif lines:
        subtitle = tr("card.differs_one", lang)
    else:
        subtitle = tr("card.standard", lang)
    options = room_options() if not lines else ()
    defaults = tuple(texts.describe(key, getattr(rules, key), rules) for key in options)
    return RuleCard(texts.preset_name(preset), subtitle, lines, tr("card.none", lang), defaults)


def shows_name(line: CardLine) -> bool:
    """True when the value's words do not already name the switch (刻子宝 of 刮大风; not 支对 of 支对)."""
    return line.name.casefold() not in line.label.casefold()


def layout_card(
    fonts: FontBook, renderer: DocRenderer, card: RuleCard, width: int, style: CardStyle
) -> DocLayout:
    """Place a rule card in a column of ``width`` pixels: the title, then one entry per switch, each
    with its tile example in a column on the left (or under its words when the example is too wide)."""
    doc = DocLayout(width)
    y = _text(doc, fonts, card.title, 0, 0, width, style.title, COLOURS.gold, "bold")
    doc.headings.append((0, card.title))
    y = _text(doc, fonts, card.subtitle, 0, y, width, style.doc, COLOURS.text_dim, "regular") + style.gap // 3
    heading_w = max(fonts.size(card.title, style.title, "bold")[0], fonts.size(card.subtitle, style.doc)[0])
    doc.items.append((y, y + 1, RuleItem(0, y, min(width, heading_w))))
    y += style.gap
    entries = card.lines
    if not entries:
        y = _text(doc, fonts, card.empty, 0, y, width, style.doc, COLOURS.text_dim, "regular") + style.gap
        entries = card.defaults
    examples = [_groups(line.tiles) for line in entries]
    column = max((renderer.group_width(g, style.tile) for g in examples if g), default=0)
    column = min(column, int(width * TILE_COLUMN))
    for i, (line, groups) in enumerate(zip(entries, examples, strict=True)):
        if i:
            doc.items.append((y, y + 1, RuleItem(0, y, width)))
            y += style.gap
        y = _entry(doc, fonts, renderer, line, groups, (y, width, column), style) + style.gap
    doc.height = y + style.gap
    return doc


def _entry(
    doc: DocLayout,
    fonts: FontBook,
    renderer: DocRenderer,
    line: CardLine,
    groups: tuple[tuple[int | None, ...], ...],
    place: tuple[int, int, int],
    style: CardStyle,
) -> int:
    """One switch at ``place`` = (y, card width, tile column width); returns the y below it."""
    y, width, column = place
    x = column + style.gap if column else 0
    text_w = width - x
    tw = style.tile
    while groups and renderer.group_width(groups, tw) > column and tw > style.tile * 0.7:
        tw -= 1
    beside = bool(groups) and renderer.group_width(groups, tw) <= column
    top = y
    if shows_name(line):
        y = _text(doc, fonts, line.name, x, y, text_w, style.name, COLOURS.text_dim, "regular")
    label_y = y
    y = _text(doc, fonts, line.label, x, y, text_w, style.label, COLOURS.gold, "bold")
    y = _text(doc, fonts, line.doc, x, y + style.gap // 4, text_w, style.doc, COLOURS.text, "regular")
    if not groups:
        return y
    if beside:
        h = metrics(tw).height
        ty = label_y if label_y + h <= max(y, top + h) else top
        doc.items.append((ty, ty + h, TilesItem(column - renderer.group_width(groups, tw), ty, groups, tw)))
        return max(y, ty + h)
    tw = style.tile
    while renderer.group_width(groups, tw) > text_w and tw > 8:
        tw -= 1
    h = metrics(tw).height
    ty = y + style.gap // 2
    doc.items.append((ty, ty + h, TilesItem(x, ty, groups, tw)))
    return ty + h


def _groups(tiles: str) -> tuple[tuple[int | None, ...], ...]:
    """The tile groups of an example (none when it has no example; the texts are checked on loading)."""
    try:
        return tuple(tuple(g) for g in parse_tile_groups(tiles))
    except TileNotationError:
        return ()


def _text(
    doc: DocLayout,
    fonts: FontBook,
    text: str,
    x: int,
    y: int,
    width: int,
    size: int,
    colour: Colour,
    weight: Weight,
) -> int:
    """Wrapped lines of one text from y; returns the y below them."""
    line_h = fonts.font(size, weight).get_linesize()
    for row in fonts.wrap(text, size, width, weight):
        h = max(line_h, fonts.size(row, size, weight)[1])  # some punctuation draws a pixel taller
        if row:
            doc.items.append((y, y + h, TextItem(x, y, row, size, colour, weight)))
        y += h
    return y


def card_boxes(fonts: FontBook, doc: DocLayout) -> list[tuple[str, pygame.Rect]]:
    """(what, rectangle) of every text line and tile row of a laid-out card, for the fit checks."""
    out: list[tuple[str, pygame.Rect]] = []
    for _, _, item in doc.items:
        if isinstance(item, TextItem):
            w, h = fonts.size(item.text, item.size, item.weight)
            out.append((item.text, pygame.Rect(item.x, item.y, w, h)))
        elif isinstance(item, TilesItem):
            gap = max(4, item.width // 3)
            w = sum(len(g) * item.width for g in item.groups) + gap * max(0, len(item.groups) - 1)
            out.append(("tiles", pygame.Rect(item.x, item.y, w, metrics(item.width).height)))
    return out


def card_text(doc: DocLayout) -> list[str]:
    """Every text line of a laid-out card, top to bottom."""
    return [item.text for _, _, item in doc.items if isinstance(item, TextItem)]


__all__ = [
    "CardStyle",
    "RuleCard",
    "card_boxes",
    "card_text",
    "layout_card",
    "rule_card",
    "shows_name",
]
