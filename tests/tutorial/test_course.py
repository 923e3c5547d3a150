"""The shipped course: every lesson plays through the engine (``tutorial check``), in the issue's order,
with a wrong move the engine explains; a broken file never hides the others; every why-not has a lesson."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.analysis.ting import BLOCKER_CODES
from game.core.refusals import MESSAGES
from game.tutorial.check import check_lesson
from game.tutorial.files import LessonError
from game.tutorial.lesson import parse_lesson
from game.tutorial.links import load_links, refusal_codes
from game.tutorial.loader import lesson_files, lessons_dir, load_course, read_document
from game.tutorial.text import Text, word_problems

COURSE = (
    "basics", "calls", "kaimen", "tingpai", "chiting", "kadang",
    "mobao", "baozhongbao", "huanbao", "jiehu", "fenzhang", "scoring",
)  # fmt: skip
GAME = Path(__file__).resolve().parents[2] / "game"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_tutorial_check_passes_on_the_shipped_course(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tutorial", "check", "--json")
    data = json.loads(out)
    assert code == 0, (data, err)
    assert [row["id"] for row in data["lessons"]] == list(COURSE)
    assert all(row["ok"] and row["errors"] == [] for row in data["lessons"])
    assert data["links"]["ok"] is True


def test_tutorial_list_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tutorial", "list", "--json")
    assert code == 0
    lessons = json.loads(out)["lessons"]
    assert [x["id"] for x in lessons] == list(COURSE)
    for item in lessons:
        assert set(item) == {"id", "file", "title", "topics", "requires", "steps"}
        assert (lessons_dir() / item["file"]).is_file()
        assert item["title"]["zh"] and item["title"]["en"] and item["steps"] > 3
    by_id = {x["id"]: x for x in lessons}
    assert {"kaimen"} <= set(by_id["kaimen"]["topics"])
    assert "baozhongbao" in by_id["baozhongbao"]["topics"] and "huanbao" in by_id["huanbao"]["topics"]


def test_every_lesson_has_a_wrong_move_the_engine_refuses_and_a_next_pointer() -> None:
    entries = load_course()
    for entry in entries:
        lesson = entry.lesson
        assert lesson is not None, entry.error
        refused = [m for s in lesson.steps for m in s.mistakes if m.refusal is not None]
        assert refused, f"{lesson.id}: no wrong move answered by the engine's why-not"
        last = lesson.steps[-1].coach
        assert last is not None
        if lesson.id != COURSE[-1]:
            assert "下一课" in last.zh and "Next lesson" in last.en, lesson.id
        assert lesson.drills, f"{lesson.id}: no drill to end on"


def test_a_broken_lesson_is_listed_with_its_reason_and_the_others_still_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "03-kaimen.toml"
    shutil.copy(lessons_dir() / "03-kaimen.toml", good)
    bad = tmp_path / "04-bad.toml"
    text = (lessons_dir() / "03-kaimen.toml").read_text(encoding="utf-8")
    text = text.replace('expect = "discard 9p"', 'expect = "discard 2s"').replace(
        'id = "kaimen"', 'id = "bad"'
    )
    bad.write_text(text.replace("order = 3", "order = 40"), encoding="utf-8")
    syntax = tmp_path / "05-syntax.toml"
    syntax.write_text("id = \n", encoding="utf-8")
    code, out, _ = run(capsys, "tutorial", "check", str(good), str(bad), str(syntax), "--json")
    rows = {r["file"]: r for r in json.loads(out)["lessons"]}
    assert code == 1
    assert rows["03-kaimen.toml"]["ok"] is True
    assert rows["04-bad.toml"]["ok"] is False
    assert any("discard 2s" in e and "not legal" in e for e in rows["04-bad.toml"]["errors"])
    assert rows["05-syntax.toml"]["ok"] is False and "not valid TOML" in rows["05-syntax.toml"]["errors"][0]


def test_an_unreadable_file_exits_2_with_one_line_and_the_rest_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "x.toml"
    binary.write_bytes(b"\xff\xfe\x00junk")
    code, out, err = run(
        capsys, "tutorial", "check", str(binary), str(lessons_dir() / "01-basics.toml"), "--json"
    )
    assert code == 2
    rows = json.loads(out)["lessons"]
    assert [r["ok"] for r in rows] == [True, False]
    assert err.count("\n") == 1 and "x.toml" in err and "UTF-8" in err
    code, _, err = run(capsys, "tutorial", "check", str(tmp_path / "missing.toml"))
    assert code == 2 and "no such file" in err


def test_bad_command_line_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["tutorial", "teach"],
        ["tutorial", "list", "x.toml"],
        ["drill", "--kind", "nope"],
        ["drill", "--kind", "ting", "--count", "0"],
        ["drill", "--kind", "ting", "--seed", "x"],
    ):
        code, out, err = run(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, (args, err)


def test_every_engine_refusal_and_blocker_links_to_an_existing_lesson() -> None:
    links = load_links()
    assert links.missing() == []
    assert links.unknown_lessons(set(COURSE)) == []
    in_code = {reason.partition(".")[0] for reason in MESSAGES}  # every reason the engine gives
    assert len(in_code) >= 20, "no refusal codes found in game/core"
    for path in (GAME / "core").rglob("*.py"):  # and no reason is made outside the table
        if path.name not in ("actions.py", "refusals.py"):
            assert not re.search(r"Refusal\(", path.read_text(encoding="utf-8")), path
    assert in_code <= set(links.refusals), in_code - set(links.refusals)
    assert set(refusal_codes()) <= set(links.refusals)
    assert set(BLOCKER_CODES) == set(links.blockers)


def test_the_links_file_refuses_unknown_codes(tmp_path: Path) -> None:
    bad = tmp_path / "_refusals.toml"
    bad.write_text('[refusal]\nno_such_code = "basics"\n', encoding="utf-8")
    with pytest.raises(LessonError, match="no_such_code"):
        load_links(bad)


def test_lesson_files_are_read_guarded(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * 300_000)
    with pytest.raises(LessonError, match="too big for a lesson file"):
        read_document(big)
    bom = tmp_path / "bom.toml"
    bom.write_bytes("\ufeffid = 'x'\n".encode())
    assert read_document(bom) == {"id": "x"}
    assert all(p.suffix == ".toml" and not p.name.startswith("_") for p in lesson_files())


def test_schema_errors_name_the_file_and_place() -> None:
    data = read_document(lessons_dir() / "03-kaimen.toml")
    data["steps"][1]["expect"] = "angang"
    data["steps"][2]["spotlight"] = [{"button": "win"}]
    with pytest.raises(LessonError, match=r"k\.toml: steps\[2\]\.spotlight\[0\]\.button"):
        parse_lesson(data, "k.toml")
    data = read_document(lessons_dir() / "03-kaimen.toml")
    data["topics"] = ["kaimen", "not_a_word"]
    with pytest.raises(LessonError, match="not_a_word"):
        parse_lesson(data, "k.toml")


def test_the_check_finds_a_false_claim_and_an_unreachable_part() -> None:
    data = read_document(lessons_dir() / "06-kadang.toml")
    for step in data["steps"]:
        if "check" in step and "payments" in step["check"]:
            step["check"]["payments"]["E"] = 12  # a claim the engine does not bear out
    data["parts"]["never"] = [{"coach": {"zh": "没用", "en": "Unused"}}]
    errors = check_lesson(parse_lesson(data, "k.toml"))
    assert any("check failed: payments" in e for e in errors), errors
    assert any("part 'never' is never reached" in e for e in errors), errors


def test_the_words_check_catches_what_players_must_not_see() -> None:
    assert word_problems(Text("胡了{5m}", "You win on {5m}."), "x") == []
    assert word_problems(Text("胡", "That is a ron"), "x")
    assert word_problems(Text("胡", "Declare 听 now"), "x")
    assert word_problems(Text("胡", "Now you are listening"), "x")
    assert word_problems(Text("自摸和了", "self-drawn win"), "x")
    assert word_problems(Text("截和", "cut off"), "x") == []  # the proper name the glossary keeps
    assert word_problems(Text("打{5m}", "discard {6m}"), "x")  # different tiles in the two languages
