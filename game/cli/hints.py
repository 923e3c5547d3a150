"""``harbin-mahjong hints audit``: check every fact the AI's reasons state, over seeded self-play.

Registered in :func:`game.cli.main.build_parser`. ``--json`` prints
``{"decisions", "claims_checked", "false_claims": {kind: count}, "kinds_checked": {reason or
note.kind: count}, "examples": [...]}``;
the exit status is 0 when no claim was false and 1 otherwise; bad input exits 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any


def add_parser(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Add ``hints audit`` to the subcommands."""
    from game.cli.common import add_rules

    p = sub.add_parser("hints", help="check the AI's hint reasons")
    inner = p.add_subparsers(dest="hints_command", parser_class=parser_class, required=True)
    a = inner.add_parser("audit", help="replay self-play and check every claim each reason makes")
    a.add_argument("--seeds", required=True, metavar="A-B", help="inclusive seed range, one hand each")
    a.add_argument("--level", default="expert", help="novice, normal, strong or expert (default expert)")
    add_rules(a)
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_hints_audit)


def cmd_hints_audit(args: argparse.Namespace) -> int:
    """Audit the reasons of four players of a level (and the level's hints) over the seeds."""
    from game.ai.audit import run_audit
    from game.ai.registry import LEVELS
    from game.ai.tournament import parse_seeds
    from game.cli.common import UsageError, rules_of

    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    level = args.level.strip().lower()
    if level not in LEVELS:
        raise UsageError(f"--level {args.level!r}: choose one of {', '.join(LEVELS)}")
    rules = rules_of(args)
    start = time.perf_counter()
    report = run_audit(seeds, level, rules)
    out = report.to_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        false = sum(report.false_claims.values())
        print(
            f"{level}: {report.decisions} decisions, {report.claims_checked} claims checked, {false} false "
            f"({len(seeds)} seeds, {time.perf_counter() - start:.0f} s)"
        )
        for kind, n in sorted(report.false_claims.items()):
            print(f"  {kind}: {n}")
    return 1 if report.false_claims else 0
