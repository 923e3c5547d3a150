"""Conditions on a table, as lessons write them: ``{ ting = "E", bao = "8p" }``.

A lesson's free play runs *until* a condition holds, and a *check* step asserts
one (what the coach just said is true at this table). A condition is a table of
facts that must all hold:

==================  ===================================  ==========================================
key                 value                                holds when
==================  ===================================  ==========================================
ting                seat letters, e.g. ``"E"``           every named seat has declared 听
not_ting            seat letters                         none of them has
open                seat letters                         every named seat is open (开门)
menqing             seat letters                         every named seat is 门清 (not open, not 听)
melds               ``{ E = 2 }``                        the seat has that many melds
waits               ``{ E = "6s" }``                     the seat's legal waits are exactly these
kadang_wait         ``{ E = true }``                     the seat's wait is (or is not) 卡当
hand                ``{ E = "46m 234p 77s" }``           the seat's concealed tiles are exactly these
bao                 a tile, e.g. ``"8p"``                the current 宝 is that tile
bao_replaced        a number                             that many 换宝 since the lesson began
visible             ``{ "3s" = 2 }``                     that many copies can be seen by everyone
turn                a seat letter                        that seat is to act
drawn               a tile                               the seat to act has just drawn that tile
fenzhang            true / false                         the last four draws (分张) have begun
live                a number                             that many tiles are left to draw
hand_over           true / false                         the hand has ended (a win or 荒庄)
win                 ron zimo mobao baozhongbao           the hand was won that way (``draw``: 荒庄)
                    qianggang dafeng draw
winner              a seat letter                        that seat won
from                a seat letter                        the winning tile came from that seat
kadang              true / false                         the win was (or was not) 卡当
payments            ``{ E = 36, S = -12, ... }``         the hand's settlement moved scores so
next_dealer         a seat letter                        that seat deals the next hand
next_liable         true / false                         the next dealer is (or is not) liable (包牌)
==================  ===================================  ==========================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..core.errors import HarbinError
from ..core.events import BaoReplaced, Event, RoundDrawn, Settled
from ..core.events import Hu as HuEvent
from ..core.match import next_dealer
from ..core.scoring import WIN_KINDS
from ..core.state import State
from ..core.tiles import TileNotationError, format_kinds, kind_of, parse_kinds
from ..scenario import SEATS


class ConditionError(HarbinError, ValueError):
    """A condition a lesson file writes that cannot be read."""


def _seats(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, str) or not value or any(c not in SEATS for c in value.upper()):
        raise ConditionError(f'{where}: seats are letters among E S W N, e.g. "E" or "SW"')
    return tuple(SEATS.index(c) for c in value.upper())


def _seat(value: Any, where: str) -> int:
    seats = _seats(value, where)
    if len(seats) != 1:
        raise ConditionError(f"{where}: one seat letter")
    return seats[0]


def _tiles(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise ConditionError(f'{where}: tiles are text like "6s"')
    try:
        return tuple(sorted(parse_kinds(value)))
    except TileNotationError as exc:
        raise ConditionError(f"{where}: {exc}") from None


def _tile(value: Any, where: str) -> int:
    kinds = _tiles(value, where)
    if len(kinds) != 1:
        raise ConditionError(f"{where}: one tile")
    return kinds[0]


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConditionError(f"{where}: true or false")
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConditionError(f"{where}: a whole number")
    return value


def _per_seat(read: Callable[[Any, str], Any]) -> Callable[[Any, str], dict[int, Any]]:
    def parse(value: Any, where: str) -> dict[int, Any]:
        if not isinstance(value, Mapping) or not value:
            raise ConditionError(f"{where}: a table of seat = value, e.g. {{ E = ... }}")
        return {_seat(k, where): read(v, f"{where}.{k}") for k, v in value.items()}

    return parse


def _visible(value: Any, where: str) -> dict[int, int]:
    if not isinstance(value, Mapping) or not value:
        raise ConditionError(f'{where}: a table of tile = count, e.g. {{ "3s" = 2 }}')
    return {_tile(k, where): _int(v, f"{where}.{k}") for k, v in value.items()}


def _win(value: Any, where: str) -> str:
    if value not in (*WIN_KINDS, "draw"):
        raise ConditionError(f"{where}: one of {', '.join((*WIN_KINDS, 'draw'))}")
    return str(value)


_READERS: Mapping[str, Callable[[Any, str], Any]] = MappingProxyType(
    {
        "ting": _seats,
        "not_ting": _seats,
        "open": _seats,
        "menqing": _seats,
        "melds": _per_seat(_int),
        "waits": _per_seat(_tiles),
        "kadang_wait": _per_seat(_bool),
        "hand": _per_seat(_tiles),
        "bao": _tile,
        "bao_replaced": _int,
        "visible": _visible,
        "turn": _seat,
        "drawn": _tile,
        "fenzhang": _bool,
        "live": _int,
        "hand_over": _bool,
        "win": _win,
        "winner": _seat,
        "from": _seat,
        "kadang": _bool,
        "payments": _per_seat(_int),
        "next_dealer": _seat,
        "next_liable": _bool,
    }
)
CONDITION_KEYS: tuple[str, ...] = tuple(_READERS)


@dataclass(frozen=True)
class Condition:
    """Facts about the table that must all hold; ``text`` is the condition as written (for messages)."""

    facts: tuple[tuple[str, Any], ...]
    text: str

    def failures(self, state: State, events: Sequence[Event], since: int) -> list[str]:
        """The facts that do not hold, each as ``key: expected ..., found ...`` (empty: it holds).

        ``events`` is the whole log and ``since`` the index where the lesson's own play began.
        """
        out = []
        for key, want in self.facts:
            got = _fact(key, want, state, events[since:])
            if got is not None:
                out.append(f"{key}: expected {_show(key, want)}, found {got}")
        return out

    def holds(self, state: State, events: Sequence[Event], since: int) -> bool:
        """Whether every fact holds now."""
        return not self.failures(state, events, since)


OLD_KEYS: Mapping[str, str] = MappingProxyType({"listening": "ting", "not_listening": "not_ting"})
"""Condition keys of older lesson files and the key they now have (still read)."""


def parse_condition(value: Any, where: str) -> Condition:
    """Read a condition table; ConditionError names the bad key."""
    if not isinstance(value, Mapping) or not value:
        raise ConditionError(f'{where}: a condition is a table such as {{ ting = "E" }}')
    facts = []
    for written, item in value.items():
        key = OLD_KEYS.get(written, written)
        reader = _READERS.get(key)
        if reader is None:
            raise ConditionError(f"{where}: unknown condition {key!r}; use one of {', '.join(_READERS)}")
        facts.append((key, reader(item, f"{where}.{key}")))
    text = ", ".join(f"{k} = {v!r}" for k, v in value.items())
    return Condition(tuple(facts), text)


def _show(key: str, value: Any) -> str:
    """A fact's value in lesson-file words (seat letters, mpsz tiles)."""
    if key in ("ting", "not_ting", "open", "menqing"):
        return "".join(SEATS[s] for s in value)
    if key in ("turn", "winner", "from", "next_dealer"):
        return SEATS[value]
    if key in ("bao", "drawn"):
        return format_kinds([value])
    if key in ("waits", "hand"):
        return str({SEATS[s]: format_kinds(v) for s, v in value.items()})
    if key in ("melds", "kadang_wait", "payments"):
        return str({SEATS[s]: v for s, v in value.items()})
    if key == "visible":
        return str({format_kinds([k]): v for k, v in value.items()})
    return repr(value)


def payments_since(events: Sequence[Event]) -> dict[int, int]:
    """Net score change per seat over the given events' settlements."""
    totals = dict.fromkeys(range(4), 0)
    for e in events:
        if isinstance(e, Settled):
            for seat, d in enumerate(e.deltas):
                totals[seat] += d
    return totals


def _fact(key: str, want: Any, state: State, events: Sequence[Event]) -> str | None:
    """None if the fact holds, else what was found instead."""
    if key in ("ting", "not_ting", "open", "menqing"):
        test = {
            "ting": lambda s: state.ting[s],
            "not_ting": lambda s: not state.ting[s],
            "open": state.is_open,
            "menqing": state.is_menqing,
        }[key]
        bad = [SEATS[s] for s in want if not test(s)]
        return f"not for {''.join(bad)}" if bad else None
    if key in ("melds", "waits", "kadang_wait", "hand"):
        for seat, value in want.items():
            got: Any
            if key == "melds":
                got = len(state.melds[seat])
            elif key == "waits":
                got = tuple(sorted(w.kind for w in state.waits[seat]))
            elif key == "kadang_wait":
                got = any(w.kadang for w in state.waits[seat])
            else:
                got = tuple(sorted(kind_of(t) for t in state.hands[seat]))
            if got != value:
                shown = format_kinds(got) if key in ("waits", "hand") else got
                return f"{SEATS[seat]}: {shown!r}"
        return None
    if key == "visible":
        for kind, n in want.items():
            if state.visible_copies(kind) != n:
                return f"{format_kinds([kind])}: {state.visible_copies(kind)}"
        return None
    if key == "payments":
        paid = payments_since(events)
        if all(paid[s] == want.get(s, 0) for s in range(4)):
            return None
        return str({SEATS[s]: paid[s] for s in range(4)})
    simple = _simple_fact(key, state, events)
    if simple == want:
        return None
    return "nothing" if simple is None else _show(key, simple)


def _simple_fact(key: str, state: State, events: Sequence[Event]) -> Any:
    """The value of a single-valued fact now (None where it does not apply)."""
    result = state.result
    win = result if isinstance(result, HuEvent) else None
    if key == "bao":
        return None if state.bao is None else kind_of(state.bao)
    if key == "bao_replaced":
        return sum(1 for e in events if isinstance(e, BaoReplaced))
    if key == "turn":
        return state.turn
    if key == "drawn":
        return None if state.drawn is None else kind_of(state.drawn)
    if key == "fenzhang":
        return state.fenzhang_draws > 0 or state.phase == "fenzhang"
    if key == "live":
        return state.live_count
    if key == "hand_over":
        return state.phase in ("round_over", "match_over")
    if key == "win":
        return "draw" if isinstance(result, RoundDrawn) else (win.kind if win else None)
    if key == "winner":
        return win.seat if win else None
    if key == "from":
        return win.from_seat if win else None
    if key == "kadang":
        return win.kadang if win else None
    if key in ("next_dealer", "next_liable"):
        if state.phase != "round_over":
            return None
        dealer, liable = next_dealer(state)
        return dealer if key == "next_dealer" else liable
    return None
