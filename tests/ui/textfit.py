"""The UI fit tests' one harness: what a screen really draws and what is wrong with it — a widget off screen,
over another or with its label cut; a text cut off, outside its box or over other text.

- :func:`fit_app` opens the app for a fit check (a size, a language, a UI scale, animations off), and
  :data:`SIZES`, :data:`SCALES` and :data:`LANGS` are the settings every fit test goes through;
- :func:`layout_problems` checks a laid-out scene: its widgets (:func:`widget_problems`) and every text it
  drew through its :class:`~game.ui.kit.textfit.TextLog`;
- :func:`check_frame` checks one whole frame of every scene shown, as follows.

:func:`record_frame` runs one whole frame of the app with a
:class:`~game.ui.kit.textlog.TextLog` attached to its fonts (every line our drawing
code draws is noted, with the box it belongs in) and adds the text of every
pygame_gui button, label and text entry on screen. :func:`problems` checks the
record: each line inside the screen, its surface's clip and its box; no two
lines of one scene over each other; no text of ours over a widget (unless it
belongs to that widget); every widget's label inside the widget; and, in
English, no Chinese characters and no internal ids or rule-row numbers.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.paths import app_paths
from game.settings import Settings
from game.ui.app import App
from game.ui.kit.textfit import TextLog as SceneTextLog
from game.ui.kit.textlog import TextDraw, TextLog

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\bR\d{2}\b|\bS[0-4]\b|\b(?:ron|pon|shanten)\b")
"""Words a player must never see: snake_case ids, rule-row numbers, source tags, other rules' words."""
ALLOWED: dict[str, str] = {
    "中文": "the language picker names Chinese in Chinese",
    "哈尔滨麻将": "the game's name in the title art",
    "pygame_gui": "a library's name in the credits",
}
"""Text allowed to break the language and word rules, and why."""
WIDGET_PAD = 4
"""Room a widget's label leaves at each side of the widget (its border)."""
SIZES = ((1024, 640), (1280, 720), (1920, 1080))
"""The window sizes every screen must fit: the smallest window, the base size, full HD."""
SCALES = (1.0, 1.15, 1.3)
"""The UI scales every screen must fit at."""
LANGS = ("zh", "en")


@contextmanager
def fit_app(size: tuple[int, int], lang: str, scale: float = 1.0, **settings: Any) -> Iterator[App]:
    """A real app on the dummy display for a fit check: this size, language and UI scale, animations off,
    nothing saved (shut down afterwards)."""
    chosen = Settings(language=lang, ui_scale=scale, animation_speed="off", **settings)  # type: ignore[arg-type]
    app = App(app_paths().ensure(), chosen, persist=False, size=size)
    try:
        yield app
    finally:
        app.shutdown()


@contextmanager
def _layers(app: Any, log: TextLog) -> Iterator[None]:
    """Number the scenes drawn this frame (bottom first), so each line knows which scene drew it."""
    originals: list[tuple[Any, Any]] = []
    for i, scene in enumerate(app.scenes.visible()):

        def draw(surface: pygame.Surface, scene: Any = scene, i: int = i) -> None:
            log.layer = i
            type(scene).draw(scene, surface)

        originals.append((scene, scene.__dict__.get("draw")))
        scene.draw = draw
    try:
        yield
    finally:
        for scene, old in originals:
            if old is None:
                del scene.draw
            else:
                scene.draw = old


def record_frame(app: Any) -> list[TextDraw]:
    """One frame of the app with every line of text noted (a table draws everything afresh for it)."""
    log = TextLog()
    for scene in app.scenes.visible():
        invalidate = getattr(getattr(scene, "renderer", None), "invalidate", None)
        if callable(invalidate):
            invalidate()
    app.fonts.log = log
    try:
        with _layers(app, log):
            app.step(1 / 60)
    finally:
        app.fonts.log = None
    draws = list(log.draws)
    for i, scene in enumerate(app.scenes.visible()):
        draws += widget_texts(scene, i, app.size)
    return draws


def widgets(scene: Any) -> list[Any]:
    """The visible pygame_gui elements of a scene (containers left out)."""
    from pygame_gui.core import UIContainer

    manager = getattr(scene, "manager", None)
    if manager is None:
        return []
    return [
        element
        for element in manager.get_root_container().elements
        if element.visible and not isinstance(element, UIContainer)
    ]


def widget_problems(scene: Any, size: tuple[int, int]) -> list[str]:
    """Every widget of a scene off screen, over another widget, or with its label (a button's, a label's)
    cut."""
    from pygame_gui.elements import UIButton, UILabel

    screen = pygame.Rect((0, 0), size)
    items = widgets(scene)
    out = [f"{w} at {w.rect} is off screen" for w in items if not screen.contains(w.rect)]
    out += [
        f"{a.rect} overlaps {b.rect}"
        for a, b in itertools.combinations(items, 2)
        if a.rect.colliderect(b.rect)
    ]
    for w in items:
        if isinstance(w, UIButton | UILabel) and w.text and w.font.size(w.text)[0] > w.rect.w - WIDGET_PAD:
            out.append(f"label {w.text!r} cut in {w.rect.w}px")
    return out


def layout_problems(scene: Any, size: tuple[int, int], log: SceneTextLog | None = None) -> list[str]:
    """Everything wrong with how ``scene`` was last laid out and drawn: its widgets, and each text of its
    ``text`` log (or ``log``) outside its box, over another text or widget, or off screen."""
    out = widget_problems(scene, size)
    if log is None and isinstance(getattr(scene, "text", None), SceneTextLog):
        log = scene.text
    if log is not None:
        screen = pygame.Rect((0, 0), size)
        labels = [(getattr(w, "text", "") or type(w).__name__, w.rect) for w in widgets(scene)]
        out += log.problems(labels)
        out += [f"{d.text!r} off screen" for d in log.items if d.rect.w and not screen.contains(d.rect)]
    return out


def widget_texts(scene: Any, layer: int, size: tuple[int, int]) -> list[TextDraw]:
    """The label of each button, label and text entry, placed as pygame_gui centres it in the widget."""
    from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

    out: list[TextDraw] = []
    screen = pygame.Rect((0, 0), size)
    for element in widgets(scene):
        if not isinstance(element, UIButton | UILabel | UITextEntryLine):
            continue
        text = element.get_text() if isinstance(element, UITextEntryLine) else element.text
        if not text or not text.strip():
            continue
        w, h = element.font.size(text)
        rect = pygame.Rect(0, 0, w, h)
        if isinstance(element, UITextEntryLine):
            rect.midleft = (element.rect.x + WIDGET_PAD + 2, element.rect.centery)
        else:
            rect.center = element.rect.center
        box = element.rect.inflate(-2 * WIDGET_PAD, 0)
        out.append(TextDraw(text, rect, rect, size, screen, box, f"widget {type(element).__name__}", layer))
    return out


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.contains(inner) or inner.w == 0 or inner.h == 0


def problems(
    draws: list[TextDraw], scene_widgets: list[list[Any]], size: tuple[int, int], lang: str
) -> list[str]:
    """Every way the recorded text does not fit (see the module docstring); empty when all is well."""
    out: list[str] = []
    screen = pygame.Rect((0, 0), size)
    on_screen = [d for d in draws if d.surface_size == size]
    for d in draws:
        where = f"{d.text!r} ({d.box_name or 'no box'}) at {d.ink}"
        surface_rect = pygame.Rect((0, 0), d.surface_size)
        if not _inside(d.ink, surface_rect if d.surface_size != size else screen):
            out.append(f"off its surface: {where}")
        if not _inside(d.ink, d.clip):
            out.append(f"cut by the clip {d.clip}: {where}")
        if d.box is not None and not _inside(d.ink, d.box):
            out.append(f"outside its box {d.box}: {where}")
        words = d.text
        for allowed in ALLOWED:
            words = words.replace(allowed, "")
        if lang == "en" and CJK.search(words) and d.box_name != "call callout":  # a call says 碰 in any UI
            out.append(f"Chinese in the English UI: {where}")
        if INTERNAL.search(words):
            out.append(f"an internal word: {where}")
    seen: set[tuple[str, tuple[int, int, int, int], int]] = set()
    unique: list[TextDraw] = []
    for d in on_screen:
        key = (d.text, (d.ink.x, d.ink.y, d.ink.w, d.ink.h), d.layer)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    for a, b in itertools.combinations(unique, 2):
        if a.layer == b.layer and a.ink.clip(b.ink).w > 1 and a.ink.clip(b.ink).h > 1:
            out.append(
                f"{a.text!r} ({a.box_name or 'no box'}) at {a.ink} over "
                f"{b.text!r} ({b.box_name or 'no box'}) at {b.ink}"
            )
    for layer, elements in enumerate(scene_widgets):
        for d in unique:
            if d.layer != layer or d.box_name.startswith("widget"):
                continue
            for element in elements:
                over = d.ink.clip(element.rect)
                mine = d.box is not None and element.rect.contains(d.box)
                if over.w > 1 and over.h > 1 and not mine:
                    out.append(
                        f"{d.text!r} ({d.box_name or 'no box'}) at {d.ink} under the widget at {element.rect}"
                    )
    return out


def check_frame(app: Any) -> list[str]:
    """Record one frame and return its problems."""
    draws = record_frame(app)
    scene_widgets = [widgets(scene) for scene in app.scenes.visible()]
    return problems(draws, scene_widgets, app.size, app.lang)


__all__ = [
    "LANGS",
    "SCALES",
    "SIZES",
    "check_frame",
    "fit_app",
    "layout_problems",
    "problems",
    "record_frame",
    "widget_problems",
    "widget_texts",
    "widgets",
]
