"""A closed screen is freed after the frame it closed in (its widgets and UIManager are reference cycles
that Python otherwise keeps until a rare full collection); the objects frozen at start are thawed at
shutdown. The hour-long measurement is tests/bench/memory_soak.py.
"""

from __future__ import annotations

import gc
import platform
import sys
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.paths import app_paths
from game.settings import Settings
from game.ui.app import App
from game.ui.kit.memory import Reclaimer, c_heap_summary, find_malloc_trim
from game.ui.screens.about import AboutScene
from game.ui.screens.menu import MainMenu
from tests.ui.harness import step


@contextmanager
def running_app(reclaim: bool) -> Iterator[App]:
    """A real App with the main menu open, shut down afterwards."""
    app = App(app_paths().ensure(), Settings(language="en"), persist=False, size=(1280, 720), reclaim=reclaim)
    try:
        app.push(MainMenu(app))
        step(app)
        yield app
    finally:
        app.shutdown()
        pygame.quit()


def open_and_close_about(app: App) -> weakref.ref[AboutScene]:
    """Open the About screen, draw it, close it; a weak reference to it."""
    scene = app.push(AboutScene(app))
    step(app, 2)
    assert isinstance(scene, AboutScene)
    ref = weakref.ref(scene)
    app.pop()
    del scene
    step(app)
    return ref


def test_a_closed_screen_is_freed_after_its_last_frame() -> None:
    with running_app(reclaim=True) as app:
        assert gc.get_freeze_count() > 0  # the app's lasting objects are out of the collector's way
        before = app.reclaimer.collections
        ref = open_and_close_about(app)
        assert ref() is None
        assert app.reclaimer.collections > before
    assert gc.get_freeze_count() == 0  # thawed at shutdown


def test_without_the_reclaimer_a_closed_screen_waits_for_a_full_collection() -> None:
    gc.disable()  # no automatic collection in between: the screen's own cycles keep it
    try:
        with running_app(reclaim=False) as app:
            ref = open_and_close_about(app)
            assert ref() is not None
            assert app.reclaimer.collections == 0 and gc.get_freeze_count() == 0
            gc.collect()
            assert ref() is None
    finally:
        gc.enable()


def test_each_collection_gives_the_c_heaps_free_pages_back() -> None:
    trims: list[int] = []
    reclaimer = Reclaimer(enabled=True, trim=lambda: trims.append(reclaimer.collections))
    reclaimer.after_frame()
    assert trims == []  # nothing was dropped: no collection, no trim
    reclaimer.dropped()
    reclaimer.after_frame()
    reclaimer.after_frame()
    assert trims == [0] and reclaimer.collections == 1
    assert "free C heap pages back" in reclaimer.summary()


def test_a_switched_off_reclaimer_never_trims() -> None:
    trims: list[None] = []
    reclaimer = Reclaimer(enabled=False, trim=lambda: trims.append(None))
    reclaimer.dropped()
    reclaimer.after_frame()
    assert trims == [] and reclaimer.collections == 0


def test_malloc_trim_is_found_on_glibc_and_only_there() -> None:
    trim = find_malloc_trim()
    if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc":
        assert trim is not None
        trim()  # returns; the C heap stays usable
        assert pygame.Surface((512, 512)).get_size() == (512, 512)
    elif not sys.platform.startswith("linux"):
        assert trim is None


def test_the_c_heap_is_summed_up_for_the_log_on_glibc() -> None:
    summary = c_heap_summary()
    if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc":
        assert summary is not None
        in_use = float(summary.split("C heap ", 1)[1].split(" MB", 1)[0])
        assert in_use > 1.0  # pygame and Python's own allocations at least
    elif not sys.platform.startswith("linux"):
        assert summary is None
