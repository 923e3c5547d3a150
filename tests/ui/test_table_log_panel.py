"""The table's log in the left column at a live match: the hand so far, the newest line last and lit, in
the room the other contents leave (none in the replay viewer, whose review has that room)."""

from __future__ import annotations

from pathlib import Path

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
