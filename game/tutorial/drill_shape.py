"""Whether a replay drill read back from the mistakes queue is whole: every field the mistakes screen shows
or grades by is there and of its kind (tile codes that read as tiles, moves that read as moves, seats named
from the person, the level's value of each choice a finite number, its answer one of the choices).

The queue file is the game's own, but a hand-edited or damaged one must cost only the drills it spoils,
never the screen: :mod:`game.tutorial.replay_queue` leaves out (and keeps aside) any item this refuses.
No pygame here; the move notation is loaded only when a queue is read (not at the menu's first frame).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..core.tiles import TileNotationError, parse_kinds
from ..glossary import LANGS
from ..seats import RELATIVE_KEYS
from .progress import whole_number


def _finite(value: Any) -> bool:
    """A JSON number that is neither infinite nor NaN."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _words(value: Any) -> bool:
    """A text in every language the game speaks: {"zh": ..., "en": ...}."""
    return isinstance(value, Mapping) and all(isinstance(value.get(lang), str) for lang in LANGS)


def _tiles(code: Any, counts: tuple[int, ...]) -> bool:
    """Tile codes (``5m``, ``123s``) reading as one of ``counts`` tiles."""
    if not isinstance(code, str):
        return False
    try:
        return len(parse_kinds(code)) in counts
    except TileNotationError:
        return False


def _tile_or_none(code: Any) -> bool:
    """One tile's code, or nothing (no draw, no discard on offer, no 宝 seen)."""
    return code is None or _tiles(code, (1,))


def _by_seat(value: Any, good: Any) -> bool:
    """An object by seat named from the person (``you``, ``xiajia``, …), each a list of ``good`` items."""
    return (
        isinstance(value, Mapping)
        and all(key in RELATIVE_KEYS for key in value)
        and all(isinstance(items, list) and all(good(i) for i in items) for items in value.values())
    )


def _position(position: Any) -> bool:
    """What the seat saw: its hand, draw and offered discard, every seat's melds and river, who was ready,
    the 宝, the wall left and the four scores."""
    return (
        isinstance(position, Mapping)
        and isinstance(position.get("hand"), list)
        and all(_tiles(t, (1,)) for t in position["hand"])
        and _tile_or_none(position.get("drawn"))
        and _tile_or_none(position.get("last_discard"))
        and _tile_or_none(position.get("bao"))
        and _by_seat(position.get("melds"), lambda m: _tiles(m, (3, 4)))
        and _by_seat(position.get("rivers"), lambda t: _tiles(t, (1,)))
        and isinstance(position.get("ready", []), list)
        and all(key in RELATIVE_KEYS for key in position.get("ready", []))
        and whole_number(position.get("wall"))
    )


def _choices(choices: Any) -> bool:
    """The seat's choices: each a move in the notation, the level's value of it in points and its reason."""
    from ..replay.notation import NotationError, parse_move  # the rules' notation: not at the first frame

    if not isinstance(choices, list) or not choices:
        return False
    for choice in choices:
        if not (
            isinstance(choice, Mapping)
            and isinstance(choice.get("action"), str)
            and _finite(choice.get("value"))
            and _words(choice.get("reason"))
        ):
            return False
        try:
            parse_move(choice["action"])
        except NotationError:
            return False
    actions = [c["action"] for c in choices]
    return len(set(actions)) == len(actions)


def whole_replay_drill(drill: Any) -> bool:
    """Whether a stored replay drill can be shown and graded: its id, hand, level and question, the
    position, the choices, and an answer that is one of them."""
    return (
        isinstance(drill, Mapping)
        and isinstance(drill.get("id"), str)
        and whole_number(drill.get("hand"))
        and drill["hand"] >= 0
        and isinstance(drill.get("level"), str)
        and _words(drill.get("question"))
        and _position(drill.get("position"))
        and _choices(drill.get("choices"))
        and drill.get("answer") in [c["action"] for c in drill["choices"]]
    )


__all__ = ["whole_replay_drill"]
