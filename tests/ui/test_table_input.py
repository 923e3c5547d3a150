"""The table's input never misfires: hovering never arms Enter, the keyboard selection starts on the drawn
tile at every draw, Enter with nothing selected discards the drawn tile, a double-click plays one move.

Every test posts real mouse and key events on the dummy display and asserts what the game did.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.actions import Peng
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.table_fixtures import scripted_session
from tests.ui.harness import click, key, step
from tests.ui.test_table import make_app, settle, tile_index


@pytest.fixture
def table_app() -> Iterator[tuple[App, TableScene]]:
    """The scripted deal on a table (English UI, animations off, no AI pause)."""
    app = make_app()
    table = TableScene(app, scripted_session())
    app.push(table)
    yield app, table
    app.shutdown()
    pygame.quit()


def move_mouse(app: App, pos: tuple[int, int]) -> None:
    """Post a mouse movement and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


def slot_centre(table: TableScene, index: int) -> tuple[int, int]:
    slot = table.layout.hand_slot(index)
    assert slot is not None
    return slot.rect.center


def next_draw(app: App, table: TableScene) -> int:
    """Pass every call offered (Space) until the player has drawn a tile and must discard; the drawn tile."""
    for _ in range(12):
        settle(app, table)
        shown = table.shown
        if shown.phase == "discard" and shown.turn == 0 and shown.drawn is not None:
            return shown.drawn
        key(app, pygame.K_SPACE)
    raise AssertionError("the player never drew")


def last_discard(table: TableScene) -> int:
    return table.driver.host.view().rivers[0][-1].tile


def test_enter_after_a_click_discards_the_draw_not_the_tile_now_under_the_still_mouse(
    table_app: tuple[App, TableScene],
) -> None:
    """The reported bug: click a tile, leave the mouse still, press Enter on the next turn."""
    app, table = table_app
    settle(app, table)
    first = tile_index(table, 0)  # 1m, the leftmost tile
    click(app, slot_centre(table, first), frames=1)
    assert last_discard(table) >> 2 == 0
    drawn = next_draw(app, table)
    # the mouse has not moved: the tile now under it is another one (the hand shifted left)
    assert table.frame.hand_ids[first] != drawn
    key(app, pygame.K_RETURN)
    assert last_discard(table) == drawn


def test_hovering_never_arms_enter(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    settle(app, table)
    click(app, slot_centre(table, tile_index(table, 9)), frames=1)  # 1p
    drawn = next_draw(app, table)
    hovered = tile_index(table, 1)  # 2m
    move_mouse(app, slot_centre(table, hovered))
    assert table.controls.hover == hovered  # the hovered tile is lifted ...
    assert table.controls.selected_tile == drawn  # ... but the keyboard selection stays on the draw
    key(app, pygame.K_RETURN)
    assert last_discard(table) == drawn
    step(app, 2)
    assert table.controls.hover is not None  # the tile now under the still pointer is lifted
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    step(app)
    assert table.controls.hover is None  # the pointer left the window


def test_the_keyboard_selection_starts_on_the_drawn_tile_at_every_draw(
    table_app: tuple[App, TableScene],
) -> None:
    app, table = table_app
    settle(app, table)
    click(app, slot_centre(table, tile_index(table, 9)), frames=1)
    drawn = next_draw(app, table)
    assert table.controls.selected_tile == drawn
    assert table.controls.selected == table.frame.index_of(drawn)
    key(app, pygame.K_LEFT)  # one to the left of the draw: the last tile of the sorted hand
    chosen = table.frame.hand_ids[-2]
    assert table.controls.selected_tile == chosen
    key(app, pygame.K_RETURN)
    assert last_discard(table) == chosen
    drawn = next_draw(app, table)
    assert table.controls.selected_tile == drawn  # the next draw: back on the drawn tile


def test_enter_with_nothing_selected_discards_the_drawn_tile(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    settle(app, table)
    click(app, slot_centre(table, tile_index(table, 9)), frames=1)
    drawn = next_draw(app, table)
    table.controls.selected_tile = None
    key(app, pygame.K_RETURN)
    assert last_discard(table) == drawn


def test_a_double_click_discards_once(table_app: tuple[App, TableScene]) -> None:
    """Two quick clicks on one spot are one discard, even when the next turn comes before the second."""
    app, table = table_app
    settle(app, table)
    pos = slot_centre(table, tile_index(table, 9))
    click(app, pos, frames=1)
    discards = len(table.driver.host.view().rivers[0])
    for _ in range(400):  # the next draw arrives without the table's clock moving on
        app.step(0.0)
        shown = table.shown
        if table.controls.decision_token is not None and not table.busy:
            if shown.phase == "discard" and shown.drawn is not None:
                break
            key(app, pygame.K_SPACE, frames=0)
    else:
        raise AssertionError("the player never drew")
    click(app, pos, frames=1)  # the second click of the double-click
    assert len(table.driver.host.view().rivers[0]) == discards
    step(app, 30)  # half a second later the same spot is a new click
    click(app, pos, frames=1)
    assert len(table.driver.host.view().rivers[0]) == discards + 1


def test_after_a_call_to_ready_the_controls_stay_in_ting_mode(table_app: tuple[App, TableScene]) -> None:
    """The engine's duty (declare 听 after 碰听) keeps the controls in 听 mode: neither Esc nor a mode switch
    leaves it, and a plain discard is refused with the engine's reason."""
    app, table = table_app
    settle(app, table)
    click(app, slot_centre(table, tile_index(table, 9)), frames=1)  # 1p
    settle(app, table)
    pengting = [a for a in table.controls.actions["ting"] if isinstance(a, Peng)]
    assert pengting, "the scripted deal offers 碰听 on 下家's 5m"
    assert table.controls.submit(pengting[0])
    settle(app, table)
    controls = table.controls
    assert controls.menu is not None and controls.menu.duty == "declare_ting"
    assert controls.must_ting and controls.mode == "ting"
    key(app, pygame.K_ESCAPE)  # not back to plain play: Esc asks whether to leave the table, as in plain play
    assert controls.mode == "ting" and app.scenes.top is not table
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and controls.mode == "ting"
    controls.set_mode("normal")
    assert controls.mode == "ting"
    plain = controls.menu.why_not_discard(table.frame.hand_ids[0])
    assert plain is not None and plain.code == "must_declare_ting"
