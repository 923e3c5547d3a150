"""``harbin-mahjong replay …``: check, print, list, share, review, branch and count replay files.

* ``verify FILE…`` — re-play each file through the engine and check its header (one ``ok``/``FAIL`` line
  per file, a file that cannot be read included; exit 1 if any fails);
* ``show FILE`` — the events, one a line: its number (from 0, the number ``whatif --at``, ``review`` and the
  viewer use), a tab, the event's JSON object (``--json``: ``{"header", "events"}``; a file of only a header
  says so);
* ``list [--dir DIR] [--samples]`` — the replay library (default: the player's replay folder and the match in
  progress; ``--samples``: and the sample replays that ship with the game; ``--json`` also says what each
  hand came to);
* ``code FILE`` — the share code, one line; ``import CODE --out FILE`` writes it back (``-``: stdin);
* ``review FILE --seat SEAT [--level LEVEL]`` — an AI level's move and reason at each of the seat's decisions,
  every candidate priced in points, the mistakes with their categories and the match rating;
* ``coach FILE --seat SEAT [--level LEVEL]`` — the seat's three costliest decisions, a sentence each, and the
  rating;
* ``whatif FILE --at INDEX --play ACTION [--players LEVEL] --out FILE`` — branch from a decision;
* ``stats [--dir DIR] [--seat SEAT]`` — statistics for the person's seat (or one seat) over saved games.

A file that is missing or cannot be read, or any other bad input, exits 2 with one line on stderr
(``verify`` reports such a file as ``FAIL`` and goes on to the next); a replay that reads but breaks a
rule is ``FAIL`` on stdout with exit 1 (``verify`` and ``show``). The
formats are documented in ``docs/replay-format.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.cli.common import UsageError
from game.core.events import MatchStarted
from game.progress import INTERRUPTED, ProgressLine
from game.replay.coach import coach, coach_json
from game.replay.header import HUMAN, header_problem
from game.replay.library import SORT_KEYS, LibraryError, add_replay, list_replays
from game.replay.logfile import LogFile, LogFileError, parse_log, save_log
from game.replay.review import Review, ReviewError, review
from game.replay.share import ShareCodeError, decode_code, encode_code, read_code
from game.replay.stats import folder_stats
from game.replay.verify import verify_events
from game.replay.whatif import WhatIfError, make_branch, source_reference
from game.resources import shipped
from game.safe_read import MAX_LOG_BYTES, BadFileError, decode_text, read_bytes

SEATS = "ESWN"
"""Seat letters 0-3 in turn order, as the other commands write them."""


def read_replay(name: str) -> tuple[Path, bytes]:
    """A replay file's bytes; a missing file, a folder, a device or a file too big is bad input (exit 2)."""
    path = Path(name)
    try:
        return path, read_bytes(path, "replay", MAX_LOG_BYTES)
    except BadFileError as exc:
        raise UsageError(str(exc)) from None


def parse_replay(path: Path, data: bytes) -> LogFile:
    """The log in a file's bytes; LogFileError (a replay that reads but is not valid) says why not."""
    try:
        text = decode_text(data, str(path))
    except BadFileError as exc:
        raise LogFileError(str(exc)) from None
    return parse_log(text, path)


def parse_seat(text: str) -> int:
    """A seat given as 0-3 or E/S/W/N."""
    word = text.strip().upper()
    if word in ("0", "1", "2", "3"):
        return int(word)
    if len(word) == 1 and word in SEATS:
        return SEATS.index(word)
    raise UsageError(f"--seat {text!r}: give 0-3 or one of E S W N")


def load_valid(name: str) -> LogFile:
    """A readable file that loads and verifies (anything else is bad input: exit 2)."""
    path, data = read_replay(name)
    try:
        loaded = parse_replay(path, data)
    except LogFileError as exc:
        raise UsageError(str(exc)) from None
    result = verify_events(loaded.events)
    if not result.ok:
        raise UsageError(f"{path}: event {result.index}: {result.error}")
    started = loaded.events[0]
    problem = header_problem(loaded.header, started) if isinstance(started, MatchStarted) else ""
    if problem:
        raise UsageError(f"{path}: line 1: {problem}")
    return loaded


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


# --- verify and show ----------------------------------------------------------------------------------------


def cmd_verify(args: argparse.Namespace) -> int:
    """Re-play each file through the engine: one line per file, ok or FAIL with the reason; exit 1 if any
    failed (a file that cannot be read fails like one that breaks a rule; 2 is only for bad arguments).

    On a terminal a progress line on stderr counts the files; Ctrl-C stops with the files checked so
    far and a line (or ``"partial": true``) saying so, exit status 130.
    """
    bad = 0
    results: list[dict[str, Any]] = []
    interrupted = False
    try:
        with ProgressLine.for_command("replay verify", len(args.files), "files", args.json) as progress:
            for name in args.files:
                entry, lines = _verify_one(Path(name))
                bad += not entry["ok"]
                results.append(entry)
                if not args.json:
                    with progress.above():
                        print("\n".join(lines))
                progress.advance()
    except KeyboardInterrupt:
        interrupted = True
    if args.json:
        _print_json({"ok": bad == 0, "partial": interrupted, "files": results})
    elif interrupted:
        print(f"partial: interrupted after {len(results)} of {len(args.files)} files ({bad} failed)")
    if interrupted:
        return INTERRUPTED
    return 1 if bad else 0


def _verify_one(path: Path) -> tuple[dict[str, Any], list[str]]:
    """One file's verdict: its JSON entry and the lines ``verify`` prints for it."""
    try:
        log = parse_replay(path, read_bytes(path, "replay", MAX_LOG_BYTES))
    except (BadFileError, LogFileError) as exc:
        return {"file": str(path), "ok": False, "error": str(exc)}, [f"FAIL {exc}"]
    res = verify_events(log.events)
    entry: dict[str, Any] = {
        "file": str(path),
        "ok": res.ok,
        "events": res.events,
        "hands": res.hands,
        "warnings": list(log.warnings),
    }
    started = log.events[0] if res.ok else None
    problem = header_problem(log.header, started) if isinstance(started, MatchStarted) else ""
    if problem:
        entry.update(ok=False, error=problem, index=-1)
        lines = [f"FAIL {path}: line 1: {problem}"]
    elif res.ok:
        lines = [f"ok   {path}: {res.events} events, {res.hands} hands"]
    else:
        entry.update(error=res.error, index=res.index)
        lines = [f"FAIL {path}: event {res.index}: {res.error}"]
    return entry, lines + [f"warn {w}" for w in log.warnings]


def cmd_show(args: argparse.Namespace) -> int:
    """Print a replay's events, each after its number (a torn last line is dropped, warned on stderr)."""
    path, data = read_replay(args.file)
    try:
        log = parse_replay(path, data)
    except LogFileError as exc:
        print(f"FAIL {exc}")
        return 1
    for warning in log.warnings:
        print(f"harbin-mahjong: warning: {warning}", file=sys.stderr)
    if args.json:
        _print_json({"header": log.header, "events": [e.to_dict() for e in log.events]})
    elif not log.events:
        print(f"{path}: no events (the file holds only its header)")
    else:
        for number, e in enumerate(log.events):
            print(f"{number}\t{e.to_json()}")
    return 0


# --- list and stats -----------------------------------------------------------------------------------------


def _folders(args: argparse.Namespace) -> tuple[Path, Path | None]:
    """The replay folder asked for (it must exist), or the player's own with the saves folder."""
    if args.dir is not None:
        folder = Path(args.dir)
        if not folder.is_dir():
            raise UsageError(f"--dir {folder}: no such folder")
        return folder, None
    from game.paths import app_paths

    paths = app_paths()
    return paths.replays_dir, paths.saves_dir


def cmd_list(args: argparse.Namespace) -> int:
    """The replay library: date, players, preset, hands, scores, finished or not."""
    folder, saves = _folders(args)
    try:
        samples = shipped("saves") if args.samples else None
        entries = list_replays(folder, saves, sort=args.sort, descending=not args.ascending, samples=samples)
    except LibraryError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _print_json({"replays": [e.to_json() for e in entries]})
        return 0
    for e in entries:
        if e.problem:
            print(f"{e.name}: broken: {e.problem}")
            continue
        scores = " ".join(f"{s:+d}" for s in e.scores)
        mark = " (in progress)" if e.in_progress else " (sample)" if e.sample else ""
        print(
            f"{e.name}: {e.created} {e.status}{mark}, {e.hands}/{e.match_hands} hands, "
            f"{', '.join(e.players)}, {e.preset}, scores {scores}"
        )
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Statistics for the person's seat (or one seat) over the saved games of a folder."""
    folder, saves = _folders(args)
    seat = None if args.seat.strip().lower() == HUMAN else parse_seat(args.seat)
    try:
        stats = folder_stats(folder, seat, saves)
    except LibraryError as exc:
        raise UsageError(str(exc)) from None
    data = stats.to_json()
    if args.json:
        _print_json(data)
        return 0
    who = "the person" if seat is None else f"seat {seat} ({SEATS[seat]})"
    print(f"{who}: {data['games']} games ({data['finished']} finished), {data['hands']} hands")
    print(f"points {data['points']:+d} ({data['points_per_hand']:+.2f} a hand); wins {data['win_rate']:.1%}")
    print(
        f"摸宝 {data['mobao']}, 宝中宝 {data['baozhongbao']}, 卡当 wins {data['kadang']}; ready in "
        f"{data['ready_rate']:.1%} of hands"
    )
    print(
        f"dealt in {data['deal_ins']} times: {data['deal_ins_ready']} while ready, "
        f"{data['deal_ins_not_ready']} while not ready"
    )
    for level, row in data["by_opponent_level"].items():
        print(f"  against {level}: {row['hands']} hands, {row['points_per_hand']:+.2f} a hand")
    for line in data["skipped"]:
        print(f"skipped {line}")
    return 0


# --- share codes --------------------------------------------------------------------------------------------


def cmd_code(args: argparse.Namespace) -> int:
    """Print a replay's share code on one line."""
    loaded = load_valid(args.file)
    try:
        print(encode_code(loaded.header, loaded.events))
    except ShareCodeError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Write the replay of a share code to a file (``-`` reads the code from stdin)."""
    try:
        text = read_code(sys.stdin) if args.code == "-" else args.code
        header, events = decode_code(text)
    except ShareCodeError as exc:
        raise UsageError(str(exc)) from None
    out = Path(args.out)
    try:
        save_log(out, events, header)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write ({exc.strerror})") from None
    result = verify_events(events)
    if args.json:
        _print_json({"out": str(out), "events": len(events), "hands": result.hands})
    else:
        print(f"wrote {out}: {len(events)} events, {result.hands} hands")
    return 0


# --- review and what-if -------------------------------------------------------------------------------------


def _reviewed(args: argparse.Namespace) -> tuple[int, Review]:
    """The seat ``--seat`` names and the review of its decisions in FILE by ``--level``."""
    seat = parse_seat(args.seat)
    loaded = load_valid(args.file)
    try:
        return seat, review(loaded.events, seat, args.level, loaded.header)
    except ReviewError as exc:
        raise UsageError(str(exc)) from None


def cmd_review(args: argparse.Namespace) -> int:
    """An AI level's move and reason at each decision of a seat, and how often it agrees."""
    seat, result = _reviewed(args)
    if args.json:
        _print_json(result.to_json())
        return 0
    print(
        f"seat {seat} ({SEATS[seat]}) against {result.level}: {result.agreement:.0%} agreement "
        f"over {len(result.decisions)} decisions"
    )
    for hand in result.hands():
        print(f"hand {hand.hand + 1}: {hand.agreed}/{hand.decisions} agree, cost {hand.cost:.2f}")
    for d in result.costliest(10):
        reason = d.to_json()["reason"]["en"]
        print(
            f"  event {d.index}: played {d.played}; {result.level}: {d.best} "
            f"({d.cost:.2f} points, {d.category}) — {reason}"
        )
    print(f"rating {result.rating}/100, {result.lost:.2f} points lost")
    for name, row in result.categories().items():
        print(f"  {name}: {row['mistakes']} mistakes, {row['points']:.2f} points")
    return 0


def cmd_coach(args: argparse.Namespace) -> int:
    """The seat's three costliest decisions in a sentence each, and the match rating."""
    _seat, result = _reviewed(args)
    if args.json:
        _print_json(coach_json(result))
        return 0
    print(f"rating {result.rating}/100")
    for line in coach(result):
        print(f"  event {line.decision.index}: {line.sentence('en')}")
    return 0


def cmd_whatif(args: argparse.Namespace) -> int:
    """Play another action at a decision and let AI seats finish the match; write the branch."""
    loaded = load_valid(args.file)
    levels = [n for n in args.players.split(",") if n.strip()] if args.players else None
    out = Path(args.out)
    source = source_reference(args.file, out if out.is_dir() else out.parent)
    try:
        branch = make_branch(loaded.events, loaded.header, args.at, args.play, levels, source)
    except WhatIfError as exc:
        raise UsageError(str(exc)) from None
    if out.exists() and not out.is_dir() and out.resolve() == Path(args.file).resolve():
        raise UsageError(f"--out {out}: that is the replay being branched; give another file")
    try:
        if out.is_dir():
            out = add_replay(out, branch.header, branch.events, f"{Path(args.file).stem}-whatif-{args.at}")
        else:
            save_log(out, branch.events, branch.header)
    except (OSError, LibraryError) as exc:
        raise UsageError(f"--out {out}: cannot write ({getattr(exc, 'strerror', None) or exc})") from None
    if args.json:
        events = [e.to_dict() for e in branch.events]
        _print_json({"out": str(out), "diverged_at": branch.diverged_at, "events": events})
    else:
        print(
            f"wrote {out}: {branch.action} instead of {branch.recorded} at event {branch.diverged_at}, "
            f"{len(branch.events)} events"
        )
    return 0


# --- the parser ---------------------------------------------------------------------------------------------


def add_replay_parser(sub: Any) -> None:
    """Register ``replay`` and its actions on the top-level subparsers."""
    parser = sub.add_parser("replay", help="verify, show, list, share, review and branch replay files")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=type(parser))

    p = actions.add_parser("verify", help="re-play files through the engine")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_verify)

    p = actions.add_parser("show", help="print a replay's events, each after its number (from 0)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help='{"header": {...}, "events": [...]}')
    p.set_defaults(func=cmd_show)

    p = actions.add_parser("list", help="the replay library")
    p.add_argument("--dir", metavar="DIR", help="a replay folder (default: the player's)")
    p.add_argument("--sort", default="created", choices=list(SORT_KEYS))
    p.add_argument("--ascending", action="store_true", help="oldest / smallest first")
    p.add_argument("--samples", action="store_true", help="the sample replays that ship with the game too")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = actions.add_parser("code", help="print a replay's share code")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(func=cmd_code)

    p = actions.add_parser("import", help="write the replay of a share code to a file")
    p.add_argument("code", metavar="CODE", help="the share code, or - to read it from stdin")
    p.add_argument("--out", required=True, metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_import)

    p = actions.add_parser("review", help="an AI level's move and reason at each decision of a seat")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--seat", required=True, metavar="SEAT", help="0-3 or E S W N")
    p.add_argument("--level", default="expert", metavar="LEVEL", help="novice, normal, strong, expert")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_review)

    p = actions.add_parser("coach", help="the three costliest decisions and the rating")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--seat", required=True, metavar="SEAT", help="0-3 or E S W N")
    p.add_argument("--level", default="expert", metavar="LEVEL", help="novice, normal, strong, expert")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_coach)

    p = actions.add_parser("whatif", help="play another action at a decision and let AI seats play on")
    p.add_argument("file", metavar="FILE")
    at_help = "a decision's event number (from 0, as replay show prints it)"
    p.add_argument("--at", required=True, type=int, metavar="INDEX", help=at_help)
    p.add_argument("--play", required=True, metavar="ACTION", help="e.g. 'discard 5m', 'peng 7z', 'pass'")
    p.add_argument("--players", metavar="LEVEL", help="one level for every seat, or four comma-separated")
    p.add_argument("--out", required=True, metavar="FILE", help="the branch's file (or a folder)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_whatif)

    p = actions.add_parser("stats", help="statistics over saved games")
    p.add_argument("--dir", metavar="DIR", help="a replay folder (default: the player's)")
    p.add_argument("--seat", default=HUMAN, metavar="SEAT", help="human (default), 0-3 or E S W N")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_stats)


__all__ = ["add_replay_parser", "load_valid", "parse_replay", "parse_seat", "read_replay"]
