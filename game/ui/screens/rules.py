"""The rules reference: our Chinese and English text of the Harbin rules, with example hands as tiles,
and the room rules: the rule card of each preset (or of the match being played)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Final, Literal

import pygame

from game.core.rules import PRESETS, RuleSet
from game.glossary import Lang
from game.paths import asset_root
from game.rule_texts import RuleTextError, load_rule_texts
from game.ui.kit.doc import DocLayout, parse_doc
from game.ui.kit.docview import DocScene
from game.ui.kit.error_dialog import report
from game.ui.screens.rule_card import CardStyle, layout_card, rule_card
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)

Mode = Literal["text", "card"]
MATCH: Final = "this-match"
"""The card choice that shows the rules of the match being played."""


def rules_path(lang: Lang) -> Any:
    """The rules text file of a language."""
    return asset_root() / "rules" / f"rules.{lang}.md"


class RulesScene(DocScene):
    """Scrollable rules with a contents list, or the room rules (a rule card per preset); a button
    shows the other language.

    ``match`` is the (preset, rules) of the match being played: the room rules then open on it.
    As a pop-up (F3 at the table) it is drawn over the dimmed match, which waits while it is open;
    Esc, F3 or Back closes it.
    """

    name = "rules"
    title_key = "rules.title"
    with_toc = True

    def __init__(
        self,
        app: SceneApp,
        match: tuple[str, RuleSet] | None = None,
        mode: Mode = "text",
        *,
        popup: bool = False,
    ) -> None:
        super().__init__(app)
        self.lang: Lang = app.lang
        self.match = match
        self.mode: Mode = mode
        self.transparent = popup
        chosen = app.settings.new_game.preset
        self.choice = MATCH if match is not None else chosen if chosen in PRESETS else "standard"
        self.choices: dict[Any, str] = {}
        self.tabs: dict[Any, Mode] = {}

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt, or over the match a dark veil that keeps the table in sight."""
        if not self.transparent:
            super().draw_background(surface)
            return
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((4, 14, 9, 215))
        surface.blit(veil, (0, 0))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """F3 closes the pop-up (the key that opened it)."""
        if self.transparent and event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.go_back()
            return True
        return super().handle_event(event)

    def source(self) -> str:
        """The rules text in the language being shown (a clear note if the file is missing)."""
        path = rules_path(self.lang)
        try:
            return str(path.read_text(encoding="utf-8"))
        except OSError:
            return "# " + self.app.tr("rules.missing", path=path)

    def card_rules(self) -> tuple[str, RuleSet]:
        """The preset name and rules of the card being shown."""
        if self.choice == MATCH and self.match is not None:
            return self.match
        return self.choice, PRESETS[self.choice]

    def make_layout(self, width: int) -> DocLayout:
        """The rules text, or the rule card of the chosen preset in the language being shown."""
        assert self.renderer is not None
        if self.mode == "text":
            return super().make_layout(width)
        try:
            texts = load_rule_texts(self.lang)
        except RuleTextError as exc:
            words = report("game_files", exc).text(self.app.lang)  # the file's own problem goes to the log
            return self.renderer.layout(parse_doc(f"# {words}"), width)
        preset, rules = self.card_rules()
        card = rule_card(texts, rules, preset)
        return layout_card(self.app.fonts, self.renderer, card, width, CardStyle().scaled(self.px))

    def build_extra(self, bottom: int) -> None:
        """The two tabs (full rules, room rules), the language toggle and, for room rules, the presets."""
        other: Lang = "en" if self.lang == "zh" else "zh"
        rect = pygame.Rect(0, 0, self.px(140), self.px(44))
        rect.bottomright = (self.panel.right, bottom)
        label = "English" if other == "en" else "中文"
        self.button(rect, label, self.toggle_language, object_id="#rules_language")
        self.tabs = {}
        tab_w, gap = self.px(190), self.px(6)
        x = self.panel.centerx - tab_w - gap // 2
        modes: tuple[tuple[Mode, str], ...] = (("text", "rules.tab_text"), ("card", "rules.tab_card"))
        for mode, key in modes:
            tab = pygame.Rect(x, 0, tab_w, self.px(44))
            tab.bottom = bottom
            btn = self.button(
                tab, tr(key, self.lang), self._show(mode), class_id="@segment", object_id=f"#tab_{mode}"
            )
            if mode == self.mode:
                btn.select()
            self.tabs[btn] = mode
            x += tab_w + gap
        self.choices = {}
        if self.mode == "card":
            self._build_choices()

    def _build_choices(self) -> None:
        """One button per preset down the left column (this match's rules first, when there is a match)."""
        try:
            texts = load_rule_texts(self.lang)
        except RuleTextError:
            return
        entries = [(p, texts.preset_name(p)) for p in PRESETS]
        if self.match is not None:
            entries.insert(
                0, (MATCH, tr("rules.this_match", self.lang, preset=texts.preset_name(self.match[0])))
            )
        pad, bh = self.px(24), self.px(34)
        y = self.panel.y + pad
        width = self.view.x - self.px(22) - (self.panel.x + pad)
        for choice, text in entries:
            if y + bh > self.panel.bottom - pad:
                break
            rect = pygame.Rect(self.panel.x + pad, y, width, bh)
            btn = self.button(rect, text, self._choose(choice), class_id="@segment", object_id="#card_preset")
            if choice == self.choice:
                btn.select()
            self.choices[btn] = choice
            y += bh + self.px(4)

    def _show(self, mode: Mode) -> Any:
        def show() -> None:
            if mode != self.mode:
                self.mode = mode
                self.scroll.offset = 0
                self.rebuild()

        return show

    def _choose(self, choice: str) -> Any:
        def choose() -> None:
            self.choice = choice
            for btn, value in self.choices.items():
                if value == choice:
                    btn.select()
                else:
                    btn.unselect()
            self.scroll.offset = 0
            self.relayout()

        return choose

    def screen_lang(self) -> Lang:
        """The language the rules are shown in: the whole screen (title, tabs, Back) follows it."""
        return self.lang

    def toggle_language(self) -> None:
        """Show the rules, and this screen's own words, in the other language (the rest of the game keeps
        the UI language)."""
        self.lang = "en" if self.lang == "zh" else "zh"
        self.scroll.offset = 0
        self.rebuild()
