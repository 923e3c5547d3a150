"""The action notation of review and what-if: one short line per decision, e.g. ``discard 5m``.

=====================  ========================================================================
``discard 5m``         discard a tile
``ting 3p``            discard a tile and declare 听 (ready) with it
``ting 3p zhidui 5m``  the same, locking the pair of 5m of a 对倒 (支对: only 5m wins, as 卡当)
``chi 345m``           吃: the whole sequence made, the claimed tile included
``chi 345m ting``      吃听: a 吃 that declares 听 (``chiting 345m`` is read too)
``peng 7z``            碰 (``peng 7z ting`` / ``pengting 7z``: 碰听)
``gang 9s``            明杠: an exposed kong on another seat's discard
``angang 9s``          暗杠: a concealed kong of four from the hand
``jiagang 9s``         加杠: an added kong on one's own 碰
``hu``                 胡: a win, on a discard, a robbed kong or one's own draw
``pass``               let a discard (or an added kong) go
=====================  ========================================================================

Tiles are written as everywhere in the game (``1m``-``9m``, ``1p``-``9p``,
``1s``-``9s``, ``7z`` for 红中). :func:`format_action` writes the canonical
form; :func:`parse_move` also reads a 吃 by the two own tiles (``chi 35m``) and
a kong or 碰 by repeated tiles (``gang 999s``). A move becomes an engine action
in a given state with :func:`to_action`, which takes the very action the engine
lists as legal when there is one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from ..core.errors import HarbinError
from ..core.legal import legal_actions
from ..core.state import State
from ..core.tiles import ZHONG, TileNotationError, format_kinds, kind_code, parse_kinds

VERBS: Final = ("discard", "ting", "chi", "peng", "gang", "angang", "jiagang", "hu", "pass")
"""The verbs of the notation (``chiting`` and ``pengting`` are read as ``chi … ting``, ``peng … ting``)."""
_ALIASES: Final = {"chiting": "chi", "pengting": "peng"}


class NotationError(HarbinError, ValueError):
    """Text that is not an action in the notation: the message says what is wrong."""


@dataclass(frozen=True)
class Move:
    """An action as written: its verb, the tile kinds it names, and 听."""

    verb: str
    kinds: tuple[int, ...] = ()
    """discard/ting/peng/gang/angang/jiagang: one kind; chi: the three kinds of the sequence, or the
    two own kinds when only those were written; hu/pass: none."""
    ting: bool = False
    lock: int | None = None
    """支对: the kind of the pair a 听 discard locks (None: no lock)."""

    def text(self) -> str:
        """The move in the canonical notation."""
        if self.verb in ("hu", "pass"):
            return self.verb
        if self.verb == "discard" and self.ting:
            lock = f" zhidui {kind_code(self.lock)}" if self.lock is not None else ""
            return f"ting {kind_code(self.kinds[0])}{lock}"
        tiles = format_kinds(self.kinds) if self.verb == "chi" else kind_code(self.kinds[0])
        return f"{self.verb} {tiles}{' ting' if self.ting else ''}"


def move_of(action: Action, state: State) -> Move:
    """The move an engine action stands for in ``state`` (a 吃 is named with the claimed tile)."""
    if isinstance(action, Discard):
        lock = None if action.zhidui is None else action.zhidui >> 2
        return Move("discard", (action.tile >> 2,), action.ting, lock)
    if isinstance(action, Chi):
        own = [t >> 2 for t in action.tiles]
        claimed = [state.last_discard >> 2] if state.last_discard is not None else []
        return Move("chi", tuple(sorted(own + claimed)), action.ting)
    if isinstance(action, Peng):
        return Move("peng", (action.tiles[0] >> 2,), action.ting)
    if isinstance(action, Gang | AnGang):
        return Move(action.type, (action.tiles[0] >> 2,))
    if isinstance(action, JiaGang):
        return Move("jiagang", (action.tile >> 2,))
    if isinstance(action, Hu | Pass):
        return Move(action.type)
    raise NotationError(f"no notation for {action.describe()}")


def format_action(action: Action, state: State) -> str:
    """An engine action in the canonical notation, as it reads in ``state``: ``chi 345m ting``."""
    return move_of(action, state).text()


def parse_move(text: str) -> Move:
    """Read one action in the notation; NotationError says what is wrong with it."""
    words = text.split()
    if not words:
        raise NotationError("an action is needed, e.g. 'discard 5m', 'peng 7z' or 'pass'")
    verb = words[0].lower()
    rest = words[1:]
    lock: int | None = None
    lowered = [w.lower() for w in rest]
    if "zhidui" in lowered:
        at = lowered.index("zhidui")
        lock = _lock_kind(rest[at + 1 :], text)
        rest = rest[:at]
    ting = bool(rest) and rest[-1].lower() == "ting"
    if ting:
        rest = rest[:-1]
    if verb in _ALIASES:
        verb, ting = _ALIASES[verb], True
    if verb not in VERBS:
        raise NotationError(f"{text!r}: unknown action {words[0]!r}; use one of {', '.join(VERBS)}")
    if verb == "ting":
        verb, ting = "discard", True
    if ting and verb not in ("discard", "chi", "peng"):
        raise NotationError(f"{text!r}: only a discard, 吃 or 碰 can declare 听 (ting)")
    if lock is not None and not (verb == "discard" and ting):
        raise NotationError(f"{text!r}: only a discard declaring 听 locks a pair (zhidui)")
    try:
        kinds = parse_kinds(" ".join(rest))
    except TileNotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    if verb in ("hu", "pass"):
        if kinds:
            raise NotationError(f"{text!r}: {verb} names no tiles")
        return Move(verb)
    if verb == "chi":
        return Move("chi", _chi_kinds(kinds, text), ting)
    most = {"discard": 1, "jiagang": 1, "peng": 3, "gang": 4, "angang": 4}[verb]
    if not kinds or len(kinds) > most or len(set(kinds)) != 1:
        raise NotationError(f"{text!r}: {verb} names one tile, e.g. '{verb} 5m'")
    return Move(verb, tuple(kinds[:1]), ting, lock)


def _lock_kind(words: Sequence[str], text: str) -> int:
    """The kind after ``zhidui``: one tile, or its pair written out (``5m`` or ``55m``)."""
    try:
        kinds = parse_kinds(" ".join(words))
    except TileNotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    if not kinds or len(kinds) > 2 or len(set(kinds)) != 1:
        raise NotationError(f"{text!r}: zhidui names the pair it locks, e.g. 'ting 3p zhidui 5m'")
    return kinds[0]


def _chi_kinds(kinds: Sequence[int], text: str) -> tuple[int, ...]:
    """The kinds of a 吃 as written: three in sequence, or the two own tiles of one."""
    ordered = sorted(kinds)
    same_suit = bool(ordered) and ordered[-1] < ZHONG and ordered[0] // 9 == ordered[-1] // 9
    if len(ordered) == 3 and same_suit and ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2]:
        return tuple(ordered)
    if len(ordered) == 2 and same_suit and 1 <= ordered[1] - ordered[0] <= 2:
        return tuple(ordered)
    raise NotationError(f"{text!r}: a chi names the sequence it makes, e.g. 'chi 345m'")


def to_action(move: Move, state: State, seat: int) -> Action | str:
    """The engine action for a move by ``seat`` in ``state``, or why the seat's tiles cannot make it.

    A move the engine lists as legal becomes exactly that action; any other is built from the
    seat's own tiles so that the engine can say why it is not allowed.
    """
    for action in legal_actions(state, seat):
        if _matches(move, move_of(action, state)):
            return action
    if move.verb == "hu":
        return Hu()
    if move.verb == "pass":
        return Pass()
    hand = list(state.hands[seat])
    if move.verb == "jiagang":
        own = _take(hand, move.kinds)
        return "the hand holds no " + kind_code(move.kinds[0]) if own is None else JiaGang(own[0])
    if move.verb == "discard":
        tile = state.drawn if state.drawn is not None and state.drawn >> 2 == move.kinds[0] else None
        own = (tile,) if tile is not None and state.turn == seat else _take(hand, move.kinds)
        if own is None:
            return "the hand holds no " + kind_code(move.kinds[0])
        if move.lock is None:
            return Discard(own[0], move.ting)
        pair = _take([t for t in hand if t != own[0]], (move.lock, move.lock))
        if pair is None:
            return f"the hand holds no pair of {kind_code(move.lock)} to lock"
        return Discard(own[0], move.ting, pair[0])
    wanted = _own_kinds(move, state)
    own = _take(hand, wanted)
    if own is None:
        return f"the hand does not hold {format_kinds(wanted)} for {move.text()}"
    claims: dict[str, Callable[[tuple[int, ...]], Action]] = {
        "chi": lambda ids: Chi(ids, move.ting),
        "peng": lambda ids: Peng(ids, move.ting),
        "gang": Gang,
        "angang": AnGang,
    }
    return claims[move.verb](own)


def _matches(move: Move, listed: Move) -> bool:
    """Whether a written move is a listed one (a 吃 may be written by its two own tiles)."""
    if move == listed:
        return True
    if move.verb != "chi" or listed.verb != "chi" or move.ting != listed.ting or len(move.kinds) != 2:
        return False
    rest = list(listed.kinds)
    for k in move.kinds:
        if k not in rest:
            return False
        rest.remove(k)
    return True


def _own_kinds(move: Move, state: State) -> tuple[int, ...]:
    """The kinds a call or concealed kong takes from the hand."""
    kind = move.kinds[0]
    if move.verb == "peng":
        return (kind, kind)
    if move.verb == "gang":
        return (kind, kind, kind)
    if move.verb == "angang":
        return (kind,) * 4
    if len(move.kinds) == 2:  # chi by its own two tiles
        return move.kinds
    own = list(move.kinds)
    if state.last_discard is not None and state.last_discard >> 2 in own:
        own.remove(state.last_discard >> 2)
    return tuple(own[:2])


def _take(hand: list[int], kinds: Sequence[int]) -> tuple[int, ...] | None:
    """Tile ids from the hand for the given kinds, or None if it lacks one."""
    rest = list(hand)
    out = []
    for k in kinds:
        found = next((t for t in rest if t >> 2 == k), None)
        if found is None:
            return None
        rest.remove(found)
        out.append(found)
    return tuple(out)


__all__ = ["VERBS", "Move", "NotationError", "format_action", "move_of", "parse_move", "to_action"]
