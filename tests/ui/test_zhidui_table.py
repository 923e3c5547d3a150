"""The 支对 choice at the table, driven by posted mouse clicks and keys in a 大庆 match.

The deal (tests/ui/test_zhidui_choice.py): after 碰 on 下家's 5m, declaring 听 with 中 leaves a 对倒 on
8 Dots and 9 Bamboo. In 听 mode a click on 中 offers: no lock, lock 8 Dots, lock 9 Bamboo, each saying
what it means; a click on a tile that is no waiting pair is refused with the engine's reason; a choice
taken by mouse or by its number key declares 听 with that lock.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.tiles import kind_of
from game.glossary import term
from game.ui.app import App
from game.ui.table.scene import TableScene
from game.ui.table.zhidui import lock_items
from game.ui.words.zhidui import choice_words
from tests.table_fixtures import scripted_game, scripted_session
from tests.text_checks import problems
from tests.ui.harness import click_widget, key, step
from tests.ui.test_table import click_tile, make_app, settle, tile_index
from tests.ui.test_zhidui_choice import DQ_HAND, EIGHT_DOTS, NINE_BAMBOO, RED

ONE_DOT, ONE_CHAR = 9, 0


def daqing_table(
    lang: str = "en", size: tuple[int, int] = (1280, 720), scale: float = 1.0
) -> tuple[App, TableScene]:
    """The 大庆 deal on a table, up to the player's 听 discard (the 碰 made by mouse), in 听 mode."""
    from game.core.rules import PRESETS

    app = make_app(lang=lang, size=size, ui_scale=scale)
    game = scripted_game(player_hand=DQ_HAND, rules=PRESETS["DQ"])
    table = TableScene(app, scripted_session(game, saves_dir=app.paths.saves_dir))
    app.push(table)
    settle(app, table)
    click_tile(app, table, ONE_DOT)
    settle(app, table)
    click_widget(app, table.controls.bar.buttons["peng"], frames=2)
    settle(app, table)
    key(app, pygame.K_t)
    assert table.controls.mode == "ting"
    return app, table


@pytest.fixture
def daqing() -> Iterator[tuple[App, TableScene]]:
    app, table = daqing_table()
    yield app, table
    app.shutdown()
    pygame.quit()


def open_choice(app: App, table: TableScene) -> None:
    """Click 中 in 听 mode: the 支对 choice opens."""
    click_tile(app, table, RED)
    step(app, 2)
    assert table.controls.mode == "zhidui"


def test_the_choice_is_offered_with_what_each_lock_means_and_taken_by_mouse(daqing: Any) -> None:
    app, table = daqing
    open_choice(app, table)
    locks = table.controls.locks
    assert [c.pair for c in locks] == [None, EIGHT_DOTS, NINE_BAMBOO]
    assert table.controls.status_text() == "Lock a pair?"
    drawn = " ".join(
        item.text for item in lock_items(table, table.controls.locks, table.controls.bar) if item.text
    )
    for choice in locks:
        label, meaning = choice_words(choice, "en")
        assert label in drawn and meaning in drawn, (label, meaning, drawn)
    assert "Lock the 8 Dots pair Only 8 Dots wins, as a kadang (pays double)" in drawn
    assert "No lock Waiting on 8 Dots and 9 Bamboo; not a kadang" in drawn
    assert len(table.controls.bar.choice_buttons) == 3
    assert [
        tile.tile
        for tile in lock_items(table, table.controls.locks, table.controls.bar)
        if tile.tile is not None
    ][2:] == [EIGHT_DOTS] * 2 + [NINE_BAMBOO] * 2
    # the pairs are what the hand offers to click; the other tiles are dimmed
    playable = table.controls.playable() or []
    assert {kind_of(t) for t in playable} == {EIGHT_DOTS, NINE_BAMBOO, RED}
    # a refused lock: 1 Character is no waiting pair, and the engine says so
    click_tile(app, table, ONE_CHAR)
    assert table.controls.mode == "zhidui"
    assert table.overlays.toast is not None and table.overlays.toast.text == term(
        "refusal.zhidui_not_a_pair", "en"
    )
    assert not table.shown.ting[0]
    # lock 8 Dots with the mouse on its button
    click_widget(app, table.controls.bar.choice_buttons[1][0], frames=2)
    settle(app, table)
    view = table.driver.host.view()
    assert view.ting[0]
    assert [(w.kind, w.kadang) for w in view.waits] == [(EIGHT_DOTS, True)]


def test_the_choice_by_keys_esc_goes_back_and_a_pair_is_locked_by_its_number(daqing: Any) -> None:
    app, table = daqing
    open_choice(app, table)
    key(app, pygame.K_ESCAPE)
    assert table.controls.mode == "ting" and not table.controls.locks
    # choose 中 with the arrow keys and Enter, then lock 9 Bamboo with its number
    table.controls.selected = None
    for _ in range(tile_index(table, RED) + 1):
        key(app, pygame.K_RIGHT, frames=1)
    assert table.controls.selected == tile_index(table, RED)
    key(app, pygame.K_RETURN)
    assert table.controls.mode == "zhidui"
    key(app, pygame.K_3)
    settle(app, table)
    view = table.driver.host.view()
    assert [(w.kind, w.kadang) for w in view.waits] == [(NINE_BAMBOO, True)]


def test_a_pair_clicked_in_the_hand_is_locked_and_the_discard_again_declares_without_a_lock() -> None:
    for target, expected in (
        (NINE_BAMBOO, [(NINE_BAMBOO, True)]),
        (RED, [(EIGHT_DOTS, False), (NINE_BAMBOO, False)]),
    ):
        app, table = daqing_table(lang="zh")
        try:
            open_choice(app, table)
            assert table.controls.status_text() == "支对：扣下哪一对？"
            click_tile(app, table, target)
            settle(app, table)
            waits = [(w.kind, w.kadang) for w in table.driver.host.view().waits]
            assert waits == expected
        finally:
            app.shutdown()
            pygame.quit()


@pytest.mark.slow  # a text-fit check at every size: not in the fast lane
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_choice_fits_its_column_in_both_languages(size: tuple[int, int], lang: str) -> None:
    for scale in (1.0, 1.3):
        app, table = daqing_table(lang=lang, size=size, scale=scale)
        try:
            open_choice(app, table)
            area = table.layout.action_area
            buttons = [btn.rect for btn, _ in table.controls.bar.choice_buttons]
            assert len(buttons) == 3, (size, scale)
            for rect in buttons:
                assert area.contains(rect), (size, scale, rect, area)
            assert not any(
                claim.visible for claim in table.controls.bar.buttons.values()
            )  # the choice takes their place
            assert not any(a.colliderect(b) for a, b in itertools.combinations(buttons, 2))
            items = lock_items(table, table.controls.locks, table.controls.bar)
            for item in items:
                assert area.contains(item.rect), (size, scale, item)
                if item.text:
                    assert not problems(item.text, lang), item.text
            for a, b in itertools.combinations(items, 2):
                assert not a.rect.colliderect(b.rect), (size, scale, a, b)
            for item in items[1:]:  # every word of a choice lies inside its own button
                if not any(r.contains(item.rect) for r in buttons):
                    assert item.rect.bottom <= buttons[0].top, (size, scale, item)
            table.draw(app.screen)
            key(app, pygame.K_ESCAPE)  # back to 听 mode: the claim bar is back
            assert table.controls.mode == "ting" and all(
                claim.visible for claim in table.controls.bar.buttons.values()
            )
        finally:
            app.shutdown()
            pygame.quit()
