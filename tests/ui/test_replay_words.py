"""Replays in words: moves of the notation, and the replay screens' strings in the glossary's words (the
library's problems: tests/ui/test_error_words.py)."""

from __future__ import annotations

import pytest

from game.ui.words.replay_words import move_words
from tests.text_checks import problems

MOVES = {
    "discard 5m": ("打出 五萬", "discard 5 Characters"),
    "ting 3p": ("报听，打出 三饼", "declare ready, discarding 3 Dots"),
    "ting 3p zhidui 5m": (
        "报听，打出 三饼（支对 五萬）",
        "declare ready, discarding 3 Dots (locked pair: 5 Characters)",
    ),
    "chi 345m": ("吃 345萬", "chi 3-4-5 Characters"),
    "chi 345m ting": ("吃听 345萬", "chi 3-4-5 Characters and declare ready"),
    "peng 7z ting": ("碰听 红中", "peng Red Dragon and declare ready"),
    "gang 9s": ("明杠 九条", "exposed kong 9 Bamboo"),
    "angang 1s": ("暗杠 一条", "concealed kong 1 Bamboo"),
    "jiagang 2p": ("加杠 二饼", "added kong 2 Dots"),
    "hu": ("胡", "win"),
    "pass": ("过", "pass"),
    "discard 1p": ("打出 一饼", "discard 1 Dot"),
}


@pytest.mark.parametrize("move", sorted(MOVES))
def test_moves_in_words(move: str) -> None:
    zh, en = MOVES[move]
    assert (move_words(move, "zh"), move_words(move, "en")) == (zh, en)
    assert not problems(zh, "zh") and not problems(en, "en")


def test_the_replay_screens_words_follow_the_glossary() -> None:
    from game.ui.words.replay_strings import REPLAY_STRINGS

    found = []
    for key, (zh, en) in REPLAY_STRINGS.items():
        for lang, text in (("zh", zh), ("en", en)):
            filled = text.replace("{", "").replace("}", "")  # template fields are filled in when shown
            found += [f"{key} ({lang}): {p}" for p in problems(filled, lang)]
    assert not found, "\n".join(found)
