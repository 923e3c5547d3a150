"""The first launch: "new to Harbin mahjong?", and the two-minute rules at a glance.

On the very first launch (no settings file and no lesson progress yet) the main menu opens
with :class:`FirstRunScene` over it: start lesson 1, read the rules at a glance
(:class:`GlanceScene`: the tiles, 开门, the 听 conditions, the 宝 and the payments, tiles
drawn, every amount from the standard rules), or go straight to a match. Keys 1, 2, 3 (and
Tab/arrows with Enter) choose; Esc closes it to the menu. Whatever is chosen, the settings
file is written so the question is asked once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.rules import STANDARD, RuleSet
from game.paths import AppPaths
from game.tutorial.progress import progress_file
from game.ui.kit.docview import DocScene
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_wrapped, wrapped_height
from game.ui.lessons.course import open_next_lesson
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

CHOICES = ("lesson", "glance", "match")
"""The first-run screen's buttons, in order (keys 1, 2, 3)."""


def is_first_run(paths: AppPaths) -> bool:
    """No settings and no lesson progress saved yet: the game has never been used here."""
    return not paths.settings_file.exists() and not progress_file(paths).exists()


def glance_source(lang: str, rules: RuleSet = STANDARD) -> str:
    """The rules at a glance (markup of :mod:`game.ui.kit.doc`, tiles drawn), amounts from ``rules``."""
    return tr("glance.body", "zh" if lang == "zh" else "en").format(
        ron=rules.base_dianpao,
        zimo=rules.base_zimo,
        mobao=rules.base_mobao,
        bzb=rules.base_baozhongbao,
        menqing=rules.menqing_loser,
        kadang=rules.kadang_mult,
    )


def _remember(app: SceneApp) -> None:
    """Write the settings file (if this run saves) so the first-run question is not asked again."""
    if app.persist and not app.paths.settings_file.exists():
        app.save()


class FirstRunScene(MenuScene):
    """ "New to Harbin mahjong?": lesson 1, the rules at a glance, or a match (keys 1-3)."""

    name = "first-run"
    design_size = (1000, 620)

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.buttons: dict[str, object] = {}
        self.body = pygame.Rect(0, 0, 0, 0)
        self.title_y = 0

    def build_ui(self) -> None:
        """The question, one line under it, and the three choices in a column."""
        w, h = self.app.size
        bw, bh, gap = min(self.px(520), int(w * 0.8)), self.px(54), self.px(14)
        x = (w - bw) // 2
        body_h = wrapped_height(self.app.fonts, tr("first_run.body", self.app.lang), bw, self.px(18))
        block = self.px(70) + body_h + self.px(36) + 3 * bh + 2 * gap  # title, body, choices
        self.title_y = max(self.px(24), (h - block) // 2)  # one column in the window's middle
        self.body = pygame.Rect(x, self.title_y + self.px(70), bw, body_h)
        top = self.body.bottom + self.px(36)
        actions = {"lesson": self.start_lesson, "glance": self.open_glance, "match": self.start_match}
        self.buttons = {}
        for i, choice in enumerate(CHOICES):
            rect = pygame.Rect(x, top + i * (bh + gap), bw, bh)
            label = tr(f"first_run.{choice}", self.app.lang)
            self.buttons[choice] = self.button(rect, label, actions[choice], object_id="#menu_button")
        self.focus_index = 0
        self._show_focus()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """1, 2, 3 choose; the rest as in any menu (Tab/arrows, Enter, Esc)."""
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(CHOICES):
            choice = CHOICES[event.key - pygame.K_1]
            self.app.sound.play("ui")
            {"lesson": self.start_lesson, "glance": self.open_glance, "match": self.start_match}[choice]()
            return True
        return super().handle_event(event)

    def start_lesson(self) -> None:
        """Lesson 1 (the next lesson of the course) in place of this screen."""
        _remember(self.app)
        self.app.pop()
        open_next_lesson(self.app)

    def open_glance(self) -> None:
        """The rules at a glance, in place of this screen."""
        _remember(self.app)
        self.app.scenes.replace(GlanceScene(self.app))

    def start_match(self) -> None:
        """The new-game setup, in place of this screen."""
        _remember(self.app)
        self.app.pop()
        self.app.nav.new_game()

    def go_back(self) -> None:
        """Esc: to the main menu (the question is not asked again)."""
        _remember(self.app)
        super().go_back()

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Felt, the question and the line under it."""
        self.draw_background(surface)
        self.draw_title(surface, tr("first_run.title", self.app.lang), self.title_y)
        text = tr("first_run.body", self.app.lang)
        draw_wrapped(surface, self.app.fonts, text, self.body, self.px(18), COLOURS.text)


class GlanceScene(DocScene):
    """The rules at a glance: one scrolling card with tiles drawn; lesson 1 or a match from its foot."""

    name = "glance"
    title_key = "glance.title"

    def source(self) -> str:
        """The card in the UI language, amounts from the standard rules."""
        return glance_source(self.app.lang)

    def build_extra(self, bottom: int) -> None:
        """Lesson 1 (key 1) and a match (key 2), right of Back."""
        bw, bh = self.px(260), self.px(44)
        right = self.panel.right
        for i, (key, action) in enumerate(
            (("first_run.match_short", self.start_match), ("first_run.lesson_short", self.start_lesson))
        ):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.bottomright = (right - i * (bw + self.px(12)), bottom)
            self.button(rect, tr(key, self.app.lang), action, object_id="#menu_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """1: lesson 1, 2: a match; the rest scrolls or moves the focus."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2):
            self.app.sound.play("ui")
            (self.start_lesson if event.key == pygame.K_1 else self.start_match)()
            return True
        return super().handle_event(event)

    def start_lesson(self) -> None:
        """Lesson 1 in place of the card."""
        self.app.pop()
        open_next_lesson(self.app)

    def start_match(self) -> None:
        """The new-game setup in place of the card."""
        self.app.pop()
        self.app.nav.new_game()


__all__ = ["CHOICES", "FirstRunScene", "GlanceScene", "glance_source", "is_first_run"]
