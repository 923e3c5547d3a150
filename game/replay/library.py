"""The replay library: every kept match in the player's replay folder, listed, renamed, deleted, exported,
imported (from a file or a share code), and the match in progress to continue.

A match is kept when it ends or when a new one replaces it unfinished
(:func:`keep_match`): its log moves from the saves folder to the replays folder
with the header's ``status`` set to ``finished`` or ``abandoned`` and ``ended``
stamped. Listing never fails on a bad file: it is an entry with status
``broken`` and the reason — a file that does not read, and one that reads but whose header does not
fit its match or whose events break a rule (:func:`~game.replay.checks.log_problem`, cached by a
:class:`~game.replay.checks.CheckCache`). Files are only ever replaced atomically
(:func:`~game.replay.logfile.write_atomic`); a rename never overwrites another
replay.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ..ai.registry import LADDER
from ..core.errors import HarbinError
from ..core.events import Event, MatchEnded, MatchStarted, RoundStarted, Settled
from ..safe_read import MAX_LOG_BYTES, NOT_A_NAME, BadFileError, read_text, shown_name
from .checks import CheckCache, log_problem, stamp_of
from .header import ABANDONED, FINISHED, HUMAN, PLAYING, ended_header, players_of
from .highlights import HandNote, hand_notes
from .logfile import LogFile, LogFileError, encode_log, load_log, write_atomic
from .samples import titles_or_none
from .share import ShareCodeError, decode_code
from .verify import verify_events

SUFFIX: Final = ".jsonl"
SAVE_NAME: Final = "current.jsonl"
"""The file name of the match in progress in the saves folder."""
BROKEN: Final = "broken"
"""The status of a file that cannot be read as a replay."""
MAX_NAME: Final = 80
"""Longest replay name (without ``.jsonl``)."""
_BAD_CHARS: Final = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_RESERVED: Final = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
)
"""Names Windows will not give a file."""


class LibraryError(HarbinError, ValueError):
    """A library operation that cannot be done: one line naming the file and the problem."""


@dataclass(frozen=True)
class ReplayEntry:
    """One file of the library as the list shows it."""

    path: Path
    created: str
    """When the match began (the header's ``created``, else the file's modification time)."""
    status: str
    """``finished``, ``abandoned``, ``playing`` (the match in progress) or ``broken``."""
    hands: int = 0
    """Hands dealt."""
    match_hands: int = 0
    """The match's length in hands."""
    players: tuple[str, ...] = ()
    """Who played each seat 0-3: ``human`` or an AI level."""
    preset: str = ""
    scores: tuple[int, ...] = ()
    """The scores after the last settled hand (the final scores of a finished match)."""
    kind: str = "match"
    """``match``, or ``branch`` for a what-if branch (see :attr:`branch`)."""
    branch: Mapping[str, Any] | None = None
    problem: str = ""
    """Why a broken file cannot be read."""
    in_progress: bool = False
    """The save of the match in progress (the one Continue resumes)."""
    sample: bool = False
    """A sample replay that ships with the game (``saves/``): watched, never renamed or deleted."""
    titles: Mapping[str, str] = field(default_factory=dict)
    """A sample's title by language (``zh``, ``en``); empty for the player's own replays."""
    notes: tuple[HandNote, ...] = ()
    """What each dealt hand came to (:func:`~game.replay.highlights.hand_notes`)."""
    header: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        """The replay's name: its file name without ``.jsonl``."""
        return self.path.name[: -len(SUFFIX)] if self.path.name.endswith(SUFFIX) else self.path.name

    @property
    def finished(self) -> bool:
        """The match was played to its end."""
        return self.status == FINISHED

    def person_seat(self) -> int:
        """The seat a person played (the first ``human``), else seat 0."""
        return self.players.index(HUMAN) if HUMAN in self.players else 0

    def to_json(self) -> dict[str, Any]:
        """The entry as ``replay list --json`` prints it."""
        return {
            "file": str(self.path),
            "name": self.name,
            "created": self.created,
            "finished": self.finished,
            "status": self.status,
            "hands": self.hands,
            "match_hands": self.match_hands,
            "players": list(self.players),
            "preset": self.preset,
            "scores": list(self.scores),
            "kind": self.kind,
            "branch": dict(self.branch) if self.branch is not None else None,
            "in_progress": self.in_progress,
            "sample": self.sample,
            "hand_notes": [note.to_json() for note in self.notes],
            "problem": self.problem,
        }


def _result(entry: ReplayEntry) -> int:
    return entry.scores[entry.person_seat()] if entry.scores else 0


def _opponents(entry: ReplayEntry) -> tuple[int, ...]:
    """The opponents by strength, strongest first (the ladder's order; an unknown name counts weakest)."""
    me = entry.person_seat()
    ranks = [LADDER.index(p) if p in LADDER else -1 for s, p in enumerate(entry.players) if s != me]
    return tuple(sorted(ranks, reverse=True))


SORT_KEYS: Final[Mapping[str, Callable[[ReplayEntry], Any]]] = {
    "created": lambda e: e.created,
    "name": lambda e: e.name.lower(),
    "hands": lambda e: e.hands,
    "result": _result,
    "opponents": _opponents,
    "preset": lambda e: e.preset,
    "status": lambda e: e.status,
}
"""The library's sort keys (``result``: the person's score, else seat 0's; ``opponents``: the opponents'
levels, strongest first, compared strongest to weakest)."""


def describe(path: Path, loaded: LogFile, in_progress: bool = False) -> ReplayEntry:
    """The library entry of a loaded log."""
    header = loaded.header
    events = loaded.events
    if not events or not isinstance(events[0], MatchStarted):
        return broken_entry(path, f"{path}: the log does not start with match_started")
    started = events[0]
    scores = tuple(started.scores)
    hands = 0
    for event in events:
        if isinstance(event, RoundStarted):
            hands += 1
        elif isinstance(event, Settled | MatchEnded):
            scores = tuple(event.scores)
    created = header.get("created")
    branch = header.get("branch")
    return ReplayEntry(
        path=path,
        created=created if isinstance(created, str) and created else _mtime(path),
        status=str(header.get("status", PLAYING)),
        hands=hands,
        match_hands=started.hands,
        players=tuple(players_of(header, events)),
        preset=str(header.get("preset", "")),
        scores=scores,
        kind=str(header.get("kind", "match")),
        branch=branch if isinstance(branch, dict) else None,
        in_progress=in_progress,
        notes=hand_notes(events),
        header=header,
    )


def broken_entry(path: Path, problem: str) -> ReplayEntry:
    """The entry of a file that cannot be read as a replay."""
    return ReplayEntry(path=path, created=_mtime(path), status=BROKEN, problem=problem)


def _mtime(path: Path) -> str:
    try:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""


def read_entry(path: Path, in_progress: bool = False, checks: CheckCache | None = None) -> ReplayEntry:
    """One file's entry; a file that cannot be read, or does not verify, is a broken entry with the reason."""
    return _read(path, in_progress, checks)[0]


def load(path: Path) -> LogFile:
    """Read a replay file; LibraryError names the file and the problem."""
    try:
        return load_log(path)
    except LogFileError as exc:
        raise LibraryError(str(exc)) from None


def _read(
    path: Path, in_progress: bool = False, checks: CheckCache | None = None
) -> tuple[ReplayEntry, LogFile | None]:
    stamp = stamp_of(path)
    try:
        loaded = load(path)
    except LibraryError as exc:
        return broken_entry(path, str(exc)), None
    problem = (checks if checks is not None else CheckCache()).problem(path, loaded, stamp)
    if problem:
        return broken_entry(path, f"{path}: {problem}"), None
    entry = describe(path, loaded, in_progress)
    return entry, (loaded if entry.status != BROKEN else None)


def scan(
    folder: Path | None,
    saves_dir: Path | None = None,
    checks: CheckCache | None = None,
    samples: Path | None = None,
) -> list[tuple[ReplayEntry, LogFile | None]]:
    """Every replay file of ``folder`` (and the save in progress in ``saves_dir``, and the sample
    replays of ``samples``): its entry and, unless it is broken, the loaded log. A folder that does not
    exist (or None) holds nothing. ``checks`` keeps the verdicts (each file is re-played through the
    engine only when it changed); it is saved after."""
    checks = checks if checks is not None else CheckCache()
    found = [_read(p, False, checks) for p in _replay_files(Path(folder))] if folder is not None else []
    if saves_dir is not None:
        save = Path(saves_dir) / SAVE_NAME
        if save.is_file():
            found.append(_read(save, True, checks))
    if samples is not None:
        titles = titles_or_none(Path(samples))
        listed = {entry.path.resolve() for entry, _ in found}
        for path in _replay_files(Path(samples)):
            if path.resolve() in listed:  # the samples' own folder listed as the player's: once
                continue
            entry, loaded = _read(path, False, checks)
            found.append((replace(entry, sample=True, titles=titles.get(path.name, {})), loaded))
    checks.save()
    return found


def _sort_key(key: str) -> Callable[[ReplayEntry], Any]:
    """The sort key of that name; LibraryError names the choices for an unknown one."""
    if key not in SORT_KEYS:
        raise LibraryError(f"unknown sort key {key!r}: choose one of {', '.join(SORT_KEYS)}")
    return SORT_KEYS[key]


def sort_entries(entries: Sequence[ReplayEntry], key: str, descending: bool) -> list[ReplayEntry]:
    """Entries sorted by a sort key of :data:`SORT_KEYS` (ties by name): the player's own replays, then
    the samples that ship with the game, then the broken files by name."""
    order = _sort_key(key)
    groups: list[list[ReplayEntry]] = [[], [], []]
    for entry in entries:
        groups[2 if entry.status == BROKEN else 1 if entry.sample else 0].append(entry)
    out: list[ReplayEntry] = []
    for i, group in enumerate(groups):
        group.sort(key=lambda e: e.name.lower())
        if i < 2:
            group.sort(key=order, reverse=descending)
        out += group
    return out


def list_replays(
    folder: Path | None,
    saves_dir: Path | None = None,
    sort: str = "created",
    descending: bool = True,
    checks: CheckCache | None = None,
    samples: Path | None = None,
) -> list[ReplayEntry]:
    """Every replay in ``folder`` (and the match in progress in ``saves_dir``, and the samples of
    ``samples``), sorted (:func:`sort_entries`).

    A folder that does not exist lists nothing; LibraryError for an unknown sort key or a
    folder that cannot be read.
    """
    _sort_key(sort)  # a bad key is refused before any file is read
    return sort_entries([entry for entry, _ in scan(folder, saves_dir, checks, samples)], sort, descending)


def _replay_files(folder: Path) -> list[Path]:
    """The ``.jsonl`` entries of a folder (not hidden, not temp files)."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise LibraryError(f"{folder}: cannot list the folder ({exc.strerror})") from None
    return [folder / n for n in sorted(names) if n.endswith(SUFFIX) and not n.startswith(".")]


def continuable(saves_dir: Path) -> Path | None:
    """The save of a match still being played (what Continue resumes), or None.

    Only says which file; whether it can really be resumed is for the session to check.
    """
    save = Path(saves_dir) / SAVE_NAME
    if not save.is_file():
        return None
    entry = read_entry(save, in_progress=True)
    return save if entry.status == PLAYING else None


# --- changing the library ------------------------------------------------------------------------------


def check_name(name: str) -> str:
    """A replay name as given, checked (``.jsonl`` added); LibraryError says what is wrong with it."""
    stem = name.strip()
    if stem.endswith(SUFFIX):
        stem = stem[: -len(SUFFIX)]
    if not stem:
        raise LibraryError("a replay needs a name")
    if len(stem) > MAX_NAME:
        raise LibraryError(f"the name is too long ({len(stem)} characters; at most {MAX_NAME})")
    bad = _BAD_CHARS.search(stem)
    if bad:
        raise LibraryError(f"the name {stem!r} may not contain {bad.group(0)!r}")
    if stem.startswith(".") or stem.endswith("."):
        raise LibraryError(f"the name {stem!r} may not start or end with a dot")
    if stem.split(".")[0].lower() in _RESERVED:
        raise LibraryError(f"the name {stem!r} is reserved by the system")
    return stem + SUFFIX


def rename_replay(path: Path, new_name: str) -> Path:
    """Give a replay a new name in its folder (atomic; never over another file); the new path."""
    src = Path(path)
    target = src.with_name(check_name(new_name))
    if not src.is_file():
        raise LibraryError(f"{src}: no such replay")
    if target == src:
        return src
    try:
        os.link(src, target)
    except FileExistsError:
        if not _same_file(src, target):
            raise LibraryError(f"{target}: a replay with that name already exists") from None
        os.replace(src, target)  # the same file under another case on a case-insensitive disk
        return target
    except OSError:  # no hard links here: rename after checking (atomic, but a race could replace)
        if target.exists():
            raise LibraryError(f"{target}: a replay with that name already exists") from None
        try:
            os.rename(src, target)
        except OSError as exc:
            raise LibraryError(f"{src}: cannot rename ({exc.strerror})") from None
        return target
    try:
        src.unlink()
    except OSError as exc:
        target.unlink(missing_ok=True)
        raise LibraryError(f"{src}: cannot rename ({exc.strerror})") from None
    return target


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def delete_replay(path: Path) -> None:
    """Delete a replay file (the caller has asked for confirmation)."""
    p = Path(path)
    if not p.is_file():
        raise LibraryError(f"{p}: no such replay")
    try:
        p.unlink()
    except OSError as exc:
        raise LibraryError(f"{p}: cannot delete ({exc.strerror})") from None


def export_replay(path: Path, target: Path, overwrite: bool = False) -> Path:
    """Copy a replay to a chosen place (into it, if it is a folder); the path written."""
    src = Path(path)
    dest = Path(target)
    if "\x00" in str(dest):  # a pasted name can hold one
        raise LibraryError(f"{shown_name(dest)}: {NOT_A_NAME}")
    if dest.is_dir():
        dest = dest / src.name
    if dest.exists() and not overwrite:
        raise LibraryError(f"{dest}: the file already exists")
    try:
        text = read_text(src, "replay", MAX_LOG_BYTES)
    except BadFileError as exc:
        raise LibraryError(str(exc)) from None
    try:
        write_atomic(dest, text)
    except OSError as exc:
        raise LibraryError(f"{dest}: cannot write ({exc.strerror})") from None
    return dest


def add_replay(folder: Path, header: Mapping[str, Any], events: Sequence[Event], name: str) -> Path:
    """Write a replay into the library under a free name like ``name`` (``name-2``, ``name-3`` …)."""
    stem = check_name(name)[: -len(SUFFIX)]
    target = free_path(Path(folder), stem)
    try:
        write_atomic(target, encode_log(events, dict(header)))
    except OSError as exc:
        raise LibraryError(f"{target}: cannot write ({exc.strerror})") from None
    return target


def free_path(folder: Path, stem: str) -> Path:
    """``folder/stem.jsonl``, or with ``-2``, ``-3`` … added until no file has the name."""
    target = folder / f"{stem}{SUFFIX}"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{stem}-{n}{SUFFIX}"
    return target


def import_file(source: Path, folder: Path, name: str | None = None) -> Path:
    """Add a replay file to the library after reading and checking it (header and events); the new path.

    A file that does not say when its match began (version 1) keeps its own date: the source file's
    modification time becomes the header's ``created``.
    """
    loaded = load(Path(source))
    result = verify_events(loaded.events)
    if not result.ok:
        raise LibraryError(f"{source}: event {result.index}: {result.error}: not imported")
    problem = log_problem(loaded)
    if problem:
        raise LibraryError(f"{source}: {problem}: not imported")
    header = dict(loaded.header)
    if header.get("created") is None:
        header["created"] = _mtime(Path(source)) or None
    stem = name if name is not None else Path(source).name
    return add_replay(folder, header, loaded.events, stem)


def import_code(code: str, folder: Path, name: str | None = None) -> Path:
    """Add the replay of a share code to the library (its events verified); the new path."""
    try:
        header, events = decode_code(code)
    except ShareCodeError as exc:
        raise LibraryError(str(exc)) from None
    return add_replay(folder, header, events, name if name is not None else f"shared-{_stamp()}")


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def keep_match(save: Path, replays_dir: Path) -> Path | None:
    """Move a match's log into the replays folder, marked finished or abandoned; the new path, or None.

    The header gets ``status`` (``finished`` when the log ends with ``match_ended``,
    ``abandoned`` otherwise) and ``ended``; the event lines are kept byte for byte. The file
    is written atomically before the save is removed. A save that cannot be read is moved as
    it is (the library lists it as broken) rather than lost. None if nothing could be moved.
    """
    src = Path(save)
    folder = Path(replays_dir)
    try:
        loaded: LogFile | None = load(src)
    except LibraryError:
        loaded = None
    finished = loaded is not None and bool(loaded.events) and isinstance(loaded.events[-1], MatchEnded)
    target = free_path(folder, f"{'match' if finished else 'unfinished'}-{_stamp()}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if loaded is None:
            os.replace(src, target)
            return target
        header = ended_header(loaded.header, FINISHED if finished else ABANDONED)
        body = read_text(src, "save", MAX_LOG_BYTES).partition("\n")[2]
        write_atomic(target, encode_log((), header) + body)
        src.unlink()
    except (OSError, BadFileError):
        return None
    return target


__all__ = [
    "BROKEN",
    "SAVE_NAME",
    "SORT_KEYS",
    "SUFFIX",
    "LibraryError",
    "ReplayEntry",
    "add_replay",
    "broken_entry",
    "check_name",
    "continuable",
    "delete_replay",
    "describe",
    "export_replay",
    "free_path",
    "import_code",
    "import_file",
    "keep_match",
    "list_replays",
    "load",
    "read_entry",
    "rename_replay",
    "scan",
    "sort_entries",
]
