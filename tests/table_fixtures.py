"""A scripted deal for the table and session tests, and an AI that never calls (so a hand goes as planned).

The deal (standard rules, the player at seat 0 deals):

- the player holds ``123m 456p 78s 99s 55m 中 1p`` and is not open, so 听 is refused (未开门);
- the player discards 1p; 下家 draws 5m and throws it: the player may 碰 (or 碰听);
- after 碰 the player discards 中 declaring 听 (waits 6s);
- 下家, 对家 and 上家 throw their draws; the player draws 6s: 自摸.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.base import Decision, Reason
from game.core.actions import Action, Discard, Pass
from game.core.events import MatchStarted, RoundStarted
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.tiles import parse_kinds
from game.core.view import SeatView, view
from game.host.session import Session
from game.scenario import build_wall

PLAYER_HAND = "123m 456p 78s 99s 55m 7z 1p"
HEAD = "5m 2p 3p 4p 6s"
"""Draws from the wall's head: 下家 5m (thrown, 碰), then 下家 2p, 对家 3p, 上家 4p, and the player 6s."""


class Tsumogiri:
    """Throws the tile it drew (or its first legal discard), passes every call, never declares 听."""

    name = "tsumogiri"

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        """Pass if possible, else discard the drawn tile."""
        for action in legal:
            if isinstance(action, Pass):
                return Decision(action, Reason("pass"))
        drawn = view.drawn
        for action in legal:
            if (
                isinstance(action, Discard)
                and not action.ting
                and drawn is not None
                and action.tile >> 2 == drawn >> 2
            ):
                return Decision(action, Reason("tsumogiri"))
        plain = [a for a in legal if isinstance(a, Discard) and not a.ting]
        return Decision(plain[0] if plain else legal[0], Reason("first"))


def scripted_game(
    hands: int = 1,
    head: str = HEAD,
    player_hand: str = PLAYER_HAND,
    bao: str = "9p",
    rules: RuleSet | None = None,
) -> Game:
    """The scripted deal as a one-hand match (the player deals), under the standard rules or ``rules``."""
    rules = RuleSet() if rules is None else rules
    wall = build_wall(
        rules,
        dealer=0,
        hands={0: parse_kinds(player_hand)},
        head=parse_kinds(head),
        bao=parse_kinds(bao)[0],
        seed=5,
    )
    started = MatchStarted(0, rules.to_dict(), hands, 0, ("human", "normal", "normal", "normal"))
    return Game.from_events([started, RoundStarted(0, 0, (3, 4, 2, 5), wall)])


def to_the_five(game: Game) -> Game:
    """Play the scripted deal on until the player may call 下家's 5m: the player throws 1p, the AIs throw
    their draws (the same ``game``, returned)."""
    one_dot = next(t for t in game.state.hands[0] if t >> 2 == parse_kinds("1p")[0])
    game.submit(0, Discard(one_dot))
    ai = Tsumogiri()
    while not game.legal_actions(0):
        for seat in (1, 2, 3):
            legal = game.legal_actions(seat)
            if legal:
                game.submit(seat, ai.decide(view(game.state, seat), legal).action)
    return game


def scripted_session(game: Game | None = None, **kwargs: object) -> Session:
    """The scripted deal (or another ``game``) hosted for seat 0 against three never-calling AIs."""
    players = {seat: Tsumogiri() for seat in (1, 2, 3)}
    game = scripted_game() if game is None else game
    return Session.from_game(game, players=players, **kwargs)  # type: ignore[arg-type]
