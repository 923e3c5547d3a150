"""Spotlights: what a lesson step points at on the table.

A lesson writes them as small tables::

    spotlight = [
      { tile = "4p" },                 # tiles of that kind in the person's hand
      { meld = "123m", seat = "E" },   # a meld (by its tiles) of a seat (default: the person)
      { button = "ting" },             # a claim-bar button: chi peng gang ting hu pass
      { river = "S", tile = "5m" },    # a seat's river, or one kind of tile in it
      { region = "bao" },              # a named region: bao wall wall_tail hand melds river scores
    ]                                  #   (region "river:S" is the same as { river = "S" })

:func:`resolve` turns a spotlight into what the table draws: the physical tile
ids to light, or a button or region name. The lesson check uses it to prove
every spotlight points at something that is really there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..core.errors import HarbinError
from ..core.state import State
from ..core.tiles import TileNotationError, format_kinds, kind_of, parse_kinds
from ..scenario import SEATS

SpotKind = Literal["tile", "meld", "button", "river", "region"]
BUTTONS: tuple[str, ...] = ("chi", "peng", "gang", "ting", "hu", "pass")
"""The claim-bar buttons a spotlight may name."""
REGIONS: tuple[str, ...] = ("bao", "wall", "wall_tail", "hand", "melds", "river", "scores")
"""The table regions a spotlight may name (hand, melds and river take ``:SEAT``)."""


class SpotlightError(HarbinError, ValueError):
    """A spotlight a lesson file writes that cannot be read."""


@dataclass(frozen=True)
class Spotlight:
    """One thing a step points at: its kind, the seat it belongs to, the tiles or the name."""

    kind: SpotKind
    seat: int | None = None
    kinds: tuple[int, ...] = ()
    name: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form with seat letters and mpsz tiles."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = SEATS[self.seat]
        if self.kinds:
            out["tiles"] = format_kinds(self.kinds)
        if self.name:
            out["name"] = self.name
        return out


@dataclass(frozen=True)
class Lit:
    """What to light on the table now: tile ids, buttons and regions (``"river:S"``, ``"bao"``)."""

    tiles: frozenset[int] = frozenset()
    buttons: frozenset[str] = frozenset()
    regions: frozenset[str] = frozenset()


def _seat(value: Any, where: str) -> int:
    if not isinstance(value, str) or value.upper() not in SEATS or len(value) != 1:
        raise SpotlightError(f"{where}: seat must be one of E S W N")
    return SEATS.index(value.upper())


def _kinds(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise SpotlightError(f'{where}: tiles are text like "4p"')
    try:
        kinds = tuple(sorted(parse_kinds(value)))
    except TileNotationError as exc:
        raise SpotlightError(f"{where}: {exc}") from None
    if not kinds:
        raise SpotlightError(f"{where}: no tiles")
    return kinds


def parse_spotlight(value: Any, where: str) -> Spotlight:
    """Read one spotlight table."""
    if not isinstance(value, Mapping):
        raise SpotlightError(f'{where}: a spotlight is a table such as {{ tile = "4p" }}')
    keys = set(value)
    main = keys & {"tile", "meld", "button", "river", "region"}
    if len(main) != 1 and not (main == {"river", "tile"}):
        raise SpotlightError(f"{where}: name exactly one of tile, meld, button, river, region")
    extra = keys - {"tile", "meld", "button", "river", "region", "seat"}
    if extra:
        raise SpotlightError(f"{where}: unknown key {sorted(extra)[0]!r}")
    seat = _seat(value["seat"], f"{where}.seat") if "seat" in value else None
    if "river" in value:
        kinds = _kinds(value["tile"], f"{where}.tile") if "tile" in value else ()
        return Spotlight("river", _seat(value["river"], f"{where}.river"), kinds)
    if "tile" in value:
        return Spotlight("tile", seat, _kinds(value["tile"], f"{where}.tile"))
    if "meld" in value:
        return Spotlight("meld", seat, _kinds(value["meld"], f"{where}.meld"))
    if "button" in value:
        if value["button"] not in BUTTONS:
            raise SpotlightError(f"{where}.button: one of {', '.join(BUTTONS)}")
        return Spotlight("button", None, (), str(value["button"]))
    region = value["region"]
    name, _, letter = str(region).partition(":")
    if name not in REGIONS:
        raise SpotlightError(f"{where}.region: one of {', '.join(REGIONS)} (hand, melds, river take :SEAT)")
    if letter:
        if name not in ("hand", "melds", "river"):
            raise SpotlightError(f"{where}.region: only hand, melds and river take a seat")
        seat = _seat(letter, f"{where}.region")
    if name == "river" and seat is not None:
        return Spotlight("river", seat)
    return Spotlight("region", seat, (), name)


def resolve(spot: Spotlight, state: State, person: int) -> Lit | str:
    """What to light for a spotlight at this table, or why it points at nothing."""
    seat = person if spot.seat is None else spot.seat
    letter = SEATS[seat]
    if spot.kind == "tile":
        ids = frozenset(t for t in state.hands[seat] if kind_of(t) in spot.kinds)
        missing = [k for k in spot.kinds if not any(kind_of(t) == k for t in ids)]
        if missing:
            return f"{letter} holds no {_names(missing)} to point at"
        return Lit(tiles=ids)
    if spot.kind == "meld":
        for meld in state.melds[seat]:
            kinds = tuple(sorted(kind_of(t) for t in meld.tiles))
            if kinds == spot.kinds or set(kinds) == set(spot.kinds):  # "5m" names a peng or kong of 5m
                return Lit(tiles=frozenset(meld.tiles))
        return f"{letter} has no meld {_names(spot.kinds)}"
    if spot.kind == "river":
        river = [r.tile for r in state.rivers[seat]]
        if not spot.kinds:
            return Lit(tiles=frozenset(river), regions=frozenset({f"river:{letter}"}))
        ids = frozenset(t for t in river if kind_of(t) in spot.kinds)
        if not ids:
            return f"{letter}'s river holds no {_names(spot.kinds)}"
        return Lit(tiles=ids)  # the tile itself, not the river's room round it
    if spot.kind == "button":
        return Lit(buttons=frozenset({spot.name}))
    if spot.name in ("hand", "melds"):
        return Lit(regions=frozenset({f"{spot.name}:{letter}"}))
    if spot.name == "bao" and state.bao is None:
        return "there is no 宝 to point at"
    return Lit(regions=frozenset({spot.name}))


def _names(kinds: tuple[int, ...] | list[int]) -> str:
    return format_kinds(kinds)


def light(spots: tuple[Spotlight, ...], state: State, person: int) -> Lit:
    """Everything a step's spotlights light now (spotlights pointing at nothing are left out)."""
    tiles: set[int] = set()
    buttons: set[str] = set()
    regions: set[str] = set()
    for spot in spots:
        lit = resolve(spot, state, person)
        if isinstance(lit, Lit):
            tiles |= lit.tiles
            buttons |= lit.buttons
            regions |= lit.regions
    return Lit(frozenset(tiles), frozenset(buttons), frozenset(regions))
