"""The table scene on a saved replay, through the replay driver: no live match anywhere.

Steps forward and back across a hand boundary, and seeks; the picture after a seek (and after a step
back) is the picture reached by stepping forward to the same place.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.events import RoundStarted, TileDiscarded
from game.core.rules import RuleSet
from game.paths import app_paths
from game.replay.logfile import load_log, make_header, save_log
from game.settings import Settings
from game.table.replay import ReplayDriver
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.screens.results import HandResultScene
from game.ui.table.scene import TableScene
from tests.ui.harness import key, step


@pytest.fixture
def replay_file(tmp_path: Path) -> Path:
    """A two-hand match of four Greedy players, saved as a replay file."""
    players = [make_player("greedy", seat) for seat in range(4)]
    record = play_match(players, 5, RuleSet(), hands=2)
    path = tmp_path / "match.jsonl"
    save_log(path, record.game.events, make_header(kind="match", preset="standard", players=["greedy"] * 4))
    return path


@pytest.fixture
def viewer(replay_file: Path) -> Iterator[tuple[App, TableScene, ReplayDriver]]:
    """The table on the replay (English UI, animations off)."""
    loaded = load_log(replay_file)
    settings = Settings(language="en", animation_speed="off")
    app = App(app_paths().ensure(), settings, persist=False, size=(1280, 720))
    app.push(MainMenu(app))
    driver = ReplayDriver(loaded.events, header=loaded.header, path=replay_file)
    table = TableScene(app, driver)
    app.push(table)
    step(app, 2)
    yield app, table, driver
    app.shutdown()
    pygame.quit()


def picture(app: App, table: TableScene) -> tuple[object, bytes]:
    """What the table shows now: its picture value and the pixels (clock fixed, every tile drawn)."""
    step(app)
    while app.tiles.wanted:
        app.tiles.draw_wanted(1.0)
    table.clock = 100.0
    app.draw()
    return table.frame.picture, pygame.image.tobytes(app.screen, "RGB")


def walk_to(app: App, table: TableScene, driver: ReplayDriver, position: int) -> None:
    """Step forward one event at a time (each shown as in play) until the cursor stands at ``position``."""
    while driver.cursor.position < position:
        driver.step_forward()
        step(app)
        if app.scenes.top is not table:  # a hand's result opened on the way: go on from it
            key(app, pygame.K_RETURN)
    assert driver.cursor.position == position and app.scenes.top is table


def test_step_forward_and_back_over_a_hand_boundary_and_seek(
    viewer: tuple[App, TableScene, ReplayDriver],
) -> None:
    app, table, driver = viewer
    events = driver.cursor.events
    second = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted) and e.hand_no == 1)
    discard = next(i for i in range(second - 1, 0, -1) if isinstance(events[i], TileDiscarded))
    # stepping: the first hand's last discard, its end, the result, the second hand dealt
    walk_to(app, table, driver, discard + 1)
    at_discard = picture(app, table)
    assert table.marks.discard == events[discard].seat  # type: ignore[attr-defined]
    walk_to(app, table, driver, second)  # the first hand is over: its result comes up
    for _ in range(60):
        step(app)
        if isinstance(app.scenes.top, HandResultScene):
            break
    result = app.scenes.top
    assert isinstance(result, HandResultScene) and not result.last_hand
    hand_end = result.view
    key(app, pygame.K_RETURN)  # next hand: the replay steps onto the second deal
    step(app, 2)
    assert app.scenes.top is table and driver.cursor.position == second + 1
    assert table.shown.hand_no == 1 and isinstance(driver.cursor.event, RoundStarted)
    dealt = picture(app, table)
    later = second + 12
    walk_to(app, table, driver, later)
    stepped = picture(app, table)
    # back over the boundary: one event at a time, into the first hand's end
    while driver.cursor.position > second:
        driver.back()
        step(app)
    assert table.shown.hand_no == 0 and table.shown.phase == "round_over" and table.shown == hand_end
    # seeks land on the pictures stepping reached
    for target, seen in ((later, stepped), (second + 1, dealt), (discard + 1, at_discard), (later, stepped)):
        driver.seek(target)
        assert picture(app, table) == seen, target
    assert app.scenes.top is table


def test_a_fresh_viewer_seeking_shows_what_stepping_showed(
    viewer: tuple[App, TableScene, ReplayDriver], replay_file: Path
) -> None:
    app, table, driver = viewer
    target = len(driver.cursor.events) // 3
    walk_to(app, table, driver, target)
    stepped = picture(app, table)
    loaded = load_log(replay_file)
    other = ReplayDriver(loaded.events, header=loaded.header)
    fresh = TableScene(app, other)
    app.replace(fresh)
    other.seek(target)
    assert picture(app, fresh) == stepped
