"""A lesson at the table: the real table scene driven by the lesson runner, with the coach and spotlights.

:class:`LessonScene` is the :class:`~game.ui.table.scene.TableScene` with a
:class:`~game.table.lesson.LessonDriver` behind it: the same picture, animations,
claim bar and why-nots. The left column is the coach's (:mod:`game.ui.lessons.coach_panel`):
the lesson's title, "step i of n", the coach's words with tiles drawn inline, and a
note on the person's last move — the engine's why-not with the coach's line, or a
known mistake's explanation — with a button to the lesson that explains a refusal.
What the step points at (a tile, a meld, a button, a region) is lit and the rest of
the table dimmed (:mod:`game.ui.lessons.spotlight`).

Every move but the step's is answered and not played; free play takes any legal
move. Buttons and keys: Continue (Enter), Show me, Undo (U), Back one step
(Backspace), Restart, Skip step, the explaining lesson (L); at the end the
practice hand (a fixed deal, undo allowed), the lesson's drills and the next
lesson. How far the person got is reported to ``on_progress`` (saved at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.actions import Refusal
from game.table.lesson import NOT_THIS_STEP, LessonDriver
from game.tutorial.lesson import Lesson
from game.tutorial.progress import Status
from game.tutorial.runner import LessonRunner, Outcome
from game.tutorial.text import Text
from game.ui.kit.textfit import TextLog, fit_label
from game.ui.kit.theme import COLOURS, RGB
from game.ui.lessons.coach_panel import CoachLayout, CoachPanel, coach_layout
from game.ui.lessons.coach_text import coach_markup, plain_markup
from game.ui.lessons.links import LessonLinks
from game.ui.lessons.spotlight import draw_spotlights, lit_rects
from game.ui.table.layout import TableLayout
from game.ui.table.overlays import Overlays
from game.ui.table.panels import Panels
from game.ui.table.scene import TableScene
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

ProgressHook = Callable[[str, Status, int], None]
NOTE_COLOURS: Final[dict[str, RGB]] = {
    "refused": COLOURS.ting,
    "mistake": (240, 170, 70),
    "unexpected": (240, 170, 70),
    "hint": (90, 200, 255),
    "done": (96, 200, 120),
}
BUTTONS: Final = (("continue", "hint"), ("undo", "back"), ("restart", "skip"))
"""The coach panel's buttons, row by row."""
DONE_BUTTONS: Final = (("practice_hand", "drills"), ("next", "list"), ("restart", "skip"))
"""The same places once the lesson is over (a button in both keeps its place)."""


@dataclass(frozen=True)
class Note:
    """What the coach says about the person's last move: its words (markup), its kind, the lesson to read."""

    markup: str
    kind: str
    lesson: Lesson | None = None


class LessonOverlays(Overlays):
    """A why-not in a lesson goes to the coach: the lesson's answer to the move, in the coach panel."""

    scene: LessonScene

    def why_not(self, refusal: Refusal) -> None:
        """Ask the lesson about a refused move (unless it has just answered it) and show its answer."""
        scene = self.scene
        outcome = scene.lesson_driver.outcome
        if outcome is None or (outcome.refusal is not refusal and refusal.code != NOT_THIS_STEP):
            outcome = scene.lesson_driver.answer_refusal(refusal)
        if outcome.kind == "not_waiting":
            super().why_not(refusal)
            return
        scene.show_outcome(outcome)
        scene.app.sound.play("ui")


class LessonPanels(Panels):
    """The left column is the coach's."""

    scene: LessonScene

    def draw_info_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The coach panel in place of the match line, the 宝 panel and the tracker."""
        self.scene.draw_coach(surface)


class LessonScene(TableScene):
    """One lesson (or its practice hand) at the table, with the coach (see the module docstring)."""

    name = "lesson"
    overlays_type = LessonOverlays
    panels_type = LessonPanels
    tools_wanted = False  # no hint or tracker toggles: the coach is in the left column

    def __init__(
        self,
        app: SceneApp,
        lesson: Lesson,
        *,
        start_step: int = 0,
        practice: bool = False,
        on_progress: ProgressHook | None = None,
        links: LessonLinks | None = None,
    ) -> None:
        self.lesson = lesson
        self.practice = practice
        self.on_progress = on_progress
        self.links = links if links is not None else LessonLinks()
        self.lesson_driver = LessonDriver(lesson, self.links.links, practice=practice, start_step=start_step)
        super().__init__(app, self.lesson_driver)
        self.overlays.links = self.links
        self.coach_log = TextLog(app.fonts)
        self.coach = CoachPanel(app.fonts, app.tiles, self.coach_log)
        self.coach_area: CoachLayout = coach_layout(pygame.Rect(0, 0, 0, 0), 1.0, len(BUTTONS))
        self.said: Text | None = None
        """The coach's last words (kept while scripted moves play)."""
        self.note: Note | None = None
        self.lesson_buttons: dict[str, Any] = {}
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.seen_outcome: Outcome | None = None
        self.reported: tuple[Status, int] | None = None
        self.player_hints = 0
        """The player's hint level, put back when the lesson closes."""

    # ------------------------------------------------------------------ the lesson's state
    @property
    def runner(self) -> LessonRunner:
        """The lesson runner behind the table."""
        return self.lesson_driver.runner

    @property
    def finished(self) -> bool:
        """The lesson's last step is done (the practice hand: the hand is over)."""
        if self.practice:
            return self.lesson_driver.cursor.state.phase in ("round_over", "match_over")
        return self.runner.prompt().kind == "done"

    def show_outcome(self, outcome: Outcome) -> None:
        """Put the lesson's answer to the person's move in the coach panel (an accepted move clears it)."""
        lang = self.app.lang
        if outcome.kind == "accepted":
            self.note = None
            return
        parts = []
        if outcome.refusal is not None and outcome.refusal.code != NOT_THIS_STEP:
            why = self.refusal_text(outcome.refusal)
            parts.append(plain_markup(why[:1].upper() + why[1:] + ("。" if lang == "zh" else ".")))
        if outcome.coach is not None:
            words = coach_markup(outcome.coach, lang)
            if not parts or words.strip("。. ").lower() != parts[0].strip("。. ").lower():
                parts.append(words)
        link = self.links.lesson(outcome.lesson)
        if link is not None and link.id == self.lesson.id:
            link = None
        kind = (
            "refused"
            if outcome.kind == "refused"
            else "mistake"
            if outcome.kind == "mistake"
            else "unexpected"
        )
        self.note = Note("\n\n".join(parts), kind, link) if parts else None
        self.update_lesson_buttons()

    def report(self) -> None:
        """Tell ``on_progress`` how far the lesson got when that changed (not for the practice hand)."""
        if self.on_progress is None or self.practice:
            return
        progress = self.runner.progress()
        state: tuple[Status, int] = (
            ("done", progress.total)
            if progress.done and not self.runner.error
            else (
                "started",
                progress.index,
            )
        )
        if state != self.reported:
            self.reported = state
            self.on_progress(self.lesson.id, *state)

    # ------------------------------------------------------------------ the coach's buttons
    def proceed(self) -> None:
        """Continue: the person read the coach's words."""
        if self.lesson_driver.proceed():
            self.note = None

    def show_hint(self) -> None:
        """Show me: the step's move in words."""
        hint = self.runner.hint()
        if hint is not None:
            self.note = Note(coach_markup(hint, self.app.lang), "hint")
            self.update_lesson_buttons()

    def undo(self) -> None:
        """Take back the last move."""
        if self.lesson_driver.undo():
            self.note = None

    def back(self) -> None:
        """Back to the previous step that asked something of the person."""
        if self.lesson_driver.back():
            self.note = None

    def restart(self) -> None:
        """The lesson (or the practice hand) from the start."""
        self.lesson_driver.restart()
        self.note = None
        self.result_at = None

    def skip(self) -> None:
        """The coach makes this step's move."""
        self.lesson_driver.skip_step()
        self.note = None

    def open_link(self) -> None:
        """Open the lesson that explains the last refusal (over this one; Esc comes back)."""
        if self.note is not None and self.note.lesson is not None:
            self.app.nav.lesson(self.note.lesson, on_progress=self.on_progress, links=self.links)

    def practice_hand(self) -> None:
        """The practice hand after the lesson, in place of it."""
        self.app.nav.lesson(
            self.lesson, practice=True, on_progress=self.on_progress, links=self.links, replace=True
        )

    def drills(self) -> None:
        """The lesson's drills."""
        self.app.nav.drills(self.lesson.drills or None)

    def next_lesson(self) -> None:
        """The lesson after this one, in place of it."""
        following = self.links.next_lesson(self.lesson)
        if following is not None:
            self.app.nav.lesson(following, on_progress=self.on_progress, links=self.links, replace=True)

    def to_list(self) -> None:
        """Back to the lesson list."""
        self.leave()

    def actions_of(self) -> dict[str, Callable[[], None]]:
        """What each coach button does."""
        return {
            "link": self.open_link,
            "continue": self.restart if self.practice else self.proceed,
            "hint": self.show_hint,
            "undo": self.undo,
            "back": self.back,
            "restart": self.restart,
            "skip": self.skip,
            "practice_hand": self.practice_hand,
            "drills": self.drills,
            "next": self.next_lesson,
            "list": self.to_list,
        }

    def ask_leave(self) -> None:
        """Esc: leave the lesson for the list (the step reached is kept), or stay."""
        app = self.app
        app.nav.ask(
            tr("lesson.leave_title", app.lang),
            tr("lesson.leave_body", app.lang),
            [(tr("lesson.leave", app.lang), self.leave), (tr("dialog.cancel", app.lang), None)],
            width=520,
        )

    # ------------------------------------------------------------------ building
    def build_ui(self) -> None:
        """The table's claim bar; in the left column the coach panel and its buttons."""
        super().build_ui()
        area = self.layout.info_area
        self.coach_area = coach_layout(area, self.scale, len(BUTTONS))
        self.lesson_buttons = {}
        box = self.coach_area.buttons
        gap = max(4, self.px(6))
        rows = len(BUTTONS)
        bh = (box.h - gap * (rows - 1)) // rows
        for r, (row, done_row) in enumerate(zip(BUTTONS, DONE_BUTTONS, strict=True)):
            y = box.y + r * (bh + gap)
            for keys in {row, done_row}:
                bw = (box.w - gap * (len(keys) - 1)) // len(keys)
                for c, key in enumerate(keys):
                    if key in self.lesson_buttons:
                        continue
                    rect = pygame.Rect(box.x + c * (bw + gap), y, bw, bh)
                    self.lesson_buttons[key] = self._coach_button(rect, key)
        link = pygame.Rect(0, 0, self.px(300), bh)
        self.lesson_buttons["link"] = self._coach_button(link, "link")
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.update_lesson_buttons()

    def _coach_button(self, rect: pygame.Rect, key: str) -> Any:
        return pygame_gui.elements.UIButton(
            rect, "", self.manager, object_id=ObjectID(object_id=f"#lesson_{key}", class_id="@tool")
        )

    def _label(self, key: str) -> str:
        """A coach button's words (fitted to its width)."""
        lang = self.app.lang
        if key == "link":
            title = self.note.lesson.title.render(lang) if self.note and self.note.lesson else ""
            width = self.lesson_buttons["link"].rect.w
            labels = (tr("lesson.link", lang, title=title), tr("lesson.link_short", lang))
            return fit_label(self.app.fonts, self.scale, labels, "@tool", width)
        if key == "continue" and self.practice:
            return tr("lesson.practice_again", lang)
        button = self.lesson_buttons[key]
        labels = (tr(f"lesson.{key}", lang), tr(f"lesson.{key}_short", lang))
        return fit_label(self.app.fonts, self.scale, labels, "@tool", button.rect.w)

    def update_lesson_buttons(self) -> None:
        """Show the buttons of this moment (the lesson's, or those after it); grey what cannot be done."""
        if not self.lesson_buttons:
            return
        done = self.finished and not self.practice
        shown = {k for row in (DONE_BUTTONS if done else BUTTONS) for k in row} | {"link"}
        prompt = self.runner.prompt().kind
        enabled = {
            "link": self.note is not None and self.note.lesson is not None,
            "continue": prompt == "continue",
            "hint": self.runner.hint() is not None,
            "undo": prompt in ("move", "free", "stuck"),
            "back": not self.practice and self.runner.progress().index > 0,
            "restart": True,
            "skip": not self.practice and prompt not in ("done", "broken"),
            "practice_hand": True,
            "drills": bool(self.lesson.drills),
            "next": self.links.next_lesson(self.lesson) is not None,
            "list": True,
        }
        if self.practice:
            enabled["continue"] = self.finished
            enabled["back"] = False
        if not enabled["link"]:
            shown.discard("link")
        for key, button in self.lesson_buttons.items():
            if key in shown and not button.visible:
                button.show()
            elif key not in shown and button.visible:
                button.hide()
            label = self._label(key) if key in shown else ""
            if key in shown and button.text != label:
                button.set_text(label)
            if enabled.get(key) and not button.is_enabled:
                button.enable()
            elif not enabled.get(key) and button.is_enabled:
                button.disable()

    # ------------------------------------------------------------------ the loop
    def enter(self) -> None:
        """The coach alone points at moves: the AI's hints are off while the lesson is open (not saved)."""
        self.player_hints = self.app.settings.hints
        if self.player_hints:
            self.app.update_settings(save=False, hints=0)
        super().enter()

    def exit(self) -> None:
        """Leaving: the player's hint level comes back."""
        super().exit()
        if self.player_hints and self.app.settings.hints == 0:
            self.app.update_settings(save=False, hints=self.player_hints)

    def update(self, dt: float) -> None:
        """The table's frame; then the coach's words, the buttons and the progress follow the lesson."""
        super().update(dt)
        outcome = self.lesson_driver.outcome
        if outcome is not self.seen_outcome:
            self.seen_outcome = outcome
            if outcome is not None and outcome.kind == "accepted":
                self.note = None
        said = self.runner.coach()
        if said is not None:
            self.said = said
        self.update_lesson_buttons()
        self.place_note()
        self.report()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The coach's buttons and keys first, then the table's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.lesson_buttons.items():
                if event.ui_element is button:
                    self.app.sound.play("ui")
                    self.actions_of()[key]()
                    return True
        if event.type == pygame.MOUSEWHEEL and self.coach_area.panel.collidepoint(pygame.mouse.get_pos()):
            self.coach.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.coach.scroll(3 if event.key == pygame.K_PAGEDOWN else -3)
            return True
        if event.type == pygame.KEYDOWN and not self.animator.busy:
            prompt = self.runner.prompt().kind
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and prompt == "continue":
                self.proceed()
                return True
            if event.key == pygame.K_u:
                self.undo()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.back()
                return True
            if event.key == pygame.K_l:
                self.open_link()
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw_coach(self, surface: pygame.Surface) -> None:
        """The coach panel: title, the step, and the coach's words (the key idea again at the end)."""
        self.coach_log.clear()
        area = self.coach_area
        if area.panel.h < self.px(60):
            return
        lang = self.app.lang
        progress = self.runner.progress()
        if self.practice:
            line = tr("lesson.practice", lang)
        elif progress.done:
            line = tr("lesson.done", lang)
        else:
            line = tr("lesson.step", lang, step=min(progress.index + 1, progress.total), total=progress.total)
            if progress.part is not None:
                line += tr("lesson.in_part", lang)
        words = self.lesson.idea if self.finished and not self.practice else self.said
        markup = coach_markup(words, lang) if words is not None else ""
        self.coach.draw(surface, area, self.lesson.title.render(lang), line, markup, self.scale)

    def current_note(self) -> Note | None:
        """The note to show: the lesson's own trouble first (broken, or the hand ended short of the goal)."""
        lang = self.app.lang
        if self.runner.error is not None:
            return Note(plain_markup(tr("lesson.broken", lang)), "refused")
        if self.runner.prompt().kind == "stuck":
            return Note(plain_markup(tr("lesson.stuck", lang)), "refused")
        return self.note

    def place_note(self) -> None:
        """Size the note's panel over the hand (between the side columns) and put its lesson button in it."""
        note = self.current_note()
        link = self.lesson_buttons.get("link")
        if note is None:
            self.note_rect = pygame.Rect(0, 0, 0, 0)
            return
        layout = self.layout
        left, right = layout.info_area.right, layout.action_area.x
        gap = self.px(14)
        width = min(self.px(700), right - left - 2 * gap)
        hand_top = min((s.rect.top for s in layout.seats[0].hand), default=layout.size[1]) - layout.lift
        extra = link.rect.h + self.px(8) if link is not None and note.lesson is not None else 0
        rect, _ = self.coach.note_rect(note.markup, width, int(layout.size[1] * 0.42), self.scale, extra)
        rect.midbottom = ((left + right) // 2, hand_top - self.px(8))
        self.note_rect = rect
        if link is not None and extra:
            pad = self.px(12)
            width = min(link.rect.w, rect.w - 2 * pad)
            link.set_dimensions((width, link.rect.h))
            link.set_relative_position((rect.right - pad - width, rect.bottom - pad - link.rect.h))

    def draw_scene(self, surface: pygame.Surface) -> None:
        """The table (with the coach panel in its left column), then the note on the last move."""
        super().draw_scene(surface)
        note = self.current_note()
        if note is not None and self.note_rect.w:
            extra = self.lesson_buttons["link"].rect.h + self.px(8) if note.lesson is not None else 0
            colour = NOTE_COLOURS.get(note.kind, COLOURS.ting)
            self.coach.draw_note(surface, self.note_rect, note.markup, colour, self.scale, extra)

    def moving(self) -> bool:
        """A lesson is always drawn: its spotlights glow (the table rests only in play)."""
        return True

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What the step points at, lit over a dimmed table (not while something moves), then the table's."""
        if not self.busy and self.current_note() is None:
            lit = self.runner.lit()
            if lit.tiles or lit.buttons or lit.regions:
                buttons = {name: b.rect for name, b in self.controls.bar.buttons.items()}
                rects = lit_rects(lit, self.layout, self.frame, self.shown, buttons)
                draw_spotlights(surface, rects, self.clock, keep=[self.coach_area.panel], pad=self.px(5))
        super().draw_overlay(surface)


__all__ = ["LessonScene"]
