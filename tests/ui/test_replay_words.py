"""Replays in words: moves of the notation, and a headline for every problem the library really reports."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.replay.library import (
    LibraryError,
    check_name,
    export_replay,
    import_code,
    import_file,
    rename_replay,
)
from game.ui.words.replay_words import move_words, problem_key, problem_text
from tests.text_checks import problems
from tests.ui.test_replay_library import SAMPLES

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


def refused(action: Callable[[], object]) -> str:
    with pytest.raises(LibraryError) as caught:
        action()
    return str(caught.value)


def test_every_library_problem_gets_its_headline(tmp_path: Path) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        shutil.copy(SAMPLES / "expert-table-4-hands.jsonl", tmp_path / name)
    (tmp_path / "bad.jsonl").write_text("hello\n", encoding="utf-8")
    (tmp_path / "new.jsonl").write_text('{"format": "harbin-mahjong-log", "version": 9}\n', encoding="utf-8")
    cases = {
        "no_name": refused(lambda: check_name(" ")),
        "bad_name": refused(lambda: check_name("a/b")),
        "long_name": refused(lambda: check_name("x" * 81)),
        "reserved_name": refused(lambda: check_name("con")),
        "name_taken": refused(lambda: rename_replay(tmp_path / "a.jsonl", "b")),
        "code": refused(lambda: import_code("HM1.abc", tmp_path)),
        "missing": refused(lambda: import_file(tmp_path / "nope.jsonl", tmp_path)),
        "invalid": refused(lambda: import_file(tmp_path / "bad.jsonl", tmp_path)),
        "newer": refused(lambda: import_file(tmp_path / "new.jsonl", tmp_path)),
    }
    cases["exists"] = refused(lambda: export_replay(tmp_path / "a.jsonl", tmp_path / "b.jsonl"))
    cases["other"] = "something no one foresaw"
    for key, message in cases.items():
        assert problem_key(message) == key, message
    # the headline is in the UI language; where the file matters, its own message follows
    assert problem_text(cases["name_taken"], "zh") == "已经有同名的回放"
    assert problem_text(cases["invalid"], "en").splitlines() == [
        "This is not a valid replay",
        cases["invalid"],
    ]


def test_the_replay_screens_words_follow_the_glossary() -> None:
    from game.ui.words.replay_strings import REPLAY_STRINGS

    found = []
    for key, (zh, en) in REPLAY_STRINGS.items():
        for lang, text in (("zh", zh), ("en", en)):
            filled = text.replace("{", "").replace("}", "")  # template fields are filled in when shown
            found += [f"{key} ({lang}): {p}" for p in problems(filled, lang)]
    assert not found, "\n".join(found)
