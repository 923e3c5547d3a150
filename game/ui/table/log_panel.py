"""The table's log in the left column: the hand so far, a line a move, newest last and lit, each line's
tiles drawn small at the column's right edge, in the room the column's other contents leave
(:mod:`game.ui.words.table_log` says the moves in words).

At a live match, and in the replay viewer while its review is off (the review's candidates take that room
when it is on); a lesson has its coach there. Each line is wrapped once and a move shown adds only its
own line, so a frame mostly just places cached text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import pygame

from game.core.events import RoundStarted
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_heading, share_out, wrapped_height
from game.ui.words.i18n import tr
from game.ui.words.table_log import LogLine, hand_events, log_entries, more_entries

if TYPE_CHECKING:
    from game.ui.table.context import TableContext

LEAST_LINES: Final = 3
"""The log shows only where at least this many of its lines fit under its title."""
WRAPPED_KEPT: Final = 500
"""How many wrapped lines are kept (a few hands' at one size) before the store starts again."""
BEHIND_S: Final = 0.5
"""How long after a jump the table keeps drawing frames for the log to catch up (it needs one)."""
STEP_EVENTS: Final = 8
"""A move by at most this many events within a hand is a step (the table playing on, or a step back over
a move: a draw, a discard and the others' passes); any other change of position is a jump (a seek,
another hand)."""

Wrapped = tuple[tuple[str, ...], int, tuple[int, ...]]
"""A line wrapped to the column: its pieces, the height they take, and the tiles drawn beside them."""


def tile_width(step: int) -> int:
    """The width of the small tiles beside a line of the log, whose lines are ``step`` apart."""
    return max(10, round(step * 0.7))


def spread(spare: int, lines: int, step: int) -> int:
    """The extra space under each of ``lines`` log lines so a full log (older lines left out) reaches its
    column's foot rather than stopping up to a line short of it (``spare`` pixels left under them); never
    more than a third of a line's ``step``."""
    return share_out(spare, lines - 1, step // 3)


class TableLog:
    """Draws the table's log (see the module docstring) and keeps what it laid out."""

    def __init__(self, scene: TableContext, defer_jumps: bool = False) -> None:
        self.scene = scene
        self.defer_jumps = defer_jumps
        """After a jump, lay the new lines out a frame later (the replay viewer's seeks; a live table only
        moves on a move at a time, and a new hand's few lines are laid out at once)."""
        self._said: tuple[tuple[object, int], list[LogLine]] = (((), -1), [])
        """The lines so far, with the (cursor, hand start, seat, language) and the position they are for."""
        self._wrapped: dict[tuple[LogLine, int, int], Wrapped] = {}
        """Each line wrapped, by (line, width, size)."""
        self._fitting: tuple[tuple[object, ...], list[Wrapped]] = ((), [])
        """The lines that fit as last laid out, with the key (position, room, size, language) they are for."""
        self._jumped: tuple[tuple[object, ...], float] | None = None
        """After a jump, the key laid out next and the table clock of the frame that jumped: that frame keeps
        the lines it had (the table's own redraw has the frame), the next one lays the new lines out."""

    def draw(
        self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int, *, measuring: bool
    ) -> int | None:
        """Draw the log from ``y`` down to ``bottom``, ``w`` wide; returns ``bottom`` (the log takes the
        room that is left, so its panel keeps one size while it grows), or None where it does not show.
        ``measuring``: the panel's measuring pass, which needs the end and not the drawing."""
        scene = self.scene
        if not scene.shows_log:  # the viewer's review and a lesson's coach have this room
            return None
        app = scene.app
        size, title_size = scene.text_px(17), scene.text_px(18)
        step = wrapped_height(app.fonts, "0", w, size)  # one line, as draw_wrapped steps them
        title_h = wrapped_height(app.fonts, "0", w, title_size, "bold")
        room = bottom - y - title_h
        if room < LEAST_LINES * step:
            return None
        chosen = self._fit(w, room, size, step)
        if not chosen and not self.behind:
            return None  # a hand's start: nothing to list yet (while catching up with a jump, the room stays)
        if measuring:
            return bottom
        title = tr("table.log.title", app.lang)
        draw_heading(surface, app.fonts, title, (x, y), w, title_size)
        y += title_h
        mw = tile_width(step)
        full = len(chosen) < len(self._said[1])  # older lines left out: the column is full
        lead = spread(room - sum(h for _, h, _ in chosen), len(chosen), step) if full and chosen else 0
        for i, (pieces, h, tiles) in enumerate(chosen):
            newest = i == len(chosen) - 1
            colour = COLOURS.text if newest else COLOURS.text_dim
            for k, piece in enumerate(pieces):
                img = app.fonts.render(piece, size, colour)
                app.fonts.put(surface, img, img.get_rect(topleft=(x, y + k * step)), piece)
            right = x + w
            for kind in reversed(tiles):  # the line's tiles at the column's right edge, on its first row
                tile = scene.mini(kind, mw, "normal" if newest else "dimmed")
                right -= tile.get_width()
                surface.blit(tile, tile.get_rect(midleft=(right, y + step // 2)))
                right -= 1
            y += h + lead
        return bottom

    def _lines(self) -> list[LogLine]:
        """Every line of the hand shown so far; a later position of the same hand adds only its new moves'
        lines."""
        scene = self.scene
        cursor, seat, lang = scene.driver.cursor, scene.driver.seat, scene.app.lang
        events, at = cursor.events, cursor.position
        start = at - len(hand_events(events, at))
        (key, upto), lines = self._said
        if key == (id(cursor), start, seat, lang) and start <= upto <= at:
            last = events[upto - 1] if upto > start else None
            lines = more_entries(lines, last, events[upto:at], seat, lang)
        else:
            lines = log_entries(events[start:at], seat, lang)
        self._said = (((id(cursor), start, seat, lang), at), lines)
        return lines

    def _fit(self, w: int, room: int, size: int, step: int) -> list[Wrapped]:
        """The newest lines that fit ``room`` pixels at ``w`` wide, ``step`` apart, wrapped, oldest first
        (laid out again only when the position, the room or the language changes)."""
        scene = self.scene
        app = scene.app
        cursor = scene.driver.cursor
        key = (id(cursor), cursor.position, len(cursor.events), w, room, size, app.lang, scene.driver.seat)
        if self._fitting[0] == key:
            return self._fitting[1]
        if self._waits(key):
            # the old lines where they fit (the oldest left out if the room shrank), else none until the
            # next frame (a narrower column would cut them)
            kept = list(self._fitting[1]) if self._fitting[0][3] == w else []
            while kept and sum(h for _, h, _ in kept) > room:
                kept.pop(0)
            return kept
        wrapped = self._wrapped
        if len(wrapped) > WRAPPED_KEPT:
            wrapped.clear()
        chosen: list[Wrapped] = []
        used = 0
        mw = tile_width(step)
        for line in reversed(self._lines()):  # the newest lines that fit, each wrapped as it must
            entry = wrapped.get((line, w, size))
            if entry is None:
                across = w - (len(line.tiles) * (mw + 1) + mw // 2 if line.tiles else 0)
                text = line.words
                pieces = tuple(piece for piece in app.fonts.wrap(text, size, across) if piece)
                entry = (pieces, wrapped_height(app.fonts, text, across, size), line.tiles)
                wrapped[(line, w, size)] = entry
            if used + entry[1] > room:
                break
            chosen.append(entry)
            used += entry[1]
        chosen.reverse()
        self._fitting = (key, chosen)
        self._jumped = None
        return chosen

    def _waits(self, key: tuple[object, ...]) -> bool:
        """Whether this frame keeps the lines it had: the position jumped (a seek, another hand) at the
        same size, language and seat, and this is the frame of the jump. A jump lays out many new
        lines at once; the frame that shows the table at its new place has enough to draw, so the log
        follows a frame later (the table counts as moving until it has: :attr:`behind`)."""
        old = self._fitting[0]
        if not self.defer_jumps:
            return False
        if not old or not self._fitting[1] or old[0] != key[0] or old[5:] != key[5:]:
            return False  # nothing shown yet, or another size, language or seat: new lines now
        cursor = self.scene.driver.cursor
        events, at = cursor.events, cursor.position
        old_at = old[1]
        step = (
            isinstance(old_at, int)
            and abs(at - old_at) <= STEP_EVENTS
            and not any(isinstance(e, RoundStarted) for e in events[min(at, old_at) : max(at, old_at)])
        )
        if step:
            return False
        clock = self.scene.clock
        if self._jumped is not None and self._jumped[0] == key:
            return self._jumped[1] == clock  # the jump's own frame (its second pass) still waits
        self._jumped = (key, clock)  # cleared once a layout is made
        return True

    @property
    def behind(self) -> bool:
        """A jump's lines are still to be laid out (the table draws its next frame for them)."""
        jumped = self._jumped
        return jumped is not None and self.scene.clock - jumped[1] < BEHIND_S


__all__ = ["LEAST_LINES", "TableLog", "spread", "tile_width"]
