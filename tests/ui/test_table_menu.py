"""Issue 22: the table's menu is a visible button (rules, settings, leave — what Esc offers), and the table
waits behind it: no AI seat moves while it is open."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.actions import Discard
from game.ui.kit.dialog import MessageDialog
from game.ui.screens.menu import MainMenu
from tests.ui.harness import click_widget, key, step
from tests.ui.scene_catalogue import scripted_table
from tests.ui.textfit import fit_app


def _dialog_button(app: object, label: str) -> object:
    """The dialog's button with this label."""
    dialog = app.scenes.top  # type: ignore[attr-defined]
    assert isinstance(dialog, MessageDialog)
    return next(btn for btn in dialog.focus_order if btn.text == label)


def test_the_menu_button_leaves_the_table_by_mouse(isolated_home: Path) -> None:
    with fit_app((1024, 640), "en") as app:
        app.push(MainMenu(app))
        table = scripted_table(app)
        menu = table.tools.buttons["menu"]
        assert menu.visible and app.screen.get_rect().contains(menu.rect)
        click_widget(app, menu)
        dialog = app.scenes.top
        assert isinstance(dialog, MessageDialog)
        labels = [btn.text for btn in dialog.focus_order]
        assert labels[:3] == ["Main menu", "Settings", "Rules"]
        click_widget(app, _dialog_button(app, "Rules"))
        assert app.scenes.top is not table and not isinstance(app.scenes.top, MessageDialog)
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is table
        click_widget(app, menu)
        click_widget(app, _dialog_button(app, "Main menu"))
        assert isinstance(app.scenes.top, MainMenu)


def test_the_table_waits_behind_its_menu(isolated_home: Path) -> None:
    """After the person's discard the AI seats are to move; with the menu open nothing moves on."""
    with fit_app((1280, 720), "en", ai_delay_ms=0) as app:
        table = scripted_table(app)
        discard = next(a for a in table.controls.legal if isinstance(a, Discard))
        table.controls.submit(discard)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MessageDialog)
        at = (len(table.driver.cursor.events), table.shown_at)
        for _ in range(20):
            step(app, 10)
            if table.ai.future is not None:
                table.ai.future.result(timeout=60)
        assert (len(table.driver.cursor.events), table.shown_at) == at, "the match went on behind the menu"
        key(app, pygame.K_ESCAPE)  # Cancel: back to the table, which goes on
        assert app.scenes.top is table
        for _ in range(60):
            step(app, 5)
            if table.ai.future is not None:
                table.ai.future.result(timeout=60)
            if table.shown_at > at[1]:
                break
        assert table.shown_at > at[1], "the match did not go on after the menu closed"
