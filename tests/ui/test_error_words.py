"""Errors in the player's language: every error the window can show has a Chinese and an English sentence
saying what happened and what to do, and the real messages of the program and of the operating system are
each sent to the right one; none of their English ever reaches the Chinese sentence."""

from __future__ import annotations

import errno
import json
import os
import re
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
from game.replay.share import PREFIX, ShareCodeError, read_code
from game.replay.whatif import WhatIfError, make_branch
from game.saves import SaveError, check_save
from game.settings import load_settings
from game.ui.kit.folders import open_folder
from game.ui.words.errors import ACTIONS, ADVICE, CAUSES, WINDOW_ERRORS, PlayerError, classify, player_error
from tests.replay.helpers import SAVES, recorded_match
from tests.text_checks import problems

CJK = re.compile(r"[\u3400-\u9fff]")
ASCII_WORD = re.compile(r"[A-Za-z]+")
ZH_TOKENS = {"HM"}
"""The only Latin letters a Chinese sentence may hold: the share code's prefix the player types."""
SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"


def sentences(error: PlayerError) -> tuple[str, str]:
    return error.text("zh"), error.text("en")


def assert_players_words(error: PlayerError) -> None:
    zh, en = sentences(error)
    assert CJK.search(zh) and not (set(ASCII_WORD.findall(zh)) - ZH_TOKENS), zh
    assert not CJK.search(en) and en[0].isupper() and en.endswith("."), en
    assert zh.count("。") == 2 and en.count(". ") >= 1, (zh, en)  # what happened, then what to do
    assert "{" not in zh + en and "}" not in zh + en
    assert not problems(zh, "zh") and not problems(en, "en"), (problems(zh, "zh"), problems(en, "en"))
    for raw in ("Errno", "errno", ".jsonl", "refused", "line 1", "utf-8", "UTF-8", "/home", "/tmp"):
        assert raw not in zh, (raw, zh)


@pytest.mark.parametrize("action", sorted(WINDOW_ERRORS))
def test_every_error_the_window_can_show_has_both_sentences(action: str) -> None:
    for cause in WINDOW_ERRORS[action]:
        assert_players_words(PlayerError(action, cause, "raw text", {"event": 49, "line": 51}))
    assert set(WINDOW_ERRORS) == set(ACTIONS)
    assert {c for causes in WINDOW_ERRORS.values() for c in causes} <= set(CAUSES)
    assert all(a in ACTIONS and c in CAUSES for a, c in ADVICE)


def test_a_rule_breaking_replay_names_its_event_in_both_languages() -> None:
    zh, en = sentences(player_error("replay_open", "m.jsonl: event 49: refused: 5m is not in seat 3's hand"))
    assert "第49步" in zh and "event 49" in en and "5m" not in zh + en


def test_os_errors_by_their_number_and_their_words() -> None:
    cases = {
        errno.EROFS: "read_only",
        errno.EACCES: "no_permission",
        errno.EPERM: "no_permission",
        errno.ENOSPC: "disk_full",
        errno.EIO: "io",
        errno.ENOENT: "missing",
    }
    for number, cause in cases.items():
        exc = OSError(number, os.strerror(number), "/home/x/.config/HarbinMahjong/settings.json.ld9qeoju.tmp")
        assert classify(exc)[0] == cause
        assert classify(str(exc))[0] == cause  # "[Errno 30] Read-only file system: '…'"
        assert (
            classify(f"/data/saves: cannot write ({os.strerror(number)})")[0] == cause
        )  # quoted in our line
        assert_players_words(player_error("settings_save", exc))
    assert classify(RuntimeError("boom"))[0] == "other"


def refused(action: Callable[[], object]) -> str:
    with pytest.raises((LibraryError, ShareCodeError, WhatIfError, SaveError)) as caught:
        action()
    return str(caught.value)


def test_the_librarys_real_messages(tmp_path: Path) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        shutil.copy(SAMPLES_V1, tmp_path / name)
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "bad.jsonl").write_text("hello\n", encoding="utf-8")
    (tmp_path / "latin.jsonl").write_bytes(b"\xff\xfe" + SAMPLE.read_bytes())
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "huge.jsonl").write_bytes(b" " * (8 * 2**20 + 1))
    (tmp_path / "new.jsonl").write_text('{"format": "harbin-mahjong-log", "version": 9}\n', encoding="utf-8")
    (tmp_path / "other.jsonl").write_text('{"format": "something-else"}\n', encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.jsonl")
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    lines[5], lines[6] = lines[6], lines[5]
    (tmp_path / "tampered.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    header = json.loads(SAMPLE.read_text(encoding="utf-8").splitlines()[0])
    header["hands"] = 9
    liar = [json.dumps(header), *SAMPLE.read_text(encoding="utf-8").splitlines()[1:]]
    (tmp_path / "liar.jsonl").write_text("\n".join(liar) + "\n", encoding="utf-8")
    cases = {
        "name_empty": ("rename", lambda: check_name(" ")),
        "name_bad": ("rename", lambda: check_name("a/b")),
        "name_long": ("rename", lambda: check_name("x" * 81)),
        "name_reserved": ("rename", lambda: check_name("con")),
        "name_taken": ("rename", lambda: rename_replay(tmp_path / "a.jsonl", "b")),
        "exists": ("export", lambda: export_replay(tmp_path / "a.jsonl", tmp_path / "b.jsonl")),
        "missing": ("import", lambda: import_file(tmp_path / "nope.jsonl", out)),
        "not_regular": ("import", lambda: import_file(tmp_path / "pipe.jsonl", out)),
        "too_big": ("import", lambda: import_file(tmp_path / "huge.jsonl", out)),
        "not_text": ("import", lambda: import_file(tmp_path / "latin.jsonl", out)),
        "damaged": ("import", lambda: import_file(tmp_path / "bad.jsonl", out)),
        "empty": ("import", lambda: import_file(tmp_path / "empty.jsonl", out)),
        "newer": ("import", lambda: import_file(tmp_path / "new.jsonl", out)),
        "not_ours": ("import", lambda: import_file(tmp_path / "other.jsonl", out)),
        "broken_rules": ("import", lambda: import_file(tmp_path / "tampered.jsonl", out)),
        "bad_header": ("import", lambda: import_file(tmp_path / "liar.jsonl", out)),
        "not_code": ("import", lambda: import_code("HX1.abc", out)),
        "code_damaged": ("import", lambda: import_code(PREFIX + "abc", out)),
        "code_newer": ("import", lambda: import_code("HM2.abc", out)),
    }
    (tmp_path / "folder.jsonl").mkdir()
    cases["not_regular "] = ("import", lambda: import_file(tmp_path / "folder.jsonl", out))
    for cause, (action, make) in cases.items():
        message = refused(make)
        found = player_error(action, message)
        assert found.cause == cause.strip(), (cause, message)
        assert found.details == message
        assert_players_words(found)
    assert (
        player_error("import", refused(lambda: import_file(tmp_path / "tampered.jsonl", out))).numbers[
            "event"
        ]
        == 4
    )


SAMPLES_V1 = SAVES / "expert-table-4-hands.jsonl"


def test_share_codes_too_long_and_breaking_the_rules() -> None:
    import io

    from game.replay.share import MAX_CODE_CHARS

    too_long = refused(lambda: read_code(io.StringIO(PREFIX + "A" * MAX_CODE_CHARS)))
    assert player_error("import", too_long).cause == "code_too_long"
    # a code whose moves break the rules (the damaged ones above cover the checksum):
    message = "the share code's replay does not verify: event 12: refused: 3m is not in seat 1's hand"
    found = player_error("import", message)
    assert found.cause == "code_breaks_rules" and found.numbers["event"] == 12
    assert_players_words(found)


def test_a_tampered_save_and_what_if_refusals(tmp_path: Path) -> None:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    lines[5], lines[6] = lines[6], lines[5]
    save = tmp_path / "current.jsonl"
    save.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    found = player_error("continue", refused(lambda: check_save(save)))
    assert found.cause == "broken_rules" and found.numbers["event"] == 4  # line 6 of the file is event 4
    assert_players_words(found)
    header, events = recorded_match(64, levels=("greedy",) * 4, hands=1)
    assert (
        player_error("whatif", refused(lambda: make_branch(events, header, 1, "pass"))).cause
        == "not_decision"
    )
    assert (
        player_error("whatif", refused(lambda: make_branch(events, header, -1, "pass"))).cause
        == "not_decision"
    )
    assert player_error("whatif", refused(lambda: make_branch(events, header, 2, "hu"))).cause == "refused"


def test_settings_and_folders(tmp_path: Path, isolated_home: Path) -> None:
    from game.paths import app_paths

    paths = app_paths().ensure()
    for text, cause in (
        (b"\xff\x00garbage", "not_text"),
        (b"{not json", "damaged"),
        (b"[1, 2]", "damaged"),
        (json.dumps({"hints": 9, "language": "fr"}).encode(), "bad_values"),
    ):
        paths.settings_file.write_bytes(text)
        message = load_settings(paths).message
        assert message is not None
        found = player_error("settings_read", message)
        assert found.cause == cause, message
        assert_players_words(found)
    assert player_error("folder_open", open_folder(tmp_path / "gone" / "x.json") or "").cause == "no_folder"

    def no_file_manager(folder: Path) -> None:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", "xdg-open")

    problem = open_folder(tmp_path, no_file_manager)
    assert problem is not None and player_error("folder_open", problem).cause == "no_opener"


def test_an_unknown_action_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        player_error("frobnicate", "x")


def test_every_refusal_and_blocker_the_table_can_say_has_words_in_both_languages() -> None:
    """The table says a refused move with the glossary's words (never a code like not_open)."""
    from game.core.analysis.ting import BLOCKER_CODES
    from game.core.refusals import MESSAGES
    from game.glossary import TERMS

    codes = {key.split(".")[0] for key in MESSAGES}  # every reason the engine gives, from its one table
    assert len(codes) > 15
    for key in [f"refusal.{c}" for c in sorted(codes)] + [f"blocker.{b}" for b in BLOCKER_CODES]:
        zh, en = TERMS[key]
        assert CJK.search(zh) and not CJK.search(en) and "_" not in zh + en, key
