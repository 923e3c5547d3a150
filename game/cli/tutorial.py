"""The ``tutorial list|check`` and ``drill`` subcommands (registered by :func:`game.cli.main.build_parser`).

``tutorial list --json`` → ``{"lessons": [{"id", "file", "title", "topics", "requires", "steps"}]}``;
a broken lesson is listed with ``"error"``. ``tutorial check [FILE...] --json`` →
``{"lessons": [{"id", "file", "ok", "errors"}]}``: exit 0 if every lesson is ok, 1 if one is
broken, 2 if a file cannot be read (the others are still checked). ``drill --kind K --seed S
--count N --json`` → ``{"drills": [...]}`` (fields per kind in ``tutorials/README.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.cli.common import UsageError
from game.tutorial.files import DRILL_KINDS, LessonError
from game.tutorial.links import LINKS_FILE, Links, load_links
from game.tutorial.loader import Entry, load_course, load_entries

MAX_DRILLS = 10_000


def _links() -> tuple[Links, str]:
    """The refusal → lesson map and "" — or an empty map and why it could not be read."""
    try:
        return load_links(), ""
    except LessonError as exc:
        return Links(), str(exc)


def _links_report(links: Links, problem: str, ids: set[str]) -> dict[str, Any]:
    """The check of the refusal → lesson map: readable, complete, naming real lessons."""
    errors = [problem] if problem else []
    missing = links.missing()
    if missing and not problem:
        errors.append(f"no lesson explains {', '.join(missing)}")
    errors += [f"names no lesson: {x}" for x in links.unknown_lessons(ids)]
    return {"file": LINKS_FILE, "ok": not errors, "errors": errors}


def cmd_tutorial(args: argparse.Namespace) -> int:
    """List the lessons, or play them through the engine and report what is wrong."""
    if args.action == "list":
        if args.files:
            raise UsageError("tutorial list takes no files")
        return _list(load_course(), args.json)
    entries = load_entries([Path(f) for f in args.files]) if args.files else load_course()
    if not entries:
        raise UsageError("no lesson files found")
    from game.tutorial.check import check_entries

    links, problem = _links()
    rows = check_entries(entries, links, load_course() if args.files else ())
    out: dict[str, Any] = {"lessons": rows}
    if not args.files:  # the whole course: the why-not links are checked too
        out["links"] = _links_report(links, problem, {e.id for e in entries})
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for row in [*rows, *([out["links"]] if "links" in out else [])]:
            print(f"{'ok  ' if row['ok'] else 'FAIL'} {row.get('id', 'links')} ({row['file']})")
            for error in row["errors"]:
                print(f"     {error}")
    unreadable = [e for e in entries if e.unreadable]
    for entry in unreadable:
        print(f"harbin-mahjong: error: {entry.error}", file=sys.stderr)
    if unreadable:
        return 2
    broken = not all(row["ok"] for row in rows) or not out.get("links", {"ok": True})["ok"]
    return 1 if broken else 0


def _list(entries: list[Entry], as_json: bool) -> int:
    lessons: list[dict[str, Any]] = []
    for entry in entries:
        if entry.lesson is not None:
            lessons.append(entry.lesson.summary())
        else:
            lessons.append(
                {
                    "id": entry.id,
                    "file": entry.file,
                    "title": None,
                    "topics": [],
                    "requires": [],
                    "steps": 0,
                    "error": entry.error,
                }
            )
    if as_json:
        print(json.dumps({"lessons": lessons}, ensure_ascii=False))
    else:
        for item in lessons:
            if "error" in item:
                print(f"{item['id']}: BROKEN: {item['error']}")
            else:
                title = item["title"]
                print(f"{item['id']}: {title['zh']} / {title['en']} ({item['steps']} steps)")
    return 0


def cmd_drill(args: argparse.Namespace) -> int:
    """Engine-made practice questions with their answers and explanations."""
    from game.tutorial.drills import make_drills

    if args.from_replay is not None:
        return _drills_from_replay(args)
    if args.kind is None:
        raise UsageError("drill: give --kind KIND (or --from-replay FILE --seat SEAT)")
    if not 1 <= args.count <= MAX_DRILLS:
        raise UsageError(f"--count {args.count}: between 1 and {MAX_DRILLS}")
    drills = make_drills(args.kind, args.seed, args.count)
    if args.json:
        print(json.dumps({"drills": drills}, ensure_ascii=False))
    else:
        for d in drills:
            print(d["question"]["en"])
            print(f"  answer: {json.dumps(d['answer'], ensure_ascii=False)}")
            print(f"  {d['explanation']['en']}")
    return 0


def _drills_from_replay(args: argparse.Namespace) -> int:
    """``drill --from-replay FILE --seat S [--level L]``: the seat's mistakes in a replay as drills."""
    from game.cli.replay import load_valid, parse_seat
    from game.replay.review import ReviewError
    from game.tutorial.replay_drills import replay_drills

    if args.seat is None:
        raise UsageError("drill --from-replay: give --seat SEAT (0-3 or E S W N)")
    seat = parse_seat(args.seat)
    loaded = load_valid(args.from_replay)
    try:
        drills = replay_drills(loaded.events, seat, args.level, loaded.header)
    except ReviewError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps({"drills": drills}, ensure_ascii=False))
    else:
        for d in drills:
            print(f"event {d['index']}: {d['question']['en']} answer: {d['answer']} (played {d['played']})")
            print(f"  {d['explanation']['en']}")
    return 0


class _JsonAndFiles(argparse.Action):
    """``--json``, which may come before the files: ``tutorial check --json FILE`` reads FILE as a file to
    check (argparse would otherwise leave a file after an option unrecognised)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        namespace.json = True
        namespace.files = [*(getattr(namespace, "files", None) or []), *(values or [])]


def add_parsers(sub: Any) -> None:
    """Register ``tutorial`` and ``drill`` on the main parser's subcommands."""
    p = sub.add_parser("tutorial", help="list the lessons, or check them through the engine")
    p.add_argument("action", choices=["list", "check"])
    p.add_argument("files", nargs="*", metavar="FILE", help="lesson files to check (default: the course)")
    p.add_argument(
        "--json",
        nargs="*",
        action=_JsonAndFiles,
        default=False,
        metavar="FILE",
        help="print JSON (files may follow)",
    )
    p.set_defaults(func=cmd_tutorial)

    p = sub.add_parser("drill", help="practice questions made and graded by the engine")
    p.add_argument("--kind", choices=DRILL_KINDS)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--count", type=int, default=5)
    p.add_argument("--from-replay", metavar="FILE", help="the seat's mistakes in a replay, as drills")
    p.add_argument("--seat", metavar="SEAT", help="with --from-replay: 0-3 or E S W N")
    p.add_argument("--level", default="expert", metavar="LEVEL", help="the reviewing level")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_drill)
