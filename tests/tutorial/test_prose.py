"""Prose the engine checks (issue 24): placeholders filled from the table, stated numbers that nothing backs
refused with file and line, ``tutorial check --json FILE``, and the wordings a learner read wrong."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.tiles import format_kinds, kind_of, parse_kinds
from game.tutorial.check import check_lesson
from game.tutorial.facts import claim_problems
from game.tutorial.lesson import Lesson, parse_lesson
from game.tutorial.loader import lessons_dir, load_course, read_document
from game.tutorial.runner import LessonRunner


def lesson(lesson_id: str) -> Lesson:
    return next(e.lesson for e in load_course() if e.lesson is not None and e.lesson.id == lesson_id)


def kaimen_copy(tmp_path: Path, old: str, new: str) -> Path:
    """The kaimen lesson in a temporary file with one text changed."""
    text = (lessons_dir() / "03-kaimen.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "03-kaimen.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_check_takes_json_before_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "03-kaimen.toml"
    shutil.copy(lessons_dir() / "03-kaimen.toml", path)
    code, out = run(capsys, "tutorial", "check", "--json", str(path))
    assert code == 0
    assert [r["id"] for r in json.loads(out)["lessons"]] == ["kaimen"]
    code, out = run(capsys, "tutorial", "check", str(path), "--json")
    assert code == 0 and json.loads(out)["lessons"][0]["ok"] is True


def test_a_payment_no_check_backs_is_refused_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = kaimen_copy(
        tmp_path,
        "You are the dealer and hold four {4p}.",
        "You are the dealer and hold four {4p}. Closed hands pay 2, doubled to 4.",
    )
    code, out = run(capsys, "tutorial", "check", "--json", str(path))
    row = json.loads(out)["lessons"][0]
    assert code == 1 and row["ok"] is False
    line = next(
        i + 1 for i, t in enumerate(path.read_text(encoding="utf-8").splitlines()) if "doubled to 4" in t
    )
    assert any(f"03-kaimen.toml:{line}:" in e and "payment of 4" in e for e in row["errors"]), row["errors"]
    assert any("payment of 2" in e for e in row["errors"])


def test_a_tile_count_in_digits_is_refused_and_the_placeholder_is_the_tables(tmp_path: Path) -> None:
    path = kaimen_copy(tmp_path, "你是庄家，手里有四张{4p}。", "你是庄家，牌墙只剩12张，手里有四张{4p}。")
    parsed = parse_lesson(read_document(path), path.name)
    problems = claim_problems(parsed, path.read_text(encoding="utf-8"), path.name)
    assert any("03-kaimen.toml:27:" in p and "12 tiles left" in p and "{wall_left}" in p for p in problems)
    runner = LessonRunner(lesson("fenzhang"))
    runner.advance()
    assert runner.step is not None and runner.step.id == "intro"
    state = runner.game.state
    shown = state.live_count - state.kept_back  # what the table's wall count shows ("余 n")
    words = runner.coach()
    assert words is not None
    assert f"余 {shown}" in words.render("zh") and f"shows {shown} left" in words.render("en")
    assert "只剩12张" not in words.render("zh")


def test_a_payment_placeholder_before_the_hand_is_settled_is_reported(tmp_path: Path) -> None:
    path = kaimen_copy(
        tmp_path,
        "You are the dealer and hold four {4p}.",
        "You are the dealer and hold four {4p}. You get {payment:E}.",
    )
    errors = check_lesson(parse_lesson(read_document(path), path.name))
    assert any("step intro: {payment:E} has no value" in e for e in errors), errors


def test_placeholders_render_the_tables_rates_and_payments() -> None:
    runner = LessonRunner(lesson("scoring"))
    runner.advance()
    words = runner.coach()
    assert words is not None
    rules = runner.game.state.rules
    zh = words.render("zh")
    assert f"点炮胡{rules.base_dianpao}分" in zh and f"宝中宝{rules.base_baozhongbao}分" in zh
    assert "{" not in zh and "{" not in words.render("en")
    for _ in range(40):
        if runner.step is not None and runner.step.id == "paid":
            break
        runner.skip_step()
        runner.advance()
    words = runner.coach()
    assert words is not None and "一共9分" in words.render("zh") and "9 in all" in words.render("en")


def test_kaimen_says_nothing_the_table_does_not_show() -> None:
    texts = [s.coach.render(lang) for s in lesson("kaimen").steps if s.coach for lang in ("zh", "en")]
    assert not any("亮给大家看了" in t or "now shown to everyone" in t for t in texts)


@pytest.mark.parametrize(
    ("lesson_id", "zh", "en"),
    [
        ("calls", "吃听", "makes you ready"),  # chi only from the previous player, except a chi to ready
        ("chiting", "只有胡比它更优先", "only a win ranks higher"),  # R15: 胡 outranks it
        (
            "kadang",
            "{789m}加一对{88m}也算",
            "plus a pair of {88m} still counts",
        ),  # R32: 7889 reads as 789 + 88
    ],
)
def test_the_ideas_say_the_exception(lesson_id: str, zh: str, en: str) -> None:
    idea = lesson(lesson_id).idea
    assert zh in idea.zh and en in idea.en


def test_the_step_texts_say_the_exception() -> None:
    chiting = next(s for s in lesson("chiting").steps if s.expect and s.coach and "46m" in s.coach.zh)
    assert chiting.coach is not None and "只有胡比它更优先" in chiting.coach.zh
    assert "only a win ranks higher" in chiting.coach.en
    intro = next(s for s in lesson("kadang").steps if s.id == "intro")
    assert intro.coach is not None and "头或尾" in intro.coach.zh and "first or last tile" in intro.coach.en
    bzb = [s.coach for s in lesson("baozhongbao").steps if s.coach and "12" in s.coach.zh]
    assert bzb and any("标准规则" in t.zh and "standard rules" in t.en for t in bzb)
    assert not any("哈尔滨麻将最大的胡" in t.zh or "biggest win in Harbin mahjong" in t.en for t in bzb)


def test_a_tile_called_the_bao_that_nothing_backs_is_refused_with_file_and_line(tmp_path: Path) -> None:
    runner = LessonRunner(lesson("kaimen"))
    runner.advance()
    bao = runner.game.state.bao
    assert bao is not None
    wrong = next(code for code in ("1m", "2m") if parse_kinds(code)[0] != kind_of(bao))
    path = kaimen_copy(
        tmp_path,
        "You are the dealer and hold four {4p}.",
        "You are the dealer and hold four {4p}. The bao is {" + wrong + "}.",
    )
    errors = check_lesson(
        parse_lesson(read_document(path), path.name), None, path.read_text("utf-8"), path.name
    )
    line = next(
        i + 1 for i, t in enumerate(path.read_text(encoding="utf-8").splitlines()) if "The bao is" in t
    )
    assert any(f"03-kaimen.toml:{line}:" in e and f"says {wrong} is the bao" in e for e in errors), errors
    right = kaimen_copy(
        tmp_path,
        "You are the dealer and hold four {4p}.",
        "You are the dealer and hold four {4p}. The bao is {" + format_kinds([kind_of(bao)]) + "}.",
    )
    errors = check_lesson(
        parse_lesson(read_document(right), right.name), None, right.read_text("utf-8"), right.name
    )
    assert not any("is the bao" in e for e in errors)
