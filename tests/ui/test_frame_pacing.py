"""Idle cost: the table waiting for the player is drawn only while something moves or the player acts
(:mod:`game.ui.kit.pacing`); at rest the loop flips nothing and sleeps instead of spinning."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.kit.pacing import HOLD_S, FramePacer
from game.ui.table.scene import TableScene
from tests.table_fixtures import scripted_session
from tests.ui.harness import step
from tests.ui.test_table import make_app, settle

HOLD_FRAMES = round(HOLD_S * 60) + 2
"""Frames at 60 FPS after which nothing moving has been held long enough to rest."""


def test_pacer_draws_while_acting_or_moving_and_for_the_hold_after() -> None:
    pacer = FramePacer(hold_s=0.5)
    dt = 0.125  # exact in binary: the hold is four frames
    assert pacer.frame(dt, acted=False, moving=False)  # a new app draws its first frames
    drawn = [pacer.frame(dt, acted=False, moving=False) for _ in range(10)]
    assert drawn == [True] * 3 + [False] * 7 and pacer.at_rest
    assert pacer.frame(dt, acted=True, moving=False)  # input: draw at once, and for the hold
    assert not pacer.at_rest
    assert [pacer.frame(dt, acted=False, moving=False) for _ in range(6)] == [True] * 4 + [False] * 2
    assert all(pacer.frame(dt, acted=False, moving=True) for _ in range(20))  # an animation: every frame
    assert [pacer.frame(dt, acted=False, moving=False) for _ in range(5)] == [True] * 4 + [False]
    pacer.wake()
    assert pacer.frame(dt, acted=False, moving=False)


class FlipCounter:
    """Stands in for the app's window, counting the frames presented (the rest goes to the window)."""

    def __init__(self, app: App) -> None:
        self.flips = 0
        self.window = app.window
        app.window = self  # type: ignore[assignment]

    def flip(self) -> None:
        self.flips += 1
        self.window.flip()

    def __getattr__(self, name: str) -> object:
        return getattr(self.window, name)


@pytest.fixture
def waiting_table() -> Iterator[tuple[App, TableScene, FlipCounter]]:
    """The scripted deal at 1280x720 with animations on, settled until it waits for the player."""
    app = make_app(speed="normal")
    table = TableScene(app, scripted_session(saves_dir=app.paths.saves_dir))
    app.push(table)
    settle(app, table)
    assert table.controls.decision_token is not None
    counter = FlipCounter(app)
    yield app, table, counter
    app.window = counter.window
    app.shutdown()
    pygame.quit()


def test_a_table_waiting_for_the_player_rests(waiting_table: tuple[App, TableScene, FlipCounter]) -> None:
    app, table, counter = waiting_table
    step(app, HOLD_FRAMES)  # the marker's last bob, the hover's tooltip delay
    assert not table.moving() and app.pacer.at_rest
    before, frames = counter.flips, app.frame
    step(app, 300)  # five seconds waiting, no input
    assert counter.flips == before and app.frame == frames
    # the player moves the mouse: drawn at once, and for the hold after
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 650), rel=(1, 1), buttons=(0, 0, 0)))
    step(app)
    assert counter.flips == before + 1
    step(app, HOLD_FRAMES)
    assert abs(counter.flips - (before + 1 + round(HOLD_S * 60))) <= 1  # the hold's frames, then none
    rested = counter.flips
    step(app, 30)
    assert counter.flips == rested


def test_a_moving_table_draws_every_frame(waiting_table: tuple[App, TableScene, FlipCounter]) -> None:
    app, table, counter = waiting_table
    step(app, HOLD_FRAMES)
    before = counter.flips
    table.overlays.say("a toast fades by itself")
    step(app, 10)
    assert table.moving() and counter.flips == before + 10
    table.mark_dirty()  # e.g. the hints arrived: the picture is rebuilt and drawn
    table.overlays.toast = None
    step(app)
    assert counter.flips == before + 11


class FakeTime:
    """The app's ``time`` module with a clock that moves only when the app naps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.naps: list[float] = []

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.naps.append(seconds)
        self.now += seconds


def test_the_loop_sleeps_at_rest_instead_of_spinning(
    waiting_table: tuple[App, TableScene, FlipCounter], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At rest a turn of the main loop naps a frame at a time (looking for input in between) until the
    screen's timers are due, and draws nothing; input ends the nap and is drawn."""
    app, _, counter = waiting_table
    step(app, HOLD_FRAMES)
    fake = FakeTime()
    monkeypatch.setattr("game.ui.app.time", fake)
    before = counter.flips
    app.turn()
    assert len(fake.naps) >= 6 and max(fake.naps) <= 1 / 60 + 1e-9  # a frame long at most
    assert sum(fake.naps) == pytest.approx(app.pacer.rest_poll_s)
    assert counter.flips == before
    fake.naps.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    app.turn()
    assert fake.naps == [] and counter.flips == before + 1
