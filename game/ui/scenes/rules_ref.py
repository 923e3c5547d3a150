"""The rules reference: our Chinese and English text of the Harbin rules, with example hands as tiles."""

from __future__ import annotations

from typing import Any

import pygame

from game.glossary import Lang
from game.paths import asset_root
from game.ui.scenes.docview import DocScene


def rules_path(lang: Lang) -> Any:
    """The rules text file of a language."""
    return asset_root() / "rules" / f"rules.{lang}.md"


class RulesScene(DocScene):
    """Scrollable rules with a contents list; a button shows the other language.

    As a pop-up (F3 at the table) it is drawn over the dimmed match, which waits
    while it is open; Esc, F3 or Back closes it.
    """

    name = "rules"
    title_key = "rules.title"
    with_toc = True

    def __init__(self, app: Any, *, popup: bool = False) -> None:
        super().__init__(app)
        self.lang: Lang = app.lang
        self.transparent = popup

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

    def build_extra(self, bottom: int) -> None:
        """The language toggle."""
        other: Lang = "en" if self.lang == "zh" else "zh"
        rect = pygame.Rect(0, 0, self.px(140), self.px(44))
        rect.bottomright = (self.panel.right, bottom)
        label = "English" if other == "en" else "中文"
        self.button(rect, label, self.toggle_language, object_id="#rules_language")

    def toggle_language(self) -> None:
        """Show the rules in the other language (the UI language stays as it is)."""
        self.lang = "en" if self.lang == "zh" else "zh"
        self.scroll.offset = 0
        self.rebuild()
