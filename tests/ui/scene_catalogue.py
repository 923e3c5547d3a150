"""Every screen of the game in the states worth looking at, for the tests that lay them all out.

Each entry opens its screen on the app's (cleared) scene stack, ready to draw: the
table mid-hand, at a claim, choosing a call, in 听 mode, with a message, locked
with the 宝 panel, with banners up; the hand and match results; every menu
screen and dialog. A new screen registers itself here with ``@screen("name")``
(one function that opens it in a telling state) and is then checked at every
size, language and UI scale by ``tests/ui/test_text_fits.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.actions import Chi, Discard, Gang, Hu, Peng
from game.core.tiles import kind_of
from game.glossary import term
from game.ui.app import open_scene
from game.ui.kit.theme import COLOURS
from game.ui.table.scene import TableScene
from tests.ui.harness import wait_for_ai

SAMPLES = Path(__file__).resolve().parents[2] / "saves"
"""The sample replays the game ships."""
Opener = Callable[[Any], None]
CATALOGUE: dict[str, Opener] = {}
"""Screen name → a function that opens it on the app."""


def screen(name: str) -> Callable[[Opener], Opener]:
    """Register a function that opens a screen (on a cleared stack) in a state worth checking."""

    def register(opener: Opener) -> Opener:
        if name in CATALOGUE:
            raise ValueError(f"screen {name!r} is registered twice")
        CATALOGUE[name] = opener
        return opener

    return register


# ---------------------------------------------------------------------- the table
def frames(app: Any, n: int = 1) -> None:
    """Whole frames, each after the table's AI worker has answered what it was asked."""
    for _ in range(n):
        app.step(1 / 60)
        top = app.scenes.top
        if isinstance(top, TableScene):
            wait_for_ai(top)


def settle(app: Any, table: TableScene, limit: int = 600) -> None:
    """Frames until the table waits for the person (or the hand's result is up)."""
    for _ in range(limit):
        frames(app)
        if app.scenes.top is not table:
            return
        if not table.busy and (table.controls.decision_token is not None or table.result_open):
            return
    raise AssertionError("the table did not settle")


def scripted_table(app: Any) -> TableScene:
    """The scripted deal (tests/table_fixtures.py) on a table, waiting for the person's first discard."""
    from tests.table_fixtures import scripted_session

    table = TableScene(app, scripted_session(saves_dir=app.paths.saves_dir))
    app.push(table)
    settle(app, table)
    return table


def play(app: Any, table: TableScene, kind: type, ting: bool | None = None) -> None:
    """The person plays their first legal action of a kind (and 听 or not), then the table settles."""
    action = next(
        a
        for a in table.controls.legal
        if isinstance(a, kind) and (ting is None or getattr(a, "ting", None) == ting)
    )
    table.controls.submit(action)
    settle(app, table)


def to_claim(app: Any) -> TableScene:
    """The scripted deal at 下家's 5m: the person may 碰 (or 碰听) or pass."""
    table = scripted_table(app)
    one_p = next(a for a in table.controls.legal if isinstance(a, Discard) and kind_of(a.tile) == 9)
    table.controls.submit(one_p)
    settle(app, table)
    return table


def to_locked(app: Any) -> TableScene:
    """After 碰 and 听 on 中: the hand laid down, the 宝 panel up, the person to win by 自摸."""
    table = to_claim(app)
    play(app, table, Peng, ting=False)
    table.controls.press("ting")
    zhong = next(
        a for a in table.controls.legal if isinstance(a, Discard) and a.ting and kind_of(a.tile) == 27
    )
    table.controls.submit(zhong)
    settle(app, table)
    return table


@screen("table mid-hand")
def late_hand(app: Any) -> None:
    """A busy late hand (melds everywhere, long rivers) with the tracker open, the person to discard."""
    from game.benchmarks.ui import late_hand_session

    session = late_hand_session()
    session.catch_up()
    app.update_settings(save=False, show_tracker=True, hints=1)
    table = TableScene(app, session)
    app.push(table)
    frames(app, 2)
    app.update_settings(save=False, show_tracker=False, hints=0)


@screen("table first turn, why not")
def first_turn(app: Any) -> None:
    """The person's first turn; 听 refused, the reasons in a message."""
    table = scripted_table(app)
    table.controls.press("ting")


@screen("table claim")
def claim(app: Any) -> None:
    """A claim: 碰, 听 (碰听) and pass lit, the others greyed; the prompt names the discard."""
    to_claim(app)


PLAIN_CLAIM_HAND = "123m 456p 18s 99s 55m 7z 1p"
"""The scripted deal's hand with 1s for 7s: after 碰 on 5m it is two tiles from ready, so the claim is a
plain one (碰 or pass, no 碰听)."""


@screen("table plain claim")
def plain_claim(app: Any) -> None:
    """A plain claim: 碰 and pass lit, nothing to declare ready with (the 碰听 offer is "table claim")."""
    from tests.table_fixtures import scripted_game, scripted_session

    game = scripted_game(player_hand=PLAIN_CLAIM_HAND)
    table = TableScene(app, scripted_session(game, saves_dir=app.paths.saves_dir))
    app.push(table)
    settle(app, table)
    one_p = next(a for a in table.controls.legal if isinstance(a, Discard) and kind_of(a.tile) == 9)
    table.controls.submit(one_p)
    settle(app, table)


@screen("table choosing a call")
def choosing(app: Any) -> None:
    """Several calls to choose from: one button each, the tiles drawn over it, the hint under them."""
    table = to_claim(app)
    calls = [a for a in table.controls.legal if isinstance(a, Peng | Chi | Gang)]
    table.controls.choices = calls
    table.controls.choice_name = "peng"
    table.controls.set_mode("choose")


@screen("table 听 mode")
def ting_mode(app: Any) -> None:
    """听 mode after 碰: the waits over each discard that may declare 听, a refusal said at the side."""
    table = to_claim(app)
    play(app, table, Peng, ting=False)
    table.controls.press("ting")
    table.controls.click_tile(0)  # 1m cannot declare 听: the message says why
    slot = table.layout.hand_slot(len(table.frame.hand_ids) - 1)
    if slot is not None:
        table.controls.hover = slot.index


@screen("table locked, 宝 panel, 换宝 message")
def locked(app: Any) -> None:
    """The hand laid down after 听: the 宝 panel, and the long 换宝 message."""
    table = to_locked(app)
    text = app.tr("table.huanbao_reason", tile=table.tile_word(4), n=3)
    table.overlays.say(text, (), COLOURS.gold)


@screen("table banners")
def banners(app: Any) -> None:
    """A call's word over each plate, the 换宝 word in the centre and a win over the table."""
    table = to_claim(app)
    table.animator.set_speed("slow")
    layout = table.layout
    for seat, word in enumerate(("peng", "chiting", "angang", "ting")):
        table.motion.call_banner(word, layout, seat, COLOURS.gold)
    table.motion.banner(
        term("huanbao", app.lang), "", layout.centre.center, COLOURS.gold, 5.0, width=layout.centre.w
    )


@screen("table rules pop-up (F3)")
def rules_popup(app: Any) -> None:
    """F3 at the table: the rules over the match, which waits under it."""
    import pygame

    from tests.ui.harness import key

    scripted_table(app)
    key(app, pygame.K_F3)


@screen("table helpers (F4)")
def helpers_popup(app: Any) -> None:
    """F4 at the table, Tab to the first choice: the helpers over the match, the chosen 关 ringed."""
    import pygame

    from tests.ui.harness import key

    scripted_table(app)
    key(app, pygame.K_F4)
    key(app, pygame.K_TAB)


@screen("table 托管 on a locked hand")
def entrusted(app: Any) -> None:
    """A (托管) on a hand laid down after 听, the message gone: the band over the 扣听 tag.

    The AI worker is kept busy (its seat's move must wait to be seen) until the next screen opens.
    """
    import threading

    import pygame

    from tests.ui.harness import key, step

    table = to_locked(app)
    hold = threading.Event()
    table.ai.executor.submit(hold.wait, 5)
    key(app, pygame.K_a)
    step(app, 1, dt=5.0)
    table.ai.executor.submit(hold.set)  # runs only after the wait: frees the worker as soon as it may


@screen("replay library")
def replay_library(app: Any) -> None:
    """The replay library (回放) with the shipped sample replays, the first selected."""
    import shutil

    folder = app.paths.replays_dir
    for sample in SAMPLES.glob("*.jsonl"):
        shutil.copy(sample, folder / sample.name)
    open_scene(app, "menu")
    app.nav.replays()
    scene = app.scenes.top
    assert scene.wait_loaded()
    scene.select(0)
    frames(app, 2)


@screen("replay samples")
def replay_samples(app: Any) -> None:
    """The replay library's samples (示例对局) as a new player finds them: the bao sample selected, each of
    its hands in a few words."""
    open_scene(app, "menu")
    app.nav.replays()
    scene = app.scenes.top
    assert scene.wait_loaded()
    scene.toggle_samples()
    assert scene.wait_loaded()
    scene.select(next(i for i, e in enumerate(scene.list.entries) if "mobao" in e.path.name))
    frames(app, 2)


@screen("replay viewer")
def replay_viewer(app: Any) -> None:
    """A sample replay in the viewer, a few steps in (no review level: nothing thought out)."""
    open_scene(app, "menu")
    assert app.nav.viewer(SAMPLES / "mixed-levels-8-hands.jsonl")
    viewer = app.scenes.top
    viewer.seek(viewer.driver.cursor.position + 12)
    frames(app, 2)


@screen("hand result")
def hand_result(app: Any) -> None:
    """The hand's result over the table: the winner's sets, the 宝, who pays whom and why."""
    table = to_locked(app)
    table.controls.submit(next(a for a in table.controls.legal if isinstance(a, Hu)))
    settle(app, table)
    for _ in range(120):
        if table.result_open:
            break
        frames(app)


@screen("match result")
def match_result(app: Any) -> None:
    """The match's result: standings, the hands, the chart with its legend."""
    hand_result(app)
    result = app.scenes.top
    result.next()
    frames(app, 2)


@screen("leave dialog")
def leave_dialog(app: Any) -> None:
    """Esc at the table: leave, settings or cancel, over the table."""
    table = scripted_table(app)
    table.ask_leave()


@screen("error dialog")
def error_dialog(app: Any) -> None:
    """A settings problem over the menu, its details open: the player's sentence and the program's words."""
    from game.ui.kit.error_dialog import ErrorDialog, report

    open_scene(app, "menu")
    details = "settings.json:\n  - language='fr' must be one of zh, en; using 'en'\nThe old file was kept."
    dialog = ErrorDialog(app, app.tr("dialog.settings_problem_title"), report("settings_read", details))
    app.push(dialog)
    dialog.actions[dialog.focus_order[0]]()  # Details


@screen("rule card at a match start")
def rule_card(app: Any) -> None:
    """A 大庆 match begins: its rule card over the table that waits under it."""
    from game.core.rules import PRESETS
    from game.match_config import MatchConfig

    open_scene(app, "menu")
    app.nav.start_match(MatchConfig(preset="DQ", rules=PRESETS["DQ"], hands=1, seed=3))
    frames(app, 2)


@screen("rules screen on a rule card")
def rules_card(app: Any) -> None:
    """The rules screen opened from a 大庆 table: its rule card."""
    from game.core.rules import PRESETS

    open_scene(app, "menu")
    app.nav.rules(match=("DQ", PRESETS["DQ"]))
    frames(app, 2)


@screen("lessons")
def lessons(app: Any) -> None:
    """The lesson list (教程)."""
    open_scene(app, "menu")
    app.nav.lessons()
    frames(app, 2)


@screen("lesson step")
def lesson_step(app: Any) -> None:
    """A lesson at the table: the 宝中宝 lesson's first step."""
    open_scene(app, "menu")
    app.nav.lessons(open_lesson="baozhongbao")
    frames(app, 3)


@screen("drills")
def drills(app: Any) -> None:
    """The drills, on their first question."""
    open_scene(app, "menu")
    app.nav.drills(seed=5)
    frames(app, 2)


for _name in ("menu", "settings", "rules", "about", "newgame", "table-demo"):

    def _open(app: Any, name: str = _name) -> None:
        open_scene(app, name)

    screen(_name)(_open)


__all__ = ["CATALOGUE", "screen"]
