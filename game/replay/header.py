"""The header line of a replay or save file: what it records, its version, and how older versions are read.

A log's first line is one JSON object (documented in ``docs/replay-format.md``).
Version 2 (this program) records the program version, the full rule set, the
players and their levels, the seed, when the match was created and when it
ended, whether it is finished, abandoned or still being played, and for a
what-if branch where it came from. Version 1 files carry only some of that;
:func:`complete_header` migrates them on load, filling what the events say
(the ``match_started`` event holds the rules, the players, the seed and the
match length; a final ``match_ended`` means the match is finished).
"""

from __future__ import annotations

import re
import reprlib
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .. import __version__
from ..core.errors import HarbinError
from ..core.events import Event, MatchEnded, MatchStarted
from ..core.rules import CUSTOM_PRESET, PRESETS
from ..safe_read import shorten

FORMAT: Final = "harbin-mahjong-log"
VERSION: Final = 2
"""The log format version this program writes; it reads every version from 1 up to this one."""
PLAYING: Final = "playing"
FINISHED: Final = "finished"
ABANDONED: Final = "abandoned"
STATUSES: Final = (PLAYING, FINISHED, ABANDONED)
"""A match's status: still being played (the save in progress), finished, or abandoned unfinished."""
HUMAN: Final = "human"
"""The player name of a person's seat."""
_STAMP: Final = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
_BRANCH_TEXT: Final = ("source", "played", "recorded")


class HeaderError(HarbinError, ValueError):
    """A header line that is not one of ours or is from a newer program (the message says which)."""


def make_header(**extra: Any) -> dict[str, Any]:
    """The header line's object: format, version and any facts given (kind, created, players...)."""
    return {"format": FORMAT, "version": VERSION, **extra}


def now_stamp() -> str:
    """The local time as the header writes it (``2025-03-01T20:15:07``)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


def preset_of(rules: Mapping[str, Any]) -> str:
    """The name of the preset whose rules these are, or ``custom``."""
    for name, preset in PRESETS.items():
        if preset.to_dict() == dict(rules):
            return name
    return CUSTOM_PRESET


def match_header(
    started: MatchStarted,
    *,
    kind: str = "match",
    preset: str | None = None,
    created: str | None = None,
    levels: Sequence[str] | None = None,
    ai_seeds: Sequence[int | None] | None = None,
    branch: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A complete version-2 header for a match that starts with ``started`` (status ``playing``)."""
    header = make_header(
        kind=kind,
        program=__version__,
        created=created if created is not None else now_stamp(),
        status=PLAYING,
        ended=None,
        players=list(started.players),
        preset=preset if preset is not None else preset_of(started.rules),
        rules=dict(started.rules),
        seed=started.seed,
        hands=started.hands,
    )
    if levels is not None:
        header["levels"] = list(levels)
    if ai_seeds is not None:
        header["ai_seeds"] = list(ai_seeds)
    if branch is not None:
        header["branch"] = dict(branch)
    header.update(extra)
    return header


def check_version(header: Any) -> dict[str, Any]:
    """The header object if it is one of ours in a version this program reads; HeaderError says why not."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise HeaderError(f"not a {FORMAT} file")
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        shown = reprlib.repr(version)
        raise HeaderError(f"unsupported log format version {shown} (this program reads 1 to {VERSION})")
    if version > VERSION:
        raise HeaderError(
            f"written by a newer version of Harbin Mahjong (log format version {version}; this program "
            f"reads 1 to {VERSION}): update the game to open it"
        )
    return header


def status_of(header: Mapping[str, Any], events: Sequence[Event]) -> str:
    """Finished when the log ends with ``match_ended``; otherwise what the header says (playing if unsure)."""
    if events and isinstance(events[-1], MatchEnded):
        return FINISHED
    said = header.get("status")
    return ABANDONED if said == ABANDONED else PLAYING


def players_of(header: Mapping[str, Any], events: Sequence[Event]) -> list[str]:
    """Who played each seat: the header's four names when it has them, else ``match_started``'s."""
    value = header.get("players")
    if isinstance(value, list) and len(value) == 4 and all(isinstance(v, str) for v in value):
        return list(value)
    started = events[0] if events and isinstance(events[0], MatchStarted) else None
    names = list(started.players) if started is not None else []
    return (names + [""] * 4)[:4]


def complete_header(header: Mapping[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """A header of this version from one of any version: every documented field present.

    A version-1 header (or a version-2 one written with few facts, e.g. by ``simulate``)
    gets what it lacks: the rules, players, seed and match length from ``match_started``,
    the preset from the rules, null times, ``kind`` match. ``status`` follows the events
    (finished when the log ends with ``match_ended``), unless the header says something that is no
    status at all (kept, for :func:`header_problem` to refuse). A value that is present is
    kept as it is, even of the wrong type, so that checks of the header against the log
    (``game.saves.header_problem``) still see it; read players with :func:`players_of`.
    """
    started = events[0] if events and isinstance(events[0], MatchStarted) else None
    out: dict[str, Any] = dict(header)
    out["format"] = FORMAT
    out["version"] = VERSION
    rules = dict(started.rules) if started is not None else {}
    missing: dict[str, Any] = {
        "kind": "match",
        "program": None,
        "created": None,
        "ended": None,
        "rules": rules,
        "players": players_of({}, events),
        "seed": started.seed if started is not None else None,
        "hands": started.hands if started is not None else None,
    }
    for key, value in missing.items():
        out.setdefault(key, value)
    out.setdefault("preset", preset_of(out["rules"]) if isinstance(out["rules"], dict) else CUSTOM_PRESET)
    said = header.get("status")
    out["status"] = said if said is not None and said not in STATUSES else status_of(header, events)
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(value: Any, count: int) -> bool:
    """A list of ``count`` non-empty strings."""
    return isinstance(value, list) and len(value) == count and all(isinstance(v, str) and v for v in value)


def header_problem(header: Mapping[str, Any], started: MatchStarted) -> str:
    """What is wrong with a (completed) header of a log that starts with ``started``, or "" when nothing.

    Every documented field is checked: its type, and that the rules, seed, length, players and
    preset are the match's own (``docs/replay-format.md``). Loading a save, listing the library,
    importing a file or a share code and ``replay verify`` all ask this, so a header that lies about
    its match is refused the same way everywhere.
    """
    if not isinstance(header.get("kind"), str) or not header["kind"]:
        return f"the header's kind ({shorten(header.get('kind'))}) is not a name"
    if header.get("program") is not None and not isinstance(header["program"], str):
        return f"the header's program ({shorten(header['program'])}) is not a version"
    for key in ("created", "ended"):
        value = header.get(key)
        if value is not None and not (isinstance(value, str) and _STAMP.fullmatch(value)):
            return f"the header's {key} ({shorten(value)}) is not a time like 2025-03-01T20:15:07"
    if header.get("status") not in STATUSES:
        return f"the header's status ({shorten(header.get('status'))}) is none of {', '.join(STATUSES)}"
    checks: tuple[tuple[str, Any], ...] = (
        ("rules", dict(started.rules)),
        ("hands", started.hands),
        ("seed", started.seed),
        ("players", list(started.players)),
    )
    for key, want in checks:
        if key in header and header[key] != want:
            return f"the header's {key} ({shorten(header[key])}) and the log's ({shorten(want)}) differ"
    preset = header.get("preset", preset_of(started.rules))
    if not isinstance(preset, str) or (preset not in PRESETS and preset != CUSTOM_PRESET):
        return f"the header names no rule preset this game knows ({shorten(preset)})"
    if preset in PRESETS and PRESETS[preset].to_dict() != dict(started.rules):
        return f"the header's preset {preset!r} disagrees with the match's rules"
    return (
        _levels_problem(header, started)
        or _seeds_problem(header)
        or _branch_problem(header)
        or _autoplay_problem(header, started)
    )


def _autoplay_problem(header: Mapping[str, Any], started: MatchStarted) -> str:
    """``autoplay``: the seats an AI played for the person from the start; each must name its level."""
    seats = header.get("autoplay")
    if seats is None:
        return ""
    if not isinstance(seats, list) or not all(_is_int(s) and s in range(4) for s in seats):
        return f"the header's autoplay ({shorten(seats)}) is not a list of seats 0-3"
    for seat in seats:
        name = started.players[seat] if seat < len(started.players) else ""
        if name in ("", HUMAN):
            return f"the header says autoplay played seat {seat}, but the match names no AI level there"
    return ""


def _levels_problem(header: Mapping[str, Any], started: MatchStarted) -> str:
    levels = header.get("levels")
    if levels is None:
        return ""
    if not _names(levels, 3):
        return f"the header's levels are not three level names ({shorten(levels)})"
    for seat, level in enumerate(levels, start=1):
        name = started.players[seat] if seat < len(started.players) else ""
        if name and name != level:
            return f"the header's level for seat {seat} ({level!r}) disagrees with the match's ({name!r})"
    return ""


def _seeds_problem(header: Mapping[str, Any]) -> str:
    seeds = header.get("ai_seeds")
    if seeds is None:
        return ""
    if not isinstance(seeds, list) or len(seeds) != 4 or not all(s is None or _is_int(s) for s in seeds):
        return f"the header's ai_seeds are not four seeds or nulls ({shorten(seeds)})"
    return ""


def _branch_problem(header: Mapping[str, Any]) -> str:
    branch = header.get("branch")
    if branch is None:
        return ""
    if not isinstance(branch, dict):
        return f"the header's branch ({shorten(branch)}) is not an object"
    for key in _BRANCH_TEXT:
        if key in branch and not isinstance(branch[key], str):
            return f"the header's branch {key} ({shorten(branch[key])}) is not text"
    index, seat = branch.get("index", 0), branch.get("seat", 0)
    if not _is_int(index) or index < 0:
        return f"the header's branch index ({shorten(index)}) is not an event index"
    if not _is_int(seat) or not 0 <= seat < 4:
        return f"the header's branch seat ({shorten(seat)}) is not a seat 0-3"
    for key in ("players", "recorded_players"):
        names = branch.get(key, [""] * 4)
        if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
            return f"the header's branch {key} are not four names ({shorten(branch[key])})"
    return ""


def ended_header(header: Mapping[str, Any], status: str) -> dict[str, Any]:
    """The header of a match kept as a replay: its status (finished or abandoned) and when that was."""
    if status not in (FINISHED, ABANDONED):
        raise ValueError(f"a kept match is finished or abandoned, not {status!r}")
    out = dict(header)
    out["version"] = VERSION
    out["status"] = status
    out["ended"] = now_stamp()
    return out


__all__ = [
    "ABANDONED",
    "CUSTOM_PRESET",
    "FINISHED",
    "FORMAT",
    "HUMAN",
    "PLAYING",
    "STATUSES",
    "VERSION",
    "HeaderError",
    "check_version",
    "complete_header",
    "ended_header",
    "header_problem",
    "make_header",
    "match_header",
    "now_stamp",
    "players_of",
    "preset_of",
    "status_of",
]
