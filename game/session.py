"""The host of a match for one person (seat 0) against three AI seats, with autosave and resume.

A :class:`Session` holds the :class:`~game.core.match.Game`, the three AI
players and the autosave. It hands the table only what seat 0 may know: the
seat's view, the events as that seat sees them (:func:`~game.core.view.event_view`),
its legal actions, ``submit`` (the new events or a Refusal) and ``explain`` (why
an action is not allowed). Every rules question is answered by ``game.core``;
this module only asks and composes.

The AI seats are driven in two halves so that a UI can think off its render
thread: :meth:`Session.ai_job` takes a snapshot (the seat's view and legal
actions; an AI never sees more) whose :meth:`AiJob.run` may run on any thread,
and :meth:`Session.apply_ai` plays the decision back on the owning thread,
ignoring it if the table moved on meanwhile.

Autosave: the match is a JSON Lines log in the user data dir (one header line
naming the players' levels, the rules and the seed, then one event per line),
appended and fsynced event by event, so killing the program loses at most the
event being written. :meth:`Session.resume` reads it back through the checks of
:mod:`game.saves` (size, header, every event re-played) and continues from the
longest prefix that ends on a complete engine batch (a torn last line, or a move
whose automatic events were only partly written, is dropped and the file
rewritten without it). A finished match is moved to the replays folder. A data
folder that cannot be written leaves the match unsaved (:attr:`Session.warnings`).

The display cursor: the table animates events one at a time. :meth:`next_shown`
hands out the next event seat 0 may see together with seat 0's view right after
it, so the picture always matches what has been animated so far.

No pygame here.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.ai.advisor import Advisor
from game.ai.base import Decision, Player, Reason
from game.ai.reasons import render_reason
from game.ai.registry import make_player, player_factories
from game.core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from game.core.analysis.decompose import Reading
from game.core.analysis.listen import (
    AnalysisError,
    ListenReport,
    MeldShape,
    Wait,
    best_reading,
    listen_report,
)
from game.core.engine import step
from game.core.events import BaoReplaced, Event, EventError, TileDiscarded
from game.core.events import Chi as ChiEvent
from game.core.events import Gang as GangEvent
from game.core.events import Hu as HuEvent
from game.core.events import Peng as PengEvent
from game.core.events import RoundStarted as RoundStartedEvent
from game.core.match import Game
from game.core.records import HandRecord, hand_records
from game.core.rules import RuleSet
from game.core.state import State, apply, initial_state
from game.core.tiles import NUM_KINDS, NUM_TILES
from game.core.view import HIDDEN, SeatView, event_view, view
from game.match_config import MatchConfig
from game.replay.header import match_header
from game.replay.library import keep_match
from game.replay.logfile import LogWriter
from game.saves import SAVE_KIND, SaveError, SaveInfo, check_save, find_save, recorded_preset, save_path

log = logging.getLogger(__name__)

HUMAN: Final = 0
"""The person's seat. Seats 1-3 (下家, 对家, 上家) are AI players."""
HUMAN_NAME: Final = "human"
FALLBACK_PLAYER: Final = "random"
"""The player that sits in for an AI level that is not available (yet)."""
CLAIM_BUTTONS: Final = ("chi", "peng", "gang", "ting", "hu", "pass")
"""The claim bar's buttons, in display order."""
ALLOWED: Final = "allowed"
"""The code of the answer "yes, you may" from :meth:`Session.explain`."""


@dataclass(frozen=True)
class Shown:
    """One event as seat 0 sees it (None when it must not see it at all) and its view just after."""

    index: int
    event: Event | None
    view: SeatView


@dataclass(frozen=True)
class AiJob:
    """A snapshot for one AI decision: everything the AI may know, safe to run on any thread."""

    seat: int
    token: int
    """The number of events when the snapshot was taken; the decision is void once it changes."""
    view: SeatView
    legal: tuple[Action, ...]
    player: Player

    def run(self) -> Decision:
        """Ask the player (a pure call on its view and legal actions)."""
        return self.player.decide(self.view, self.legal)


@dataclass(frozen=True)
class WaitFigure:
    """One wait of a listening hand: its kind, 卡当, and how many copies seat 0 cannot see."""

    kind: int
    kadang: bool
    unseen: int


@dataclass(frozen=True)
class BaoPanel:
    """The figures of the 宝 panel after 听: waits, the 宝, and the chance that the next draw wins."""

    waits: tuple[WaitFigure, ...]
    bao: int | None
    """The 宝's kind when seat 0 may see it."""
    bao_unseen: int
    """Unseen copies of the 宝's kind (drawing one is 摸宝)."""
    winning_unseen: int
    """Unseen tiles that win on the next draw (waits and the 宝's kind, each counted once)."""
    unseen_total: int
    """Tiles seat 0 cannot see anywhere (other hands, the wall, hidden kongs)."""

    @property
    def win_chance(self) -> float:
        """The chance that the next drawn tile wins, if every unseen tile is equally likely."""
        return self.winning_unseen / self.unseen_total if self.unseen_total else 0.0


@dataclass(frozen=True)
class WinShape:
    """The winner's hand read as sets and a pair, for the hand result."""

    seat: int
    win_kind: int
    """The kind the hand is read as completed by (a wait; for 摸宝 the wait the 宝 stands for)."""
    pair: int | None
    sets: tuple[tuple[str, tuple[int, ...]], ...]
    """Concealed sets as ("seq"|"tri", kinds) in reading order."""


def new_seed() -> int:
    """A fresh random match seed (0 <= seed < 2**63)."""
    return secrets.randbelow(2**63)


def ai_seed(seed: int, seat: int) -> int:
    """The seed of an AI seat's own random choices, derived from the match seed."""
    digest = hashlib.sha256(f"harbin-mahjong:ai:{seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_ai(level: str, seed: int, seat: int) -> tuple[Player, bool]:
    """The AI player for a level; (player, True) when a stand-in had to take its place."""
    if level in player_factories():
        return make_player(level, ai_seed(seed, seat)), False
    return make_player(FALLBACK_PLAYER, ai_seed(seed, seat)), True


def meld_shapes(seat_view: SeatView, seat: int) -> tuple[MeldShape, ...] | None:
    """A seat's melds as hand analysis sees them, or None if some kong's kind is hidden from the viewer."""
    shapes = []
    for m in seat_view.melds[seat]:
        if HIDDEN in m.tiles:
            return None
        shapes.append(m.shape())
    return tuple(shapes)


def hand_counts(tiles: Sequence[int]) -> list[int]:
    """Kind counts of tile ids."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def unseen_counts(seat_view: SeatView) -> list[int]:
    """For each kind, the copies the seat cannot see anywhere (the unseen-tile tracker)."""
    seen = hand_counts(seat_view.visible_tiles())
    return [max(0, 4 - c) for c in seen]


def unseen_total(seat_view: SeatView) -> int:
    """How many tiles the seat cannot see (other concealed hands, the wall, hidden tiles)."""
    return NUM_TILES - len(seat_view.visible_tiles())


def bao_panel(seat_view: SeatView) -> BaoPanel:
    """The 宝 panel's figures for a (listening) seat: waits with unseen copies, the 宝, the chance to win."""
    unseen = unseen_counts(seat_view)
    waits = tuple(WaitFigure(w.kind, w.kadang, unseen[w.kind]) for w in seat_view.waits)
    bao = None if seat_view.bao is None else seat_view.bao >> 2
    winning = {w.kind for w in seat_view.waits}
    if bao is not None:
        winning.add(bao)
    return BaoPanel(
        waits=waits,
        bao=bao,
        bao_unseen=unseen[bao] if bao is not None else 0,
        winning_unseen=sum(unseen[k] for k in winning),
        unseen_total=unseen_total(seat_view),
    )


def wait_figures(report: ListenReport, seat_view: SeatView) -> tuple[WaitFigure, ...]:
    """A listen report's legal waits with the copies the seat cannot see."""
    unseen = unseen_counts(seat_view)
    return tuple(WaitFigure(w.kind, w.kadang, unseen[w.kind]) for w in report.waits)


def ting_reports(seat_view: SeatView) -> dict[int, ListenReport]:
    """For a 14-tile hand on its turn: each distinct discard kind and the listen report of what is left."""
    shapes = meld_shapes(seat_view, seat_view.seat)
    if shapes is None or len(seat_view.hand) + 3 * len(shapes) != 14:
        return {}
    counts = hand_counts(seat_view.hand)
    out: dict[int, ListenReport] = {}
    for kind in range(NUM_KINDS):
        if counts[kind]:
            counts[kind] -= 1
            out[kind] = listen_report(counts, shapes, seat_view.rules)
            counts[kind] += 1
    return out


def winning_shape(seat_view: SeatView) -> WinShape | None:
    """The winning decomposition of the hand just won, read from the revealed hand, or None."""
    result = seat_view.result
    if not isinstance(result, HuEvent):
        return None
    shapes = meld_shapes(seat_view, result.seat)
    if shapes is None:
        return None
    counts = hand_counts(result.hand)
    drawn = result.tile >> 2
    if sum(counts) + 3 * len(shapes) == 14:  # a 冲宝 win (R29) leaves the 宝 outside the 13-tile hand
        if counts[drawn] == 0:
            return None
        counts[drawn] -= 1
    if sum(counts) + 3 * len(shapes) != 13:
        return None
    rules = seat_view.rules
    candidates = [drawn]
    if result.kind in ("mobao", "baozhongbao"):
        report = listen_report(counts, shapes, rules)
        waits: list[Wait] = sorted(report.waits, key=lambda w: (w.kind != drawn, not w.kadang))
        candidates = [w.kind for w in waits] or [drawn]
    for kind in candidates:
        reading: Reading | None = best_reading(counts, shapes, kind, rules)
        if reading is not None:
            sets = tuple((s.kind, s.kinds()) for s in reading.sets)
            return WinShape(result.seat, kind, reading.pair, sets)
    return None


def marked_discard(seat: int | None, event: Event) -> int | None:
    """The seat whose newest discard the table marks after ``event``, given the one marked before it.

    A discard is marked until it is claimed (吃, 碰, 明杠, 胡), the hand is won or a new hand starts;
    draws and passes leave the mark where it is.
    """
    if isinstance(event, TileDiscarded):
        return event.seat
    if isinstance(event, ChiEvent | PengEvent | HuEvent | RoundStartedEvent):
        return None
    if isinstance(event, GangEvent) and event.kind == "minggang":
        return None
    return seat


def prepare_analysis(rules: RuleSet | None = None) -> None:
    """Ask hand analysis one question so that its tables (made on first use, a few hundred ms) exist
    before the table needs them; meant for a worker thread at the start of a match."""
    counts = hand_counts([0, 4, 8, 36, 40, 44, 72, 76, 80, 84, 88, 108, 109])  # 123m 123p 12345s 中中
    listen_report(counts, (), rules if rules is not None else RuleSet())


def find_advisor(level: str = "expert") -> Callable[[SeatView, Sequence[Action]], list[Decision]] | None:
    """The hint advisor's ``rank(view, legal)`` (best first), with a memo of its own for this table."""
    return Advisor(level).rank


def find_reason_renderer() -> Callable[[Reason, str], str] | None:
    """``render_reason(reason, lang)``: an AI reason in words."""
    return render_reason


@dataclass
class Session:
    """A match between the person at seat 0 and three AI players, autosaved as it is played."""

    game: Game
    levels: tuple[str, str, str]
    """The AI levels asked for, seats 1-3."""
    players: dict[int, Player]
    stand_ins: frozenset[int] = frozenset()
    """AI seats whose level is not available, played by the fallback player."""
    preset: str = "standard"
    path: Path | None = None
    """The autosave file (None: not saved)."""
    replays_dir: Path | None = None
    """Where a finished match's log is moved."""
    warnings: tuple[str, ...] = ()
    """Problems met while resuming (e.g. a torn last line dropped)."""
    finished_path: Path | None = None
    """Where the finished match's log went."""
    _asked: dict[str, tuple[int, Any]] = field(default_factory=dict, repr=False)
    """Answers about the table now (pending seats, legal actions, the view), by the token they hold for."""
    _writer: LogWriter | None = field(default=None, repr=False)
    _saved: int = 0
    _shown: int = 0
    _shown_state: State | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ making and resuming
    @classmethod
    def new(
        cls, config: MatchConfig, saves_dir: Path | None = None, replays_dir: Path | None = None
    ) -> Session:
        """Start a match; with ``saves_dir`` it is autosaved there (an older match in progress is kept
        as an unfinished replay in ``replays_dir``)."""
        seed = config.seed if config.seed is not None else new_seed()
        players_names = (HUMAN_NAME, *config.levels)
        game = Game.new(seed, config.rules, hands=config.hands, players=players_names)
        session = cls._host(game, config.levels, config.preset)
        if saves_dir is not None:
            path = save_path(saves_dir)
            if path.exists() and replays_dir is not None:
                _keep(path, replays_dir)
            session.path = path
            session.replays_dir = replays_dir
            session._open_writer()
        log.info(
            "new match seed=%s levels=%s hands=%s preset=%s", seed, config.levels, config.hands, config.preset
        )
        return session

    @classmethod
    def resume(cls, path: Path, replays_dir: Path | None = None) -> Session:
        """Continue a saved match from its last complete move (see :func:`game.saves.check_save`).

        A torn last line, or the events of a move the log holds only in part, are dropped
        (listed in :attr:`warnings`); a save that breaks a rule raises SaveError.
        """
        checked = check_save(path)
        if checked.over:
            raise SaveError(f"{path}: the saved match has already ended")
        try:
            game = Game.from_events(checked.events)
        except EventError as exc:  # check_save re-played it already; kept as a last guard
            raise SaveError(f"{path}: {exc}") from None
        session = cls._host(game, checked.levels, checked.preset)
        session.path = Path(path)
        session.replays_dir = replays_dir
        session.warnings = checked.warnings
        for warning in checked.warnings:
            log.warning("resume: %s", warning)
        session._open_writer(header=checked.header)
        session._shown = len(game.events)
        session._shown_state = game.state
        log.info("resumed %s at event %d (hand %d)", path, len(game.events), game.state.hand_no)
        return session

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        levels: tuple[str, str, str] = ("normal", "normal", "normal"),
        players: dict[int, Player] | None = None,
        preset: str = "standard",
        saves_dir: Path | None = None,
    ) -> Session:
        """Host an existing game (a scripted deal, a lesson); ``players`` replaces the AI seats."""
        session = cls._host(game, levels, preset, players)
        if saves_dir is not None:
            session.path = save_path(saves_dir)
            session._open_writer()
        return session

    @classmethod
    def _host(
        cls,
        game: Game,
        levels: tuple[str, str, str],
        preset: str,
        given: dict[int, Player] | None = None,
    ) -> Session:
        """Seat the AI players for a game."""
        players: dict[int, Player] = {}
        stand_ins = set()
        for seat, level in zip((1, 2, 3), levels, strict=True):
            if given is not None and seat in given:
                players[seat] = given[seat]
                continue
            player, stand_in = make_ai(level, game.state.seed, seat)
            players[seat] = player
            if stand_in:
                stand_ins.add(seat)
        if stand_ins:
            log.info("AI levels not available, %s plays seats %s", FALLBACK_PLAYER, sorted(stand_ins))
        session = cls(game, levels, players, frozenset(stand_ins), preset)
        session._shown_state = initial_state(game.events[0])  # type: ignore[arg-type]
        session._shown = 1
        return session

    def header(self) -> dict[str, Any]:
        """The save file's header (docs/replay-format.md): levels, rules, seed, length, AI seats' seeds."""
        state = self.game.state
        started = self.game.events[0]
        assert isinstance(started, MatchStarted)
        return match_header(
            started,
            kind=SAVE_KIND,
            preset=recorded_preset(self.preset, state.rules.to_dict()),
            levels=list(self.levels),
            ai_seeds=[None, *(ai_seed(state.seed, seat) for seat in (1, 2, 3))],
        )

    def _open_writer(self, header: dict[str, Any] | None = None) -> None:
        """Write the save file (atomically) with every event so far and keep it open for appends."""
        if self.path is None:
            return
        head = header if header is not None else self.header()
        try:
            self._writer = LogWriter(self.path, head, self.game.events)
        except OSError as exc:  # an unwritable data folder: play on without saving
            problem = f"{self.path}: cannot save ({exc.strerror or exc}); the match is not saved"
            log.error("%s", problem)
            self.warnings = (*self.warnings, problem)
            self.path = None
            return
        self._saved = len(self.game.events)

    def _save(self) -> None:
        """Append the events not yet in the save; move the log to the replays once the match is over."""
        if self._writer is not None and self._saved < len(self.game.events):
            try:
                self._writer.append(self.game.events[self._saved :])
            except OSError as exc:  # a full disk must not stop the game
                log.error("autosave to %s failed: %s", self.path, exc)
            self._saved = len(self.game.events)
        if self.game.over:
            self._finish()

    def _finish(self) -> None:
        """Close the save and keep the whole match as a replay."""
        self.close()
        if self.path is not None and self.path.exists() and self.replays_dir is not None:
            self.finished_path = _keep(self.path, self.replays_dir)
        self.path = None

    def close(self) -> None:
        """Close the save file (the match stays resumable)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # ------------------------------------------------------------------ what seat 0 may know
    def _remember(self, name: str, compute: Callable[[], Any]) -> Any:
        """A question about the table now, answered once per change of the table (the UI asks every frame)."""
        token = len(self.game.events)
        hit = self._asked.get(name)
        if hit is not None and hit[0] == token:
            return hit[1]
        value = compute()
        self._asked[name] = (token, value)
        return value

    def view(self) -> SeatView:
        """Seat 0's view of the table now (for deciding)."""
        result: SeatView = self._remember("view", lambda: view(self.game.state, HUMAN))
        return result

    def shown_last_discard(self) -> int | None:
        """The seat whose newest discard is marked on the table as far as events have been shown."""
        seat: int | None = None
        for event in self.game.events[: self._shown]:
            seat = marked_discard(seat, event)
        return seat

    def shown_view(self) -> SeatView:
        """Seat 0's view as far as events have been shown (for drawing)."""
        state = self._shown_state if self._shown_state is not None else self.game.state
        return view(state, HUMAN)

    @property
    def backlog(self) -> int:
        """Events played but not shown yet."""
        return len(self.game.events) - self._shown

    def next_shown(self) -> Shown | None:
        """Advance the display cursor by one event: its projection for seat 0 and the view after it."""
        if self._shown >= len(self.game.events):
            return None
        event = self.game.events[self._shown]
        assert self._shown_state is not None
        state = apply(self._shown_state, event)
        self._shown_state = state
        index = self._shown
        self._shown += 1
        return Shown(index, event_view(event, HUMAN, state), view(state, HUMAN))

    def catch_up(self) -> list[Shown]:
        """Show every remaining event at once."""
        out = []
        while (item := self.next_shown()) is not None:
            out.append(item)
        return out

    @property
    def token(self) -> int:
        """Changes whenever the table changes (the number of events)."""
        return len(self.game.events)

    @property
    def round_over(self) -> bool:
        """The current hand is over (the next one starts with :meth:`advance`)."""
        return self.game.state.phase == "round_over"

    @property
    def over(self) -> bool:
        """The match has ended."""
        return self.game.over

    def pending(self) -> list[int]:
        """Seats the table waits for, in priority order."""
        result: list[int] = self._remember("pending", self.game.pending)
        return list(result)

    def human_pending(self) -> bool:
        """The table waits for the person at seat 0 (never while an AI plays that seat)."""
        return HUMAN not in self.players and HUMAN in self.pending()

    def legal(self) -> list[Action]:
        """What seat 0 may do now (empty when the table is not waiting for it)."""
        result: list[Action] = self._remember("legal", lambda: self.game.legal_actions(HUMAN))
        return list(result)

    # ------------------------------------------------------------------ playing
    def submit(self, action: Action) -> list[Event] | Refusal:
        """Seat 0 plays an action: the new events (saved at once), or a Refusal saying why not."""
        result = self.game.submit(HUMAN, action)
        if isinstance(result, Refusal):
            return result
        self._save()
        return result

    def explain(self, action: Action) -> Refusal:
        """Why seat 0 may not play an action now (the "why not?"); ``code`` is ``"allowed"`` if it may."""
        try:
            result = step(self.game.state, HUMAN, action)
        except AnalysisError:  # the engine asked hand analysis about a hand of the wrong size
            return Refusal("illegal_action", f"{action.describe()} is not allowed now")
        return result if isinstance(result, Refusal) else Refusal(ALLOWED, "allowed")

    def ai_pending(self) -> list[int]:
        """AI seats the table waits for, in priority order (seat 0 too while it is autoplayed)."""
        return [s for s in self.pending() if s in self.players]

    def autoplay(self, level: str) -> None:
        """Let an AI of ``level`` play seat 0 from now on (``--autoplay``), through the same
        :meth:`ai_job` and :meth:`apply_ai` as the other AI seats."""
        self.players[HUMAN] = make_player(level, ai_seed(self.game.state.seed, HUMAN))

    @property
    def autoplayed(self) -> bool:
        """Seat 0 is played by an AI."""
        return HUMAN in self.players

    def ai_job(self, seat: int) -> AiJob:
        """A snapshot for the AI at ``seat`` to decide on (its view and legal actions only)."""
        legal = tuple(self.game.legal_actions(seat))
        if not legal:
            raise ValueError(f"the table is not waiting for seat {seat}")
        return AiJob(seat, self.token, view(self.game.state, seat), legal, self.players[seat])

    def apply_ai(self, job: AiJob, decision: Decision) -> list[Event] | None:
        """Play an AI decision; None if the table moved on since the snapshot (ask again).

        A decision the engine refuses is logged and replaced by the first legal action.
        """
        if job.token != self.token:
            return None
        result = self.game.submit(job.seat, decision.action)
        if isinstance(result, Refusal):
            log.warning(
                "AI seat %d: %s refused (%s); playing %s",
                job.seat,
                decision.action.describe(),
                result.message,
                job.legal[0].describe(),
            )
            result = self.game.submit(job.seat, job.legal[0])
            if isinstance(result, Refusal):
                raise RuntimeError(f"seat {job.seat}: the first legal action was refused: {result.message}")
        self._save()
        return result

    def run_ai(self, seat: int) -> list[Event]:
        """Decide and play for an AI seat on this thread (tests and tools)."""
        job = self.ai_job(seat)
        events = self.apply_ai(job, job.run())
        assert events is not None
        return events

    def advance(self) -> list[Event]:
        """After a hand: deal the next one (or end the match); saved at once."""
        new = self.game.advance()
        self._save()
        return new

    # ------------------------------------------------------------------ the table's helpers
    def ting_options(self) -> dict[int, ListenReport]:
        """Kinds seat 0 may discard while declaring 听 now, each with what the hand then waits on."""
        allowed = {a.tile >> 2 for a in self.legal() if isinstance(a, Discard) and a.ting}
        return {k: r for k, r in ting_reports(self.view()).items() if k in allowed}

    def discard_refusal(self, tile: int, ting: bool = False) -> Refusal:
        """Why seat 0 may not discard ``tile`` (with 听 if ``ting``); code ``allowed`` if it may."""
        return self.explain(Discard(tile, ting=ting))

    def button_actions(self) -> dict[str, list[Action]]:
        """The legal actions behind each claim-bar button (吃 碰 杠 听 胡 过); several 吃 or 杠 are choices.

        For a locked (听) hand whose draw could win, 过 is throwing the drawn tile.
        """
        legal = self.legal()
        out: dict[str, list[Action]] = {name: [] for name in CLAIM_BUTTONS}
        for action in legal:
            name = button_of(action)
            if name in out:
                out[name].append(action)
        if not out["pass"] and self.game.state.listening[HUMAN] and out["hu"]:
            out["pass"] = [a for a in legal if isinstance(a, Discard) and not a.ting]
        return out

    def button_reasons(self) -> dict[str, Refusal]:
        """For each claim-bar button: ``allowed``, or the engine's refusal saying why not."""

        def ask() -> dict[str, Refusal]:
            actions = self.button_actions()
            return {
                name: Refusal(ALLOWED, "allowed")
                if actions[name]
                else self.explain(self._representative(name))
                for name in CLAIM_BUTTONS
            }

        reasons: dict[str, Refusal] = self._remember("reasons", ask)
        return dict(reasons)

    def _representative(self, name: str) -> Action:
        """An action of a button's kind to ask the engine about when the button is not available.

        听 on the player's turn asks about the discard that comes closest to a legal 听 (fewest blockers).
        """
        state_view = self.view()
        if name == "ting":
            if state_view.phase != "discard" or state_view.turn != HUMAN:
                return Chi((), ting=True)  # 吃听/碰听 on someone else's discard
            reports = ting_reports(state_view)
            if reports:
                kind = min(reports, key=lambda k: (len(reports[k].blockers), reports[k].shanten, k))
                tile = next(t for t in state_view.hand if t >> 2 == kind)
                return Discard(tile, ting=True)
            return Discard(state_view.hand[0] if state_view.hand else 0, ting=True)
        if name in ("chi", "peng", "gang"):
            discard = state_view.last_discard
            own: tuple[int, ...] = ()
            if discard is not None:
                same = tuple(t for t in state_view.hand if t >> 2 == discard >> 2)
                own = same[: (3 if name == "gang" else 2)] if name != "chi" else ()
            if name == "chi":
                return Chi(own)
            if name == "peng":
                return Peng(own)
            return Gang(own)
        if name == "hu":
            return Hu()
        return Pass()

    def bao_panel(self, seat_view: SeatView | None = None) -> BaoPanel:
        """The 宝 panel's figures for seat 0 (from a given view, by default the current one)."""
        return bao_panel(seat_view if seat_view is not None else self.view())

    def hand_records(self) -> list[HandRecord]:
        """Every finished hand so far (outcome, deltas, running scores)."""
        return hand_records(self.game.events)

    def last_bao_swap(self) -> BaoReplaced | None:
        """The latest 换宝 of the hand being played (public: the old 宝 and how many copies were seen)."""
        for event in reversed(self.game.events):
            if isinstance(event, RoundStartedEvent):
                return None
            if isinstance(event, BaoReplaced):
                return event
        return None

    def seat_levels(self) -> tuple[str | None, ...]:
        """Each seat's level as played: None for the person, ``random`` where a stand-in sits."""
        return (None, *(FALLBACK_PLAYER if s in self.stand_ins else self.levels[s - 1] for s in (1, 2, 3)))


def button_of(action: Action) -> str:
    """The claim-bar button of an action: chi, peng, gang, ting, hu, pass (a plain discard: ``discard``)."""
    if isinstance(action, Discard):
        return "ting" if action.ting else "discard"
    if isinstance(action, Chi | Peng):
        return "ting" if action.ting else action.type
    if isinstance(action, Gang | AnGang | JiaGang):
        return "gang"
    return action.type


def _keep(path: Path, replays_dir: Path) -> Path | None:
    """Keep a match's log as a replay, marked finished or abandoned (``replay.library.keep_match``)."""
    kept = keep_match(path, replays_dir)
    if kept is None:
        log.error("could not keep %s in %s", path, replays_dir)
    else:
        log.info("kept %s as %s", path, kept)
    return kept


__all__ = [
    "CLAIM_BUTTONS",
    "HUMAN",
    "AiJob",
    "BaoPanel",
    "HandRecord",
    "MatchConfig",
    "SaveError",
    "SaveInfo",
    "Session",
    "Shown",
    "WaitFigure",
    "WinShape",
    "ai_seed",
    "bao_panel",
    "button_of",
    "find_advisor",
    "find_reason_renderer",
    "find_save",
    "hand_records",
    "make_ai",
    "marked_discard",
    "prepare_analysis",
    "save_path",
    "ting_reports",
    "unseen_counts",
    "unseen_total",
    "wait_figures",
    "winning_shape",
]
