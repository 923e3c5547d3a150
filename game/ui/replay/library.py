"""The replay library (回放 in the menu): every kept match, with what the player can do to each.

The list shows the date, the opponents, the rules, the hands, the result and whether the
match was finished, abandoned, is still being played (the save Continue resumes) or cannot
be read (with the reason). Column headings sort. The panel beside it shows the selected
replay and its buttons: watch it, continue it (the match in progress), rename, delete
(after asking), export to a path, and its share code. Import takes a file path or a share
code. The folder is read off the render thread; the screen says so until it is done.

The screen knows no other screen: whoever opens it gives the callbacks to watch a replay,
to continue the match in progress and to show the statistics.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.replay.checks import CheckCache
from game.replay.library import BROKEN, LibraryError, ReplayEntry, list_replays, read_entry
from game.rule_texts import RuleTextError, RuleTexts, load_rule_texts
from game.seats import capital
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.text_stack import Paragraph, draw_stack
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel
from game.ui.replay.dialogs import ask_delete, ask_export, ask_import, ask_rename, show_code
from game.ui.replay.list import COLUMNS, ReplayList
from game.ui.words.errors import player_error
from game.ui.words.replay_words import (
    branch_seat,
    display_name,
    hand_notes_text,
    move_words,
    player_word,
    preset_text,
    seat_letter_text,
    signed,
    status_word,
    when_text,
)

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)

FIRST_WAIT: Final = 0.25
"""Seconds the first frame waits for the folder to be read before showing "reading"."""
DOUBLE_CLICK: Final = 0.4
"""Seconds between two clicks on a row that open it."""
DETAIL_BUTTONS: Final = ("open", "continue", "rename", "delete", "export", "code")

Opener = Callable[[Path], object]


def read_library(
    folder: Path, saves_dir: Path | None, extra: Path | None, checks_file: Path | None = None
) -> list[ReplayEntry]:
    """Every entry of the library (and ``extra``, a file opened from elsewhere); broken files included
    (a file that does not verify too; the verdicts are cached in ``checks_file``)."""
    checks = CheckCache.open(checks_file)
    entries = list_replays(folder, saves_dir, checks=checks)
    if extra is not None and all(e.path.resolve() != extra.resolve() for e in entries):
        entries.append(read_entry(extra, checks=checks))
        checks.save()
    return entries


def read_samples(samples: Path, checks_file: Path | None = None) -> list[ReplayEntry]:
    """The sample replays that ship with the game (``samples``: their folder), with their titles."""
    return list_replays(None, checks=CheckCache.open(checks_file), samples=samples)


class ReplayLibraryScene(MenuScene):
    """The list of saved games and what to do with them."""

    name = "replays"
    title_key = "replays.title"
    design_size = (1180, 660)

    def __init__(
        self,
        app: SceneApp,
        *,
        folder: Path | None = None,
        saves_dir: Path | None = None,
        select: Path | None = None,
        on_open: Opener | None = None,
        on_continue: Callable[[], object] | None = None,
        on_stats: Callable[[], object] | None = None,
        samples: Path | None = None,
    ) -> None:
        super().__init__(app)
        self.folder = Path(folder) if folder is not None else app.paths.replays_dir
        self.saves_dir = saves_dir if saves_dir is not None else app.paths.saves_dir
        self.samples = samples
        """The sample replays' folder (the game's ``saves/``): a button shows them instead of the
        player's own replays, and back; None: no such button."""
        self.showing_samples = False
        self.extra = Path(select) if select is not None else None
        self.keep = str(self.extra) if self.extra is not None else None
        """The file to select once the list is read."""
        self.on_open = on_open
        self.on_continue = on_continue
        self.on_stats = on_stats
        self.list = ReplayList()
        self.loading: Future[list[ReplayEntry]] | None = None
        self.reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-library")
        self.load_problem = ""
        self.status = ""
        self.status_is_problem = False
        self.text = TextLog(app.fonts)
        self.headers: dict[Any, str] = {}
        self.controls: dict[str, Any] = {}
        self.list_panel = pygame.Rect(0, 0, 0, 0)
        self.detail_panel = pygame.Rect(0, 0, 0, 0)
        self.detail_box = pygame.Rect(0, 0, 0, 0)
        self.heading_y = 0
        self.status_box = pygame.Rect(0, 0, 0, 0)
        self.last_click: tuple[int, float] | None = None
        self.rule_texts: dict[str, RuleTexts | None] = {}
        self.first_frame = True
        self.stale = False
        """Another screen was opened from here: read the folder again on coming back."""

    # ------------------------------------------------------------- loading
    def enter(self) -> None:
        """Start reading the folder, then build the screen."""
        self.reload()
        super().enter()

    def resume(self) -> None:
        """Back from the viewer, the table or the statistics: files may have changed (not after this
        screen's own dialogs, which change the list themselves)."""
        if self.stale:
            self.stale = False
            self.reload()

    def exit(self) -> None:
        """Stop the reader thread."""
        self.reader.shutdown(wait=False, cancel_futures=True)
        super().exit()

    def reload(self) -> None:
        """Read the folder again off the render thread (the selection stays on its file)."""
        if self.list.current is not None:
            self.keep = str(self.list.current.path)
        checks = self.app.paths.replay_checks_file
        if self.showing_samples and self.samples is not None:
            self.loading = self.reader.submit(read_samples, self.samples, checks)
        else:
            self.loading = self.reader.submit(read_library, self.folder, self.saves_dir, self.extra, checks)

    def wait_loaded(self, timeout: float = 10.0) -> bool:
        """Wait for the folder to be read and show it (tests and screenshots); True when shown."""
        if self.loading is not None:
            with contextlib.suppress(Exception):  # a failed read is shown by _take_loaded
                self.loading.result(timeout)
        self._take_loaded()
        return self.ready

    def _take_loaded(self) -> bool:
        """Show the read entries if they are ready."""
        job = self.loading
        if job is None or not job.done():
            return False
        self.loading = None
        try:
            entries = job.result()
            self.load_problem = ""
        except LibraryError as exc:
            entries, self.load_problem = [], str(exc)
        self.list.set_entries(entries, self.keep)
        self.keep = None
        self._update_buttons()
        return True

    @property
    def ready(self) -> bool:
        """The folder has been read."""
        return self.loading is None

    def texts(self) -> RuleTexts | None:
        """The rule texts of the UI language (preset names), read once per language."""
        lang = self.app.lang
        if lang not in self.rule_texts:
            try:
                self.rule_texts[lang] = load_rule_texts(lang)
            except RuleTextError as exc:
                log.error("%s", exc)
                self.rule_texts[lang] = None
        return self.rule_texts[lang]

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """Column headings (sorting), the detail panel's buttons and the bottom bar."""
        app = self.app
        w, h = app.size
        margin, gap = self.px(28), self.px(16)
        top = self.px(96)
        bh = self.px(42)
        bar_y = h - self.px(18) - bh
        bottom = bar_y - self.px(14)
        list_w = int((w - 2 * margin - gap) * 0.67)
        self.list_panel = pygame.Rect(margin, top, list_w, bottom - top)
        self.detail_panel = pygame.Rect(
            self.list_panel.right + gap, top, w - margin - gap - list_w - margin, bottom - top
        )
        pad = self.px(12)
        inner = self.list_panel.inflate(-2 * pad, -2 * pad)
        head_h = self.px(32)
        self.heading_y = inner.y
        self.headers = {}
        for col, cell in zip(COLUMNS, ReplayList.cells(inner.x, inner.w, 0), strict=True):
            if col.sort is None:
                continue
            rect = pygame.Rect(cell.x + 1, inner.y, cell.w - 2, head_h)
            btn = self.button(
                rect,
                self.list.heading(col.key, app.lang),
                self._sorter(col.sort),
                class_id="@tool",
                object_id=f"#sort_{col.key}",
                focusable=False,
            )
            self.headers[btn] = col.key
        self.list.place(
            pygame.Rect(inner.x, inner.y + head_h + self.px(6), inner.w, inner.h - head_h - self.px(6)),
            self.px(36),
        )
        # the detail panel: text above, two columns of buttons below
        dp = self.detail_panel.inflate(-2 * self.px(16), -2 * self.px(16))
        rows = (len(DETAIL_BUTTONS) + 1) // 2
        dbh, dgap = self.px(40), self.px(8)
        buttons_h = rows * dbh + (rows - 1) * dgap
        bw = (dp.w - dgap) // 2
        self.controls = {}
        actions = {
            "open": self.open_selected,
            "continue": self.continue_match,
            "rename": self.ask_rename,
            "delete": self.ask_delete,
            "export": self.ask_export,
            "code": self.show_code,
        }
        for i, key in enumerate(DETAIL_BUTTONS):
            r, c = divmod(i, 2)
            rect = pygame.Rect(dp.x + c * (bw + dgap), dp.bottom - buttons_h + r * (dbh + dgap), bw, dbh)
            self.controls[key] = self.button(
                rect, app.tr(f"replays.{key}"), actions[key], object_id=f"#replay_{key}"
            )
        self.detail_box = pygame.Rect(dp.x, dp.y, dp.w, dp.h - buttons_h - self.px(12))
        # the bottom bar
        x = margin
        bar: list[tuple[str, Callable[[], None], str]] = [
            ("import", self.ask_import, app.tr("replays.import")),
            ("stats", self.open_stats, app.tr("replays.stats")),
        ]
        if self.samples is not None:
            bar.append(("samples", self.toggle_samples, self._samples_label()))
        for key, action, label in bar:
            longest = max(label, app.tr("replays.own")) if key == "samples" else label
            bw2 = max(self.px(130), app.fonts.size(longest, self.px(18))[0] + self.px(36))
            self.controls[key] = self.button(
                pygame.Rect(x, bar_y, bw2, bh), label, action, object_id=f"#replay_{key}"
            )
            x += bw2 + self.px(12)
        back = pygame.Rect(0, bar_y, self.px(130), bh)
        back.right = w - margin
        self.controls["back"] = self.button(
            back, app.tr("common.back"), self.go_back, object_id="#replay_back"
        )
        self.status_box = pygame.Rect(x + self.px(8), bar_y, back.x - x - self.px(24), bh)
        self._update_buttons()

    def _sorter(self, key: str) -> Callable[[], None]:
        def sort() -> None:
            self.list.set_sort(key)
            for btn, col in self.headers.items():
                btn.set_text(self.list.heading(col, self.app.lang))

        return sort

    def _update_buttons(self) -> None:
        """Enable what can be done to the selected replay."""
        entry = self.list.current
        good = entry is not None and entry.status != BROKEN
        enabled = {
            "open": good,
            "continue": entry is not None and entry.in_progress and self.on_continue is not None,
            "rename": entry is not None and not entry.in_progress and self._in_folder(entry),
            "delete": entry is not None and not entry.in_progress and self._in_folder(entry),
            "export": entry is not None,
            "code": good,
        }
        for key, on in enabled.items():
            btn = self.controls.get(key)
            if btn is None:
                continue
            if on and not btn.is_enabled:
                btn.enable()
            elif not on and btn.is_enabled:
                btn.disable()

    def _in_folder(self, entry: ReplayEntry) -> bool:
        """A file of the replay folder (a file opened from elsewhere is not renamed or deleted here)."""
        return entry.path.parent.resolve() == self.folder.resolve()

    # ------------------------------------------------------------- actions
    def say(self, text: str, problem: bool = False) -> None:
        """A line in the bottom bar: what was just done, or what went wrong."""
        self.status, self.status_is_problem = text, problem

    def select(self, index: int) -> None:
        """Select a row."""
        self.list.select(index)
        self._update_buttons()

    def open_selected(self) -> None:
        """Watch the selected replay."""
        entry = self.list.current
        if entry is None or entry.status == BROKEN:
            return
        if self.on_open is None:
            return
        self.stale = True
        self.on_open(entry.path)

    def continue_match(self) -> None:
        """Continue the match in progress (the menu's Continue)."""
        entry = self.list.current
        if entry is not None and entry.in_progress and self.on_continue is not None:
            self.stale = True
            self.on_continue()

    def _samples_label(self) -> str:
        """The samples button's words: what pressing it shows."""
        return self.app.tr("replays.own" if self.showing_samples else "replays.samples")

    def toggle_samples(self) -> None:
        """Show the sample replays that ship with the game instead of the player's own, or back."""
        if self.samples is None:
            return
        self.showing_samples = not self.showing_samples
        self.list.set_entries([])
        self.keep = None
        self.status = ""
        self.loading = None
        self.reload()
        button = self.controls.get("samples")
        if button is not None:
            button.set_text(self._samples_label())
        self._update_buttons()

    def open_stats(self) -> None:
        """The statistics over the saved games."""
        if self.on_stats is not None:
            self.on_stats()

    def ask_rename(self) -> None:
        """Ask for a new name and rename the selected file (F2)."""
        entry = self.list.current
        if entry is not None and self.controls["rename"].is_enabled:
            ask_rename(self.app, entry, lambda path: self._replace(entry, read_entry(path)), self.say)

    def ask_delete(self) -> None:
        """Ask before deleting the selected file (Delete)."""
        entry = self.list.current
        if entry is not None and self.controls["delete"].is_enabled:
            ask_delete(self.app, entry, lambda: self._remove(entry), self.say)

    def ask_export(self) -> None:
        """Ask where to and copy the selected file there."""
        entry = self.list.current
        if entry is not None:
            ask_export(self.app, entry, self.say)

    def ask_import(self) -> None:
        """Ask for a share code or a file path and add that replay to the library."""
        ask_import(self.app, self.folder, lambda path: self._add(read_entry(path)), self.say)

    def show_code(self) -> None:
        """Show the selected replay's share code."""
        entry = self.list.current
        if entry is not None and entry.status != BROKEN:
            show_code(self.app, entry, self.say)

    def _remove(self, entry: ReplayEntry) -> None:
        at = self.list.selected or 0
        self.list.set_entries([e for e in self.list.entries if e is not entry])
        self.select(at)

    def _replace(self, old: ReplayEntry, new: ReplayEntry) -> None:
        entries = [new if e is old else e for e in self.list.entries]
        self.list.set_entries(entries, str(new.path))
        self._update_buttons()

    def _add(self, entry: ReplayEntry) -> None:
        self.list.set_entries([*self.list.entries, entry], str(entry.path))
        self._update_buttons()

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Rows by mouse, wheel and keys; Enter watches, F2 renames, Delete deletes."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.list.row_at(event.pos)
            if row is not None:
                now = time.perf_counter()
                double = (
                    self.last_click is not None
                    and self.last_click[0] == row
                    and now - self.last_click[1] < DOUBLE_CLICK
                )
                self.select(row)
                self.last_click = None if double else (row, now)
                if double:
                    self.open_selected()
                return True
        if event.type == pygame.MOUSEWHEEL and self.list_panel.collidepoint(pygame.mouse.get_pos()):
            self.list.scroll(-3 * event.y)
            return True
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_UP: lambda: self.select((self.list.selected or 0) - 1),
                pygame.K_DOWN: lambda: self.select(
                    (self.list.selected or 0) + 1 if self.list.selected is not None else 0
                ),
                pygame.K_PAGEUP: lambda: self.select((self.list.selected or 0) - self.list.rows_shown),
                pygame.K_PAGEDOWN: lambda: self.select((self.list.selected or 0) + self.list.rows_shown),
                pygame.K_HOME: lambda: self.select(0),
                pygame.K_END: lambda: self.select(len(self.list.entries) - 1),
                pygame.K_F2: self.ask_rename,
                pygame.K_DELETE: self.ask_delete,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused is None:
                self.open_selected()
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------- frame
    def update(self, dt: float) -> None:
        """Show the list once it is read (the first frame waits a moment: a small folder shows at once)."""
        if self.first_frame:
            self.first_frame = False
            self.wait_loaded(FIRST_WAIT)
        self._take_loaded()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Backdrop, title, the list, the selected replay and the bottom bar's line."""
        self.text.clear()
        super().draw_scene(surface)
        app = self.app
        draw_panel(surface, self.list_panel, radius=self.px(12))
        draw_panel(surface, self.detail_panel, radius=self.px(12))
        size = self.px(15)
        pad = self.px(12)
        inner = self.list_panel.inflate(-2 * pad, -2 * pad)
        for col, cell in zip(COLUMNS, ReplayList.cells(inner.x, inner.w, 0), strict=True):
            if col.sort is None:
                box = pygame.Rect(cell.x + 4, self.heading_y, cell.w - 8, self.px(32))
                self.text.line(
                    surface, app.tr(f"replays.col.{col.key}"), box, self.px(14), COLOURS.text_dim, floor=9
                )
        area = self.list.area
        if not self.ready:
            self.text.paragraph(
                surface,
                app.tr("replays.loading"),
                area.inflate(-self.px(16), -self.px(16)),
                size,
                COLOURS.text_dim,
            )
        elif self.load_problem:
            self.text.paragraph(
                surface,
                player_error("replay_folder", self.load_problem).text(app.lang),
                area.inflate(-self.px(16), -self.px(16)),
                size,
                COLOURS.ting,
            )
        elif not self.list.entries:
            body = app.tr("replays.empty")
            if self.samples is not None and not self.showing_samples:
                body += "\n\n" + app.tr("replays.empty_samples")
            body += "\n\n" + app.tr("replays.folder", path=str(self.folder))
            self.text.paragraph(
                surface, body, area.inflate(-self.px(16), -self.px(16)), self.px(16), COLOURS.text_dim
            )
        else:
            self.list.draw(surface, self.text, app.lang, self.texts(), size)
            self._draw_scrollbar(surface)
        self._draw_detail(surface)
        if self.status:
            colour = COLOURS.ting if self.status_is_problem else COLOURS.gold
            self.text.paragraph(surface, self.status, self.status_box, self.px(15), colour, floor=9)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A thin bar at the list's right edge when there are more rows than fit."""
        n, shown = len(self.list.entries), self.list.rows_shown
        if n <= shown:
            return
        area = self.list.area
        track = pygame.Rect(self.list_panel.right - self.px(9), area.y, self.px(4), area.h)
        pygame.draw.rect(surface, (8, 26, 17), track, border_radius=track.w // 2)
        thumb_h = max(track.w * 3, track.h * shown // n)
        y = track.y + (track.h - thumb_h) * self.list.first // max(1, n - shown)
        pygame.draw.rect(
            surface, COLOURS.gold_dark, (track.x, y, track.w, thumb_h), border_radius=track.w // 2
        )

    def detail_lines(self, entry: ReplayEntry) -> list[Paragraph]:
        """The selected replay's facts: (text, size at scale 1, colour, weight) per paragraph."""
        app, lang = self.app, self.app.lang
        out: list[Paragraph] = [(display_name(entry, lang), 20, COLOURS.gold, "bold")]
        if entry.status == BROKEN:
            out.append((player_error("replay_broken", entry.problem).text(lang), 16, COLOURS.ting, "regular"))
            return out
        out.append(
            (app.tr("replays.detail.status", status=status_word(entry, lang)), 16, COLOURS.text, "regular")
        )
        if entry.sample:
            out.append((app.tr("replays.detail.sample"), 14, COLOURS.gold, "regular"))
        notes = hand_notes_text(entry, lang)
        if notes:
            out.append((notes, 14, COLOURS.text, "regular"))
        if entry.in_progress:
            out.append((app.tr("replays.detail.in_progress"), 14, COLOURS.gold, "regular"))
        if not entry.sample:  # a sample's dates are when it was made, not a match of the player's
            created = app.tr("replays.detail.created", when=when_text(entry.created))
            out.append((created, 15, COLOURS.text_dim, "regular"))
            ended = entry.header.get("ended")
            if isinstance(ended, str) and ended:
                out.append(
                    (app.tr("replays.detail.ended", when=when_text(ended)), 15, COLOURS.text_dim, "regular")
                )
        preset = preset_text(entry.preset, self.texts(), lang)
        out.append((app.tr("replays.detail.rules", preset=preset), 15, COLOURS.text, "regular"))
        out.append(
            (
                app.tr("replays.detail.hands", n=entry.hands, total=entry.match_hands),
                15,
                COLOURS.text,
                "regular",
            )
        )
        for seat, player in enumerate(entry.players):
            score = entry.scores[seat] if seat < len(entry.scores) else 0
            who = player_word(player, lang)
            row = f"{seat_letter_text(seat, lang)}\t{who}\t{signed(score)}"
            out.append((row, 16, COLOURS.text, "regular"))
        if entry.branch:
            out.append((self.branch_text(entry), 14, COLOURS.gold, "regular"))
        return out

    def branch_text(self, entry: ReplayEntry) -> str:
        """Where a what-if branch came from, in words."""
        branch = entry.branch or {}
        lang = self.app.lang
        source = Path(str(branch.get("source") or "")).name.removesuffix(".jsonl") or "?"
        seat = branch.get("seat")
        return self.app.tr(
            "replays.detail.branch",
            source=source,
            seat=capital(branch_seat(entry, seat, lang)) if isinstance(seat, int) else "?",
            played=move_words(str(branch.get("played", "")), lang),
            recorded=move_words(str(branch.get("recorded", "")), lang),
        )

    def _draw_detail(self, surface: pygame.Surface) -> None:
        """The selected replay's facts, shrunk together until they fit above the buttons."""
        entry = self.list.current
        if entry is not None and self.detail_box.h > 0:
            draw_stack(surface, self.text, self.detail_lines(entry), self.detail_box, self.px, self.px(6))


__all__ = ["ReplayLibraryScene", "read_library"]
