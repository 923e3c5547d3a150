"""Issue 22: Continue on a match saved after its hand ended opens straight on that hand's result (it showed
"The hand is over" with no button for seconds)."""

from __future__ import annotations

from pathlib import Path

from game.ui.screens.menu import MainMenu
from game.ui.screens.results import HandResultScene
from game.ui.table.scene import TableScene
from tests.ui.harness import click_widget
from tests.ui.scene_catalogue import hand_result
from tests.ui.textfit import fit_app


def test_continue_on_a_finished_hand_opens_its_result(isolated_home: Path) -> None:
    with fit_app((1280, 720), "en") as app:
        hand_result(app)  # the scripted hand won, its result up: the save ends with the hand's end
        assert isinstance(app.scenes.top, HandResultScene)
        app.scenes.clear()
        app.update_settings(save=False, animation_speed="normal")
        menu = MainMenu(app)
        app.push(menu)
        for _ in range(60):  # the save is checked off the render thread
            app.step(1 / 60)
            if menu.buttons["continue"].is_enabled:
                break
        assert menu.buttons["continue"].is_enabled, "nothing to continue"
        click_widget(app, menu.buttons["continue"], frames=1)
        for _ in range(19):  # a third of a second
            app.step(1 / 60)
            if isinstance(app.scenes.top, HandResultScene):
                break
        assert isinstance(app.scenes.top, HandResultScene), "no result a third of a second after Continue"
        assert isinstance(app.scenes.scenes[-2], TableScene)
