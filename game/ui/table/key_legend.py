"""The key legend at the foot of the table's right column: each key drawn as a keycap beside what it does,
in three groups (discarding, the calls, the tools) that flow across the column, as large as the
room the claim bar's lines leave allows and spaced to fill it.

It replaces a paragraph of key help that wrapped mid-item ("C 吃 P / 碰") and left the column's middle bare.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pygame

from game.glossary import Lang, term
from game.table.menu import CLAIM_BUTTONS
from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import share_out
from game.ui.table.claimbar import hotkey_label
from game.ui.words.i18n import tr

Item = tuple[tuple[str, ...], str]
"""One entry: its keys (drawn as keycaps) and what they do."""

CAP_FILL: Final = (30, 56, 42)
"""A keycap's face."""
LAYOUTS_KEPT: Final = 64
"""How many laid-out legends are remembered (sizes and languages) before the store starts again."""


def legend_groups(lang: Lang, *, live: bool) -> tuple[tuple[Item, ...], ...]:
    """The legend's groups: discarding, the calls, the tools. ``live``: a match, with auto-play and the
    helpers, where Esc opens the menu; a lesson has neither and Esc leaves it."""
    click = tr("table.key.click", lang)
    discarding: tuple[Item, ...] = (
        ((click,), tr("table.key.discard", lang)),
        (("←", "→"), tr("table.key.select", lang)),
        (("Enter",), tr("table.key.enter", lang)),
        ((click,), tr("table.key.skip", lang)),
    )
    calls = tuple(((hotkey_label(name, lang),), term(name, lang)) for name in CLAIM_BUTTONS)
    tools: tuple[Item, ...] = (
        (("F1",), tr("table.key.hints", lang)),
        (("F2",), tr("table.key.tracker", lang)),
        (("F3",), tr("table.key.rules", lang)),
    )
    if live:
        tools += ((("F4",), tr("table.key.helpers", lang)), (("A",), tr("table.key.auto", lang)))
    tools += ((("Esc",), tr("table.key.menu" if live else "table.key.leave", lang)),)
    return (discarding, calls, tools)


@dataclass(frozen=True)
class Legend:
    """A legend laid out at one type size, from (0, 0): keycaps and words, each with the line it is on."""

    size: int
    """The type size of its words and keys."""
    caps: tuple[tuple[pygame.Rect, str, int], ...]
    """Each keycap: where, its key, its line."""
    words: tuple[tuple[tuple[int, int], str, int], ...]
    """Each piece of words: its top left, the words, its line."""
    lines: int
    """How many lines it takes."""
    height: int
    """Its height with no extra space between lines."""


def lay_out(fonts: FontBook, groups: tuple[tuple[Item, ...], ...], width: int, size: int) -> Legend:
    """Flow the groups' items across ``width``, each group from a new line: an item stays whole on one
    line where it fits; one too wide for a line wraps its words beside its keys, or under them where the
    room beside them is too narrow."""
    word_h = fonts.line_size(size)
    cap_h = max(word_h, round(fonts.height(size, "bold") * 1.12))
    pad = max(3, size // 3)
    key_gap, word_gap, item_gap = max(2, size // 5), max(3, size // 3), max(6, size)
    line_h = cap_h + max(2, size // 4)
    group_gap = cap_h // 3  # a little more between the groups than between their lines
    caps: list[tuple[pygame.Rect, str, int]] = []
    words: list[tuple[tuple[int, int], str, int]] = []
    line, x, y = 0, 0, 0
    for g, group in enumerate(groups):
        if g:
            line, x, y = line + 1, 0, y + line_h + group_gap
        for keys, text in group:
            cap_ws = [fonts.size(k, size, "bold")[0] + 2 * pad for k in keys]
            keys_w = sum(cap_ws) + key_gap * (len(keys) - 1)
            text_w = fonts.size(text, size)[0]
            if x and x + keys_w + word_gap + text_w > width:
                line, x, y = line + 1, 0, y + line_h
            for k, cap_w in zip(keys, cap_ws, strict=True):
                caps.append((pygame.Rect(x, y, cap_w, cap_h), k, line))
                x += cap_w + key_gap
            x += word_gap - key_gap
            if x + text_w <= width:
                pieces = [text]
            elif width - x >= 3 * size:  # the words wrap beside the keys
                pieces = fonts.wrap(text, size, width - x)
            else:  # too narrow beside the keys: the words go under them, across the line
                line, x, y = line + 1, 0, y + line_h
                pieces = fonts.wrap(text, size, width)
            top = y + (cap_h - word_h) // 2
            for i, piece in enumerate(pieces):
                words.append(((x, top + i * line_h), piece, line + i))
            if len(pieces) > 1 or x == 0:  # the words ran on or under: the next item starts on a new line
                line += len(pieces) - 1
                y += (len(pieces) - 1) * line_h
                x = width
            else:
                x += text_w + item_gap
    return Legend(size, tuple(caps), tuple(words), line + 1, y + cap_h)


class KeyLegend:
    """Fits and draws the table's key legend (see the module docstring); remembers what it laid out."""

    def __init__(self, fonts: FontBook) -> None:
        self.fonts = fonts
        self._laid: dict[tuple[object, ...], Legend] = {}
        """Legends laid out, by (language, live, width, size)."""

    def fit(self, lang: Lang, live: bool, width: int, room: int, sizes: range) -> Legend | None:
        """The legend at the largest of ``sizes`` (largest first) whose height fits ``room``, or None."""
        for size in sizes:
            key = (lang, live, width, size)
            legend = self._laid.get(key)
            if legend is None:
                if len(self._laid) > LAYOUTS_KEPT:
                    self._laid.clear()
                legend = lay_out(self.fonts, legend_groups(lang, live=live), width, size)
                self._laid[key] = legend
            if legend.height <= room:
                return legend
        return None

    def draw(self, surface: pygame.Surface, legend: Legend, rect: pygame.Rect) -> int:
        """Draw ``legend`` in ``rect``, flush with its foot, the lines spread (up to two thirds of a keycap
        further apart) over the room above it; returns its top."""
        fonts, size = self.fonts, legend.size
        cap_h = legend.caps[0][0].h if legend.caps else fonts.line_size(size)
        lead = share_out(rect.h - legend.height, legend.lines - 1, cap_h * 2 // 3)
        top = rect.bottom - legend.height - lead * (legend.lines - 1)
        radius = max(3, cap_h // 5)
        for cap, key, line in legend.caps:
            box = cap.move(rect.x, top + line * lead)
            pygame.draw.rect(surface, CAP_FILL, box, border_radius=radius)
            pygame.draw.rect(surface, COLOURS.gold_dark, box, width=max(1, size // 14), border_radius=radius)
            img = fonts.render(key, size, COLOURS.text, "bold")
            fonts.put(surface, img, img.get_rect(center=box.center), key)
        for (x, y), piece, line in legend.words:
            fonts.draw(surface, piece, size, COLOURS.text_dim, topleft=(rect.x + x, top + y + line * lead))
        return top


__all__ = ["KeyLegend", "Legend", "lay_out", "legend_groups"]
