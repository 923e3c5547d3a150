"""The table: one seat's view of a match, played (or watched) with the mouse or the keyboard.

The scene shows what a :class:`~game.table.driver.TableDriver` hands it — a live
match (:class:`~game.host.session.Session`), a replay
(:class:`~game.table.replay.ReplayDriver`), a lesson — and does not know which.
Each frame it draws the driver's *shown* view (its event cursor) through
:func:`~game.table.frame.table_frame` and the table renderer. The events the
driver hands out are turned into tweens one at a time (:mod:`game.ui.table.motion`)
and queue while a blocking animation plays; a click or a key completes it. When
the driver moves its cursor itself (a seek), the table is redrawn without
animating.

The scene keeps the frame loop (show the driver's events, offer its decision,
run the AI) and composes its parts, each with the narrow view of the scene it
needs (:mod:`~game.ui.table.context`): the AI runner (:mod:`~game.ui.table.ai_runner`,
other seats' decisions and hints on a worker thread, played back after the "AI
thinking pause"), the overlays and their message (:mod:`~game.ui.table.overlays`),
the controls with the claim bar (:mod:`~game.ui.table.controls`), the motion
(:mod:`~game.ui.table.motion`), the tools (:mod:`~game.ui.table.tools`), 托管
(:mod:`~game.ui.table.entrust`), the side panels (:mod:`~game.ui.table.panels`) and
the input that routes mouse and keys to them (:mod:`~game.ui.table.input`).

Controls (:mod:`~game.ui.table.input`): hover lifts a tile, a click discards it (a
double-click is one discard); ←/→ move the keyboard selection, which starts on
the drawn tile at every draw, and Enter discards it (hovering never moves it).
The claim bar (right) has 吃 C, 碰 P, 杠 K, 听 T, 胡 H, 过 Space; several 吃 or
杠 choices are shown as tile groups picked by click or 1-9. 听 (T) enters a mode
where each discard that may declare 听 shows its waits above the tile; the others
say why not. Every action the player cannot take says why (a toast, the tiles
involved outlined). F1 cycles the hint level, F2 the unseen-tile tracker, F3
opens the rules over the match, F4 the helpers (auto win, skip calls,
auto-discard), A hands the seat to the AI (托管, :mod:`~game.ui.table.entrust`)
and back, Esc leaves (a live match is saved after every event).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.core.actions import Refusal
from game.core.events import Event, RoundStarted
from game.core.legal import outranked
from game.core.refusals import refusal_words
from game.core.tiles import kind_name
from game.core.view import SeatView
from game.host.session import Session
from game.match_config import MatchConfig
from game.seats import seat_word
from game.table.driver import AiSeats, Closing, Entrusting, TableDriver, WholeMatch, hand_result, match_result
from game.table.figures import marks_after, next_marks
from game.table.frame import TableFrame, table_frame
from game.table.menu import ActionMenu
from game.ui.kit.anim import SPEED_FACTORS, Animator
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileState
from game.ui.scene import Scene
from game.ui.table.ai_runner import AiRunner
from game.ui.table.controls import Controls
from game.ui.table.entrust import Entrust
from game.ui.table.input import TableInput
from game.ui.table.layout import SEAT_ROTATION, TableLayout
from game.ui.table.motion import Motion
from game.ui.table.overlays import Overlays
from game.ui.table.panels import Panels, bao_tile_width
from game.ui.table.render import HandUI, TableRenderer
from game.ui.table.tools import Tools
from game.ui.words.errors import player_error
from game.ui.words.i18n import tr
from game.ui.words.outranked import outranked_text

if TYPE_CHECKING:
    from game.ui.scene import SceneApp

log = logging.getLogger(__name__)

RESULT_PAUSE: Final = 0.6
AUTOPLAY_RESULT_SECONDS: Final = 2.0
"""With ``--autoplay``: how long a hand result (and the match result) stays up at normal animation speed."""


class TableScene(Scene):
    """The table for one driver (see the module docstring for the controls)."""

    name = "table"
    overlays_type: type[Overlays] = Overlays
    """What is drawn over the table (a lesson's why-nots go to its coach)."""
    panels_type: type[Panels] = Panels
    """The side columns (a lesson's left column is its coach's, the viewer's right one its review)."""
    tools_wanted = True
    """The tool buttons (not in a lesson: its coach has the room and the keys)."""

    def __init__(self, app: SceneApp, driver: TableDriver) -> None:
        super().__init__(app)
        self.driver = driver
        self.ai_seats: AiSeats | None = driver if isinstance(driver, AiSeats) else None
        """The driver's AI seats, if it has any (a live match)."""
        self.entrusting: Entrusting | None = driver if isinstance(driver, Entrusting) else None
        """The driver's 托管, if it can hand the person's seat to an AI (a live match)."""
        if app.autoplay and self.entrusting is not None and not self.entrusting.autoplayed:
            self.entrusting.entrust(app.autoplay)
        self.renderer = TableRenderer(app.fonts, app.tiles, app.backdrop)
        self.renderer.progressive = True  # tiles not made yet are stood in for; draw_wanted makes them
        self.animator = Animator(app.settings.animation_speed)
        self.ai = AiRunner(driver.cursor.state.rules)
        self.overlays = self.overlays_type(self)
        self.controls = Controls(self, self.overlays, self.ai)
        self.motion = Motion(self, self.animator, self.overlays)
        self.tools = Tools(self, self.controls, self.ask_leave)
        self.entrust = Entrust(self, self.controls, self.overlays, self.tools, self.ai)
        self.panels = self.panels_type(self, self.controls, self.overlays, self.tools, self.ai)
        self.input = TableInput(
            self,
            animator=self.animator,
            controls=self.controls,
            overlays=self.overlays,
            tools=self.tools,
            entrust=self.entrust,
            ask_leave=self.ask_leave,
        )
        self.clock = 0.0
        self.shown: SeatView = driver.cursor.view(driver.seat)
        self.shown_at = driver.cursor.position
        """The cursor position the picture shows (a driver that moved the cursor itself is followed)."""
        self.marks = marks_after(driver.cursor.events, self.shown_at)
        """The seat shown with a fresh draw apart, and whose newest discard is marked."""
        self.result_at: float | None = None
        self.result_open = False
        self.over_on_open = driver.hand_over and driver.caught_up
        """The hand was over before this table showed anything (Continue on a finished hand): its result
        opens at once, with no pause for an end the person did not just watch."""
        self.leaving = False
        self._warmed_for: object = None
        self._warmed_faces_for: object = None
        self._save_problems = 0
        """How many of the autosave's problems the table has said."""
        self.names = self._names()
        self.frame: TableFrame = self._make_frame()
        self._frame_dirty = False
        self.panels.refresh()

    # ------------------------------------------------------------------ names and words
    def _names(self) -> list[str]:
        """The plate names, seat by seat, from the seat at the bottom: 你, 下家, 对家, 上家."""
        return [seat_word(s, self.driver.seat, self.app.lang, label=True) for s in range(4)]

    def seat_name(self, seat: int) -> str:
        """A seat inside a sentence, named from the seat at the bottom (下家 / the next player)."""
        return seat_word(seat, self.driver.seat, self.app.lang)

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the player's language: the reason and, for 听, each blocker."""
        return refusal_words(refusal, self.app.lang)

    def tile_word(self, kind: int) -> str:
        """A tile's name in the player's language."""
        return kind_name(kind, self.app.lang)

    # ------------------------------------------------------------------ frame (picture) building
    def mark_dirty(self) -> None:
        """The picture must be rebuilt before it is next drawn (the mode or the hints changed)."""
        self._frame_dirty = True

    def _make_frame(self) -> TableFrame:
        return table_frame(
            self.shown,
            names=self.names,
            levels=self.driver.levels(),
            drawn_seat=self.marks.drawn,
            last_discard_seat=self.marks.discard,
            playable=self.controls.playable(),
            hint_kinds=self.controls.hint_kinds(),
            acting=self.driver.seat if self.controls.decision_token is not None else None,
            from_draw=self.marks.from_draw,
        )

    def refresh(self) -> None:
        """Rebuild the picture (after the shown view, the mode or the hints changed)."""
        self.frame = self._make_frame()
        self._frame_dirty = False

    def table_size(self) -> tuple[int, int]:
        """The room the table is laid out in (the whole window; the replay viewer keeps a strip)."""
        return self.app.size

    @property
    def layout(self) -> TableLayout:
        """The layout of the current picture for the window."""
        if self._frame_dirty:
            self.refresh()
        layout = self.renderer.layout(self.table_size(), self.frame.picture, self.app.settings.ui_scale)
        self._plan_warm(layout)
        return layout

    # ------------------------------------------------------------------ UI (pygame_gui)
    def build_ui(self) -> None:
        """The claim bar in the right column and the tools left of the hand."""
        self.panels.build()
        self.controls.build()
        if self.tools_wanted:
            self.tools.build()
        else:
            self.tools.clear()

    def mini_width(self) -> int:
        """Face width of the small tiles in panels and bubbles."""
        return max(16, round(self.layout.hand_width * 0.45))

    def mini(self, kind: int | None, width: int | None = None, state: TileState = "normal") -> pygame.Surface:
        """A small tile for the panels, bubbles and choices."""
        return self.app.tiles.tile(kind, width or self.mini_width(), state=state)

    # ------------------------------------------------------------------ lifecycle
    def exit(self) -> None:
        """Leaving the table: stop the AI worker and let the driver close (a live match stays resumable)."""
        self.ai.shutdown()
        if isinstance(self.driver, Closing):
            self.driver.close()
        super().exit()

    def on_settings_changed(self, old: Any, new: Any) -> None:
        """Follow the animation speed, the language, the hint level and the tracker."""
        self.animator.set_speed(new.animation_speed)
        if old.language != new.language:
            self.names = self._names()
        if old.hints != new.hints:
            self.ai.forget_hints(asked=True)
            self.tools.relabel_hints()
            self.panels.refresh()  # how far from ready is worked out only while hints are on
        if old.show_tracker != new.show_tracker:
            self.tools.refresh()
        if (old.auto_win, old.skip_calls, old.auto_discard) != (
            new.auto_win,
            new.skip_calls,
            new.auto_discard,
        ):
            self.controls.reconsider()  # a helper just turned on may play the decision waiting now
        self._frame_dirty = True

    # ------------------------------------------------------------------ the loop
    @property
    def shows_log(self) -> bool:
        """The left column lists the hand so far (:mod:`game.ui.table.log_panel`): at a live match; a
        lesson's coach has that room."""
        return self.entrusting is not None

    @property
    def busy(self) -> bool:
        """An animation is playing or the driver has events still to show."""
        return self.animator.busy or not self.driver.caught_up

    def moving(self) -> bool:
        """Idle pacing (:mod:`game.ui.kit.pacing`): the table changes by itself while it is busy, its picture
        must be rebuilt, a toast is up, an AI seat thinks or the log has a jump to catch up with; waiting for
        the player it rests."""
        return (
            self.busy
            or self._frame_dirty
            or self.overlays.toast is not None
            or self.ai.job is not None
            or self.panels.log.behind
        )

    def update(self, dt: float) -> None:
        """Animate, show queued events, then let the player or an AI act."""
        self.clock += dt
        self.animator.update(dt)
        if not self._pump():
            # tile images ahead of need, a little each frame; not in a frame that shows an event
            # (its new layout and redrawn rivers already take that frame's time)
            self.app.tiles.draw_wanted(0.0015)
        self.overlays.expire()
        self.input.follow_mouse()
        if not self.busy and not self.leaving:
            self._drive()
        self._say_save_problems()
        super().update(dt)

    def _say_save_problems(self) -> None:
        """A save that failed during the match is said once, in the player's words (the log has the rest)."""
        autosave = getattr(self.driver, "autosave", None)
        problems: tuple[str, ...] = getattr(autosave, "warnings", ())
        if len(problems) > self._save_problems:
            self._save_problems = len(problems)
            self.app.notify(player_error("match_save", problems[-1]).text(self.app.lang))

    def _pump(self) -> int:
        """Show queued events while no blocking animation plays; returns how many were shown."""
        count = 0
        cursor = self.driver.cursor
        if cursor.position != self.shown_at:  # the driver moved the cursor itself (a seek): redraw
            self._jumped()
            count += 1
        while not self.animator.busy and (event := self.driver.show_next()) is not None:
            self._show(event)
            count += 1
        return count

    def _drive(self) -> None:
        """Between animations: open the result, set up the player's decision, run the AI."""
        if self.driver.hand_over:
            if self.result_at is None:
                self.result_at = self.clock + (0.0 if self.over_on_open else RESULT_PAUSE)
                self.controls.withdraw()
            elif self.clock >= self.result_at and not self.result_open:
                self.open_result()
            return
        menu: ActionMenu | None = self.driver.decision()
        if menu is not None:
            if menu.token != self.controls.decision_token:
                self.controls.offer(menu)
        elif self.controls.decision_token is not None:
            self.controls.withdraw()
        if self.ai.poll_hints(self.controls.decision_token):
            self.tools.refresh()
            self._frame_dirty = True
        self.entrust.watch(self.input.active_at)
        if self.ai_seats is not None:
            self.ai.drive(self.ai_seats, self.clock, self.app.settings.ai_delay_ms / 1000)

    # ------------------------------------------------------------------ tile images ahead of need
    def _plan_warm(self, layout: TableLayout) -> None:
        """After a layout change, ask for the tile images the table will soon need (faces in every
        river orientation, the player's hand states, the small panel tiles, the 宝 panel's tiles, the
        opponents' backs).

        The faces are asked for again only when the size, hand or river width (or the style) changed: the
        opponents' tile widths change with many draws and discards and only their backs depend on
        them (asking for ~300 faces again cost those event frames, and the next ones, time to find
        them all drawn already)."""
        seat_widths = tuple(s.tile_width for s in layout.seats)
        widths = (layout.size, layout.hand_width, layout.river_width, seat_widths)
        if widths == self._warmed_for:
            return
        self._warmed_for = widths
        want = self.app.tiles.want
        faces = (*widths[:3], self.app.tiles.palette, self.app.tiles.corner_index)
        if faces == self._warmed_faces_for:
            for seat in (1, 2, 3):
                want(None, layout.seats[seat].tile_width, SEAT_ROTATION[seat])
            return
        self._warmed_faces_for = faces
        kinds: list[int | None] = list(range(28))
        hw = layout.hand_width
        # a kind's states and rotations one after the other: they share its face (drawn once)
        for k in kinds:
            for state in ("normal", "dimmed", "hint", "highlight"):
                want(k, hw, 0, state)
        for k in kinds:
            for rot in SEAT_ROTATION:
                want(k, layout.river_width, rot)
        for seat in (1, 2, 3):
            want(None, layout.seats[seat].tile_width, SEAT_ROTATION[seat])
        mini = self.mini_width()
        for width in (mini, max(12, round(mini * 0.7)), max(12, round(hw * 0.5)), bao_tile_width(mini)):
            for k in kinds:
                want(k, width)

    # ------------------------------------------------------------------ showing events
    def _show(self, event: Event) -> None:
        """Apply one event just stepped over to the picture and start its animation."""
        before = self.layout
        before_ids = self.frame.hand_ids
        cursor = self.driver.cursor
        seat = self.driver.seat
        seen = cursor.seen(seat)
        self.shown = cursor.view(seat)
        self.shown_at = cursor.position
        self.marks = next_marks(self.marks, event)
        self.over_on_open = False
        self.overlays.moved()
        if isinstance(event, RoundStarted):
            self.overlays.hush()
            self.result_at = None
            self.result_open = False
        self.refresh()
        self.panels.refresh()
        after = self.layout
        if seen is not None:
            self.motion.animate(seen, before, after, before_ids, self.controls.hover)
        lost = outranked(cursor.before, seat)
        if lost is not None:
            theirs, mine = lost
            name = self.seat_name(theirs.seat)
            text = outranked_text(cursor.state.rules, self.app.lang, name, theirs, mine)
            self.overlays.say(text, colour=COLOURS.gold)

    def _jumped(self) -> None:
        """The driver moved the cursor itself (back, a seek): show where it stands, no animation."""
        cursor = self.driver.cursor
        self.animator.skip()
        self.shown = cursor.view(self.driver.seat)
        self.shown_at = cursor.position
        self.marks = marks_after(cursor.events, cursor.position)
        self.overlays.hush()
        self.result_at = None
        self.result_open = False
        self.refresh()
        self.panels.refresh()

    # ------------------------------------------------------------------ leaving and results
    def ask_leave(self) -> None:
        """Esc or the menu button: the table's menu — leave (a live match is saved and can be continued),
        the rules, the settings; the table waits behind it."""
        app = self.app
        app.nav.ask(
            tr("table.leave_title", app.lang),
            tr("table.leave_body", app.lang),
            [
                (tr("table.leave", app.lang), self.leave),
                (tr("menu.settings", app.lang), app.nav.settings),  # animation speed, AI pause, hints ...
                (tr("menu.rules", app.lang), lambda: app.nav.rules(over_table=True)),
                (tr("dialog.cancel", app.lang), None),
            ],
            width=700,
        )

    def leave(self) -> None:
        """Back to the main menu."""
        self.leaving = True
        self.app.pop()

    def open_result(self) -> None:
        """Show the hand result over the table."""
        self.result_open = True
        result = replace(hand_result(self.driver, self.names), auto_next_after=self.autoplay_result_wait())
        self.app.nav.hand_result(result, self.next_hand, self.leave)

    def next_hand(self) -> None:
        """From the hand result: deal the next hand, or show the match result when it was the last.

        A match played by ``--autoplay`` ends the program after a look at the match result (托管 does not).
        """
        self.result_open = False
        self.result_at = None
        driver = self.driver
        driver.advance()
        if isinstance(driver, WholeMatch) and driver.match_over:
            self.app.nav.match_result(match_result(driver, self.names))
            wait = self.autoplay_result_wait()
            if wait is not None and self.app.autoplay:
                self.app.quit_after(wait)

    def autoplay_result_wait(self) -> float | None:
        """Seconds a result stays up before an autoplayed match goes on by itself (None: the person plays)."""
        if self.entrusting is None or not self.entrusting.autoplayed:
            return None
        factor = SPEED_FACTORS[self.app.settings.animation_speed]
        return AUTOPLAY_RESULT_SECONDS / factor if factor else 0.0

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keys (:mod:`game.ui.table.input`)."""
        return self.input.handle(event)

    # ------------------------------------------------------------------ drawing
    def draw_scene(self, surface: pygame.Surface) -> None:
        """The table, tiles in flight, 听-mode bubbles, hint marks and the side panels."""
        app = self.app
        layout = self.layout
        controls = self.controls
        hand_ui = HandUI(controls.hover if controls.mode != "choose" else None, controls.selected)
        self.renderer.draw(
            surface,
            self.frame.picture,
            layout,
            lang=app.lang,
            hand=hand_ui,
            clock=self.clock,
            hidden=self.motion.hidden_slots(),
            scores=self.motion.scores(),
            thinking=self.thinking_seat(),
        )
        self.motion.draw_flip(surface, layout)
        self.motion.draw_flights(surface)
        self.overlays.draw_toast_marks(surface, layout, controls)
        self.overlays.draw_hint_marks(surface, layout, controls)
        self.entrust.draw(surface, layout)
        if controls.mode == "ting":
            self.overlays.draw_ting_bubbles(surface, layout, controls)
        self.panels.draw_action_panel(surface, layout)
        self.panels.draw_info_panel(surface, layout)

    def thinking_seat(self) -> int | None:
        """The seat (relative to the bottom one) whose AI decides now, for the quiet mark on its plate."""
        seat = self.ai_seats.thinking() if self.ai_seats is not None and not self.busy else None
        return None if seat is None else (seat - self.driver.seat) % 4

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Choice tiles over their buttons, banners and score changes (the toast is in the action panel)."""
        self.overlays.draw_choice_tiles(surface, self.controls)
        self.overlays.draw_suggestion_badge(surface, self.controls)
        for banner in self.motion.banners:
            self.overlays.draw_banner(surface, banner)
        self.motion.draw_floaters(surface)


def start_table(app: SceneApp, config: MatchConfig) -> TableScene:
    """A table with a new match from the new-game setup, autosaved in the user data dir."""
    if app.autoplay and config.autoplay is None:  # the log names the level that plays the person's seat
        config = replace(config, autoplay=app.autoplay)
    session = Session.new(config, app.paths.saves_dir, app.paths.replays_dir)
    return TableScene(app, session)


__all__ = ["TableScene", "start_table"]
