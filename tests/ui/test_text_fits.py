"""Every screen, at every size, language and UI scale: no text drawn outside its box or over another text.

The screens are those of ``tests/ui/scene_catalogue.py``; what is checked is what a real
frame draws (``tests/ui/textfit.py``). One window is shared by all of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.paths import AppPaths
from game.settings import Settings
from game.ui.app import App
from game.ui.kit.widgets import draw_text
from game.ui.scene import Scene
from tests.ui.scene_catalogue import CATALOGUE
from tests.ui.textfit import LANGS, SCALES, SIZES, check_frame, layout_problems

# slow: every text of every screen laid out at three sizes in both languages: not in the fast lane
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """One window for every screen and setting (opening fonts and drawing tiles once)."""
    home = tmp_path_factory.mktemp("fit-home")
    old = os.environ.get("HARBIN_MAHJONG_HOME")
    os.environ["HARBIN_MAHJONG_HOME"] = str(home)
    app = App(
        AppPaths.under(Path(home)).ensure(),
        Settings(language="en", animation_speed="off", ai_delay_ms=0),
        persist=False,
        size=SIZES[0],
    )
    yield app
    app.shutdown()
    pygame.quit()
    if old is None:
        os.environ.pop("HARBIN_MAHJONG_HOME", None)
    else:
        os.environ["HARBIN_MAHJONG_HOME"] = old


def show(app: App, size: tuple[int, int], lang: str, scale: float) -> None:
    """Resize the shared window and set the language and scale."""
    app.scenes.clear()
    if app.size != size:
        app.window.size = size
        app.screen = app.window.get_surface()
    app.update_settings(save=False, language=lang, ui_scale=scale, animation_speed="off")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fits(shared_app: App, size: tuple[int, int], lang: str) -> None:
    found: list[str] = []
    for scale in SCALES:
        for name, opener in CATALOGUE.items():
            show(shared_app, size, lang, scale)
            opener(shared_app)
            found += [f"{name} @ {scale:.0%}: {p}" for p in check_frame(shared_app)]
    shared_app.scenes.clear()
    assert not found, "\n".join(found[:40]) + (f"\n… and {len(found) - 40} more" if len(found) > 40 else "")


class Planted(Scene):
    """A screen with every kind of misfit planted in it, to prove the check sees each one."""

    def build_ui(self) -> None:
        import pygame_gui

        pygame_gui.elements.UIButton(pygame.Rect(600, 20, 60, 36), "a label far too long", self.manager)

    def draw_scene(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        surface.fill((0, 0, 0))
        with fonts.box(pygame.Rect(20, 20, 80, 30), "toast"):
            draw_text(surface, fonts, "a message running past its box", (24, 24), 18)
        draw_text(surface, fonts, "one line", (20, 120), 18)
        draw_text(surface, fonts, "another line", (40, 124), 18)
        surface.set_clip(pygame.Rect(20, 200, 60, 40))
        draw_text(surface, fonts, "cut by the clip", (20, 205), 18)
        surface.set_clip(None)
        draw_text(surface, fonts, "ready 听", (20, 300), 18)
        draw_text(surface, fonts, "under a button", (560, 24), 18)
        draw_text(surface, fonts, "ting_declared", (20, 400), 18)


def test_the_check_finds_planted_misfits(shared_app: App) -> None:
    show(shared_app, (1024, 640), "en", 1.0)
    shared_app.push(Planted(shared_app))
    found = check_frame(shared_app)
    shared_app.scenes.clear()

    def seen(*parts: str) -> bool:
        return any(all(part in line for part in parts) for line in found)

    assert seen("outside its box", "'a message running past its box'")
    assert seen("'one line'", "over 'another line'")
    assert seen("cut by the clip", "'cut by the clip'")
    assert seen("Chinese in the English UI", "'ready 听'")
    assert seen("'under a button'", "under the widget")
    assert seen("outside its box", "'a label far too long'", "widget UIButton")
    assert seen("an internal word", "'ting_declared'")
    assert seen("'under a button'", "over 'a label far too long'")
    assert len(found) == 8, "\n".join(found)  # nothing else: the planted screen's other text fits


class PlantedWidgets(Scene):
    """A screen whose widgets misfit in every way the layout check knows, and whose own text log holds a
    line outside its box."""

    def build_ui(self) -> None:
        import pygame_gui

        from game.ui.kit.textfit import TextLog

        pygame_gui.elements.UIButton(pygame.Rect(20, 20, 200, 40), "one", self.manager)
        pygame_gui.elements.UIButton(pygame.Rect(100, 30, 200, 40), "two", self.manager)
        pygame_gui.elements.UIButton(pygame.Rect(990, 300, 100, 40), "off", self.manager)
        pygame_gui.elements.UIButton(pygame.Rect(20, 300, 60, 36), "a label far too long", self.manager)
        self.text = TextLog(self.app.fonts)

    def draw_scene(self, surface: pygame.Surface) -> None:
        from game.ui.kit.textfit import Drawn

        surface.fill((0, 0, 0))
        self.text.clear()
        self.text.items.append(Drawn("a line", pygame.Rect(20, 500, 300, 30), pygame.Rect(20, 500, 200, 30)))


def test_the_layout_check_finds_planted_misfits(shared_app: App) -> None:
    show(shared_app, (1024, 640), "en", 1.0)
    scene = PlantedWidgets(shared_app)
    shared_app.push(scene)
    shared_app.step(1 / 60)
    found = layout_problems(scene, shared_app.size)
    shared_app.scenes.clear()
    assert any("overlaps" in line for line in found), found
    assert any("is off screen" in line for line in found), found
    assert any("label 'a label far too long' cut in 60px" in line for line in found), found
    assert any("'a line'" in line and "outside" in line for line in found), found


def test_no_wrapped_line_begins_or_ends_with_a_separator(pg: Any) -> None:
    """A list of items joined by '·' (the key legend's words, as the key help once was) wrapped at every
    width: the '·' between items is dropped where the line breaks."""
    from game.ui.kit.fonts import FontBook
    from game.ui.table.key_legend import legend_groups

    pygame.display.set_mode((10, 10))
    fonts = FontBook()
    for lang in ("zh", "en"):
        groups = legend_groups(lang, live=True)
        items = [f"{' '.join(keys)} {words}" for group in groups for keys, words in group]
        text = " · ".join(items)
        for width in range(120, 700, 7):
            lines = fonts.wrap(text, 13, width)
            assert len(lines) > 1 or width > 400
            for line in lines:
                assert not line.startswith("·") and not line.endswith("·"), (lang, width, line)
