"""The lesson list: the course in order with each lesson's progress, locked and broken lessons explained.

Left, one row per lesson file (:func:`game.tutorial.loader.load_course`): its number,
title and state — not started, at step i of n, done, skipped, locked (a prerequisite
is neither done nor skipped) or broken (the file's error; the other lessons still
work). Right, the chosen lesson: its key idea, topics, what comes before and after,
and Start / Continue (where the person stopped), Restart, Skip and its drills.
Progress is the player's ``progress.json`` (:mod:`game.tutorial.progress`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.glossary import TERMS, term
from game.tutorial.files import DRILL_KINDS
from game.tutorial.lesson import Lesson
from game.tutorial.loader import Entry, load_course, next_lesson
from game.tutorial.progress import Progress, Status, load_progress
from game.ui.kit.error_dialog import show_error
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel
from game.ui.lessons.progress_store import store
from game.ui.words.errors import player_error

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

STATUS_COLOURS = {
    "new": COLOURS.text_dim,
    "started": COLOURS.gold,
    "done": (96, 200, 120),
    "skipped": COLOURS.text_dim,
    "locked": (120, 140, 128),
    "broken": COLOURS.ting,
}


class LessonListScene(MenuScene):
    """The course: pick a lesson, see where you stopped, start, continue, restart, skip or practise it."""

    name = "lessons"
    title_key = "lessons.title"
    design_size = (1180, 700)

    def __init__(self, app: SceneApp, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.entries: list[Entry] = load_course(folder)
        loaded = load_progress(app.paths)
        self.progress: Progress = loaded.progress
        self.problem = "; ".join(loaded.problems)
        self.note = ""
        self.text = TextLog(app.fonts)
        self.selected = self._first_to_do()
        self.first_row = 0
        self.rows: list[pygame.Rect] = []
        self.list_box = pygame.Rect(0, 0, 0, 0)
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.detail_text = pygame.Rect(0, 0, 0, 0)
        self.footer_box = pygame.Rect(0, 0, 0, 0)
        self.action_buttons: dict[str, Any] = {}

    # ------------------------------------------------------------- state
    def lesson_state(self, entry: Entry) -> str:
        """``broken``, ``locked``, or the saved status (``new``, ``started``, ``done``, ``skipped``)."""
        if entry.lesson is None:
            return "broken"
        status = self.progress.lesson(entry.lesson.id).status
        if status == "new" and not self.progress.unlocked(entry.lesson):
            return "locked"
        return status

    def _first_to_do(self) -> int:
        """The row to select first: a lesson in progress, else the first open one not done, else the first."""
        states = [self.lesson_state(e) for e in self.entries]
        for wanted in ("started", "new"):
            if wanted in states:
                return states.index(wanted)
        return 0

    @property
    def entry(self) -> Entry | None:
        """The chosen row's lesson file."""
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def title_of(self, lesson_id: str) -> str:
        """A lesson's title in the UI language (its id if it is not in the course)."""
        for e in self.entries:
            if e.lesson is not None and e.lesson.id == lesson_id:
                return e.lesson.title.render(self.app.lang)
        return lesson_id

    def status_text(self, entry: Entry) -> str:
        """The short state shown at the right of a row."""
        state = self.lesson_state(entry)
        if state == "started" and entry.lesson is not None:
            step = self.progress.lesson(entry.lesson.id).step
            total = len(entry.lesson.steps)
            return self.app.tr("lessons.status.started", step=min(step + 1, total), total=total)
        return self.app.tr(f"lessons.status.{state}")

    def record(self, lesson_id: str, status: Status, step: int = 0) -> None:
        """Set a lesson's state and save the progress (unless this run saves nothing)."""
        self.progress = self.progress.with_lesson(lesson_id, status, step)
        self.note = store(self.app, self.progress)

    # ------------------------------------------------------------- actions
    def select(self, index: int) -> None:
        """Choose a row (the buttons follow it)."""
        if self.entries:
            self.selected = max(0, min(len(self.entries) - 1, index))
            self.focus_index = None  # the keyboard focus goes back to Start (or the first usable button)
            self._place_rows()
            self._update_actions()

    def start(self) -> None:
        """Start the chosen lesson, or continue it at the step where the person stopped."""
        entry = self.entry
        if entry is None or entry.lesson is None or self.lesson_state(entry) in ("locked", "broken"):
            return
        state = self.progress.lesson(entry.lesson.id)
        step = state.step if state.status == "started" else 0
        self.play(entry.lesson, step)

    def restart(self) -> None:
        """Play the chosen lesson again from its first step."""
        entry = self.entry
        if (
            entry is not None
            and entry.lesson is not None
            and self.lesson_state(entry) not in ("locked", "broken")
        ):
            self.play(entry.lesson, 0)

    def play(self, lesson: Lesson, step: int) -> None:
        """Open the lesson at the table (from ``step``), remembering it as started."""
        self.record(lesson.id, "started", step)
        self.app.nav.lesson(lesson, start_step=step, on_progress=self.on_lesson_progress)

    def open_by_id(self, lesson_id: str) -> bool:
        """Choose a lesson by id and open it from its first step (False if the course has no such lesson)."""
        for i, entry in enumerate(self.entries):
            if entry.lesson is not None and entry.lesson.id == lesson_id:
                self.select(i)
                self.play(entry.lesson, 0)
                return True
        return False

    def on_lesson_progress(self, lesson_id: str, status: Status, step: int) -> None:
        """The lesson scene reports how far the person got (saved at once)."""
        self.record(lesson_id, status, step)

    def skip(self) -> None:
        """Mark the chosen lesson skipped (the lessons after it open up)."""
        entry = self.entry
        if entry is None or entry.lesson is None or self.lesson_state(entry) in ("locked", "broken"):
            return
        self.record(entry.lesson.id, "skipped")
        following = self.selected + 1
        self.select(following if following < len(self.entries) else self.selected)

    def drills(self, kinds: tuple[str, ...] = DRILL_KINDS) -> None:
        """Open the drills of some kinds (all five from the bottom bar)."""
        self.app.nav.drills(kinds)

    def lesson_drills(self) -> None:
        """Practise the chosen lesson's drill kinds."""
        entry = self.entry
        if entry is not None and entry.lesson is not None and entry.lesson.drills:
            self.drills(entry.lesson.drills)

    def resume(self) -> None:
        """Back from a lesson or the drills: read the progress again."""
        self.progress = load_progress(self.app.paths).progress if self.app.persist else self.progress
        self._update_actions()

    def enter(self) -> None:
        """Build the list; a progress file that could not be read is said in a dialog."""
        super().enter()
        if self.problem:
            show_error(self.app, self.app.tr("lessons.title"), "progress_read", self.problem)
            self.problem = ""

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """Lesson rows on the left, the chosen lesson's panel and buttons on the right, Back and Drills."""
        app = self.app
        w, h = app.size
        pw = min(int(w * 0.95), self.px(1200))
        x0 = (w - pw) // 2
        top, bar = self.px(98), self.px(74)
        gap = self.px(18)
        list_w = int(pw * 0.44)
        self.list_box = pygame.Rect(x0, top, list_w, h - top - bar)
        self.detail = pygame.Rect(x0 + list_w + gap, top, pw - list_w - gap, h - top - bar)
        self._place_rows()
        pad = self.px(20)
        inner = self.detail.inflate(-2 * pad, -2 * pad)
        bh, bgap = self.px(42), self.px(10)
        buttons_h = 2 * bh + bgap
        self.detail_text = pygame.Rect(inner.x, inner.y, inner.w, inner.h - buttons_h - self.px(14))
        bw = (inner.w - bgap) // 2
        y0 = inner.bottom - buttons_h
        self.action_buttons = {}
        actions: list[tuple[str, Callable[[], None]]] = [
            ("start", self.start),
            ("restart", self.restart),
            ("skip", self.skip),
            ("drills", self.lesson_drills),
        ]
        for i, (key, action) in enumerate(actions):
            r, c = divmod(i, 2)
            rect = pygame.Rect(inner.x + c * (bw + bgap), y0 + r * (bh + bgap), bw, bh)
            oid = "#menu_button" if key == "start" else f"#{key}"
            self.action_buttons[key] = self.button(rect, app.tr(f"lessons.{key}"), action, object_id=oid)
        bh = self.px(44)
        back = pygame.Rect(0, 0, self.px(150), bh)
        back.bottomleft = (x0, h - self.px(16))
        self.button(back, app.tr("common.back"), self.go_back, object_id="#back")
        drills = pygame.Rect(0, 0, self.px(200), bh)
        drills.bottomright = (x0 + pw, h - self.px(16))
        self.button(drills, app.tr("lessons.all_drills"), self.drills, object_id="#all_drills")
        self.footer_box = pygame.Rect(back.right + gap, back.y, drills.x - back.right - 2 * gap, bh)
        self._update_actions()

    def _update_actions(self) -> None:
        """The chosen lesson's buttons: Start says Continue (step i) or Play again; what cannot be done is
        greyed (and left out of the keyboard's order), the keyboard focus on Start when it can be pressed."""
        app = self.app
        entry = self.entry
        state = self.lesson_state(entry) if entry is not None else "broken"
        start_label = app.tr("lessons.start")
        if entry is not None and entry.lesson is not None:
            saved = self.progress.lesson(entry.lesson.id)
            if state == "started" and saved.step > 0:
                start_label = app.tr("lessons.continue", step=min(saved.step + 1, len(entry.lesson.steps)))
            elif state == "done":
                start_label = app.tr("lessons.again")
        buttons = self.action_buttons
        if buttons["start"].text != start_label:
            buttons["start"].set_text(start_label)
        usable = state not in ("locked", "broken")
        enabled = {
            "start": usable,
            "restart": usable,
            "skip": usable and state not in ("done", "skipped"),
            "drills": entry is not None and entry.lesson is not None and bool(entry.lesson.drills),
        }
        rest = [b for b in self.focus_order if b not in buttons.values()]
        for key, on in enabled.items():
            if on and not buttons[key].is_enabled:
                buttons[key].enable()
            elif not on and buttons[key].is_enabled:
                buttons[key].disable()
        self.focus_order = [buttons[k] for k, on in enabled.items() if on] + rest
        if usable and self.focus_index is None:
            self.focus_index = 0
        elif self.focus_index is not None:
            self.focus_index = min(self.focus_index, len(self.focus_order) - 1)
        self._show_focus()

    def _place_rows(self) -> None:
        """Row rects in the list box: as tall as fits (the list scrolls if even the smallest rows do not)."""
        n = len(self.entries)
        pad = self.px(10)
        box = self.list_box.inflate(-2 * pad, -2 * pad)
        row_h = max(self.px(34), min(self.px(50), box.h // max(1, n)))
        visible = max(1, box.h // row_h)
        if self.selected < self.first_row:
            self.first_row = self.selected
        elif self.selected >= self.first_row + visible:
            self.first_row = self.selected - visible + 1
        self.first_row = max(0, min(self.first_row, n - visible))
        self.rows = []
        for i in range(n):
            y = box.y + (i - self.first_row) * row_h
            self.rows.append(pygame.Rect(box.x, y, box.w, row_h - self.px(4)))
        self._visible = range(self.first_row, min(n, self.first_row + visible))

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click a row to choose it (double-click starts); ↑↓ choose rows; Enter starts; the wheel scrolls."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in self._visible:
                if self.rows[i].collidepoint(event.pos):
                    again = i == self.selected
                    self.select(i)
                    if again and getattr(event, "clicks", 1) >= 2:
                        self.start()
                    return True
        if event.type == pygame.MOUSEWHEEL and self.list_box.collidepoint(pygame.mouse.get_pos()):
            self.first_row = max(0, self.first_row - event.y)
            self._place_rows()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.focused
            if focused is not None and focused is not self.action_buttons.get("start"):
                return super().handle_event(event)
            self.start()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Title, the list of lessons, the chosen lesson's panel and the footer."""
        self.text.clear()
        super().draw_scene(surface)
        draw_panel(surface, self.list_box, radius=self.px(14))
        draw_panel(surface, self.detail, radius=self.px(14))
        clip = surface.get_clip()
        surface.set_clip(self.list_box.inflate(-self.px(6), -self.px(6)))
        for i in self._visible:
            self._draw_row(surface, i)
        surface.set_clip(clip)
        self._draw_detail(surface)
        note = self.note
        if not note:
            due = len(self.progress.due())
            note = self.app.tr("lessons.review_due", n=due) if due else self.app.tr("lessons.keys")
        self.text.line(surface, note, self.footer_box, self.px(15), COLOURS.text_dim, align="center")

    def _draw_row(self, surface: pygame.Surface, i: int) -> None:
        """One lesson row: number, title, state; the chosen one framed in gold."""
        entry = self.entries[i]
        rect = self.rows[i]
        state = self.lesson_state(entry)
        fill = (24, 70, 47, 235) if i == self.selected else (14, 44, 29, 200)
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(8))
        if i == self.selected:
            pygame.draw.rect(surface, COLOURS.gold, rect, width=2, border_radius=self.px(8))
        pad = self.px(12)
        size = min(self.px(18), int(rect.h * 0.5))
        dim = state in ("locked", "broken")
        number = str(entry.lesson.order) if entry.lesson is not None else "!"
        num_box = pygame.Rect(rect.x + pad, rect.y, self.px(28), rect.h)
        self.text.line(surface, number, num_box, size, COLOURS.gold_dark if dim else COLOURS.gold, "bold")
        status = self.status_text(entry)
        status_w = min(self.app.fonts.size(status, self.px(14))[0] + 2, rect.w // 2)
        status_box = pygame.Rect(rect.right - pad - status_w, rect.y, status_w, rect.h)
        self.text.line(surface, status, status_box, self.px(14), STATUS_COLOURS[state], align="right")
        title = entry.lesson.title.render(self.app.lang) if entry.lesson is not None else entry.file
        title_box = pygame.Rect(
            num_box.right + self.px(6), rect.y, status_box.x - num_box.right - self.px(16), rect.h
        )
        self.text.line(surface, title, title_box, size, COLOURS.text_dim if dim else COLOURS.text)

    def _draw_detail(self, surface: pygame.Surface) -> None:
        """The chosen lesson: title, key idea, topics, prerequisites or the reason it cannot be played."""
        app = self.app
        box = self.detail_text
        entry = self.entry
        if entry is None:
            self.text.paragraph(surface, app.tr("lessons.none"), box, self.px(18), COLOURS.text)
            return
        if entry.lesson is None:
            head = pygame.Rect(box.x, box.y, box.w, self.px(40))
            self.text.line(surface, entry.file, head, self.px(26), COLOURS.ting, "bold")
            body = pygame.Rect(
                box.x, head.bottom + self.px(12), box.w, box.bottom - head.bottom - self.px(12)
            )
            self.text.paragraph(
                surface,
                player_error("lesson_broken", entry.error).text(app.lang),
                body,
                self.px(17),
                COLOURS.text,
            )
            return
        lesson = entry.lesson
        lang = app.lang
        head = pygame.Rect(box.x, box.y, box.w, self.px(40))
        self.text.line(surface, lesson.title.render(lang), head, self.px(28), COLOURS.gold, "bold")
        sub = pygame.Rect(box.x, head.bottom + self.px(2), box.w, self.px(24))
        self.text.line(
            surface,
            self.status_text(entry) + "  ·  " + app.tr("lessons.steps", n=len(lesson.steps)),
            sub,
            self.px(15),
            COLOURS.text_dim,
        )
        lines = [lesson.idea.render(lang)]
        words = [term(t, lang) for t in lesson.topics if t in TERMS]
        if words:
            lines.append(app.tr("lessons.topics", words=("、" if lang == "zh" else ", ").join(words)))
        sep = "、" if lang == "zh" else ", "
        if self.lesson_state(entry) == "locked":
            missing = [
                r for r in lesson.requires if self.progress.lesson(r).status not in ("done", "skipped")
            ]
            lines.append(app.tr("lessons.locked_reason", names=sep.join(self.title_of(r) for r in missing)))
        elif lesson.requires:
            lines.append(
                app.tr("lessons.requires", names=sep.join(self.title_of(r) for r in lesson.requires))
            )
        following = next_lesson(lesson, self.entries)
        if following is not None:
            lines.append(app.tr("lessons.next", name=following.title.render(lang)))
        body = pygame.Rect(box.x, sub.bottom + self.px(14), box.w, box.bottom - sub.bottom - self.px(14))
        self.text.paragraph(surface, "\n".join(lines), body, self.px(18), COLOURS.text)


__all__ = ["LessonListScene"]
