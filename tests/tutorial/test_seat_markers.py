"""Lessons name seats by markers rendered from the person's seat, and the check refuses a wind or a seat
letter naming a seat, with the file and line; the drills name seats the same way."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.cli.main import main
from game.tutorial.drills import make_drill
from game.tutorial.lesson import texts_of
from game.tutorial.loader import lessons_dir, load_course
from game.tutorial.text import Text, read_text, seat_name_hits, word_problems

WINDS = re.compile(r"[东南西北]家|\b(?:East|South|West|North)\b")


def test_seat_markers_render_from_the_persons_seat_capitalised_where_an_english_sentence_starts() -> None:
    text = Text(
        "{xiajia}打出了{5m}，{duijia}和{shangjia}没有碰；{you}吃。", "{xiajia} discarded {5m}. Ask {duijia}!"
    )
    assert text.render("zh") == "下家打出了五萬，对家和上家没有碰；你吃。"
    assert text.render("en") == "The next player discarded 5 Characters. Ask the opposite player!"
    assert text.segments("en") == ["The next player discarded ", (4,), ". Ask the opposite player!"]
    assert Text("{shangjia}", "Then {shangjia}: {you}.").render("en") == "Then the previous player: you."
    assert read_text({"zh": "{xiajia}", "en": "{xiajia}"}, "x") == Text("{xiajia}", "{xiajia}")
    assert text.markers("en") == {"5m"}  # seat markers are not tiles
    assert word_problems(Text("{xiajia}打出{5m}", "{shangjia} discarded {5m}"), "x") == [
        "x: the Chinese and English texts name different seats"
    ]


def test_winds_and_seat_letters_naming_a_seat_are_found_in_both_languages() -> None:
    text = Text("北家打出了{5m}；按东、南、西、北轮流；S 家", "North discarded; seat S; East")
    found = seat_name_hits(text)
    assert [(lang, words) for lang, _, words in found] == [
        ("zh", "北家"),
        ("zh", "东、南、西、北"),
        ("zh", "S"),
        ("en", "North"),
        ("en", "S"),
        ("en", "East"),
    ]
    # tiles, wind tiles and seat markers are not seat names
    fine = Text("没有东南西北风牌，{xiajia}打{5s}", "no wind tiles; {xiajia} discards {5s}")
    assert seat_name_hits(fine) == []


def test_tutorial_check_refuses_a_lesson_naming_a_seat_by_a_wind_with_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = (lessons_dir() / "09-huanbao.toml").read_text(encoding="utf-8")
    bad = source.replace("{shangjia}已经打出过一张{9m}", "北家已经打出过一张{9m}").replace(
        "{xiajia} discarded another {9m}", "South discarded another {9m}"
    )
    assert bad != source
    path = tmp_path / "09-huanbao.toml"
    path.write_text(bad, encoding="utf-8")
    code = main(["tutorial", "check", str(path), "--json"])
    rows = json.loads(capsys.readouterr().out)["lessons"]
    assert code == 1 and not rows[0]["ok"]
    lines = bad.splitlines()
    zh_line = next(i for i, line in enumerate(lines, 1) if "北家已经" in line)
    en_line = next(i for i, line in enumerate(lines, 1) if "South discarded another" in line)
    errors = [e for e in rows[0]["errors"] if "names a seat by a wind" in e]
    assert len(errors) == 2
    assert errors[0].startswith(f"09-huanbao.toml:{zh_line}: steps.look.coach.zh:") and "'北家'" in errors[0]
    assert errors[1].startswith(f"09-huanbao.toml:{en_line}: steps.two.coach.en:") and "'South'" in errors[1]
    assert all("{xiajia}" in e for e in errors)  # the error says what to write instead
    shutil.copy(lessons_dir() / "09-huanbao.toml", path)  # the shipped file passes
    assert main(["tutorial", "check", str(path)]) == 0
    capsys.readouterr()


def test_no_shipped_lesson_text_names_a_seat_by_a_wind_or_a_letter() -> None:
    for entry in load_course():
        assert entry.lesson is not None
        for where, text in texts_of(entry.lesson):
            assert not seat_name_hits(text), (entry.file, where)
            assert not WINDS.search(text.render("zh") + text.render("en")), (entry.file, where)


@pytest.mark.parametrize("kind", ["payment", "bao"])
def test_drills_name_seats_from_the_persons_seat_never_by_a_wind(kind: str) -> None:
    said: set[str] = set()
    for index in range(40):
        drill = make_drill(kind, 11, index)
        for field in ("question", "explanation"):
            for lang in ("zh", "en"):
                words = drill[field][lang]
                assert not WINDS.search(words), (drill["id"], field, lang, words)
                said.update(w for w in ("下家", "对家", "上家") if w in words)
            english = drill[field]["en"]
            assert not re.search(r"\b[Yy]ou (?:wins|pays|gets|discards|has|is)\b", english), english
            assert not re.search(r"\b[Yy]ou pay \d+ \(its own", english), english
    assert {"下家", "对家", "上家"} <= said
