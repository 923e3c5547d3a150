"""The live table driven by posted mouse and key events on the dummy display.

A scripted deal (tests/table_fixtures.py) makes the hand go the same way every
time: 听 refused (未开门), a discard, 碰 on 下家's 5m, 听 on 中, 自摸 6s.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.base import Decision
from game.core.actions import Action
from game.core.view import SeatView
from game.host.session import Session
from game.paths import app_paths
from game.saves import find_save
from game.settings import Settings
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.screens.new_game import NewGameScene
from game.ui.screens.results import HandResultScene, MatchResultScene
from game.ui.table.scene import TableScene
from tests.table_fixtures import Tsumogiri, scripted_game, scripted_session
from tests.ui.harness import HANG, click, click_widget, key, step, wait_for_ai


def make_app(
    lang: str = "en", speed: str = "off", size: tuple[int, int] = (1280, 720), **settings: Any
) -> App:
    app = App(
        app_paths().ensure(),
        Settings(language=lang, animation_speed=speed, ai_delay_ms=0, **settings),  # type: ignore[arg-type]
        persist=False,
        size=size,
    )
    app.push(MainMenu(app))
    return app


@pytest.fixture
def table_app() -> Iterator[tuple[App, TableScene]]:
    """The scripted deal on a table (English UI, animations off, no AI pause)."""
    app = make_app()
    table = TableScene(app, scripted_session(saves_dir=app.paths.saves_dir))
    app.push(table)
    yield app, table
    app.shutdown()
    pygame.quit()


def settle(app: App, table: TableScene, frames: int = 400) -> None:
    """Run frames until the table waits for the player (or a result opens)."""
    for _ in range(frames):
        step(app)
        if app.scenes.top is not table:
            return
        if not table.busy and (table.controls.decision_token is not None or table.driver.host.round_over):
            if table.driver.host.round_over and not table.result_open:
                continue
            return
        wait_for_ai(table)  # the AI worker's answer, however long the machine takes
    raise AssertionError("the table did not settle")


def tile_index(table: TableScene, kind: int) -> int:
    return next(i for i, t in enumerate(table.frame.hand_ids) if t >> 2 == kind)


def click_tile(app: App, table: TableScene, kind: int) -> None:
    slot = table.layout.hand_slot(tile_index(table, kind))
    assert slot is not None
    click(app, slot.rect.center, frames=1)


def test_a_whole_hand_by_mouse_and_keys(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    settle(app, table)
    assert table.controls.decision_token is not None and "Your turn" in table.controls.status_text()
    # 听 is refused, with the reasons from the engine
    assert not table.controls.bar.buttons["ting"].is_enabled
    key(app, pygame.K_t)
    assert table.overlays.toast is not None and "cannot declare ready" in table.overlays.toast.text
    assert (
        "hand not opened" in table.overlays.toast.text
        and "more than one tile from winning" in table.overlays.toast.text
    )
    # hover lifts a tile, a click discards it
    slot = table.layout.hand_slot(tile_index(table, 9))
    assert slot is not None
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=slot.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert table.controls.hover == slot.index
    click_tile(app, table, 9)
    assert table.driver.host.view().rivers[0][-1].tile >> 2 == 9
    # 下家 throws 5m: the claim bar offers 碰 (and 碰听) with the others greyed
    settle(app, table)
    assert table.shown.phase == "claim" and table.shown.last_discard is not None
    assert table.controls.bar.buttons["peng"].is_enabled and table.controls.bar.buttons["pass"].is_enabled
    assert table.controls.bar.buttons["ting"].is_enabled and not table.controls.bar.buttons["chi"].is_enabled
    assert "discarded" in table.controls.status_text()
    # a greyed button says why when pressed
    click(app, table.controls.bar.buttons["chi"].rect.center, frames=1)
    assert table.overlays.toast is not None and table.overlays.toast.text
    click_widget(app, table.controls.bar.buttons["peng"], frames=2)
    settle(app, table)
    assert table.shown.melds[0] and table.shown.melds[0][-1].kind == "peng"
    # 听 mode: every discard that may declare 听 shows its waits; the others say why not
    key(app, pygame.K_t)
    assert table.controls.mode == "ting" and set(table.controls.ting_opts) == {26, 27}
    assert table.frame.picture.playable is not None and len(table.frame.picture.playable) == 3
    key(app, pygame.K_RIGHT)  # select the first tile (1m) and try it
    key(app, pygame.K_RETURN)
    assert table.overlays.toast is not None and "cannot declare ready" in table.overlays.toast.text
    assert table.overlays.toast.tiles and table.overlays.toast.tiles[0] >> 2 == 0
    click_tile(app, table, 27)  # 中, declaring 听
    settle(app, table)
    assert table.shown.ting[0] and table.panels.bao_figures is not None
    assert [w.kind for w in table.panels.bao_figures.waits] == [23, 26]
    assert table.frame.picture.seats[0].locked
    # locked: a call is refused with its reason
    assert table.controls.bar.buttons["hu"].is_enabled  # the draw (6s) wins: 自摸
    key(app, pygame.K_p)
    assert table.overlays.toast is not None and "ready hands cannot call" in table.overlays.toast.text
    key(app, pygame.K_h)
    settle(app, table)
    result = app.scenes.top
    assert isinstance(result, HandResultScene)
    assert result.shape is not None and result.shape.pair == 26
    assert result.title().startswith("You won by self-draw")  # a sentence since issue 22
    step(app, 2)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, MatchResultScene)
    assert app.scenes.top.standings()[0] == (0, 9)


def test_animations_play_and_a_click_skips_them() -> None:
    app = make_app(speed="slow")
    table = TableScene(app, scripted_session())
    app.push(table)
    try:
        step(app, 3)
        assert table.animator.busy and table.motion.banners  # the hand's opening banner
        click(app, (5, 5), frames=1)
        assert not table.motion.banners
        settle(app, table)
        click_tile(app, table, 9)
        step(app)
        flight = table.motion.flights[0]
        assert flight.kind == 9 and flight.hides in table.motion.hidden_slots()  # 1p flies to the river
        click(app, (5, 5), frames=1)
        assert flight not in table.motion.flights and flight.tween.done
    finally:
        app.shutdown()
        pygame.quit()


class GatedPlayer(Tsumogiri):
    """Thinks until the test lets it answer (``gate``): the table must go on meanwhile. Records the
    thread each decision ran on."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate
        self.threads: list[int] = []
        self.asked = threading.Event()

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        self.threads.append(threading.get_ident())
        self.asked.set()
        assert self.gate.wait(HANG), "the test never let the AI answer"
        return super().decide(view, legal)


@pytest.fixture
def thinking_table() -> Iterator[tuple[App, TableScene, threading.Event, dict[int, GatedPlayer]]]:
    """The scripted deal with every other seat thinking until the test opens the gate."""
    gate = threading.Event()
    players = {s: GatedPlayer(gate) for s in (1, 2, 3)}
    app = make_app()
    table = TableScene(app, Session.from_game(scripted_game(), players=players))  # type: ignore[arg-type]
    app.push(table)
    try:
        yield app, table, gate, players
    finally:
        gate.set()
        app.shutdown()
        pygame.quit()


def test_every_action_says_why_not_while_others_play(
    thinking_table: tuple[App, TableScene, threading.Event, dict[int, GatedPlayer]],
) -> None:
    app, table, gate, players = thinking_table
    settle(app, table)
    click_tile(app, table, 9)
    assert players[1].asked.wait(HANG)  # 下家 is thinking, and goes on thinking until the gate opens
    for code in (pygame.K_c, pygame.K_p, pygame.K_k, pygame.K_t, pygame.K_h, pygame.K_SPACE):
        table.overlays.toast = None
        table.animator.skip()  # a key during an animation only finishes it
        key(app, code, frames=1)
        assert table.overlays.toast is not None and table.overlays.toast.text == "not your turn"
    table.overlays.toast = None
    table.animator.skip()
    click_tile(app, table, 0)
    assert table.overlays.toast is not None and table.overlays.toast.text == "not your turn"
    assert table.driver.host.view().rivers[1] == ()  # nothing was played meanwhile
    gate.set()
    settle(app, table)
    assert table.driver.host.view().rivers[1]


def test_ai_thinking_never_stalls_a_frame(
    thinking_table: tuple[App, TableScene, threading.Event, dict[int, GatedPlayer]],
) -> None:
    """The AI thinks off the frame thread: frames go on while it has not answered (a frame-time limit
    is a benchmark figure, ``thinking_frame_ms_max``, not a test)."""
    app, table, gate, players = thinking_table
    settle(app, table)
    click_tile(app, table, 9)
    assert players[1].asked.wait(HANG)
    before = app.frame
    step(app, 30)  # the AI is still deciding: were it on this thread, the first frame would never end
    assert app.frame == before + 30 and table.driver.host.view().rivers[1] == ()
    assert players[1].threads and all(t != threading.get_ident() for t in players[1].threads)
    gate.set()
    settle(app, table)
    assert table.driver.host.view().rivers[1], "the AI never played"


def test_new_game_opens_the_table_and_continue_resumes_it() -> None:
    app = make_app()
    try:
        menu = app.scenes.top
        assert isinstance(menu, MainMenu)
        step(app)
        assert not menu.buttons["continue"].is_enabled and "No match" in menu.continue_note
        click_widget(app, menu.buttons["new_game"])
        setup = app.scenes.top
        assert isinstance(setup, NewGameScene)
        setup.seed_entry.set_text("42")
        click_widget(app, next(b for b in setup.focus_order if b.text == "Start"))
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.driver.game.state.seed == 42
        for _ in range(6):
            settle(app, table)
            if table.controls.decision_token is None:
                break
            key(app, pygame.K_SPACE) if table.controls.actions["pass"] else click_tile(
                app, table, table.frame.hand_ids[-1] >> 2
            )
        events = list(table.driver.game.events)
        key(app, pygame.K_ESCAPE)  # leave: a dialog
        dialog = app.scenes.top
        click_widget(app, dialog.focus_order[0])
        assert app.scenes.top is menu
        assert menu.buttons["continue"].is_enabled and "Hand 1/8" in menu.continue_note
        click_widget(app, menu.buttons["continue"])
        resumed = app.scenes.top
        assert isinstance(resumed, TableScene) and resumed is not table
        # the same log (the AIs may already have played on since)
        assert resumed.driver.game.events[: len(events)] == events
        step(app, 2)
        assert resumed.shown == resumed.driver.cursor.view(0)
    finally:
        app.shutdown()
        pygame.quit()


def test_hints_and_tracker_toggles(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    settle(app, table)
    assert app.settings.hints == 0
    key(app, pygame.K_F1)
    assert app.settings.hints == 1
    key(app, pygame.K_F1)
    settle(app, table)
    assert app.settings.hints == 2 and "Ranking" in table.tools.buttons["hints"].text
    key(app, pygame.K_F2)
    assert table.app.settings.show_tracker and sum(table.panels.unseen) == 112 - len(
        table.shown.visible_tiles()
    )
    step(app)
    click_widget(app, table.tools.buttons["tracker"])
    assert not table.app.settings.show_tracker


def test_table_fits_every_size_and_language(tmp_path: Path) -> None:
    for size, lang in (((1024, 640), "zh"), ((1920, 1080), "en")):
        app = make_app(lang=lang, size=size)
        table = TableScene(app, scripted_session())
        app.push(table)
        try:
            settle(app, table)
            layout = table.layout
            for btn in table.controls.bar.buttons.values():
                assert layout.action_area.contains(btn.rect)
            for btn in table.tools.buttons.values():
                assert layout.tools_area.contains(btn.rect)
            hand = layout.seats[0].hand
            assert all(not s.rect.colliderect(layout.seats[0].plate) for s in hand)
        finally:
            app.shutdown()
            pygame.quit()


def test_the_save_survives_the_table(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    settle(app, table)
    click_tile(app, table, 9)
    settle(app, table)
    info = find_save(app.paths.saves_dir)
    assert not isinstance(info, str) and info.hand_no == 0


def test_hint_levels_use_the_ai_advisor_off_the_frame() -> None:
    from game.ai.base import Reason
    from game.core.actions import Discard

    app = make_app(hints=3)
    table = TableScene(app, scripted_session())
    asked: list[int] = []

    def advisor(view: SeatView, legal: Sequence[Action]) -> list[Decision]:
        asked.append(len(legal))
        one_p = next(a for a in legal if isinstance(a, Discard) and a.tile >> 2 == 9)
        return [Decision(one_p, Reason("isolated", {"tile": 9}))]

    table.ai.advisor = advisor
    table.ai.render_reason = lambda reason, lang: f"{reason.kind}: nothing connects to it"
    app.push(table)
    try:
        settle(app, table)
        for _ in range(20):
            step(app)
            if table.ai.hints is not None:
                break
            wait_for_ai(table)
        assert asked and table.controls.hint_discards() == [(1, 9)]
        assert table.controls.hint_reason() == "isolated: nothing connects to it"
        key(app, pygame.K_F1)  # 3 -> 0: hints off
        assert (
            app.settings.hints == 0
            and table.controls.hint_discards() == []
            and table.controls.hint_reason() is None
        )
    finally:
        app.shutdown()
        pygame.quit()


def test_settings_from_the_table_apply_at_once(table_app: tuple[App, TableScene]) -> None:
    from game.ui.screens.settings import SettingsScene

    app, table = table_app
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    click_widget(app, dialog.focus_order[1])  # Settings
    assert isinstance(app.scenes.top, SettingsScene)
    app.update_settings(save=False, animation_speed="slow")
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and table.animator.factor == 0.5


def test_the_still_layer_redrawn_in_parts_matches_a_whole_redraw(pg: Any) -> None:
    import dataclasses

    from game.table.picture import RiverTile, demo_picture
    from game.ui.kit.fonts import FontBook
    from game.ui.kit.tileart import TileArt
    from game.ui.table.render import TableRenderer

    window = pygame.Window("still layer", (1280, 720))
    surface = window.get_surface()
    fonts = FontBook()
    tiles = TileArt(fonts)
    demo = demo_picture()
    me = demo.seats[0]
    # the player's river goes from 12 to 13 discards: the new one starts a row outside the old river
    twelve = dataclasses.replace(me, river=(*me.river, RiverTile(5)))
    thirteen = dataclasses.replace(me, river=(*twelve.river, RiverTile(6)))
    before = dataclasses.replace(demo, seats=(twelve, *demo.seats[1:]))
    after = dataclasses.replace(demo, seats=(thirteen, *demo.seats[1:]))
    incremental = TableRenderer(fonts, tiles)
    incremental.draw(surface, before, incremental.layout((1280, 720), before), clock=0.0)
    incremental.draw(surface, after, incremental.layout((1280, 720), after), clock=0.0)
    parts = pygame.image.tobytes(surface, "RGB")
    whole = TableRenderer(fonts, tiles)
    whole.draw(surface, after, whole.layout((1280, 720), after), clock=0.0)
    assert pygame.image.tobytes(surface, "RGB") == parts
    window.destroy()
