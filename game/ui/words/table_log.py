"""The hand so far in a few words a line, newest last — the table's log (牌局记录) in the left column:
who discarded what, who called what, who declared 听 and who won, each seat named as its plate names it.

Only what the person at the table could see: another seat's draw is never named and a 暗杠's tiles stay
hidden unless it is the person's own. Pure text (no pygame): the panel draws it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from game.core.events import (
    BaoReplaced,
    Chi,
    Event,
    Gang,
    Hu,
    Peng,
    RoundDrawn,
    RoundStarted,
    TileDiscarded,
    TingDeclared,
)
from game.core.tiles import kind_of
from game.glossary import Lang, term
from game.seats import capital, seat_word
from game.tutorial.text import tile_name, tiles_text
from game.ui.words.i18n import tr
from game.ui.words.settlement import win_word


def hand_events(events: Sequence[Event], upto: int) -> list[Event]:
    """The events of the hand being shown: from its deal up to (not including) position ``upto``."""
    shown = events[:upto]
    start = next((i for i in range(len(shown) - 1, -1, -1) if isinstance(shown[i], RoundStarted)), -1)
    return list(shown[start + 1 :])


class LogLine(NamedTuple):
    """One line of the log: its words, and the tiles it names (kinds, drawn beside the words)."""

    words: str
    tiles: tuple[int, ...] = ()


def log_lines(events: Iterable[Event], viewer: int, lang: Lang) -> list[str]:
    """Each event worth a line, in words, oldest first (``viewer``: the seat at the bottom)."""
    return [line.words for line in log_entries(events, viewer, lang)]


def log_entries(events: Iterable[Event], viewer: int, lang: Lang) -> list[LogLine]:
    """Each event worth a line, with the tiles it names, oldest first (``viewer``: the seat at the
    bottom)."""
    return more_entries([], None, events, viewer, lang)


def more_entries(
    lines: Sequence[LogLine], last: Event | None, events: Iterable[Event], viewer: int, lang: Lang
) -> list[LogLine]:
    """``lines`` (the log up to ``last``, the event said last) with the lines of the ``events`` after it:
    a 听 declared on the discard said last turns that line into "declares ready, discards …", as in a
    log said whole."""
    out = list(lines)
    for event in events:
        if isinstance(event, TingDeclared) and isinstance(last, TileDiscarded) and last.seat == event.seat:
            kind = kind_of(last.tile)  # the 听 discard: one line, "declares ready on it"
            words = _say("table.log.ting_discard", event.seat, viewer, lang, tile=tile_name(kind, lang))
            out[-1] = LogLine(words, (kind,))
        else:
            line = _line(event, viewer, lang)
            if line:
                out.append(line)
        last = event
    return out


def _line(event: Event, viewer: int, lang: Lang) -> LogLine | None:
    """One event as a line, or None for one the log leaves out (draws, passes, settlements)."""
    if isinstance(event, TileDiscarded):
        kind = kind_of(event.tile)
        words = _say("table.log.discard", event.seat, viewer, lang, tile=tile_name(kind, lang))
        return LogLine(words, (kind,))
    if isinstance(event, Chi | Peng):
        kinds = tuple(sorted(kind_of(t) for t in (*event.tiles, event.tile)))
        call = "chi" if isinstance(event, Chi) else "peng"
        word = term(f"{call}ting" if event.ting else call, lang)
        said = meld_words(list(kinds), lang)
        words = _say("table.log.call", event.seat, viewer, lang, call=word, tiles=said)
        return LogLine(words, kinds)
    if isinstance(event, Gang):
        word = term(event.kind, lang)
        if event.kind == "angang" and event.seat != viewer:
            return LogLine(_say("table.log.hidden_kong", event.seat, viewer, lang, call=word))
        kind = kind_of(event.tile)
        words = _say("table.log.call", event.seat, viewer, lang, call=word, tiles=tile_name(kind, lang))
        return LogLine(words, (kind,) * 4)
    if isinstance(event, TingDeclared):
        return LogLine(_say("table.log.ting", event.seat, viewer, lang))
    if isinstance(event, Hu) and event.kind == "ron":
        return LogLine(_say("table.log.win_ron", event.seat, viewer, lang))
    if isinstance(event, Hu):
        return LogLine(_say("table.log.win", event.seat, viewer, lang, win=win_word(event.kind, lang)))
    if isinstance(event, BaoReplaced):
        return LogLine(tr("table.log.huanbao", lang))
    if isinstance(event, RoundDrawn):
        return LogLine(capital(term("huangzhuang", lang)))
    return None


def meld_words(kinds: list[int], lang: Lang) -> str:
    """A chi's or peng's tiles in words: a run as ``678条`` / ``6-7-8 Bamboo``, a peng by its tile alone
    (``碰 五萬``, ``peng 5 Characters``: the verb says there are three; ``碰 555萬`` read as a number)."""
    if len(set(kinds)) == 1:
        return tile_name(kinds[0], lang)
    return tiles_text(kinds, lang)


def _say(key: str, seat: int, viewer: int, lang: Lang, **words: str) -> str:
    """A line that starts with the seat as its plate names it (你 / 下家 …, You / Next …)."""
    return tr(key, lang, seat=seat_word(seat, viewer, lang, label=True), **words)


__all__ = ["LogLine", "hand_events", "log_entries", "log_lines", "meld_words", "more_entries"]
