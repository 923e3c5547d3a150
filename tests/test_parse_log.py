"""``parse_log``, the pure text → events step of reading a replay or save: the torn last line rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.replay.logfile import LogFileError, encode_log, parse_log
from tests.fuzz_files import samples

PATH = Path("saves/current.jsonl")


def _text() -> str:
    return samples()["replay"][0].data.decode("utf-8")


def test_a_whole_log_parses_to_its_events() -> None:
    text = _text()
    log = parse_log(text, PATH)
    assert log.warnings == () and len(log.events) == len(text.splitlines()) - 1
    assert encode_log(log.events, log.header) == text


@pytest.mark.parametrize("keep", [1, 7, 30])
def test_a_torn_last_line_is_dropped_with_a_warning_and_nothing_before_it(keep: int) -> None:
    text = _text()
    lines = text.splitlines()
    whole = parse_log(text, PATH).events
    last = lines[-1]
    torn = text[: len(text) - 1 - len(last)] + last[:keep]  # the write of the last event stopped mid-line
    log = parse_log(torn, PATH)
    assert log.events == whole[:-1]
    assert log.warnings == (f"{PATH}: line {len(lines)}: an incomplete last line was dropped",)


def test_a_bad_line_that_is_not_the_last_is_an_error_naming_it() -> None:
    lines = _text().splitlines()
    lines[3] = lines[3][:10]
    with pytest.raises(LogFileError, match=rf"^{PATH}: line 4: not valid JSON"):
        parse_log("\n".join(lines) + "\n", PATH)


def test_a_bad_last_line_that_was_finished_is_an_error_not_a_tear() -> None:
    text = _text()
    with pytest.raises(LogFileError, match=rf"line {len(text.splitlines()) + 1}: not valid JSON"):
        parse_log(text + '{"type": "tile_dr\n', PATH)


def test_a_torn_line_after_a_good_last_event_is_dropped_alone() -> None:
    text = _text()
    log = parse_log(text + '{"type":"tile_discarded","seat":', PATH)
    assert log.events == parse_log(text, PATH).events and len(log.warnings) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the file is empty"),
        ("\n", "line 1: the header is not valid JSON"),
        ('{"format": "harbin-mahjong-lo', "line 1: the header is not valid JSON"),
        ('{"format": "something-else", "version": 1}\n', "line 1: not a harbin-mahjong-log file"),
        ('{"format": "harbin-mahjong-log", "version": 99}\n', r"line 1: written by a newer .* 99"),
        ('{"format": "harbin-mahjong-log", "version": 0}\n', "line 1: unsupported log format version 0"),
    ],
)
def test_a_missing_or_torn_header_is_never_dropped(text: str, words: str) -> None:
    with pytest.raises(LogFileError, match=words):
        parse_log(text, PATH)


def test_a_header_alone_is_a_log_with_no_events() -> None:
    header = _text().splitlines()[0]
    assert parse_log(header + "\n", PATH).events == ()
    assert parse_log("\ufeff" + header, PATH).events == ()
