"""Defects found by playing the merged table in a real X window, each pinned by real input posted headless.

Every test posts real key or mouse events on the dummy display and asserts what the game did or drew.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.table import TableScene
from tests.ui.harness import key, step
from tests.ui.scene_catalogue import to_locked
from tests.ui.test_table import make_app
from tests.ui.textfit import check_frame, record_frame


@pytest.fixture
def app_zh() -> Iterator[App]:
    """A Chinese UI at the smallest window, animations off."""
    app = make_app("zh", size=(1024, 640))
    yield app
    app.shutdown()
    pygame.quit()


def test_auto_play_band_sits_above_the_locked_tag_not_over_it(app_zh: App) -> None:
    """托管 (A) on a hand laid down after 听: the gold band and the red 扣听 tag are both readable."""
    table = to_locked(app_zh)
    assert table.frame.picture.seats[0].locked
    hold = threading.Event()
    table.ai.executor.submit(hold.wait, 30)  # the AI worker is busy: the seat's move waits to be seen
    try:
        key(app_zh, pygame.K_a)
        assert table.entrust.on
        step(app_zh, 1, dt=5.0)  # the "托管 on" message has gone; the band shows instead
        assert table.overlays.toast is None and table.entrust.on
        draws = {d.text: d.ink for d in record_frame(app_zh)}
        band, tag = draws[app_zh.tr("table.entrust_band")], draws[app_zh.tr("table.locked")]
        assert band.bottom <= tag.top, (band, tag)
        assert not check_frame(app_zh)
    finally:
        hold.set()


def test_suggestion_names_the_discard_in_room_words(app_zh: App) -> None:
    """F1 to the ranked hints: the suggestion reads 「建议：打 X」, not 「打牌 X」."""
    from tests.ui.scene_catalogue import scripted_table

    table = scripted_table(app_zh)
    app_zh.update_settings(save=False, hints=0)
    for _ in range(2):
        key(app_zh, pygame.K_F1)
    for _ in range(300):
        step(app_zh)
        if table.ai.hints:
            break
    step(app_zh, 2)
    texts = [d.text for d in record_frame(app_zh) if d.text.startswith("建议")]
    assert texts and all("打牌" not in t for t in texts), texts
    assert any(t.startswith("建议：打 ") for t in texts), texts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_table_keys_line_in_a_lesson_lists_only_keys_that_work(lang: str) -> None:
    """In a lesson F4 (helpers) and A (托管) do nothing, so the keys line does not offer them."""
    app = make_app(lang, size=(1024, 640))
    try:
        app.nav.lessons(open_lesson="kaimen")
        step(app, 3)
        table = app.scenes.top
        assert isinstance(table, TableScene) and not table.entrust.available
        key(app, pygame.K_F4)
        key(app, pygame.K_a)
        assert app.scenes.top is table and not table.entrust.on
        shown = " ".join(d.text for d in record_frame(app))
        for word in ("F4", app.tr("table.entrust_button_short")):
            assert word not in shown, (word, shown)
        assert "F3" in shown
    finally:
        app.shutdown()
        pygame.quit()
