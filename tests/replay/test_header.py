"""The replay header: version 2 written, version 1 migrated on load, a newer version refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.events import MatchEnded, MatchStarted
from game.replay.header import (
    ABANDONED,
    FINISHED,
    PLAYING,
    VERSION,
    complete_header,
    ended_header,
    match_header,
    players_of,
)
from game.replay.logfile import LogFileError, encode_log, load_log, parse_log
from tests.replay.helpers import SAVES, recorded_match

V1_FILE = SAVES / "expert-table-4-hands.jsonl"
"""A real version-1 file, as the game wrote it before the header changed."""


def test_the_shipped_v1_file_is_version_1() -> None:
    first = json.loads(V1_FILE.read_text(encoding="utf-8").splitlines()[0])
    assert first["version"] == 1 and "rules" not in first and "status" not in first


def test_a_v1_file_is_migrated_on_load() -> None:
    loaded = load_log(V1_FILE)
    header = loaded.header
    started = loaded.events[0]
    assert isinstance(started, MatchStarted)
    assert loaded.file_version == 1 and header["version"] == VERSION
    assert header["rules"] == started.rules
    assert header["players"] == list(started.players) == ["expert"] * 4
    assert header["seed"] == started.seed == 3000000 and header["hands"] == 4
    assert header["preset"] == "standard"
    assert header["status"] == FINISHED  # the log ends with match_ended
    assert header["created"] is None and header["program"] is None and header["ended"] is None
    assert header["kind"] == "match"


def test_a_migrated_file_written_back_reads_the_same() -> None:
    loaded = load_log(V1_FILE)
    again = parse_log(encode_log(loaded.events, loaded.header), Path("again.jsonl"))
    assert again.file_version == VERSION
    assert again.header == loaded.header and again.events == loaded.events


def test_a_v1_session_header_keeps_its_own_facts(tmp_path: Path) -> None:
    lines = V1_FILE.read_text(encoding="utf-8").splitlines()
    head = {
        "format": "harbin-mahjong-log",
        "version": 1,
        "kind": "match",
        "program": "0.0.9",
        "created": "2024-12-24T20:00:00",
        "players": ["human", "normal", "novice", "expert"],
        "levels": ["normal", "novice", "expert"],
        "preset": "standard",
        "seed": 3000000,
        "hands": 4,
    }
    path = tmp_path / "old-save.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:-1]]) + "\n", encoding="utf-8")  # no match_ended
    header = load_log(path).header
    assert header["created"] == "2024-12-24T20:00:00" and header["program"] == "0.0.9"
    assert header["players"] == ["human", "normal", "novice", "expert"]
    assert header["levels"] == ["normal", "novice", "expert"]
    assert header["status"] == PLAYING  # no match_ended and no word of it being abandoned


def test_a_newer_version_names_the_file_and_says_to_update(tmp_path: Path) -> None:
    path = tmp_path / "from-the-future.jsonl"
    path.write_text('{"format":"harbin-mahjong-log","version":3}\n', encoding="utf-8")
    with pytest.raises(LogFileError) as info:
        load_log(path)
    message = str(info.value)
    assert str(path) in message and "newer version" in message and "version 3" in message
    assert "\n" not in message


@pytest.mark.parametrize("version", [0, -1, "2", True, None, 1.5, "x" * 100_000, [[[]]]])
def test_a_version_that_is_no_version_is_refused(tmp_path: Path, version: object) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps({"format": "harbin-mahjong-log", "version": version}) + "\n", encoding="utf-8")
    with pytest.raises(LogFileError, match=r"odd\.jsonl: line 1: unsupported log format version") as info:
        load_log(path)
    assert len(str(info.value)) < len(str(path)) + 120


def test_a_new_match_header_has_every_field() -> None:
    header, events = recorded_match(11, levels=("novice",) * 4, hands=1)
    for key in ("format", "version", "kind", "program", "created", "status", "ended", "players", "preset",
                "rules", "seed", "hands", "ai_seeds"):  # fmt: skip
        assert key in header, key
    assert header["status"] == FINISHED and isinstance(events[-1], MatchEnded)
    assert header["ai_seeds"] == [44, 45, 46, 47]


def test_status_comes_from_the_events_first() -> None:
    header, events = recorded_match(12, levels=("novice",) * 4, hands=1)
    cut = events[:-1]
    assert complete_header({**header, "status": FINISHED}, cut)["status"] == PLAYING
    assert complete_header({**header, "status": ABANDONED}, cut)["status"] == ABANDONED
    assert complete_header({**header, "status": ABANDONED}, events)["status"] == FINISHED


def test_values_present_are_kept_for_the_checks_to_see() -> None:
    header, events = recorded_match(13, levels=("novice",) * 4, hands=1)
    odd = {**header, "preset": ["x"], "players": "four", "created": 5}
    kept = complete_header(odd, events)
    assert kept["preset"] == ["x"] and kept["players"] == "four" and kept["created"] == 5
    started = events[0]
    assert isinstance(started, MatchStarted)
    assert players_of(kept, events) == list(started.players)  # what readers use
    bare = complete_header({"format": "harbin-mahjong-log", "version": 2}, events)
    assert bare["rules"] == started.rules and bare["players"] == list(started.players)
    assert bare["seed"] == started.seed and bare["hands"] == started.hands and bare["preset"] == "standard"


def test_ending_a_match_stamps_it() -> None:
    _, events = recorded_match(14, levels=("novice",) * 4, hands=1)
    started = events[0]
    assert isinstance(started, MatchStarted)
    fresh = match_header(started)
    assert fresh["status"] == PLAYING and fresh["ended"] is None
    done = ended_header(fresh, ABANDONED)
    assert done["status"] == ABANDONED and isinstance(done["ended"], str)
    with pytest.raises(ValueError):
        ended_header(fresh, PLAYING)


def test_the_format_document_names_every_event_type_and_header_field() -> None:
    from game.core.events import EVENT_TYPES

    doc = (Path(__file__).resolve().parent.parent.parent / "docs" / "replay-format.md").read_text("utf-8")
    for name in EVENT_TYPES:
        assert f"`{name}`" in doc, name
    header, _ = recorded_match(15, levels=("novice",) * 4, hands=1)
    for key in (*header, "levels", "branch"):
        assert f"`{key}`" in doc, key
    assert f"version {VERSION}" in doc
