"""The key legend at the foot of the table's right column (game.ui.table.key_legend): every key the table
answers to is in it, as a keycap beside its words; it never runs past its column, never overlaps itself,
and fills the room it is given."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from game.table.menu import CLAIM_BUTTONS
from game.ui.kit.fonts import FontBook
from game.ui.table.claimbar import hotkey_label
from game.ui.table.input import TOOL_KEYS
from game.ui.table.key_legend import KeyLegend, Legend, lay_out, legend_groups


def _boxes(fonts: FontBook, legend: Legend) -> list[tuple[pygame.Rect, str]]:
    """Every keycap and every piece of words of a legend, as the rects they cover."""
    out = [(cap, key) for cap, key, _ in legend.caps]
    for (x, y), piece, _ in legend.words:
        w, h = fonts.size(piece, legend.size)
        out.append((pygame.Rect(x, y, w, h), piece))
    return out


@pytest.mark.parametrize("live", [True, False])
def test_every_key_the_table_answers_to_is_in_the_legend(live: bool) -> None:
    """The calls' hotkeys and the tools' F-keys, auto-play and Esc at a match; a lesson has no helpers and
    no auto-play, and its Esc leaves."""
    for lang in ("zh", "en"):
        keys = [key for group in legend_groups(lang, live=live) for keys, _ in group for key in keys]
        for name in CLAIM_BUTTONS:
            assert hotkey_label(name, lang) in keys, (lang, name)
        assert ("空格" if lang == "zh" else "Space") in keys  # the space bar by the name the player uses
        tools = {pygame.key.name(k).upper() for k in TOOL_KEYS}
        assert tools == {"F1", "F2", "F3", "F4"}
        present = {"F1", "F2", "F3", "Esc", "Enter", "←", "→"} | ({"F4", "A"} if live else set())
        assert present <= set(keys), (lang, present - set(keys))
        if not live:
            assert "F4" not in keys and "A" not in keys
        words = [w for group in legend_groups(lang, live=live) for _, w in group]
        assert len(words) == len(set(words)) or lang == "en", words  # one line per thing


def test_the_legend_stays_inside_its_width_and_never_overlaps_itself(pg: Any) -> None:
    """Laid out at every width a column has (150-460 px) and every size it is drawn at (12-33 px), in both
    languages: nothing runs past the width and no two keycaps or pieces of words overlap."""
    pygame.display.set_mode((10, 10))
    fonts = FontBook()
    for lang, live in itertools.product(("zh", "en"), (True, False)):
        groups = legend_groups(lang, live=live)
        for width in range(150, 461, 31):
            for size in (12, 14, 17, 21, 26, 33):
                legend = lay_out(fonts, groups, width, size)
                boxes = _boxes(fonts, legend)
                for rect, text in boxes:
                    assert rect.left >= 0 and rect.right <= width + 1, (lang, width, size, text)
                for (a, ta), (b, tb) in itertools.combinations(boxes, 2):
                    assert not a.inflate(-2, -2).colliderect(b.inflate(-2, -2)), (lang, width, size, ta, tb)
                tops = [cap.y for cap, _, _ in legend.caps]
                assert legend.height >= max(tops) + legend.caps[0][0].h


def test_fit_takes_the_largest_size_that_fits_and_none_when_nothing_does(pg: Any) -> None:
    """The legend is as large as its room allows; with too little room it is left out, not squeezed."""
    pygame.display.set_mode((10, 10))
    fonts = FontBook()
    legend = KeyLegend(fonts)
    sizes = range(30, 11, -1)
    small = legend.fit("en", True, 300, 10_000, range(12, 11, -1))
    assert small is not None
    chosen = legend.fit("en", True, 300, small.height * 2, sizes)
    assert chosen is not None and chosen.height <= small.height * 2
    bigger = lay_out(fonts, legend_groups("en", live=True), 300, chosen.size + 1)
    assert chosen.size == 30 or bigger.height > small.height * 2
    assert legend.fit("en", True, 300, small.height - 1, sizes) is None


def test_drawn_it_reaches_the_foot_of_its_room_and_spreads_its_lines(pg: Any) -> None:
    """Given more room than it needs, the legend keeps its size, sits at the room's foot and spreads its
    lines up into the room (at most two thirds of a keycap apart), so the column has no bare band."""
    surface = pygame.display.set_mode((400, 900))
    fonts = FontBook()
    legend = KeyLegend(fonts)
    laid = legend.fit("en", True, 360, 10_000, range(16, 11, -1))
    assert laid is not None
    room = pygame.Rect(20, 100, 360, laid.height + 200)
    top = legend.draw(surface, laid, room)
    cap_h = laid.caps[0][0].h
    assert room.top <= top < room.bottom - laid.height
    assert room.bottom - top <= laid.height + (laid.lines - 1) * (cap_h * 2 // 3)
    tight = pygame.Rect(20, 100, 360, laid.height)
    assert legend.draw(surface, laid, tight) == tight.top
