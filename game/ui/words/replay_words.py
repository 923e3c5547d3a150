"""Replays in the player's words: dates, opponents, rule presets, results, moves and problems.

No pygame here: the library, statistics and viewer screens draw these strings.
Moves arrive in the replay notation (``chi 345m ting``, see :mod:`game.replay.notation`)
and leave as words (吃听 345万 / chi to ready 3-4-5 Characters). The library's and share codes'
problems are said by :mod:`game.ui.words.errors`.
"""

from __future__ import annotations

from collections import Counter

from game.glossary import Lang, term
from game.replay.header import ABANDONED, CUSTOM_PRESET, FINISHED, HUMAN, PLAYING
from game.replay.highlights import HandNote
from game.replay.library import BROKEN, ReplayEntry
from game.replay.move_text import move_words
from game.rule_texts import RuleTexts
from game.seats import seat_letter
from game.ui.words.i18n import level_name, tr
from game.ui.words.settlement import join_words, win_word


def when_text(stamp: str) -> str:
    """A header time (``2026-12-01T12:35:09``) as ``2026-12-01 12:35``; anything else as it is."""
    if len(stamp) >= 16 and stamp[10] == "T":
        return f"{stamp[:10]} {stamp[11:16]}"
    return stamp


def display_name(entry: ReplayEntry, lang: Lang) -> str:
    """A replay's name as listed: its file name, "the match in progress" for the save, a sample's title."""
    if entry.in_progress:
        return tr("replays.current_name", lang)
    return entry.titles.get(lang) or entry.name


def seat_letter_text(seat: int, lang: Lang) -> str:
    """A seat by its letter, as the command line names it (``--seat S``): 座位 S / Seat S."""
    return tr("seat.letter", lang, letter=seat_letter(seat))


def branch_seat(entry: ReplayEntry, seat: int, lang: Lang) -> str:
    """The seat a what-if branch changed, in a sentence: 你 / you for the person's, else its letter."""
    players = entry.players
    if 0 <= seat < len(players) and players[seat] == HUMAN:
        return term("seat.rel.you", lang)
    return seat_letter_text(seat, lang)


def player_word(player: str, lang: Lang) -> str:
    """Who played a seat: 你 for a person, else the AI level's name (an unknown name as it is)."""
    if player == HUMAN:
        return tr("seat.you", lang)
    try:
        return level_name(player, lang)
    except KeyError:
        return player


def opponents_text(entry: ReplayEntry, lang: Lang) -> str:
    """The AI levels at the table, counted (普通 ×2、高手): the person's three opponents, or all four
    seats of a table where no person played."""
    if not entry.players:
        return ""
    seats = range(len(entry.players))
    others = [entry.players[s] for s in seats if s != entry.person_seat()]
    if HUMAN not in entry.players:
        others = list(entry.players)
    counts = Counter(others)
    parts = [player_word(p, lang) + (f" ×{n}" if n > 1 else "") for p, n in counts.items()]
    return join_words(parts, lang)


def preset_text(preset: str, texts: RuleTexts | None, lang: Lang) -> str:
    """A rule preset's display name (自定义 / Custom for rules that match none)."""
    if preset == CUSTOM_PRESET or not preset:
        return tr("replays.preset_custom", lang)
    return texts.preset_name(preset) if texts is not None else preset


def result_score(entry: ReplayEntry) -> int | None:
    """The person's score (East's at an AI-only table), None for a broken file."""
    if not entry.scores:
        return None
    return entry.scores[entry.person_seat()]


def signed(value: int) -> str:
    """A score with its sign: +20, −3, 0."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def status_word(entry: ReplayEntry, lang: Lang) -> str:
    """Finished, abandoned, in progress, broken; or what-if for a branch."""
    key = {FINISHED: "finished", ABANDONED: "abandoned", PLAYING: "playing", BROKEN: "broken"}.get(
        entry.status, "broken"
    )
    if entry.kind == "branch" and entry.status != BROKEN:
        return tr("replays.status.branch", lang)
    if entry.sample and entry.status != BROKEN:
        return tr("replays.status.sample", lang)
    return tr(f"replays.status.{key}", lang)


def note_seat(entry: ReplayEntry, seat: int | None, lang: Lang) -> str:
    """A seat as the library's hand notes name it: 你 / you for the person's, else its letter (in Chinese
    a space after the letter, before the next word: 座位 E 摸宝, 你摸宝)."""
    word = "?" if seat is None else branch_seat(entry, seat, lang)
    return word + " " if lang == "zh" and word[-1:].isascii() else word


def hand_note_text(entry: ReplayEntry, note: HandNote, lang: Lang) -> str:
    """One hand in a few words: ``1 座位 E 摸宝`` / ``1 Seat E drew the bao`` (with 卡当, 一炮多响's other
    winners and 换宝 when they happened), ``2 荒庄``; the hand counted from 1."""
    if note.outcome == "unfinished":
        what = tr("replays.note.unfinished", lang)
    elif note.outcome == "draw":
        what = term("huangzhuang", lang)
    else:
        seats = [note_seat(entry, s, lang) for s in (note.winner, *note.also_won)]
        win = win_word(note.outcome, lang)
        if note.outcome == "ron" and note.from_seat is not None:
            win = tr("replays.note.ron", lang, win=win, other=note_seat(entry, note.from_seat, lang))
        what = tr("replays.note.win", lang, seat=join_words(seats, lang), win=win)
        if note.kadang:
            what = tr("replays.note.kadang", lang, what=what)
    if note.bao_replaced:
        what = tr("replays.note.huanbao", lang, what=what, n=note.bao_replaced)
    return tr("replays.note.hand", lang, n=note.hand_no + 1, what=what)


def hand_notes_text(entry: ReplayEntry, lang: Lang) -> str:
    """Every hand of a replay in a few words, in one paragraph (empty when no hand was dealt)."""
    if not entry.notes:
        return ""
    parts = [hand_note_text(entry, note, lang) for note in entry.notes]
    return tr("replays.detail.notes", lang, notes=" · ".join(parts))


def hands_text(entry: ReplayEntry) -> str:
    """Hands dealt of the match's length: ``8/8``."""
    return f"{entry.hands}/{entry.match_hands}" if entry.match_hands else ""


__all__ = [
    "branch_seat",
    "display_name",
    "hand_note_text",
    "hand_notes_text",
    "hands_text",
    "move_words",
    "note_seat",
    "opponents_text",
    "player_word",
    "preset_text",
    "result_score",
    "seat_letter_text",
    "signed",
    "status_word",
    "when_text",
]
