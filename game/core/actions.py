"""Actions: what a seat asks the engine to do, and refusals: why the engine said no.

Every driver — the human table, an AI, a lesson script, the scenario runner —
asks :func:`game.core.legal.legal_actions` what it may do and hands one of
these to :func:`game.core.engine.submit`. An action names physical tile ids
where tiles matter; any copy of the same kind held in the hand is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .tiles import format_tiles


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions; ``type`` is its stable name (the glossary key)."""

    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"type": ..., fields...}`` (an optional field left out while it is None)."""
        out: dict[str, Any] = {"type": self.type}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if value is None and name in _OPTIONAL_FIELDS:
                continue
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def describe(self) -> str:
        """Short text for logs and the command line, e.g. ``chi 46m ting``."""
        return self.type


_OPTIONAL_FIELDS = frozenset({"zhidui"})
"""Action fields that are absent from the JSON form and the repr while None."""


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    """Discard ``tile``; with ``ting`` the discard declares 听.

    ``zhidui`` (支对, R44): with ``ting``, a tile of the pair the 对倒 hand locks; only that
    pair's kind will win, and as 卡当. None declares 听 without locking.
    """

    type: ClassVar[str] = "discard"
    tile: int
    ting: bool = False
    zhidui: int | None = None

    def describe(self) -> str:
        lock = f" zhidui {format_tiles([self.zhidui])}" if self.zhidui is not None else ""
        return f"{'ting' if self.ting else 'discard'} {format_tiles([self.tile])}{lock}"

    def __repr__(self) -> str:
        lock = f", zhidui={self.zhidui!r}" if self.zhidui is not None else ""
        return f"Discard(tile={self.tile!r}, ting={self.ting!r}{lock})"


@dataclass(frozen=True, slots=True)
class Chi(Action):
    """Take the last discard into a sequence with the two own ``tiles``; ``ting`` for 吃听."""

    type: ClassVar[str] = "chi"
    tiles: tuple[int, ...]
    ting: bool = False

    def describe(self) -> str:
        return f"chi {format_tiles(self.tiles)}{' ting' if self.ting else ''}"


@dataclass(frozen=True, slots=True)
class Peng(Action):
    """Take the last discard into a triplet with the two own ``tiles``; ``ting`` for 碰听."""

    type: ClassVar[str] = "peng"
    tiles: tuple[int, ...]
    ting: bool = False

    def describe(self) -> str:
        return f"peng {format_tiles(self.tiles)}{' ting' if self.ting else ''}"


@dataclass(frozen=True, slots=True)
class Gang(Action):
    """明杠: take the last discard with three own ``tiles``; ``ting`` for 杠听 (the discard after the
    replacement draw declares 听, R15)."""

    type: ClassVar[str] = "gang"
    tiles: tuple[int, ...]
    ting: bool = False

    def describe(self) -> str:
        return f"gang {format_tiles(self.tiles)}{' ting' if self.ting else ''}"

    def __repr__(self) -> str:
        """As before 杠听 existed for a plain 明杠 (decision digests and saved reasons keep their form)."""
        return f"Gang(tiles={self.tiles!r}{', ting=True' if self.ting else ''})"


@dataclass(frozen=True, slots=True)
class AnGang(Action):
    """暗杠: set aside four own ``tiles`` of one kind."""

    type: ClassVar[str] = "angang"
    tiles: tuple[int, ...]

    def describe(self) -> str:
        return f"angang {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class JiaGang(Action):
    """加杠: add ``tile`` to an own peng of its kind."""

    type: ClassVar[str] = "jiagang"
    tile: int

    def describe(self) -> str:
        return f"jiagang {format_tiles([self.tile])}"


@dataclass(frozen=True, slots=True)
class Hu(Action):
    """Declare a win: on the drawn tile, the last discard or the added kong being robbed."""

    type: ClassVar[str] = "hu"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let a discard (or an added kong, or a 分张 draw) go."""

    type: ClassVar[str] = "pass"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (Discard, Chi, Peng, Gang, AnGang, JiaGang, Hu, Pass)
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """The engine's "no": a reason code (glossary ``refusal.<code>``), words, and the facts behind it.

    ``blockers`` lists the 听 blocker codes when a 听 was refused; ``tiles``
    the tile ids the refusal is about, for the table to highlight.
    """

    code: str
    message: str
    blockers: tuple[str, ...] = ()
    tiles: tuple[int, ...] = field(default=())

    def __bool__(self) -> bool:
        return False

    def to_dict(self) -> dict[str, Any]:
        """JSON form of the refusal."""
        return {
            "code": self.code,
            "message": self.message,
            "blockers": list(self.blockers),
            "tiles": list(self.tiles),
        }
