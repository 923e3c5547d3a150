"""What every subcommand shares: the one-line usage error, the parser that raises it, rules and seats."""

from __future__ import annotations

import argparse
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
