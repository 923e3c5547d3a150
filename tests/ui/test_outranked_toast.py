"""The table says when the person's call lost to a higher one: C34's 5m, where 东's 吃 and 南's 碰 lose to
西's 吃听. The message names the seat that took the tile and both calls, the core's answer in words."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.events import Chi
from game.paths import app_paths
from game.scenario import load_scenario, run_scenario
from game.settings import Settings
from game.table.replay import ReplayDriver
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.table.scene import TableScene
from tests.ui.harness import key, step

W = 2
SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "c34_chiting_priority.toml"


def toast_at_the_chiting(seat: int) -> tuple[str | None, list[str]]:
    """The toast the table shows seat ``seat`` right after 西's 吃听, and how that table names each seat
    (English, animations off)."""
    events = run_scenario(load_scenario(SCENARIO)).events
    at = next(i for i, e in enumerate(events) if isinstance(e, Chi) and e.ting)
    settings = Settings(language="en", animation_speed="off")
    app = App(app_paths().ensure(), settings, persist=False, size=(1280, 720))
    try:
        app.push(MainMenu(app))
        driver = ReplayDriver(events, seat)
        table = TableScene(app, driver)
        app.push(table)
        step(app, 2)
        while driver.cursor.position < at + 1:
            driver.step_forward()
            step(app)
            if app.scenes.top is not table:
                key(app, pygame.K_RETURN)
        toast = table.overlays.toast
        return (None if toast is None else toast.text), [table.seat_name(other) for other in range(4)]
    finally:
        app.shutdown()
        pygame.quit()


def test_a_lost_call_names_who_took_the_tile_and_with_what() -> None:
    east, names = toast_at_the_chiting(0)  # 西 sits opposite 东
    assert east is not None and east.lower().startswith(f"{names[W].lower()} took the tile with chi"), east
    assert "your chi did not happen" in east
    south, by_south = toast_at_the_chiting(1)  # 西 is 南's next player
    assert south is not None, "南's 碰 lost too"
    assert south.lower().startswith(f"{by_south[W].lower()} took the tile with chi"), south
    assert by_south[W] != names[W]  # each table names 西 from its own seat
    assert "your peng did not happen" in south


def test_the_winner_and_a_seat_that_did_not_call_hear_nothing() -> None:
    assert toast_at_the_chiting(2)[0] is None
    assert toast_at_the_chiting(3)[0] is None
