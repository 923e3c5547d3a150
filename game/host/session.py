"""The live match on the table: the person at seat 0 against three AI players, autosaved, shown event by
event.

A :class:`Session` is the table driver (:class:`~game.table.driver.TableDriver`)
of a live match, with every optional capability (AI seats, 托管, a match result, a
save file to close), made of three parts with one job each:

- the **host** (:class:`~game.host.match.MatchHost`): the game, the AI seats and
  their decisions made off the render thread, seat 0 handed to an AI (``--autoplay``);
- the **autosave** (:class:`~game.host.autosave.Autosave`): every new event appended
  to the save file, the finished match kept as a replay;
- the **event cursor** (:class:`~game.replay.cursor.EventCursor`): what the table
  has shown so far; it takes the engine's own states for the new events, so each
  event is folded once for the display.

What seat 0 may do is the host's :class:`~game.table.menu.ActionMenu`, computed
from (state, seat) by the engine's answers. :meth:`Session.resume` continues a
saved match from its last complete move, after the checks of :mod:`game.saves`.
No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from game.ai.base import Decision, Player
from game.core.actions import Action, Refusal
from game.core.events import Event, EventError
from game.core.match import Game
from game.core.state import State
from game.host.autosave import Autosave, keep_as_replay, save_header
from game.host.match import HUMAN, HUMAN_NAME, MatchHost, ai_seed, new_seed
from game.match_config import MatchConfig
from game.replay.cursor import EventCursor
from game.saves import SaveError, check_save, save_path
from game.table.driver import AiJob, LiveDriver, next_is_match_end
from game.table.menu import ActionMenu

log = logging.getLogger(__name__)


class Session:
    """A live match as the table sees it (see the module docstring)."""

    def __init__(self, host: MatchHost, *, shown: int = 1, warnings: Sequence[str] = ()) -> None:
        """Put a hosted match on the table, ``shown`` events already shown (1: the deal still to show)."""
        self.host = host
        self.cursor = EventCursor(host.game.events, shown)
        self.autosave: Autosave | None = None
        self._warnings = tuple(warnings)
        host.observers.append(self._followed)

    # ------------------------------------------------------------------ making and resuming
    @classmethod
    def new(
        cls, config: MatchConfig, saves_dir: Path | None = None, replays_dir: Path | None = None
    ) -> Session:
        """Start a match; with ``saves_dir`` it is autosaved there (an older match in progress is kept
        as an unfinished replay in ``replays_dir``)."""
        seed = config.seed if config.seed is not None else new_seed()
        names = (config.autoplay or HUMAN_NAME, *config.levels)  # an autoplayed seat is named by its level
        game = Game.new(seed, config.rules, hands=config.hands, players=names)
        session = cls(MatchHost.seat(game, config.levels, config.preset))
        if config.autoplay:
            session.host.autoplay(config.autoplay)
        if saves_dir is not None:
            path = save_path(saves_dir)
            if path.exists() and replays_dir is not None:
                keep_as_replay(path, replays_dir)
            head = save_header(game, config.levels, config.preset)
            if config.autoplay:
                head["autoplay"] = [0]
                head["ai_seeds"] = [ai_seed(seed, 0), *head["ai_seeds"][1:]]
            session.save_to(path, replays_dir, header=head)
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
        host = MatchHost.seat(game, checked.levels, checked.preset)
        session = cls(host, shown=len(game.events), warnings=checked.warnings)
        for warning in checked.warnings:
            log.warning("resume: %s", warning)
        session.save_to(Path(path), replays_dir, header=checked.header)
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
        """Host an existing game (a scripted deal); ``players`` replaces the AI seats."""
        session = cls(MatchHost.seat(game, levels, preset, players))
        if saves_dir is not None:
            session.save_to(save_path(saves_dir), None)
        return session

    def save_to(self, path: Path, replays_dir: Path | None, header: dict[str, object] | None = None) -> None:
        """Autosave the match to ``path`` from now on (the whole log is written first)."""
        autosave = Autosave(path, replays_dir)
        host = self.host
        head = header if header is not None else save_header(host.game, host.levels, host.preset)
        if autosave.start(host.game.events, dict(head)):
            host.observers.insert(0, autosave.on_events)  # saved before it is shown
        self.autosave = autosave

    def _followed(self, events: Sequence[Event], states: Sequence[State]) -> None:
        """New events of the match: the cursor takes them with the engine's states."""
        self.cursor.extend(events, states)

    # ------------------------------------------------------------------ the match
    @property
    def game(self) -> Game:
        """The match being played."""
        return self.host.game

    @property
    def warnings(self) -> tuple[str, ...]:
        """Problems met while resuming or saving (a torn last line dropped, an unwritable folder)."""
        return self._warnings + (self.autosave.warnings if self.autosave is not None else ())

    @property
    def path(self) -> Path | None:
        """The save file (None: not saved)."""
        return self.autosave.path if self.autosave is not None else None

    def catch_up(self) -> None:
        """Show every event at once (no animation)."""
        self.cursor.seek(len(self.cursor))

    # ------------------------------------------------------------------ TableDriver
    @property
    def seat(self) -> int:
        """The person's seat."""
        return HUMAN

    def show_next(self) -> Event | None:
        """The next event played but not shown yet."""
        return self.cursor.forward()

    @property
    def caught_up(self) -> bool:
        """Every event played is shown."""
        return self.cursor.at_end

    def decision(self) -> ActionMenu | None:
        """Seat 0's menu while the table waits for the person."""
        return self.host.menu() if self.host.person_pending() else None

    def menu(self) -> ActionMenu:
        """Seat 0's menu now (every greyed button says why)."""
        return self.host.menu()

    def submit(self, action: Action) -> Refusal | None:
        """The person's action at seat 0 (saved at once), or why not."""
        result = self.host.submit(action)
        return result if isinstance(result, Refusal) else None

    def ai_job(self) -> AiJob | None:
        """The first AI seat the table waits for, as a snapshot to decide on."""
        pending = self.host.ai_pending()
        return self.host.ai_job(pending[0]) if pending else None

    def play_ai(self, job: AiJob, decision: Decision) -> bool:
        """Play an AI seat's decision (False: the table moved on)."""
        return self.host.apply_ai(job, decision) is not None

    def thinking(self) -> int | None:
        """The first AI seat the table waits for."""
        pending = self.host.ai_pending()
        return pending[0] if pending else None

    @property
    def hand_over(self) -> bool:
        """The hand being played is over."""
        return self.host.round_over

    def advance(self) -> None:
        """After a hand: deal the next one (or end the match); saved at once."""
        self.host.advance()

    @property
    def match_over(self) -> bool:
        """The match has ended."""
        return self.host.over or next_is_match_end(self.cursor)

    def levels(self) -> tuple[str | None, ...]:
        """Each seat's level as played: None for the person, ``random`` where a stand-in sits."""
        return self.host.seat_levels()

    @property
    def preset(self) -> str:
        """The rule preset's name."""
        return self.host.preset

    @property
    def stand_ins(self) -> bool:
        """Some AI seat is played by the fallback player."""
        return bool(self.host.stand_ins)

    @property
    def saved_as(self) -> Path | None:
        """Where the finished match's log went."""
        return self.autosave.finished_path if self.autosave is not None else None

    @property
    def autoplayed(self) -> bool:
        """Seat 0 is played by an AI."""
        return self.host.autoplayed

    def entrust(self, level: str | None) -> None:
        """Hand seat 0 to an AI of ``level`` (托管, ``--autoplay``), or back to the person (None)."""
        self.host.autoplay(level)

    def close(self) -> None:
        """Close the save file (the match stays resumable)."""
        if self.autosave is not None:
            self.autosave.close()


def as_table_driver(session: Session) -> LiveDriver:
    """A session where a live match's driver is wanted (the type checker holds it to every protocol)."""
    return session


__all__ = ["HUMAN", "Session", "as_table_driver"]
