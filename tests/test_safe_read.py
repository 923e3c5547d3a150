"""The guarded reader every loader uses: non-regular and oversized files, BOMs, hostile JSON and TOML."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from game import safe_read
from game.safe_read import (
    MAX_DEPTH,
    MAX_LESSON_BYTES,
    MAX_LOG_BYTES,
    MAX_SCENARIO_BYTES,
    MAX_SETTINGS_BYTES,
    BadFileError,
    MissingFileError,
    load_json_file,
    load_toml_file,
    loads_json,
    loads_toml,
    read_bytes,
    read_text,
    shorten,
)


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b'{"x": [1, 2.5, "\xe4\xb8\xad"]}')
    assert read_bytes(path, "replay", 100) == path.read_bytes()
    assert load_json_file(path, "settings", 100) == {"x": [1, 2.5, "中"]}


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbftitle = 'x'\n")
    assert read_text(path, "scenario", 100) == "title = 'x'\n"
    assert load_toml_file(path, "scenario", 100) == {"title": "x"}
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert load_json_file(path, "settings", 100) == {"a": 1}


def test_a_missing_file_is_its_own_error(tmp_path: Path) -> None:
    with pytest.raises(MissingFileError, match="no such file") as caught:
        read_text(tmp_path / "nothing.json", "settings", 100)
    assert caught.value.source == str(tmp_path / "nothing.json")
    (tmp_path / "file").write_text("x")
    with pytest.raises(MissingFileError):
        read_text(tmp_path / "file" / "below.json", "settings", 100)


def test_a_folder_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(BadFileError, match=r"a folder, not a replay file") as caught:
        read_bytes(tmp_path, "replay", MAX_LOG_BYTES)
    assert str(caught.value).startswith(f"{tmp_path}: ")
    assert not isinstance(caught.value, MissingFileError)


def test_dev_zero_is_refused_without_reading_it() -> None:
    with pytest.raises(BadFileError, match=r"/dev/zero: a device, not a replay file"):
        read_bytes("/dev/zero", "replay", MAX_LOG_BYTES)


def test_a_pipe_with_no_writer_is_refused_instead_of_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    with pytest.raises(BadFileError, match="a pipe, not a settings file"):
        read_text(fifo, "settings", MAX_SETTINGS_BYTES)


def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(BadFileError, match="a socket, not a replay file"):
            read_bytes(path, "replay", MAX_LOG_BYTES)


class NoRead:
    """The os module for the guarded reader, except that reading a byte fails the test."""

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    def read(self, fd: int, n: int) -> bytes:
        raise AssertionError("the oversized file was read")


def test_an_oversized_file_is_refused_from_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("wb") as handle:
        handle.truncate(MAX_LOG_BYTES + 1)  # sparse: the size says too big, nothing needs reading
    with monkeypatch.context() as patch:
        patch.setattr(safe_read, "os", NoRead())
        with pytest.raises(BadFileError, match=r"too big for a replay file \(8\.0 MB; at most 8\.0 MB\)"):
            read_bytes(path, "replay", MAX_LOG_BYTES)
    path.write_bytes(b"x" * 101)
    with pytest.raises(BadFileError, match="101 bytes; at most 100 bytes"):
        read_bytes(path, "lesson", 100)
    path.write_bytes(b"x" * 100)
    assert len(read_bytes(path, "lesson", 100)) == 100


def test_every_kind_has_a_cap_that_fits_its_files() -> None:
    assert MAX_SETTINGS_BYTES < MAX_SCENARIO_BYTES <= MAX_LESSON_BYTES < MAX_LOG_BYTES
    shipped = Path(__file__).resolve().parent.parent / "saves"
    assert all(p.stat().st_size * 20 < MAX_LOG_BYTES for p in shipped.glob("*.jsonl"))


def test_text_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(b"title = '\xff'")
    with pytest.raises(BadFileError, match=r"x\.toml: not UTF-8 text \(byte 9\)"):
        read_text(path, "scenario", 100)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("9" * 5000, "a number with too many digits"),
        ('{"a": [' + "-" + "9" * 5000 + "]}", "a number with too many digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"more than {MAX_DEPTH} levels"),
        ('{"a": 1', "not valid JSON (column 8: Expecting ',' delimiter)"),
        ('{\n"a": }', "not valid JSON (line 2, column 6: Expecting value)"),
        ("", "not valid JSON"),
    ],
)
def test_hostile_json_is_one_clear_error(text: str, words: str) -> None:
    with pytest.raises(BadFileError) as caught:
        loads_json(text, "save.jsonl: line 3")
    message = str(caught.value)
    assert message.startswith("save.jsonl: line 3: ") and words in message
    assert "\n" not in message and len(message) < 200


def test_nesting_up_to_the_limit_and_large_but_sane_numbers_load() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    value = loads_json(deep, "x")
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []
    assert loads_json("[" + "9" * 4000 + ", 1.5e300]", "x") == [int("9" * 4000), 1.5e300]
    assert loads_json("[1e999, -Infinity]", "x") == [float("inf"), float("-inf")]  # ranges refuse them later
    many_small = "[" + ",".join(["[1]"] * 5000) + "]"  # many brackets, none deep: the walk finds nothing
    assert len(loads_json(many_small, "x")) == 5000


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a = " + "9" * 5000, "a number with too many digits"),
        ("a = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
        ("a = [", "not valid TOML"),
        ("a = 1\na = 2", "not valid TOML"),
    ],
)
def test_hostile_toml_is_one_clear_error(text: str, words: str) -> None:
    with pytest.raises(BadFileError, match=words) as caught:
        loads_toml(text, "lesson.toml")
    assert str(caught.value).startswith("lesson.toml: ") and "\n" not in str(caught.value).strip()


def test_shorten_cuts_long_and_unprintable_values() -> None:
    assert shorten("x" * 100, 10) == "'xxxxxxxx…"
    assert shorten([1, 2]) == "[1, 2]"
    assert shorten(10**5000) == "<int too large to show>"


@pytest.mark.parametrize(
    ("parse", "text", "words"),
    [
        (loads_json, '{"name": "\\ud800"}', "lone UTF-16 surrogate"),
        (loads_json, '{"\\udfff": 1}', "lone UTF-16 surrogate"),
        (loads_json, '[["deep", {"x": "a\\udc00"}]]', "lone UTF-16 surrogate"),
        (loads_json, '{"name": "a\\u0000b"}', "null character"),
        (loads_toml, 'name = "a\\u0000b"', "null character"),
        (loads_toml, 'name = "a\\U00000000b"', "null character"),
    ],
)
def test_a_string_that_is_no_text_is_refused_by_name(parse: object, text: str, words: str) -> None:
    """Half of a UTF-16 pair cannot be written back (the drill queue and progress rewrite what they read)
    and no font draws a null character (pygame refuses it): both are refused as the file is read."""
    with pytest.raises(BadFileError, match=words) as caught:
        parse(text, "the-file.json")  # type: ignore[operator]
    assert str(caught.value).startswith("the-file.json: ")


def test_escapes_that_are_text_still_read() -> None:
    assert loads_json('{"a": "\\ud83d\\ude00", "b": "\\u4e2d", "c": "\\\\ud800 \\\\u0000"}', "f") == {
        "a": "\U0001f600",
        "b": "中",
        "c": "\\ud800 \\u0000",
    }
    assert loads_toml('a = "\\u4e2d"', "f") == {"a": "中"}


def test_a_path_holding_a_null_character_is_refused_by_name_read_or_written(tmp_path: Path) -> None:
    """No file can have such a name: reading, writing and exporting say so (the character shown as \\0, which
    a dialog can draw) instead of a ValueError escaping every ``except OSError``."""
    from game.atomic import write_atomic
    from game.replay.library import LibraryError, export_replay

    bad = tmp_path / "a\x00b.jsonl"
    with pytest.raises(BadFileError) as read:
        read_bytes(bad, "replay", MAX_LOG_BYTES)
    assert str(read.value) == f"{tmp_path}/a\\0b.jsonl: not a file name: it holds a null character"
    with pytest.raises(OSError, match="holds a null character"):
        write_atomic(bad, "text")
    source = tmp_path / "r.jsonl"
    source.write_text("{}\n", encoding="utf-8")
    with pytest.raises(LibraryError) as exported:
        export_replay(source, bad)
    assert "\x00" not in str(exported.value) and "a\\0b.jsonl: not a file name" in str(exported.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]  # nothing written
