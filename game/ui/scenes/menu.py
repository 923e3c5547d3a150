"""The main menu: new game, continue, lessons, replays, rules, settings, quit (and about)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game import __version__
from game.session import SaveError, SaveInfo, Session, find_save, save_path
from game.ui.scenes.base import MenuScene
from game.ui.theme import COLOURS
from game.ui.widgets import draw_text

FAN_KINDS = (0, 9, 18, 27, 22, 17, 8)
"""一萬, 1饼, 1条, 红中, 5条, 9饼, 九萬: the fanned tiles on the title screen."""


class MainMenu(MenuScene):
    """The title screen."""

    name = "menu"
    design_size = (1120, 700)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.fan: list[tuple[pygame.Surface, pygame.Surface, tuple[int, int]]] = []
        self.buttons: dict[str, Any] = {}
        self.save: SaveInfo | str = "none"
        """The match Continue resumes, or why there is none."""
        self.continue_note = ""

    def build_ui(self) -> None:
        """The menu buttons in a column under the title, About in the corner, and the tile fan."""
        app = self.app
        w, h = app.size
        x = max(self.px(90), int(w * 0.085))
        bw, bh, gap = self.px(300), self.px(46), self.px(11)
        top = int(h * 0.075) + self.px(76 * 1.45) + self.px(78)
        items = [
            ("new_game", self.new_game),
            ("continue", self.continue_game),
            ("lessons", lambda: self.coming("menu.lessons")),
            ("replays", lambda: self.coming("menu.replays")),
            ("rules", self.open_rules),
            ("settings", self.open_settings),
            ("quit", self.app.quit),
        ]
        total = len(items) * bh + (len(items) - 1) * gap
        top = min(top, h - self.px(60) - total)
        self.buttons = {}
        for i, (key, action) in enumerate(items):
            rect = pygame.Rect(x, top + i * (bh + gap), bw, bh)
            self.buttons[key] = self.button(rect, app.tr(f"menu.{key}"), action, object_id="#menu_button")
        self._update_continue()
        about = pygame.Rect(0, 0, self.px(110), self.px(36))
        about.bottomright = (w - self.px(24), h - self.px(18))
        self.buttons["about"] = self.button(about, app.tr("menu.about"), self.open_about, focusable=False)
        self._build_fan()

    def note_rect(self) -> pygame.Rect | None:
        """Where the note beside Continue is drawn (None without one)."""
        button = self.buttons.get("continue")
        if button is None or not self.continue_note:
            return None
        tw, th = self.app.fonts.size(self.continue_note, self.px(15))
        return pygame.Rect(button.rect.right + self.px(14), button.rect.centery - th // 2, tw, th)

    def _build_fan(self) -> None:
        """Seven tiles fanned like a hand held up, right of the menu, drawn for this window size.

        The fan moves right, then shrinks, until it clears the note beside Continue (a small window).
        """
        w, h = self.app.size
        tile_w = max(48, min(self.px(104), int(w * 0.08)))
        pivot_x, radius = int(w * 0.7), int(h * 0.78)
        note = self.note_rect()
        for _ in range(8):
            self._place_fan(tile_w, pivot_x, radius)
            rects = [img.get_rect(center=centre) for img, _, centre in self.fan]
            if note is None or note.inflate(self.px(8), self.px(10)).collidelist(rects) < 0:
                return
            need = note.right + self.px(12) - min(r.left for r in rects)
            room = w - self.px(8) - max(r.right for r in rects)
            pivot_x += max(0, min(need, room))
            if need > room:
                tile_w, radius = max(32, int(tile_w * 0.9)), int(radius * 0.9)

    def _place_fan(self, tile_w: int, pivot_x: int, radius: int) -> None:
        app = self.app
        h = app.size[1]
        pivot = (pivot_x, int(h * 1.22))
        self.fan = []
        n = len(FAN_KINDS)
        for i, kind in enumerate(FAN_KINDS):
            angle = (i - (n - 1) / 2) * 9.0
            img = app.tiles.tile(kind, tile_w)
            shadow = app.tiles.shadow(tile_w, alpha=90)
            rot = pygame.transform.rotozoom(img, -angle, 1.0)
            rot_shadow = pygame.transform.rotozoom(shadow, -angle, 1.0)
            a = math.radians(angle)
            centre = (int(pivot[0] + math.sin(a) * radius), int(pivot[1] - math.cos(a) * radius))
            self.fan.append((rot, rot_shadow, centre))

    # ------------------------------------------------------------- actions
    def coming(self, feature_key: str) -> None:
        """An honest note that a feature is not in this version yet."""
        app = self.app
        app.message(app.tr("dialog.coming_title"), app.tr("dialog.coming_body", feature=app.tr(feature_key)))

    def _update_continue(self) -> None:
        """Enable Continue when a match is in progress; otherwise grey it and say why."""
        app = self.app
        self.save = find_save(app.paths.saves_dir)
        button = self.buttons["continue"]
        if isinstance(self.save, SaveInfo):
            info = self.save
            you = info.scores[0] if info.scores else 0
            self.continue_note = app.tr(
                "menu.continue_info", n=info.hand_no + 1, total=info.hands, score=f"{you:+d}" if you else "0"
            )
            button.enable()
            return
        if self.save == "none":
            self.continue_note = app.tr("menu.continue_none")
        elif self.save == "over":
            self.continue_note = app.tr("menu.continue_over")
        else:
            self.continue_note = app.tr("menu.continue_bad", error=self.save)
        button.disable()
        if button in self.focus_order:
            self.focus_order.remove(button)

    def resume(self) -> None:
        """Back from the table or a screen: the match in progress may have changed."""
        self.rebuild()

    def new_game(self) -> None:
        """Open the new-game setup (Start opens the table)."""
        from game.ui.scenes.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def continue_game(self) -> None:
        """Resume the saved match exactly where it stopped."""
        from game.ui.scenes.table import TableScene

        app = self.app
        try:
            session = Session.resume(save_path(app.paths.saves_dir), app.paths.replays_dir)
        except SaveError as exc:
            app.message(app.tr("menu.continue"), app.tr("menu.continue_bad", error=str(exc)))
            self.rebuild()
            return
        app.push(TableScene(app, session))

    def open_rules(self) -> None:
        """Open the rules reference."""
        from game.ui.scenes.rules_ref import RulesScene

        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        """Open the settings."""
        from game.ui.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_about(self) -> None:
        """Open the credits and licences."""
        from game.ui.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    def go_back(self) -> None:
        """Esc on the title screen asks whether to quit."""
        app = self.app
        from game.ui.scenes.dialog import MessageDialog

        app.push(
            MessageDialog(
                app,
                app.tr("dialog.quit_title"),
                app.tr("dialog.quit_body"),
                buttons=[(app.tr("menu.quit"), app.quit), (app.tr("dialog.cancel"), None)],
                width=460,
            )
        )

    # ------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        """Advance the idle motion of the tile fan."""
        if self.app.settings.animation_speed != "off":
            self.clock += dt
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Felt, the title, the tile fan and the footer."""
        app = self.app
        self.draw_background(surface)
        w, h = surface.get_size()
        x = max(self.px(90), int(w * 0.085))
        title = draw_text(
            surface,
            app.fonts,
            "哈尔滨麻将",
            (x - self.px(4), int(h * 0.075)),
            self.px(76),
            COLOURS.gold,
            "bold",
            shadow=True,
        )
        sub = app.tr("app.subtitle") if app.lang == "zh" else "Harbin Mahjong"
        draw_text(surface, app.fonts, sub, (x, title.bottom + self.px(2)), self.px(22), COLOURS.text_dim)
        if app.lang == "en":
            draw_text(
                surface,
                app.fonts,
                app.tr("app.subtitle"),
                (x, title.bottom + self.px(32)),
                self.px(16),
                COLOURS.text_dim,
            )
        for i, (img, shadow, centre) in enumerate(self.fan):
            bob = math.sin(self.clock * 1.3 + i * 0.7) * self.px(4)
            rect = img.get_rect(center=(centre[0], int(centre[1] + bob)))
            surface.blit(shadow, rect.move(self.px(5), self.px(8)))
            surface.blit(img, rect)
        button = self.buttons.get("continue")
        if button is not None and self.continue_note:
            draw_text(
                surface,
                app.fonts,
                self.continue_note,
                (button.rect.right + self.px(14), button.rect.centery),
                self.px(15),
                COLOURS.gold if isinstance(self.save, SaveInfo) else COLOURS.text_dim,
                anchor="midleft",
            )
        foot = f"v{__version__}   ·   {app.tr('menu.footer')}"
        draw_text(surface, app.fonts, foot, (x, h - self.px(30)), self.px(14), COLOURS.text_dim)
