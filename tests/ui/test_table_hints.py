"""Hints never go stale: the suggestion and its rank badges leave with the move they were for, never show
on a ready hand; F1 "Waits" on a hand that is not ready says how far it is; wait counts are in words; tile
names read as the glossary writes them (一萬 as the tiles show it, 1 Character)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pygame

from game.ai.base import Decision, Reason
from game.core.actions import Action, Discard
from game.core.tiles import kind_name
from game.core.view import SeatView
from game.table.figures import WaitFigure
from game.ui.table.scene import TableScene
from game.ui.words.hints import wait_label
from tests.table_fixtures import scripted_session
from tests.ui.harness import HANG, click_widget, key, step, wait_for_ai
from tests.ui.test_table import click_tile, make_app, settle

GATE = threading.Event()
"""The advisor answers only while this is set (so that a test sees the table between two decisions)."""


def ranking(view: SeatView, legal: Sequence[Action]) -> list[Decision]:
    """An advisor that ranks every action offered, then throwing the draw (as a win is weighed against
    passing it)."""
    assert GATE.wait(HANG), "the test never let the advisor answer"
    ranked = [Decision(a, Reason("isolated", {"tile": 0})) for a in legal]
    if view.drawn is not None:
        ranked.append(Decision(Discard(view.drawn), Reason("isolated", {"tile": view.drawn >> 2})))
    return ranked


def wait_for_hints(app: object, table: TableScene) -> None:
    for _ in range(20):
        step(app)
        if table.ai.hints is not None:
            return
        wait_for_ai(table)
    raise AssertionError("no hints came")


def test_suggestions_and_badges_leave_with_the_move_and_never_sit_on_a_ready_hand() -> None:
    app = make_app(hints=3)
    table = TableScene(app, scripted_session())
    table.ai.advisor = ranking
    table.ai.render_reason = lambda reason, lang: "nothing connects to it"
    app.push(table)
    try:
        GATE.set()
        settle(app, table)
        wait_for_hints(app, table)
        assert table.controls.hint_discards() and table.controls.hint_reason() == "nothing connects to it"
        GATE.clear()  # the next decision's hints wait: what shows meanwhile is what is left of these
        click_tile(app, table, 9)  # the move is made: its suggestion, reason and badges go
        assert (
            table.controls.hint_discards() == []
            and table.controls.hint_reason() is None
            and table.ai.hints is None
        )
        GATE.set()
        settle(app, table)
        wait_for_hints(app, table)
        assert table.controls.hint_discards() == []  # a claim: no discard to rank
        GATE.clear()
        click_widget(app, table.controls.bar.buttons["peng"], frames=2)  # a call: the same
        assert table.controls.hint_discards() == [] and table.controls.hint_reason() is None
        GATE.set()
        settle(app, table)
        key(app, pygame.K_t)
        click_tile(app, table, 27)  # 中, declaring ready
        settle(app, table)
        assert table.shown.ting[0] and table.controls.decision_token is not None  # the draw 6s wins
        wait_for_hints(app, table)
        assert any(isinstance(d.action, Discard) for d in table.ai.hints or [])  # a discard was ranked ...
        assert table.controls.hint_discards() == []  # ... but a ready hand shows no rank badge
    finally:
        GATE.set()
        app.shutdown()
        pygame.quit()


def test_waits_on_a_hand_that_is_not_ready_says_how_far_it_is() -> None:
    app = make_app()
    table = TableScene(app, scripted_session())
    app.push(table)
    try:
        settle(app, table)
        assert table.panels.ready_line() is None  # hints off: nothing worked out
        key(app, pygame.K_F1)  # level 1, "Waits": no discard declares ready yet
        assert app.settings.hints == 1 and not table.controls.ting_opts
        assert table.panels.steps == 1
        assert table.panels.ready_line() == "After a discard: 1 step from ready"
        app.update_settings(save=False, language="zh")
        assert table.panels.ready_line() == "打一张后离听牌还差 1 步"
    finally:
        app.shutdown()
        pygame.quit()


def test_wait_counts_and_tile_names_in_words() -> None:
    assert wait_label(WaitFigure(kind=4, kadang=True, unseen=4), "en") == ("4 left", "kadang")
    assert wait_label(WaitFigure(kind=4, kadang=True, unseen=4), "zh") == ("余 4", "卡当")
    assert wait_label(WaitFigure(kind=13, kadang=False, unseen=2), "en") == ("2 left",)
    assert kind_name(0, "zh") == "一萬" and kind_name(8, "zh") == "九萬" and kind_name(9, "zh") == "一饼"
    assert kind_name(0, "en") == "1 Character"
