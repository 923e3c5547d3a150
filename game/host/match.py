"""The match host: one person (seat 0) against three AI players — the game, who plays each seat, and
the AI decisions made off the render thread.

:class:`MatchHost` holds the :class:`~game.core.match.Game` and the players of
the AI seats (and of seat 0 too while it is handed to an AI: ``--autoplay``,
托管). The person plays through :meth:`MatchHost.submit`; an AI seat's decision
comes in two halves so that a UI never waits for it: :meth:`MatchHost.ai_job`
takes a snapshot (the seat's view and legal actions; an AI never sees more)
whose :meth:`~game.table.driver.AiJob.run` may run on any thread, and
:meth:`MatchHost.apply_ai` plays the decision back through the shared seat loop
(:func:`game.core.drive.play_choice`: a refused choice falls back to the first
legal action), ignoring it if the table moved on meanwhile.

Every new event is handed, with the state after it, to the host's observers (the
autosave and the display cursor), so nothing folds an event a second time.
No pygame here.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Final

from game.ai.base import Decision, Player
from game.ai.registry import make_player, player_factories
from game.core.actions import Action, Refusal
from game.core.drive import play_choice
from game.core.events import Event
from game.core.match import Game
from game.core.state import State
from game.core.view import SeatView, view
from game.table.driver import AiJob
from game.table.menu import ActionMenu

log = logging.getLogger(__name__)

HUMAN: Final = 0
"""The person's seat. Seats 1-3 (下家, 对家, 上家) are AI players."""
HUMAN_NAME: Final = "human"
FALLBACK_PLAYER: Final = "random"
"""The player that sits in for an AI level that is not available (yet)."""

Observer = Callable[[Sequence[Event], Sequence[State]], None]
"""Told of each batch of new events with the state after each."""


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


class MatchHost:
    """A match between the person at seat 0 and three AI players (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        levels: tuple[str, str, str],
        players: dict[int, Player],
        stand_ins: frozenset[int] = frozenset(),
        preset: str = "standard",
    ) -> None:
        self.game = game
        self.levels = levels
        """The AI levels asked for, seats 1-3."""
        self.players = players
        """Who plays each AI seat (and seat 0 while it is autoplayed)."""
        self.stand_ins = stand_ins
        """AI seats whose level is not available, played by the fallback player."""
        self.preset = preset
        self.observers: list[Observer] = []
        self._menu: ActionMenu | None = None
        self._pending: tuple[int, tuple[int, ...]] | None = None

    @classmethod
    def seat(
        cls, game: Game, levels: tuple[str, str, str], preset: str, given: dict[int, Player] | None = None
    ) -> MatchHost:
        """Seat the AI players of ``levels`` (or the ``given`` ones) at a game."""
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
        return cls(game, levels, players, frozenset(stand_ins), preset)

    # ------------------------------------------------------------------ the table now
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
        if self._pending is None or self._pending[0] != self.token:
            self._pending = (self.token, tuple(self.game.pending()))
        return list(self._pending[1])

    def person_pending(self) -> bool:
        """The table waits for the person at seat 0 (never while an AI plays that seat)."""
        return HUMAN not in self.players and HUMAN in self.pending()

    def ai_pending(self) -> list[int]:
        """Seats the table waits for that an AI plays, in priority order (seat 0 too while autoplayed)."""
        return [s for s in self.pending() if s in self.players]

    def view(self, seat: int = HUMAN) -> SeatView:
        """What a seat may know now."""
        return self.menu().view if seat == HUMAN else view(self.game.state, seat)

    def legal(self, seat: int = HUMAN) -> list[Action]:
        """What a seat may do now (empty when the table is not waiting for it)."""
        return list(self.menu().legal) if seat == HUMAN else self.game.legal_actions(seat)

    def menu(self) -> ActionMenu:
        """Seat 0's action menu now (buttons, choices, reasons), kept until the table changes."""
        if self._menu is None or self._menu.token != self.token:
            self._menu = ActionMenu(self.game.state, HUMAN, self.game.legal_actions(HUMAN))
        return self._menu

    def seat_levels(self) -> tuple[str | None, ...]:
        """Each seat's level as played: None for the person, ``random`` where a stand-in sits."""
        return (None, *(FALLBACK_PLAYER if s in self.stand_ins else self.levels[s - 1] for s in (1, 2, 3)))

    # ------------------------------------------------------------------ playing
    def submit(self, action: Action) -> list[Event] | Refusal:
        """The person plays an action at seat 0: the new events, or a Refusal saying why not."""
        trace: list[State] = []
        result = self.game.submit(HUMAN, action, trace)
        if not isinstance(result, Refusal):
            self._tell(result, trace)
        return result

    def ai_job(self, seat: int) -> AiJob:
        """A snapshot for the player at ``seat`` to decide on (its view and legal actions only)."""
        legal = tuple(self.game.legal_actions(seat))
        if not legal:
            raise ValueError(f"the table is not waiting for seat {seat}")
        return AiJob(seat, self.token, view(self.game.state, seat), legal, self.players[seat])

    def apply_ai(self, job: AiJob, decision: Decision) -> list[Event] | None:
        """Play a player's decision; None if the table moved on since the snapshot (ask again).

        A decision the engine refuses is logged and replaced by the first legal action.
        """
        if job.token != self.token:
            return None
        trace: list[State] = []
        played = play_choice(self.game, job.seat, decision.action, job.legal, trace)
        assert not isinstance(played, Refusal)  # with the fallback, a refused choice is replaced
        if played.refusal is not None:
            log.warning(
                "AI seat %d: %s refused (%s); playing %s",
                job.seat,
                decision.action.describe(),
                played.refusal.message,
                played.played.describe(),
            )
        self._tell(played.events, trace)
        return played.events

    def run_ai(self, seat: int) -> list[Event]:
        """Decide and play for an AI seat on this thread (tests and tools)."""
        job = self.ai_job(seat)
        events = self.apply_ai(job, job.run())
        assert events is not None
        return events

    def advance(self) -> list[Event]:
        """After a hand: deal the next one (or end the match)."""
        trace: list[State] = []
        new = self.game.advance(trace)
        self._tell(new, trace)
        return new

    def autoplay(self, level: str | None) -> None:
        """Let an AI of ``level`` play seat 0 from now on (``--autoplay``, 托管), through the same
        :meth:`ai_job` and :meth:`apply_ai` as the other AI seats; None gives it back to the person."""
        if level is None:
            self.players.pop(HUMAN, None)
        else:
            self.players[HUMAN] = make_player(level, ai_seed(self.game.state.seed, HUMAN))

    @property
    def autoplayed(self) -> bool:
        """Seat 0 is played by an AI."""
        return HUMAN in self.players

    def _tell(self, events: Sequence[Event], states: Sequence[State]) -> None:
        for observer in self.observers:
            observer(events, states)


__all__ = [
    "FALLBACK_PLAYER",
    "HUMAN",
    "HUMAN_NAME",
    "MatchHost",
    "Observer",
    "ai_seed",
    "make_ai",
    "new_seed",
]
