"""The rule card over the table at the start of a match whose rules differ from the Harbin standard.

The table waits under it (only the top screen runs); Enter, Esc or the button closes it and play
begins. The card scrolls (wheel, arrows, Page Up/Down, Space) when it is longer than its panel.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.core.rules import RuleSet
from game.rule_texts import RuleTextError, load_rule_texts
from game.ui.kit.doc import DocLayout, parse_doc
from game.ui.kit.docview import DocScene
from game.ui.kit.error_dialog import report
from game.ui.screens.rule_card import CardStyle, layout_card, rule_card
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)


def wants_card(rules: RuleSet) -> bool:
    """True when a match's rules differ from the Harbin standard in any switch (the card is shown)."""
    return bool(rules.differences())


class RuleCardScene(DocScene):
    """A match's rule card in a panel over the table, with a button to start playing."""

    transparent = True
    name = "rule-card"
    design_size = (900, 600)
    title_key = ""
    panel_fill = (10, 34, 22, 248)

    def __init__(self, app: SceneApp, preset: str, rules: RuleSet) -> None:
        super().__init__(app)
        self.preset = preset
        self.rules = rules
        self.play_button: Any = None

    def make_layout(self, width: int) -> DocLayout:
        """The card of the match's rules in the UI language."""
        assert self.renderer is not None
        try:
            texts = load_rule_texts(self.app.lang)
        except RuleTextError as exc:
            words = report("game_files", exc).text(self.app.lang)  # the file's own problem goes to the log
            return self.renderer.layout(parse_doc(f"# {words}"), width)
        card = rule_card(texts, self.rules, self.preset)
        return layout_card(self.app.fonts, self.renderer, card, width, CardStyle().scaled(self.px))

    def build_ui(self) -> None:
        """A centred panel holding the card, the start button along its bottom."""
        w, h = self.app.size
        panel_w = min(int(w * 0.9), self.px(860))
        panel_h = min(int(h * 0.9), self.px(580))
        panel = pygame.Rect(0, 0, panel_w, panel_h)
        panel.center = (w // 2, h // 2)
        bar = self.px(68)
        self.layout_doc(panel)
        self.view.h -= bar
        self.track.h -= bar
        self.relayout()
        rect = pygame.Rect(0, 0, self.px(240), self.px(46))
        rect.bottomright = (panel.right - self.px(24), panel.bottom - self.px(20))
        self.play_button = self.button(
            rect, tr("card.play", self.app.lang), self.close, object_id="#menu_button"
        )
        self.focus_index = 0

    def close(self) -> None:
        """Put the card away: play begins."""
        self.app.pop()

    def go_back(self) -> None:
        """Esc closes the card too."""
        self.app.sound.play("ui")
        self.close()

    def draw_background(self, surface: pygame.Surface) -> None:
        """The table shows dimmed under the card."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, int(150 * self.fade)))
        surface.blit(veil, (0, 0))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """No full-screen fade for an overlay (the veil under the panel fades in); the keyboard focus ring."""
        self.draw_focus_ring(surface)


__all__ = ["RuleCardScene", "wants_card"]
