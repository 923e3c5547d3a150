"""Command-line answers to bad input: exit 2 and one line naming the argument or file and the problem."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game.cli.main import main
from game.cli.selfplay import MAX_HANDS, MAX_MATCH_HANDS, MAX_SEEDS
from tests.fuzz_files import HUGE_NUMBER, samples

SCENARIOS = Path(__file__).parent / "scenarios"


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line a refused command prints on stderr (after checking exit 2 and nothing else)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, (code, out, err)
    assert lines[0].startswith("harbin-mahjong: error: ") and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("hands", ["0", "-3", str(MAX_MATCH_HANDS + 1)])
def test_simulate_match_hands_out_of_range(capsys: pytest.CaptureFixture[str], hands: str) -> None:
    line = refused(capsys, "simulate", "--hands", "1", "--match-hands", hands)
    assert f"--match-hands {hands}: must be 1-{MAX_MATCH_HANDS}" in line


def test_simulate_hands_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "simulate", "--hands", "1000000000000")
    assert f"--hands 1000000000000: must be at least 1 and at most {MAX_HANDS:,}" in line


def test_simulate_save_replays_at_a_file_or_under_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder")
    line = refused(capsys, "simulate", "--hands", "1", "--save-replays", str(a_file))
    assert f"--save-replays {a_file}: is a file, not a folder" in line
    below = a_file / "replays"
    line = refused(capsys, "simulate", "--hands", "1", "--save-replays", str(below))
    assert f"--save-replays {below}: cannot write there (Not a directory)" in line


def test_simulate_saves_replays_into_a_good_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(["simulate", "--hands", "1", "--match-hands", "1", "--save-replays", str(tmp_path / "r")])
    capsys.readouterr()
    assert code == 0 and [p.name for p in (tmp_path / "r").iterdir()] == ["match-0.jsonl"]


def test_tournament_seeds_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys, "tournament", "--challenger", "normal", "--baseline", "random", "--seeds", "0-1000000000000"
    )
    assert f"--seeds 0-1000000000000: 1,000,000,000,001 seeds; at most {MAX_SEEDS:,} in one run" in line


def test_score_rule_amounts_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys, "score", "--win", "zimo", "--winner", "E", "--rule", "base_zimo=99999999999999999999999"
    )
    assert "rule base_zimo=99999999999999999999999: an amount must be 0-10000" in line


def test_score_dafeng_needs_the_rule_that_allows_it(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "score", "--win", "dafeng", "--winner", "E")
    assert "--win dafeng: 大风 wins are off under these rules (rule dafeng=off" in line
    assert main(["score", "--win", "dafeng", "--winner", "E", "--rules", "S4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(out["payments"].values()) == 0 and out["payments"]["E"] > 0


@pytest.mark.parametrize(
    ("tiles", "words"),
    [
        ("10p", "unknown tile 0p in '10p': each digit is one tile, ranks run 1-9"),
        ("123m 4507s", "unknown tile 0s in '4507s'"),
        ("17z", "unknown tile 1z in '17z'"),
    ],
)
def test_analyze_names_the_written_tiles(capsys: pytest.CaptureFixture[str], tiles: str, words: str) -> None:
    assert words in refused(capsys, "analyze", tiles)


def _scenario_json(tmp_path: Path, **change: object) -> Path:
    doc = tomllib.loads((SCENARIOS / "c34_chiting_priority.toml").read_text(encoding="utf-8"))
    doc.update(change)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rules": ["x"]}, "unknown rule preset ['x']"),
        ({"expect": {"payments": [1]}}, "expect.payments must be a table of seat = points"),
        ({"actions": "N discard 5m"}, "actions must be a list"),
        ({"seed": "7"}, "seed must be a whole number"),
    ],
)
def test_scenario_run_with_wrong_types(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], words: str
) -> None:
    path = _scenario_json(tmp_path, **change)
    line = refused(capsys, "scenario", "run", str(path))
    assert f"{path}: {words}" in line


@pytest.mark.parametrize("text", ["", "\n# nothing\n"])
def test_scenario_run_refuses_an_empty_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(text, encoding="utf-8")
    assert f"{path}: the file is empty" in refused(capsys, "scenario", "run", str(path))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"seed": ' + HUGE_NUMBER + "}", "a number with too many digits"),
        ('{"seed": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
        ("title = " + "[" * 50_000 + "]" * 50_000, "nested too deeply"),
    ],
)
def test_scenario_run_on_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / ("s.toml" if content.startswith("title") else "s.json")
    path.write_text(content, encoding="utf-8")
    assert f"{path}: {words}" in refused(capsys, "scenario", "run", str(path))
    assert "/dev/zero: a device, not a scenario file" in refused(capsys, "scenario", "run", "/dev/zero")
    assert f"{tmp_path}: a folder, not a scenario file" in refused(capsys, "scenario", "run", str(tmp_path))


def test_files_with_a_byte_order_mark_are_accepted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = tmp_path / "bom.toml"
    scenario.write_bytes(b"\xef\xbb\xbf" + (SCENARIOS / "c34_chiting_priority.toml").read_bytes())
    assert main(["scenario", "run", str(scenario), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    replay = tmp_path / "bom.jsonl"
    replay.write_bytes(b"\xef\xbb\xbf" + samples()["replay"][0].data)
    assert main(["replay", "verify", str(replay), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


@pytest.mark.parametrize("target", ["/dev/zero", "folder", "huge"])
def test_replay_commands_refuse_hostile_files_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str
) -> None:
    if target == "folder":
        path = str(tmp_path)
    elif target == "huge":
        huge = tmp_path / "huge.jsonl"
        huge.write_text(
            samples()["replay"][0].data.decode().replace('"seat":', f'"seat":{HUGE_NUMBER},"x":', 1)
        )
        path = str(huge)
    else:
        path = target
    for action in ("verify", "show"):
        code = main(["replay", action, path])
        out, err = capsys.readouterr()
        assert code != 0 and "Traceback" not in err
        assert f"{path}: " in out + err
