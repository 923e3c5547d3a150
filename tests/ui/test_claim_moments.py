"""Issue 22's claim moments: one light on the claim bar (the default Space and Enter take, said in words),
the advisor's suggestion as an AI badge (never a second light), and a 碰听/吃听 named as such with the tiles
it takes and the waits it leaves shown before it is made — the same waits the engine offers after it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.actions import Discard, Peng, Refusal
from game.core.tiles import kind_of
from game.table.figures import call_ting_preview
from tests.ui.harness import click_widget, key
from tests.ui.scene_catalogue import settle, to_claim
from tests.ui.textfit import fit_app

BADGE = (140, 210, 255)
"""The AI badge's colour."""


def _lit(table: object) -> list[str]:
    """The claim-bar buttons drawn selected (lit)."""
    return [name for name, btn in table.controls.bar.buttons.items() if btn.is_selected]  # type: ignore[attr-defined]


def test_one_light_the_default_and_the_suggestion_is_a_badge(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en", hints=2) as app:
        table = to_claim(app)
        for _ in range(3):
            app.step(1 / 60)
        bar = table.controls.bar
        assert _lit(table) == ["pass"], "exactly one button is lit, the one Space takes"
        assert bar.suggested is not None and bar.suggested != "pass", "the advisor suggests a call here"
        assert not bar.buttons[bar.suggested].is_selected
        corner = bar.buttons[bar.suggested].rect
        area = pygame.Rect(corner.right - 60, corner.top - 20, 60, 30)
        badge = sum(
            1
            for x in range(area.left, area.right)
            for y in range(area.top, area.bottom)
            if app.screen.get_at((x, y))[:3] == BADGE
        )
        assert badge > 30, "no AI badge on the suggested button"
        words = [text for text, _ in table.panels.claim_lines()]
        assert "Space or Enter: pass" in words


def test_enter_takes_the_lit_default(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en") as app:
        table = to_claim(app)
        token = table.controls.decision_token
        assert table.controls.actions.get("peng")
        key(app, pygame.K_RETURN)
        settle(app, table)
        assert table.controls.decision_token != token, "Enter did nothing at the claim"
        assert not table.shown.melds[0], "Enter made a call instead of passing"
        assert table.shown.rivers[1], "the discard stays in 下家's river"


def test_a_call_to_ready_is_named_and_shows_its_waits_before(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en") as app:
        table = to_claim(app)
        ting = table.controls.bar.buttons["ting"]
        assert ting.text.startswith("peng to ready"), ting.text
        assert "peng to ready" in table.controls.status_text()
        lines = [text for text, _ in table.panels.claim_lines()]
        assert lines[0] == "Peng to ready — peng and declare ready"
        call = next(a for a in table.controls.legal if isinstance(a, Peng) and a.ting)
        preview = call_ting_preview(table.shown, call)
        assert preview, "a 碰听 leaves waits"
        for kind, report in preview.items():
            said = [table.tile_word(w.kind) + (" (kadang)" if w.kadang else "") for w in report.waits]
            waits = ", ".join(said)
            assert any(table.tile_word(kind) in line and waits in line for line in lines[1:]), (kind, lines)
        click_widget(app, ting)  # make the call: the waits the engine offers now are the ones shown before
        settle(app, table)
        assert table.shown.melds[0] and table.controls.must_ting
        after = table.controls.menu.ting_options  # type: ignore[union-attr]
        offered = {k: r.wait_kinds() for k, r in after.items()}
        assert offered == {k: r.wait_kinds() for k, r in preview.items()}


def test_a_kadang_wait_is_named_before_the_call_to_ready() -> None:
    """The lines under the claim bar said "Discard 5 Dots → wait on 2 Characters" for a 卡当 wait, which is
    paid double: the wait is named as one, in both languages; an open wait is not."""
    from game.tutorial.text import tile_name
    from game.ui.words.hints import waits_words
    from tests.helpers import report

    kadang = report("13m 456s 99p", chi="234p", peng="777s")  # waits on 2m, the middle of 1-2-3
    assert waits_words(kadang, lambda k: tile_name(k, "zh"), "zh") == "二萬（卡当）"
    assert waits_words(kadang, lambda k: tile_name(k, "en"), "en") == "2 Characters (kadang)"
    both_ends = report("67889p 44m", chi="123m", peng="999s")
    assert waits_words(both_ends, lambda k: tile_name(k, "en"), "en") == "7 Dots"


def test_why_not_is_said_once(isolated_home: Path) -> None:
    """A click on a greyed button while the mouse rests on it: the reason shows in the message box only,
    not a second time under the claim bar."""
    from tests.ui.harness import click
    from tests.ui.scene_catalogue import scripted_table

    with fit_app((1280, 720), "en") as app:
        table = scripted_table(app)
        chi = table.controls.bar.buttons["chi"]
        assert not chi.is_enabled
        click(app, chi.rect.center)
        toast = table.overlays.toast
        assert toast is not None and table.controls.hover_reason == toast.text
        shown = [text for text, _ in table.panels.claim_lines()]
        lines = [text for text, _ in _panel_lines(table)]
        assert toast.text not in shown
        assert not any(len(line) > 8 and line in toast.text for line in lines), lines


def _panel_lines(table: object) -> list[tuple[str, object]]:
    """The lines the action panel draws under the claim bar this frame (its drawing recorded)."""
    from tests.ui.textfit import record_frame

    app = table.app  # type: ignore[attr-defined]
    bar_bottom = max(b.rect.bottom for b in table.controls.bar.buttons.values())  # type: ignore[attr-defined]
    area = table.layout.action_area  # type: ignore[attr-defined]
    return [
        (d.text, d.rect)
        for d in record_frame(app)
        if area.contains(d.rect) and d.rect.top > bar_bottom and d.layer == 0
    ]


def test_several_calls_show_their_tiles_at_28_px_or_more(isolated_home: Path) -> None:
    """At the smallest window the tiles on each call's choice button are at least 28 px wide (22 px before),
    and every choice still has its button."""
    from tests.ui.scene_catalogue import CATALOGUE

    with fit_app((1024, 640), "zh") as app:
        CATALOGUE["table choosing a call"](app)
        table = app.scenes.top
        widths: list[int] = []
        real = table.mini

        def spy(kind: object, width: int | None = None, state: str = "normal") -> pygame.Surface:
            widths.append(width or table.mini_width())
            return real(kind, width, state)  # type: ignore[arg-type]

        table.mini = spy  # type: ignore[method-assign]
        table.overlays.draw_choice_tiles(app.screen, table.controls)
        table.mini = real  # type: ignore[method-assign]
        assert len(table.controls.bar.choice_buttons) == len(table.controls.choices) >= 2
        assert widths and min(widths) >= 28, widths


def test_the_live_calls_float_large_just_above_the_hand(isolated_home: Path) -> None:
    """While a claim is offered the live buttons float in a stack of large buttons at the foot of the right
    column, just above the right end of the player's hand (over the key help), the default still the one
    light; the greyed ones pack into the column's first cells (a click there says why not), leaving the
    rows below to the lines under the bar; after the claim every button is back in its place."""
    with fit_app((1280, 720), "en") as app:
        table = to_claim(app)
        for _ in range(2):
            app.step(1 / 60)
        bar, layout = table.controls.bar, table.layout
        live = [name for name, btn in bar.buttons.items() if btn.is_enabled]
        assert bar.floating and set(live) == bar.afloat == {"peng", "ting", "pass"}
        hand = layout.seats[0].hand
        hand_top = min(slot.rect.top for slot in hand) - layout.lift
        column = layout.action_area
        for name in live:
            rect = bar.buttons[name].rect
            assert layout.prompt_area.contains(rect), f"{name} not at the column's foot"
            assert not rect.colliderect(bar.home[name]), f"{name} still in its place"
            assert rect.bottom <= hand_top and hand_top - rect.bottom < table.px(200), name
            assert rect.centerx > app.screen.get_width() // 2, f"{name} not on the right"
            assert rect.h > bar.home[name].h, f"{name} no larger than in the column"
        assert max(bar.buttons[n].rect.bottom for n in live) > hand_top - table.px(30), "not by the hand"
        assert _lit(table) == ["pass"]
        greyed = [name for name in bar.buttons if name not in live]  # in the bar's order
        cells = list(bar.home.values())
        for name, cell in zip(greyed, cells, strict=False):  # packed into the column's first cells
            assert bar.buttons[name].rect == cell, f"greyed {name} not packed to the top of the column"
            assert column.contains(bar.buttons[name].rect), f"greyed {name} left the column"
        assert bar.lines_top > max(bar.buttons[n].rect.bottom for n in greyed)
        assert bar.lines_top < bar.choice_top, "the rows the floating buttons left stay unused"
        for _ in range(6):  # pass this claim and any next one, to the person's own turn
            key(app, pygame.K_SPACE)
            settle(app, table)
            if not table.controls.actions.get("pass"):
                break
        assert table.controls.decision_token is not None and not table.controls.actions.get("pass")
        assert not bar.floating
        assert all(column.contains(btn.rect) for btn in bar.buttons.values())


def test_every_line_under_the_claim_bar_is_drawn_at_every_size(isolated_home: Path) -> None:
    """A 碰听 offer's lines (its name, the tiles it takes, each 听 discard with its waits, what Space takes)
    all fit under the claim bar, in both languages from the smallest window up: none is left out for room."""
    from tests.ui.textfit import record_frame

    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        for lang in ("zh", "en"):
            with fit_app(size, lang) as app:
                table = to_claim(app)
                for _ in range(3):
                    app.step(1 / 60)
                wanted = [text for text, _ in table.panels.claim_lines()]
                assert len(wanted) >= 4, wanted  # the name, the tiles taken, a wait, the default
                assert lang == "zh" or all(line[:1].isupper() for line in wanted), wanted  # "Peng to ready"
                area = table.layout.action_area
                drawn = "".join(d.text for d in record_frame(app) if area.contains(d.rect)).replace(" ", "")
                missing = [line for line in wanted if line.replace(" ", "") not in drawn]
                assert not missing, (size, lang, missing)


def test_enter_on_another_seats_turn_says_whose_move_it_is(isolated_home: Path) -> None:
    """Enter while an opponent decides says so ("Next is thinking…"), not "choose a tile first": it is not
    the person's discard at all."""
    from tests.ui.scene_catalogue import scripted_table

    with fit_app((1280, 720), "en", ai_delay_ms=60_000) as app:
        table = scripted_table(app)
        one_p = next(a for a in table.controls.legal if isinstance(a, Discard) and kind_of(a.tile) == 9)
        table.controls.submit(one_p)
        for _ in range(5):
            app.step(1 / 60)
        assert table.shown.turn != table.shown.seat and table.controls.decision_token is None
        thinking = table.controls.status_text()
        assert thinking, "no word for the opponent's move"
        key(app, pygame.K_RETURN)
        toast = table.overlays.toast
        assert toast is not None and toast.text == thinking
        assert toast.text != app.tr("table.enter_nothing")


def test_whose_move_it_is_is_taken_down_once_the_move_is_made(isolated_home: Path) -> None:
    """Enter on an opponent's turn said "Opposite is thinking…", and the words stayed for four seconds: the
    table moved on to the person's own turn under them. They go as soon as the next move is shown; a
    "why not" is no such message and stays."""
    import time

    from tests.ui.scene_catalogue import scripted_table

    with fit_app((1280, 720), "en", ai_delay_ms=100) as app:
        table = scripted_table(app)
        one_p = next(a for a in table.controls.legal if isinstance(a, Discard) and kind_of(a.tile) == 9)
        table.controls.submit(one_p)
        app.step(1 / 60)
        assert table.shown.turn != table.shown.seat
        key(app, pygame.K_RETURN)
        toast = table.overlays.toast
        assert toast is not None and toast.whose_move
        at = table.shown_at
        for _ in range(3000):  # until the opponent's move is shown (the AI thinks on its own thread)
            if table.shown_at != at:
                break
            app.step(1 / 240)
            time.sleep(0.002)
        assert table.shown_at != at, "the opponent never moved"
        assert table.clock < toast.until, "the toast's own time was not yet over"
        assert table.overlays.toast is None, "the words on whose move it was outlived the move"
        table.overlays.why_not(Refusal("not_your_turn", "not your turn"))
        table.overlays.moved()
        assert table.overlays.toast is not None, "a why-not went with the next move"
