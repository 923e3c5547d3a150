"""A match: its seeded walls, the first dealer, dealer rotation, 包牌 and the end (R02-R05).

Randomness happens only here, from the match seed: each hand's seed is a hash
of (match seed, hand number), which drives our own Fisher–Yates shuffle over
``random.Random.random()`` (the one call Python promises to keep stable). The
result — dice and the whole wall — is written into ``round_started``, so a
replay never re-runs any of this.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import Action, Refusal
from .engine import step
from .events import BaoRevealed, Event, EventError, Hu, MatchEnded, MatchStarted, RoundStarted
from .legal import legal_actions, pending_seats
from .rules import RuleSet
from .state import State, apply, fold, initial_state
from .tiles import NUM_TILES

DEFAULT_HANDS = 16


def hand_seed(seed: int, hand_no: int) -> int:
    """The seed of one hand, derived from the match seed by hashing."""
    digest = hashlib.sha256(f"harbin-mahjong:{seed}:{hand_no}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def shuffled_wall(rng: random.Random) -> tuple[int, ...]:
    """All 112 tiles in a random order (Fisher–Yates over ``rng.random()``)."""
    wall = list(range(NUM_TILES))
    for i in range(NUM_TILES - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        wall[i], wall[j] = wall[j], wall[i]
    return tuple(wall)


def roll_dice(rng: random.Random, rules: RuleSet) -> tuple[int, ...]:
    """Two rolls of two dice (S0 method 1), or one roll (method 2); cosmetic (R05)."""
    rolls = 2 if rules.dice_method == "two_rolls" else 1
    return tuple(1 + int(rng.random() * 6) for _ in range(2 * rolls))


def first_dealer(seed: int) -> int:
    """The first dealer, drawn from the match seed (R02)."""
    return int(random.Random(hand_seed(seed, -1)).random() * 4)


def start_match(
    seed: int,
    rules: RuleSet,
    hands: int = DEFAULT_HANDS,
    players: Sequence[str] = ("", "", "", ""),
    dealer: int | None = None,
) -> list[Event]:
    """The opening events of a match: ``match_started`` and the first ``round_started``."""
    if hands < 1:
        raise ValueError("a match needs at least one hand")
    first = first_dealer(seed) if dealer is None else dealer
    started = MatchStarted(seed, rules.to_dict(), hands, first, tuple(players))
    state = initial_state(started)
    round_started = round_event(state, 0, first, False)
    return [started, round_started, *hand_opening(apply(state, round_started))]


def hand_opening(state: State) -> list[Event]:
    """The events that follow a ``round_started`` with no decision (``state`` is the state after it):
    under 明宝 (R49) the 宝 is shown to every seat at the deal, so the log says so."""
    if state.rules.bao_visibility == "public" and state.bao is not None:
        return [BaoRevealed(None, state.bao)]
    return []


def opening_length(state: State, events: Sequence[Event], index: int) -> int:
    """How many of the events from ``index`` on are the hand's opening (:func:`hand_opening` of ``state``,
    the state after a ``round_started``); a log written before the opening existed has none."""
    n = 0
    for want in hand_opening(state):
        if index + n < len(events) and events[index + n] == want:
            n += 1
    return n


def round_event(state: State, hand_no: int, dealer: int, liable: bool) -> RoundStarted:
    """The ``round_started`` of a hand, with its wall and dice from the hand's seed."""
    rng = random.Random(hand_seed(state.seed, hand_no))
    wall = shuffled_wall(rng)
    dice = roll_dice(rng, state.rules)
    return RoundStarted(hand_no, dealer, dice, wall, liable)


def next_dealer(state: State) -> tuple[int, bool]:
    """Who deals the next hand and whether that dealer is liable (R03, R04)."""
    rules = state.rules
    dealer = state.dealer
    nxt = (dealer + 1) % 4
    if state.liable:
        return nxt, False
    result = state.result
    if isinstance(result, Hu):
        if result.seat == dealer:
            return dealer, False
        return (result.seat if rules.rotation == "winner_deals" else nxt), False
    stays = rules.rotation != "next_seat"
    if rules.three_draw_liability and state.draw_streak >= 3:
        if rules.three_draw_move == "immediate":
            return nxt, True
        return dealer, True
    return (dealer if stays else nxt), False


def next_round(state: State) -> list[Event]:
    """After a hand: the next ``round_started``, or ``match_ended`` when the match is complete."""
    if state.phase != "round_over":
        raise EventError("the current hand is not over")
    if state.hand_no + 1 >= state.match_hands:
        return [MatchEnded(state.scores)]
    dealer, liable = next_dealer(state)
    round_started = round_event(state, state.hand_no + 1, dealer, liable)
    return [round_started, *hand_opening(apply(state, round_started))]


@dataclass
class Game:
    """A match being played: the log and the state it folds to, with the shared driver calls.

    Every driver (table, AI runner, lesson, scenario) goes through
    :meth:`legal_actions` and :meth:`submit`; the log in :attr:`events` is the
    replay.
    """

    state: State
    events: list[Event] = field(default_factory=list)
    _legal: dict[int, list[Action]] = field(default_factory=dict, repr=False, compare=False)
    _legal_for: State | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(
        cls,
        seed: int,
        rules: RuleSet,
        hands: int = DEFAULT_HANDS,
        players: Sequence[str] = ("", "", "", ""),
        dealer: int | None = None,
    ) -> Game:
        """Start a match from a seed."""
        return cls.from_events(start_match(seed, rules, hands, players, dealer))

    @classmethod
    def from_events(cls, events: Sequence[Event]) -> Game:
        """Rebuild a match from its log (EventError names the first bad event)."""
        return cls(fold(events), list(events))

    def legal_actions(self, seat: int) -> list[Action]:
        """What a seat may do now (remembered until the state changes)."""
        if self._legal_for is not self.state:
            self._legal = {}
            self._legal_for = self.state
        if seat not in self._legal:
            self._legal[seat] = legal_actions(self.state, seat)
        return list(self._legal[seat])

    def pending(self) -> list[int]:
        """Seats the table waits for."""
        return pending_seats(self.state)

    def submit(self, seat: int, action: Action, trace: list[State] | None = None) -> list[Event] | Refusal:
        """Play an action; the new events, or a Refusal (and nothing changes).

        ``trace``, when given, receives the state after each new event.
        """
        legal = self.legal_actions(seat) if seat in range(4) else None
        result = step(self.state, seat, action, legal, trace)
        if isinstance(result, Refusal):
            return result
        self.state, new = result
        self.events.extend(new)
        return new

    def advance(self, trace: list[State] | None = None) -> list[Event]:
        """Start the next hand (or end the match) once the current hand is over (``trace`` as in submit)."""
        new = next_round(self.state)
        for event in new:
            self.state = apply(self.state, event)
            if trace is not None:
                trace.append(self.state)
        self.events.extend(new)
        return new

    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self.state.phase == "match_over"
