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
move. Buttons and keys: Continue (Enter), Show me (S), Undo (U), Back one step
(Backspace), Restart (R), Skip step (N), the explaining lesson (L); at the end the
practice hand (1, a fixed deal, undo allowed), the lesson's drills (2), the next
lesson (3 or Enter) and the list (4). Tab / Shift-Tab move a ring over the buttons,
Enter or Space press the ringed one; Enter with nothing to do says how to pick a
tile. The note sits in the coach panel and the spotlight stays lit beside it; a
banner moves off the wall count, the 宝 and the lit things. How far the person got
is reported to ``on_progress`` (saved at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.actions import Refusal
from game.table.lesson import NOT_THIS_STEP, LessonDriver
from game.tutorial.lesson import PERSON, Lesson
from game.tutorial.progress import Status
from game.tutorial.runner import LessonRunner, Outcome
from game.tutorial.text import Text
from game.ui.kit.textfit import TextLog, fit_label
from game.ui.kit.theme import COLOURS, RGB
from game.ui.lessons.coach_panel import CoachLayout, CoachPanel, coach_layout
from game.ui.lessons.coach_text import coach_markup, plain_markup
from game.ui.lessons.links import LessonLinks
from game.ui.lessons.spotlight import clear_of, draw_spotlights, lit_rects
from game.ui.table.layout import TableLayout
from game.ui.table.motion import Banner
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
BUTTON_KEYS: Final = {pygame.K_s: "hint", pygame.K_r: "restart", pygame.K_n: "skip"}
"""Keys of the coach's buttons (Continue is Enter, Undo U, Back one step Backspace, the lesson link L)."""
DONE_KEYS: Final = {pygame.K_1: "practice_hand", pygame.K_2: "drills", pygame.K_3: "next", pygame.K_4: "list"}
"""Keys of the end-of-lesson buttons (the digits pick a call's way only while a call is chosen)."""


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

    def say(self, text: str, tiles: tuple[int, ...] = (), colour: RGB = COLOURS.ting) -> None:
        """A plain message goes to the coach panel too: the lesson's left column has no message box, so
        "You can win: H to win, or Space to pass" (Enter at a win) was never seen."""
        super().say(text, tiles, colour)
        self.scene.note = Note(plain_markup(text), "hint")

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        """A banner (换宝, 自摸 ...) never covers what the step points at, the wall count or the 宝: it moves
        above or below them."""
        rect = self._banner_image(banner).get_rect(center=banner.centre)
        place = clear_of(rect, self.scene.keep_clear(), pygame.Rect((0, 0), self.scene.layout.size))
        super().draw_banner(surface, banner if place == rect else replace(banner, centre=place.center))


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
        self.focus: str | None = None
        """The coach button with keyboard focus (Tab / Shift-Tab), pressed by Enter or Space."""

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
        if event.type == pygame.KEYDOWN and not self.animator.busy and self.coach_key(event):
            return True
        if event.type == pygame.KEYDOWN and not self.animator.busy:
            prompt = self.runner.prompt().kind
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and prompt == "continue":
                self.proceed()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.discard_win_step():
                index = self.controls.selected
                drawn = self.shown.drawn
                if index is None and drawn is not None:
                    index = self.frame.index_of(drawn)
                if index is not None:  # the step's known mistake "discard the winning draw", by keyboard
                    self.controls.click_tile(index)
                    return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.nothing_to_enter():
                self.note = Note(plain_markup(tr("lesson.enter_nothing", self.app.lang)), "hint")
                self.app.sound.play("ui")
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

    # ------------------------------------------------------------------ keys and focus
    def usable(self) -> list[str]:
        """The coach buttons shown and enabled now, in reading order (the Tab order)."""
        order = [k for row in (DONE_BUTTONS if self.finished and not self.practice else BUTTONS) for k in row]
        buttons = self.lesson_buttons
        keys = [k for k in [*order, "link"] if k in buttons and buttons[k].visible and buttons[k].is_enabled]
        return list(dict.fromkeys(keys))

    def press(self, key: str) -> bool:
        """Press a coach button by its key, if it is shown and enabled; False if not."""
        if key not in self.usable():
            return False
        self.app.sound.play("ui")
        self.actions_of()[key]()
        return True

    def coach_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift-Tab move the focus over the coach's buttons, Enter or Space press the focused one;
        S, R, N (and at the end 1-4, Enter: the next lesson) press theirs."""
        usable = self.usable()
        if event.key == pygame.K_TAB and usable:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            at = usable.index(self.focus) if self.focus in usable else (-1 if step > 0 else 0)
            self.focus = usable[(at + step) % len(usable)]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            if self.focus in usable:
                return self.press(self.focus)
            self.focus = None
        if self.controls.mode in ("choose", "zhidui"):
            return False
        if event.key == pygame.K_t and self.controls.mode == "ting" and self.controls.must_ting:
            return self.plain_discard_mistake()
        done = self.finished and not self.practice
        wanted = (DONE_KEYS if done else {}).get(event.key) or BUTTON_KEYS.get(event.key)
        if wanted is not None:
            return self.press(wanted)
        if done and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("next") or self.press("list")
        return False

    def plain_discard_mistake(self) -> bool:
        """T in the 听 mode a call to ready forces: the person tries to discard without declaring. The
        step's known mistake for that (a plain discard the engine refuses) is made, so its note is shown
        (the table alone would keep the mode and say nothing); False if the step knows no such mistake."""
        current = self.runner.step
        if current is None or self.runner.prompt().kind != "move":
            return False
        game = self.runner.game
        for mistake in current.mistakes:
            if mistake.refusal != "must_declare_ting":
                continue
            action = mistake.on.to_action(game.state, PERSON, game.legal_actions(PERSON))
            if isinstance(action, str):
                continue
            refusal = self.lesson_driver.submit(action)
            if refusal is not None:
                self.overlays.why_not(refusal)
            return True
        return False

    def discard_win_step(self) -> bool:
        """The step knows the mistake of throwing a winning draw away, and a win is offered: Enter on a tile
        makes that mistake (the table's Enter would only point at the win), so the keyboard reaches it."""
        current = self.runner.step
        if current is None or self.runner.prompt().kind != "move" or self.controls.mode != "normal":
            return False
        knows = any(m.on.text.startswith("discard") for m in current.mistakes)
        hu = self.controls.bar.buttons.get("hu")
        return knows and hu is not None and hu.visible and hu.is_enabled

    def nothing_to_enter(self) -> bool:
        """Enter would do nothing: the person's move is asked, no tile is selected and none was just drawn
        (the dealer's first turn), and no call is offered."""
        if self.runner.prompt().kind not in ("move", "free") or self.controls.mode != "normal":
            return False
        seen = self.shown
        drawn = seen.drawn is not None and seen.turn == seen.seat
        offered = any(b.is_enabled for b in self.controls.bar.buttons.values() if b.visible)
        return self.controls.selected is None and not drawn and not offered

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A gold ring round the coach button with the keyboard focus."""
        button = self.lesson_buttons.get(self.focus) if self.focus is not None else None
        if button is not None and button.visible and self.focus in self.usable():
            ring = button.rect.inflate(self.px(6), self.px(6))
            pygame.draw.rect(surface, COLOURS.turn, ring, width=max(2, self.px(3)), border_radius=self.px(6))

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
        if self.note_rect.h:  # the note takes the bottom of the words' box
            body = area.body.copy()
            body.h = max(0, self.note_rect.y - self.px(8) - body.y)
            area = replace(area, body=body)
        self.coach.draw(surface, area, self.lesson.title.render(lang), line, markup, self.scale)
        self.draw_note(surface)

    def current_note(self) -> Note | None:
        """The note to show: the lesson's own trouble first (broken, or the hand ended short of the goal)."""
        lang = self.app.lang
        if self.runner.error is not None:
            return Note(plain_markup(tr("lesson.broken", lang)), "refused")
        if self.runner.prompt().kind == "stuck":
            return Note(plain_markup(tr("lesson.stuck", lang)), "refused")
        return self.note

    def place_note(self) -> None:
        """Size the note's panel at the bottom of the coach's words (never over the table) and put its lesson
        button in it; the coach's words keep the rest of the column."""
        note = self.current_note()
        link = self.lesson_buttons.get("link")
        if note is None:
            self.note_rect = pygame.Rect(0, 0, 0, 0)
            return
        body = self.coach_area.body
        extra = link.rect.h + self.px(8) if link is not None and note.lesson is not None else 0
        most = max(self.px(60), int(body.h * 0.62))
        rect, _ = self.coach.note_rect(note.markup, body.w, most, self.scale, extra)
        rect.bottomleft = body.bottomleft
        self.note_rect = rect
        if link is not None and extra:
            pad = self.px(12)
            width = min(link.rect.w, rect.w - 2 * pad)
            link.set_dimensions((width, link.rect.h))
            link.set_relative_position((rect.right - pad - width, rect.bottom - pad - link.rect.h))

    def draw_note(self, surface: pygame.Surface) -> None:
        """The note on the last move, in the coach panel below the coach's words."""
        note = self.current_note()
        if note is not None and self.note_rect.w:
            extra = self.lesson_buttons["link"].rect.h + self.px(8) if note.lesson is not None else 0
            colour = NOTE_COLOURS.get(note.kind, COLOURS.ting)
            self.coach.draw_note(surface, self.note_rect, note.markup, colour, self.scale, extra)

    def moving(self) -> bool:
        """A lesson is always drawn: its spotlights glow (the table rests only in play)."""
        return True

    def lit_now(self) -> list[pygame.Rect]:
        """Screen rects of what the step lights now (empty while something moves)."""
        if self.busy:
            return []
        lit = self.runner.lit()
        if not (lit.tiles or lit.buttons or lit.regions):
            return []
        buttons = {name: b.rect for name, b in self.controls.bar.buttons.items()}
        return lit_rects(lit, self.layout, self.frame, self.shown, buttons)

    def keep_clear(self) -> list[pygame.Rect]:
        """What no banner or label may cover: the step's lit things, the wall count, the 宝 (old ones too)."""
        layout = self.layout
        size = layout.count_size
        count = pygame.Rect(0, 0, size * 4, round(size * 1.4))
        count.center = layout.count_centre
        tiles = [s.rect for s in ([layout.bao] if layout.bao is not None else []) + list(layout.old_bao)]
        return [*self.lit_now(), count, *tiles]

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """What the step points at, lit over a dimmed table (not while something moves; kept lit while a note
        answers a mistake, when the learner needs it most), then the table's."""
        rects = self.lit_now()
        if rects:
            draw_spotlights(surface, rects, self.clock, keep=[self.coach_area.panel], pad=self.px(5))
        super().draw_overlay(surface)
        self.draw_focus(surface)


__all__ = ["LessonScene"]
