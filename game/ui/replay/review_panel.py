"""The viewer's review panel (the table's right column while watching): an AI level's view of the shown
seat's decisions.

The level is chosen with a row of buttons (off, Novice … Expert). The review
(:func:`game.replay.review.review`) runs on a worker thread, once per seat and level.
Then the panel says how often the level agrees with the seat over the match and in the
hand shown, the match rating and the mistakes by category; at the seat's decision at or
just before the cursor, every candidate with the level's price in points (the best and the
move played marked, :mod:`game.ui.replay.candidates`), what the move played cost and the
level's reason; and the costliest mistakes of the match, each a click away. A button
chooses what N/B (and the ◀/▶ buttons) step through — every decision, the mistakes only, or
the mistakes costliest first — and another starts a what-if at the decision shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai.reasons import render_reason
from game.core.events import Event
from game.replay.review import Review, ReviewedDecision, ReviewError, review
from game.ui.kit.error_dialog import report
from game.ui.kit.text_stack import Paragraph, draw_stack
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import BASE_SIZES, COLOURS, scaled
from game.ui.kit.widgets import draw_panel
from game.ui.replay.candidates import cost_line, draw_candidates, rating_lines
from game.ui.words.errors import player_error
from game.ui.words.i18n import LEVELS, level_name
from game.ui.words.replay_words import move_words

if TYPE_CHECKING:
    from game.ui.replay.context import ViewerContext

COSTLIEST: Final = 3
MODES: Final = ("all", "diffs", "costly")
"""What N/B step through: every decision of the seat, its mistakes in order, its mistakes costliest first."""


class ReviewJobs:
    """Reviews of one log, made on a worker thread and kept by (seat, level)."""

    def __init__(self, events: Sequence[Event], header: Mapping[str, Any]) -> None:
        self.events = events
        self.header = header
        self.done: dict[tuple[int, str], Review | str] = {}
        """Finished reviews, or why one could not be made."""
        self.pending: dict[tuple[int, str], Future[Review]] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-review")

    def get(self, seat: int, level: str) -> Review | str | None:
        """The review of a seat by a level: ready, a problem, or None while it is being made (started if
        it was not)."""
        key = (seat, level)
        self.collect()
        if key in self.done:
            return self.done[key]
        if key not in self.pending:
            self.pending[key] = self.worker.submit(review, self.events, seat, level, self.header)
        return None

    def wait(self, seat: int, level: str, timeout: float = 30.0) -> Review | str | None:
        """The review, waiting for it (tests and screenshots)."""
        self.get(seat, level)
        job = self.pending.get((seat, level))
        if job is not None:
            job.exception(timeout)
        return self.get(seat, level)

    def collect(self) -> None:
        """Take the reviews that are finished."""
        for key, job in list(self.pending.items()):
            if job.done():
                del self.pending[key]
                try:
                    self.done[key] = job.result()
                except ReviewError as exc:
                    self.done[key] = report("review", exc).details  # the player's words when drawn

    def close(self) -> None:
        """Stop the worker (a review being made is dropped)."""
        self.worker.shutdown(wait=False, cancel_futures=True)


class ReviewPanel:
    """The right column while watching (see the module docstring)."""

    def __init__(self, scene: ViewerContext, jobs: ReviewJobs) -> None:
        self.scene = scene
        self.jobs = jobs
        self.level: str | None = None
        self.mode = "diffs"
        """What N/B step through (one of :data:`MODES`)."""
        self.buttons: dict[str, Any] = {}
        self.level_buttons: list[tuple[Any, str | None]] = []
        self.links: list[tuple[pygame.Rect, int]] = []
        """Where each costliest difference is drawn, and its decision's position."""
        self.text_box = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------- the review shown
    @property
    def current(self) -> Review | str | None:
        """The review of the shown seat by the chosen level (None: off, or still being made)."""
        if self.level is None:
            return None
        return self.jobs.get(self.scene.viewer.seat, self.level)

    @property
    def ready(self) -> Review | None:
        """The finished review being shown, if any."""
        found = self.current
        return found if isinstance(found, Review) else None

    def differences(self) -> list[int]:
        """Positions of the shown review's mistakes (where the seat is about to decide), in order."""
        found = self.ready
        return [d.index for d in found.mistakes()] if found is not None else []

    def targets(self) -> list[int]:
        """The positions N/B step through in the chosen view (costliest first in that view)."""
        found = self.ready
        if found is None:
            return []
        if self.mode == "all":
            return [d.index for d in found.decisions]
        if self.mode == "costly":
            return [d.index for d in found.costliest(len(found.decisions))]
        return self.differences()

    def step_target(self, at: int, direction: int) -> int | None:
        """Where N (1) or B (-1) goes from the position ``at`` in the chosen view, or None."""
        order = self.targets()
        if self.mode == "costly":
            if at in order:
                i = order.index(at) + direction
                return order[i] if 0 <= i < len(order) else None
            return order[0] if order and direction > 0 else None
        found = [p for p in order if p > at] if direction > 0 else [p for p in order if p < at]
        if not found:
            return None
        return found[0] if direction > 0 else found[-1]

    def next_mode(self) -> None:
        """The next view of the decisions (every one, mistakes only, costliest first)."""
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        btn = self.buttons.get("mode")
        if btn is not None:
            btn.set_text(self.scene.app.tr(f"review.mode.{self.mode}"))

    def costly(self) -> list[ReviewedDecision]:
        """The shown review's costliest differences."""
        found = self.ready
        return found.costliest(COSTLIEST) if found is not None else []

    def choose(self, level: str | None) -> None:
        """Review with another level (None: no review)."""
        self.level = level
        for btn, value in self.level_buttons:
            if value == level and not btn.is_selected:
                btn.select()
            elif value != level and btn.is_selected:
                btn.unselect()
        if level is not None:
            self.current  # noqa: B018 - starts the review

    # ------------------------------------------------------------- widgets
    def build(
        self, area: pygame.Rect, actions: Mapping[str, Callable[[], None]]
    ) -> dict[Any, Callable[[], None]]:
        """The level buttons across the top and the difference and what-if buttons along the bottom;
        returns each button's action."""
        scene = self.scene
        manager = scene.manager
        pad = scene.px(12)
        inner = area.inflate(-2 * pad, -2 * pad)
        out: dict[Any, Callable[[], None]] = {}
        options: list[tuple[str | None, str]] = [(None, scene.app.tr("review.off"))]
        options += [(lv, level_name(lv, scene.app.lang)) for lv in LEVELS]
        gap = scene.px(4)
        bh = scene.px(30)
        size = scaled(BASE_SIZES["#segment"][0], scene.scale)
        widest = max(scene.app.fonts.size(label, size)[0] for _, label in options) + scene.px(10)
        per_row = len(options)
        if (inner.w - gap * (per_row - 1)) // per_row < widest:
            per_row = 3  # Off and two levels, then two levels
        bw = (inner.w - gap * (per_row - 1)) // per_row
        y = inner.y + scene.px(30)
        self.level_buttons = []
        for i, (value, label) in enumerate(options):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(inner.x + c * (bw + gap), y + r * (bh + gap), bw, bh)
            btn: Any = pygame_gui.elements.UIButton(
                rect,
                label,
                manager,
                object_id=ObjectID(object_id=f"#review_{value or 'off'}", class_id="@segment"),
            )
            if value == self.level:
                btn.select()
            self.level_buttons.append((btn, value))
            out[btn] = self._chooser(value)
        y = rect.y
        row_h = scene.px(34)
        whatif = pygame.Rect(inner.x, inner.bottom - row_h, inner.w, row_h)
        arrow = max(scene.px(52), inner.w // 6)
        prev = pygame.Rect(inner.x, whatif.y - gap - row_h, arrow, row_h)
        nxt = pygame.Rect(inner.right - arrow, prev.y, arrow, row_h)
        mode = pygame.Rect(prev.right + gap, prev.y, nxt.x - gap - prev.right - gap, row_h)
        actions = {**actions, "mode": self.next_mode}
        self.buttons = {}
        for key, rect, label in (
            ("mode", mode, f"review.mode.{self.mode}"),
            ("prev_diff", prev, "review.prev_diff"),
            ("next_diff", nxt, "review.next_diff"),
            ("whatif", whatif, "review.whatif"),
        ):
            btn = pygame_gui.elements.UIButton(
                rect, scene.app.tr(label), manager, object_id=ObjectID(object_id=f"#{key}", class_id="@tool")
            )
            self.buttons[key] = btn
            out[btn] = actions[key]
        self.text_box = pygame.Rect(
            inner.x, y + bh + scene.px(10), inner.w, mode.y - scene.px(8) - (y + bh + scene.px(10))
        )
        return out

    def _chooser(self, level: str | None) -> Callable[[], None]:
        return lambda: self.choose(level)

    def update_buttons(self) -> None:
        """Difference buttons only with differences to go to; what-if only at or after a decision."""
        at = self.scene.viewer.cursor.position
        states = {
            "prev_diff": self.step_target(at, -1) is not None,
            "next_diff": self.step_target(at, 1) is not None,
            "whatif": self.scene.viewer.last_decision() is not None,
            "mode": self.ready is not None,
        }
        for key, on in states.items():
            btn = self.buttons.get(key)
            if btn is None:
                continue
            if on and not btn.is_enabled:
                btn.enable()
            elif not on and btn.is_enabled:
                btn.disable()

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, area: pygame.Rect, log: TextLog) -> None:
        """The panel: title, then the review's words in the room between the buttons."""
        scene = self.scene
        app = scene.app
        draw_panel(surface, area, radius=scene.px(12), cache=scene.panel_images)
        pad = scene.px(12)
        title = pygame.Rect(area.x + pad, area.y + pad, area.w - 2 * pad, scene.px(26))
        log.line(surface, app.tr("review.title"), title, scene.px(17), COLOURS.gold, "bold")
        self.links = []
        box = self.text_box
        if box.h < scene.px(20):
            return
        found = self.current
        if self.level is None:
            log.paragraph(surface, app.tr("viewer.keys"), box, scene.px(13), COLOURS.text_dim, floor=9)
            return
        level = level_name(self.level, app.lang)
        if found is None:
            log.paragraph(surface, app.tr("review.working", level=level), box, scene.px(15), COLOURS.text_dim)
            return
        if isinstance(found, str):
            words = player_error("review", found).text(app.lang)
            log.paragraph(surface, words, box, scene.px(14), COLOURS.ting, floor=9)
            return
        self._draw_review(surface, box, log, found, level)

    def _draw_review(
        self, surface: pygame.Surface, box: pygame.Rect, log: TextLog, found: Review, level: str
    ) -> None:
        """The agreement, the rating and the categories, the decision shown with every candidate, then
        the costliest mistakes."""
        scene = self.scene
        app = scene.app
        seat = scene.seat_name(found.seat)
        items: list[Paragraph] = []
        if not found.decisions:
            items.append((app.tr("review.no_decisions"), 14, COLOURS.text_dim, "regular"))
            draw_stack(surface, log, items, box, scene.px, scene.px(5))
            return
        agreed = sum(d.agree for d in found.decisions)
        words = app.tr(
            "review.agreement",
            level=level,
            seat=seat,
            pct=f"{round(100 * found.agreement)}%",
            agreed=agreed,
            n=len(found.decisions),
        )
        items.append((words, 13, COLOURS.text, "regular"))
        rating, kinds = rating_lines(found, app.lang, app.tr)
        items.append((rating, 14, COLOURS.gold, "bold"))
        items.append((kinds, 12, COLOURS.text_dim, "regular"))
        hand_no = scene.viewer.cursor.hand_at()
        this_hand = next((h for h in found.hands() if h.hand == hand_no), None)
        if this_hand is not None:
            words = app.tr("review.hand", agreed=this_hand.agreed, n=this_hand.decisions)
            items.append((words, 12, COLOURS.text_dim, "regular"))
        y = draw_stack(surface, log, items, box, scene.px, scene.px(4))
        rest = pygame.Rect(box.x, y + scene.px(6), box.w, max(0, box.bottom - y - scene.px(6)))
        y = self._draw_decision(surface, rest, log, found, level)
        if found.mistakes() and box.bottom - y >= scene.px(22) * 2:
            self._draw_links(
                surface, pygame.Rect(box.x, y + scene.px(4), box.w, box.bottom - y - scene.px(4)), log
            )

    def shown_decision(self) -> ReviewedDecision | None:
        """The shown seat's reviewed decision at or just before the cursor, if the review is ready."""
        found = self.ready
        point = self.scene.viewer.last_decision()
        if found is None or point is None:
            return None
        return next((d for d in found.decisions if d.index == point.index), None)

    def _draw_decision(
        self, surface: pygame.Surface, box: pygame.Rect, log: TextLog, found: Review, level: str
    ) -> int:
        """The shown seat's decision at or before the cursor in short: played, the level's move and what
        the difference costs (every candidate is in the left column); returns where it ends."""
        scene = self.scene
        app = scene.app
        lang = app.lang
        d = self.shown_decision()
        if d is None:
            items: list[Paragraph] = [(app.tr("review.no_choice_here"), 13, COLOURS.text_dim, "regular")]
            return draw_stack(surface, log, items, box, scene.px, scene.px(4))
        played = app.tr("review.played", n=d.index, move=move_words(d.played, lang))
        if d.index == scene.viewer.cursor.position:
            played += " " + app.tr("review.upcoming")
        out: list[Paragraph] = [(played, 14, COLOURS.text, "bold")]
        if d.agree:
            out.append((app.tr("review.same", level=level), 14, COLOURS.gold, "regular"))
        else:
            best = app.tr("review.best", level=level, move=move_words(d.best, lang))
            out.append((best, 14, COLOURS.ting if d.mistake else COLOURS.gold, "bold"))
            colour = COLOURS.ting if d.mistake else COLOURS.text_dim
            out.append((cost_line(d, lang, app.tr), 13, colour, "regular"))
        return draw_stack(surface, log, out, box, scene.px, scene.px(4))

    def draw_candidates_panel(self, surface: pygame.Surface, box: pygame.Rect, log: TextLog) -> None:
        """The left column under the match line: the shown decision's every candidate with its price, the
        best and the move played marked, and the level's reason."""
        scene = self.scene
        d = self.shown_decision()
        if d is None or self.level is None or box.h < scene.px(90):
            return
        app = scene.app
        draw_panel(surface, box, radius=scene.px(12), cache=scene.panel_images)
        pad = scene.px(12)
        inner = box.inflate(-2 * pad, -2 * pad)
        head = pygame.Rect(inner.x, inner.y, inner.w, scene.px(22))
        title = app.tr("review.candidates_title", n=d.index, level=level_name(self.level, app.lang))
        log.line(surface, title, head, scene.px(14), COLOURS.gold, "bold", floor=9)
        table = pygame.Rect(inner.x, head.bottom + scene.px(2), inner.w, inner.bottom - head.bottom)
        reason_room = scene.px(70)
        table.h = max(scene.px(21), table.h - reason_room)
        y = draw_candidates(surface, log, table, d, app.lang, app.tr, scene.px)
        rest = pygame.Rect(inner.x, y + scene.px(6), inner.w, max(0, inner.bottom - y - scene.px(6)))
        if rest.h >= scene.px(16):
            items: list[Paragraph] = []
            if not d.agree:
                colour = COLOURS.ting if d.mistake else COLOURS.text_dim
                items.append((cost_line(d, app.lang, app.tr), 13, colour, "bold" if d.mistake else "regular"))
            items.append((render_reason(d.reason, app.lang), 12, COLOURS.text, "regular"))
            draw_stack(surface, log, items, rest, scene.px, scene.px(4))

    def _draw_links(self, surface: pygame.Surface, box: pygame.Rect, log: TextLog) -> None:
        """The costliest differences, one line each; a click on one goes there."""
        scene = self.scene
        app = scene.app
        lang = app.lang
        row = scene.px(22)
        if box.h < row * 2:
            return
        log.line(
            surface,
            app.tr("review.costliest"),
            pygame.Rect(box.x, box.y, box.w, row),
            scene.px(13),
            COLOURS.gold,
            floor=9,
        )
        y = box.y + row
        for d in self.costly():
            if y + row > box.bottom:
                break
            words = app.tr(
                "review.costliest_line",
                hand=d.hand + 1,
                n=d.index,
                played=move_words(d.played, lang),
                best=move_words(d.best, lang),
                cost=f"{d.cost:.1f}",
            )
            rect = pygame.Rect(box.x, y, box.w, row)
            colour = COLOURS.selected if d.index == scene.viewer.cursor.position else COLOURS.text
            log.line(surface, words, rect, scene.px(13), colour, floor=9)
            self.links.append((rect, d.index))
            y += row

    def link_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the costliest difference under a point, or None."""
        return next((p for rect, p in self.links if rect.collidepoint(pos)), None)


__all__ = ["COSTLIEST", "MODES", "ReviewJobs", "ReviewPanel"]
