"""A drill's tiles as pictures: the hand, the groups on the table, the 宝, rivers and the wall's end.

:func:`board_rows` reads a drill (the fields ``tutorials/README.md`` documents) into rows
of captioned tile groups; :class:`Board` fits the rows into a box (one tile size for
all, as large as the box allows; the hand gets a row of its own when that makes the
tiles larger), draws them with the table's tile art, and tells which hand tile a click
hits (the "which discards" drill picks tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.tiles import parse_kinds
from game.glossary import Lang, term
from game.seats import SEAT_LETTERS, seat_word
from game.tutorial.drill_words import DRILL_PERSON
from game.ui.kit.fonts import FontBook
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileArt, TileState, metrics
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.kit.menu_scene import MenuScene

MELD_WORDS = {"chi": "chi", "peng": "peng", "gang": "minggang", "angang": "angang"}
"""Group kinds of a drill (``chi:234m``) -> glossary keys."""


@dataclass(frozen=True)
class Group:
    """Tiles side by side (None: face down) with a caption under them; ``pick``: they can be clicked."""

    kinds: tuple[int | None, ...]
    caption: str = ""
    pick: bool = False


Row = tuple[Group, ...]


def meld_group(code: str, lang: Lang, owner: str = "") -> Group:
    """A group on the table from its ``KIND:TILES`` code (a concealed kong shows its ends face down)."""
    kind, _, tiles = code.partition(":")
    kinds: list[int | None] = list(parse_kinds(tiles))
    if kind == "angang" and len(kinds) == 4:
        kinds[0] = kinds[3] = None
    word = term(MELD_WORDS.get(kind, "meld"), lang)
    if owner:
        word = f"{owner}：{word}" if lang == "zh" else f"{owner}: {word}"
    return Group(tuple(kinds), word)


def _one(code: str, caption: str) -> Group:
    return Group(tuple(parse_kinds(code)), caption)


def board_rows(drill: Mapping[str, Any], lang: Lang) -> list[Row]:
    """The rows of tiles a drill shows (a payment drill shows none)."""
    if "tiles" not in drill:
        return []
    hand = Group(tuple(parse_kinds(str(drill["tiles"]))), tr("drills.hand", lang), drill["kind"] == "discard")
    rows: list[Row] = [(hand, *(meld_group(m, lang) for m in drill.get("melds", [])))]
    if drill["kind"] == "kadang":
        rows.append((_one(drill["win_tile"], tr("drills.win_tile", lang)),))
    elif drill["kind"] == "bao" and drill.get("question_type") == "swap":
        rivers: list[Group] = []
        for letter in ("S", "W", "N"):
            seat = seat_word(SEAT_LETTERS.index(letter), DRILL_PERSON, lang, label=True)
            river = str(drill.get("rivers", {}).get(letter, ""))
            if river.strip():
                rivers.append(Group(tuple(parse_kinds(river)), tr("drills.river", lang, seat=seat)))
            rivers += [meld_group(m, lang, seat) for m in drill.get("other_melds", {}).get(letter, [])]
        if rivers:
            rows.append(tuple(rivers))
        tail = tuple(k for code in drill.get("wall_tail", []) for k in parse_kinds(code))
        rows.append(
            (
                _one(drill["bao"], tr("drills.bao", lang)),
                _one(drill["discard"], tr("drills.discard", lang)),
                Group(tail, tr("drills.wall_tail", lang)),
            )
        )
    elif drill["kind"] == "bao":
        rows.append(
            (_one(drill["bao"], tr("drills.bao", lang)), _one(drill["drawn"], tr("drills.drawn", lang)))
        )
    return rows


class Board:
    """Rows of tiles laid out in a box: one tile width for every row, the largest that fits."""

    def __init__(
        self, rows: Sequence[Row], box: pygame.Rect, scale: float, max_tile: int, fonts: FontBook
    ) -> None:
        self.fonts = fonts
        self.box = box
        self.caption = max(10, round(14 * scale))
        choices = [list(rows)]
        if rows and len(rows[0]) > 1:  # the hand alone, its groups on the next row
            choices.append([rows[0][:1], rows[0][1:], *rows[1:]])
        fitted = [(self._fit(c, max_tile), -i, c) for i, c in enumerate(choices)]
        self.tile_w, _, self.rows = max(fitted)
        self.picks: list[pygame.Rect] = []
        """Screen rects of the hand tiles that can be clicked, in hand order."""
        self._place()

    # ------------------------------------------------------------- sizes
    def _gap(self, tile_w: int) -> int:
        return max(8, tile_w * 2 // 3)

    def _group_width(self, group: Group, tile_w: int) -> int:
        """The tiles' width, or the caption's if that is wider (the tiles are centred over it)."""
        caption = self.fonts.size(group.caption, self.caption)[0] if group.caption else 0
        return max(len(group.kinds) * tile_w, caption)

    def _row_width(self, row: Row, tile_w: int) -> int:
        gaps = self._gap(tile_w) * max(0, len(row) - 1)
        return sum(self._group_width(g, tile_w) for g in row) + gaps

    def _row_height(self, row: Row, tile_w: int) -> int:
        lift = tile_w // 4 if any(g.pick for g in row) else 0
        caption = round(self.caption * 1.5) + 2 if any(g.caption for g in row) else 0
        return lift + metrics(tile_w).height + caption

    def _height(self, rows: Sequence[Row], tile_w: int) -> int:
        gaps = self._gap(tile_w) // 2 * max(0, len(rows) - 1)
        return sum(self._row_height(r, tile_w) for r in rows) + gaps

    def _fit(self, rows: Sequence[Row], max_tile: int) -> int:
        w = max_tile
        while w > 12 and (
            any(self._row_width(r, w) > self.box.w for r in rows) or self._height(rows, w) > self.box.h
        ):
            w -= 1
        return w

    @property
    def height(self) -> int:
        """The height the rows take."""
        return self._height(self.rows, self.tile_w)

    # ------------------------------------------------------------- placing
    def _groups(self) -> list[tuple[Group, int, int, int]]:
        """Every group with its left edge, its tiles' left edge and its tiles' top."""
        tw = self.tile_w
        out = []
        y = self.box.y
        for row in self.rows:
            top = y + (tw // 4 if any(g.pick for g in row) else 0)
            x = self.box.x
            for group in row:
                width = self._group_width(group, tw)
                out.append((group, x, x + (width - len(group.kinds) * tw) // 2, top))
                x += width + self._gap(tw)
            y += self._row_height(row, tw) + self._gap(tw) // 2
        return out

    def _place(self) -> None:
        """Work out the rects of the pickable tiles."""
        height = metrics(self.tile_w).height
        self.picks = [
            pygame.Rect(tiles_x + i * self.tile_w, top, self.tile_w, height)
            for group, _, tiles_x, top in self._groups()
            if group.pick
            for i in range(len(group.kinds))
        ]

    def pick_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the pickable hand tile under a point, if any."""
        for i, rect in enumerate(self.picks):
            if rect.collidepoint(pos):
                return i
        return None

    # ------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        art: TileArt,
        log: TextLog,
        *,
        picked: Collection[int] = (),
        marks: Mapping[int, tuple[int, int, int]] | None = None,
        focus: int | None = None,
    ) -> None:
        """Draw the rows: picked hand tiles lifted, ``marks`` outlines hand tiles in a colour (the answer)."""
        tw = self.tile_w
        m = metrics(tw)
        off = max(1, tw // 14)
        for group, left, tiles_x, top in self._groups():
            for i, kind in enumerate(group.kinds):
                x = tiles_x + i * tw
                lift = tw // 4 if group.pick and i in picked else 0
                state: TileState = "highlight" if lift else "normal"
                surface.blit(art.shadow(tw, alpha=60), (x + off, top + off))
                surface.blit(art.tile(kind, tw, state=state, face_down=kind is None), (x, top - lift))
                rect = pygame.Rect(x, top - lift, tw, m.height)
                if group.pick and marks and i in marks:
                    pygame.draw.rect(surface, marks[i], rect.inflate(4, 4), width=3, border_radius=4)
                if group.pick and i == focus:
                    pygame.draw.rect(surface, COLOURS.gold, rect.inflate(8, 8), width=2, border_radius=6)
            if group.caption:
                width = self._group_width(group, tw)
                cap = pygame.Rect(left, top + m.height + 2, width, round(self.caption * 1.5))
                log.line(surface, group.caption, cap, self.caption, COLOURS.text_dim, align="center")


def drill_footer(
    scene: MenuScene, panel: pygame.Rect, go_back: Callable[[], None], ask_next: Callable[[], None]
) -> tuple[Any, pygame.Rect]:
    """A drill screen's footer under ``panel``: Back at the left, Next at the right, and the box between
    them where the answer's verdict goes. Returns the Next button and that box."""
    h = scene.app.size[1]
    bh = scene.px(44)
    back = pygame.Rect(0, 0, scene.px(150), bh)
    back.bottomleft = (panel.x, h - scene.px(16))
    scene.button(back, scene.app.tr("common.back"), go_back, object_id="#back")
    nxt = pygame.Rect(0, 0, scene.px(200), bh)
    nxt.bottomright = (panel.right, h - scene.px(16))
    next_button = scene.button(nxt, scene.app.tr("drills.next"), ask_next, object_id="#next")
    gap = scene.px(16)
    return next_button, pygame.Rect(back.right + gap, back.y, nxt.x - back.right - 2 * gap, bh)


__all__ = ["Board", "Group", "Row", "board_rows", "drill_footer", "meld_group"]
