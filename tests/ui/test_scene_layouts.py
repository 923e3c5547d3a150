"""Every menu screen fits: widgets on screen, not overlapping, labels not cut, at any size and scale."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import open_scene
from tests.ui.textfit import LANGS, SIZES, fit_app, widget_problems, widgets

# slow: every menu screen laid out at three sizes and scales: not in the fast lane
pytestmark = pytest.mark.slow

SCENES = ("menu", "settings", "newgame", "rules", "about")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", [1.0, 1.3])
@pytest.mark.parametrize("lang", LANGS)
def test_screens_fit(isolated_home: Path, size: tuple[int, int], ui_scale: float, lang: str) -> None:
    screen = pygame.Rect((0, 0), size)
    with fit_app(size, lang, ui_scale) as app:
        for name in SCENES:
            app.scenes.clear()
            open_scene(app, name)
            app.step(1 / 60)
            scene = app.scenes.top
            assert widgets(scene), name
            found = widget_problems(scene, size)
            assert not found, f"{name}: " + "; ".join(found)
            panel = getattr(scene, "panel", None)
            if isinstance(panel, pygame.Rect) and panel.w:
                assert screen.contains(panel), f"{name}: panel off screen"
    pygame.quit()
