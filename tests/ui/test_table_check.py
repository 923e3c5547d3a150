"""Defects found by playing the merged table in a real X window, each pinned by real input posted headless.

Every test posts real key or mouse events on the dummy display and asserts what the game did or drew.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from game.ai.base import Decision, Reason
from game.core.actions import Action
from game.core.actions import Peng as PengAction
from game.core.events import MatchStarted, RoundStarted
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.tiles import parse_kinds
from game.core.view import SeatView
from game.host.session import Session
from game.scenario import build_wall
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.table_fixtures import PLAYER_HAND, Tsumogiri
from tests.ui.harness import key, step
from tests.ui.scene_catalogue import to_locked
from tests.ui.test_table import make_app, settle, tile_index
from tests.ui.textfit import check_frame, record_frame


@pytest.fixture
def app_zh() -> Iterator[App]:
    """A Chinese UI at the smallest window, animations off."""
    app = make_app("zh", size=(1024, 640))
    yield app
    app.shutdown()
    pygame.quit()


def test_auto_play_band_and_the_one_locked_marker_on_the_plate(app_zh: App) -> None:
    """托管 (A) on a hand laid down after 听: the gold band is readable, and 扣听 shows once, on the person's
    plate (issue 22: one 听 marker per seat, never over tiles — it was a tag over the hand)."""
    table = to_locked(app_zh)
    assert table.frame.picture.seats[0].locked
    hold = threading.Event()
    table.ai.executor.submit(hold.wait, 30)  # the AI worker is busy: the seat's move waits to be seen
    try:
        key(app_zh, pygame.K_a)
        assert table.entrust.on
        step(app_zh, 1, dt=5.0)  # the "托管 on" message has gone; the band shows instead
        assert table.overlays.toast is None and table.entrust.on
        drawn = record_frame(app_zh)
        band = next(d.ink for d in drawn if d.text == app_zh.tr("table.entrust_band"))
        tags = [d.ink for d in drawn if d.text == app_zh.tr("table.locked")]
        plate = table.layout.seats[0].plate
        assert len(tags) == 1 and plate.contains(tags[0]), (tags, plate)
        hand = table.layout.seats[0].hand
        assert all(not t.rect.colliderect(band) for t in hand), "the band covers the hand"
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


class Penger(Tsumogiri):
    """Pengs whenever it may (and never declares 听); otherwise as :class:`Tsumogiri`."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Peng if offered, else throw the draw."""
        for action in legal:
            if isinstance(action, PengAction) and not action.ting:
                return Decision(action, Reason("peng"))
        return super().decide(view, legal)


def contested_session(saves_dir: Path) -> Session:
    """The player deals; 上家 throws 6s, which the player may 吃 (78s) and 对家 (66s) pengs."""
    rules = RuleSet()
    wall = build_wall(
        rules,
        dealer=0,
        hands={0: parse_kinds(PLAYER_HAND), 2: parse_kinds("66s")},
        head=parse_kinds("2p 3p 6s"),
        bao=parse_kinds("9p")[0],
        seed=5,
    )
    started = MatchStarted(0, rules.to_dict(), 1, 0, ("human", "normal", "normal", "normal"))
    game = Game.from_events([started, RoundStarted(0, 0, (3, 4, 2, 5), wall)])
    players = {1: Tsumogiri(), 2: Penger(), 3: Tsumogiri()}
    return Session.from_game(game, players=players, saves_dir=saves_dir)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_call_that_loses_to_a_higher_call_is_explained(lang: str) -> None:
    """C on 上家's 6s while 对家 pengs it: the 碰 wins (R15) and a message says so, with the claim order."""
    app = make_app(lang, size=(1024, 640))
    try:
        table = TableScene(app, contested_session(app.paths.saves_dir))
        app.push(table)
        settle(app, table)
        one_p = tile_index(table, 9)
        while table.controls.selected != one_p:
            key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        settle(app, table)
        shown = table.shown
        assert shown.phase == "claim" and shown.last_discard is not None and shown.last_discard >> 2 == 23
        key(app, pygame.K_c)
        if table.controls.mode == "choose":
            key(app, pygame.K_1)
        settle(app, table)
        melds = table.driver.host.view().melds
        assert not melds[0] and melds[2], "对家's 碰 took the tile"
        toast = table.overlays.toast
        assert toast is not None
        words = {
            "zh": ("对家", "碰", "吃", "胡 先于"),
            "en": ("opposite player", "peng", "chi", "a win comes first"),
        }
        for word in words[lang]:
            assert word in toast.text, (word, toast.text)
        assert not check_frame(app)
    finally:
        app.shutdown()
        pygame.quit()


def test_keyboard_focus_on_a_chosen_helper_keeps_it_looking_chosen(app_zh: App) -> None:
    """F4 then Tab: the focused 「关」 (the chosen value) still looks chosen, with a gold ring round it."""
    from game.ui.kit.theme import COLOURS
    from game.ui.screens.assists import AssistsScene

    table = scripted_table_zh(app_zh)
    key(app_zh, pygame.K_F4)
    dialog = app_zh.scenes.top
    assert isinstance(dialog, AssistsScene) and dialog is not table
    key(app_zh, pygame.K_TAB)
    focused = dialog.focused
    assert focused is not None and focused.is_selected, "the first focus is the chosen 关 of auto win"
    step(app_zh, 2)
    assert focused.drawable_shape.active_state.state_id == "selected"
    ring = focused.rect.inflate(dialog.px(4), dialog.px(4))
    screen = app_zh.screen
    assert screen.get_at((ring.centerx, ring.top))[:3] == COLOURS.gold
    key(app_zh, pygame.K_TAB)  # to 开 (not chosen): the hovered look, no ring
    other = dialog.focused
    assert other is not focused and not other.is_selected
    assert other.drawable_shape.active_state.state_id == "hovered"
    assert focused.drawable_shape.active_state.state_id == "selected"
    key(app_zh, pygame.K_RETURN)  # choose 开: auto win is on
    assert app_zh.settings.auto_win
    key(app_zh, pygame.K_ESCAPE)
    assert app_zh.scenes.top is table


def scripted_table_zh(app: App) -> TableScene:
    """The scripted deal at the table, waiting for the person's first discard."""
    from tests.ui.scene_catalogue import scripted_table

    return scripted_table(app)


def test_autoplay_help_names_every_ai_level_without_importing_the_ai() -> None:
    """The window's options name each level ``--autoplay`` takes; building them leaves the AI unimported
    (the AI costs the window's start-up a tenth of a second)."""
    import subprocess
    import sys

    from game.ai.registry import LADDER
    from game.ui.screens.options import AUTOPLAY_LEVELS, level_arg

    assert AUTOPLAY_LEVELS == LADDER
    assert all(level_arg(level.upper()) == level for level in LADDER)
    code = (
        "import sys; from game.ui.screens.options import parse_window_args; "
        "parse_window_args(['--size', '1280x720']); "
        "print(any(m.startswith('game.ai') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_tracker_under_the_bao_panel_keeps_its_tiles_readable(app_zh: App) -> None:
    """F2 on a locked hand at 1024x640: the 宝 panel and the tracker share the column; the tracker's 28
    tiles stay at least 16 px wide (they were drawn 10 px wide), each count beside its tile, nothing cut."""
    table = to_locked(app_zh)
    assert table.panels.bao_figures is not None
    widths: list[int] = []
    real_mini = table.mini

    def spy(kind: int | None, width: int | None = None, state: str = "normal") -> pygame.Surface:
        widths.append(width or table.mini_width())
        return real_mini(kind, width, state)  # type: ignore[arg-type]

    key(app_zh, pygame.K_F2)
    assert app_zh.settings.show_tracker
    table.mini = spy  # type: ignore[method-assign]
    record_frame(app_zh)
    table.mini = real_mini  # type: ignore[method-assign]
    tracker = widths[-28:]
    assert len(widths) >= 28 and min(tracker) >= 16, tracker
    assert not check_frame(app_zh)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_claim_prompt_names_only_the_calls_offered(lang: str) -> None:
    """下家's 5m after the person's 1p: only 碰 (and 碰听) and pass are lit, and the prompt says just that
    (it said 「吃、碰、杠、胡 或 过」 whatever was offered)."""
    from game.glossary import term
    from tests.ui.scene_catalogue import scripted_table

    app = make_app(lang, size=(1024, 640))
    try:
        table = scripted_table(app)
        one_p = tile_index(table, 9)
        while table.controls.selected != one_p:
            key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        settle(app, table)
        assert table.shown.phase == "claim"
        prompt = table.controls.status_text()
        assert term("peng", lang) in prompt and term("ting", lang) in prompt, prompt
        for word in ("chi", "gang", "hu"):
            assert term(word, lang) not in prompt.split("：" if lang == "zh" else ": ")[1], (word, prompt)
        shown = [d.text for d in record_frame(app)]
        assert any(prompt.startswith(t) or t.startswith(prompt[:10]) for t in shown)
    finally:
        app.shutdown()
        pygame.quit()


def test_rules_pop_up_in_the_other_language_is_in_that_language_throughout(app_zh: App) -> None:
    """F3 at a Chinese table, then a click on 「English」: the title, tabs and Back are English too, and a
    second click brings all of it back to Chinese; Esc returns to the match in Chinese."""
    from tests.ui.harness import click_widget
    from tests.ui.textfit import CJK

    table = scripted_table_zh(app_zh)
    key(app_zh, pygame.K_F3)
    rules = app_zh.scenes.top
    toggle = next(b for b in rules.actions if b.text == "English")
    click_widget(app_zh, toggle)
    top = [d for d in record_frame(app_zh) if d.layer == len(app_zh.scenes.visible()) - 1]
    chinese = [d.text for d in top if CJK.search(d.text.replace("中文", ""))]
    assert not chinese, chinese
    assert any(d.text == "Rules" for d in top) and any(d.text == "Back" for d in top)
    toggle = next(b for b in rules.actions if b.text == "中文")
    click_widget(app_zh, toggle)
    top = [d.text for d in record_frame(app_zh) if d.layer == len(app_zh.scenes.visible()) - 1]
    assert "规则" in top and "返回" in top
    key(app_zh, pygame.K_ESCAPE)
    assert app_zh.scenes.top is table and app_zh.lang == "zh"


def test_leave_dialog_over_a_lesson_hides_the_spotlit_table_under_it(app_zh: App) -> None:
    """Esc in a lesson: the 「离开教程」 dialog's panel is opaque (the spotlit centre box showed through)."""
    from game.ui.kit.dialog import MessageDialog
    from game.ui.kit.theme import DIALOG_FILL

    app_zh.nav.lessons(open_lesson="basics")
    step(app_zh, 3)
    lesson = app_zh.scenes.top
    assert isinstance(lesson, TableScene)
    key(app_zh, pygame.K_ESCAPE)
    dialog = app_zh.scenes.top
    assert isinstance(dialog, MessageDialog) and dialog is not lesson
    step(app_zh, 30, dt=0.05)  # past the fade-in
    panel = dialog.panel
    y = panel.y + dialog.px(12)  # above the title, inside the inner border
    row = [app_zh.screen.get_at((x, y))[:3] for x in range(panel.x + 12, panel.right - 12)]
    assert set(row) == {DIALOG_FILL[:3]}, set(row)
    key(app_zh, pygame.K_ESCAPE)
    assert app_zh.scenes.top is lesson


def test_keyboard_only_from_the_menu_to_a_match(app_zh: App) -> None:
    """Enter on the menu (新游戏, focused from the start since issue 22: it took a ↓ first), then Enter on
    the new-game screen starts the match (it did nothing: only Tab reached 开始对局)."""
    from game.ui.screens.new_game import NewGameScene

    app_zh.scenes.clear()
    from game.ui.screens.menu import MainMenu

    app_zh.push(MainMenu(app_zh))
    step(app_zh, 2)
    key(app_zh, pygame.K_RETURN)
    assert isinstance(app_zh.scenes.top, NewGameScene)
    key(app_zh, pygame.K_RETURN)
    assert isinstance(app_zh.scenes.top, TableScene)
