"""The table's log in the left column at a live match: the hand so far, the newest line last and lit, in
the room the other contents leave (the replay viewer lists it too while its review is off:
tests/ui/test_replay_viewer.py)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame

from game.core.actions import Discard
from game.core.events import TileDiscarded
from game.core.tiles import kind_of
from game.ui.words.i18n import tr
from game.ui.words.table_log import hand_events, log_lines
from tests.ui.harness import record_text, step
from tests.ui.scene_catalogue import play, scripted_table
from tests.ui.textfit import fit_app


def test_the_live_table_logs_the_hand_newest_last(isolated_home: Path) -> None:
    with fit_app((1920, 1080), "zh", ai_delay_ms=0) as app:
        table = scripted_table(app)
        play(app, table, Discard)  # the person's discard, then the others' turns up to the person's next
        drawn = record_text(app)
        table.mark_dirty()
        step(app, 2)
        cursor = table.driver.cursor
        expected = log_lines(hand_events(cursor.events, cursor.position), table.driver.seat, "zh")
        discards = [e for e in hand_events(cursor.events, cursor.position) if isinstance(e, TileDiscarded)]
        assert len(discards) >= 2 and expected
        assert tr("table.log.title", "zh") in drawn
        shown = [line for line in expected if line in drawn]
        assert shown and shown[-1] == expected[-1]  # the newest line is always among those shown
        assert shown == expected[len(expected) - len(shown) :]  # the newest lines, in order
        mine = next(e for e in discards if e.seat == table.driver.seat)
        assert f"你打出 {table.tile_word(kind_of(mine.tile))}" in expected


def test_spread_fills_a_full_logs_column_and_never_more_than_a_third_of_a_line() -> None:
    """The space left under a full log is shared out between its lines, up to a third of a line each."""
    from game.ui.table.log_panel import spread

    assert spread(40, 11, 30) == 4  # 40 px under 11 lines: 4 px between each
    assert spread(400, 11, 30) == 10  # at most a third of the 30 px step
    assert spread(40, 1, 30) == 0 and spread(0, 11, 30) == 0 and spread(-5, 11, 30) == 0


def _puts(app: object) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the app's fonts put on the screen from now on, with where."""
    fonts = app.fonts  # type: ignore[attr-defined]
    put = fonts.put
    drawn: list[tuple[str, pygame.Rect]] = []

    def recording(
        surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, text: str
    ) -> pygame.Rect:
        drawn.append((text, pygame.Rect(rect)))
        return put(surface, image, rect, text)

    fonts.put = recording
    return drawn


def test_a_full_log_reaches_its_columns_foot_and_a_short_one_stays_together(isolated_home: Path) -> None:
    """Late in a busy hand (the log full, older lines left out) its lowest line ends near the bottom of
    the left column, with no bare band under it; at a hand's start its lines sit one step apart."""
    from game.benchmarks.ui import late_hand_session
    from game.ui.table.scene import TableScene

    size = (1920, 1080)
    with fit_app(size, "en", ai_delay_ms=0) as app:
        session = late_hand_session()
        session.catch_up()
        table = TableScene(app, session)
        app.push(table)
        drawn = _puts(app)
        table.mark_dirty()
        step(app, 2)
        area = table.layout.info_area
        cursor = table.driver.cursor
        lines = log_lines(hand_events(cursor.events, cursor.position), table.driver.seat, "en")
        texts = [text for text, _ in drawn]
        assert lines[0] not in texts  # full: the hand's first lines are left out
        lowest = max((rect for _, rect in drawn if area.contains(rect)), key=lambda r: r.bottom)
        assert area.bottom - lowest.bottom <= table.px(12) + lowest.h // 2, (area, lowest)

    with fit_app(size, "en", ai_delay_ms=0) as app:
        table = scripted_table(app)
        play(app, table, Discard)
        drawn = _puts(app)
        table.mark_dirty()
        step(app, 2)
        cursor = table.driver.cursor
        lines = log_lines(hand_events(cursor.events, cursor.position), table.driver.seat, "en")
        rects = list({text: rect for text, rect in reversed(drawn) if text in lines}.values())[::-1]
        steps = {b.top - a.top for a, b in itertools.pairwise(rects)}
        assert len(rects) >= 2 and len(steps) == 1, steps  # evenly one step apart,
        assert steps.pop() < rects[0].h * 1.2  # a line's own step, not spread out


def test_a_ready_discard_is_one_line_in_the_live_log_as_in_the_whole(isolated_home: Path) -> None:
    """The live log adds each move's lines as it is shown; a 听 declared on the discard just shown added
    "declares ready" as a line of its own ("Previous: discard 8 Dots" / "Previous: declare ready"), where
    the log said whole (the viewer's) has one line, "declare ready, discard 8 Dots"."""
    from game.core.events import Event
    from game.ui.table.scene import TableScene
    from game.ui.words.table_log import log_entries
    from tests.ui.scene_catalogue import to_locked

    with fit_app((1920, 1080), "zh", ai_delay_ms=0) as app:
        real_show = TableScene._show

        def show_then_log(scene: TableScene, event: Event) -> None:  # the log drawn after every move
            real_show(scene, event)
            scene.panels.log._lines()

        TableScene._show = show_then_log  # type: ignore[method-assign]
        try:
            table = to_locked(app)  # the person's 碰, then the 听 discard of 红中
        finally:
            TableScene._show = real_show  # type: ignore[method-assign]
        step(app, 2)
        cursor = table.driver.cursor
        whole = log_entries(hand_events(cursor.events, cursor.position), table.driver.seat, "zh")
        assert "你报听，打出 红中" in [line.words for line in whole]
        assert table.panels.log._lines() == whole
