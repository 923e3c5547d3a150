"""The settings screen: every setting, applied at once and saved automatically."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.settings import AI_DELAY_RANGE, ANIMATION_SPEEDS, TILE_PALETTES, Settings
from game.table.hint_levels import HINT_LEVELS
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.os_locale import preferred_locales
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel, draw_text

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

UI_SCALES = (0.9, 1.0, 1.15, 1.3)
PREVIEW_KINDS = (4, 13, 22, 0, 9, 18, 27)
"""五萬 5饼 5条 一萬 1饼 1条 红中."""


@dataclass
class Row:
    """One labelled setting: where its label goes."""

    label_key: str
    label_pos: tuple[int, int]


class SettingsScene(MenuScene):
    """All settings in three groups, with a live tile preview."""

    name = "settings"
    title_key = "settings.title"
    design_size = (1240, 700)

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.sections: list[tuple[str, tuple[int, int]]] = []
        self.sliders: dict[str, tuple[Any, Callable[[float], Any], Any]] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.pending_save = 0.0
        self.error: str | None = None
        self.assists_button: Any = None

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """Two columns of labelled controls inside a panel, a tile preview and the bottom buttons."""
        app = self.app
        s = app.settings
        w, h = app.size
        self.rows, self.sections, self.sliders = [], [], {}
        panel_w = min(w - 2 * self.px(40), self.px(1180))
        top = self.px(96)
        self.panel = pygame.Rect((w - panel_w) // 2, top, panel_w, h - top - self.px(92))
        pad = self.px(26)
        col_w = (panel_w - 3 * pad) // 2
        label_keys = [
            "language",
            "ui_scale",
            "fullscreen",
            "tile_palette",
            "corner_index",
            "animation_speed",
            "ai_delay",
            "hints",
            "assists",
            "volume",
            "muted",
        ]
        label_w = max(app.fonts.size(app.tr(f"settings.{k}"), self.px(17))[0] for k in label_keys) + self.px(
            18
        )
        ctrl_w = col_w - label_w
        row_h, row_gap = self.px(38), self.px(12)
        left = self.panel.x + pad
        right = left + col_w + pad

        def section(key: str, x: int, y: int) -> int:
            self.sections.append((key, (x, y)))
            return y + self.px(40)

        def seg(key: str, x: int, y: int, options: Sequence[tuple[Any, str]], current: Any) -> int:
            self.rows.append(Row(f"settings.{key}", (x, y + row_h // 2)))
            rect = pygame.Rect(x + label_w, y, ctrl_w, row_h)
            self.segmented(key, rect, options, current, lambda value: self._setter(key, value), len(options))
            return y + row_h + row_gap

        def slider(
            key: str,
            x: int,
            y: int,
            value: float,
            rng: tuple[float, float],
            to_setting: Callable[[float], Any],
            step: float,
        ) -> int:
            self.rows.append(Row(f"settings.{key}", (x, y + row_h // 2)))
            value_w = self.px(96)
            rect = pygame.Rect(x + label_w, y + self.px(4), ctrl_w - value_w - self.px(8), row_h - self.px(8))
            sl = pygame_gui.elements.UIHorizontalSlider(
                rect, value, rng, self.manager, click_increment=step, object_id=f"#{key}_slider"
            )
            label = pygame_gui.elements.UILabel(
                pygame.Rect(rect.right + self.px(8), y, value_w, row_h),
                self._slider_text(key, value),
                self.manager,
                object_id="#small",
            )
            self.sliders[key] = (sl, to_setting, label)
            return y + row_h + row_gap

        on_off = [(False, app.tr("common.off")), (True, app.tr("common.on"))]
        y = self.panel.y + pad
        y = section("settings.section.display", left, y)
        y = seg(
            "language",
            left,
            y,
            [("zh", app.tr("settings.language.zh")), ("en", app.tr("settings.language.en"))],
            s.language,
        )
        y = seg("ui_scale", left, y, [(v, f"{round(v * 100)}%") for v in UI_SCALES], s.ui_scale)
        y = seg("fullscreen", left, y, on_off, s.fullscreen)
        y = seg(
            "tile_palette",
            left,
            y,
            [(p, app.tr(f"settings.palette.{p}")) for p in TILE_PALETTES],
            s.tile_palette,
        )
        y = seg("corner_index", left, y, on_off, s.corner_index)
        left_bottom = y

        y = self.panel.y + pad
        y = section("settings.section.play", right, y)
        y = seg(
            "animation_speed",
            right,
            y,
            [(v, app.tr(f"settings.animation.{v}")) for v in ANIMATION_SPEEDS],
            s.animation_speed,
        )
        y = slider(
            "ai_delay",
            right,
            y,
            s.ai_delay_ms,
            (AI_DELAY_RANGE[0], 2000),
            lambda v: int(round(v / 100) * 100),
            100,
        )
        levels = [(i, app.tr(f"settings.hints.{i}")) for i in range(len(HINT_LEVELS))]
        y = seg("hints", right, y, levels, s.hints)
        self.rows.append(Row("settings.assists", (right, y + row_h // 2)))
        rect = pygame.Rect(right + label_w, y, ctrl_w, row_h)
        self.assists_button = self.button(rect, self.assists_summary(), app.nav.assists, object_id="#assists")
        y += row_h + row_gap + self.px(6)
        y = section("settings.section.sound", right, y)
        y = slider("volume", right, y, round(s.volume * 100), (0, 100), lambda v: round(v / 100, 2), 5)
        y = seg("muted", right, y, on_off, s.muted)
        bottom = left_bottom + self.px(8)  # the preview fills the left column under the display settings
        room = max(self.px(60), self.panel.bottom - bottom - pad)
        self.preview_rect = pygame.Rect(left, bottom, col_w, room)

        bh = self.px(44)
        back = pygame.Rect(0, 0, self.px(160), bh)
        back.bottomleft = (self.panel.x, h - self.px(26))
        self.button(back, app.tr("common.back"), self.go_back, object_id="#back")
        reset = pygame.Rect(0, 0, self.px(180), bh)
        reset.bottomright = (self.panel.right, h - self.px(26))
        self.button(reset, app.tr("settings.defaults"), self.restore_defaults, object_id="#defaults")

    def assists_summary(self) -> str:
        """The helpers' button: which are on (its press opens them, each with what it does)."""
        app = self.app
        keys = ("auto_win", "skip_calls", "auto_discard")
        on = [app.tr(f"assist.{k}") for k in keys if getattr(app.settings, k)]
        if app.settings.entrust_idle_s:
            on.append(app.tr("assist.entrust_idle_s"))
        if not on:
            return app.tr("settings.assists_none")
        return app.tr("settings.assists_some", names=" · ".join(on))

    def resume(self) -> None:
        """Back from the helpers: show what is on now."""
        super().resume()
        self.assists_button.set_text(self.assists_summary())

    def _slider_text(self, key: str, value: float) -> str:
        """The value shown beside a slider."""
        if key == "ai_delay":
            return self.app.tr("settings.ai_delay_value", ms=int(round(value / 100) * 100))
        return f"{round(value)}%"

    # ------------------------------------------------------------- changes
    def _setter(self, key: str, value: Any) -> Callable[[], None]:
        field = {"ai_delay": "ai_delay_ms"}.get(key, key)

        def apply() -> None:
            self.change(**{field: value})

        return apply

    def change(self, save: bool = True, **changes: Any) -> None:
        """Apply setting changes now; re-mark the selected segments."""
        self.error = self.app.update_settings(save=save, **changes)
        for key in self.segments:
            self.mark_segment(key, getattr(self.app.settings, key))

    def restore_defaults(self) -> None:
        """Back to the default settings (keeping the window size, the tracker and the last new-game setup,
        which are remembered choices, not preferences of this screen)."""
        defaults = Settings.defaults(preferred=preferred_locales())
        kept = ("version", "window_size", "show_tracker", "new_game")
        self.change(**{k: v for k, v in defaults.to_dict().items() if k not in kept})

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Slider moves change their setting (saved shortly after the last move)."""
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for key, (sl, to_setting, label) in self.sliders.items():
                if event.ui_element is sl:
                    value = sl.get_current_value()
                    label.set_text(self._slider_text(key, value))
                    field = {"ai_delay": "ai_delay_ms"}.get(key, key)
                    self.change(save=False, **{field: to_setting(value)})
                    self.pending_save = 0.6
                    if key == "volume":
                        self.app.sound.play("click")
                    return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        """Save a little after the last slider move."""
        if self.pending_save > 0:
            self.pending_save -= dt
            if self.pending_save <= 0:
                self.error = self.app.save()
        super().update(dt)

    def exit(self) -> None:
        """Save any pending change before leaving."""
        if self.pending_save > 0:
            self.pending_save = 0
            self.app.save()
        super().exit()

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Panel, section headings, labels and the tile preview."""
        super().draw_scene(surface)
        app = self.app
        draw_panel(surface, self.panel, radius=self.px(14))
        for key, (x, y) in self.sections:
            draw_text(surface, app.fonts, app.tr(key), (x, y), self.px(21), COLOURS.gold, "bold")
            pygame.draw.line(
                surface, COLOURS.gold_dark, (x, y + self.px(31)), (x + self.px(120), y + self.px(31)), 1
            )
        for row in self.rows:
            draw_text(
                surface,
                app.fonts,
                app.tr(row.label_key),
                row.label_pos,
                self.px(17),
                COLOURS.text,
                anchor="midleft",
            )
        self._draw_preview(surface)
        note = app.tr("common.saved") if app.persist else ""
        if self.error:
            note = self.error
        w, h = surface.get_size()
        draw_text(
            surface,
            app.fonts,
            note,
            (w // 2, h - self.px(48)),
            self.px(15),
            COLOURS.text_dim if not self.error else COLOURS.ting,
            anchor="midtop",
        )

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Sample tiles in the current palette, with the corner index if it is on."""
        app = self.app
        r = self.preview_rect
        if r.h < self.px(40):
            return
        draw_text(surface, app.fonts, app.tr("settings.preview"), (r.x, r.y), self.px(15), COLOURS.text_dim)
        avail_h = r.h - self.px(26)
        tile_w = max(18, min(self.px(66), int(avail_h / 1.5)))
        gap = self.px(8)
        total = len(PREVIEW_KINDS) * tile_w + (len(PREVIEW_KINDS) - 1) * gap
        x = r.centerx - total // 2
        y = r.y + self.px(24)
        for kind in PREVIEW_KINDS:
            surface.blit(app.tiles.shadow(tile_w), (x + self.px(2), y + self.px(3)))
            surface.blit(app.tiles.tile(kind, tile_w), (x, y))
            x += tile_w + gap
