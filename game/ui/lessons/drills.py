"""Drills: engine-made practice questions, answered with controls that fit each kind, marked by the engine.

The screen shows a question (its tiles drawn as tiles), the answer controls of its
kind (:mod:`game.ui.words.drill_answers`), and after an answer the engine's verdict with
the explanation. Missed questions come back later (:class:`game.tutorial.drill_queue.DrillQueue`);
the answers are saved with the player's progress. Opened from the lesson list, for
one lesson's kinds or for all five (then a bar chooses the kind).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.core.tiles import kind_code, parse_kinds
from game.seats import seat_word
from game.tutorial.drill_queue import DrillQueue
from game.tutorial.drill_words import DRILL_PERSON
from game.tutorial.drills import Grade, grade
from game.tutorial.files import DRILL_KINDS
from game.tutorial.progress import Progress, load_progress
from game.tutorial.responses import collected, discard_response, payment_response
from game.tutorial.text import tiles_text
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.textfit import TextLog, fit_label
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel
from game.ui.lessons.drill_board import Board, board_rows, drill_footer
from game.ui.lessons.progress_store import open_queue, store, tick_queue
from game.ui.words.drill_answers import (
    Choice,
    answer_words,
    choices,
    right_choices,
    seat_roles,
)

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

SEATS = ("E", "S", "W", "N")
RIGHT_COLOUR = (96, 200, 120)
WRONG_COLOUR = COLOURS.ting
MAX_PAY = 999


class DrillScene(MenuScene):
    """Questions of some drill kinds, one at a time; the engine marks each answer and explains it."""

    name = "drills"
    title_key = "drills.title"
    design_size = (1200, 720)

    def __init__(
        self,
        app: SceneApp,
        kinds: Sequence[str] = DRILL_KINDS,
        seed: int | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.all_kinds = tuple(kinds)
        self.filter = "all"
        self.seed = random.randrange(1, 10**6) if seed is None else seed
        self.on_close = on_close
        loaded = load_progress(app.paths)
        self.progress: Progress = loaded.progress
        self.queue = DrillQueue(self.all_kinds, self.seed, self.progress)
        self.text = TextLog(app.fonts)
        self.note = ""
        self.drill: dict[str, Any] = {}
        self.review = False
        self.result: Grade | None = None
        self.options: list[Choice] = []
        self.chosen: int | None = None
        self.picked: set[int] = set()
        self.focus_tile = 0
        self.pays: dict[str, int] = {}
        self.entries: dict[str, Any] = {}
        self.choice_buttons: dict[int, Any] = {}
        """The answer buttons by choice number (after a 听 answer only the chosen and right ones)."""
        self.kind_buttons: dict[str, Any] = {}
        self.mine_button: Any = None
        """The kind bar's "your mistakes" button (None without a bar)."""
        self.question_widgets: list[Any] = []
        """The widgets of the question shown (made again for each question and after an answer)."""
        self.check_button: Any = None
        self.next_button: Any = None
        self.board: Board | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.question_box = pygame.Rect(0, 0, 0, 0)
        self.answer_box = pygame.Rect(0, 0, 0, 0)
        self.help_box = pygame.Rect(0, 0, 0, 0)
        self.feedback_box = pygame.Rect(0, 0, 0, 0)
        self.role_boxes: dict[str, pygame.Rect] = {}
        self.footer_box = pygame.Rect(0, 0, 0, 0)
        self.ask_next()

    # ------------------------------------------------------------- the questions
    def ask_next(self) -> None:
        """Put the next question (a due review first) and clear the last answer."""
        asked = self.queue.next()
        self.drill, self.review = asked.drill, asked.review
        self.result = None
        self.chosen = None
        self.picked = set()
        self.focus_tile = 0
        self.pays = {s: 0 for s in SEATS}
        if self.manager is not None:
            self._build_question()

    def set_filter(self, kind: str) -> None:
        """Practise one kind (or ``all``): a new session queue over those kinds, and a new question."""
        self.filter = kind
        kinds = self.all_kinds if kind == "all" else (kind,)
        self.queue = DrillQueue(kinds, self.seed, self.progress)
        self.ask_next()

    def answer(self, response: dict[str, Any], chosen: int | None = None) -> Grade:
        """Mark a response with the engine, record it and save the progress."""
        result = grade(self.drill, response)
        self.result = result
        self.chosen = chosen
        self.progress = self.queue.record(self.drill, result.correct)
        saved, ticked = store(self.app, self.progress), tick_queue(self.app)
        self.note = saved or ticked
        if self.mine_button is not None:  # a missed mistake may be due again now
            self.mine_button.set_text(self.mine_label(self.mine_button.rect.w))
        self._build_question()
        return result

    def choose(self, index: int) -> None:
        """Answer with one of the choice buttons."""
        if self.result is None and 0 <= index < len(self.options):
            self.answer(dict(self.options[index].response), index)

    def check(self) -> None:
        """Answer a pick-the-tiles or payment drill with what is entered."""
        if self.result is not None:
            return
        if self.drill["kind"] == "discard":
            self.answer(discard_response(self.drill, sorted(self.picked)))
        elif self.drill["kind"] == "payment":
            self.read_entries()
            self.answer(payment_response(self.drill, self.pays))

    def toggle(self, index: int) -> None:
        """Pick or unpick a hand tile's kind (the discard drill): one copy of a kind is lifted at most."""
        if self.result is not None:
            return
        hand = parse_kinds(str(self.drill["tiles"]))
        same = {i for i in self.picked if hand[i] == hand[index]}
        self.picked = self.picked - same if same else self.picked | {index}
        self.focus_tile = index

    def step_pay(self, seat: str, delta: int) -> None:
        """Change what a loser pays by one (the − and + buttons)."""
        self.read_entries()
        self.pays[seat] = max(0, min(MAX_PAY, self.pays.get(seat, 0) + delta))
        entry = self.entries.get(seat)
        if entry is not None:
            entry.set_text(str(self.pays[seat]))

    def read_entries(self) -> None:
        """Take the typed amounts (an empty or unreadable field counts as 0)."""
        for seat, entry in self.entries.items():
            text = entry.get_text().strip()
            self.pays[seat] = min(MAX_PAY, int(text)) if text.isdigit() else 0

    def focus_next_entry(self, back: bool = False) -> None:
        """Tab: type into the next loser's amount (Shift+Tab: the previous one)."""
        entries = list(self.entries.values())
        current = next((i for i, e in enumerate(entries) if e.is_focused), -1 if not back else 0)
        target = entries[(current + (-1 if back else 1)) % len(entries)]
        self.manager.set_focus_set(target)

    def mine_label(self, width: int) -> str:
        """The "your mistakes" button's words: how many of them are due now."""
        app = self.app
        due = len(open_queue(app).due())
        labels = [app.tr("drills.kind.mine", n=due), app.tr("drills.kind.mine_short", n=due)]
        return fit_label(app.fonts, self.scale, labels, "#segment", width)

    def open_mistakes(self) -> None:
        """Your own mistakes (the queue the coach's review fills), on their own screen."""
        self.app.nav.mistake_drills(on_close=self.rebuild)

    def close(self) -> None:
        """Back to the lesson list."""
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def go_back(self) -> None:
        """Esc leaves the drills (the progress is already saved)."""
        self.app.sound.play("ui")
        self.close()

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """Kind bar, the panel, Back and Next; then the question's own parts (:meth:`_build_question`)."""
        app = self.app
        w, h = app.size
        pw = min(int(w * 0.95), self.px(1240))
        x0 = (w - pw) // 2
        top = self.px(98)
        self.kind_buttons = {}
        self.mine_button = None
        self.question_widgets = []
        if len(self.all_kinds) > 1:
            kinds = ["all", *self.all_kinds]
            gap = self.px(6)
            bw = (pw - gap * len(kinds)) // (len(kinds) + 1)
            for i, kind in enumerate(kinds):
                rect = pygame.Rect(x0 + i * (bw + gap), top, bw, self.px(34))
                btn = self.button(
                    rect, app.tr(f"drills.kind.{kind}"), self._filter(kind), class_id="@segment"
                )
                self.kind_buttons[kind] = btn
            mine = pygame.Rect(x0 + len(kinds) * (bw + gap), top, pw - len(kinds) * (bw + gap), self.px(34))
            self.mine_button = self.button(
                mine, self.mine_label(mine.w), self.open_mistakes, class_id="@segment", object_id="#mine"
            )
            top += self.px(46)
        bar = self.px(74)
        self.panel = pygame.Rect(x0, top, pw, h - top - bar)
        self.next_button, self.footer_box = drill_footer(self, self.panel, self.go_back, self.ask_next)
        self._build_question()

    def _build_question(self) -> None:
        """The question's parts: its text box, the tiles (left), the answer controls and the verdict's box.

        Only these widgets are made again for a new question or after an answer (a new UI manager
        costs a frame). A drill without tiles (who pays what) has its answer on the left.
        """
        for widget in self.question_widgets:
            widget.kill()
            self.actions.pop(widget, None)
            if widget in self.focus_order:
                self.focus_order.remove(widget)
        if self.focus_index is not None and self.focus_index >= len(self.focus_order):
            self.focus_index = None
        before = set(self.actions)
        app = self.app
        lang = app.lang
        for kind, btn in self.kind_buttons.items():
            if kind == self.filter and not btn.is_selected:
                btn.select()
            elif kind != self.filter and btn.is_selected:
                btn.unselect()
        pad = self.px(18)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        question = self.drill["question"][lang]
        q_h = min(self.text.wrapped_height(question, inner.w, self.px(18)), int(inner.h * 0.3))
        self.question_box = pygame.Rect(inner.x, inner.y, inner.w, q_h)
        below = pygame.Rect(inner.x, inner.y + q_h + self.px(16), inner.w, inner.h - q_h - self.px(16))
        left_w = int(below.w * 0.55)
        left = pygame.Rect(below.x, below.y, left_w, below.h)
        right = pygame.Rect(below.x + left_w + pad, below.y, below.w - left_w - pad, below.h)
        rows = board_rows(self.drill, lang)
        self.board = Board(rows, left, self.scale, self.px(50), app.fonts) if rows else None
        if self.board is None:
            self.answer_box = left
            self._build_answer(left)
            self.feedback_box = right
        else:
            self.answer_box = right
            y = self._build_answer(right)
            self.feedback_box = pygame.Rect(right.x, y + self.px(12), right.w, right.bottom - y - self.px(12))
        self.question_widgets = [w for w in self.actions if w not in before] + list(self.entries.values())
        if self.result is None:
            self.next_button.disable()
        else:
            self.next_button.enable()

    def _filter(self, kind: str) -> Callable[[], None]:
        return lambda: self.set_filter(kind)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose(index)

    def _stepper(self, seat: str, delta: int) -> Callable[[], None]:
        return lambda: self.step_pay(seat, delta)

    def _build_answer(self, box: pygame.Rect) -> int:
        """The answer controls of this drill's kind at the top of ``box``; returns the y below them."""
        app = self.app
        kind = self.drill["kind"]
        self.options = choices(self.drill, app.lang)
        self.choice_buttons, self.entries, self.role_boxes = {}, {}, {}
        self.check_button = None
        y = box.y
        bh, gap = self.px(36), self.px(6)
        help_key = {"discard": "drills.pick_discards", "payment": "drills.pay_help"}.get(kind)
        if kind == "bao" and self.drill.get("question_type") == "swap":
            help_key = "drills.pick_bao"
        self.help_box = pygame.Rect(box.x, y, box.w, 0)
        if help_key:
            text = app.tr(help_key)
            h = min(self.text.wrapped_height(text, box.w, self.px(16)), self.px(64))
            self.help_box = pygame.Rect(box.x, y, box.w, h)
            y += h + self.px(8)
        if self.options:
            per_row = 1 if kind == "ting" else 2
            if kind == "bao" and self.drill.get("question_type") == "swap":
                per_row = len(self.options)
            shown = list(range(len(self.options)))
            if self.result is not None and kind == "ting":  # answered: the chosen and the right ones stay
                right = right_choices(self.drill, self.options)
                shown = [i for i in shown if i in right or i == self.chosen]
            bw = (box.w - gap * (per_row - 1)) // per_row
            for n, i in enumerate(shown):
                r, c = divmod(n, per_row)
                rect = pygame.Rect(box.x + c * (bw + gap), y + r * (bh + gap), bw, bh)
                label = f"{i + 1}  {self.options[i].label}"
                btn = self.button(
                    rect, label, self._chooser(i), class_id="@segment", object_id=f"#choice_{i}"
                )
                if self.result is not None:
                    btn.disable()
                self.choice_buttons[i] = btn
            rows = (len(shown) + per_row - 1) // per_row
            return y + rows * (bh + gap) - gap
        if kind == "payment":
            y = self._build_payment(box, y, bh, gap)
        elif kind == "discard":
            self.role_boxes["selected"] = pygame.Rect(box.x, y, box.w, self.px(26))
            y += self.px(32)
        check = pygame.Rect(box.x, y, min(box.w, self.px(180)), bh)
        self.check_button = self.button(check, app.tr("drills.check"), self.check, object_id="#check")
        if self.result is not None:
            self.check_button.disable()
        return check.bottom

    def _build_payment(self, box: pygame.Rect, y: int, bh: int, gap: int) -> int:
        """One row per seat: name and tags, then − amount + for a loser, or the winner's total."""
        step_w = self.px(36)
        entry_w = self.px(64)
        controls = 2 * step_w + entry_w + 2 * gap
        for seat in SEATS:
            self.role_boxes[seat] = pygame.Rect(box.x, y, box.w - controls - gap, bh)
            if seat != self.drill["winner"]:
                x = box.right - controls
                minus = self.button(
                    pygame.Rect(x, y, step_w, bh), "−", self._stepper(seat, -1), focusable=False
                )
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x + step_w + gap, y, entry_w, bh),
                    self.manager,
                    object_id=f"#pay_{seat}",
                    placeholder_text="0",
                )
                entry.set_allowed_characters("numbers")
                entry.set_text_length_limit(3)
                if self.pays[seat]:
                    entry.set_text(str(self.pays[seat]))
                plus = self.button(
                    pygame.Rect(x + step_w + entry_w + 2 * gap, y, step_w, bh),
                    "+",
                    self._stepper(seat, 1),
                    focusable=False,
                )
                self.entries[seat] = entry
                if self.result is not None:
                    for widget in (minus, entry, plus):
                        widget.disable()
            else:
                self.role_boxes["gets"] = pygame.Rect(box.right - controls, y, controls, bh)
            y += bh + gap
        return y + gap

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Number keys answer, Enter checks or goes on; clicks on hand tiles pick them."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board is not None:
            index = self.board.pick_at(event.pos)
            if index is not None and self.drill["kind"] == "discard":
                self.toggle(index)
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.result is not None:
                    self.ask_next()
                else:
                    self.check()
                return True
            if self.result is None and pygame.K_1 <= event.key <= pygame.K_9 and self.options:
                self.choose(event.key - pygame.K_1)
                return True
            if event.key == pygame.K_TAB and self.entries and self.result is None:
                self.focus_next_entry(back=bool(event.mod & pygame.KMOD_SHIFT))
                return True
            if self.drill["kind"] == "discard" and self.board is not None and self.board.picks:
                n = len(self.board.picks)
                if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                    self.focus_tile = (self.focus_tile + (1 if event.key == pygame.K_RIGHT else -1)) % n
                    return True
                if event.key == pygame.K_SPACE:
                    self.toggle(self.focus_tile)
                    return True
        return super().handle_event(event)

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Title, the panel with the question, tiles, answer tags and the verdict, and the footer line."""
        self.text.clear()
        super().draw_scene(surface)
        app = self.app
        lang = app.lang
        draw_panel(surface, self.panel, radius=self.px(14))
        self.text.paragraph(
            surface, self.drill["question"][lang], self.question_box, self.px(18), COLOURS.text
        )
        if self.board is not None:
            marks: dict[int, tuple[int, int, int]] = {}
            if self.result is not None and self.drill["kind"] == "discard":
                marks = self._discard_marks()
            focus = self.focus_tile if self.drill["kind"] == "discard" and self.result is None else None
            self.board.draw(surface, app.tiles, self.text, picked=self.picked, marks=marks, focus=focus)
        if self.help_box.h:
            key = {"discard": "drills.pick_discards", "payment": "drills.pay_help"}.get(
                self.drill["kind"], "drills.pick_bao"
            )
            self.text.paragraph(surface, app.tr(key), self.help_box, self.px(16), COLOURS.text_dim)
        self._draw_tags(surface)
        self._draw_feedback(surface)
        self._draw_footer(surface)

    def _discard_marks(self) -> dict[int, tuple[int, int, int]]:
        """Hand tiles outlined after the answer: green if its discard allows 听, red if picked wrongly."""
        good = set(self.drill["answer"]["ting_discards"])
        out: dict[int, tuple[int, int, int]] = {}
        for i, kind in enumerate(parse_kinds(str(self.drill["tiles"]))):
            if kind_code(kind) in good:
                out[i] = RIGHT_COLOUR
            elif i in self.picked:
                out[i] = WRONG_COLOUR
        return out

    def _draw_tags(self, surface: pygame.Surface) -> None:
        """Seat names and tags of a payment drill; the tiles picked so far in the discard drill."""
        app = self.app
        size = self.px(16)
        if self.drill["kind"] == "payment":
            sep = "、" if app.lang == "zh" else ", "
            for seat in SEATS:
                box = self.role_boxes.get(seat)
                if box is None:
                    continue
                tags = seat_roles(self.drill, seat, app.lang)
                name = seat_word(SEATS.index(seat), DRILL_PERSON, app.lang, label=True)
                label = name
                if tags:
                    label += f"（{sep.join(tags)}）" if app.lang == "zh" else f" ({sep.join(tags)})"
                colour = COLOURS.gold if seat == self.drill["winner"] else COLOURS.text
                self.text.line(surface, label, box, size, colour)
            gets = self.role_boxes.get("gets")
            if gets is not None:
                self.read_entries()
                total = collected(self.drill, self.pays)
                self.text.line(
                    surface, app.tr("drills.gets", n=total), gets, size, COLOURS.gold, align="center"
                )
        elif self.drill["kind"] == "discard":
            box = self.role_boxes.get("selected")
            if box is not None:
                hand = parse_kinds(str(self.drill["tiles"]))
                kinds = sorted({hand[i] for i in self.picked})
                label = (
                    app.tr("drills.selected", tiles=tiles_text(kinds, app.lang))
                    if kinds
                    else app.tr("drills.selected_none")
                )
                self.text.line(surface, label, box, size, COLOURS.text_dim)

    def _draw_feedback(self, surface: pygame.Surface) -> None:
        """The verdict, the right answer after a miss, and the engine's explanation."""
        if self.result is None:
            return
        app = self.app
        box = self.feedback_box
        verdict_h = self.px(28)
        ok = self.result.correct
        verdict = app.tr("drills.right" if ok else "drills.wrong")
        if not ok:
            space = "" if app.lang == "zh" else " "
            verdict += space + app.tr("drills.answer_was", answer=answer_words(self.drill, app.lang))
        top = pygame.Rect(box.x, box.y, box.w, min(box.h, verdict_h * 2))
        colour = RIGHT_COLOUR if ok else WRONG_COLOUR
        used = self.text.paragraph(surface, verdict, top, self.px(19), colour, "bold")
        rest = pygame.Rect(box.x, box.y + used + self.px(8), box.w, box.h - used - self.px(8))
        body = self.result.explanation[app.lang]
        if not ok:
            body += "\n" + app.tr("drills.comes_back")
        if rest.h > 0:
            self.text.paragraph(surface, body, rest, self.px(16), COLOURS.text)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The session's score, the review queue, or a saving problem."""
        app = self.app
        parts = []
        if self.note:
            parts.append(self.note)
        else:
            if self.review:
                parts.append(app.tr("drills.review"))
            parts.append(app.tr("drills.score", right=self.queue.right, total=self.queue.total))
            waiting = self.queue.waiting()
            if waiting:
                parts.append(app.tr("drills.queue", n=waiting))
        self.text.line(
            surface, "  ·  ".join(parts), self.footer_box, self.px(15), COLOURS.text_dim, align="center"
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Outline the right answer's button (and a wrong choice) after answering, then the fade."""
        if self.result is not None and self.choice_buttons:
            marks = {i: RIGHT_COLOUR for i in right_choices(self.drill, self.options)}
            if self.chosen is not None and not self.result.correct:
                marks[self.chosen] = WRONG_COLOUR
            for i, colour in marks.items():
                if i in self.choice_buttons:
                    rect = self.choice_buttons[i].rect.inflate(4, 4)
                    pygame.draw.rect(surface, colour, rect, 3, border_radius=6)
        super().draw_overlay(surface)


__all__ = ["DrillScene"]
