"""Tweens and the animator, the sound bank under the dummy driver, the document format, UI labels."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.glossary import TERMS
from game.ui.kit.anim import EASINGS, Animator, Call, Group, Sequence, Tween, Wait, lerp
from game.ui.kit.doc import parse_doc, parse_tile_groups
from game.ui.kit.fonts import wrap_line
from game.ui.kit.sound import SoundBank
from game.ui.words.i18n import LEVELS, STRINGS, tr

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


class Box:
    x: float = 0.0


def test_easings_start_at_zero_and_end_at_one() -> None:
    for name, fn in EASINGS.items():
        assert fn(0.0) == pytest.approx(0.0, abs=1e-9), name
        assert fn(1.0) == pytest.approx(1.0, abs=1e-9), name


def test_tween_moves_a_target_and_reports_leftover() -> None:
    box = Box()
    done: list[bool] = []
    tween = Tween(0.0, 10.0, 1.0, EASINGS["linear"], target=box, attr="x", on_done=lambda: done.append(True))
    assert tween.update(0.5) == 0.0 and box.x == pytest.approx(5.0)
    assert tween.update(0.75) == pytest.approx(0.25)
    assert box.x == 10.0 and tween.done and done == [True]
    assert lerp((0.0, 0.0), (2.0, 4.0), 0.5) == (1.0, 2.0)


def test_sequence_carries_time_and_group_waits_for_all() -> None:
    log: list[str] = []
    a = Tween(0.0, 1.0, 0.2)
    seq = Sequence([a, Call(lambda: log.append("mid")), Wait(0.3), Call(lambda: log.append("end"))])
    seq.update(0.25)
    assert a.done and log == ["mid"]
    seq.update(0.3)
    assert seq.done and log == ["mid", "end"]
    g = Group([Tween(0.0, 1.0, 0.1), Tween(0.0, 1.0, 0.4)])
    g.update(0.2)
    assert not g.done
    g.update(0.3)
    assert g.done


def test_animator_speed_skip_and_off() -> None:
    box = Box()
    anim = Animator("slow")
    anim.add(Tween(0.0, 1.0, 1.0, EASINGS["linear"], target=box, attr="x"))
    anim.update(1.0)  # slow: half speed
    assert box.x == pytest.approx(0.5) and anim.busy
    assert anim.skip() and box.x == 1.0 and not anim.busy
    anim.set_speed("fast")
    anim.add(Tween(0.0, 2.0, 1.0, EASINGS["linear"], target=box, attr="x"))
    anim.update(0.25)
    assert box.x == pytest.approx(1.0)
    anim.set_speed("off")  # finishes what runs, and anything new ends at once
    assert box.x == 2.0
    anim.add(Tween(0.0, 3.0, 5.0, target=box, attr="x"))
    assert box.x == 3.0 and not anim.busy


def test_sound_is_silent_under_the_dummy_driver() -> None:
    pygame.init()
    try:
        bank = SoundBank(volume=0.5)
        assert not bank.enabled and "dummy" in bank.reason
        bank.start_synthesis(wait=True)
        assert bank.play("click") is False
        bank.apply(0.2, True)
        assert bank.muted and bank.volume == 0.2
    finally:
        pygame.quit()


def test_doc_parsing() -> None:
    blocks = parse_doc("# T\n\nPara one\nstill one\n\n- item\n> note\n[[123m 7z x]]\n```\n  raw  line\n```\n")
    assert [b.kind for b in blocks] == ["h1", "p", "bullet", "note", "tiles", "pre"]
    assert blocks[1].text == "Para one still one"
    assert parse_tile_groups("123m 7z x") == [[0, 1, 2], [27], [None]]
    zh = parse_doc("第一行\n第二行")
    assert zh[0].text == "第一行第二行"


def test_wrap_breaks_cjk_anywhere_and_keeps_punctuation_off_line_starts() -> None:
    lines = wrap_line("这是一段很长的中文，用来测试换行。", 5, len)
    assert all(len(line) <= 6 for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)
    assert "".join(lines) == "这是一段很长的中文，用来测试换行。"
    assert wrap_line("hello wide world", 11, len) == ["hello wide", "world"]


def test_a_number_is_never_parted_from_the_measure_word_after_it() -> None:
    # "换宝 1 次" at a width where "次" alone would start the next line: the 1 goes down with it
    assert wrap_line("胡，换宝 1 次", 7, len) == ["胡，换宝", "1 次"]
    assert wrap_line("共12局", 3, len) == ["共", "12局"]
    assert wrap_line("各 −3 分", 4, len) == ["各", "−3 分"]  # a signed number too
    assert wrap_line("1 2 3", 3, len) == ["1 2", "3"]  # numbers alone wrap as words


def test_every_label_has_both_languages_and_every_used_key_exists() -> None:
    for key, (zh, en) in STRINGS.items():
        assert zh.strip() and en.strip(), key
        for field in re.findall(r"{(\w+)}", zh):
            assert "{" + field + "}" in en, f"{key}: field {field} missing in English"
    used: set[str] = set()
    for path in UI.rglob("*.py"):
        used.update(
            re.findall(r"""\btr\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8"))
        )
    missing = sorted(k for k in used if k not in STRINGS)
    assert not missing, missing
    for level in LEVELS:
        assert f"level.{level}" in TERMS
    assert tr("newgame.length_value", "en", n=8) == "8 hands"


def test_rules_texts_exist_in_both_languages_with_valid_tiles() -> None:
    assets = UI.parents[1] / "assets" / "rules"
    headings = {}
    for lang in ("zh", "en"):
        blocks = parse_doc((assets / f"rules.{lang}.md").read_text(encoding="utf-8"))
        headings[lang] = [b for b in blocks if b.kind == "h2"]
        for b in blocks:
            for notation in re.findall(r"\[\[([^\]]*)\]\]", b.text) + ([b.text] if b.kind == "tiles" else []):
                parse_tile_groups(notation)
    assert len(headings["zh"]) == len(headings["en"]) >= 10
