"""Your own mistakes as drills: the costly decisions the coach's review queued after a match, asked again as
"what would you play here?" and graded against the reviewing level.

The screen shows the position from the seat's view (its hand and draw as tiles, its melds; the other
seats' melds and rivers smaller, who is ready, the 宝 if the seat saw it, the wall left), the seat's
legal choices as buttons (number keys, arrows/Tab and Enter, or the mouse) in tile order, never the
level's order; after an answer: right or wrong, every choice's value in points and the level's reason.
The queue (:class:`~game.tutorial.replay_queue.ReplayDrillQueue`) is saved after every answer; a missed
mistake comes back after the drills' review gaps. Opened from the drills screen's kind bar.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.core.tiles import parse_kinds
from game.glossary import Lang
from game.replay.move_text import move_words
from game.replay.notation import NotationError, parse_move
from game.seats import RELATIVE_KEYS, relative_word
from game.tutorial.replay_queue import QueuedDrill, ReplayDrillQueue
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.textfit import TextLog, fit_label
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel
from game.ui.lessons.drill_board import Board, Group, Row, drill_footer
from game.ui.lessons.progress_store import open_queue, save_queue
from game.ui.words.i18n import level_name

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

RIGHT_COLOUR = (96, 200, 120)
WRONG_COLOUR = COLOURS.ting
OTHERS = RELATIVE_KEYS[1:]
"""The other seats, from the one after the person's round the table."""


def seat_label(key: str, lang: Lang) -> str:
    """A seat named from the person (``you``/``xiajia``/…) as a label: 你/下家/对家/上家."""
    return relative_word(RELATIVE_KEYS.index(key), lang, label=True)


def _tile_order(action: str) -> tuple[int, int, str]:
    """Choices in the order of their tiles (calls, 胡 and 过 after the discards), never by their value."""
    try:
        move = parse_move(action)
    except NotationError:
        return (9, 0, action)
    rank = {"discard": 0, "chi": 1, "peng": 1, "gang": 2, "angang": 2, "jiagang": 2, "hu": 3, "pass": 4}
    return (rank.get(move.verb, 5), move.kinds[0] if move.kinds else 0, action)


def hand_rows(position: Mapping[str, Any], lang: Lang, tr: Callable[..., str]) -> list[Row]:
    """The seat's own tiles: the hand (the draw apart), the discard it may call, its melds and the 宝."""
    kinds = list(parse_kinds("".join(position["hand"])))
    groups: list[Group] = []
    drawn = position.get("drawn")
    extra: list[Group] = []
    if drawn is not None:
        kind = parse_kinds(drawn)[0]
        if kind in kinds:
            kinds.remove(kind)
        extra.append(Group((kind,), tr("drills.mine.drawn")))
    groups.append(Group(tuple(sorted(kinds)), tr("drills.hand")))
    offered = position.get("last_discard")
    if offered is not None and drawn is None:
        by = next((k for k in reversed(OTHERS) if position["rivers"].get(k, [])[-1:] == [offered]), None)
        caption = tr("drills.mine.offered_by", seat=seat_label(by, lang)) if by else tr("drills.mine.offered")
        extra.append(Group(tuple(parse_kinds(offered)), caption))
    melds = [
        Group(tuple(parse_kinds(m)), tr("drills.mine.yours") if i == 0 else "")
        for i, m in enumerate(position["melds"].get("you", []))
    ]
    if position.get("bao") is not None:
        extra.append(Group(tuple(parse_kinds(position["bao"])), tr("drills.bao")))
    return [(*groups, *extra), tuple(melds)] if melds else [(*groups, *extra)]


def table_rows(position: Mapping[str, Any], lang: Lang, tr: Callable[..., str]) -> list[Row]:
    """What the seat saw of the others: each one's melds and river, one row a seat (ready ones marked)."""
    rows: list[Row] = []
    ready = set(position.get("ready", []))
    for key in OTHERS:
        seat = seat_label(key, lang)
        if key in ready:
            seat = tr("drills.mine.ready", seat=seat)
        melds = [
            Group(tuple(parse_kinds(m)), tr("drills.melds") if i == 0 else "")
            for i, m in enumerate(position["melds"].get(key, []))
        ]
        river = Group(
            tuple(parse_kinds("".join(position["rivers"].get(key, [])))), tr("drills.mine.river", seat=seat)
        )
        rows.append((river, *melds))
    return rows


class MistakeDrillScene(MenuScene):
    """The player's own mistakes, one at a time (see the module docstring)."""

    name = "mistake_drills"
    title_key = "drills.mine.title"
    design_size = (1200, 720)

    def __init__(
        self, app: SceneApp, queue: ReplayDrillQueue | None = None, on_close: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.on_close = on_close
        self.queue = open_queue(app) if queue is None else queue
        self.text = TextLog(app.fonts)
        self.item: QueuedDrill | None = None
        self.order: list[str] = []
        """The choices' moves as the buttons show them (tile order)."""
        self.chosen: int | None = None
        self.right: bool | None = None
        self.lost = 0.0
        self.session = (0, 0)
        """(right, answered) this visit."""
        self.note = ""
        self.choice_buttons: dict[int, Any] = {}
        self.compact = False
        """Two buttons to a row: the answered labels leave out the word "points"."""
        self.question_widgets: list[Any] = []
        self.next_button: Any = None
        self.hand_board: Board | None = None
        self.table_board: Board | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.question_box = pygame.Rect(0, 0, 0, 0)
        self.known_box = pygame.Rect(0, 0, 0, 0)
        self.feedback_box = pygame.Rect(0, 0, 0, 0)
        self.footer_box = pygame.Rect(0, 0, 0, 0)
        self.ask_next()

    # ------------------------------------------------------------- the questions
    @property
    def drill(self) -> Mapping[str, Any]:
        """The drill asked now (empty when none is due)."""
        return {} if self.item is None else self.item.drill

    def ask_next(self) -> None:
        """Put the longest-waiting due mistake (none when nothing is due) and clear the last answer."""
        due = self.queue.due()
        self.item = due[0] if due else None
        self.order = sorted((str(c["action"]) for c in self.drill.get("choices", [])), key=_tile_order)
        self.chosen = None
        self.right = None
        self.lost = 0.0
        if self.manager is not None:
            self._build_question()

    def choose(self, index: int) -> None:
        """Answer with one of the choices: graded against the level, the queue saved."""
        if self.item is None or self.right is not None or not 0 <= index < len(self.order):
            return
        self.queue, right, lost = self.queue.answer(self.item, self.order[index])
        self.chosen, self.right, self.lost = index, right, lost
        self.session = (self.session[0] + int(right), self.session[1] + 1)
        self.note = save_queue(self.app, self.queue)
        self._build_question()

    def values(self) -> dict[str, float]:
        """The level's value of each choice, in points."""
        return {str(c["action"]): float(c["value"]) for c in self.drill.get("choices", [])}

    def reasons(self) -> dict[str, str]:
        """The level's reason for each choice, in the player's language."""
        lang = self.app.lang
        return {str(c["action"]): str(c["reason"][lang]) for c in self.drill.get("choices", [])}

    def go_back(self) -> None:
        """Esc or Back: to the drills screen (every answer is saved already)."""
        self.app.sound.play("ui")
        self.app.pop()
        if self.on_close is not None:
            self.on_close()

    # ------------------------------------------------------------- building
    def build_ui(self) -> None:
        """The panel, Back and Next; then the question's own parts (:meth:`_build_question`)."""
        app = self.app
        w, h = app.size
        pw = min(int(w * 0.95), self.px(1240))
        top = self.px(98)
        self.panel = pygame.Rect((w - pw) // 2, top, pw, h - top - self.px(74))
        self.next_button, self.footer_box = drill_footer(self, self.panel, self.go_back, self.ask_next)
        self.question_widgets = []
        self._build_question()

    def _build_question(self) -> None:
        """The question's parts: its line, the seat's tiles and the table (left), the choices and the
        verdict's box (right). Only the choice buttons are made again."""
        for widget in self.question_widgets:
            widget.kill()
            self.actions.pop(widget, None)
            if widget in self.focus_order:
                self.focus_order.remove(widget)
        if self.focus_index is not None and self.focus_index >= len(self.focus_order):
            self.focus_index = None
        self.question_widgets, self.choice_buttons = [], {}
        self.hand_board = self.table_board = None
        pad = self.px(18)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        self.question_box = pygame.Rect(inner.x, inner.y, inner.w, self.px(30))
        if self.right is None:
            self.next_button.disable()
        else:
            self.next_button.enable()
        if self.item is None:
            self.feedback_box = pygame.Rect(inner.x, self.question_box.bottom + pad, inner.w, self.px(120))
            return
        lang, tr = self.app.lang, self.app.tr
        below = pygame.Rect(inner.x, self.question_box.bottom + self.px(12), inner.w, 0)
        below.h = inner.bottom - below.y
        left = pygame.Rect(below.x, below.y, int(below.w * 0.55), below.h)
        right = pygame.Rect(left.right + pad, below.y, below.w - left.w - pad, below.h)
        position = self.drill["position"]
        hand_box = pygame.Rect(left.x, left.y, left.w, int(left.h * 0.42))
        self.hand_board = Board(
            hand_rows(position, lang, tr), hand_box, self.scale, self.px(52), self.app.fonts
        )
        self.known_box = pygame.Rect(
            left.x, hand_box.y + self.hand_board.height + self.px(10), left.w, self.px(24)
        )
        table_box = pygame.Rect(left.x, self.known_box.bottom + self.px(8), left.w, 0)
        table_box.h = left.bottom - table_box.y
        self.table_board = Board(
            table_rows(position, lang, tr), table_box, self.scale, self.px(30), self.app.fonts
        )
        y = self._build_choices(right)
        self.feedback_box = pygame.Rect(right.x, y + self.px(12), right.w, right.bottom - y - self.px(12))

    def _label(self, i: int, width: int) -> str:
        """A choice's button label: its number and move, with its value in points once answered."""
        lang = self.app.lang
        move = self.order[i]
        words = move_words(move, lang)
        if self.right is None:
            return fit_label(
                self.app.fonts,
                self.scale,
                [f"{i + 1}  {words}", f"{i + 1} {words}", f"{i + 1}"],
                "#segment",
                width,
            )
        value = f"{self.values()[move]:+.2f}"
        full = self.app.tr("drills.mine.value", move=f"{i + 1}  {words}", value=value)
        labels = [f"{i + 1} {words} {value}", f"{i + 1}  {value}"]
        return fit_label(
            self.app.fonts, self.scale, labels if self.compact else [full, *labels], "#segment", width
        )

    def _build_choices(self, box: pygame.Rect) -> int:
        """One button per choice at the top of ``box`` (two to a row when every answered label fits);
        returns the y below them."""
        n = len(self.order)
        gap = self.px(6)
        half = (box.w - gap) // 2
        values = self.values()
        longest = max(
            (f"{i + 1} {move_words(m, self.app.lang)} {values[m]:+.2f}" for i, m in enumerate(self.order)),
            key=lambda s: self.app.fonts.size(s, self.px(16))[0],
            default="",
        )
        two = n > 4 and fit_label(self.app.fonts, self.scale, [longest, ""], "#segment", half) == longest
        per_row = 2 if two else 1
        self.compact = two
        rows = (n + per_row - 1) // per_row
        room = int(box.h * 0.6)
        bh = max(self.px(26), min(self.px(36), (room - gap * (rows - 1)) // max(1, rows)))
        bw = half if two else box.w
        for i in range(n):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(box.x + c * (bw + gap), box.y + r * (bh + gap), bw, bh)
            btn = self.button(
                rect, self._label(i, bw), self._chooser(i), class_id="@segment", object_id=f"#choice_{i}"
            )
            if self.right is not None:
                btn.disable()
            self.choice_buttons[i] = btn
            self.question_widgets.append(btn)
        return box.y + rows * (bh + gap) - gap

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose(index)

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Number keys answer, Enter goes on once answered; the rest as every menu screen."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.right is not None:
                self.ask_next()
                return True
            if self.right is None and pygame.K_1 <= event.key <= pygame.K_9 and self.item is not None:
                self.choose(event.key - pygame.K_1)
                return True
        return super().handle_event(event)

    # ------------------------------------------------------------- drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """Title, the panel with the position and the verdict, and the footer line."""
        self.text.clear()
        super().draw_scene(surface)
        app = self.app
        draw_panel(surface, self.panel, radius=self.px(14))
        if self.item is None:
            wait = self.queue.wait()
            words = (
                app.tr("drills.mine.later", n=len(self.queue.items), k=wait)
                if wait
                else app.tr("drills.mine.empty")
            )
            self.text.paragraph(surface, words, self.feedback_box, self.px(18), COLOURS.text)
            self._draw_footer(surface)
            return
        drill = self.drill
        question = f"{drill['question'][app.lang]}  ·  " + app.tr(
            "drills.mine.from", hand=int(drill["hand"]) + 1, level=level_name(str(drill["level"]), app.lang)
        )
        self.text.line(surface, question, self.question_box, self.px(19), COLOURS.gold, "bold")
        for board in (self.hand_board, self.table_board):
            if board is not None:
                board.draw(surface, app.tiles, self.text)
        position = drill["position"]
        sep = "、" if app.lang == "zh" else ", "
        ready = sep.join(seat_label(k, app.lang) for k in position.get("ready", []))
        known = (
            app.tr("drills.mine.known", seats=ready, wall=position["wall"])
            if ready
            else app.tr("drills.mine.none_ready", wall=position["wall"])
        )
        self.text.line(surface, known, self.known_box, self.px(15), COLOURS.text_dim)
        self._draw_feedback(surface)
        self._draw_footer(surface)

    def _draw_feedback(self, surface: pygame.Surface) -> None:
        """The verdict, the level's answer after a miss, the points lost and the level's reason."""
        if self.right is None or self.chosen is None:
            return
        app = self.app
        box = self.feedback_box
        level = level_name(str(self.drill["level"]), app.lang)
        answer = str(self.drill["answer"])
        verdict = app.tr("drills.right" if self.right else "drills.wrong")
        if not self.right:
            space = "" if app.lang == "zh" else " "
            verdict += space + app.tr("drills.answer_was", answer=move_words(answer, app.lang))
        top = pygame.Rect(box.x, box.y, box.w, min(box.h, self.px(56)))
        used = self.text.paragraph(
            surface, verdict, top, self.px(19), RIGHT_COLOUR if self.right else WRONG_COLOUR, "bold"
        )
        reasons = self.reasons()
        body = f"{level}：{reasons[answer]}" if app.lang == "zh" else f"{level}: {reasons[answer]}"
        if not self.right:
            chosen = self.order[self.chosen]
            body = app.tr("drills.mine.lost", level=level, lost=f"{self.lost:.2f}") + "\n" + body
            body += "\n" + app.tr("drills.mine.your_reason", reason=reasons[chosen])
            body += "\n" + app.tr("drills.comes_back")
        rest = pygame.Rect(box.x, box.y + used + self.px(8), box.w, box.h - used - self.px(8))
        if rest.h > 0:
            self.text.paragraph(surface, body, rest, self.px(16), COLOURS.text)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The visit's score, the mistakes still queued, or a saving problem."""
        app = self.app
        if self.note:
            parts = [self.note]
        else:
            right, total = self.session
            parts = [app.tr("drills.score", right=right, total=total)]
            if self.queue.items:
                parts.append(app.tr("drills.mine.left", n=len(self.queue.items)))
            parts.append(app.tr("drills.mine.keys"))
        self.text.line(
            surface, "  ·  ".join(parts), self.footer_box, self.px(15), COLOURS.text_dim, align="center"
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Outline the level's answer (and a wrong choice) after answering, then the fade."""
        if self.right is not None and self.choice_buttons:
            values = self.values()
            best = values[str(self.drill["answer"])]
            marks = {i: RIGHT_COLOUR for i, m in enumerate(self.order) if values[m] >= best}
            if self.chosen is not None and not self.right:
                marks[self.chosen] = WRONG_COLOUR
            for i, colour in marks.items():
                rect = self.choice_buttons[i].rect.inflate(4, 4)
                pygame.draw.rect(surface, colour, rect, 3, border_radius=6)
        super().draw_overlay(surface)


__all__ = ["MistakeDrillScene", "hand_rows", "seat_label", "table_rows"]
