"""New-game setup: the three opponents' levels, a rule preset (its rule card, or every switch
explained), length and seed.

Pressing Start produces a :class:`~game.match_config.MatchConfig`, remembers the
choices (not the seed) in the settings for the next time this screen opens and
hands it to the caller's ``on_start`` (which opens the table).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import pygame
import pygame_gui

from game.core.rules import PRESETS, STANDARD, RuleSet
from game.match_config import MatchConfig
from game.rule_texts import RuleTextError, RuleTexts, load_rule_texts
from game.seats import relative_word
from game.settings import MATCH_LENGTHS
from game.ui.kit.doc import DocLayout
from game.ui.kit.docview import DocScene
from game.ui.kit.error_dialog import report
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel, draw_text, draw_wrapped, wrapped_height
from game.ui.screens.rule_card import CardStyle, layout_card, rule_card
from game.ui.words.i18n import LEVELS, level_name

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)

OPPONENTS: Final = (1, 2, 3)
"""The AI seats, by their place from the person's (下家, 对家, 上家)."""
"""The three opponents, in turn order after the player: 下家, 对家, 上家."""
MAX_SEED: Final = 2**63
RuleView = Literal["card", "all"]
"""What the rules panel shows: the rule card (what differs from the standard) or every switch."""


def switches_markup(rules: RuleSet, texts: RuleTexts) -> str:
    """Every rule switch as a bullet in the room's words; the ones that differ from the standard in bold."""
    colon = "：" if texts.lang == "zh" else ": "
    lines = []
    for line in texts.lines(rules):
        if getattr(rules, line.key) != getattr(STANDARD, line.key):
            lines.append(f"- **{line.name}{colon}{line.label}** — {line.doc}")
        else:
            lines.append(f"- {line.name}{colon}{line.label} — {line.doc}")
    return "\n".join(lines)


class NewGameScene(DocScene):
    """Choose opponents, rules, length and seed; Start makes a MatchConfig."""

    name = "newgame"
    title_key = "newgame.title"
    design_size = (1240, 740)
    body_size = 16

    def __init__(self, app: SceneApp, on_start: Callable[[MatchConfig], None] | None = None) -> None:
        super().__init__(app)
        self.on_start = on_start
        last: MatchConfig = app.settings.new_game  # checked when the settings were loaded
        self.levels: list[str] = list(last.levels)
        self.preset = last.preset if last.preset in PRESETS else "standard"
        self.hands = last.hands
        self.seed_text = ""
        self.result: MatchConfig | None = None
        self.error: str | None = None
        self.labels: list[tuple[str, tuple[int, int], int, bool]] = []
        self.left = pygame.Rect(0, 0, 0, 0)
        self.preset_doc_rect = pygame.Rect(0, 0, 0, 0)
        self.seed_entry: Any = None
        self._texts: RuleTexts | None = None
        self.texts_error: str | None = None
        self.rule_view: RuleView = "card"

    def texts(self) -> RuleTexts | None:
        """The switch and preset texts of the UI language, read once per language (None if broken)."""
        lang = self.app.lang
        if self._texts is None or self._texts.lang != lang:
            try:
                self._texts, self.texts_error = load_rule_texts(lang), None
            except RuleTextError as exc:
                self._texts, self.texts_error = None, report("game_files", exc).text(lang)
        return self._texts

    def preset_label(self, preset: str) -> str:
        """A preset's name in the room's words."""
        texts = self.texts()
        return texts.preset_name(preset) if texts is not None else preset

    def source(self) -> str:
        """The switch list of the chosen preset (or the reason the switch texts cannot be shown)."""
        texts = self.texts()
        if texts is None:
            return f"# {self.texts_error}"
        return switches_markup(PRESETS[self.preset], texts)

    def make_layout(self, width: int) -> DocLayout:
        """The chosen preset's rule card, or (the other tab) every switch."""
        texts = self.texts()
        if self.rule_view == "all" or texts is None or self.renderer is None:
            return super().make_layout(width)
        card = rule_card(texts, PRESETS[self.preset], self.preset)
        return layout_card(self.app.fonts, self.renderer, card, width, CardStyle().scaled(self.px))

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """Controls on the left, the rule switches on the right, Back and Start at the bottom."""
        app = self.app
        w, h = app.size
        top, bottom_bar = self.px(96), self.px(84)
        total_w = min(int(w * 0.94), self.px(1200))
        gap = self.px(20)
        left_w = int(total_w * 0.5)
        x0 = (w - total_w) // 2
        self.left = pygame.Rect(x0, top, left_w, h - top - bottom_bar)
        right = pygame.Rect(x0 + left_w + gap, top, total_w - left_w - gap, h - top - bottom_bar)
        self.labels = []
        self.layout_doc(right, top_gap=self.px(44))
        pad = self.px(22)
        x = self.left.x + pad
        inner_w = self.left.w - 2 * pad
        seat_names = [relative_word(rel, app.lang, label=True) for rel in OPPONENTS]
        label_w = max(app.fonts.size(name, self.px(17))[0] for name in seat_names) + self.px(16)
        row_h, row_gap = self.px(36), self.px(10)
        y = self.left.y + pad

        def heading(key: str) -> None:
            nonlocal y
            self.labels.append((app.tr(key), (x, y), self.px(20), True))
            y += self.px(36)

        def seg(
            key: str, label: str | None, options: Sequence[tuple[Any, str]], current: Any, per_row: int = 99
        ) -> None:
            nonlocal y
            lx = x + (label_w if label else 0)
            width = inner_w - (label_w if label else 0)
            if label:
                self.labels.append((label, (x, y + row_h // 2), self.px(17), False))
            rect = pygame.Rect(lx, y, width, row_h)
            y += self.segmented(key, rect, options, current, lambda value: self._chooser(key, value), per_row)
            y += row_gap

        heading("newgame.opponents")
        for i, name in enumerate(seat_names):
            seg(
                f"level{i}",
                name,
                [(lv, level_name(lv, app.lang)) for lv in LEVELS],
                self.levels[i],
            )
        y += self.px(6)
        heading("newgame.rules")
        seg("preset", None, [(p, self.preset_label(p)) for p in PRESETS], self.preset, per_row=3)
        doc_h = max(self.px(48), 2 * wrapped_height(app.fonts, "一", inner_w, self.px(15)))  # two lines
        self.preset_doc_rect = pygame.Rect(x, y, inner_w, doc_h)
        y += doc_h + self.px(4)
        heading("newgame.length")
        seg("hands", None, [(n, app.tr("newgame.length_value", n=n)) for n in MATCH_LENGTHS], self.hands)
        self.labels.append((app.tr("newgame.seed"), (x, y + row_h // 2), self.px(17), False))
        entry_x = x + self.px(170)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(entry_x, y, inner_w - self.px(170), row_h),
            self.manager,
            object_id="#seed",
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(19)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        # the right column's two views after the left column's choices: Tab goes in reading order
        rule_tabs = [("card", app.tr("newgame.tab_card")), ("all", app.tr("newgame.tab_all"))]
        tabs = pygame.Rect(self.view.x, right.y + self.px(18), self.view.w, self.px(34))
        self.segmented(
            "rule_view", tabs, rule_tabs, self.rule_view, lambda value: self._chooser("rule_view", value)
        )
        bh = self.px(48)
        back = pygame.Rect(0, 0, self.px(160), bh)
        back.bottomleft = (self.left.x, h - self.px(22))
        self.back_button = self.button(back, app.tr("common.back"), self.go_back, object_id="#back")
        start = pygame.Rect(0, 0, self.px(220), bh)
        start.bottomright = (right.right, h - self.px(22))
        self.button(start, app.tr("newgame.start"), self.start, object_id="#menu_button")

    def _chooser(self, key: str, value: Any) -> Callable[[], None]:
        def choose() -> None:
            if key.startswith("level"):
                self.levels[int(key[5:])] = value
            elif key in ("preset", "rule_view"):
                if key == "preset":
                    self.preset = value
                else:
                    self.rule_view = value
                self.scroll.offset = 0
                self.relayout()
            elif key == "hands":
                self.hands = value
            self.mark_segment(key, value)

        return choose

    # ------------------------------------------------------------- result
    def config(self) -> MatchConfig | None:
        """The configuration now on screen, or None (with ``self.error`` set) if the seed is not valid."""
        text = self.seed_entry.get_text().strip() if self.seed_entry is not None else self.seed_text
        self.seed_text = text
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                seed = -1
            if not 0 <= seed < MAX_SEED:
                self.error = self.app.tr("newgame.seed_invalid")
                return None
        self.error = None
        levels = (self.levels[0], self.levels[1], self.levels[2])
        return MatchConfig.from_preset(levels, self.preset, self.hands, seed)

    def start(self) -> None:
        """Make the config and hand it on (by default: open the table with a new match)."""
        config = self.config()
        if config is None:
            return
        self.result = config
        self.remember(config)
        if self.on_start is not None:
            self.on_start(config)
        else:
            self.app.nav.start_match(config)

    def remember(self, config: MatchConfig) -> None:
        """Save the levels, preset and length in the settings, to be offered next time."""
        try:
            error = self.app.update_settings(new_game=config)
        except ValueError as exc:  # a choice the settings do not know: start anyway, just don't remember
            log.warning("new-game setup not remembered: %s", exc)
            return
        if error:
            log.warning("new-game setup not saved: %s", error)

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Both panels, labels, the preset's description and the switch list."""
        super().draw_scene(surface)
        app = self.app
        draw_panel(surface, self.left, radius=self.px(14))
        for text, pos, size, bold in self.labels:
            if bold:
                draw_text(surface, app.fonts, text, pos, size, COLOURS.gold, "bold")
            else:
                draw_text(surface, app.fonts, text, pos, size, COLOURS.text, anchor="midleft")
        texts = self.texts()
        draw_wrapped(
            surface,
            app.fonts,
            texts.presets[self.preset].doc if texts is not None else "",
            self.preset_doc_rect,
            self.px(15),
            COLOURS.text_dim,
        )
        w, h = surface.get_size()
        if self.error:
            draw_text(
                surface,
                app.fonts,
                self.error,
                (w // 2, h - self.px(50)),
                self.px(16),
                COLOURS.ting,
                anchor="midtop",
            )
        else:  # the keys, between Back and Start
            keys, foot = app.tr("newgame.keys"), (w // 2, self.back_button.rect.centery)
            draw_text(surface, app.fonts, keys, foot, self.px(14), COLOURS.text_dim, anchor="center")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """A dim hint inside the empty seed box (pygame_gui draws placeholders in the normal text colour)."""
        entry = self.seed_entry
        if entry is not None and not entry.get_text() and not entry.is_focused:
            app = self.app
            with app.fonts.box(entry.rect, "seed box"):
                draw_text(
                    surface,
                    app.fonts,
                    app.tr("newgame.seed_hint"),
                    (entry.rect.x + self.px(10), entry.rect.centery),
                    self.px(15),
                    COLOURS.text_dim,
                    anchor="midleft",
                )
        super().draw_overlay(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter starts the match (on Back it goes back; in the seed box it ends the seed and starts); the
        arrows and Space work the focus as in a menu; otherwise as a document screen."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.seed_entry:
            self.start()
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.seed_entry is not None
            and self.seed_entry.is_focused
            and event.key != pygame.K_ESCAPE
        ):
            return False  # typing in the seed box: no scrolling or focus moves
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # a form's Enter: it starts the match wherever the focus is (Space presses the focused choice),
            # but on Back it goes back, as the foot of the screen says
            focused = self.focus_order[self.focus_index] if self.focus_index is not None else None
            if focused is self.back_button:
                self.go_back()
            else:
                self.start()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE):
            # a form: the arrows move the focus and Space presses it, as in every menu (the rule card on
            # the right scrolls with the wheel, PgUp/PgDn, Home and End)
            return MenuScene.handle_event(self, event)
        return super().handle_event(event)
