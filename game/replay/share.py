"""Share codes: a whole replay (header and events) as one line of URL-safe text, and back.

A code is ``HM1.`` followed by base64url text (no padding) of::

    deflated + first 4 bytes of SHA-256(deflated + NUL + payload)

where ``deflated`` is the payload compressed with raw DEFLATE and the preset dictionary
:data:`ZDICT` (the check covers the padding bits after the last block, which inflating ignores)

and the payload is the header's JSON and ``match_started``'s JSON (each after its
length as a varint), then one record per step of the log:

* ``0x00`` — the next hand's ``round_started`` (or ``match_ended``) exactly as the
  match's seed and dealer rules give it;
* ``0x01`` — any other ``round_started``/``match_ended``: its JSON after its length;
* ``0x80 | seat << 4 | code`` — a decision (codes: 0 discard, 1 discard declaring 听,
  2 吃, 3 吃听, 4 碰, 5 碰听, 6 明杠, 7 暗杠, 8 加杠, 9 胡, 10 pass, 11 discard declaring 听
  that locks a pair (支对), 12 杠听), followed by one byte per tile the action names: its position in
  the seat's sorted hand (for code 11 the discard, then a tile of the locked pair).

Every other event (draws, automatic discards, 宝, claims resolved, wins, settlements)
is what the engine makes of those decisions, so importing re-plays them and gets the
same events back; only a log that verifies can be encoded. Reading a code refuses,
with one :class:`ShareCodeError` line, anything damaged, truncated, too long, huge
when inflated (inflating stops at :data:`MAX_PAYLOAD` bytes), from a newer version,
or whose events do not verify, or whose header does not fit them (every field checked as a loaded
file's is: :func:`~game.replay.header.header_problem`).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from ..core.analysis.ting import AnalysisError
from ..core.engine import step
from ..core.errors import HarbinError
from ..core.events import Event, EventError, MatchEnded, MatchStarted, RoundStarted, event_from_dict
from ..core.match import hand_opening, next_round, round_event
from ..core.state import State, apply, initial_state
from ..safe_read import BadFileError, decode_text, loads_json
from .header import HeaderError, check_version, complete_header, header_problem
from .verify import verify_events
from .walk import walk

PREFIX: Final = "HM1."
"""The code's prefix: the game (HM), the code version (1), a dot."""
MAX_CODE_CHARS: Final = 400_000
"""Longest code read (a 16-hand match is about 1,000 characters)."""
MAX_COUNTED: Final = 100_000_000
"""How far :func:`read_code` counts an over-long code before it says only "more than"."""
MAX_PAYLOAD: Final = 2 * 2**20
"""Inflating stops here: a code that unpacks to more is refused (a zip bomb)."""
MAX_STEPS: Final = 60_000
"""Most steps (hands, decisions) a code may hold (a 16-hand match has about 550)."""
_CHECK: Final = 4
_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]*")
_OTHER_VERSION: Final = re.compile(r"HM(\d+)\.")
_NEXT: Final = 0x00
_EXPLICIT: Final = 0x01
_DECISION: Final = 0x80
_CODES: Final[tuple[tuple[type[Action], bool], ...]] = (
    (Discard, False),
    (Discard, True),
    (Chi, False),
    (Chi, True),
    (Peng, False),
    (Peng, True),
    (Gang, False),
    (AnGang, False),
    (JiaGang, False),
    (Hu, False),
    (Pass, False),
    (Discard, True),
    (Gang, True),
)
"""Decision codes 0-12: the action's class and whether it declares 听 (11: a 听 discard locking a pair;
12: 杠听)."""
_LOCK: Final = 11
_TILES: Final[Mapping[type[Action], int]] = {Discard: 1, Chi: 2, Peng: 2, Gang: 3, AnGang: 4, JiaGang: 1}
ZDICT: Final = (
    b'{"format":"harbin-mahjong-log","version":2,"kind":"match","program":"0.1.0",'
    b'"created":"2025-01-01T12:00:00","status":"finished","ended":"2025-01-01T12:40:00",'
    b'"players":["human","normal","strong","expert"],"preset":"standard","rules":{'
    b'"bao_source":"jump_tile","first_dealer":"random","dice_method":"two_rolls","kept_tiles":8,'
    b'"end_of_wall":"fenzhang_last4_keep8","turn_order":"draw_then_discard","rotation":"winner_deals",'
    b'"three_draw_liability":true,"three_draw_move":"after_liable_hand","dealer_bonus":false,'
    b'"chiting":true,"pengting":true,"chiting_priority":"above_peng","minggang_from":"any",'
    b'"max_melds":3,"allow_kong_after_ting":false,"require_open":true,"angang_opens":false,'
    b'"wait_restriction":"any","yaojiu_check":"listen","zhong_pair_counts_as_kezi":true,'
    b'"kezi_check":"win","allow_qingyise":false,"allow_qidui":false,"allow_duiduihu":false,'
    b'"must_hu":true,"pass_lock":false,"only_zimo":false,"bao_visibility":"listeners",'
    b'"bao_swap":"three_visible_auto","bao_discard_ron":"natural_wait_only","chongbao":false,'
    b'"dafeng":"off","baozhongbao_def":"kadang_wait","kadang_edge_3_7":false,"kadang_dandiao":false,'
    b'"kadang_multi_wait":false,"base_dianpao":1,"base_zimo":2,"base_mobao":3,"base_baozhongbao":12,'
    b'"nonlistening_discarder":3,"menqing_loser":3,"kadang_mult":2,"baozhongbao_includes_kadang":true,'
    b'"menqing_scheme":"flat3","dianpao_scheme":"S1","qianggang_payer":"as_zimo","kong_points":"none",'
    b'"kezi_bonus":false},"seed":1234567890123,"hands":16,"levels":["normal","strong","expert"],'
    b'"ai_seeds":[null,1,2,3],"branch":{"source":"match-20250101-120000.jsonl","index":100,'
    b'"seat":0,"played":"discard 5m","action":"ting 3p"},"novice","random","greedy","abandoned","playing"'
    b'{"type":"match_started","seed":1234567890123,"rules":{"bao_source":"jump_tile",'
    b'"hands":16,"first_dealer":0,"players":["human","expert","expert","expert"],"version":1,'
    b'"scores":[0,0,0,0],"draw_streak":0}'
)
"""The preset dictionary of code version 1: typical header and ``match_started`` text (frozen)."""


class ShareCodeError(HarbinError, ValueError):
    """A share code that cannot be read or a replay that cannot be shared: one line saying why."""


# --- writing ------------------------------------------------------------------------------------------


def encode_code(header: Mapping[str, Any], events: Sequence[Event]) -> str:
    """The share code of a replay; ShareCodeError if its events do not verify."""
    result = verify_events(events)
    if not result.ok:
        raise ShareCodeError(f"the replay does not verify (event {result.index}: {result.error}): not shared")
    started = events[0]
    assert isinstance(started, MatchStarted)
    out = bytearray()
    _put_blob(out, _json(dict(header)))
    _put_blob(out, started.to_json().encode())
    for s in walk(events):
        if s.action is None:
            event = events[s.index]
            if event == _next_step(s.before):
                out.append(_NEXT)
            else:
                out.append(_EXPLICIT)
                _put_blob(out, event.to_json().encode())
            continue
        assert s.seat is not None
        locks = isinstance(s.action, Discard) and s.action.zhidui is not None
        code = _LOCK if locks else _CODES.index((type(s.action), bool(getattr(s.action, "ting", False))))
        out.append(_DECISION | s.seat << 4 | code)
        hand = sorted(s.before.hands[s.seat])
        out.extend(hand.index(t) for t in _action_tiles(s.action))
    return pack(bytes(out))


def pack(payload: bytes) -> str:
    """The outer layer of a code: a payload deflated, its checksum added, as prefixed base64url text."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=ZDICT)
    data = packer.compress(payload) + packer.flush()
    packed = data + _checksum(data, payload)
    return PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _json(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def _put_blob(out: bytearray, data: bytes) -> None:
    """A length (varint) and the bytes."""
    n = len(data)
    while n >= 0x80:
        out.append(0x80 | n & 0x7F)
        n >>= 7
    out.append(n)
    out.extend(data)


def _checksum(data: bytes, payload: bytes) -> bytes:
    """The check of a code: the deflated bytes themselves (the padding bits after the last block
    included, which inflating ignores) and what they inflate to."""
    return hashlib.sha256(data + b"\0" + payload).digest()[:_CHECK]


def _action_tiles(action: Action) -> tuple[int, ...]:
    """The tile ids an action names, in the order the action holds them."""
    if isinstance(action, Discard) and action.zhidui is not None:
        return (action.tile, action.zhidui)
    if isinstance(action, Discard | JiaGang):
        return (action.tile,)
    if isinstance(action, Chi | Peng | Gang | AnGang):
        return tuple(action.tiles)
    return ()


def _next_step(state: State) -> Event:
    """The ``round_started`` (or ``match_ended``) the match's seed and dealer rules give next."""
    if state.phase == "pregame":
        liable = state.rules.three_draw_liability and state.draw_streak >= 3
        return round_event(state, 0, state.first_dealer, liable)
    return next_round(state)[0]


# --- reading ------------------------------------------------------------------------------------------


def decode_code(code: str) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """The header and events of a share code (surrounding white space ignored); ShareCodeError if refused."""
    payload = unpack(code.strip())
    reader = _Reader(payload)
    header = _read_json(reader.blob(), "header")
    try:
        check_version(header)
    except HeaderError as exc:
        raise ShareCodeError(f"the share code's header: {exc}") from None
    started = _read_event(reader.blob())
    if not isinstance(started, MatchStarted):
        raise ShareCodeError("the share code is damaged: its replay does not start with match_started")
    events = _replay(reader, started)
    result = verify_events(events)
    if not result.ok:
        raise ShareCodeError(f"the share code's replay does not verify: event {result.index}: {result.error}")
    problem = header_problem(complete_header(header, events), started)
    if problem:
        raise ShareCodeError(f"the share code's header does not fit its match: {problem}")
    return header, tuple(events)


def read_code(stream: TextIO) -> str:
    """A share code read from a stream (stdin); one too long is refused with its real length.

    At most :data:`MAX_CODE_CHARS` characters of code (white space around it aside) are kept; the
    rest of a longer one is only counted, up to :data:`MAX_COUNTED`.
    """
    kept: list[str] = []
    length = 0
    while chunk := stream.read(1 << 16):
        length += len("".join(chunk.split()))
        if length <= MAX_CODE_CHARS:
            kept.append(chunk)
        elif length > MAX_COUNTED:
            raise ShareCodeError(
                f"the share code is too long (more than {MAX_COUNTED:,} characters; at most "
                f"{MAX_CODE_CHARS:,})"
            )
    if length > MAX_CODE_CHARS:
        raise ShareCodeError(
            f"the share code is too long ({length:,} characters; at most {MAX_CODE_CHARS:,})"
        )
    return "".join(kept)


def unpack(code: str) -> bytes:
    """The payload of a code: prefix, alphabet, base64, inflation under the cap and the checksum checked."""
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(
            f"the share code is too long ({len(code):,} characters; at most {MAX_CODE_CHARS:,})"
        )
    if not code.startswith(PREFIX):
        other = _OTHER_VERSION.match(code)
        if other and int(other.group(1)) > 1:
            raise ShareCodeError(
                f"the share code is from a newer version of the game ({other.group(0)}): update to import it"
            )
        raise ShareCodeError(f"not a Harbin Mahjong share code (it should start with {PREFIX})")
    body = code[len(PREFIX) :]
    bad = _ALPHABET.match(body)
    end = bad.end() if bad else 0
    if end != len(body):
        position = len(PREFIX) + end + 1
        raise ShareCodeError(
            f"the share code is damaged: {body[end]!r} at character {position} cannot be in one"
        )
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError("the share code is damaged or cut short (its length does not decode)") from None
    if base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii") != body or len(packed) <= _CHECK:
        raise ShareCodeError("the share code is damaged or cut short (it does not decode)")
    data, check = packed[:-_CHECK], packed[-_CHECK:]
    inflater = zlib.decompressobj(-15, zdict=ZDICT)
    try:
        payload = inflater.decompress(data, MAX_PAYLOAD)
    except zlib.error:
        raise ShareCodeError("the share code is damaged or cut short (it does not unpack)") from None
    if inflater.unconsumed_tail:
        raise ShareCodeError(f"the share code unpacks to more than {MAX_PAYLOAD // 2**20} MB: refused")
    if not inflater.eof or inflater.unused_data:
        raise ShareCodeError("the share code is damaged or cut short (it does not unpack)")
    if _checksum(data, payload) != check:
        raise ShareCodeError("the share code is damaged (its checksum does not match)")
    return payload


class _Reader:
    """Reads a payload front to back; running out is a damaged code."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def more(self) -> bool:
        return self.pos < len(self.data)

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise ShareCodeError("the share code is damaged: its replay ends in the middle of a step")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def blob(self) -> bytes:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                break
            if shift > 28:
                raise ShareCodeError("the share code is damaged: a length is out of range")
        if self.pos + n > len(self.data):
            raise ShareCodeError("the share code is damaged: a part is longer than the code")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out


def _read_json(data: bytes, what: str) -> Any:
    try:
        return loads_json(decode_text(data, "the share code"), "the share code")
    except BadFileError as exc:
        raise ShareCodeError(f"the share code is damaged: its {what} is {exc.problem}") from None


def _read_event(data: bytes) -> Event:
    try:
        return event_from_dict(_read_json(data, "event"))
    except EventError as exc:
        raise ShareCodeError(f"the share code is damaged: {exc}") from None


def _replay(reader: _Reader, started: MatchStarted) -> list[Event]:
    """Re-play a code's steps through the engine into the events they stand for."""
    events: list[Event] = [started]
    try:
        state = initial_state(started)
    except (EventError, ValueError) as exc:
        raise ShareCodeError(f"the share code's replay does not verify: event 0: {exc}") from None
    steps = 0
    while reader.more():
        steps += 1
        if steps > MAX_STEPS:
            raise ShareCodeError(f"the share code holds more than {MAX_STEPS} moves: refused")
        op = reader.byte()
        where = f"the share code's replay does not verify: event {len(events)}"
        try:
            if op in (_NEXT, _EXPLICIT):
                if state.phase not in ("pregame", "round_over"):
                    raise ShareCodeError(f"{where}: a hand starts before the last one ended")
                event = _next_step(state) if op == _NEXT else _read_event(reader.blob())
                if not isinstance(event, RoundStarted | MatchEnded):
                    raise ShareCodeError(f"{where}: {event.type} is not a hand's start or the match's end")
                state = apply(state, event)
                events.append(event)
                if isinstance(event, RoundStarted):  # 明宝: the 宝 shown at the deal (R49)
                    for opening in hand_opening(state):
                        state = apply(state, opening)
                        events.append(opening)
                continue
            seat, action = _decision(op, reader, state)
            result = step(state, seat, action)
        except (EventError, AnalysisError) as exc:
            raise ShareCodeError(f"{where}: {exc}") from None
        if isinstance(result, Refusal):
            raise ShareCodeError(f"{where}: refused: {result.message}")
        state, produced = result
        events.extend(produced)
    return events


def _decision(op: int, reader: _Reader, state: State) -> tuple[int, Action]:
    """The seat and action of a decision record."""
    code = op & 0x0F
    if not op & _DECISION or code >= len(_CODES):
        raise ShareCodeError(f"the share code is damaged: unknown step {op:#04x}")
    seat = op >> 4 & 0x03
    cls, ting = _CODES[code]
    hand = sorted(state.hands[seat])
    tiles = []
    for _ in range(2 if code == _LOCK else _TILES.get(cls, 0)):
        i = reader.byte()
        if i >= len(hand):
            raise ShareCodeError("the share code is damaged: a move names a tile the hand does not hold")
        tiles.append(hand[i])
    if cls is Discard:
        return seat, Discard(tiles[0], ting, tiles[1] if code == _LOCK else None)
    if cls is JiaGang:
        return seat, JiaGang(tiles[0])
    if cls is Chi:
        return seat, Chi(tuple(tiles), ting)
    if cls is Peng:
        return seat, Peng(tuple(tiles), ting)
    if cls is Gang:
        return seat, Gang(tuple(tiles), ting)
    if cls is AnGang:
        return seat, AnGang(tuple(tiles))
    return seat, Hu() if cls is Hu else Pass()


def is_share_code(text: str) -> bool:
    """Whether text looks like a share code (of any version), rather than a file name."""
    return _OTHER_VERSION.match(text.strip()) is not None


__all__ = [
    "MAX_CODE_CHARS",
    "MAX_PAYLOAD",
    "PREFIX",
    "ShareCodeError",
    "decode_code",
    "encode_code",
    "is_share_code",
    "pack",
    "read_code",
    "unpack",
]
