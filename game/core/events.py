"""Events: every change of a table, one frozen dataclass each, one JSON object each.

The event log is the game. A hand's state is the fold of its events
(:func:`game.core.state.apply`), a replay file is the log, and the same JSON
objects would go over a wire. Randomness is recorded, never re-run:
``round_started`` carries the dice and the whole wall order.

Every event serialises to ``{"type": <name>, ...fields}``; tiles are ids
0-111 (kind = id // 4), seats 0-3 in turn order (E S W N).

=================  =============================================================================
type               meaning and fields
=================  =============================================================================
match_started      a match begins: ``seed``, ``rules`` (every RuleSet field), ``hands`` (match
                   length), ``first_dealer``, ``players`` (names or AI levels), ``version``,
                   ``scores`` (starting scores, normally all 0), ``draw_streak`` (draws in a
                   row before the first hand, normally 0; lessons may start later)
round_started      a hand begins: ``hand_no`` (0-based), ``dealer``, ``dice`` (two rolls of two
                   dice), ``wall`` (all 112 tile ids in draw order), ``liable`` (the dealer is
                   包牌 after three draws). Dealing and setting the 宝 aside follow from the wall.
tile_drawn         ``seat`` draws ``tile``; ``from_tail`` for a kong replacement, ``fenzhang``
                   for one of the last four draws (分张)
tile_discarded     ``seat`` discards ``tile``; ``auto`` when a locked (听) hand threw its draw
ting_declared      ``seat`` declares 听 with the discard just made; ``zhidui`` (支对, R44; absent
                   otherwise) is a tile of the pair it locks: only that pair's kind wins, as 卡当
bao_revealed       the 宝 ``tile`` becomes known to ``seat`` (or to everyone if ``seat`` is null)
bao_replaced       换宝: ``old`` is shown to all, ``new`` (null if the wall is empty) is the new 宝,
                   because ``visible`` copies of the old one could be seen
call_declared      during a claim window ``seat`` asks to ``call`` (hu/chi/peng/gang) with its own
                   ``tiles``, ``ting`` for a call that commits to 听 (吃听/碰听)
call_passed        ``seat`` lets the discard (or the added kong) go
chi                ``seat`` takes ``tile`` from ``from_seat`` with its own ``tiles``; ``ting``
peng               ``seat`` takes ``tile`` from ``from_seat`` with its own ``tiles``; ``ting``
gang               ``seat`` makes a ``kind`` (minggang/angang/jiagang) kong of ``tiles``; ``tile``
                   is the claimed or added one, ``from_seat`` the discarder for a minggang
hu                 ``seat`` wins by ``kind`` (ron/zimo/mobao/baozhongbao/qianggang/dafeng) on
                   ``tile`` from ``from_seat``; ``kadang``; ``hand`` its concealed tiles
settled            ``payments`` (payer, payee, amount, reason, for_seat, note, and ``factors``
                   when some apply: R46 doublings, R48 cap), ``deltas`` per
                   seat and the running ``scores``; ``final`` for the hand's settlement
round_drawn        荒庄: nobody won; ``hands`` reveals every concealed hand
match_ended        the match is over: final ``scores``
=================  =============================================================================
"""

from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, fields
from types import MappingProxyType
from typing import Any, ClassVar, get_args, get_origin, get_type_hints

from .errors import HarbinError
from .payment import Payment
from .rules import RuleError, RuleSet
from .tiles import NUM_TILES


class EventError(HarbinError, ValueError):
    """Raised for an event that cannot be read or that breaks the rules where it is applied."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``type`` is the stable name used in logs."""

    type: ClassVar[str] = ""
    later: ClassVar[tuple[str, ...]] = ()
    """Fields added after the first log format: written only when not null (older logs lack them)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with the ``type`` tag first."""
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name in self.later:
                continue
            out[f.name] = _encode(value)
        return out

    def to_json(self) -> str:
        """One compact JSON line."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def _encode(value: Any) -> Any:
    if isinstance(value, Payment):
        out = {
            "payer": value.payer,
            "payee": value.payee,
            "amount": value.amount,
            "reason": value.reason,
            "for_seat": value.for_seat,
            "note": value.note,
        }
        if value.factors:  # written only when present: standard logs stay as before
            out["factors"] = list(value.factors)
        return out
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    type: ClassVar[str] = "match_started"
    seed: int
    rules: dict[str, Any]
    hands: int
    first_dealer: int
    players: tuple[str, ...] = ("", "", "", "")
    version: int = 1
    scores: tuple[int, ...] = (0, 0, 0, 0)
    draw_streak: int = 0


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    hand_no: int
    dealer: int
    dice: tuple[int, ...]
    wall: tuple[int, ...]
    liable: bool = False


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    type: ClassVar[str] = "tile_drawn"
    seat: int
    tile: int
    from_tail: bool = False
    fenzhang: bool = False


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    type: ClassVar[str] = "tile_discarded"
    seat: int
    tile: int
    auto: bool = False


@dataclass(frozen=True, slots=True)
class TingDeclared(Event):
    type: ClassVar[str] = "ting_declared"
    later: ClassVar[tuple[str, ...]] = ("zhidui",)
    seat: int
    zhidui: int | None = None


@dataclass(frozen=True, slots=True)
class BaoRevealed(Event):
    type: ClassVar[str] = "bao_revealed"
    seat: int | None
    tile: int


@dataclass(frozen=True, slots=True)
class BaoReplaced(Event):
    type: ClassVar[str] = "bao_replaced"
    old: int
    new: int | None
    visible: int


@dataclass(frozen=True, slots=True)
class CallDeclared(Event):
    type: ClassVar[str] = "call_declared"
    seat: int
    call: str
    tiles: tuple[int, ...] = ()
    ting: bool = False


@dataclass(frozen=True, slots=True)
class CallPassed(Event):
    type: ClassVar[str] = "call_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """The shape 吃 and 碰 share: ``seat`` takes ``tile`` from ``from_seat`` with its own ``tiles``; ``ting``
    for a 吃听/碰听. Never written itself (only :class:`Chi` and :class:`Peng` have a ``type``)."""

    seat: int
    from_seat: int
    tile: int
    tiles: tuple[int, ...]
    ting: bool = False


@dataclass(frozen=True, slots=True)
class Chi(Claimed):
    type: ClassVar[str] = "chi"


@dataclass(frozen=True, slots=True)
class Peng(Claimed):
    type: ClassVar[str] = "peng"


@dataclass(frozen=True, slots=True)
class Gang(Event):
    type: ClassVar[str] = "gang"
    later: ClassVar[tuple[str, ...]] = ("ting",)
    seat: int
    kind: str
    tiles: tuple[int, ...]
    tile: int
    from_seat: int | None = None
    ting: bool | None = None
    """True for a 杠听 (a 明杠 whose discard after the replacement draw declares 听, R15); written only
    then."""


@dataclass(frozen=True, slots=True)
class Hu(Event):
    type: ClassVar[str] = "hu"
    seat: int
    kind: str
    tile: int
    from_seat: int | None
    kadang: bool
    hand: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settled(Event):
    type: ClassVar[str] = "settled"
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    final: bool = True


@dataclass(frozen=True, slots=True)
class RoundDrawn(Event):
    type: ClassVar[str] = "round_drawn"
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    type: ClassVar[str] = "match_ended"
    scores: tuple[int, ...]


EVENT_TYPES: MappingProxyType[str, type[Event]] = MappingProxyType(
    {
        cls.type: cls
        for cls in (
            MatchStarted,
            RoundStarted,
            TileDrawn,
            TileDiscarded,
            TingDeclared,
            BaoRevealed,
            BaoReplaced,
            CallDeclared,
            CallPassed,
            Chi,
            Peng,
            Gang,
            Hu,
            Settled,
            RoundDrawn,
            MatchEnded,
        )
    }
)
"""Every event class by its ``type`` name."""

_FIELDS: MappingProxyType[str, tuple[tuple[str, Any, bool], ...]] = MappingProxyType(
    {
        name: tuple(
            (f.name, get_type_hints(cls)[f.name], f.default is MISSING and f.default_factory is MISSING)
            for f in fields(cls)
        )
        for name, cls in EVENT_TYPES.items()
    }
)
"""Each event type's fields as (name, type hint, required), resolved once instead of per event read."""


def _factors(value: Any, where: str) -> tuple[str, ...]:
    """A payment's factor codes: a list of strings."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise EventError(f"{where}: a payment's factors must be a list of strings")
    return tuple(value)


def _payment_seat(value: Any, where: str) -> int:
    """A payment's payer, payee or covered seat: a whole number 0-3."""
    seat: int = _decode(int, value, where)
    if not 0 <= seat <= 3:
        raise EventError(f"{where}: a seat must be 0-3")
    return seat


def _decode(hint: Any, value: Any, where: str) -> Any:
    """Turn a JSON value into the field's Python type, checking it on the way."""
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise EventError(f"{where}: expected a list")
        args = get_args(hint)
        return tuple(_decode(args[0], v, where) for v in value)
    if hint is Payment:
        if not isinstance(value, dict):
            raise EventError(f"{where}: expected a payment object")
        missing = [k for k in ("payer", "payee", "amount", "reason") if k not in value]
        if missing:
            raise EventError(f"{where}: a payment needs {missing[0]!r}")
        payer, payee = (_payment_seat(value[k], f"{where}.{k}") for k in ("payer", "payee"))
        for_seat = value.get("for_seat")
        return Payment.from_record(
            payer,
            payee,
            _decode(int, value["amount"], f"{where}.amount"),
            _decode(str, value["reason"], f"{where}.reason"),
            None if for_seat is None else _payment_seat(for_seat, f"{where}.for_seat"),
            _decode(str, value.get("note", ""), f"{where}.note"),
            _factors(value.get("factors", []), where),
        )
    if origin is dict:
        if not isinstance(value, dict):
            raise EventError(f"{where}: expected an object")
        return value
    args = get_args(hint)
    if args:  # X | None
        if value is None and type(None) in args:
            return None
        inner = next(a for a in args if a is not type(None))
        return _decode(inner, value, where)
    if hint is bool:
        if not isinstance(value, bool):
            raise EventError(f"{where}: expected true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EventError(f"{where}: expected a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise EventError(f"{where}: expected a string")
        return value
    return value


_TILE_FIELDS = frozenset({"tile", "tiles", "wall", "hand", "old", "new"})
_SEAT_FIELDS = frozenset({"seat", "from_seat", "dealer", "first_dealer"})


def _check_ranges(name: str, values: dict[str, Any]) -> None:
    """Refuse tile ids outside 0-111, seats outside 0-3 and rules no RuleSet accepts (EventError)."""
    for key, value in values.items():
        if key in _TILE_FIELDS or (key == "hands" and isinstance(value, tuple)):
            flat = value if isinstance(value, tuple) else (value,)
            flat = tuple(t for t in flat for t in (t if isinstance(t, tuple) else (t,)))
            if any(t is not None and not 0 <= t < NUM_TILES for t in flat):
                raise EventError(f"{name}.{key}: a tile id must be 0-{NUM_TILES - 1}")
        elif key in _SEAT_FIELDS and value is not None and not 0 <= value <= 3:
            raise EventError(f"{name}.{key}: a seat must be 0-3")
    if name == "match_started":
        try:
            RuleSet.from_dict(values["rules"])
        except (RuleError, TypeError) as exc:
            raise EventError(f"{name}.rules: {exc}") from None


def event_from_dict(data: Any) -> Event:
    """Read one event object, checking its type tag and every field; raises EventError."""
    if not isinstance(data, dict):
        raise EventError("an event must be a JSON object")
    name = data.get("type")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise EventError(f"unknown event type {name!r}")
    spec = _FIELDS[cls.type]
    kwargs: dict[str, Any] = {}
    for field_name, hint, required in spec:
        if field_name in data:
            kwargs[field_name] = _decode(hint, data[field_name], f"{name}.{field_name}")
        elif required:
            raise EventError(f"{name}: missing field {field_name!r}")
    extra = set(data) - {f[0] for f in spec} - {"type"}
    if extra:
        raise EventError(f"{name}: unknown field {sorted(extra)[0]!r}")
    _check_ranges(cls.type, kwargs)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise EventError(f"{name}: {exc}") from None


def event_from_json(line: str) -> Event:
    """Read one JSON line into an event; raises EventError naming the problem."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise EventError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    return event_from_dict(data)
