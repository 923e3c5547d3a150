"""The rule card: the rules screen's room rules and the new-game setup show, for the chosen preset, every
switch that differs from the Harbin standard in the room's words, with its line and its tile example.

Driven with posted clicks and keys on the dummy display, in Chinese and English; the fit test lays the
card out at three window sizes, three UI scales and both languages and fails if a text or a tile row
leaves the card's column or lies over another.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.rules import PRESETS, RULE_KEYS, STANDARD, RuleError, RuleSet, rule_choices
from game.glossary import Lang
from game.paths import app_paths
from game.rule_texts import load_rule_texts
from game.settings import Settings
from game.ui.app import App
from game.ui.kit.doc import DocLayout, TilesItem
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene, switches_markup
from game.ui.screens.rule_card import card_boxes, card_text
from game.ui.screens.rule_card_scene import RuleCardScene
from game.ui.screens.rules import MATCH, RulesScene
from tests.text_checks import problems
from tests.ui.textfit import LANGS, SCALES, SIZES, fit_app, widget_problems, widgets

from .harness import click_widget, key, step


def every_switch_changed() -> RuleSet:
    """A custom rule set with every switch it can turn away from the standard turned (the longest card)."""
    rules = STANDARD
    for name in RULE_KEYS:
        current, choices = getattr(STANDARD, name), rule_choices(name)
        value = next((c for c in choices if c != current), None) if choices else current + 16
        try:
            rules = rules.replace(**{name: value})
        except RuleError:
            continue
    return rules


def joined(doc: DocLayout, lang: Lang) -> str:
    """The card's text lines as one text (wrapped lines joined back)."""
    return ("" if lang == "zh" else " ").join(card_text(doc))


def check_card(doc: DocLayout, rules: RuleSet, preset: str, lang: Lang) -> None:
    """The laid-out card is the preset's name and exactly its differing switches, each with its words
    and its tile example, and nothing internal."""
    texts = load_rule_texts(lang)
    lines = texts.card(rules)
    assert lines, preset
    text = joined(doc, lang)
    assert card_text(doc)[0] == texts.preset_name(preset)
    for line in lines:
        assert line.label in card_text(doc), line
        assert line.doc in text, line
    tiles = [item for _, _, item in doc.items if isinstance(item, TilesItem)]
    assert len(tiles) == sum(1 for line in lines if line.tiles)
    for row in card_text(doc):
        assert not problems(row, lang), (row, problems(row, lang))
    for name in RULE_KEYS:
        if "_" in name:
            assert name not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_rules_screen_shows_the_daqing_card_by_mouse_and_keys(app: Any, lang: Lang) -> None:
    app.update_settings(save=False, language=lang)
    step(app)
    click_widget(app, app.scenes.top.buttons["rules"])
    scene = app.scenes.top
    assert isinstance(scene, RulesScene) and scene.mode == "text"
    tab = next(btn for btn, mode in scene.tabs.items() if mode == "card")
    click_widget(app, tab)
    assert scene.mode == "card" and scene.choices  # the presets down the left
    daqing = next(btn for btn, choice in scene.choices.items() if choice == "DQ")
    click_widget(app, daqing)
    assert scene.choice == "DQ" and daqing.is_selected
    assert scene.doc is not None
    check_card(scene.doc, PRESETS["DQ"], "DQ", lang)
    red_dragon = load_rule_texts(lang).describe("hongzhong_bao", True).label
    assert red_dragon == {"zh": "红中满天飞", "en": "Red Dragon wins as bao"}[lang]
    # the keys scroll the card to its end (its last switch is drawn there)
    key(app, pygame.K_END)
    assert scene.scroll.offset == scene.scroll.max_offset > 0
    step(app, 2)
    # the other language's card, and back to the full rules
    other: Lang = "en" if lang == "zh" else "zh"
    toggle = next(btn for btn in scene.actions if btn.text == ("English" if other == "en" else "中文"))
    click_widget(app, toggle)
    assert scene.lang == other and scene.mode == "card"
    check_card(scene.doc, PRESETS["DQ"], "DQ", other)
    click_widget(app, next(btn for btn, mode in scene.tabs.items() if mode == "text"))
    assert scene.mode == "text" and len(scene.doc.headings) > 5


def test_the_rules_screen_opens_on_the_match_being_played() -> None:
    app = App(app_paths().ensure(), Settings(language="zh", animation_speed="off"), persist=False)
    try:
        app.push(MainMenu(app))
        rules = PRESETS["DQ"].replace(cap=32)
        app.nav.rules(match=("custom", rules))
        step(app)
        scene = app.scenes.top
        assert isinstance(scene, RulesScene) and scene.mode == "card"
        assert scene.choice == MATCH
        first = next(iter(scene.choices))
        assert first.text == "本局：自定规则" and first.is_selected
        assert scene.doc is not None
        check_card(scene.doc, rules, "custom", "zh")
        assert "封顶 32 分" in card_text(scene.doc)
        click_widget(app, next(btn for btn, choice in scene.choices.items() if choice == "standard"))
        assert card_text(scene.doc)[:2] == ["哈尔滨标准", "没有与哈尔滨标准不同的规则"]
    finally:
        app.shutdown()


def open_setup(app: Any, lang: Lang, preset: str) -> NewGameScene:
    """From the main menu in ``lang``: the new-game setup, with ``preset`` clicked."""
    app.update_settings(save=False, language=lang)
    step(app)
    click_widget(app, app.scenes.top.buttons["new_game"])
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    click_widget(app, next(btn for btn, value in scene.segments["preset"] if value == preset))
    assert scene.preset == preset
    return scene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_new_game_setup_shows_the_card_of_the_chosen_preset(app: Any, lang: Lang) -> None:
    scene = open_setup(app, lang, "DQ")
    assert scene.rule_view == "card" and scene.doc is not None
    check_card(scene.doc, PRESETS["DQ"], "DQ", lang)
    # the standard has nothing that differs, and says so; then, not an empty column, the options rooms
    # change most (two or more presets change them) at the standard's values, each with its words
    click_widget(app, next(btn for btn, value in scene.segments["preset"] if value == "standard"))
    text = joined(scene.doc, lang)
    said = {
        "zh": "按哈尔滨标准规则打：每一条都和「规则」页写的一样。",
        "en": "Played by the Harbin standard rules, each one as the Rules page describes it.",
    }[lang]
    assert said in text
    texts = load_rule_texts(lang)
    changes = [r.differences(STANDARD) for r in PRESETS.values()]
    options = [name for name in RULE_KEYS if sum(name in changed for changed in changes) >= 2]
    assert len(options) >= 4
    for name in options:
        line = texts.describe(name, getattr(STANDARD, name))
        assert line.label in card_text(scene.doc) and line.doc in text, name
        assert text.index(line.doc) > text.index(said)
    others = [name for name in RULE_KEYS if name not in options]
    assert not any(texts.describe(name, getattr(STANDARD, name)).doc in text for name in others[:5])
    # the other tab lists every switch of the chosen preset
    click_widget(app, next(btn for btn, value in scene.segments["preset"] if value == "DQ"))
    click_widget(app, next(btn for btn, value in scene.segments["rule_view"] if value == "all"))
    assert scene.rule_view == "all"
    texts = load_rule_texts(lang)
    assert scene.source() == switches_markup(PRESETS["DQ"], texts)
    assert texts.describe("hongzhong_bao", True).label in "\n".join(card_text(scene.doc))


def overlaps(boxes: list[tuple[str, pygame.Rect]]) -> list[str]:
    """Every pair of a card's texts and tile rows that lie over each other."""
    return [
        f"{a!r} {ra} over {b!r} {rb}"
        for (a, ra), (b, rb) in itertools.combinations(boxes, 2)
        if ra.colliderect(rb)
    ]


def check_fit(scene: Any, where: str) -> None:
    """The card inside its column and its panel, nothing over anything, every widget whole and apart."""
    doc = scene.doc
    assert doc is not None and doc.width == scene.view.w
    boxes = card_boxes(scene.app.fonts, doc)
    outside = [f"{text!r} {rect}" for text, rect in boxes if rect.x < 0 or rect.right > doc.width]
    assert not outside, (where, outside)
    assert not overlaps(boxes), (where, overlaps(boxes))
    assert scene.panel.contains(scene.view), where
    assert not widget_problems(scene, scene.app.size), (where, widget_problems(scene, scene.app.size))
    assert not any(w.rect.colliderect(scene.view) for w in widgets(scene)), (where, "a widget over the card")


@pytest.mark.slow  # a text-fit check at every size: not in the fast lane
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_fits_at_every_size_scale_and_language(
    isolated_home: Path, size: tuple[int, int], ui_scale: float, lang: str
) -> None:
    with fit_app(size, lang, ui_scale) as app:
        app.push(MainMenu(app))
        rules = RulesScene(app, match=("custom", every_switch_changed()), mode="card")
        app.push(rules)
        for choice in (MATCH, "DQ", "S4"):
            rules.choice = choice
            rules.relayout()
            check_fit(rules, f"rules {choice}")
        app.scenes.top.draw(app.screen)
        app.pop()
        setup = NewGameScene(app)
        app.push(setup)
        assert setup.left.contains(setup.seed_entry.rect), "the seed box leaves the setup panel"
        for preset in ("DQ", "S1"):
            setup.preset = preset
            setup.relayout()
            check_fit(setup, f"new game {preset}")
        setup.draw(app.screen)
        for preset, rules in (("DQ", PRESETS["DQ"]), ("custom", every_switch_changed())):
            card = RuleCardScene(app, preset, rules)
            app.push(card)
            check_fit(card, f"match start {preset}")
            assert card.panel.contains(card.play_button.rect)
            card.draw(app.screen)
            app.pop()
    pygame.quit()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_daqing_match_starts_with_its_rule_card_and_a_standard_one_without(app: Any, lang: Lang) -> None:
    from game.ui.table.scene import TableScene

    setup = open_setup(app, lang, "DQ")
    click_widget(app, next(btn for btn in setup.actions if btn.text == setup.app.tr("newgame.start")))
    card = app.scenes.top
    assert isinstance(card, RuleCardScene) and isinstance(app.scenes.scenes[-2], TableScene)
    check_card(card.doc, PRESETS["DQ"], "DQ", lang)
    table = app.scenes.scenes[-2]
    events = len(table.driver.cursor)
    step(app, 30)  # the table waits under the card: nothing is played or shown
    assert app.scenes.top is card
    assert len(table.driver.cursor) == events
    key(app, pygame.K_END)
    assert card.scroll.offset == card.scroll.max_offset > 0  # the card is longer than its panel
    key(app, pygame.K_RETURN)
    assert app.scenes.top is table
    # a standard match goes straight to the table
    table.leave()
    step(app, 2)
    setup = open_setup(app, lang, "standard")
    click_widget(app, next(btn for btn in setup.actions if btn.text == setup.app.tr("newgame.start")))
    assert isinstance(app.scenes.top, TableScene)


def test_wrapping_keeps_a_closing_bracket_and_its_full_stop_off_a_line_start() -> None:
    from game.ui.kit.fonts import wrap_line

    assert wrap_line("甲乙丙（丁）。", 5, len) == ["甲乙丙（", "丁）。"]
    assert wrap_line("甲乙丙丁戊。", 5, len) == ["甲乙丙丁", "戊。"]
