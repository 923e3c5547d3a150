"""The command line's machine-readable contracts and its handling of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main

SCENARIOS = Path(__file__).parent / "scenarios"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_analyze_a_ready_hand(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", "234s 7889m", "--meld", "chi:123m", "--meld", "peng:555p")
    assert data["shanten"] == 0
    assert data["listen_allowed"] is True
    assert data["blockers"] == []
    assert data["waits"] == [{"tile": "8m", "kadang": True}]


def test_analyze_takes_the_tiles_as_one_word_or_several(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_json(capsys, "analyze", "234s 7889m", "--meld", "chi:123m", "--meld", "peng:555p")
    several = run_json(capsys, "analyze", "234s", "7889m", "--meld", "chi:123m", "--meld", "peng:555p")
    assert several == one
    assert one["tiles"] == "234s 7889m"
    assert one["melds"] == ["chi:123m", "peng:555p"]


def test_analyze_reports_blockers(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", "123m 789s 55s 68p", "--meld", "angang:4444p")
    assert data["listen_allowed"] is False
    assert data["blockers"] == ["not_open"]
    assert data["waits"] == []
    data = run_json(capsys, "analyze", "555s 77s 88m", "--meld", "peng:111m", "--meld", "peng:999p")
    assert data["blockers"] == ["no_sequence"]


def test_analyze_not_ready_hand_has_shanten(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", "1m 4m 7m 1p 4p 7p 1s 4s 7s 2m 5p 8s 7z")
    assert data["shanten"] > 0
    assert data["blockers"][0] == "not_open" and "not_ready" in data["blockers"]


def test_analyze_fourteen_tiles_lists_discards(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "analyze", "234s 7889m 5p", "--meld", "chi:123m", "--meld", "peng:555p")
    assert data["complete"] is False
    by_tile = {d["tile"]: d for d in data["discards"]}  # type: ignore[union-attr]
    assert by_tile["5p"]["waits"] == [{"tile": "8m", "kadang": True}]
    assert by_tile["5p"]["listen_allowed"] is True
    data = run_json(capsys, "analyze", "234s 78889m", "--meld", "chi:123m", "--meld", "peng:555p")
    assert data["complete"] is True


def test_analyze_rules_and_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "analyze",
        "12m 456s 99p",
        "--meld",
        "chi:234p",
        "--meld",
        "peng:777s",
        "--rule",
        "kadang_edge_3_7=true",
    )
    assert data["waits"] == [{"tile": "3m", "kadang": True}]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["analyze", "234x"], "unknown character"),
        (["analyze", "8z 123m"], "8z"),
        (["analyze", "11111m 23456789p"], "5 copies of 1m"),
        (["analyze", "123m"], "wrong tile count"),
        (["analyze", "234s 7889m", "--meld", "chi:124m"], "chi"),
        (["analyze", "234s 7889m 123m 555p", "--rule", "no_such_rule=1"], "unknown rule key"),
        (["analyze", "234s 7889m 123m 555p", "--rules", "S9"], "unknown rule preset"),
        (["analyze", "234s 7889m 123m 555p", "--rule", "rotation=sideways"], "must be one of"),
        (["score", "--win", "ron", "--winner", "X", "--discarder", "E"], "seat 'X'"),
        (["score", "--win", "ron", "--winner", "E"], "needs --discarder"),
        (["score", "--win", "zimo", "--winner", "E", "--discarder", "S"], "takes no --discarder"),
        (["score", "--win", "ron", "--winner", "E", "--discarder", "E"], "cannot be the winner"),
        (["score", "--win", "flower", "--winner", "E"], "invalid choice"),
        (["score", "--win", "zimo", "--winner", "S", "--menqing", "S"], "the winner cannot be 门清"),
        (
            [
                "score", "--win", "ron", "--winner", "S", "--discarder", "W",
                "--discarder-listening", "--menqing", "W",
            ],
            "a ready discarder is not 门清",
        ),
        (["score", "--win", "zimo", "--winner", "E", "--rule", "base_zimo=-1"], "an amount must be 0-10000"),
        (["score", "--win", "zimo", "--winner", "E", "--rule", "kadang_mult=0"], "must be 1-100"),
        (["simulate", "--hands", "0"], "at least 1"),
        (["simulate", "--players", "random,random"], "one player kind or four"),
        (["simulate", "--players", "wizard"], "unknown player"),
        (["scenario", "run", "no/such/file.toml"], "no such file"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], err
    assert "Traceback" not in err


def test_score_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "score",
        "--win",
        "ron",
        "--winner",
        "S",
        "--discarder",
        "W",
        "--discarder-listening",
        "--kadang",
        "--menqing",
        "EN",
    )
    assert data["payments"] == {"E": -6, "S": 14, "W": -2, "N": -6}
    items = data["items"]
    assert isinstance(items, list) and sum(i["amount"] for i in items) == 14
    assert {i["payee"] for i in items} == {"S"} and {"payer", "payee", "amount", "reason"} <= set(items[0])


def test_score_not_ready_discarder_covers(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "--win", "ron", "--winner", "E", "--discarder", "N", "--menqing", "W,S")
    assert data["payments"] == {"E": 9, "S": 0, "W": 0, "N": -9}
    covers = [i for i in data["items"] if i["reason"] == "covers"]  # type: ignore[union-attr]
    assert {c["for"] for c in covers} == {"S", "W"}


def test_score_liable_dealer_and_presets(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "--win", "zimo", "--winner", "S", "--dealer", "E", "--dealer-liable")
    assert data["payments"] == {"E": -6, "S": 6, "W": 0, "N": 0}
    data = run_json(capsys, "score", "--win", "mobao", "--winner", "E", "--rules", "S4")
    assert data["payments"] == {"E": 12, "S": -4, "W": -4, "N": -4}
    data = run_json(capsys, "score", "--win", "baozhongbao", "--winner", "W", "--kadang")
    assert data["payments"]["W"] == 36  # type: ignore[index]


def test_simulate_contract(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = run_json(
        capsys, "simulate", "--hands", "6", "--seed", "3", "--check", "--save-replays", str(tmp_path)
    )
    assert data["hands"] == 6
    assert data["invariant_violations"] == 0
    assert set(data) >= {"hands", "seconds", "hands_per_second", "scores", "outcomes", "invariant_violations"}
    assert sum(data["outcomes"].values()) == 6  # type: ignore[union-attr]
    assert sum(data["scores"].values()) == 0  # type: ignore[union-attr]
    files = sorted(tmp_path.glob("*.jsonl"))
    assert files
    code, out, _ = run(capsys, "replay", "verify", *map(str, files))
    assert code == 0 and out.count("ok") == len(files)


def test_replay_verify_rejects_a_tampered_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run_json(capsys, "simulate", "--hands", "1", "--seed", "5", "--save-replays", str(tmp_path))
    path = next(tmp_path.glob("*.jsonl"))
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"tile_discarded"' in line)
    event = json.loads(lines[index])
    event["seat"] = (event["seat"] + 1) % 4
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "replay", "verify", str(path))
    assert code == 1 and "FAIL" in out and f"event {index - 1}" in out


def test_replay_verify_names_a_broken_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"format": "harbin-mahjong-log", "version": 1}\n{"type": "tile_drawn", "seat": "x"}\n{}\n'
    )
    code, out, _ = run(capsys, "replay", "verify", str(path))
    assert code == 1 and "bad.jsonl: line 2" in out


def test_scenario_run_contract(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "scenario", "run", str(SCENARIOS / "c34_chiting_priority.toml"))
    assert data["ok"] is True
    assert data["payments"] == {"E": -2, "S": -3, "W": 7, "N": -2}
    types = [e["type"] for e in data["events"]]  # type: ignore[union-attr]
    assert types[0] == "match_started" and "settled" in types


def test_scenario_refused_action_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (SCENARIOS / "c34_chiting_priority.toml").read_text().replace('"W ting 2s"', '"W discard 2s"')
    path = tmp_path / "refused.toml"
    path.write_text(text)
    code, out, _ = run(capsys, "scenario", "run", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and "must_declare_ting" in data["error"]


def test_shipped_sample_replays_verify(capsys: pytest.CaptureFixture[str]) -> None:
    samples = sorted((Path(__file__).parent.parent / "saves").glob("*.jsonl"))
    assert samples
    code, out, _ = run(capsys, "replay", "verify", *map(str, samples))
    assert code == 0 and out.count("ok") == len(samples)
