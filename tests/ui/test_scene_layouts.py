"""Every menu screen fits: widgets on screen, not overlapping, labels not cut, at any size and scale."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.paths import app_paths
from game.settings import Settings
from game.ui.app import App, open_scene

# slow: every menu screen laid out at three sizes and scales: not in the fast lane
pytestmark = pytest.mark.slow

SCENES = ("menu", "settings", "newgame", "rules", "about")


def widgets(scene: Any) -> list[Any]:
    """The visible pygame_gui elements a scene made (not containers)."""
    from pygame_gui.core import UIContainer

    out = []
    for element in scene.manager.get_root_container().elements:
        if isinstance(element, UIContainer) or not element.visible:
            continue
        out.append(element)
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("ui_scale", [1.0, 1.3])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_screens_fit(isolated_home: Path, size: tuple[int, int], ui_scale: float, lang: str) -> None:
    from pygame_gui.elements import UIButton

    app = App(
        app_paths().ensure(),
        Settings(language=lang, ui_scale=ui_scale, animation_speed="off"),  # type: ignore[arg-type]
        persist=False,
        size=size,
    )
    screen = pygame.Rect((0, 0), size)
    try:
        for name in SCENES:
            app.scenes.clear()
            open_scene(app, name)
            app.step(1 / 60)
            scene = app.scenes.top
            items = widgets(scene)
            assert items, name
            for w in items:
                assert screen.contains(w.rect), f"{name}: {w} at {w.rect} is off screen"
            for a, b in itertools.combinations(items, 2):
                assert not a.rect.colliderect(b.rect), f"{name}: {a.rect} overlaps {b.rect}"
            for w in items:
                if isinstance(w, UIButton) and w.text:
                    text_w = w.font.size(w.text)[0]
                    assert text_w <= w.rect.w - 4, (
                        f"{name}: label {w.text!r} ({text_w}px) cut in {w.rect.w}px"
                    )
            panel = getattr(scene, "panel", None)
            if isinstance(panel, pygame.Rect) and panel.w:
                assert screen.contains(panel), f"{name}: panel off screen"
    finally:
        app.shutdown()
        pygame.quit()
