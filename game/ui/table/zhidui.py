"""The 支对 choice in the table's 听 mode (RULES.md R44): one button per way to declare 听 with the chosen
discard — no lock, or lock one of the 对倒's pairs — each saying what it means, under a line telling how
to choose (click a button or a pair in the hand, or press its number; Esc goes back to 听 mode).

The choice takes the claim bar's place in its column while it is open (the claim buttons are hidden);
:func:`build_lock_buttons` makes its buttons and :func:`draw_lock_choices` draws their words and tiles.
A click on a tile that is no waiting pair asks the engine anyway, and its refusal is said like any other
(the toast).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core.actions import Action
from game.core.zhidui import LockChoice
from game.ui.kit.fonts import Weight
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.tileart import TileState, metrics
from game.ui.kit.widgets import draw_text
from game.ui.words.i18n import tr
from game.ui.words.zhidui import choice_words

if TYPE_CHECKING:
    from game.ui.table.claimbar import ClaimBar
    from game.ui.table.context import TableContext

FACTORS = (1.0, 0.92, 0.84, 0.76, 0.68)
"""Text sizes tried, largest first, until every choice fits the column (short at a large UI scale)."""


@dataclass(frozen=True)
class Sizes:
    """Pixel sizes of the 支对 choice at one text size: a choice's label, its meaning, the hint line, and
    the padding inside a button and the gap between buttons."""

    label: int
    meaning: int
    hint: int
    pad: int
    gap: int


def _sizes(scene: TableContext, factor: float) -> Sizes:
    """The sizes at a fraction of the design sizes (15, 13, 13 px text; 6 px padding; 5 px gaps)."""
    return Sizes(
        scene.px(15 * factor), scene.px(13 * factor), scene.px(13 * factor), scene.px(6 * factor), scene.px(5)
    )


def _hint(scene: TableContext, locks: Sequence[LockChoice]) -> str:
    """How to choose."""
    return tr("zhidui.hint", scene.app.lang, n=len(locks))


def _text_x(scene: TableContext) -> int:
    """Where a choice's words start inside its button (after its number)."""
    return scene.px(34)


def plan(scene: TableContext, locks: Sequence[LockChoice], bar: ClaimBar) -> tuple[Sizes, list[pygame.Rect]]:
    """The text sizes and the button of each choice (at most nine): the largest sizes at which every
    choice fits under the hint in the claim bar's column, else the smallest and as many as fit."""
    column = bar.lock_column()
    room = column.w - _text_x(scene) - scene.px(8)
    for factor in FACTORS:
        sizes = _sizes(scene, factor)
        hint = _lines(
            scene, _hint(scene, locks), column.x, column.y, column.w, sizes.hint, COLOURS.text_dim, "regular"
        )
        y = (hint[-1].rect.bottom if hint else column.y) + sizes.gap
        rects = []
        for choice in locks[:9]:
            label, meaning = choice_words(choice, scene.app.lang)
            words = _lines(scene, label, 0, 0, room, sizes.label, COLOURS.gold, "bold")
            bottom = words[-1].rect.bottom if words else 0
            words += _lines(scene, meaning, 0, bottom, room, sizes.meaning, COLOURS.text, "regular")
            h = (words[-1].rect.bottom if words else 0) + 2 * sizes.pad
            rect = pygame.Rect(column.x, y, column.w, max(h, scene.px(30)))
            if rect.bottom > column.bottom:
                break
            rects.append(rect)
            y = rect.bottom + sizes.gap
        if len(rects) == min(9, len(locks)) or factor == FACTORS[-1]:
            return sizes, rects
    raise AssertionError("unreachable: the last factor always returns")


def build_lock_buttons(
    scene: TableContext, locks: Sequence[LockChoice], bar: ClaimBar
) -> list[tuple[Any, Action]]:
    """One button per 支对 choice, numbered 1-9, under the hint line."""
    _, rects = plan(scene, locks, bar)
    out: list[tuple[Any, Action]] = []
    for i, (rect, choice) in enumerate(zip(rects, locks, strict=False)):
        btn = pygame_gui.elements.UIButton(rect, "", scene.manager, object_id=f"#zhidui_{i}")
        out.append((btn, choice.action))
    return out


def draw_lock_choices(
    scene: TableContext, surface: pygame.Surface, locks: Sequence[LockChoice], bar: ClaimBar
) -> None:
    """The hint line, then over each button its number, words and tiles (the pair locked, or the waits)."""
    for item in lock_items(scene, locks, bar):
        if item.tile is not None:
            surface.blit(scene.mini(item.tile, item.rect.w, item.state), item.rect)
        else:
            draw_text(
                surface, scene.app.fonts, item.text, item.rect.topleft, item.size, item.colour, item.weight
            )


@dataclass(frozen=True)
class Item:
    """One thing the 支对 choice draws: a line of text, or a tile (``tile`` set), at ``rect``."""

    rect: pygame.Rect
    text: str = ""
    size: int = 0
    colour: RGB = COLOURS.text
    weight: Weight = "regular"
    tile: int | None = None
    state: TileState = "normal"


def lock_items(scene: TableContext, locks: Sequence[LockChoice], bar: ClaimBar) -> list[Item]:
    """Everything the 支对 choice draws, placed: the hint's lines, then each button's number, label and
    meaning lines and tiles (the pair locked, or the waits without a lock) beside the label when they fit."""
    column = bar.lock_column()
    sizes, _ = plan(scene, locks, bar)
    hint = _hint(scene, locks)
    out = _lines(scene, hint, column.x, column.y, column.w, sizes.hint, COLOURS.text_dim, "regular")
    for i, ((btn, _), choice) in enumerate(zip(bar.choice_buttons, locks, strict=False)):
        out.extend(_choice_items(scene, sizes, btn.rect, i, choice))
    return out


def _choice_items(
    scene: TableContext, sizes: Sizes, rect: pygame.Rect, i: int, choice: LockChoice
) -> list[Item]:
    """One choice over its button."""
    fonts = scene.app.fonts
    label, meaning = choice_words(choice, scene.app.lang)
    number = str(i + 1)
    nw, nh = fonts.size(number, scene.px(18), "bold")
    out = [
        Item(
            pygame.Rect(rect.x + scene.px(16) - nw // 2, rect.centery - nh // 2, nw, nh),
            number,
            scene.px(18),
            COLOURS.gold,
            "bold",
        )
    ]
    x = rect.x + _text_x(scene)
    room = rect.right - scene.px(8) - x
    y = rect.y + sizes.pad
    labels = _lines(scene, label, x, y, room, sizes.label, COLOURS.gold, "bold")
    y = labels[-1].rect.bottom if labels else y
    out += labels + _lines(scene, meaning, x, y, room, sizes.meaning, COLOURS.text, "regular")
    tiles = (choice.pair, choice.pair) if choice.pair is not None else choice.waits
    first = labels[0].rect if labels else pygame.Rect(x, rect.y, 0, 0)
    fits = [w for w in range(10, scene.mini_width() + 1) if metrics(w).height <= first.h]
    image = scene.mini(0, fits[-1]) if fits else None  # as tall as the label line, no taller
    tile_w = image.get_width() if image is not None else 0
    tx = rect.right - scene.px(8) - len(tiles) * (tile_w + 1)
    if image is not None and len(labels) == 1 and tx > first.right + scene.px(6):
        for kind in tiles:  # beside the label when there is room (the label names the tile anyway)
            state: TileState = "highlight" if choice.pair is not None else "normal"
            out.append(Item(pygame.Rect((tx, first.y), image.get_size()), tile=kind, state=state))
            tx += image.get_width() + 1
    return out


def _lines(
    scene: TableContext, text: str, x: int, y: int, width: int, size: int, colour: RGB, weight: Weight
) -> list[Item]:
    """A text wrapped to ``width`` from (x, y), one item per line (``size`` in pixels)."""
    fonts = scene.app.fonts
    px = size
    step = max(fonts.font(px, weight).get_linesize(), fonts.size("国", px, weight)[1])
    out = []
    for line in fonts.wrap(text, px, width, weight):
        w, h = fonts.size(line, px, weight)
        out.append(Item(pygame.Rect(x, y, w, h), line, px, colour, weight))
        y += step
    return out


__all__ = ["Item", "Sizes", "build_lock_buttons", "draw_lock_choices", "lock_items", "plan"]
