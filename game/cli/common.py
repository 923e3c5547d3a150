"""What every subcommand shares: the one-line usage error, the parser that raises it, rules and seats."""

from __future__ import annotations

import argparse
import contextlib
import signal
from collections.abc import Iterator
from types import FrameType
from typing import NoReturn

from game.core.errors import HarbinError
from game.core.rules import PRESETS, RuleError, RuleSet, build_rules

SEATS = "ESWN"


class UsageError(HarbinError):
    """Bad command-line input: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def rules_of(args: argparse.Namespace) -> RuleSet:
    """The rule set of ``--rules`` and ``--rule``, or a UsageError naming the bad one."""
    try:
        return build_rules(args.rules, args.rule or [])
    except RuleError as exc:
        raise UsageError(str(exc)) from None


def add_rules(p: argparse.ArgumentParser) -> None:
    """The ``--rules PRESET`` and ``--rule KEY=VALUE`` options."""
    p.add_argument("--rules", default="standard", help=f"rule preset: {', '.join(PRESETS)}")
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="override one rule (repeatable)")


def parse_seat(text: str, what: str) -> int:
    """A seat letter (E S W N) as a seat index, or a UsageError naming ``what``."""
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEATS:
        raise UsageError(f"{what}: seat {text!r} must be one of E S W N")
    return SEATS.index(letter)


@contextlib.contextmanager
def held_interrupt() -> Iterator[None]:
    """Run the block whole: a Ctrl-C that comes during it is held and raised as KeyboardInterrupt when the
    block ends (a match counted is then always a match saved). Outside the main thread the block runs as
    it is."""
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    try:
        previous = signal.signal(signal.SIGINT, hold)
    except ValueError:  # signals can be caught in the main thread only
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
