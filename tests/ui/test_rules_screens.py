"""The rules screen in both languages and the new-game rule list, drawn headless, in the room's words."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from game.core.rules import PRESETS
from game.glossary import Lang
from game.paths import asset
from game.rule_texts import load_rule_texts
from game.ui.kit.doc import TextItem, TilesItem
from game.ui.kit.theme import COLOURS
from game.ui.screens.new_game import NewGameScene, switches_markup
from game.ui.screens.rules import RulesScene
from tests.text_checks import problems

from .harness import click_widget, key, step
from .textfit import LANGS, SIZES, fit_app


def drawn_text(scene: Any) -> str:
    """Every text item of the laid-out document, in order."""
    assert scene.doc is not None
    return "\n".join(item.text for _, _, item in scene.doc.items if isinstance(item, TextItem))


def check_rules_document(scene: Any, lang: Lang) -> None:
    """The laid-out rules: its headings, every tile example drawn as tiles, no error lines."""
    source = asset("rules", f"rules.{lang}.md").read_text(encoding="utf-8")
    headings = [m.group(1) for m in re.finditer(r"^#+ (.+)$", source, re.M)]
    assert [text for _, text in scene.doc.headings] == headings
    tiles = [item for _, _, item in scene.doc.items if isinstance(item, TilesItem)]
    assert len(tiles) == len(re.findall(r"\[\[", source))  # every [[...]] became tiles
    errors = [i for _, _, i in scene.doc.items if isinstance(i, TextItem) and i.colour == COLOURS.ting]
    assert errors == []
    assert scene.doc.height > scene.view.h * 4  # a real document, not a "file missing" line


def test_the_rules_screen_lays_out_and_draws_both_languages(app: Any) -> None:
    click_widget(app, app.scenes.top.buttons["rules"])
    scene = app.scenes.top
    assert isinstance(scene, RulesScene) and scene.lang == "en"
    check_rules_document(scene, "en")
    assert "Declaring ready" in drawn_text(scene)
    key(app, pygame.K_END)  # the last part of the document is drawn too
    assert scene.scroll.offset == scene.scroll.max_offset > 0
    step(app, 2)
    toggle = next(btn for btn in scene.actions if btn.text == "中文")
    click_widget(app, toggle)
    assert scene.lang == "zh"
    check_rules_document(scene, "zh")
    assert "换宝" in drawn_text(scene)
    step(app, 2)
    # the contents list is the document's own sections
    assert [btn.text for btn in scene.toc][:3] == [t for _, t in scene.doc.headings[1:4]]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_new_game_rule_list_uses_room_words_for_every_preset(app: Any, lang: Lang) -> None:
    texts = load_rule_texts(lang)
    for preset, rules in PRESETS.items():
        markup = switches_markup(rules, texts)
        found = [p for line in markup.splitlines() for p in problems(line, lang)]
        assert not found, (preset, found)
        assert markup.count("\n- **") + markup.startswith("- **") == len(rules.differences())
    assert "Last-four draw" in switches_markup(PRESETS["standard"], load_rule_texts("en"))
    app.update_settings(save=False, language=lang)
    scene = NewGameScene(app)
    app.push(scene)
    step(app, 2)
    labels = {value: btn.text for btn, value in scene.segments["preset"]}
    assert labels == {p: texts.preset_name(p) for p in PRESETS}
    assert not any(re.search(r"\bS[0-4]\b", label) for label in labels.values())
    s4 = next(btn for btn, value in scene.segments["preset"] if value == "S4")
    click_widget(app, s4)
    assert scene.preset == "S4"
    source = scene.source()
    assert source == switches_markup(PRESETS["S4"], texts)
    assert "fenzhang" not in source and "last4" not in source and "_" not in source
    assert texts.describe("base_mobao", 4).label in source


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", [1.0, 1.3])
def test_every_preset_description_fits_its_box(
    isolated_home: Any, size: tuple[int, int], ui_scale: float
) -> None:
    from game.ui.kit.widgets import wrapped_height

    for lang in LANGS:
        with fit_app(size, lang, ui_scale) as app:
            scene = NewGameScene(app)
            app.push(scene)
            step(app)
            texts = load_rule_texts(lang)
            box = scene.preset_doc_rect
            for preset in PRESETS:
                height = wrapped_height(app.fonts, texts.presets[preset].doc, box.w, scene.px(15))
                assert height <= box.h, (lang, preset, height, box.h)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", [1.0, 1.3])
def test_the_rules_contents_list_has_every_section_at_every_size(
    isolated_home: Any, size: tuple[int, int], ui_scale: float
) -> None:
    """Issue 25: at 1280x720 the list once dropped its last two sections."""
    for lang in LANGS:
        with fit_app(size, lang, ui_scale) as app:
            scene = RulesScene(app)
            app.push(scene)
            step(app)
            assert scene.doc is not None
            assert [btn.text for btn in scene.toc] == [t for _, t in scene.doc.headings[1:]], (lang, size)
            bottoms = [btn.rect.bottom for btn in scene.toc]
            assert max(bottoms) <= scene.panel.bottom and bottoms == sorted(bottoms)
