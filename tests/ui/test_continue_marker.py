"""After Continue the table marks the last discard exactly as it was marked live (it was missing)."""

from __future__ import annotations

import pygame

from game.core.events import TileDiscarded
from game.ui.screens.menu import MainMenu
from game.ui.table.scene import TableScene
from tests.ui.harness import click, click_widget, key, step
from tests.ui.test_menu_saves import open_menu, play_a_little, start_new_game, wait_for_check


def leave(app: object, table: TableScene) -> None:
    """Esc, then Leave; the old table shows what it had not shown yet (as it would have live)."""
    key(app, pygame.K_ESCAPE)
    click_widget(app, app.scenes.top.focus_order[0])  # type: ignore[attr-defined]
    assert table.leaving
    while table.busy:
        table.update(1 / 60)


def continue_match(app: object, table: TableScene) -> TableScene:
    """Continue by mouse; the resumed table after its first frame (before any AI could move on)."""
    menu = app.scenes.top  # type: ignore[attr-defined]
    assert isinstance(menu, MainMenu)
    wait_for_check(app, menu)  # type: ignore[arg-type]
    click(app, menu.buttons["continue"].rect.center, frames=0)  # type: ignore[arg-type]
    for _ in range(10):
        step(app)  # type: ignore[arg-type]
        resumed = app.scenes.top  # type: ignore[attr-defined]
        if isinstance(resumed, TableScene):
            assert resumed is not table
            return resumed
    raise AssertionError("Continue did not open the table")


def test_the_last_discard_marker_survives_continue() -> None:
    app, _ = open_menu()
    try:
        table = start_new_game(app)
        seen: set[int | None] = set()
        for _ in range(6):
            play_a_little(app, table, events=5)
            leave(app, table)
            table.refresh()
            live_seat, live_frame = table.marks.discard, table.frame.picture.last_discard_seat
            events = list(table.driver.game.events)
            resumed = continue_match(app, table)
            assert resumed.driver.game.events == events and resumed.driver.cursor.behind == 0
            assert resumed.marks.discard == live_seat
            assert resumed.frame.picture.last_discard_seat == live_frame
            if live_seat is not None:  # the marked tile is that seat's newest discard
                last = next(e for e in reversed(events) if isinstance(e, TileDiscarded))
                assert last.seat == live_seat
            seen.add(live_seat)
            table = resumed
        assert seen - {None}, "no Continue happened while a discard was marked"
    finally:
        app.shutdown()
        pygame.quit()
