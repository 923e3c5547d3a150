"""Share codes: a replay as one line of URL-safe text that imports back to the same header and events,
and every damaged, truncated, lengthened, bomb-like or illegal code refused with our one-line error."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core.events import Event, MatchStarted, RoundStarted
from game.core.rules import PRESETS, RuleSet
from game.replay.header import complete_header, make_header
from game.replay.logfile import load_log
from game.replay.share import (
    MAX_CODE_CHARS,
    MAX_PAYLOAD,
    PREFIX,
    ShareCodeError,
    decode_code,
    encode_code,
    is_share_code,
    pack,
    unpack,
)
from game.scenario import load_scenario, run_scenario
from tests.replay.helpers import SAVES, recorded_match
from tests.test_properties import random_match

PROFILE = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
URL_SAFE = re.compile(r"HM1\.[A-Za-z0-9_-]+")
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def small_code() -> tuple[str, dict[str, object], tuple[Event, ...]]:
    header, events = recorded_match(21, levels=("greedy",) * 4, hands=1)
    return encode_code(header, events), header, events


CODE, HEADER, EVENTS = small_code()


def assert_round_trip(header: dict[str, object], events: tuple[Event, ...]) -> str:
    code = encode_code(header, events)
    assert URL_SAFE.fullmatch(code), code[:80]
    back_header, back_events = decode_code(code)
    assert back_events == events
    assert back_header == header
    return code


@PROFILE
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)))
def test_random_play_round_trips(seed: int, preset: str) -> None:
    game, _ = random_match(seed, PRESETS[preset], hands=2, check=False)
    events = tuple(game.events)
    assert_round_trip(complete_header(make_header(kind="match"), events), events)


@PROFILE
@given(st.integers(0, 2**20), st.sampled_from(["random", "greedy", "novice", "normal"]))
def test_self_play_logs_round_trip(seed: int, level: str) -> None:
    header, events = recorded_match(seed, levels=(level, "greedy", level, "random"), hands=2)
    assert_round_trip(header, events)


def test_the_shipped_samples_round_trip() -> None:
    for path in sorted(SAVES.glob("*.jsonl")):
        loaded = load_log(path)
        assert_round_trip(loaded.header, loaded.events)


def test_a_wall_not_from_the_seed_is_carried_whole() -> None:
    run = run_scenario(load_scenario(SCENARIOS / "c34_chiting_priority.toml"))
    events = tuple(run.events)
    assert any(isinstance(e, RoundStarted) for e in events)
    code = assert_round_trip(complete_header(make_header(kind="scenario"), events), events)
    assert len(code) > 200  # the 112 tile ids of the scripted wall are in it


def test_surrounding_white_space_is_ignored() -> None:
    assert decode_code(f"  {CODE}\n") == (HEADER, EVENTS)
    assert is_share_code(CODE + "\n") and not is_share_code("match-1.jsonl")
    assert is_share_code(f"  \t{CODE}") and is_share_code("\nHM2.anything")  # pasted with space before it
    assert not is_share_code("  saves/HM1.jsonl")


# --- damage ----------------------------------------------------------------------------------------------

CHARS = string.ascii_letters + string.digits + "-_.=+/ \t~é中"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(CODE) - 1), st.sampled_from(CHARS))
def test_any_changed_character_is_refused(position: int, char: str) -> None:
    assume(CODE[position] != char)
    damaged = CODE[:position] + char + CODE[position + 1 :]
    assume(damaged.strip() != CODE)
    with pytest.raises(ShareCodeError):
        decode_code(damaged)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(CODE) - 1))
def test_any_truncation_is_refused(length: int) -> None:
    with pytest.raises(ShareCodeError):
        decode_code(CODE[:length])


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(CODE)), st.sampled_from(CHARS))
def test_any_inserted_character_is_refused(position: int, char: str) -> None:
    longer = CODE[:position] + char + CODE[position:]
    assume(longer.strip() != CODE)  # white space before or after the code is allowed
    with pytest.raises(ShareCodeError):
        decode_code(longer)


def test_every_change_to_another_code_character_is_refused() -> None:
    alphabet = string.ascii_letters + string.digits + "-_"
    for i in range(len(PREFIX), len(CODE)):  # the padding bits of the last deflate byte included
        for char in alphabet.replace(CODE[i], ""):
            with pytest.raises(ShareCodeError):
                decode_code(CODE[:i] + char + CODE[i + 1 :])


def test_every_single_truncation_and_doubled_character_is_refused() -> None:
    for length in range(len(CODE)):
        with pytest.raises(ShareCodeError):
            decode_code(CODE[:length])
    for i in range(len(CODE)):
        with pytest.raises(ShareCodeError):
            decode_code(CODE[: i + 1] + CODE[i:])


# --- hostile codes -------------------------------------------------------------------------------------


def message(code: str) -> str:
    with pytest.raises(ShareCodeError) as info:
        decode_code(code)
    text = str(info.value)
    assert "\n" not in text and text
    return text


def test_wrong_prefix_and_newer_versions() -> None:
    assert "not a Harbin Mahjong share code" in message("XY1." + CODE[4:])
    assert "not a Harbin Mahjong share code" in message("")
    assert "newer version" in message("HM2." + CODE[4:])


def test_a_zip_bomb_is_refused_without_inflating_it() -> None:
    bomb = pack(b"\0" * (MAX_PAYLOAD * 4))
    assert len(bomb) < 20_000
    assert "unpacks to more than" in message(bomb)


def test_a_code_too_long_is_refused_before_decoding() -> None:
    assert "too long" in message(PREFIX + "A" * MAX_CODE_CHARS)


def varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(0x80 | n & 0x7F)
        n >>= 7
    out.append(n)
    return bytes(out)


def blob(data: bytes) -> bytes:
    return varint(len(data)) + data


def test_events_that_do_not_verify_are_refused() -> None:
    payload = unpack(CODE)
    started = EVENTS[0]
    assert isinstance(started, MatchStarted)
    head = blob(b'{"format":"harbin-mahjong-log","version":2}') + blob(started.to_json().encode())
    first = EVENTS[1]
    assert isinstance(first, RoundStarted)
    not_on_turn = (first.dealer + 1) % 4
    wrong_seat = head + bytes([0x00, 0x80 | not_on_turn << 4 | 0, 0])
    assert "does not verify" in message(pack(wrong_seat))
    no_such_tile = head + bytes([0x00, 0x80 | first.dealer << 4 | 0, 14])
    assert "does not hold" in message(pack(no_such_tile))
    assert "ends in the middle" in message(pack(head + bytes([0x00, 0x80 | first.dealer << 4])))
    assert "unknown step" in message(pack(head + bytes([0x00, 0x7F])))
    assert len(payload) > len(head)


def test_hostile_json_inside_a_code_is_refused() -> None:
    deep = blob(b"[" * 100_000 + b"]" * 100_000)
    assert "its header is nested too deeply" in message(pack(deep))
    ours = blob(b'{"format":"harbin-mahjong-log","version":2}')
    huge = ours + blob(b'{"type":"match_started","seed":' + b"9" * 5000 + b"}")
    assert "its event is a number with too many digits" in message(pack(huge))
    future = blob(b'{"format":"harbin-mahjong-log","version":9}')
    assert "newer version" in message(pack(future))
    wrong_event = ours + blob(b'{"type":"tile_drawn","seat":0,"tile":1}')
    assert "does not start with match_started" in message(pack(wrong_event))


def test_a_log_that_does_not_verify_is_not_shared() -> None:
    header, events = recorded_match(22, levels=("greedy",) * 4, hands=1)
    with pytest.raises(ShareCodeError, match="does not verify"):
        encode_code(header, events[:5] + events[6:])


def test_a_rule_set_that_is_not_a_preset_round_trips() -> None:
    header, events = recorded_match(23, levels=("greedy",) * 4, hands=1, rules=RuleSet(kadang_mult=3))
    assert header["preset"] == "custom"
    assert_round_trip(header, events)
