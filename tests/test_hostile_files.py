"""Every loader on hostile files: settings fall back and keep the file aside, logs and scenarios are refused
by name, a byte-order mark is accepted, and a torn last line is still dropped (not the lines before it)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from game.paths import AppPaths
from game.replay.logfile import LogFileError, encode_log, load_log, make_header
from game.safe_read import MAX_LOG_BYTES, MAX_SCENARIO_BYTES, MAX_SETTINGS_BYTES
from game.scenario import ScenarioError, load_scenario, run_scenario
from game.settings import Settings, load_settings
from tests.fuzz_files import DEEP_VALUE, HUGE_NUMBER, samples

SCENARIOS = Path(__file__).parent / "scenarios"
DEEP = "[" * 20_000 + "]" * 20_000  # deep enough to break a recursive parser, small enough for every cap


def _big(path: Path, size: int) -> None:
    with path.open("wb") as handle:
        handle.truncate(size + 1)


def _fifo(path: Path, size: int) -> None:
    os.mkfifo(path)


def _folder(path: Path, size: int) -> None:
    path.mkdir()


def _dev_zero(path: Path, size: int) -> None:
    path.symlink_to("/dev/zero")


def _text(text: str) -> Callable[[Path, int], None]:
    def write(path: Path, size: int) -> None:
        path.write_text(text, encoding="utf-8")

    return write


HOSTILE: dict[str, tuple[Callable[[Path, int], None], str]] = {
    "huge number": (_text('{"volume": ' + HUGE_NUMBER + "}"), "a number with too many digits"),
    "deep nesting": (_text('{"volume": ' + DEEP + "}"), "nested too deeply"),
    "oversized": (_big, "too big for a"),
    "pipe": (_fifo, "a pipe, not a"),
    "folder": (_folder, "a folder, not a"),
    "/dev/zero": (_dev_zero, "a device, not a"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_settings_fall_back_to_defaults_and_are_kept_aside(tmp_path: Path, case: str) -> None:
    make, words = HOSTILE[case]
    paths = AppPaths(tmp_path / "data", tmp_path / "config", tmp_path / "logs")
    paths.config_dir.mkdir()
    make(paths.settings_file, MAX_SETTINGS_BYTES)
    result = load_settings(paths, environ={"LANG": "zh_CN.UTF-8"})
    assert result.settings == Settings(language="zh")
    assert result.message is not None and str(paths.settings_file) in result.message
    assert words in result.problems[0] and result.problems[0].endswith("using the default settings")
    assert result.kept_as == paths.settings_file.with_name("settings.json.bad")
    assert os.path.lexists(result.kept_as) and not os.path.lexists(paths.settings_file)


def test_settings_with_a_byte_order_mark_load(tmp_path: Path) -> None:
    paths = AppPaths(tmp_path / "data", tmp_path / "config", tmp_path / "logs")
    paths.config_dir.mkdir()
    paths.settings_file.write_bytes(b"\xef\xbb\xbf" + json.dumps({"language": "zh", "volume": 0.25}).encode())
    result = load_settings(paths, environ={"LANG": "en_US.UTF-8"})
    assert result.problems == ()
    assert (result.settings.language, result.settings.volume) == ("zh", 0.25)


def test_a_long_bad_value_is_shown_short(tmp_path: Path) -> None:
    paths = AppPaths(tmp_path / "data", tmp_path / "config", tmp_path / "logs")
    paths.config_dir.mkdir()
    paths.settings_file.write_text(json.dumps({"language": "x" * 10_000}), encoding="utf-8")
    result = load_settings(paths, environ={"LANG": "en_US.UTF-8"})
    assert result.settings.language == "en"
    assert len(result.problems) == 1 and len(result.problems[0]) < 200


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_logs_are_refused_by_name(tmp_path: Path, case: str) -> None:
    make, words = HOSTILE[case]
    path = tmp_path / "current.jsonl"
    make(path, MAX_LOG_BYTES)
    with pytest.raises(LogFileError, match=words) as caught:
        load_log(path)
    assert str(caught.value).startswith(f"{path}: ")


@pytest.mark.parametrize("line", [2, 5])
@pytest.mark.parametrize("value", [HUGE_NUMBER, DEEP_VALUE])
def test_a_hostile_value_inside_a_log_names_the_line(tmp_path: Path, line: int, value: str) -> None:
    lines = samples()["replay"][0].data.decode().splitlines()
    lines[line - 1] = (
        lines[line - 1]
        .replace('"seat":', f'"seat":{value},"x":', 1)
        .replace('"version":', f'"version":{value},"y":', 1)
    )
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LogFileError, match=rf"line {line}: .*(too many digits|too deeply)") as caught:
        load_log(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_log_with_a_byte_order_mark_loads_the_same(tmp_path: Path) -> None:
    data = samples()["replay"][0].data
    plain, marked = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    plain.write_bytes(data)
    marked.write_bytes(b"\xef\xbb\xbf" + data)
    assert load_log(marked).events == load_log(plain).events
    assert load_log(marked).header == load_log(plain).header


@pytest.mark.parametrize(
    "tail", ['{"type": "tile_dr', '{"type": "tile_drawn", "seat": ' + HUGE_NUMBER[:4400]]
)
def test_a_torn_last_line_is_still_dropped_alone(tmp_path: Path, tail: str) -> None:
    data = samples()["replay"][0].data.decode()
    path = tmp_path / "torn.jsonl"
    path.write_text(data + tail, encoding="utf-8")
    log = load_log(path)
    assert len(log.events) == len(data.splitlines()) - 1
    assert log.warnings == (
        f"{path}: line {len(data.splitlines()) + 1}: an incomplete last line was dropped",
    )


def test_a_log_line_with_a_tile_or_seat_out_of_range_is_refused(tmp_path: Path) -> None:
    header = json.dumps(make_header())
    for bad, words in (
        ('{"type": "tile_drawn", "seat": 0, "tile": 112}', "tile_drawn.tile: a tile id must be 0-111"),
        ('{"type": "tile_drawn", "seat": 4, "tile": 1}', "tile_drawn.seat: a seat must be 0-3"),
        ('{"type": "tile_discarded", "seat": 0, "tile": -1}', "tile_discarded.tile: a tile id must be 0-111"),
    ):
        path = tmp_path / "r.jsonl"
        path.write_text(f"{header}\n{bad}\n", encoding="utf-8")
        with pytest.raises(LogFileError, match=rf"line 2: {words}"):
            load_log(path)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("amount", "1e999", "settled.payments.amount: expected a whole number"),
        ("amount", "Infinity", "settled.payments.amount: expected a whole number"),
        ("amount", "2.5", "settled.payments.amount: expected a whole number"),
        ("amount", '"5"', "settled.payments.amount: expected a whole number"),
        ("payer", "9", "settled.payments.payer: a seat must be 0-3"),
        ("payee", "true", "settled.payments.payee: expected a whole number"),
    ],
)
def test_a_settlement_with_a_payment_that_is_no_whole_number_is_refused(
    tmp_path: Path, field: str, value: str, words: str
) -> None:
    """A payment's seats and amount are whole numbers, as the engine writes them: a float (infinite, or
    with a fraction) or a string is refused by line, never rounded or left to crash the reader."""
    payment = {"payer": 0, "payee": 1, "amount": 3, "reason": "share"}
    line = json.dumps(
        {"type": "settled", "payments": [payment], "deltas": [-3, 3, 0, 0], "scores": [-3, 3, 0, 0]}
    ).replace(f'"{field}": {payment[field]}', f'"{field}": {value}')
    path = tmp_path / "r.jsonl"
    path.write_text(f"{json.dumps(make_header())}\n{line}\n", encoding="utf-8")
    with pytest.raises(LogFileError, match=rf"line 2: {words}"):
        load_log(path)


def test_a_match_started_with_rules_no_ruleset_accepts_is_refused_when_read(tmp_path: Path) -> None:
    lines = samples()["replay"][0].data.decode().splitlines()
    first = json.loads(lines[1])
    for key, value, words in (
        ("no_such_rule", 1, "unknown rule key 'no_such_rule'"),
        ("base_zimo", 10**20, "an amount must be 0-"),
        ("rotation", ["x"], "must be one of"),
    ):
        rules = dict(first["rules"], **{key: value})
        path = tmp_path / "r.jsonl"
        text = encode_log([], make_header()).rstrip("\n")
        path.write_text(text + "\n" + json.dumps(dict(first, rules=rules)) + "\n", encoding="utf-8")
        with pytest.raises(LogFileError, match=rf"line 2: match_started\.rules: .*{words}"):
            load_log(path)


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_scenarios_are_refused_by_name(tmp_path: Path, case: str) -> None:
    make, words = HOSTILE[case]
    path = tmp_path / "s.json"
    make(path, MAX_SCENARIO_BYTES)
    with pytest.raises(ScenarioError, match=words) as caught:
        load_scenario(path)
    assert str(caught.value).startswith(f"{path}: ")


@pytest.mark.parametrize("text", ["", "   \n\n# only a comment\n"])
def test_an_empty_scenario_file_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"empty\.toml: the file is empty"):
        load_scenario(path)
    as_json = tmp_path / "empty.json"
    as_json.write_text("{}", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"empty\.json: the file is empty"):
        load_scenario(as_json)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rules": ["x"]}, "unknown rule preset ['x']"),
        ({"rules": {"a": 1}}, "unknown rule preset {'a': 1}"),
        ({"expect": {"payments": [1]}}, "expect.payments must be a table of seat = points"),
        ({"expect": {"payments": {"E": "3"}}}, "expect.payments.E must be a whole number"),
        ({"expect": {"payments": {"Q": 3}}}, "expect.payments: seat 'Q'"),
        ({"expect": {"winner": 1}}, "expect.winner: seat 1"),
        ({"expect": {"kadang": "yes"}}, "expect.kadang must be true or false"),
        ({"expect": {"win": ["zimo"]}}, "expect.win ['zimo'] must be one of"),
        ({"expect": []}, "[expect] must be a table"),
        (
            {"rule": {"base_zimo": 10**22}},
            "rule base_zimo=10000000000000000000000: an amount must be 0-10000",
        ),
        ({"hands": {"E": "123456789m 123456p"}}, "hands.E: 15 tiles, but that seat is dealt 13"),
    ],
)
def test_wrong_types_in_a_scenario_are_refused_by_name(
    tmp_path: Path, change: dict[str, object], words: str
) -> None:
    import tomllib

    doc = tomllib.loads((SCENARIOS / "c34_chiting_priority.toml").read_text(encoding="utf-8"))
    doc.update(change)
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value).startswith(f"{path}: ") and words in str(caught.value)


def test_a_scenario_with_a_byte_order_mark_plays_the_same(tmp_path: Path) -> None:
    source = SCENARIOS / "c34_chiting_priority.toml"
    marked = tmp_path / "marked.toml"
    marked.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    plain_run, marked_run = run_scenario(load_scenario(source)), run_scenario(load_scenario(marked))
    assert marked_run.ok and not marked_run.mismatches
    assert marked_run.events == plain_run.events


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_lesson_and_progress_files_are_refused_by_name(tmp_path: Path, case: str) -> None:
    from game.safe_read import MAX_LESSON_BYTES
    from game.tutorial.files import LessonError
    from game.tutorial.loader import read_document
    from game.tutorial.progress import load_progress, progress_file

    make, words = HOSTILE[case]
    lesson = tmp_path / "lesson.json"
    make(lesson, MAX_LESSON_BYTES)
    with pytest.raises(LessonError, match=words) as caught:
        read_document(lesson)
    assert str(caught.value).startswith(f"{lesson}: ")
    paths = AppPaths(tmp_path / "data", tmp_path / "config", tmp_path / "logs")
    progress = progress_file(paths)
    progress.parent.mkdir(parents=True)
    make(progress, 1024 * 1024)
    loaded = load_progress(paths)
    assert loaded.problems and loaded.problems[0].startswith(f"{progress}: ") and words in loaded.problems[0]
    assert loaded.kept_as is not None and os.path.lexists(loaded.kept_as)
