"""The person's controls: the decision offered (the driver's action menu) and the claim bar that shows it,
the mode (plain play, 听 mode, picking one of several calls, choosing a 支对 pair), the hovered and selected
tile, what a press, a click, Enter or a choice does, and the prompt saying whose move it is.

Every "may I?" is the driver's action menu's answer (the engine's); a refused
action is said why by the table's messages (the toast), the tiles involved outlined.

The mouse and the keyboard never share a tile: hovering lifts the tile under the
mouse and nothing more; the keyboard selection is a tile (not a place in the
hand, which shifts as tiles come and go), starts on the drawn tile at every draw
and is what Enter discards — the drawn tile when nothing is selected. The
helpers that act for the person (auto win, skip calls, auto-discard:
:mod:`game.table.assists`) play at the moment a decision is offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from game.core.actions import Action, Chi, Discard, Peng, Refusal
from game.core.analysis.ting import TingReport
from game.core.tiles import kind_of
from game.core.zhidui import LockChoice, lock_attempt
from game.glossary import term
from game.seats import capital
from game.table.assists import Assists, assist_action
from game.table.hint_levels import hint_level
from game.table.menu import CLAIM_BUTTONS, ActionMenu
from game.ui.table.claimbar import ClaimBar
from game.ui.table.zhidui import build_lock_buttons
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.table.ai_runner import AiRunner
    from game.ui.table.context import Messages, TableContext

Mode = Literal["normal", "ting", "choose", "zhidui"]


class Controls:
    """The person's side of the table (see the module docstring)."""

    def __init__(self, scene: TableContext, messages: Messages, ai: AiRunner) -> None:
        self.scene = scene
        self.messages = messages
        self.ai = ai
        """The advisor behind the hints (and the AI seats' worker)."""
        self.bar = ClaimBar(scene)
        self.menu: ActionMenu | None = None
        """The decision offered to the person (None: the table is not waiting for them)."""
        self.decision_token: int | None = None
        self.decision_key: tuple[Action, ...] | None = None
        self.mode: Mode = "normal"
        self.choices: list[Action] = []
        self.choice_name = ""
        self.locks: list[LockChoice] = []
        """In the 支对 choice: the ways to declare 听 with ``lock_discard`` (no lock, each pair)."""
        self.lock_discard: int | None = None
        self.hover: int | None = None
        """The index of the tile under the mouse (lifted; never what Enter plays)."""
        self.selected_tile: int | None = None
        """The tile the keyboard selection is on (Enter discards it), or None."""
        self._selection_for: int | None = None
        """The decision (its token) the selection was started for."""
        self.hover_reason: str | None = None

    @property
    def selected(self) -> int | None:
        """Where the keyboard selection is in the hand shown (None: nothing selected)."""
        return self.scene.frame.index_of(self.selected_tile) if self.selected_tile is not None else None

    @selected.setter
    def selected(self, index: int | None) -> None:
        """Put the keyboard selection on the tile at ``index`` of the hand shown (None: nothing)."""
        hand = self.scene.frame.hand_ids
        self.selected_tile = hand[index] if index is not None and 0 <= index < len(hand) else None

    # ------------------------------------------------------------------ the decision
    @property
    def legal(self) -> tuple[Action, ...]:
        """What the person may do at this decision."""
        return self.menu.legal if self.menu is not None else ()

    @property
    def actions(self) -> Mapping[str, tuple[Action, ...]]:
        """The actions behind each claim-bar button at this decision."""
        return self.menu.buttons if self.menu is not None else {}

    @property
    def ting_opts(self) -> Mapping[int, TingReport]:
        """The kinds that may be discarded declaring 听, with their waits."""
        return self.menu.ting_options if self.menu is not None else {}

    def offer(self, menu: ActionMenu) -> None:
        """The table waits for the person: let a helper play, or set up the buttons, the 听 options, the
        keyboard selection (on the drawn tile) and the hints once."""
        self.decision_token = menu.token
        key = menu.legal
        if key == self.decision_key:
            return
        scene = self.scene
        self.decision_key = key
        self.menu = menu
        self.mode = "ting" if menu.must_ting else "normal"
        self.choices = []
        self.locks, self.lock_discard = [], None
        if menu.token != self._selection_for:
            self._selection_for = menu.token
            seen = menu.view
            on_turn = seen.phase == "discard" and seen.turn == seen.seat
            self.selected_tile = seen.drawn if on_turn and seen.drawn in seen.hand else None
        helper = assist_action(menu, self.assists)
        if helper is not None and self.submit(helper):
            return
        self.ai.request_hints(menu, scene.app.settings.hints)
        self.refresh_buttons()
        self.show_choices()
        scene.mark_dirty()

    def withdraw(self) -> None:
        """The table no longer waits for the person (an AI plays for them, or the moment passed)."""
        self.decision_token = None
        self.decision_key = None
        self.menu = None
        self.mode = "normal"
        self.choices = []
        self.locks, self.lock_discard = [], None
        self.selected_tile = None
        self.ai.forget_hints()
        self.refresh_buttons()
        self.show_choices()
        self.scene.mark_dirty()

    def reconsider(self) -> None:
        """Work the decision out again next frame (the hint level changed)."""
        if self.decision_token is not None:
            self.decision_key = None
            self.decision_token = None

    def _open(self) -> bool:
        """A decision is offered and nothing is still being shown."""
        return self.decision_token is not None and not self.scene.busy

    # ------------------------------------------------------------------ what the person does
    def submit(self, action: Action) -> bool:
        """Play the person's action; on a refusal say why. True if it was played."""
        scene = self.scene
        refusal = scene.driver.submit(action)
        if refusal is not None:
            self.messages.why_not(refusal)
            return False
        self.messages.hush()
        self.ai.forget_hints()  # the suggestion and its badges were for the decision just made
        self.mode = "normal"
        self.choices = []
        self.locks, self.lock_discard = [], None
        self.selected_tile = None
        self.decision_token = None
        self.decision_key = None
        self.refresh_buttons()
        self.show_choices()
        scene.mark_dirty()
        return True

    def press(self, name: str) -> None:
        """A claim-bar button or its hotkey: act, offer the choices, enter 听 mode, or say why not."""
        scene = self.scene
        if not self._open() or self.menu is None:
            self._why_not(scene.driver.menu().reason(name))
            return
        actions = self.actions.get(name, ())
        if not actions:
            self._why_not(self.menu.reason(name))
            return
        if name == "ting" and all(isinstance(a, Discard) for a in actions):
            self.set_mode("normal" if self.mode == "ting" else "ting")
            return
        if len(actions) == 1:
            self.submit(actions[0])
            return
        self.choices = list(actions)
        self.choice_name = name
        self.set_mode("choose")

    @property
    def must_ting(self) -> bool:
        """The decision offered binds the move to declare 听 (after 吃听/碰听: the engine's duty)."""
        return self.menu is not None and self.menu.must_ting

    def set_mode(self, mode: Mode) -> None:
        """Switch between plain play, the 听 mode, picking one of several calls and choosing a 支对 pair."""
        if self.mode in ("ting", "zhidui") and mode not in ("ting", "zhidui") and self.must_ting:
            mode = "ting"  # the discard must declare 听
        self.mode = mode
        if mode not in ("choose", "zhidui"):
            self.choices = []
        if mode != "zhidui":
            self.locks, self.lock_discard = [], None
        self.show_choices()
        self.scene.mark_dirty()

    def click_tile(self, index: int) -> bool:
        """A click (or Enter) on one of the person's tiles: discard it, declare 听 with it, or say why not.
        True if a move was played."""
        scene = self.scene
        if index >= len(scene.frame.hand_ids):
            return False
        tile = scene.frame.hand_ids[index]
        if not self._open() or self.menu is None:
            self._why_not(scene.driver.menu().why_not_discard(tile))
            return False
        if self.mode == "zhidui" and self.lock_discard is not None:
            plain = [c for c in self.locks if c.pair is None]
            if tile == self.lock_discard and plain:
                return self.submit(plain[0].action)
            # lock the pair of the tile clicked: the engine says why not if it is no waiting pair
            return self.submit(lock_attempt(scene.shown.hand, self.lock_discard, tile))
        if self.mode == "ting":
            if kind_of(tile) not in self.ting_opts:
                self._why_not(self.menu.why_not_discard(tile, ting=True))
                return False
            locks = self.menu.lock_choices(tile)
            if locks:  # no move yet: the next click on this tile declares without a lock
                self.offer_locks(tile, locks)
                return False
            return self.submit(Discard(tile, ting=True))
        if tile in self.menu.discardable:
            return self.submit(Discard(tile))
        self._why_not(self.menu.why_not_discard(tile))
        return False

    def select_step(self, step: int) -> None:
        """←/→: move the keyboard selection one tile (from nothing: the last or the first tile)."""
        hand = self.scene.frame.hand_ids
        if not hand:
            return
        index = self.selected
        if index is None:
            index = len(hand) - 1 if step < 0 else 0
        else:
            index = (index + step) % len(hand)
        self.selected_tile = hand[index]

    def enter(self) -> None:
        """Enter: pick the first choice, or discard the selected tile — the drawn tile when nothing is
        selected. Never the tile under the mouse; never a win passed up (that is 过, Space). On another
        seat's turn it says whose move it is."""
        scene = self.scene
        if self.mode in ("choose", "zhidui") and self.choices:
            self.choose(0)
            return
        seen = scene.shown
        if self._open() and self.actions.get("hu"):
            self.messages.say(scene.app.tr("table.enter_win"))
            return
        index = self.selected
        if index is None and seen.drawn is not None and seen.turn == seen.seat:
            index = scene.frame.index_of(seen.drawn)
        if index is not None:
            self.click_tile(index)
        elif self._open() and self.default_button is not None and seen.phase != "discard":
            self.press(self.default_button)  # the one button lit: what the bar says Enter takes
        elif (self._open() and seen.phase != "discard") or seen.turn != seen.seat:
            words = self.status_text()  # not the person's discard: say whose move it is
            if words:
                self.messages.say_whose_move(words)
        else:
            self.messages.say(scene.app.tr("table.enter_nothing"))

    def offer_locks(self, discard: int, locks: list[LockChoice]) -> None:
        """The 听 discard leaves a 对倒 whose pairs may be locked (支对): offer each way to declare."""
        self.lock_discard = discard
        self.locks = locks
        self.choices = [c.action for c in locks]
        self.choice_name = "ting"
        self.mode = "zhidui"
        self.show_choices()
        self.scene.mark_dirty()

    def choose(self, i: int) -> None:
        """Pick the i-th of several calls (or of the 支对 choices)."""
        if 0 <= i < len(self.choices):
            self.submit(self.choices[i])

    def _why_not(self, refusal: Refusal | None) -> None:
        if refusal is not None:
            self.messages.why_not(refusal)

    def greyed_reason(self, name: str) -> Refusal | None:
        """Why a greyed claim-bar button is greyed now."""
        menu = self.menu if self.decision_token is not None and self.menu is not None else None
        reason = menu.reason(name) if menu is not None else None
        return reason if reason is not None else self.scene.driver.menu().reason(name)

    # ------------------------------------------------------------------ the claim bar
    def build(self) -> None:
        """The claim bar in the right column, showing the decision now."""
        self.bar.build()
        self.refresh_buttons()
        self.show_choices()

    def refresh_buttons(self) -> None:
        """Enable the claim buttons the person may press now (the default lit, the advisor's choice with its
        AI badge, 听 named 吃听/碰听 while it is a call to ready); the others are greyed."""
        active = self.decision_token is not None and not self.scene.busy
        suggested = self.ai.recommended_button(self.scene.app.settings.hints)
        self.bar.show(active, self.actions, self.default_button, suggested, self.call_ting_key())

    @property
    def default_button(self) -> str | None:
        """The claim-bar button Space (and Enter, but never past a win) takes now: 过 when it is offered."""
        return "pass" if self.actions.get("pass") else None

    def call_ting_calls(self) -> list[Chi | Peng]:
        """The calls to ready (吃听/碰听) the 听 button offers now (none when it declares with a discard)."""
        return [a for a in self.actions.get("ting", ()) if isinstance(a, Chi | Peng)]

    def call_ting_key(self) -> str | None:
        """``chiting`` or ``pengting`` (the glossary's) while the 听 button offers a call to ready."""
        calls = self.call_ting_calls()
        if not calls:
            return None
        return "chiting" if isinstance(calls[0], Chi) else "pengting"

    def call_ting_word(self) -> str | None:
        """吃听 or 碰听 while the 听 button offers a call to ready (the word its button and prompt say)."""
        key = self.call_ting_key()
        return None if key is None else term(key, self.scene.app.lang)

    def show_choices(self) -> None:
        """The calls to choose from (or the 支对 choice, in the claim bar's place), numbered 1-9."""
        bar = self.bar
        bar.clear_choices()
        zhidui = self.mode == "zhidui"
        bar.show_claims(not zhidui)
        if zhidui:
            bar.choice_buttons = build_lock_buttons(self.scene, self.locks, bar)
        elif self.mode == "choose" and self.choices:
            bar.build_choices(self.choices)

    @property
    def assists(self) -> Assists:
        """The helpers that act for the person (settings: auto win, skip calls, auto-discard) — at a live
        match only (where the seat could be handed to an AI), never in a lesson."""
        s = self.scene.app.settings
        if self.scene.entrusting is None:
            return Assists()
        return Assists(auto_win=s.auto_win, skip_calls=s.skip_calls, auto_discard=s.auto_discard)

    def status_text(self) -> str:
        """The prompt at the top of the claim bar: whose move it is and what the player may do."""
        scene = self.scene
        lang = scene.app.lang
        v = scene.shown
        if scene.driver.hand_over or v.phase in ("round_over", "match_over"):
            return tr("table.status_over", lang)
        if scene.busy:
            return ""
        if self.decision_token is None:
            seat = scene.ai_seats.thinking() if scene.ai_seats is not None else None
            if seat is not None and seat == scene.driver.seat:
                return tr("table.status_entrusted", lang)
            waiting = self._waiting_for_calls()
            if waiting is not None:
                return waiting
            who = scene.seat_name(seat) if seat is not None else ""
            return capital(tr("table.status_thinking", lang, seat=who)) if who else ""
        if self.mode == "ting":
            return tr("table.status_ting", lang)
        if self.mode == "zhidui":
            return tr("zhidui.title", lang)
        if self.mode == "choose":
            return tr("table.status_choose", lang, call=term(self.choice_name, lang))
        if v.phase == "claim" and v.last_discard is not None:
            ting_word = self.call_ting_word()
            offered = [
                ting_word if n == "ting" and ting_word else term(n, lang)
                for n in CLAIM_BUTTONS
                if n != "pass" and self.actions.get(n)
            ]
            return capital(
                tr(
                    "table.status_claim",
                    lang,
                    seat=scene.seat_name(v.turn),
                    tile=scene.tile_word(kind_of(v.last_discard)),
                    calls=("、" if lang == "zh" else ", ").join(offered) or tr("table.call_any", lang),
                )
            )
        if v.phase == "rob" and v.rob_tile is not None:
            tile = scene.tile_word(kind_of(v.rob_tile))
            return capital(tr("table.status_rob", lang, seat=scene.seat_name(v.turn), tile=tile))
        if v.phase == "fenzhang":
            return tr("table.status_fenzhang", lang)
        if v.ting[v.seat]:
            locked_win = self.actions.get("pass")
            return tr("table.status_locked_win" if locked_win else "table.status_must_hu", lang)
        return tr("table.status_discard", lang)

    def _waiting_for_calls(self) -> str | None:
        """While the other seats answer a discard (or an added kong), the words name the discard and its
        thrower (the light has already moved to the seat that draws next), never a seat deciding whether to
        call as "thinking" while another seat's plate is lit."""
        scene = self.scene
        v, lang = scene.shown, scene.app.lang
        if v.phase == "claim" and v.last_discard is not None:
            key, tile = "table.status_calls", v.last_discard
        elif v.phase == "rob" and v.rob_tile is not None:
            key, tile = "table.status_rob_wait", v.rob_tile
        else:
            return None
        return capital(tr(key, lang, seat=scene.seat_name(v.turn), tile=scene.tile_word(kind_of(tile))))

    # ------------------------------------------------------------------ the hints
    def hint_discards(self) -> list[tuple[int, int]]:
        """(rank 1-3, tile kind) of the advisor's best discards (hint level 2+) while the person chooses a
        discard (none once the move is made, and none for a ready hand, which only throws its draw)."""
        shown = self.scene.shown
        if self.decision_token is None or shown.ting[shown.seat]:
            return []
        return self.ai.ranked_discards(self.scene.app.settings.hints)

    def hint_reason(self) -> str | None:
        """The advisor's reason for its first choice, in words (hint level 3)."""
        if self.decision_token is None:
            return None
        app = self.scene.app
        missing = tr("table.reasons_missing", app.lang)
        return self.ai.hint_reason(app.settings.hints, app.lang, missing)

    # ------------------------------------------------------------------ what the hand shows
    def playable(self) -> list[int] | None:
        """Tile ids the person may click now (others dimmed), or None when nothing is to be chosen."""
        shown = self.scene.shown
        menu = self.menu
        if self.decision_token is None or menu is None:
            return None
        if shown.phase != "discard" or shown.turn != shown.seat:
            return None
        if self.mode == "ting":
            return [t for t in shown.hand if kind_of(t) in self.ting_opts]
        if self.mode == "zhidui":
            pairs = {c.pair for c in self.locks}
            return [t for t in shown.hand if kind_of(t) in pairs or t == self.lock_discard]
        return [t for t in shown.hand if t in menu.discardable]

    def hint_kinds(self) -> frozenset[int]:
        """Kinds a level-1 hint marks: discards that let the person declare 听."""
        if (
            not hint_level(self.scene.app.settings.hints).waits
            or self.decision_token is None
            or self.mode in ("ting", "zhidui")
        ):
            return frozenset()
        return frozenset(self.ting_opts)


__all__ = ["Controls", "Mode"]
