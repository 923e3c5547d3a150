"""``harbin-mahjong replay …``: the exact command forms, their JSON shapes, and bad input (exit 2, one
line on stderr) kept apart from a replay that reads but breaks a rule (exit 1, FAIL on stdout)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.core.actions import Discard
from game.core.tiles import kind_code
from game.replay.logfile import load_log
from game.replay.share import decode_code
from game.replay.walk import walk
from game.replay.whatif import resolve_source
from game.safe_read import MAX_LOG_BYTES
from tests.replay.helpers import SAVES, write_match

SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def bad_input(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must refuse its input: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("harbin-mahjong: error: "), err
    return err


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "replays"
    out.mkdir()
    write_match(out, "mine", 71, levels=("novice", "greedy", "normal", "greedy"), hands=2, person=0)
    write_match(out, "theirs", 72, levels=("greedy",) * 4, hands=1)
    return out


def test_list_json(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    data = run_json(capsys, "replay", "list", "--dir", str(folder))
    assert set(data) == {"replays"} and len(data["replays"]) == 2
    for row in data["replays"]:
        assert {"file", "created", "finished", "hands", "players", "preset", "scores"} <= set(row)
        assert isinstance(row["file"], str) and Path(row["file"]).parent == folder
        assert isinstance(row["created"], str) and isinstance(row["finished"], bool)
        assert is_int(row["hands"]) and isinstance(row["preset"], str)
        assert len(row["players"]) == 4 and all(isinstance(p, str) for p in row["players"])
        assert len(row["scores"]) == 4 and all(is_int(s) for s in row["scores"])
    mine = next(r for r in data["replays"] if r["file"].endswith("mine.jsonl"))
    assert (
        mine["players"] == ["human", "greedy", "normal", "greedy"] and mine["finished"] and mine["hands"] == 2
    )


def test_list_defaults_to_the_players_folder(
    capsys: pytest.CaptureFixture[str], folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    folder.rename(home / "data" / "replays")
    monkeypatch.setenv("HARBIN_MAHJONG_HOME", str(home))
    data = run_json(capsys, "replay", "list")
    assert sorted(Path(r["file"]).name for r in data["replays"]) == ["mine.jsonl", "theirs.jsonl"]
    assert "no such folder" in bad_input(capsys, "replay", "list", "--dir", str(tmp_path / "nowhere"))


def test_list_samples_adds_the_shipped_replays_with_each_hands_note(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    data = run_json(capsys, "replay", "list", "--dir", str(folder), "--samples")
    rows = data["replays"]
    own = [r for r in rows if not r["sample"]]
    samples = [r for r in rows if r["sample"]]
    assert rows == own + samples and len(own) == 2
    shipped = sorted(p.name for p in SAMPLE.parent.glob("*.jsonl"))
    assert sorted(Path(r["file"]).name for r in samples) == shipped
    bao = next(r for r in samples if "mobao" in r["file"])
    assert [n["outcome"] for n in bao["hand_notes"]] == ["mobao", "baozhongbao", "mobao", "ron"]
    assert [n["hand"] for n in bao["hand_notes"]] == [1, 2, 3, 4]
    assert [n["bao_replaced"] for n in bao["hand_notes"]] == [0, 0, 0, 1]
    assert all(len(r["hand_notes"]) == r["hands"] for r in rows)
    plain = run_json(capsys, "replay", "list", "--dir", str(folder))
    assert not any(r["sample"] for r in plain["replays"]) and len(plain["replays"]) == 2
    # the samples' own folder as --dir: each file once
    same = run_json(capsys, "replay", "list", "--dir", str(SAMPLE.parent), "--samples")
    assert sorted(Path(r["file"]).name for r in same["replays"]) == shipped


def test_show_json_gives_the_header_and_the_events_as_in_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "replay", "show", str(SAMPLE))
    assert set(data) == {"header", "events"}
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    assert data["events"] == [json.loads(line) for line in lines[1:]]
    assert data["header"]["version"] == 2 and data["header"]["players"] == ["expert"] * 4


def test_show_prints_each_event_after_its_number_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", "show", str(SAMPLE))
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[1:]
    printed = out.splitlines()
    assert code == 0 and len(printed) == len(lines)
    for number, (row, line) in enumerate(zip(printed, lines, strict=True)):
        shown, tab, event = row.partition("\t")
        assert shown == str(number) and tab and json.loads(event) == json.loads(line)


def test_show_warns_on_stderr_about_a_torn_last_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    torn = tmp_path / "torn.jsonl"
    text = SAMPLE.read_text(encoding="utf-8")
    torn.write_text(text + '{"type":"tile_dr', encoding="utf-8")
    code, out, err = run(capsys, "replay", "show", str(torn))
    assert code == 0 and out.count("\n") == len(text.splitlines()) - 1
    assert "warning" in err and "incomplete last line" in err and err.count("\n") == 1


def test_missing_or_unreadable_files_exit_2_and_invalid_ones_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unreadable = {
        str(tmp_path / "missing.jsonl"): "no such file",
        str(tmp_path): "a folder, not a replay file",
        "/dev/zero": "a device, not a replay file",
    }
    for name, problem in unreadable.items():
        assert problem in bad_input(capsys, "replay", "show", name)
        code, out, err = run(capsys, "replay", "verify", name)  # verify says FAIL for the file and goes on
        assert code == 1 and out == f"FAIL {name}: {problem}\n" and err == ""
    huge = tmp_path / "huge.jsonl"
    huge.write_bytes(b" " * (MAX_LOG_BYTES + 1))
    assert "too big for a replay file" in bad_input(capsys, "replay", "show", str(huge))
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
    assert run(capsys, "replay", "verify", str(bom))[0] == 0
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b"\xff\xfe" + SAMPLE.read_bytes())
    code, out, err = run(capsys, "replay", "verify", str(latin))
    assert code == 1 and out.startswith("FAIL") and "not UTF-8" in out and err == ""
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"format": "harbin-mahjong-log", "version": 2}\n{"type": "tile_drawn", "seat": "x"}\n{}\n'
    )
    for action in ("verify", "show"):
        code, out, err = run(capsys, "replay", action, str(bad))
        assert code == 1 and out.startswith("FAIL") and "bad.jsonl: line 2" in out and err == ""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    lines[5], lines[6] = lines[6], lines[5]
    swapped = tmp_path / "swapped.jsonl"
    swapped.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "replay", "verify", str(swapped))
    assert code == 1 and "FAIL" in out


def test_verify_checks_every_file_and_says_one_line_for_each(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "good.jsonl"
    good.write_bytes(SAMPLE.read_bytes())
    torn_header = tmp_path / "bad.jsonl"
    torn_header.write_text('{"format": "harbin-mahjong-log"')
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header.update(version=2, players=["expert"] * 7, hands=-5)
    liar = tmp_path / "liar.jsonl"
    liar.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    names = [good, torn_header, tmp_path / "gone.jsonl", liar, good]
    code, out, err = run(capsys, "replay", "verify", *map(str, names))
    got = out.splitlines()
    assert code == 1 and err == "" and len(got) == len(names), out
    assert got[0].startswith(f"ok   {good}: ") and got[4] == got[0]
    assert (
        got[1].startswith(f"FAIL {torn_header}: line 1")
        and got[2] == f"FAIL {tmp_path / 'gone.jsonl'}: no such file"
    )
    assert got[3].startswith(f"FAIL {liar}: line 1: the header's") and "differ" in got[3]
    data = json.loads(run(capsys, "replay", "verify", *map(str, names), "--json")[1])
    assert [f["ok"] for f in data["files"]] == [True, False, False, False, True] and not data["ok"]
    assert run(capsys, "replay", "verify", str(good), str(good))[0] == 0
    assert run(capsys, "replay", "verify")[0] == 2  # no file at all is a usage error


def test_show_of_a_file_with_only_its_header_says_there_are_no_events(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    only = tmp_path / "only-header.jsonl"
    only.write_text('{"format": "harbin-mahjong-log", "version": 2}\n', encoding="utf-8")
    code, out, err = run(capsys, "replay", "show", str(only))
    assert code == 0 and err == "" and out == f"{only}: no events (the file holds only its header)\n"
    assert json.loads(run(capsys, "replay", "show", str(only), "--json")[1])["events"] == []


def test_an_over_long_code_on_stdin_is_refused_with_its_real_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.replay.share import MAX_CODE_CHARS

    for length in (MAX_CODE_CHARS + 1, MAX_CODE_CHARS + 12_345, 3 * MAX_CODE_CHARS):
        monkeypatch.setattr("sys.stdin", io.StringIO("\n  HM1." + "A" * (length - 4) + "\n"))
        err = bad_input(capsys, "replay", "import", "-", "--out", str(tmp_path / "x.jsonl"))
        assert f"too long ({length:,} characters; at most {MAX_CODE_CHARS:,})" in err
        err = bad_input(capsys, "replay", "import", "HM1." + "A" * (length - 4), "--out", str(tmp_path / "x"))
        assert f"too long ({length:,} characters" in err
    assert not (tmp_path / "x.jsonl").exists()


def test_code_and_import_round_trip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "replay", "code", str(SAMPLE))
    assert code == 0 and err == "" and out.count("\n") == 1
    share = out.strip()
    loaded = load_log(SAMPLE)
    assert decode_code(share) == (loaded.header, loaded.events)
    back = tmp_path / "back.jsonl"
    data = run_json(capsys, "replay", "import", share, "--out", str(back))
    assert data == {"out": str(back), "events": len(loaded.events), "hands": 4}
    assert load_log(back).events == loaded.events and load_log(back).header == loaded.header
    monkeypatch.setattr("sys.stdin", io.StringIO(share + "\n"))
    again = tmp_path / "again.jsonl"
    code, out, _ = run(capsys, "replay", "import", "-", "--out", str(again))
    assert code == 0 and again.read_bytes() == back.read_bytes()
    assert "damaged" in bad_input(
        capsys, "replay", "import", share[:-3] + "zzz", "--out", str(tmp_path / "x")
    )
    assert "not a Harbin" in bad_input(capsys, "replay", "import", "hello", "--out", str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()
    assert "no such file" in bad_input(capsys, "replay", "code", str(tmp_path / "none.jsonl"))


def test_review_json(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    path = folder / "mine.jsonl"
    data = run_json(capsys, "replay", "review", str(path), "--seat", "0", "--level", "strong")
    assert {"seat", "level", "agreement", "decisions"} <= set(data)
    assert data["seat"] == 0 and data["level"] == "strong" and 0 <= data["agreement"] <= 1
    events = run_json(capsys, "replay", "show", str(path))["events"]
    for d in data["decisions"]:
        assert {"index", "hand", "played", "best", "agree", "reason"} <= set(d)
        assert set(d["reason"]) >= {"zh", "en"} and d["reason"]["zh"] and d["reason"]["en"]
        assert d["agree"] == (d["played"] == d["best"])
        assert events[d["index"]].get("seat") == 0  # the event that records the decision
        assert events[d["index"]]["type"] in ("tile_discarded", "call_declared", "call_passed", "gang", "hu")
    same = run_json(capsys, "replay", "review", str(SAMPLE), "--seat", "W")
    assert same["seat"] == 2 and same["level"] == "expert" and same["agreement"] == 1.0
    assert "--seat" in bad_input(capsys, "replay", "review", str(path), "--seat", "7")
    assert "unknown player" in bad_input(capsys, "replay", "review", str(path), "--seat", "0", "--level", "x")


def test_whatif_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loaded = load_log(SAMPLE)
    step = next(
        s for s in walk(loaded.events) if s.seat == 1 and isinstance(s.action, Discard) and s.index > 100
    )
    assert isinstance(step.action, Discard)
    recorded = step.action.tile >> 2
    other = next(f"discard {kind_code(t >> 2)}" for t in step.before.hands[1] if t >> 2 != recorded)
    out = tmp_path / "branch.jsonl"
    args = ("replay", "whatif", str(SAMPLE), "--at", str(step.index), "--play", other, "--out", str(out))
    data = run_json(capsys, *args)
    assert set(data) == {"out", "diverged_at", "events"}
    assert data["out"] == str(out) and data["diverged_at"] == step.index
    original = run_json(capsys, "replay", "show", str(SAMPLE))["events"]
    assert data["events"][: step.index] == original[: step.index]
    assert data["events"][step.index]["type"] == "tile_discarded"
    assert data["events"] == run_json(capsys, "replay", "show", str(out))["events"]
    code, verified, _ = run(capsys, "replay", "verify", str(out))
    assert code == 0 and verified.startswith("ok")
    header = load_log(out).header
    assert header["kind"] == "branch" and header["branch"]["index"] == step.index
    assert resolve_source(out, header) == SAMPLE and header["branch"]["played"] == other
    refused = bad_input(capsys, *args[:5], "--play", "hu", "--out", str(tmp_path / "no.jsonl"))
    assert "refused" in refused and not (tmp_path / "no.jsonl").exists()
    assert "not a decision" in bad_input(
        capsys,
        "replay",
        "whatif",
        str(SAMPLE),
        "--at",
        "1",
        "--play",
        "pass",
        "--out",
        str(tmp_path / "n.jsonl"),
    )
    source = tmp_path / "source.jsonl"
    source.write_bytes(SAMPLE.read_bytes())
    same = ("replay", "whatif", str(source), *args[3:7], "--out", str(source))
    assert "being branched" in bad_input(capsys, *same)
    assert source.read_bytes() == SAMPLE.read_bytes()
    random_on = run_json(capsys, *args[:7], "--players", "random", "--out", str(tmp_path / "r.jsonl"))
    assert random_on["diverged_at"] == step.index
    for outside in ("-1", "-5", str(len(loaded.events)), str(len(loaded.events) + 3)):
        err = bad_input(capsys, *args[:4], outside, *args[5:7], "--out", str(tmp_path / "o.jsonl"))
        assert f"event {outside} is not in the replay" in err
    assert not (tmp_path / "o.jsonl").exists()


def test_a_branch_names_its_source_so_that_it_still_resolves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "match.jsonl").write_bytes(SAMPLE.read_bytes())
    step = next(s for s in walk(load_log(SAMPLE).events) if s.seat == 0 and isinstance(s.action, Discard))
    assert isinstance(step.action, Discard)
    recorded = step.action.tile >> 2
    other = next(f"discard {kind_code(t >> 2)}" for t in step.before.hands[0] if t >> 2 != recorded)
    at = ("--at", str(step.index), "--play", other)
    monkeypatch.chdir(tmp_path)  # the source given as a relative path, from another folder than the branch's
    run_json(capsys, "replay", "whatif", "games/match.jsonl", *at, "--out", "games/beside.jsonl")
    assert load_log(games / "beside.jsonl").header["branch"]["source"] == "match.jsonl"  # moves with it
    games.rename(tmp_path / "moved")
    moved = tmp_path / "moved"
    assert (
        resolve_source(moved / "beside.jsonl", load_log(moved / "beside.jsonl").header)
        == moved / "match.jsonl"
    )
    (tmp_path / "elsewhere").mkdir()
    run_json(capsys, "replay", "whatif", "moved/match.jsonl", *at, "--out", "elsewhere")  # into a folder
    (branch,) = (tmp_path / "elsewhere").iterdir()
    monkeypatch.chdir(moved)  # wherever the program runs from
    assert resolve_source(branch, load_log(branch).header) == moved / "match.jsonl"


def test_stats_json(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    data = run_json(capsys, "replay", "stats", "--dir", str(folder))
    assert data["seat"] == "human" and data["games"] == 1 and data["hands"] == 2
    for key in ("points_per_hand", "win_rate", "mobao", "baozhongbao", "kadang", "deal_in_rate_ready",
                "deal_in_rate_not_ready", "by_opponent_level"):  # fmt: skip
        assert key in data
    assert set(data["by_opponent_level"]) == {"greedy", "normal"}
    one_seat = run_json(capsys, "replay", "stats", "--dir", str(folder), "--seat", "N")
    assert one_seat["games"] == 2 and one_seat["seat"] == "3"
    code, out, _ = run(capsys, "replay", "stats", "--dir", str(folder))
    assert code == 0 and "the person: 1 games" in out


def test_every_action_needs_its_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    bad_input(capsys, "replay")
    bad_input(capsys, "replay", "frobnicate")
    bad_input(capsys, "replay", "import", "HM1.x")
    bad_input(capsys, "replay", "whatif", str(SAMPLE), "--at", "x", "--play", "pass", "--out", "o")
    bad_input(capsys, "replay", "review", str(SAMPLE))
