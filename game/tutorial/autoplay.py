"""Moves nobody chooses in a lesson: setting up the position, scripted opponents, AI opponents in free play.

In a scripted part of a lesson an opponent that has no scripted move throws
the tile it just drew and passes every call; in free play opponents are AI
players of the lesson's level, seeded by the position so that undo and replay
give the same moves. Every move goes through the engine (:class:`Game`).
"""

from __future__ import annotations

from ..ai.registry import make_player
from ..core.actions import Action, Discard, Hu, Pass, Refusal
from ..core.errors import HarbinError
from ..core.events import Event
from ..core.match import Game
from ..core.view import view
from ..scenario import SEATS, ScriptedAction, play_step
from .lesson import PERSON, Position

CLAIM_VERBS = ("chi", "peng", "gang", "hu", "pass")
TURN_VERBS = ("discard", "angang", "jiagang", "hu")
GUARD = 1000
"""More automatic moves than a hand can hold: a lesson that loops is stopped."""


class PositionError(HarbinError, ValueError):
    """A lesson position that the engine cannot reach (a setup move refused, a fast-forward stuck)."""


def start_position(position: Position) -> Game:
    """The game at a lesson's starting position: the deal, its setup moves, then the fast-forward."""
    scenario = position.scenario
    game = Game.from_events(scenario.start_events())
    for index, scripted in enumerate(scenario.actions):
        result = play_scripted(game, scripted)
        if isinstance(result, str):
            raise PositionError(f"setup move {index + 1} ({scripted.text}): {result}")
    if position.fast_forward is not None:
        for _ in range(GUARD):
            if game.state.live_count <= position.fast_forward:
                break
            result = auto_move(game, None)
            if isinstance(result, str):
                raise PositionError(f"fast_forward: {result}")
        else:
            raise PositionError("fast_forward: the wall never got that short")
    return game


def scripted_reply(game: Game, seat: int) -> Action | str:
    """What a seat with no scripted move does: pass a call, throw the tile it drew; or why it cannot."""
    state = game.state
    legal = game.legal_actions(seat)
    who = SEATS[seat]
    if state.phase in ("claim", "rob", "fenzhang"):
        if Pass() in legal:
            return Pass()
        return f"{who} must win here: script '{who} hu'"
    if state.phase == "discard" and state.turn == seat:
        if state.drawn is not None and Discard(state.drawn) in legal:
            return Discard(state.drawn)
        if Hu() in legal:
            return f"{who} must win here: script '{who} hu'"
        return f"{who} must choose a discard: script it"
    return f"the table does not wait for {who}"


def ai_reply(game: Game, seat: int, level: str) -> Action:
    """An AI player's move for a seat, seeded by the position (the same position, the same move)."""
    player = make_player(level, len(game.events) * 4 + seat)
    return player.decide(view(game.state, seat), game.legal_actions(seat)).action


def auto_move(game: Game, level: str | None) -> list[Event] | str:
    """One move by the first seat the table waits for: scripted behaviour, or AI of ``level``.

    Returns the new events, or why no move could be made (the hand is over, a seat must win).
    """
    pending = game.pending()
    if not pending:
        return "the hand is over" if game.state.phase == "round_over" else "nobody is to move"
    seat = pending[0]
    action: Action | str = scripted_reply(game, seat) if level is None else ai_reply(game, seat, level)
    if isinstance(action, str):
        return action
    result = game.submit(seat, action)
    if isinstance(result, Refusal):
        return f"{SEATS[seat]} {action.describe()}: {result.message}"
    return result


def fits(game: Game, move: ScriptedAction) -> bool:
    """Whether a scripted move is of the kind the table asks of its seat now (a call, or a turn move)."""
    state = game.state
    if move.seat not in game.pending():
        return False
    if state.phase in ("claim", "rob"):
        return move.verb in CLAIM_VERBS
    if state.phase == "fenzhang":
        return move.verb in ("hu", "pass")
    return move.verb in TURN_VERBS


def play_scripted(game: Game, move: ScriptedAction) -> list[Event] | str:
    """Play one scripted move; seats the table waits for first pass or throw their draw.

    The person passes calls it is offered but never makes a turn move on its own:
    a script that needs one must say so (an ``expect`` step or a move of the person).
    """
    new: list[Event] = []
    for _ in range(GUARD):
        if fits(game, move):
            before = len(game.events)
            problem = play_step(game, move)
            return problem if problem else new + game.events[before:]
        pending = game.pending()
        others = [s for s in pending if s != move.seat] or pending
        if not others:
            return "the hand is over" if game.state.phase == "round_over" else "nobody is to move"
        seat = others[0]
        if seat == PERSON and game.state.phase == "discard":
            return f"East (the person) must move before {move.text!r}: add an expect step"
        reply = scripted_reply(game, seat)
        if isinstance(reply, str):
            return reply
        result = game.submit(seat, reply)
        if isinstance(result, Refusal):
            return f"{result.code}: {result.message}"
        new.extend(result)
    return f"{move.text!r} never came up"
