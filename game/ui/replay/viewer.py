"""The replay viewer: the real table driven by a saved log, with the controls to watch, review and branch it.

The table is :class:`~game.ui.table.scene.TableScene` itself on a
:class:`~game.table.viewer.ViewerDriver`: the same picture, animations, last-discard mark, wall,
宝 and hand results as in play. Under it, the strip (:mod:`game.ui.replay.strip`): a progress bar
with hand and turn marks that seeks on a click or a drag, previous/next hand, back/step,
play/pause, the speed, the seat shown (E S W N, keys 1-4) or every hand open, Back. The right column is the
review panel (:mod:`game.ui.replay.review_panel`) while watching; during a what-if it is the table's own
claim bar.

What-if: at one of the shown seat's decisions (W or the button; the viewer first goes back to the
seat's last decision of the hand), the table offers that decision like a live one — a click on a
tile, the claim bar, 听 mode, every refusal with the engine's reason. The chosen action is played
instead of the recorded one, the AI plays the match out against the recorded wall
(:func:`game.replay.whatif.make_branch`, on a worker thread), the branch is saved in the replay
folder under a new name and opened in the viewer at the point where it differs.

A hand's result is a card over the table (:mod:`game.ui.replay.result_card`) once the hand's payments
are applied; it traps no key: ← steps back (across a hand's end too), → or Enter go on to the next hand,
Esc closes only the card.

Keys: Space play/pause, ←/→ one event, ↑/↓ (or PgUp/PgDn) previous/next hand, Home/End, 1-4 the
seat E S W N, 0 every hand open, +/- speed, N/B next/previous in the review's view, W what-if, Esc back
(closes the result card or cancels a what-if first, and nothing more).
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui

from game.core.actions import Action
from game.core.events import MatchStarted
from game.core.tiles import kind_of
from game.replay.header import HUMAN, players_of
from game.replay.library import LibraryError, add_replay
from game.replay.notation import format_action
from game.replay.whatif import WhatIfError, branch_name, make_branch, source_reference
from game.seats import seat_word
from game.settings import AnimationSpeed
from game.table.driver import hand_result
from game.table.frame import TableFrame
from game.table.viewer import SPEEDS, ViewerDriver
from game.ui.kit.error_dialog import report
from game.ui.kit.text_stack import Paragraph
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, RGB
from game.ui.replay.bar import BarMarks
from game.ui.replay.result_card import card_lines, draw_result_card
from game.ui.replay.review_panel import ReviewJobs, ReviewPanel
from game.ui.replay.strip import ALL_OPEN, ViewerStrip
from game.ui.table.panels import Panels
from game.ui.table.scene import TableScene
from game.ui.words.replay_words import seat_letter_text

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)

OpenBranch = Callable[[Path, int, int, str | None], None]
"""Opens a saved branch in the viewer: (file, position, seat, review level)."""
RESULT_LOOK: Final = 4.0
"""Seconds a hand's result stays up while playing at 1× (then the next hand is dealt)."""


class ViewerPanels(Panels):
    """The table's side panels, with the review panel in the right column while watching."""

    scene: ViewerScene

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log.defer_jumps = True  # a seek's frame redraws the table; its log follows a frame later

    def draw_action_panel(self, surface: pygame.Surface, layout: Any) -> None:
        """The review panel, or the claim bar's panel during a what-if."""
        scene = self.scene
        if scene.whatif:
            super().draw_action_panel(surface, layout)
        else:
            scene.review.draw(surface, layout.action_area, scene.text)

    def draw_info_panel(self, surface: pygame.Surface, layout: Any) -> None:
        """The match line (and the 宝 panel), then under it the shown decision's every candidate."""
        super().draw_info_panel(surface, layout)
        scene = self.scene
        if scene.whatif or scene.review.ready is None:
            return
        area = layout.info_area
        pad = scene.px(12)
        x, w = area.x + pad, area.w - 2 * pad
        with scene.app.fonts.unlogged():
            end = self._info_contents(self._scratch, x, area.y + pad, w, area.bottom)
        top = end + 2 * pad
        box = pygame.Rect(area.x, top, area.w, area.bottom - top)
        scene.review.draw_candidates_panel(surface, box, scene.text)


class ViewerScene(TableScene):
    """The replay viewer (see the module docstring)."""

    name = "viewer"
    panels_type = ViewerPanels

    def __init__(
        self,
        app: SceneApp,
        driver: ViewerDriver,
        *,
        replays_dir: Path | None = None,
        on_branch: OpenBranch | None = None,
        level: str | None = None,
    ) -> None:
        self.viewer: ViewerDriver = driver
        self.open_hands = False
        self.players = players_of(driver.header, driver.cursor.events)
        self.text = TextLog(app.fonts)
        super().__init__(app, driver)
        self.strip = ViewerStrip(self)
        self.review = ReviewPanel(self, ReviewJobs(driver.cursor.events, driver.header))
        self.replays_dir = replays_dir if replays_dir is not None else app.paths.replays_dir
        self.on_branch = on_branch
        self.widget_actions: dict[Any, Callable[[], None]] = {}
        self.dragging = False
        self.rebuild_soon = False
        self.status = ""
        self.status_colour: RGB = COLOURS.text_dim
        self.card: list[Paragraph] | None = None
        """The hand result's lines while its card is up."""
        self.card_at = -1
        """The position the card belongs to (it closes when the cursor moves away)."""
        self.card_for = 0.0
        self.branching: Future[Path] | None = None
        self.brancher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-whatif")
        driver.on_branch = self._branch
        self.review.choose(level)

    # ------------------------------------------------------------------ what the table shows
    @property
    def whatif(self) -> bool:
        """A what-if decision is offered on the table."""
        return self.viewer.whatif_at is not None

    @property
    def panel_images(self) -> dict[tuple[object, ...], pygame.Surface]:
        """The side panels' images, kept from frame to frame (the review's and the strip's too)."""
        return self.panels.panel_images

    @property
    def shows_log(self) -> bool:
        """The left column lists the hand so far while the review is off (its candidates take that room)."""
        return not self.whatif and self.review.level is None

    def table_size(self) -> tuple[int, int]:
        """The table takes the window above the strip."""
        w, h = self.app.size
        return w, max(1, h - ViewerStrip.height(self))

    def _names(self) -> list[str]:
        """The plate names from the seat shown at the bottom (你/下家/对家/上家), each with its seat letter
        (E S W N, as the command line names it: ``replay review --seat S``); the person's seat marked."""
        players = getattr(self, "players", ["", "", "", ""])
        lang, bottom = self.app.lang, self.driver.seat
        return [
            self.app.tr(
                "viewer.seat_person" if players[s] == HUMAN else "viewer.seat_name",
                seat=seat_word(s, bottom, lang, label=True),
                letter=seat_letter_text(s, lang),
            )
            for s in range(4)
        ]

    def _make_frame(self) -> TableFrame:
        """The table's picture; with every hand open, the other seats' tiles face up and the 宝 shown."""
        frame = super()._make_frame()
        if not getattr(self, "open_hands", False):
            return frame
        state = self.driver.cursor.state
        if state.phase in ("round_over", "match_over", "pregame"):
            return frame
        me = self.driver.seat
        seats = list(frame.picture.seats)
        for rel in (1, 2, 3):
            s = (me + rel) % 4
            tiles = sorted(t for t in state.hands[s] if t != state.drawn)
            if state.drawn is not None and state.drawn in state.hands[s]:
                tiles.append(state.drawn)
            seats[rel] = replace(seats[rel], concealed=tuple(kind_of(t) for t in tiles), locked=False)
        bao = kind_of(state.bao) if state.bao is not None else frame.picture.bao
        picture = replace(frame.picture, seats=(seats[0], seats[1], seats[2], seats[3]), bao=bao)
        return TableFrame(picture, frame.hand_ids)

    def bar_marks(self) -> BarMarks:
        """What the progress bar marks: hands, the shown seat's decisions, the review's differences."""
        cursor = self.driver.cursor
        costly = frozenset(d.index for d in self.review.costly())
        return BarMarks(
            len(cursor),
            tuple(cursor.hand_start(i) for i in range(len(cursor.hands))),
            tuple(d.index for d in self.viewer.seat_decisions()),
            tuple(self.review.differences()),
            costly,
        )

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        """The strip's controls, and the review panel's (or, during a what-if, the claim bar)."""
        super().build_ui() if self.whatif else self._build_watching()
        actions = {
            "prev_hand": self.prev_hand,
            "back": self.step_back,
            "play": self.toggle_play,
            "step": self.step_forward,
            "next_hand": self.next_hand_start,
            "leave": self.leave,
            "cancel": self.cancel_whatif,
        }
        self.widget_actions = self.strip.build(actions)
        if not self.whatif:
            review_actions = {
                "prev_diff": lambda: self.to_difference(-1),
                "next_diff": lambda: self.to_difference(1),
                "whatif": self.start_whatif,
            }
            self.widget_actions.update(self.review.build(self.layout.action_area, review_actions))
            self.review.update_buttons()

    def _build_watching(self) -> None:
        """While watching, the table has neither the claim bar nor the tools."""
        self.panels.build()
        self.controls.bar.clear()
        self.tools.clear()

    def speed_setter(self, speed: float) -> Callable[[], None]:
        """The action of a speed button."""

        def choose() -> None:
            self.viewer.speed = speed
            self.animator.set_speed(self.animation_speed())
            self.strip.mark()

        return choose

    def animation_speed(self) -> AnimationSpeed:
        """The animations at this playing speed: the player's setting up to 1×, fast at 2×, none faster."""
        own = self.app.settings.animation_speed
        if own == "off" or self.viewer.speed <= 1:
            return own
        return "fast" if self.viewer.speed <= 2 else "off"

    def on_settings_changed(self, old: Any, new: Any) -> None:
        """The table follows the settings; the animations stay as the playing speed wants them."""
        super().on_settings_changed(old, new)
        self.animator.set_speed(self.animation_speed())

    def autoplay_result_wait(self) -> float | None:
        """While playing, a hand's result goes on by itself after a look (shorter at higher speeds)."""
        return RESULT_LOOK / self.viewer.speed if self.viewer.playing else None

    def seat_setter(self, seat: int) -> Callable[[], None]:
        """The action of a seat button (or of "all open")."""
        return (lambda: self.set_seat(seat)) if seat != ALL_OPEN else self.toggle_open

    # ------------------------------------------------------------------ watching
    def set_seat(self, seat: int) -> None:
        """Show the table from another seat."""
        if self.whatif:
            self.cancel_whatif()
        self.viewer.set_seat(seat)
        self.names = self._names()  # every seat is named from the new bottom seat
        self.shown_at = -1  # redraw from the cursor (no animation)
        self.strip.mark()
        self.review.choose(self.review.level)
        self.review.update_buttons()

    def toggle_open(self) -> None:
        """Every hand face up, or only the shown seat's."""
        self.open_hands = not self.open_hands
        self.refresh()
        self.strip.mark()

    def toggle_play(self) -> None:
        """Play or pause."""
        if self.viewer.playing:
            self.viewer.pause()
        elif not self.viewer.cursor.at_end:
            self.cancel_whatif()
            self.viewer.play()
        self.strip.mark()

    def step_forward(self) -> None:
        """One event forward (animated); at a hand's end, on to the next hand (or the match result)."""
        self.cancel_whatif()
        self.viewer.pause()
        if self.viewer.hand_over and self.result_open:
            self.next_hand()
        else:
            self.viewer.step_forward()
        self.strip.mark()

    def step_back(self) -> None:
        """One event back (at once)."""
        self.viewer.back()
        self.strip.mark()

    def seek(self, position: int) -> None:
        """Stand at a position of the log (at once)."""
        position = max(1, min(len(self.viewer.cursor), position))
        self.viewer.seek(position)
        self.strip.mark()

    def prev_hand(self) -> None:
        """The start of this hand, or of the previous one when already at the start."""
        cursor = self.viewer.cursor
        starts = [cursor.hand_start(i) for i in range(len(cursor.hands))]
        i = bisect.bisect_left(starts, cursor.position) - 1
        self.seek(starts[i] if i >= 0 else 1)

    def next_hand_start(self) -> None:
        """The deal of the next hand (the match's end after the last)."""
        cursor = self.viewer.cursor
        starts = [cursor.hand_start(i) for i in range(len(cursor.hands))]
        later = [p for p in starts if p > cursor.position]
        self.seek(later[0] if later else len(cursor))

    def to_difference(self, direction: int) -> None:
        """The next (1) or previous (-1) decision in the review's view: every decision, the mistakes in
        order, or the mistakes costliest first."""
        target = self.review.step_target(self.viewer.cursor.position, direction)
        if target is not None:
            self.seek(target)

    # ------------------------------------------------------------------ what-if
    def start_whatif(self) -> None:
        """Offer the shown seat its decision here (going back to its last decision of the hand first)."""
        viewer = self.viewer
        point = viewer.last_decision()
        if point is None:
            self.say(
                self.app.tr("review.whatif_needs_decision", seat=self.seat_name(viewer.seat)), COLOURS.ting
            )
            return
        if viewer.cursor.position != point.index:
            self.seek(point.index)
        viewer.offer_whatif()
        self.say(self.app.tr("review.whatif_prompt", n=point.index), COLOURS.gold)
        self.rebuild()

    def cancel_whatif(self) -> None:
        """Back to watching."""
        if self.whatif:
            self.viewer.cancel_whatif()
            self.controls.withdraw()
            self.say("")
            self.rebuild()

    def _branch(self, at: int, action: Action) -> None:
        """The chosen what-if action: play the match out on a worker thread and save the branch."""
        state = self.viewer.cursor.state
        move = format_action(action, state)
        cursor = self.viewer.cursor
        events, header, source = tuple(cursor.events), dict(self.viewer.header), self.viewer.saved_as
        folder = self.replays_dir

        def make() -> Path:
            named = source_reference(source, folder) if source is not None else ""
            branch = make_branch(events, header, at, move, source=named)
            return add_replay(folder, branch.header, branch.events, branch_name(source or "replay", at))

        self.say(self.app.tr("review.branching"), COLOURS.gold)
        self.branching = self.brancher.submit(make)
        self.rebuild_soon = True

    def wait_branch(self, timeout: float = 60.0) -> Path | None:
        """Wait for the what-if branch to be saved (tests and screenshots); its file, or None."""
        job = self.branching
        if job is None:
            return None
        job.exception(timeout)
        return self._take_branch()

    def _take_branch(self) -> Path | None:
        job = self.branching
        if job is None or not job.done():
            return None
        self.branching = None
        try:
            path = job.result()
        except (WhatIfError, LibraryError) as exc:
            self.say(report("whatif", exc).text(self.app.lang), COLOURS.ting)
            return None
        self.say(self.app.tr("review.branch_saved", name=path.stem), COLOURS.gold)
        at = self.viewer.cursor.position
        if self.on_branch is not None:
            self.on_branch(path, at, self.viewer.seat, self.review.level)
            opened = self.app.scenes.top
            if isinstance(opened, ViewerScene) and opened is not self and self.open_hands:
                opened.toggle_open()  # the branch is shown as the source was: every hand open
        return path

    # ------------------------------------------------------------------ results and leaving
    def open_result(self) -> None:
        """The hand's result as a card over the table (no dialog: the viewer's keys go on working)."""
        self.result_open = True
        result = hand_result(self.viewer, self.names)
        lang, bottom = self.app.lang, self.driver.seat
        names = [seat_word(s, bottom, lang, label=True) for s in range(4)]
        self.card = card_lines(result.view, names, lang, self.app.tr)
        self.card_at = self.viewer.cursor.position
        self.card_for = 0.0

    def close_card(self) -> None:
        """Esc on the result: the card goes, the viewer stays where it is."""
        self.card = None

    def next_hand(self) -> None:
        """From a hand's result: the next hand (playing goes on), or the match result after the last."""
        self.result_open = False
        self.result_at = None
        self.card = None
        self.viewer.advance()
        if self.viewer.match_over:
            from game.table.driver import match_result

            self.app.nav.replay_match_result(match_result(self.viewer, self.names))

    def leave(self) -> None:
        """Back to where the viewer was opened from."""
        self.leaving = True
        self.app.pop()

    def exit(self) -> None:
        """Stop the workers."""
        self.review.jobs.close()
        self.brancher.shutdown(wait=False, cancel_futures=True)
        super().exit()

    def say(self, text: str, colour: RGB = COLOURS.text_dim) -> None:
        """A line in the strip."""
        self.status, self.status_colour = text, colour

    # ------------------------------------------------------------------ the loop
    def moving(self) -> bool:
        """The viewer changes by itself while it plays, rebuilds, or a review or branch is being worked
        out, besides the table's own movement (:meth:`TableScene.moving`)."""
        return (
            self.viewer.playing
            or self.rebuild_soon
            or bool(self.review.jobs.pending)
            or self.branching is not None
            or super().moving()
        )

    def update(self, dt: float) -> None:
        """Pace the playing, take finished reviews and branches, then the table's own update."""
        self.viewer.tick(dt)
        if self.rebuild_soon:
            self.rebuild_soon = False
            self.rebuild()
        self._take_branch()
        self.review.jobs.collect()
        if self.card is not None and self.viewer.cursor.position != self.card_at:
            self.card = None  # the cursor moved away from the hand's end
        if self.card is not None and self.viewer.playing:
            self.card_for += dt
            if self.card_for >= RESULT_LOOK / self.viewer.speed:
                self.next_hand()
        super().update(dt)
        self.review.update_buttons()
        self.strip.mark()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The strip and the review panel first; the table's own input during a what-if."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.widget_actions.get(event.ui_element)
            if action is not None:
                self.app.sound.play("ui")
                action()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.strip.bar.hit(event.pos):
                self.dragging = True
                self.seek(self.strip.bar.position_at(event.pos[0], len(self.viewer.cursor)))
                return True
            link = None if self.whatif else self.review.link_at(event.pos)
            if link is not None:
                self.seek(link)
                return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.seek(self.strip.bar.position_at(event.pos[0], len(self.viewer.cursor)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.whatif:  # watching: a click only skips motion
            if self.animator.busy:
                self.animator.skip()
            return True
        if event.type == pygame.KEYDOWN and self._viewer_key(event):
            return True
        return super().handle_event(event)

    def _viewer_key(self, event: pygame.event.Event) -> bool:
        """The viewer's keys (during a what-if only Esc, which cancels it)."""
        key = event.key
        if self.whatif:
            if key == pygame.K_ESCAPE:
                self.cancel_whatif()
                return True
            return False
        if self.card is not None and key == pygame.K_ESCAPE:
            self.close_card()
            return True
        if self.result_open and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next_hand()
            return True
        if self.animator.busy and key not in (pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_SPACE):
            self.animator.skip()
        keys: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.leave,
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: self.step_forward,
            pygame.K_LEFT: self.step_back,
            pygame.K_UP: self.prev_hand,
            pygame.K_PAGEUP: self.prev_hand,
            pygame.K_DOWN: self.next_hand_start,
            pygame.K_PAGEDOWN: self.next_hand_start,
            pygame.K_HOME: lambda: self.seek(1),
            pygame.K_END: lambda: self.seek(len(self.viewer.cursor)),
            pygame.K_0: self.toggle_open,
            pygame.K_n: lambda: self.to_difference(1),
            pygame.K_b: lambda: self.to_difference(-1),
            pygame.K_w: self.start_whatif,
            pygame.K_PLUS: lambda: self._speed_step(1),
            pygame.K_EQUALS: lambda: self._speed_step(1),
            pygame.K_MINUS: lambda: self._speed_step(-1),
        }
        for i in range(4):
            keys[pygame.K_1 + i] = self.seat_setter(i)
        action = keys.get(key)
        if action is None:
            return key not in (pygame.K_F1, pygame.K_F2)  # the table's other keys do nothing here
        action()
        return True

    def _speed_step(self, step: int) -> None:
        i = SPEEDS.index(self.viewer.speed) if self.viewer.speed in SPEEDS else 1
        self.speed_setter(SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))])()

    # ------------------------------------------------------------------ drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """The table above the strip, then the strip."""
        self.text.clear()
        w, h = self.table_size()
        table = surface.subsurface(pygame.Rect(0, 0, w, min(h, surface.get_height())))
        super().draw_scene(table)
        if self.card is not None and not self.whatif:
            draw_result_card(table, self.text, table.get_rect(), self.card, self.px)
        status = self.status or self._position_text()
        self.strip.draw(surface, self.text, status, self.status_colour if self.status else COLOURS.text_dim)

    def _position_text(self) -> str:
        """Where the cursor stands: the hand, and the number of the event that comes next — the table shows
        every event before it, and at a decision it is the decision's own event, the number ``replay show``
        prints and ``replay whatif --at`` takes (events count from 0, docs/replay-format.md)."""
        cursor = self.viewer.cursor
        hand = cursor.hand_at()
        if hand < 0:
            return self.app.tr("viewer.before_deal")
        key = "viewer.position_end" if cursor.at_end else "viewer.position"
        last = len(cursor) - 1
        return self.app.tr(key, hand=hand + 1, hands=self.match_hands(), n=cursor.position, last=last)

    def match_hands(self) -> int:
        """The match's length in hands (as it started), not the hands the file holds so far."""
        started = self.viewer.cursor.events[0]
        return started.hands if isinstance(started, MatchStarted) else len(self.viewer.cursor.hands)


__all__ = ["OpenBranch", "ViewerPanels", "ViewerScene"]
