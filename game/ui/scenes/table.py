"""The table: a live match against three AI players, played with the mouse or the keyboard.

Each frame the scene draws seat 0's *shown* view (the view as far as events
have been animated) through :func:`~game.ui.table_view.table_frame` and the
table renderer. New events from the :class:`~game.session.Session` are turned
into tweens one at a time — draws, discards, calls (the tile flies from the
river into the meld), 听, the 宝 flip, 换宝, the win, the settlement — and
queue while a blocking animation plays; a click or a key completes it.

AI decisions run on a single worker thread (polled every frame) and are played
back after the player's "AI thinking pause"; a frame never waits for them.

Controls: hover lifts a tile, a click discards it; ←/→ select, Enter discards.
The claim bar (right) has 吃 C, 碰 P, 杠 K, 听 T, 胡 H, 过 Space; several 吃 or
杠 choices are shown as tile groups picked by click or 1-9. 听 (T) enters a mode
where each discard that may declare 听 shows its waits above the tile; the others
say why not. Every action the player cannot take says why (a toast, the tiles
involved outlined). F1 cycles the hint level, F2 the unseen-tile tracker, Esc
leaves (the match is saved after every event).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, Literal

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai.base import Decision, Reason
from game.core.actions import Action, AnGang, Chi, Discard, Gang, JiaGang, Peng, Refusal
from game.core.analysis.listen import ListenReport
from game.core.events import (
    BaoReplaced,
    BaoRevealed,
    Event,
    Hu,
    RoundDrawn,
    RoundStarted,
    Settled,
    TileDiscarded,
    TileDrawn,
    TingDeclared,
)
from game.core.events import Chi as ChiEvent
from game.core.events import Gang as GangEvent
from game.core.events import Peng as PengEvent
from game.core.tiles import kind_name
from game.core.view import HIDDEN, SeatView
from game.glossary import term
from game.match_config import MatchConfig
from game.rule_texts import preset_name
from game.session import (
    ALLOWED,
    CLAIM_BUTTONS,
    HUMAN,
    AiJob,
    BaoPanel,
    Session,
    Shown,
    WaitFigure,
    bao_panel,
    button_of,
    find_advisor,
    find_reason_renderer,
    marked_discard,
    prepare_analysis,
    unseen_counts,
    wait_figures,
)
from game.table.results import HandResult, MatchResult
from game.ui.anim import SPEED_FACTORS, Animator, Point, Tween, ease_in_out_cubic, ease_out_cubic, linear
from game.ui.i18n import tr
from game.ui.layout import SEAT_ROTATION, SlotKey, TableLayout, TileSlot
from game.ui.scene import Scene
from game.ui.table_render import HandUI, TableRenderer
from game.ui.table_view import TableFrame, table_frame
from game.ui.theme import BASE_SIZES, COLOURS, RGB, scaled
from game.ui.widgets import draw_panel, draw_text, draw_wrapped, wrapped_height

log = logging.getLogger(__name__)

Mode = Literal["normal", "ting", "choose"]
HOTKEYS: Final[dict[int, str]] = {
    pygame.K_c: "chi",
    pygame.K_p: "peng",
    pygame.K_k: "gang",
    pygame.K_g: "gang",
    pygame.K_t: "ting",
    pygame.K_h: "hu",
    pygame.K_SPACE: "pass",
}
HOTKEY_LABEL: Final = {"chi": "C", "peng": "P", "gang": "K", "ting": "T", "hu": "H", "pass": "Space"}
SEAT_KEYS: Final = ("", "xiajia", "duijia", "shangjia")
WIN_WORD: Final = {"ron": "hu", "qianggang": "qianggang", "zimo": "zimo", "mobao": "mobao"}
TOAST_SECONDS: Final = 4.0
RESULT_PAUSE: Final = 0.6
AUTOPLAY_RESULT_SECONDS: Final = 2.0
"""With ``--autoplay``: how long a hand result (and the match result) stays up at normal animation speed."""


@dataclass
class Flight:
    """A tile moving across the table (drawn over it while its slot is hidden)."""

    kind: int | None
    width: int
    rotation: int
    tween: Tween[Point]
    hides: SlotKey | None = None


@dataclass
class Banner:
    """A big word popping up over a seat (碰, 听, 自摸, 换宝 ...), with a smaller line under it."""

    text: str
    sub: str
    centre: tuple[int, int]
    colour: RGB
    tween: Tween[float]
    image: pygame.Surface | None = None


@dataclass
class Floater:
    """A score change rising from a plate."""

    text: str
    colour: RGB
    start: tuple[int, int]
    tween: Tween[float]


@dataclass
class Flip:
    """The 宝 turning over to show its face."""

    kind: int
    tween: Tween[float]


@dataclass
class Toast:
    """A "why not" (or other) message over the hand, with tiles to outline."""

    text: str
    tiles: tuple[int, ...]
    until: float
    colour: RGB = COLOURS.ting


class TableScene(Scene):
    """The live table for one match (see the module docstring for the controls)."""

    name = "table"

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app)
        self.session = session
        if app.autoplay and not session.autoplayed:
            session.autoplay(app.autoplay)
        self.renderer = TableRenderer(app.fonts, app.tiles, app.backdrop)
        self.renderer.progressive = True  # tiles not made yet are stood in for; draw_wanted makes them
        self.animator = Animator(app.settings.animation_speed)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.executor.submit(prepare_analysis, session.game.state.rules)
        self.clock = 0.0
        self.shown: SeatView = session.shown_view()
        self.drawn_seat: int | None = self.shown.turn if self.shown.drawn is not None else None
        self.last_discard_seat: int | None = session.shown_last_discard()
        self.hover: int | None = None
        self.selected: int | None = None
        self.mode: Mode = "normal"
        self.choices: list[Action] = []
        self.choice_name = ""
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.floaters: list[Floater] = []
        self.flip: Flip | None = None
        self.toast: Toast | None = None
        self.hover_reason: str | None = None
        # the player's decision point
        self.decision_token: int | None = None
        self.decision_key: tuple[Action, ...] | None = None
        self.legal: list[Action] = []
        self.actions: dict[str, list[Action]] = {name: [] for name in CLAIM_BUTTONS}
        self.reasons: dict[str, Refusal] = {}
        self.ting_opts: dict[int, ListenReport] = {}
        # AI and hints off the render thread
        self.job: AiJob | None = None
        self.future: Future[Decision] | None = None
        self.ai_ready_at = 0.0
        self.hint_future: Future[list[Decision]] | None = None
        self.hint_token: int | None = None
        self.hints: list[Decision] | None = None
        self.advisor = find_advisor()
        self.render_reason = find_reason_renderer()
        # panels
        self.bao_figures: BaoPanel | None = None
        self.unseen: list[int] = unseen_counts(self.shown)
        self.result_at: float | None = None
        self.result_open = False
        self.leaving = False
        self.buttons: dict[str, Any] = {}
        self.choice_buttons: list[tuple[Any, Action]] = []
        self.tool_buttons: dict[str, Any] = {}
        self.choice_top = 0
        self._warmed_for: object = None
        self._warmed_faces_for: object = None
        self._scratch = pygame.Surface((1, 1))
        """A tiny surface to measure panel contents by drawing them where nothing shows."""
        self.names = self._names()
        self.frame: TableFrame = self._make_frame()
        self._frame_dirty = False
        self._refresh_panels()

    # ------------------------------------------------------------------ names and words
    def _names(self) -> list[str]:
        """The plate names: 你 for the player, 下家/对家/上家 for the AIs."""
        lang = self.app.lang
        return [tr("seat.you", lang), *(term(SEAT_KEYS[s], lang) for s in (1, 2, 3))]

    def seat_name(self, seat: int) -> str:
        """How a seat is called at this table."""
        return self.names[seat]

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the player's language: the reason and, for 听, each blocker."""
        lang = self.app.lang
        try:
            text = term(f"refusal.{refusal.code}", lang)
        except KeyError:
            text = refusal.message
        if refusal.blockers:
            sep = "、" if lang == "zh" else ", "
            words = []
            for b in refusal.blockers:
                try:
                    words.append(term(f"blocker.{b}", lang))
                except KeyError:
                    words.append(b)
            text += ("：" if lang == "zh" else ": ") + sep.join(words)
        return text

    def tile_word(self, kind: int) -> str:
        """A tile's name in the player's language."""
        return kind_name(kind, self.app.lang)

    # ------------------------------------------------------------------ frame (picture) building
    def _levels(self) -> list[str | None]:
        return list(self.session.seat_levels())

    def _playable(self) -> list[int] | None:
        """Tile ids the player may click now (others dimmed), or None when nothing is to be chosen."""
        if self.decision_token is None or self.shown.phase != "discard" or self.shown.turn != HUMAN:
            return None
        if self.mode == "ting":
            return [t for t in self.shown.hand if t >> 2 in self.ting_opts]
        kinds = {a.tile >> 2 for a in self.legal if isinstance(a, Discard) and not a.ting}
        if self.shown.listening[HUMAN]:
            return [t for t in self.shown.hand if t == self.shown.drawn and t >> 2 in kinds]
        return [t for t in self.shown.hand if t >> 2 in kinds]

    def _hint_kinds(self) -> frozenset[int]:
        """Kinds a level-1 hint marks: discards that let the player declare 听."""
        if self.app.settings.hints < 1 or self.decision_token is None or self.mode == "ting":
            return frozenset()
        return frozenset(self.ting_opts)

    def _make_frame(self) -> TableFrame:
        return table_frame(
            self.shown,
            names=self.names,
            levels=self.session.seat_levels(),
            drawn_seat=self.drawn_seat,
            last_discard_seat=self.last_discard_seat,
            playable=self._playable(),
            hint_kinds=self._hint_kinds(),
        )

    def refresh(self) -> None:
        """Rebuild the picture (after the shown view, the mode or the hints changed)."""
        self.frame = self._make_frame()
        self._frame_dirty = False

    @property
    def layout(self) -> TableLayout:
        """The layout of the current picture for the window."""
        if self._frame_dirty:
            self.refresh()
        layout = self.renderer.layout(self.app.size, self.frame.picture, self.app.settings.ui_scale)
        self._plan_warm(layout)
        return layout

    def _refresh_panels(self) -> None:
        """Recompute the figures of the side panels from the shown view."""
        self.unseen = unseen_counts(self.shown)
        self.bao_figures = bao_panel(self.shown) if self.shown.listening[HUMAN] else None

    # ------------------------------------------------------------------ UI (pygame_gui)
    def build_ui(self) -> None:
        """The claim bar in the right column and the hint/tracker toggles in the left one."""
        self.preset_name = preset_name(self.session.preset, self.app.lang)
        self.buttons = {}
        self.choice_buttons = []
        self.tool_buttons = {}
        area = self.layout.action_area
        pad = self.px(12)
        inner = area.inflate(-2 * pad, -2 * pad)
        cols = 2
        gap = self.px(8)
        bw = (inner.w - gap) // cols
        bh = max(self.px(34), min(self.px(44), inner.h // 9))
        top = inner.y + self.px(58)
        for i, name in enumerate(CLAIM_BUTTONS):
            r, c = divmod(i, cols)
            rect = pygame.Rect(inner.x + c * (bw + gap), top + r * (bh + gap), bw, bh)
            word = term(name, self.app.lang)
            hotkey = HOTKEY_LABEL[name]
            label = self._fit_label((f"{word}  ({hotkey})", f"{word} ({hotkey})", word), "@claim", bw)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, label, self.manager, object_id=ObjectID(object_id=f"#claim_{name}", class_id="@claim")
            )
        self.choice_top = top + 3 * (bh + gap) + self.px(4)
        info = self.layout.info_area
        tw = (info.w - gap) // 2
        th = self.px(30)
        y = info.bottom - th
        self.tool_buttons["hints"] = pygame_gui.elements.UIButton(
            pygame.Rect(info.x, y, tw, th),
            self._hint_label(tw),
            self.manager,
            object_id=ObjectID(object_id="#tool_hints", class_id="@tool"),
        )
        self.tool_buttons["tracker"] = pygame_gui.elements.UIButton(
            pygame.Rect(info.x + tw + gap, y, tw, th),
            tr("table.tracker_button", self.app.lang),
            self.manager,
            object_id=ObjectID(object_id="#tool_tracker", class_id="@tool"),
        )
        self._apply_button_states()
        self._build_choices()

    def _hint_label(self, width: int) -> str:
        """The F1 button's label: the hint level, shorter when the button is narrow."""
        lang = self.app.lang
        level = tr(f"settings.hints.{self.app.settings.hints}", lang)
        return self._fit_label(
            (
                tr("table.hints_button", lang, level=level),
                tr("table.hints_button_short", lang, level=level),
                level,
            ),
            "@tool",
            width,
        )

    def _fit_label(self, labels: Sequence[str], theme_key: str, width: int) -> str:
        """The first label that fits a button of this width in its theme font (else the last one):
        pygame_gui clips a label wider than its button ('pass (Spac' at 1024x640, UI scale 115%)."""
        base, bold = BASE_SIZES[theme_key]
        size = scaled(base, self.scale)
        room = width - 2 * self.px(6)
        for label in labels:
            if self.app.fonts.size(label, size, "bold" if bold else "regular")[0] <= room:
                return label
        return labels[-1]

    def _apply_button_states(self) -> None:
        """Enable the buttons the player may press now; the others are greyed (and say why when pressed)."""
        active = self.decision_token is not None and not self.busy
        for name, btn in self.buttons.items():
            if active and self.actions.get(name):
                btn.enable()
            else:
                btn.disable()
            recommended = active and self._recommended_button() == name
            if recommended and not btn.is_selected:
                btn.select()
            elif not recommended and btn.is_selected:
                btn.unselect()
        tracker = self.tool_buttons.get("tracker")
        if tracker is not None:
            if self.show_tracker and not tracker.is_selected:
                tracker.select()
            elif not self.show_tracker and tracker.is_selected:
                tracker.unselect()

    def _build_choices(self) -> None:
        """One button per choice (tile groups drawn over them), numbered 1-9."""
        for btn, _ in self.choice_buttons:
            btn.kill()
        self.choice_buttons = []
        if self.mode != "choose" or not self.choices:
            return
        area = self.layout.action_area
        pad = self.px(12)
        x0, w = area.x + pad, area.w - 2 * pad
        h = max(self.px(40), round(self.mini_width() * 1.34) + self.px(14))
        gap = self.px(6)
        for i, action in enumerate(self.choices[:9]):
            rect = pygame.Rect(x0, self.choice_top + self.px(24) + i * (h + gap), w, h)
            if rect.bottom > area.bottom - pad:
                break
            btn = pygame_gui.elements.UIButton(rect, "", self.manager, object_id=f"#choice_{i}")
            self.choice_buttons.append((btn, action))

    def mini_width(self) -> int:
        """Face width of the small tiles in panels and bubbles."""
        return max(16, round(self.layout.hand_width * 0.45))

    # ------------------------------------------------------------------ lifecycle
    def exit(self) -> None:
        """Leaving the table: stop the AI worker and close the save (the match stays resumable)."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.session.close()
        super().exit()

    def on_settings_changed(self, old: Any, new: Any) -> None:
        """Follow the animation speed, the language, the hint level and the tracker."""
        self.animator.set_speed(new.animation_speed)
        if old.language != new.language:
            self.names = self._names()
        if old.hints != new.hints:
            self.hints = None
            self.hint_token = None
            button = self.tool_buttons.get("hints")
            if button is not None:
                button.set_text(self._hint_label(button.rect.w))
        if old.show_tracker != new.show_tracker:
            self._apply_button_states()
        self._frame_dirty = True

    # ------------------------------------------------------------------ the loop
    @property
    def busy(self) -> bool:
        """An animation is playing or shown events are queued."""
        return self.animator.busy or self.session.backlog > 0

    def update(self, dt: float) -> None:
        """Animate, show queued events, then let the player or an AI act."""
        self.clock += dt
        self.animator.update(dt)
        if not self._pump():
            # tile images ahead of need, a little each frame; not in a frame that shows an event
            # (its new layout and redrawn rivers already take that frame's time)
            self.app.tiles.draw_wanted(0.0015)
        if self.toast is not None and self.clock > self.toast.until:
            self.toast = None
        if not self.busy and not self.leaving:
            self._drive()
        super().update(dt)

    def _pump(self) -> int:
        """Show queued events while no blocking animation plays; returns how many were shown."""
        count = 0
        while not self.animator.busy and (shown := self.session.next_shown()) is not None:
            self._show(shown)
            count += 1
        return count

    def _drive(self) -> None:
        """Between animations: open the result, set up the player's decision, run the AI."""
        session = self.session
        if session.round_over:
            if self.result_at is None:
                self.result_at = self.clock + RESULT_PAUSE
                self._end_decision()
            elif self.clock >= self.result_at and not self.result_open:
                self.open_result()
            return
        if session.token != self.decision_token:
            if session.human_pending():
                self._new_decision()
            elif self.decision_token is not None:
                self._end_decision()
        self._poll_hints()
        ai = session.ai_pending()
        if ai:
            self._drive_ai(ai[0])

    def _drive_ai(self, seat: int) -> None:
        """Ask the worker for the AI's move; play it once it is ready and the pause is over."""
        if self.future is None or self.job is None:
            job = self.session.ai_job(seat)
            self.job = job
            self.future = self.executor.submit(job.run)
            turn = job.view.phase in ("discard", "fenzhang")
            self.ai_ready_at = self.clock + (self.app.settings.ai_delay_ms / 1000 if turn else 0.0)
            return
        if not self.future.done() or self.clock < self.ai_ready_at:
            return
        job, future = self.job, self.future
        self.job, self.future = None, None
        try:
            decision = future.result()
        except Exception:  # a broken AI must not stop the match
            log.exception("AI seat %d failed to decide; playing its first legal action", job.seat)
            decision = Decision(job.legal[0], Reason("fallback"))
        self.session.apply_ai(job, decision)

    def _new_decision(self) -> None:
        """The table waits for the player: work out the buttons, the 听 options and the hints once."""
        session = self.session
        legal = session.legal()
        self.decision_token = session.token
        key = tuple(legal)
        if key == self.decision_key:
            return
        self.decision_key = key
        self.legal = legal
        self.actions = session.button_actions()
        self.reasons = session.button_reasons()
        self.ting_opts = session.ting_options()
        view = session.view()
        self.mode = "ting" if view.must_ting else "normal"
        self.choices = []
        self.selected = None
        self.hints = None
        self.hint_token = None
        self._request_hints(view)
        self._apply_button_states()
        self._build_choices()
        self._frame_dirty = True

    def _end_decision(self) -> None:
        """The table no longer waits for the player."""
        self.decision_token = None
        self.decision_key = None
        self.legal = []
        self.actions = {name: [] for name in CLAIM_BUTTONS}
        self.ting_opts = {}
        self.mode = "normal"
        self.choices = []
        self.hints = None
        self._apply_button_states()
        self._build_choices()
        self._frame_dirty = True

    # ------------------------------------------------------------------ tile images ahead of need
    def _plan_warm(self, layout: TableLayout) -> None:
        """After a layout change, ask for the tile images the table will soon need (faces in every
        river orientation, the player's hand states, the small panel tiles, the opponents' backs).

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
        for width in (mini, max(12, round(mini * 0.7)), max(12, round(hw * 0.5))):
            for k in kinds:
                want(k, width)

    # ------------------------------------------------------------------ hints
    def _request_hints(self, view: SeatView) -> None:
        """Ask the AI advisor (off the render thread) to rank the player's options (hint level 2+)."""
        if self.app.settings.hints < 2 or self.advisor is None or not self.legal:
            return
        advisor, legal = self.advisor, tuple(self.legal)
        self.hint_token = self.session.token
        self.hint_future = self.executor.submit(lambda: advisor(view, legal))

    def _poll_hints(self) -> None:
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        try:
            ranked = future.result()
        except Exception:
            log.exception("the hint advisor failed")
            return
        if self.hint_token == self.decision_token:
            self.hints = list(ranked)
            self._apply_button_states()
            self._frame_dirty = True

    def _recommended_button(self) -> str | None:
        """The claim-bar button the advisor ranks first (hint level 2+)."""
        if not self.hints or self.app.settings.hints < 2:
            return None
        name = button_of(self.hints[0].action)
        return name if name in CLAIM_BUTTONS else None

    def ranked_discards(self) -> list[tuple[int, int]]:
        """(rank 1-3, tile kind) of the advisor's best discards (hint level 2+)."""
        if not self.hints or self.app.settings.hints < 2:
            return []
        out: list[tuple[int, int]] = []
        for decision in self.hints:
            if isinstance(decision.action, Discard) and all(k != decision.action.tile >> 2 for _, k in out):
                out.append((len(out) + 1, decision.action.tile >> 2))
            if len(out) == 3:
                break
        return out

    def hint_reason(self) -> str | None:
        """The advisor's reason for its first choice, in words (hint level 3)."""
        if not self.hints or self.app.settings.hints < 3:
            return None
        if self.render_reason is None:
            return tr("table.reasons_missing", self.app.lang)
        try:
            return self.render_reason(self.hints[0].reason, self.app.lang)
        except Exception:
            log.exception("render_reason failed")
            return None

    # ------------------------------------------------------------------ showing events
    def _show(self, shown: Shown) -> None:
        """Apply one shown event to the picture and start its animation."""
        before = self.layout
        before_ids = self.frame.hand_ids
        event = shown.event
        self.shown = shown.view
        if event is not None:
            self.last_discard_seat = marked_discard(self.last_discard_seat, event)
        if isinstance(event, TileDrawn):
            self.drawn_seat = event.seat
        elif isinstance(event, TileDiscarded | ChiEvent | PengEvent | GangEvent | Hu):
            self.drawn_seat = None
        elif isinstance(event, RoundStarted):
            self.drawn_seat = None
            self.toast = None
            self.result_at = None
            self.result_open = False
        self.refresh()
        self._refresh_panels()
        after = self.layout
        if event is not None:
            self._animate(event, before, after, before_ids)

    def _animate(
        self, event: Event, before: TableLayout, after: TableLayout, before_ids: tuple[int, ...] = ()
    ) -> None:
        """The tweens of one event (nothing for events with nothing to see)."""
        lang = self.app.lang
        if isinstance(event, TileDrawn):
            hand = after.seats[event.seat].hand
            if hand and before.wall:
                stack = before.wall[0] if event.from_tail else before.wall[-1]
                slot = hand[-1]
                kind = event.tile >> 2 if event.tile != HIDDEN else None
                self._fly(kind, slot, stack.rect.topleft, 0.2, ("hand", event.seat, len(hand) - 1))
        elif isinstance(event, TileDiscarded):
            river = after.seats[event.seat].river
            if river:
                start = self._hand_origin(before, event.seat, event.tile, before_ids)
                self._fly(event.tile >> 2, river[-1], start, 0.24, ("river", event.seat, len(river) - 1))
                self.app.sound.play("click")
        elif isinstance(event, ChiEvent | PengEvent) or (
            isinstance(event, GangEvent) and event.from_seat is not None
        ):
            self._animate_claim(event, before, after)
        elif isinstance(event, GangEvent):
            self._banner(term(event.kind, lang), "", self._seat_centre(after, event.seat), COLOURS.gold, 0.7)
            self.app.sound.play("call")
        elif isinstance(event, TingDeclared):
            self._banner(term("ting", lang), "", self._seat_centre(after, event.seat), COLOURS.ting, 0.8)
            self.app.sound.play("ting")
        elif isinstance(event, BaoRevealed) and event.tile != HIDDEN:
            self.flip = Flip(event.tile >> 2, Tween(0.0, 1.0, 0.6, ease_in_out_cubic))
            self.animator.add(self.flip.tween)
        elif isinstance(event, BaoReplaced):
            self._animate_bao_swap(event, before, after)
        elif isinstance(event, Hu):
            self._animate_win(event, before, after)
        elif isinstance(event, Settled) and event.final:
            self._animate_settlement(event, after)
        elif isinstance(event, RoundDrawn):
            self._banner(term("huangzhuang", lang), "", after.centre.center, COLOURS.text, 1.0)
        elif isinstance(event, RoundStarted):
            sub = tr("table.dealer_is", lang, seat=self.seat_name(event.dealer))
            text = tr("table.hand_of", lang, n=event.hand_no + 1, total=self.shown.match_hands)
            self._banner(text, sub, after.centre.center, COLOURS.gold, 0.9)

    def _hand_origin(
        self, layout: TableLayout, seat: int, tile: int, before_ids: tuple[int, ...]
    ) -> tuple[int, int]:
        """Where a discarded tile left from: its own slot for the player, the hand's end for others."""
        hand = layout.seats[seat].hand
        if seat == HUMAN and tile in before_ids:
            index = before_ids.index(tile)
            slot = layout.hand_slot(index)
            if slot is not None:
                return (slot.rect.x, slot.rect.y - (layout.lift if index == self.hover else 0))
        if hand:
            return hand[-1].rect.topleft
        return layout.seats[seat].band.center

    def _fly(
        self,
        kind: int | None,
        slot: TileSlot,
        start: tuple[int, int],
        seconds: float,
        hides: SlotKey | None,
        delay: float = 0.0,
    ) -> Flight:
        """A tile flying from a point to a slot (the slot stays hidden until it lands)."""
        tween = Tween(
            (float(start[0]), float(start[1])),
            (float(slot.rect.x), float(slot.rect.y)),
            seconds,
            ease_out_cubic,
            delay=delay,
        )
        flight = Flight(kind, slot.width, slot.rotation, tween, hides)
        self.flights.append(flight)

        def landed() -> None:
            if flight in self.flights:
                self.flights.remove(flight)

        tween.on_done = landed
        self.animator.add(tween)
        return flight

    def _banner(self, text: str, sub: str, centre: tuple[int, int], colour: RGB, seconds: float) -> None:
        banner = Banner(text, sub, centre, colour, Tween(0.0, 1.0, seconds, linear))

        def gone() -> None:
            if banner in self.banners:
                self.banners.remove(banner)

        banner.tween.on_done = gone
        self.banners.append(banner)
        self.animator.add(banner.tween)

    def _seat_centre(self, layout: TableLayout, seat: int) -> tuple[int, int]:
        """Where a seat's banners appear: over its river."""
        return layout.seats[seat].river_area.center

    def _animate_claim(
        self, event: ChiEvent | PengEvent | GangEvent, before: TableLayout, after: TableLayout
    ) -> None:
        """The claimed tile flies from the river into the new meld; the call's word pops up."""
        lang = self.app.lang
        from_seat = event.from_seat if event.from_seat is not None else event.seat
        river = before.seats[from_seat].river
        melds = after.seats[event.seat].melds
        if river and melds:
            last = max(slot.index for slot in melds)
            sideways = [
                sl
                for sl in melds
                if sl.index == last and not sl.stacked and sl.rotation != SEAT_ROTATION[event.seat]
            ]
            target = sideways[0] if sideways else [sl for sl in melds if sl.index == last][-1]
            key = after.slot_key(target)
            self._fly(event.tile >> 2, target, river[-1].rect.topleft, 0.38, key)
        word = event.type if not isinstance(event, GangEvent) else "gang"
        if isinstance(event, ChiEvent | PengEvent) and event.ting:
            word = "chiting" if isinstance(event, ChiEvent) else "pengting"
        self._banner(term(word, lang), "", self._seat_centre(after, event.seat), COLOURS.gold, 0.75)
        self.app.sound.play("call")

    def _animate_bao_swap(self, event: BaoReplaced, before: TableLayout, after: TableLayout) -> None:
        """换宝: the old 宝 turns face up and moves aside, a new one slides in from the wall's end."""
        lang = self.app.lang
        if before.bao is not None and after.old_bao:
            target = after.old_bao[-1]
            self._fly(event.old >> 2, target, before.bao.rect.topleft, 0.5, ("old_bao", -1, target.index))
        if event.new is not None and after.bao is not None and before.wall:
            kind = None if event.new == HIDDEN else event.new >> 2
            self._fly(kind, after.bao, before.wall[0].rect.topleft, 0.5, ("bao", -1, 0), delay=0.35)
        reason = tr("table.huanbao_reason", lang, tile=self.tile_word(event.old >> 2), n=event.visible)
        self._banner(term("huanbao", lang), reason, after.centre.center, COLOURS.gold, 1.4)
        self.say(reason, (), COLOURS.gold)

    def _animate_win(self, event: Hu, before: TableLayout, after: TableLayout) -> None:
        """The win: the word (自摸, 摸宝 ...), 卡当 under it, the tile flying in on a discard."""
        lang = self.app.lang
        if event.from_seat is not None and event.kind == "ron":
            river = before.seats[event.from_seat].river
            hand = after.seats[event.seat].hand
            if river and hand:
                self._fly(event.tile >> 2, hand[-1], river[-1].rect.topleft, 0.4, None)
        word = term(WIN_WORD.get(event.kind, event.kind), lang)
        sub_parts = [self.seat_name(event.seat)]
        if event.kind == "ron" and event.from_seat is not None:
            sub_parts.append(tr("table.from_seat", lang, seat=self.seat_name(event.from_seat)))
        if event.kadang:
            sub_parts.append(term("kadang", lang))
        self._banner(word, " · ".join(sub_parts), after.centre.center, COLOURS.turn, 1.5)
        self.app.sound.play("win")

    def _animate_settlement(self, event: Settled, after: TableLayout) -> None:
        """Each seat's score change rises from its plate."""
        for seat, delta in enumerate(event.deltas):
            if delta:
                plate = after.seats[seat].plate
                colour = (120, 230, 140) if delta > 0 else (255, 130, 110)
                floater = Floater(f"{delta:+d}", colour, plate.midtop, Tween(0.0, 1.0, 1.1, ease_out_cubic))

                def gone(f: Floater = floater) -> None:
                    if f in self.floaters:
                        self.floaters.remove(f)

                floater.tween.on_done = gone
                self.floaters.append(floater)
                self.animator.add(floater.tween)

    # ------------------------------------------------------------------ acting
    def say(self, text: str, tiles: tuple[int, ...] = (), colour: RGB = COLOURS.ting) -> None:
        """Show a message over the hand for a few seconds, outlining some of the player's tiles."""
        self.toast = Toast(text, tiles, self.clock + TOAST_SECONDS, colour)

    def why_not(self, refusal: Refusal) -> None:
        """Say why an action is not allowed, with the tiles involved outlined."""
        self.say(self.refusal_text(refusal), refusal.tiles)
        self.app.sound.play("ui")

    def submit(self, action: Action) -> bool:
        """Play the player's action; on a refusal say why. True if it was played."""
        result = self.session.submit(action)
        if isinstance(result, Refusal):
            self.why_not(result)
            return False
        self.toast = None
        self.mode = "normal"
        self.choices = []
        self.selected = None
        self.decision_token = None
        self.decision_key = None
        self._apply_button_states()
        self._build_choices()
        self._frame_dirty = True
        return True

    def press(self, name: str) -> None:
        """A claim-bar button or its hotkey: act, offer the choices, enter 听 mode, or say why not."""
        if self.decision_token is None or self.busy:
            self.why_not(self.session.button_reasons()[name])
            return
        actions = self.actions.get(name, [])
        if not actions:
            self.why_not(self.reasons.get(name) or self.session.button_reasons()[name])
            return
        if name == "ting" and all(isinstance(a, Discard) for a in actions):
            self.set_mode("normal" if self.mode == "ting" else "ting")
            return
        if len(actions) == 1:
            self.submit(actions[0])
            return
        self.choices = actions
        self.choice_name = name
        self.set_mode("choose")

    def set_mode(self, mode: Mode) -> None:
        """Switch between plain play, the 听 mode and picking one of several calls."""
        if self.mode == "ting" and mode != "ting" and self.shown.must_ting:
            mode = "ting"  # after 吃听/碰听 the discard must declare 听
        self.mode = mode
        if mode != "choose":
            self.choices = []
        self._build_choices()
        self._frame_dirty = True

    def click_tile(self, index: int) -> None:
        """A click (or Enter) on one of the player's tiles: discard it, declare 听 with it, or say why not."""
        if index >= len(self.frame.hand_ids):
            return
        tile = self.frame.hand_ids[index]
        if self.decision_token is None or self.busy:
            self.why_not(self.session.discard_refusal(tile))
            return
        if self.mode == "ting":
            if tile >> 2 in self.ting_opts:
                self.submit(Discard(tile, ting=True))
            else:
                self.why_not(self.session.discard_refusal(tile, ting=True))
            return
        plain = [a for a in self.legal if isinstance(a, Discard) and not a.ting and a.tile >> 2 == tile >> 2]
        if plain and (not self.shown.listening[HUMAN] or tile == self.shown.drawn):
            self.submit(Discard(tile))
        else:
            self.why_not(self.session.discard_refusal(tile))

    def choose(self, i: int) -> None:
        """Pick the i-th of several calls."""
        if 0 <= i < len(self.choices):
            self.submit(self.choices[i])

    def cycle_hints(self) -> None:
        """F1: the next hint level (saved with the settings)."""
        level = (self.app.settings.hints + 1) % 4
        self.app.update_settings(hints=level)
        button = self.tool_buttons.get("hints")
        if button is not None:
            button.set_text(self._hint_label(button.rect.w))
        if self.decision_token is not None:
            self.decision_key = None
            self.decision_token = None

    @property
    def show_tracker(self) -> bool:
        """The unseen-tile tracker is open (a setting, so it stays open across Continue and restarts)."""
        return bool(self.app.settings.show_tracker)

    def toggle_tracker(self) -> None:
        """F2: show or hide the unseen-tile tracker (saved with the settings)."""
        self.app.update_settings(show_tracker=not self.show_tracker)
        self._apply_button_states()

    def ask_leave(self) -> None:
        """Esc: offer to leave the table (the match is saved and can be continued)."""
        app = self.app
        app.nav.ask(
            tr("table.leave_title", app.lang),
            tr("table.leave_body", app.lang),
            [
                (tr("table.leave", app.lang), self.leave),
                (tr("menu.settings", app.lang), self.open_settings),
                (tr("dialog.cancel", app.lang), None),
            ],
            width=560,
        )

    def open_settings(self) -> None:
        """The settings over the table (animation speed, AI pause, hints, sound...); Esc comes back."""
        self.app.nav.settings()

    def leave(self) -> None:
        """Back to the main menu."""
        self.leaving = True
        self.app.pop()

    def open_result(self) -> None:
        """Show the hand result over the table."""
        self.result_open = True
        view = self.session.view()
        last = view.hand_no + 1 >= view.match_hands
        result = HandResult(view, self.names, self.session.seat_levels(), last, self.autoplay_result_wait())
        self.app.nav.hand_result(result, self.next_hand, self.leave)

    def next_hand(self) -> None:
        """From the hand result: deal the next hand, or show the match result when it was the last.

        An autoplayed match (``--autoplay``) ends the program after a look at the match result.
        """
        self.result_open = False
        self.result_at = None
        self.session.advance()
        if self.session.over:
            state = self.session.game.state
            records = self.session.hand_records()
            saved = self.session.finished_path
            scores = state.scores
            summary = MatchResult(self.names, self._levels(), records, scores, state.start_scores, saved)
            self.app.nav.match_result(summary)
            wait = self.autoplay_result_wait()
            if wait is not None:
                self.app.quit_at = time.perf_counter() + wait

    def autoplay_result_wait(self) -> float | None:
        """Seconds a result stays up before an autoplayed match goes on by itself (None: the person plays)."""
        if not self.session.autoplayed:
            return None
        factor = SPEED_FACTORS[self.app.settings.animation_speed]
        return AUTOPLAY_RESULT_SECONDS / factor if factor else 0.0

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keys (see the module docstring)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.animator.busy:
                self.animator.skip()
                return True
            if event.button == 3:
                self.set_mode("normal")
                return True
            if event.button != 1:
                return False
            for name, btn in self.buttons.items():
                if not btn.is_enabled and btn.rect.collidepoint(event.pos):
                    self.press(name)
                    return True
            index = self.layout.hit_test(event.pos)
            if index is not None:
                self.click_tile(index)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _button_pressed(self, element: Any) -> bool:
        for name, btn in self.buttons.items():
            if element is btn:
                self.press(name)
                return True
        for i, (btn, _) in enumerate(self.choice_buttons):
            if element is btn:
                self.choose(i)
                return True
        if element is self.tool_buttons.get("hints"):
            self.cycle_hints()
            return True
        if element is self.tool_buttons.get("tracker"):
            self.toggle_tracker()
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        """Hover lifts a tile; over a greyed button, say why it is greyed."""
        self.hover = self.layout.hit_test(pos)
        self.hover_reason = None
        for name, btn in self.buttons.items():
            if not btn.is_enabled and btn.rect.collidepoint(pos):
                reason = self.reasons.get(name) if self.decision_token is not None else None
                if reason is None or reason.code == ALLOWED:
                    reason = self.session.button_reasons()[name]
                self.hover_reason = self.refusal_text(reason)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.animator.busy and key not in (pygame.K_F1, pygame.K_F2):
            self.animator.skip()
            return True
        if key == pygame.K_ESCAPE:
            if self.mode != "normal" and not self.shown.must_ting:
                self.set_mode("normal")
            else:
                self.ask_leave()
            return True
        if key == pygame.K_F1:
            self.cycle_hints()
            return True
        if key == pygame.K_F2:
            self.toggle_tracker()
            return True
        if key in HOTKEYS:
            self.press(HOTKEYS[key])
            return True
        if self.mode == "choose" and pygame.K_1 <= key <= pygame.K_9:
            self.choose(key - pygame.K_1)
            return True
        n = len(self.frame.hand_ids)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = -1 if key == pygame.K_LEFT else 1
            if self.selected is None:
                self.selected = n - 1 if step < 0 else 0
            else:
                self.selected = (self.selected + step) % n
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.mode == "choose" and self.choices:
                self.choose(0)
            elif self.selected is not None:
                self.click_tile(self.selected)
            elif self.hover is not None:
                self.click_tile(self.hover)
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def hidden_slots(self) -> frozenset[SlotKey]:
        """Slots whose tile is in flight (or turning over)."""
        keys = {f.hides for f in self.flights if f.hides is not None}
        if self.flip is not None and not self.flip.tween.done:
            keys.add(("bao", -1, 0))
        return frozenset(keys)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """The table, tiles in flight, 听-mode bubbles, hint marks and the side panels."""
        app = self.app
        layout = self.layout
        hand_ui = HandUI(self.hover if self.mode != "choose" else None, self.selected)
        self.renderer.draw(
            surface,
            self.frame.picture,
            layout,
            lang=app.lang,
            hand=hand_ui,
            clock=self.clock,
            hidden=self.hidden_slots(),
        )
        self._draw_flip(surface, layout)
        for flight in self.flights:
            if flight.tween.elapsed >= flight.tween.delay:
                x, y = flight.tween.value
                img = app.tiles.tile(flight.kind, flight.width, rotation=flight.rotation)
                surface.blit(img, (round(x), round(y)))
        self._draw_toast_marks(surface, layout)
        self._draw_hint_marks(surface, layout)
        if self.mode == "ting":
            self._draw_ting_bubbles(surface, layout)
        self._draw_action_panel(surface, layout)
        self._draw_info_panel(surface, layout)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Choice tiles over their buttons, banners, score changes and the toast."""
        self._draw_choice_tiles(surface)
        for banner in self.banners:
            self._draw_banner(surface, banner)
        for floater in self.floaters:
            p = floater.tween.value
            x, y = floater.start
            img = self.app.fonts.render(floater.text, self.px(30), floater.colour, "bold")
            img.set_alpha(round(255 * min(1.0, 2.2 * (1 - p))))
            surface.blit(img, img.get_rect(midbottom=(x, round(y - self.px(6) - p * self.px(40)))))
            img.set_alpha(None)
        self._draw_toast(surface)

    def _draw_flip(self, surface: pygame.Surface, layout: TableLayout) -> None:
        flip = self.flip
        if flip is None or layout.bao is None:
            return
        if flip.tween.done:
            self.flip = None
            return
        p = flip.tween.value
        slot = layout.bao
        img = self.app.tiles.tile(None if p < 0.5 else flip.kind, slot.width)
        squash = max(0.04, abs(math.cos(math.pi * p)))
        w = max(1, round(img.get_width() * squash))
        scaled = pygame.transform.smoothscale(img, (w, img.get_height()))
        surface.blit(
            scaled, scaled.get_rect(midtop=slot.rect.midtop).move(0, -round(math.sin(math.pi * p) * 6))
        )

    def _mini(self, kind: int | None, width: int | None = None, state: str = "normal") -> pygame.Surface:
        return self.app.tiles.tile(kind, width or self.mini_width(), state=state)  # type: ignore[arg-type]

    def _draw_ting_bubbles(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Over each discard that may declare 听: its waits (two to a row) with their unseen copies."""
        fonts = self.app.fonts
        hw = layout.hand_width
        mw = max(12, round(hw * 0.5))
        mh = self._mini(0, mw).get_height()
        label_h = self.px(15)
        placed: list[pygame.Rect] = []
        for slot in layout.seats[0].hand:
            if slot.index >= len(self.frame.hand_ids):
                continue
            report = self.ting_opts.get(self.frame.hand_ids[slot.index] >> 2)
            if report is None:
                continue
            figures = wait_figures(report, self.shown)
            cols = 1 if len(figures) == 1 else 2
            rows = (len(figures) + cols - 1) // cols
            gap = max(2, hw // 20)
            bubble = pygame.Rect(0, 0, cols * mw + (cols + 1) * gap, rows * (mh + label_h) + 2 * gap)
            lifted = slot.index in (self.hover, self.selected)
            bubble.midbottom = (slot.rect.centerx, slot.rect.top - (layout.lift if lifted else 0) - gap)
            while any(bubble.colliderect(other) for other in placed):  # neighbours stack upwards
                bubble.bottom = min(o.top for o in placed if bubble.colliderect(o)) - gap
            placed.append(bubble)
            pygame.draw.line(
                surface,
                COLOURS.ting,
                (slot.rect.centerx, bubble.bottom),
                (slot.rect.centerx, slot.rect.top),
                2,
            )
            draw_panel(
                surface,
                bubble,
                fill=(10, 34, 22, 240),
                border=COLOURS.ting,
                radius=self.px(6),
                shadow=False,
                cache=self.renderer._surfaces,
            )
            for i, fig in enumerate(figures):
                r, c = divmod(i, cols)
                tx = bubble.x + gap + c * (mw + gap)
                ty = bubble.y + gap + r * (mh + label_h)
                surface.blit(self._mini(fig.kind, mw), (tx, ty))
                mark = ("卡" if self.app.lang == "zh" else "k") if fig.kadang else ""
                draw_text(
                    surface,
                    fonts,
                    f"{fig.unseen}{mark}",
                    (tx + mw // 2, ty + mh),
                    self.px(12),
                    COLOURS.gold if fig.unseen else COLOURS.text_dim,
                    "bold",
                    anchor="midtop",
                )

    def _draw_hint_marks(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Numbered badges on the advisor's best discards (hint level 2+)."""
        ranked = self.ranked_discards()
        if not ranked or self.mode == "ting":
            return
        used: set[int] = set()
        for rank, kind in ranked:
            for slot in layout.seats[0].hand:
                if slot.index in used or slot.index >= len(self.frame.hand_ids):
                    continue
                if self.frame.hand_ids[slot.index] >> 2 == kind:
                    used.add(slot.index)
                    lift = layout.lift if slot.index in (self.hover, self.selected) else 0
                    r = max(7, slot.width // 6)
                    c = (slot.rect.right - r, slot.rect.top + r - lift)
                    pygame.draw.circle(surface, (20, 60, 110), c, r + 1)
                    pygame.draw.circle(surface, (90, 200, 255), c, r)
                    draw_text(
                        surface,
                        self.app.fonts,
                        str(rank),
                        c,
                        round(r * 1.3),
                        (10, 20, 40),
                        "bold",
                        anchor="center",
                    )
                    break

    def _draw_toast_marks(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Red frames around the tiles a "why not" is about."""
        toast = self.toast
        if toast is None or not toast.tiles:
            return
        for tile in toast.tiles:
            index = self.frame.index_of(tile)
            slot = layout.hand_slot(index) if index is not None else None
            if slot is None:
                continue
            lift = layout.lift if index in (self.hover, self.selected) else 0
            rect = slot.rect.move(0, -lift).inflate(6, 6)
            pygame.draw.rect(surface, toast.colour, rect, width=3, border_radius=max(4, slot.width // 8))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        toast = self.toast
        if toast is None:
            return
        layout = self.layout
        fonts = self.app.fonts
        size = self.px(18)
        hand = layout.seats[0].hand
        top = min((s.rect.top for s in hand), default=layout.size[1] - self.px(120)) - layout.lift
        width = min(self.px(640), layout.size[0] - 2 * self.px(20))
        lines = fonts.wrap(toast.text, size, width - self.px(28))
        h = len(lines) * (size + self.px(8)) + self.px(16)
        rect = pygame.Rect(0, 0, width, h)
        rect.midbottom = (layout.size[0] // 2, top - self.px(10))
        fade = min(1.0, max(0.0, toast.until - self.clock) / 0.4)
        draw_panel(
            surface,
            rect,
            fill=(40, 12, 10, round(230 * fade))
            if toast.colour == COLOURS.ting
            else (10, 34, 22, round(235 * fade)),
            border=toast.colour,
            radius=self.px(10),
            shadow=False,
        )
        y = rect.y + self.px(8)
        for line in lines:
            draw_text(surface, fonts, line, (rect.centerx, y), size, COLOURS.text, "bold", anchor="midtop")
            y += size + self.px(8)

    def _banner_image(self, banner: Banner) -> pygame.Surface:
        """The banner drawn once at full size: a dark plate with the word and the line under it."""
        if banner.image is None:
            fonts = self.app.fonts
            word = fonts.render(banner.text, self.px(64), banner.colour, "bold")
            shadow = fonts.render(banner.text, self.px(64), (0, 0, 0), "bold")
            sub = fonts.render(banner.sub, self.px(18), COLOURS.text, "bold") if banner.sub else None
            w = max(word.get_width() + self.px(40), (sub.get_width() + self.px(32)) if sub else 0)
            h = word.get_height() + self.px(16) + (sub.get_height() if sub else 0)
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = self.px(14)
            pygame.draw.rect(image, (6, 20, 13, 200), image.get_rect(), border_radius=radius)
            pygame.draw.rect(image, (*banner.colour, 255), image.get_rect(), width=2, border_radius=radius)
            rect = word.get_rect(midtop=(w // 2, self.px(4)))
            image.blit(shadow, rect.move(2, 2))
            image.blit(word, rect)
            if sub is not None:
                image.blit(sub, sub.get_rect(midtop=(w // 2, rect.bottom - self.px(4))))
            banner.image = image
        return banner.image

    def _draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        """Pop in (a quick overshoot), hold, fade out."""
        p = banner.tween.value
        pop = min(1.0, p / 0.18)
        scale = 0.6 + 0.4 * (1 - (1 - pop) ** 3) + (0.06 * math.sin(min(1.0, p / 0.3) * math.pi))
        alpha = 1.0 if p < 0.75 else max(0.0, (1 - p) / 0.25)
        image = self._banner_image(banner)
        if abs(scale - 1.0) > 0.01:
            image = pygame.transform.smoothscale_by(image, scale)
        image.set_alpha(round(255 * alpha))
        surface.blit(image, image.get_rect(center=banner.centre))
        image.set_alpha(None)

    def _draw_choice_tiles(self, surface: pygame.Surface) -> None:
        """The tiles of each call choice over its button: own tiles and (highlighted) the claimed one."""
        if not self.choice_buttons:
            return
        mw = self.mini_width()
        discard = self.shown.last_discard
        for i, (btn, action) in enumerate(self.choice_buttons):
            rect = btn.rect
            kinds: list[tuple[int, bool]] = []
            if isinstance(action, Chi | Peng | Gang):
                own = [(t >> 2, False) for t in action.tiles]
                if discard is not None:
                    own.append((discard >> 2, True))
                kinds = sorted(own)
            elif isinstance(action, AnGang):
                kinds = [(t >> 2, False) for t in action.tiles]
            elif isinstance(action, JiaGang):
                kinds = [(action.tile >> 2, True)] + [(action.tile >> 2, False)] * 3
            elif isinstance(action, Discard):
                kinds = [(action.tile >> 2, True)]
            x = rect.x + self.px(34)
            draw_text(
                surface,
                self.app.fonts,
                str(i + 1),
                (rect.x + self.px(16), rect.centery),
                self.px(18),
                COLOURS.gold,
                "bold",
                anchor="center",
            )
            for kind, claimed in kinds:
                img = self._mini(kind, mw, "highlight" if claimed else "normal")
                surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
                x += img.get_width() + 2
            label = ""
            if isinstance(action, Chi | Peng) and action.ting:
                label = term("chiting" if isinstance(action, Chi) else "pengting", self.app.lang)
            elif isinstance(action, AnGang | JiaGang | Gang):
                label = term(action.type if not isinstance(action, Gang) else "minggang", self.app.lang)
            if label:
                draw_text(
                    surface,
                    self.app.fonts,
                    label,
                    (rect.right - self.px(10), rect.centery),
                    self.px(15),
                    COLOURS.text,
                    "bold",
                    anchor="midright",
                )

    def status_text(self) -> str:
        """The prompt at the top of the claim bar: whose move it is and what the player may do."""
        lang = self.app.lang
        v = self.shown
        if self.session.round_over or v.phase in ("round_over", "match_over"):
            return tr("table.status_over", lang)
        if self.busy:
            return ""
        if self.decision_token is None:
            seat = self.session.ai_pending()
            who = self.seat_name(seat[0]) if seat else ""
            return tr("table.status_thinking", lang, seat=who) if who else ""
        if self.mode == "ting":
            return tr("table.status_ting", lang)
        if self.mode == "choose":
            return tr("table.status_choose", lang, call=term(self.choice_name, lang))
        if v.phase == "claim" and v.last_discard is not None:
            return tr(
                "table.status_claim",
                lang,
                seat=self.seat_name(v.turn),
                tile=self.tile_word(v.last_discard >> 2),
            )
        if v.phase == "rob" and v.rob_tile is not None:
            return tr(
                "table.status_rob", lang, seat=self.seat_name(v.turn), tile=self.tile_word(v.rob_tile >> 2)
            )
        if v.phase == "fenzhang":
            return tr("table.status_fenzhang", lang)
        if v.listening[HUMAN]:
            return tr("table.status_locked_win" if self.actions["pass"] else "table.status_must_hu", lang)
        return tr("table.status_discard", lang)

    def _draw_action_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The right column: prompt, (buttons drawn by pygame_gui), choices title, why-not and hint lines."""
        area = layout.action_area
        if area.h < self.px(60):
            return
        app = self.app
        draw_panel(surface, area, radius=self.px(12), cache=self.renderer._surfaces)
        pad = self.px(12)
        text = self.status_text()
        if text:
            box = pygame.Rect(area.x + pad, area.y + pad, area.w - 2 * pad, self.px(48))
            # a long prompt (the 听 one in English) gets a smaller size rather than run under the buttons
            room = min((b.rect.top for b in self.buttons.values()), default=box.bottom) - box.y
            size = next(
                (
                    self.px(s)
                    for s in (16, 15, 14, 13)
                    if wrapped_height(app.fonts, text, box.w, self.px(s), "bold") <= max(room, box.h)
                ),
                self.px(12),
            )
            draw_wrapped(surface, app.fonts, text, box, size, COLOURS.gold, "bold")
        y = getattr(self, "choice_top", area.y + self.px(200))
        if self.mode == "choose" and self.choice_buttons:
            draw_text(
                surface,
                app.fonts,
                tr("table.choose_hint", app.lang),
                (area.x + pad, y),
                self.px(14),
                COLOURS.text_dim,
            )
            return
        lines: list[tuple[str, RGB]] = []
        if self.hover_reason:
            lines.append((self.hover_reason, COLOURS.ting))
        reason = self.hint_reason()
        if self.app.settings.hints >= 2 and self.decision_token is not None:
            if self.advisor is None:
                lines.append((tr("table.advisor_missing", app.lang), COLOURS.text_dim))
            elif self.hints is None:
                lines.append((tr("table.advisor_thinking", app.lang), COLOURS.text_dim))
            elif self.hints:
                lines.append(
                    (
                        tr("table.advice", app.lang, action=self.action_words(self.hints[0].action)),
                        (140, 210, 255),
                    )
                )
        if reason:
            lines.append((reason, (140, 210, 255)))
        help_text = tr("table.help", app.lang)
        help_h = wrapped_height(app.fonts, help_text, area.w - 2 * pad, self.px(12))
        help_rect = pygame.Rect(area.x + pad, area.bottom - pad - help_h, area.w - 2 * pad, help_h)
        rect = pygame.Rect(area.x + pad, y + self.px(4), area.w - 2 * pad, 0)

        def heights(size: int) -> list[int]:
            return [wrapped_height(app.fonts, t, rect.w, size) for t, _ in lines]

        def need(size: int, gap: int) -> int:
            return sum(heights(size)) + gap * max(0, len(lines) - 1)

        # the hints and reasons come first: the key help (always the same) gives way when they need its
        # room, then they get tighter; what still does not fit is left out whole, never cut in half
        size, gap = self.px(14), self.px(6)
        bottom = help_rect.y - self.px(8)
        if rect.y + need(size, gap) <= bottom:
            draw_wrapped(surface, app.fonts, help_text, help_rect, self.px(12), COLOURS.text_dim)
        else:
            bottom = area.bottom - pad
            size, gap = next(
                (
                    (self.px(s), self.px(g))
                    for s, g in ((14, 6), (13, 4))
                    if rect.y + need(self.px(s), self.px(g)) <= bottom
                ),
                (self.px(12), self.px(3)),
            )
        rect.h = max(0, bottom - rect.y)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for (text_line, colour), used in zip(lines, heights(size), strict=True):
            if rect.y + used > bottom:
                break
            draw_wrapped(surface, app.fonts, text_line, rect, size, colour)
            rect.y += used + gap
        surface.set_clip(clip)

    def action_words(self, action: Action) -> str:
        """An action in words, e.g. 打 五万 / 碰 / 听."""
        lang = self.app.lang
        if isinstance(action, Discard):
            word = term("ting" if action.ting else "discard", lang)
            return f"{word} {self.tile_word(action.tile >> 2)}"
        name = button_of(action)
        return term(name, lang) if name in CLAIM_BUTTONS else action.describe()

    def _draw_info_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The left column: the match line, the 宝 panel after 听, level-1 hints and the tracker.

        The panel is as tall as what it holds (measured by drawing once onto a scratch surface).
        """
        area = layout.info_area
        if area.h < self.px(60):
            return
        tools_h = self.px(30) + self.px(8)
        pad = self.px(12)
        room = pygame.Rect(area.x, area.y, area.w, area.h - tools_h)
        x, w = room.x + pad, room.w - 2 * pad
        end = self._info_contents(self._scratch, x, room.y + pad, w, room.bottom - pad)
        box = pygame.Rect(room.x, room.y, room.w, min(room.h, end - room.y + pad))
        draw_panel(surface, box, radius=self.px(12), cache=self.renderer._surfaces)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        self._info_contents(surface, x, room.y + pad, w, room.bottom - pad)
        surface.set_clip(clip)

    def _info_contents(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """Draw the left column's contents from ``y`` (room down to ``bottom``); returns where they end."""
        app = self.app
        lang = app.lang
        v = self.shown
        preset = self.preset_name
        match_line = tr("table.match_line", lang, n=v.hand_no + 1, total=v.match_hands, preset=preset)
        draw_text(surface, app.fonts, match_line, (x, y), self.px(14), COLOURS.text_dim)
        y += self.px(24)
        if self.session.stand_ins:
            y += draw_wrapped(
                surface,
                app.fonts,
                tr("table.stand_in", lang),
                pygame.Rect(x, y, w, 100),
                self.px(12),
                COLOURS.text_dim,
            )
            y += self.px(4)
        if self.bao_figures is not None:
            y = self._draw_bao_panel(surface, x, y + self.px(4), w, self.bao_figures)
        elif self.ting_opts and (self.mode == "ting" or app.settings.hints >= 1):
            y = self._draw_ting_hint(surface, x, y + self.px(4), w)
        if self.show_tracker:
            y = self._draw_tracker(surface, x, y + self.px(8), w, bottom)
        return y

    def _wait_row(self, surface: pygame.Surface, x: int, y: int, fig: WaitFigure, mw: int) -> int:
        img = self._mini(fig.kind, mw)
        surface.blit(img, (x, y))
        lang = self.app.lang
        text = tr("table.unseen_n", lang, n=fig.unseen)
        if fig.kadang:
            text += " · " + term("kadang", lang)
        draw_text(
            surface,
            self.app.fonts,
            text,
            (x + img.get_width() + self.px(8), y + img.get_height() // 2),
            self.px(14),
            COLOURS.text,
            anchor="midleft",
        )
        return y + img.get_height() + self.px(4)

    def _draw_bao_panel(self, surface: pygame.Surface, x: int, y: int, w: int, fig: BaoPanel) -> int:
        """After 听: the 宝, each wait with its unseen copies, the chance to win next draw, the last 换宝."""
        app = self.app
        lang = app.lang
        mw = max(14, round(self.mini_width() * 0.85))
        draw_text(surface, app.fonts, tr("table.bao_panel", lang), (x, y), self.px(16), COLOURS.gold, "bold")
        y += self.px(24)
        if fig.bao is not None:
            img = self._mini(fig.bao, mw)
            surface.blit(img, (x, y))
            # wrapped beside the tile (the English line is wider than the column at 1280x720)
            text = tr("table.bao_unseen", lang, n=fig.bao_unseen)
            tx = x + img.get_width() + self.px(8)
            text_h = wrapped_height(app.fonts, text, w - (tx - x), self.px(14))
            ty = y + max(0, (img.get_height() - text_h) // 2)
            box = pygame.Rect(tx, ty, w - (tx - x), text_h)
            used = draw_wrapped(surface, app.fonts, text, box, self.px(14), COLOURS.text)
            y += max(img.get_height(), ty - y + used) + self.px(6)
        draw_text(surface, app.fonts, term("waits", lang), (x, y), self.px(14), COLOURS.text_dim)
        y += self.px(20)
        for wf in fig.waits:
            y = self._wait_row(surface, x, y, wf, mw)
        chance = tr(
            "table.win_chance",
            lang,
            pct=f"{fig.win_chance * 100:.0f}",
            n=fig.winning_unseen,
            total=fig.unseen_total,
        )
        y += draw_wrapped(surface, app.fonts, chance, pygame.Rect(x, y, w, 200), self.px(14), COLOURS.gold)
        swap = self.session.last_bao_swap() if self.shown.old_baos else None
        if swap is not None:
            text = tr("table.huanbao_reason", lang, tile=self.tile_word(swap.old >> 2), n=swap.visible)
            y += draw_wrapped(
                surface, app.fonts, text, pygame.Rect(x, y, w, 200), self.px(13), COLOURS.text_dim
            )
        return y

    def _draw_ting_hint(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """In 听 mode (or as a level-1 hint): each discard that allows 听, its waits and unseen copies."""
        app = self.app
        lang = app.lang
        title = tr("table.ting_choices" if self.mode == "ting" else "table.ting_hint", lang)
        draw_text(surface, app.fonts, title, (x, y), self.px(14), (140, 210, 255), "bold")
        y += self.px(22)
        mw = max(12, round(self.mini_width() * 0.7))
        hovered = None
        if self.hover is not None and self.hover < len(self.frame.hand_ids):
            hovered = self.frame.hand_ids[self.hover] >> 2
        for kind, report in sorted(self.ting_opts.items()):
            figures = wait_figures(report, self.shown)
            img = self._mini(kind, mw, "highlight" if kind == hovered else "normal")
            surface.blit(img, (x, y))
            kadang = term("kadang", lang)
            words = "、".join(
                f"{self.tile_word(f.kind)}×{f.unseen}" + (f"（{kadang}）" if f.kadang else "")
                for f in figures
            )
            total = sum(f.unseen for f in figures)
            text = f"→ {words} = {total}"
            tx = x + img.get_width() + self.px(6)
            used = draw_wrapped(
                surface, app.fonts, text, pygame.Rect(tx, y, w - (tx - x), 200), self.px(13), COLOURS.text
            )
            y += max(img.get_height(), used) + self.px(6)
        return y

    def _draw_tracker(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """The unseen-tile tracker: every kind with the copies the player cannot see (seven to a row,
        or fourteen when the column is short)."""
        app = self.app
        draw_text(
            surface, app.fonts, tr("table.tracker", app.lang), (x, y), self.px(15), COLOURS.gold, "bold"
        )
        y += self.px(22)
        label = self.px(14)
        best: tuple[int, int] = (0, 7)
        for cols in (7, 14):
            rows = 28 // cols
            by_width = w // cols - self.px(4)
            by_height = int(((bottom - y) / rows - label) / 1.47)  # face 1.34 + thickness 0.13
            best = max(best, (min(self.mini_width(), by_width, by_height), cols))
        mw, cols = max(10, best[0]), best[1]
        cw = w // cols
        th = self._mini(0, mw).get_height() + label
        for kind in range(28):
            r, c = divmod(kind, cols)
            img = self._mini(kind, mw, "normal" if self.unseen[kind] else "dimmed")
            px_, py_ = x + c * cw, y + r * th
            surface.blit(img, (px_, py_))
            colour = COLOURS.gold if self.unseen[kind] else COLOURS.text_dim
            centre = (px_ + img.get_width() // 2, py_ + img.get_height())
            draw_text(
                surface,
                app.fonts,
                str(self.unseen[kind]),
                centre,
                self.px(12),
                colour,
                "bold",
                anchor="midtop",
            )
        return y + (28 // cols) * th


def start_table(app: Any, config: MatchConfig) -> TableScene:
    """A table with a new match from the new-game setup, autosaved in the user data dir."""
    session = Session.new(config, app.paths.saves_dir, app.paths.replays_dir)
    return TableScene(app, session)


__all__ = ["TableScene", "start_table"]
