"""``--lang``, ``--size`` and ``--anim-speed`` hold for the run, and only those values are not saved:
every other setting the player changes (the F1 hint level and the F2 tracker too) and the lesson progress
are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.paths import AppPaths, app_paths
from game.settings import RunOnly, Settings, load_settings, save_settings
from game.tutorial.progress import load_progress
from game.ui.app import App, parse_args, start_app
from game.ui.lessons.progress_store import record_lesson
from game.ui.table.scene import TableScene
from tests.table_fixtures import scripted_session
from tests.ui.harness import key
from tests.ui.test_table import settle

SAVED = Settings(language="zh", window_size=(1280, 720), animation_speed="slow", ai_delay_ms=900, hints=0)


@pytest.fixture
def paths(isolated_home: Path) -> Iterator[AppPaths]:
    paths = app_paths().ensure()
    save_settings(SAVED, paths)
    yield paths
    pygame.quit()


def started(*argv: str) -> App:
    return start_app(parse_args(list(argv)))


def on_disk(paths: AppPaths) -> Settings:
    result = load_settings(paths)
    assert result.problems == ()
    return result.settings


def test_the_flags_hold_for_the_run_and_the_rest_is_saved(paths: AppPaths) -> None:
    app = started("--lang", "en", "--size", "1024x640", "--anim-speed", "instant")
    try:
        assert app.persist
        assert (app.settings.language, app.settings.animation_speed, app.settings.ai_delay_ms) == (
            "en",
            "off",
            0,
        )
        assert app.size == (1024, 640)
        assert app.update_settings(volume=0.25, corner_index=True) is None
        saved = on_disk(paths)
        assert saved.volume == 0.25 and saved.corner_index  # the player's changes are saved ...
        assert (saved.language, saved.window_size, saved.animation_speed, saved.ai_delay_ms) == (
            "zh",
            (1280, 720),
            "slow",
            900,
        )  # ... and the flags' values are not
        assert record_lesson(app, "kaimen", "done", 5) == ""
    finally:
        app.shutdown()
    assert on_disk(paths).language == "zh" and on_disk(paths).volume == 0.25  # the shutdown's save too
    assert load_progress(paths).progress.lessons["kaimen"].status == "done"  # a learner keeps progress


def test_f1_and_f2_are_remembered_in_a_run_with_lang(paths: AppPaths) -> None:
    app = started("--lang", "en", "--anim-speed", "instant")
    try:
        table = TableScene(app, scripted_session(saves_dir=app.paths.saves_dir))
        app.push(table)
        settle(app, table)
        key(app, pygame.K_F1)
        key(app, pygame.K_F1)
        key(app, pygame.K_F2)
        assert app.settings.hints == 2 and app.settings.show_tracker
        saved = on_disk(paths)
        assert saved.hints == 2 and saved.show_tracker and saved.language == "zh"
    finally:
        app.shutdown()


def test_a_held_value_the_player_changes_again_is_their_choice(paths: AppPaths) -> None:
    app = started("--lang", "en")
    try:
        app.update_settings(language="zh")
        app.update_settings(language="en")  # back to the flag's value: the file keeps its own
        assert on_disk(paths).language == "zh"
    finally:
        app.shutdown()
    app = started("--lang", "zh")
    try:
        app.update_settings(language="en")  # chosen in the settings screen: saved
        assert on_disk(paths).language == "en"
    finally:
        app.shutdown()


def test_a_resized_window_in_a_size_run_keeps_the_files_size_unless_it_changed(paths: AppPaths) -> None:
    held = RunOnly.over(SAVED, window_size=(1024, 640), language=None)
    assert held.held == {"window_size": (1024, 640)}
    assert held.for_disk(held.apply(SAVED)).window_size == (1280, 720)
    assert held.for_disk(held.apply(SAVED).replace(window_size=(1500, 900))).window_size == (1500, 900)


@pytest.mark.parametrize("argv", [["--autoplay", "random"], ["--screenshot", "x.png"]])
def test_a_demonstration_run_saves_nothing(paths: AppPaths, argv: list[str]) -> None:
    before = paths.settings_file.read_bytes()
    app = started(*argv)
    try:
        assert not app.persist
        app.update_settings(volume=0.1)
        assert record_lesson(app, "kaimen", "done", 5) == ""
    finally:
        app.shutdown()
    assert paths.settings_file.read_bytes() == before
    assert "kaimen" not in load_progress(paths).progress.lessons


@pytest.mark.parametrize(("given", "opened"), [("20000x300", (7680, 640)), ("900x9000", (1024, 4320))])
def test_a_size_out_of_range_opens_the_nearest_window_the_game_allows(
    paths: AppPaths, given: str, opened: tuple[int, int]
) -> None:
    """``--size 99999x99999`` opened a 16384-pixel square window (a 1 GiB surface): every side is kept
    between the smallest window (1024x640) and the largest (7680x4320), as the settings keep it."""
    app = started("--size", given)
    try:
        assert app.size == opened
        assert on_disk(paths).window_size == (1280, 720)  # a run-only size is not saved
    finally:
        app.shutdown()


def test_the_screens_scale_with_a_window_past_full_hd(paths: AppPaths) -> None:
    """Menus, buttons and panels grow with the window as the table does: at 3840x2160 twice full HD's scale
    (the scale stopped at 1.6 before, so a 4K screen's buttons were half the size of its table's words)."""
    scales = {}
    for size in ("1920x1080", "3840x2160"):
        app = started("--size", size)
        try:
            scales[size] = app.scale
        finally:
            app.shutdown()
    assert scales["1920x1080"] == 1.5 and scales["3840x2160"] == 3.0
