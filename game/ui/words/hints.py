"""The table's own words for the hints: how far the person's hand is from ready (F1 "Waits" while not
ready), the label under each wait in the 听-mode bubbles ("4 left" and "kadang"), and a 听's waits in a
line, a 卡当 one marked.

Every sentence says what the Harbin rules make of the hand: "steps from ready" counts the hand
conditions (a sequence, a triplet, a yaojiu tile, two suits); an unopened hand is named as what still
stops 听 (:mod:`game.table.figures`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.actions import Refusal
from game.core.view import SeatView
from game.glossary import Lang, term
from game.table.figures import WaitFigure, ready_blockers
from game.ui.words.i18n import tr
from game.ui.words.settlement import join_words

if TYPE_CHECKING:
    from game.core.analysis.ting import TingReport


def wait_label(fig: WaitFigure, lang: Lang) -> tuple[str, ...]:
    """The lines under a wait in a 听 bubble: the copies still unseen, and 卡当 when winning on it is one."""
    left = tr("table.wait_left", lang, n=fig.unseen)
    return (left, term("kadang", lang)) if fig.kadang else (left,)


def kadang_mark(kadang: bool, lang: Lang) -> str:
    """What follows a wait's tile when it wins as 卡当 (the middle of a run, paid double): ``（卡当）`` /
    `` (kadang)``; nothing for another wait."""
    if not kadang:
        return ""
    return f"（{term('kadang', lang)}）" if lang == "zh" else f" ({term('kadang', lang)})"


def waits_words(report: TingReport, tile_word: Callable[[int], str], lang: Lang) -> str:
    """A 听's waits as the lines under the claim bar say them, a 卡当 one named (``二条（卡当）、五条``):
    a call to ready shows, before it is made, that it would be paid double."""
    return join_words([tile_word(w.kind) + kadang_mark(w.kadang, lang) for w in report.waits], lang)


def blocker_words(blockers: tuple[str, ...], lang: Lang) -> str:
    """What stops 听, in words (the glossary's blocker names)."""
    words = []
    for code in blockers:
        try:
            words.append(term(f"blocker.{code}", lang))
        except KeyError:
            words.append(code)
    return ("、" if lang == "zh" else ", ").join(words)


def ready_words(
    shown: SeatView,
    steps: int | None,
    ting_offered: bool,
    why_not_ting: Callable[[], Refusal | None],
    lang: Lang,
) -> str | None:
    """How far from ready the person's hand is (``steps``, None: not worked out), in words, while it is
    not ready and no discard lets it declare ready (``ting_offered``: then the 听 hints say more); None when
    there is nothing to say. ``why_not_ting`` is asked only when the hand is ready in shape."""
    if steps is None or shown.ting[shown.seat] or ting_offered:
        return None
    own_turn = shown.phase == "discard" and shown.turn == shown.seat
    if own_turn:
        if steps == 0:
            reason = why_not_ting()
            blockers = reason.blockers if reason is not None else ()
            return tr("table.ready_blocked", lang, why=blocker_words(blockers, lang)) if blockers else None
        key = "table.steps_after_discard_1" if steps == 1 else "table.steps_after_discard"
        return tr(key, lang, n=steps)
    if steps == 0:
        blockers = ready_blockers(shown)
        if blockers:
            return tr("table.ready_blocked_13", lang, why=blocker_words(blockers, lang))
        return tr("table.ready_shape", lang)
    return tr("table.steps_from_ready_1" if steps == 1 else "table.steps_from_ready", lang, n=steps)


__all__ = ["blocker_words", "kadang_mark", "ready_words", "wait_label", "waits_words"]
