"""The main menu: new game, continue, lessons, replays, rules, settings, quit (and about).

Continue is offered only for a save that passed every check (:func:`game.saves.find_save`:
size, header, every event re-played). The check runs off the render thread; the first
frame waits for it at most :data:`SAVE_CHECK_WAIT` seconds, then shows "checking" until
it is done. A data folder that cannot be written is said beside New game: matches are
then played without saving.
"""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, Final

import pygame

from game import __version__
from game.paths import AppPaths
from game.saves import SaveInfo, find_save, storage_problem
from game.ui.kit.error_dialog import report
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.widgets import draw_text, draw_wrapped, wrapped_height
from game.ui.lessons.course import course_entry  # issue 24
from game.ui.words.errors import PlayerError

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

FAN_KINDS = (0, 9, 18, 27, 22, 17, 8)
"""一萬, 1饼, 1条, 红中, 5条, 9饼, 九萬: the fanned tiles on the title screen."""
SAVE_CHECK_WAIT: Final = 0.25
"""Seconds the menu waits for the save check before drawing without it (a normal save takes far less)."""
CHECKING: Final = "checking"


def check_folders(paths: AppPaths) -> tuple[str | None, SaveInfo | str]:
    """Whether matches can be saved (None, or why not) and the save Continue would resume (or why none)."""
    return storage_problem(paths), find_save(paths.saves_dir)


class MainMenu(MenuScene):
    """The title screen."""

    name = "menu"
    design_size = (1120, 700)

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.fan: list[tuple[pygame.Surface, pygame.Surface, tuple[int, int]]] = []
        self.buttons: dict[str, Any] = {}
        self.save: SaveInfo | str = CHECKING
        """The match Continue resumes, or why there is none."""
        self.storage: str | None = None
        self.problems: dict[str, PlayerError] = {}
        """The player's words for the storage problem and the save's, once the check is in."""
        """Why matches cannot be saved (the data folder cannot be written), or None."""
        self.continue_note = ""
        self.notes: dict[str, tuple[str, RGB]] = {}
        """Text beside a menu button (Continue's state, the unsaved-play notice beside New game)."""
        self.checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save-check")
        self.check: Future[tuple[str | None, SaveInfo | str]] | None = None

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
            ("lessons", self.open_lessons),
            ("replays", self.open_replays),
            ("rules", self.open_rules),
            ("settings", self.open_settings),
            ("quit", self.app.quit),
        ]
        course, course_note = course_entry(app)
        items[2:2] = course  # issue 24: "continue the course" while it is unfinished
        gap = gap if len(items) < 8 else self.px(4)  # issue 24: eight entries still fit under the title
        total = len(items) * bh + (len(items) - 1) * gap
        top = min(top, h - self.px(60) - total)
        self.buttons = {}
        for i, (key, action) in enumerate(items):
            rect = pygame.Rect(x, top + i * (bh + gap), bw, bh)
            self.buttons[key] = self.button(rect, app.tr(f"menu.{key}"), action, object_id="#menu_button")
        self._update_continue()
        if "course" in self.buttons:  # issue 24: the next lesson's title beside the course's entry
            self.notes["course"] = (course_note, COLOURS.gold)
        about = pygame.Rect(0, 0, self.px(110), self.px(36))
        about.bottomright = (w - self.px(24), h - self.px(18))
        self.buttons["about"] = self.button(about, app.tr("menu.about"), self.open_about, focusable=False)
        if self.focus_index is None:
            self.focus_index = 0  # the focus shows from the start, on the first item; ↑↓ go on from there
        self._build_fan()

    def note_width(self) -> int:
        """How wide a note beside a button may be (it wraps below its first line)."""
        button = self.buttons.get("continue")
        x = (button.rect.right if button is not None else 0) + self.px(14)
        return max(self.px(200), min(self.px(560), self.app.size[0] - x - self.px(24)))

    def note_layout(self) -> list[tuple[str, RGB, pygame.Rect]]:
        """Each note beside a button: its text, colour and area (a long one wraps below its first line)."""
        out: list[tuple[str, RGB, pygame.Rect]] = []
        width, size = self.note_width(), self.px(15)
        for key, (text, colour) in self.notes.items():
            button = self.buttons.get(key)
            if button is None or not text:
                continue
            tw, th = self.app.fonts.size(text, size)
            if tw > width:
                tw, th = width, wrapped_height(self.app.fonts, text, width, size)
            line_h = self.app.fonts.size(text[:1], size)[1]
            top = button.rect.centery - line_h // 2
            if out:  # a long note above pushes this one down rather than overlapping it
                top = max(top, out[-1][2].bottom + self.px(6))
            out.append((text, colour, pygame.Rect(button.rect.right + self.px(14), top, tw + 2, th)))
        return out

    def note_rects(self) -> list[pygame.Rect]:
        """Where the notes beside the buttons are drawn."""
        return [rect for _, _, rect in self.note_layout()]

    def note_rect(self) -> pygame.Rect | None:
        """Where the note beside Continue is drawn (None without one)."""
        button = self.buttons.get("continue")
        if button is None or not self.continue_note:
            return None
        return next((r for t, _, r in self.note_layout() if t == self.continue_note), None)

    def _build_fan(self) -> None:
        """Seven tiles fanned like a hand held up, right of the menu, drawn for this window size.

        The fan moves right, then shrinks, until it clears the note beside Continue (a small window).
        """
        w, h = self.app.size
        tile_w = max(48, min(self.px(104), int(w * 0.08)))
        pivot_x, radius = int(w * 0.7), int(h * 0.78)
        notes = [r.inflate(self.px(8), self.px(10)) for r in self.note_rects()]
        for _ in range(8):
            self._place_fan(tile_w, pivot_x, radius)
            rects = [img.get_rect(center=centre) for img, _, centre in self.fan]
            hit = [n for n in notes if n.collidelist(rects) >= 0]
            if not hit:
                return
            need = max(n.right for n in hit) + self.px(4) - min(r.left for r in rects)
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
    def _update_continue(self) -> None:
        """Enable Continue when a checked match is in progress; otherwise grey it and say why."""
        if self.check is None:
            self._start_check()
        self._take_check(SAVE_CHECK_WAIT if self.save == CHECKING else 0.0)
        app = self.app
        button = self.buttons["continue"]
        self.notes = {}
        if self.storage:
            self.notes["new_game"] = (self.problems["storage"].text(app.lang), COLOURS.text)
        if isinstance(self.save, SaveInfo):
            info = self.save
            you = info.scores[0] if info.scores else 0
            self.continue_note = app.tr(
                "menu.continue_info", n=info.hand_no + 1, total=info.hands, score=f"{you:+d}" if you else "0"
            )
            self.notes["continue"] = (self.continue_note, COLOURS.gold)
            button.enable()
            return
        if self.save == CHECKING:
            self.continue_note = app.tr("menu.continue_checking")
        elif self.save == "none":
            self.continue_note = app.tr("menu.continue_none")
        elif self.save == "over":
            self.continue_note = app.tr("menu.continue_over")
        else:
            self.continue_note = self.problems["save"].what(app.lang)
            if not self.storage:
                self.continue_note += ("" if app.lang == "zh" else " ") + app.tr("menu.continue_bad_keep")
        self.notes["continue"] = (self.continue_note, COLOURS.text_dim)
        button.disable()
        if button in self.focus_order:
            self.focus_order.remove(button)

    def _start_check(self) -> None:
        """Check the data folder and the save off the render thread."""
        self.save = CHECKING
        self.check = self.checker.submit(check_folders, self.app.paths)

    def _take_check(self, wait: float) -> bool:
        """Take the check's answer if it is ready (waiting at most ``wait`` seconds); True if taken."""
        check = self.check
        if check is None or self.save != CHECKING:
            return False
        try:
            self.storage, self.save = check.result(timeout=wait)
        except FutureTimeout:
            return False
        self.problems = {}  # the player's words for each problem, the raw ones logged once
        if self.storage:
            self.problems["storage"] = report("match_save", self.storage)
        if isinstance(self.save, str) and self.save not in ("none", "over", CHECKING):
            self.problems["save"] = report("continue", self.save)
        return True

    def resume(self) -> None:
        """Back from the table or a screen: the match in progress may have changed."""
        self._start_check()
        self.rebuild()

    def exit(self) -> None:
        """Leave the menu: stop the checker thread."""
        self.checker.shutdown(wait=False, cancel_futures=True)
        super().exit()

    def new_game(self) -> None:
        """Open the new-game setup (Start opens the table)."""
        self.app.nav.new_game()

    def continue_game(self) -> None:
        """Resume the saved match exactly where it stopped (a save that fails its checks says why)."""
        if not self.app.nav.continue_match():
            self.rebuild()

    def open_lessons(self) -> None:
        """Open the lesson list (教程)."""
        self.app.nav.lessons()

    def open_replays(self) -> None:
        """Open the replay library."""
        self.app.nav.replays()

    def open_rules(self) -> None:
        """Open the rules reference."""
        self.app.nav.rules()

    def open_settings(self) -> None:
        """Open the settings."""
        self.app.nav.settings()

    def open_about(self) -> None:
        """Open the credits and licences."""
        self.app.nav.about()

    def go_back(self) -> None:
        """Esc on the title screen asks whether to quit."""
        app = self.app
        buttons = [(app.tr("menu.quit"), app.quit), (app.tr("dialog.cancel"), None)]
        app.nav.ask(app.tr("dialog.quit_title"), app.tr("dialog.quit_body"), buttons, width=460)

    # ------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        """Advance the idle motion of the tile fan; show the save check's answer once it comes."""
        if self.app.settings.animation_speed != "off":
            self.clock += dt
        if self._take_check(0.0):
            self.rebuild()
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
        self._draw_notes(surface)
        foot = f"v{__version__}   ·   {app.tr('menu.footer')}"
        draw_text(surface, app.fonts, foot, (x, h - self.px(30)), self.px(14), COLOURS.text_dim)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        """The notes beside New game and Continue."""
        size = self.px(15)
        for text, colour, rect in self.note_layout():
            draw_wrapped(surface, self.app.fonts, text, rect, size, colour)
