"""The game window's command-line options, for ``harbin-mahjong [OPTIONS]`` and the top-level ``--help``.

No pygame here: the command line lists these options in its help without opening a window.
Bad values are refused in one line (exit status 2), like every other command.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Final, NoReturn

from game import __version__
from game.settings import OPPONENT_LEVELS

SCENES: Final = (
    "menu",
    "settings",
    "rules",
    "about",
    "newgame",
    "table",
    "continue",
    "table-demo",
    "first-run",
    "glance",
    "lessons",
    "drills",
    "lesson",
    "replays",
    "viewer",
)
"""The screens ``--scene`` may open first."""
ANIM_SPEEDS: Final = ("slow", "normal", "fast", "instant")
"""``--anim-speed`` values; ``instant`` is the animation setting ``off`` and no AI thinking pause."""
ANIM_SETTING: Final = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "off"}
"""The animation-speed setting each ``--anim-speed`` value stands for."""
DEFAULT_MATCH_HANDS: Final = 8


class WindowParser(argparse.ArgumentParser):
    """argparse that reports a bad option in one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def size_arg(text: str) -> tuple[int, int]:
    """Parse ``WIDTHxHEIGHT``."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    return w, h


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def replay_arg(text: str) -> Path:
    """A replay file that exists (whether it is a valid replay is for the screen to say)."""
    path = Path(text).expanduser()
    if not path.is_file():
        why = "is a folder" if path.is_dir() else "does not exist"
        raise argparse.ArgumentTypeError(f"{text}: the replay file {why}")
    return path


def replay_file_argv(argv: list[str]) -> list[str] | None:
    """``harbin-mahjong FILE.jsonl`` as window options (the file in the viewer), else None."""
    if len(argv) == 1 and argv[0].lower().endswith(".jsonl") and not argv[0].startswith("-"):
        return ["--scene", "viewer", "--replay", argv[0]]
    return None


AUTOPLAY_LEVELS: Final = ("random", "greedy", *OPPONENT_LEVELS)
"""The AI levels ``--autoplay`` takes, weakest first, as the help names them (the registry's ``LADDER``;
``level_arg`` checks a given level against the registry itself)."""


def level_arg(text: str) -> str:
    """An AI level the player registry knows (random, greedy, novice ... expert)."""
    from game.ai.registry import player_factories

    known = player_factories()
    key = text.strip().lower()
    if key not in known:
        raise argparse.ArgumentTypeError(f"unknown AI level {text!r}: choose one of {', '.join(known)}")
    return key


def add_window_options(group: Any) -> None:
    """Add the window's options to a parser or an argument group (the AI levels are named from
    :data:`AUTOPLAY_LEVELS`: importing the AI here would cost the window's start-up a tenth of a second)."""
    group.add_argument("--scene", choices=SCENES, default="menu", help="the screen to open first")
    group.add_argument(
        "--autoplay",
        type=level_arg,
        metavar="LEVEL",
        help=f"the game plays itself: your seat is played by this AI level ({', '.join(AUTOPLAY_LEVELS)}); "
        "hand results go on by themselves and the program exits when the match ends",
    )
    group.add_argument(
        "--match-hands",
        type=positive_int,
        metavar="N",
        help=f"with --scene table: hands in the match (default {DEFAULT_MATCH_HANDS})",
    )
    group.add_argument(
        "--matches",
        type=positive_int,
        metavar="N",
        help="with --autoplay and --scene table: N matches in a row in one run, each after the last one's "
        "result (seeds SEED, SEED+1, ... with --seed), then exit (default 1)",
    )
    group.add_argument(
        "--seed", type=int, help="with --scene table: the match seed; with --scene drills: the drills' seed"
    )
    group.add_argument(
        "--lesson", metavar="ID", help="with --scene lesson: the lesson to open (its id, e.g. kaimen)"
    )
    group.add_argument(
        "--replay",
        type=replay_arg,
        metavar="FILE",
        help="with --scene viewer: the replay file to watch (with --scene replays: to show selected)",
    )
    group.add_argument(
        "--anim-speed",
        choices=ANIM_SPEEDS,
        help="animation speed for this run (instant: no animations and no AI thinking pause)",
    )
    group.add_argument("--size", type=size_arg, help="window size for this run, e.g. 1920x1080")
    group.add_argument("--lang", choices=("zh", "en"), help="UI language for this run")
    group.add_argument(
        "--screenshot", type=Path, help="render some frames, save the window to this PNG and exit"
    )
    group.add_argument(
        "--frames", type=positive_int, help="exit after this many frames (5 with --screenshot)"
    )


def parse_window_args(argv: list[str] | None) -> argparse.Namespace:
    """The window's options from the command line; a bad one exits 2 with one line on stderr."""
    parser = WindowParser(prog="harbin-mahjong", description="哈尔滨麻将 — the game window.")
    add_window_options(parser)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.scene != "table" and args.match_hands is not None:
        parser.error("--match-hands needs --scene table")
    if args.scene not in ("table", "drills") and args.seed is not None:
        parser.error("--seed needs --scene table or --scene drills")
    if (args.scene == "lesson") != (args.lesson is not None):
        parser.error("--scene lesson and --lesson ID go together")
    if args.lesson is not None:
        problem = lesson_problem(args.lesson)
        if problem:
            parser.error(f"--lesson {args.lesson}: {problem}")
    if args.matches is not None and (args.scene != "table" or args.autoplay is None):
        parser.error("--matches needs --scene table and --autoplay")
    if args.replay is not None and args.scene not in ("replays", "viewer"):
        parser.error("--replay needs --scene viewer or --scene replays")
    if args.scene == "viewer" and args.replay is None:
        parser.error("--scene viewer needs --replay FILE")
    return args


def lesson_problem(lesson_id: str) -> str:
    """Why the shipped course has no playable lesson of this id ("" if it has)."""
    from game.tutorial.loader import load_course

    entries = load_course()
    for entry in entries:
        if entry.id == lesson_id:
            return f"the lesson file {entry.file} is broken: {entry.error}" if entry.lesson is None else ""
    known = ", ".join(e.id for e in entries if e.lesson is not None)
    return f"no such lesson (the course has {known})"


__all__ = [
    "ANIM_SETTING",
    "ANIM_SPEEDS",
    "DEFAULT_MATCH_HANDS",
    "SCENES",
    "WindowParser",
    "add_window_options",
    "lesson_problem",
    "level_arg",
    "parse_window_args",
    "positive_int",
    "replay_arg",
    "replay_file_argv",
    "size_arg",
]
