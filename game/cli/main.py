"""The ``harbin-mahjong`` command line: the game window by default, and tools for tables, tests, benchmarks.

Subcommands: ``analyze`` (one hand: shanten, waits, 卡当, may I 听), ``score``
(a 计分器 for a real table), ``simulate`` (headless self-play), ``tournament``
(duplicate 1v3 matches between AI levels), ``replay`` (its own module,
:mod:`game.cli.replay`), ``scenario run``, ``bench``. Bad input exits with status 2 and one
line naming the problem; a refused scenario action or an invalid replay exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.cli.common import SEATS, Parser, UsageError, add_rules, parse_seat, rules_of
from game.core.analysis.ting import (
    AnalysisError,
    MeldShape,
    TingReport,
    discard_reports,
    locked_waits,
    ting_report,
)
from game.core.payment import Payment
from game.core.rules import RuleSet
from game.core.scoring import WIN_KINDS, ScoringError, WinSpec, settle, totals
from game.core.tiles import ZHONG, TileNotationError, check_copies, format_kinds, kind_code, parse_kinds
from game.glossary import LANGS, both, term
from game.progress import INTERRUPTED, ProgressLine

# --- analyze ---------------------------------------------------------------------------------------------


def _parse_meld(text: str) -> MeldShape:
    kind, sep, tiles = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in ("chi", "peng", "gang", "angang"):
        raise UsageError(f"--meld {text!r}: expected KIND:TILES with KIND chi, peng, gang or angang")
    try:
        kinds = sorted(parse_kinds(tiles))
    except TileNotationError as exc:
        raise UsageError(f"--meld {text!r}: {exc}") from None
    if kind == "chi":
        ok = (
            len(kinds) == 3
            and kinds[0] < ZHONG
            and kinds[0] % 9 <= 6
            and kinds == [kinds[0] + i for i in range(3)]
        )
        if not ok:
            raise UsageError(f"--meld {text!r}: a chi is three consecutive tiles of one suit")
    else:
        n = 3 if kind == "peng" else 4
        if len(kinds) != n or len(set(kinds)) != 1:
            raise UsageError(f"--meld {text!r}: a {kind} is {n} tiles of one kind")
    return MeldShape(kind, kinds[0])  # type: ignore[arg-type]


def _dafeng_kinds(counts: list[int], melds: list[MeldShape], report: TingReport, rules: RuleSet) -> list[int]:
    """R31: the tiles whose draw wins a ready hand as 大风 (the 4th of a concealed triplet, of a 碰, or
    both, as ``dafeng`` says; a natural wait wins as itself)."""
    waits = set(report.wait_kinds())
    out = set()
    if rules.dafeng != "pon_only":
        out |= {k for k, c in enumerate(counts) if c == 3}
    if rules.dafeng in ("triplet_or_pon", "pon_only"):
        out |= {m.first for m in melds if m.kind == "peng"}
    return sorted(out - waits)


def _report_json(report: TingReport) -> dict[str, Any]:
    out: dict[str, Any] = {
        "shanten": report.shanten,
        "listen_allowed": report.ting_allowed,
        "blockers": list(report.blockers),
        "waits": [{"tile": kind_code(w.kind), "kadang": w.kadang} for w in report.waits],
        "shape_waits": [kind_code(k) for k in report.shape_waits],
    }
    if report.zhidui:  # 支对 (R44): each pair that may be locked, and the waits it leaves
        out["zhidui"] = [
            {
                "lock": kind_code(k),
                "waits": [{"tile": kind_code(w.kind), "kadang": w.kadang} for w in locked_waits(k)],
            }
            for k in report.zhidui
        ]
    return out


def cmd_analyze(args: argparse.Namespace) -> int:
    """One hand: shanten, legal waits with 卡当, whether 听 may be declared and what blocks it."""
    rules = rules_of(args)
    tiles = " ".join(args.tiles)
    try:
        kinds = parse_kinds(tiles)
    except TileNotationError as exc:
        raise UsageError(f"TILES: {exc}") from None
    melds = [_parse_meld(m) for m in args.meld or []]
    all_kinds = kinds + [k for m in melds for k in m.kinds()]
    try:
        check_copies(all_kinds, "hand and melds")
    except TileNotationError as exc:
        raise UsageError(str(exc)) from None
    if len(melds) > 4:
        raise UsageError("at most four melds")
    n = 4 - len(melds)
    counts = [0] * 28
    for k in kinds:
        counts[k] += 1
    out: dict[str, Any] = {"tiles": tiles, "melds": [f"{m.kind}:{format_kinds(m.kinds())}" for m in melds]}
    try:
        if len(kinds) == 3 * n + 1:
            report = ting_report(counts, melds, rules)
            out.update(_report_json(report))
            if rules.dafeng != "off" and report.ting_allowed:
                out["dafeng"] = [kind_code(k) for k in _dafeng_kinds(counts, melds, report, rules)]
        elif len(kinds) == 3 * n + 2:
            reports = discard_reports(counts, melds, rules)
            winning = [k for k, r in reports if k in r.wait_kinds()]
            out["complete"] = bool(winning)
            out["winning_tiles"] = [kind_code(k) for k in winning]
            out["discards"] = [{"tile": kind_code(k), **_report_json(r)} for k, r in reports]
        else:
            raise UsageError(
                f"wrong tile count: {len(kinds)} concealed tiles with {len(melds)} meld(s); "
                f"expected {3 * n + 1} or {3 * n + 2}"
            )
    except AnalysisError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        _print_analysis(out)
    return 0


def _print_analysis(out: dict[str, Any]) -> None:
    def line(r: dict[str, Any], prefix: str = "") -> str:
        waits = " ".join(w["tile"] + ("(卡当)" if w["kadang"] else "") for w in r["waits"]) or "-"
        state = "听 allowed" if r["listen_allowed"] else "no 听: " + ", ".join(r["blockers"])
        locks = "".join(
            f"; 支对 lock {z['lock']}: waits "
            + " ".join(w["tile"] + ("(卡当)" if w["kadang"] else "") for w in z["waits"])
            for z in r.get("zhidui", ())
        )
        return f"{prefix}shanten {r['shanten']}; {state}; waits {waits}{locks}"

    if "discards" in out:
        print(f"complete: {'yes' if out['complete'] else 'no'}")
        for d in out["discards"]:
            print(line(d, f"discard {d['tile']}: "))
    else:
        print(line(out))


# --- score -------------------------------------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    """The settlement of one described win (a 计分器 for a real table)."""
    rules = rules_of(args)
    winner = parse_seat(args.winner, "--winner")
    discarder = parse_seat(args.discarder, "--discarder") if args.discarder else None
    dealer = parse_seat(args.dealer, "--dealer") if args.dealer else 0
    menqing: set[int] = set()
    for chunk in args.menqing or []:
        for part in chunk.replace(",", " ").split():
            menqing.update(parse_seat(ch, "--menqing") for ch in part)
    if args.win == "dafeng" and rules.dafeng == "off":
        raise UsageError(
            "--win dafeng: 大风 wins are off under these rules (rule dafeng=off; "
            "try --rules S4 or --rule dafeng=concealed_triplet)"
        )
    notes: list[str] = []
    if args.kadang and args.win == "dafeng":
        notes.append("--kadang ignored: a 大风 win is not doubled for 卡当 (R38)")
    if args.kadang and rules.scoring == "multiply" and args.win == "baozhongbao":
        notes.append("--kadang ignored: 宝中宝's 12 already includes 卡当 (R52)")
    if args.win in ("ron", "qianggang") and discarder is None:
        raise UsageError(f"--win {args.win} needs --discarder")
    if args.win not in ("ron", "qianggang") and discarder is not None:
        raise UsageError(f"--win {args.win} takes no --discarder")
    if args.discarder_ting and discarder is None:
        raise UsageError("--discarder-ting needs --discarder")
    try:
        spec = WinSpec(
            kind=args.win,
            winner=winner,
            dealer=dealer,
            discarder=discarder,
            discarder_ting=args.discarder_ting,
            kadang=args.kadang,
            menqing=frozenset(menqing),
            dealer_liable=args.dealer_liable,
        )
    except ScoringError as exc:
        raise UsageError(str(exc)) from None
    rows = settle(spec, rules)
    net = totals(rows)
    out: dict[str, object] = {
        "payments": {SEATS[i]: net[i] for i in range(4)},
        "items": [_item_json(r) for r in rows],
    }
    if notes:
        out["notes"] = notes
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for r in rows:
            extra = f" for {SEATS[r.for_seat]}" if r.for_seat is not None else ""
            print(f"{SEATS[r.payer]} pays {SEATS[r.payee]} {r.amount} ({r.reason}{extra}: {r.note})")
            doublings = [both(f"factor.{f}") for f in r.factors if f != "cap"]
            capped = f"{both('factor.cap')} {rules.cap}" if "cap" in r.factors else ""
            if doublings or capped:
                print("    " + "; ".join(w for w in (" × ".join(doublings), capped) if w))
        print("  ".join(f"{SEATS[i]} {net[i]:+d}" for i in range(4)))
    return 0


def _item_json(row: Payment) -> dict[str, object]:
    """A payment row as ``score`` prints it: codes, and the glossary words of its reason and factors."""
    out = row.to_dict()
    out["reason_words"] = {lang: term(f"payment.{row.reason}", lang) for lang in LANGS}
    if row.factors:
        out["factor_words"] = {lang: [term(f"factor.{f}", lang) for f in row.factors] for lang in LANGS}
    return out


# --- scenario run -------------------------------------------------------------------------------------------


def cmd_scenario(args: argparse.Namespace) -> int:
    """Play a scripted deal and print its events and settlement."""
    from game.scenario import ScenarioError, load_scenario, run_scenario

    try:
        scenario = load_scenario(Path(args.file))
    except ScenarioError as exc:
        raise UsageError(str(exc)) from None
    run = run_scenario(scenario)
    if args.json:
        print(json.dumps(run.to_dict(), ensure_ascii=False))
    else:
        for e in run.events:
            print(e.to_json())
        if run.error:
            print(f"refused: {run.error}")
        for m in run.mismatches:
            print(f"expectation failed: {m}")
        print("payments: " + "  ".join(f"{s} {v:+d}" for s, v in run.payments().items()))
    return 0 if run.ok and not run.mismatches else 1


# --- bench -------------------------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace) -> int:
    """The project's performance figures in one run (a terminal sees which part is measured)."""
    from game.benchmarks import PARTS, run_bench

    parts = tuple(p.strip() for p in args.parts.split(",") if p.strip())
    unknown = [p for p in parts if p not in PARTS]
    if unknown or not parts:
        raise UsageError(f"--parts {args.parts!r}: choose from {', '.join(PARTS)}")
    figures: dict[str, Any] = {}
    done: list[str] = []
    interrupted = False
    try:  # part by part, so a terminal shows how far it got and Ctrl-C keeps the parts measured
        with ProgressLine.for_command(f"bench ({parts[0]})", len(parts), "parts", args.json) as progress:
            for part in parts:
                progress.label = f"bench ({part})"
                progress.update(len(done), force=True)
                figures.update(run_bench(quick=args.quick, parts=(part,)))
                done.append(part)
    except KeyboardInterrupt:
        interrupted = True
    if args.json:
        print(json.dumps({**figures, "partial": interrupted}, ensure_ascii=False))
    else:
        if interrupted:
            measured = ", ".join(done) or "none"
            print(f"partial: interrupted after {len(done)} of {len(parts)} parts (measured: {measured})")
        for key, value in figures.items():
            print(f"{key}: {value}")
    return INTERRUPTED if interrupted else 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = Parser(prog="harbin-mahjong", description="哈尔滨麻将 — play, learn and replay Harbin mahjong.")
    from game.ui.screens.options import add_window_options

    add_window_options(parser.add_argument_group("window options (without a subcommand: open the game)"))
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    p = sub.add_parser("analyze", help="shanten, waits, 卡当 and 听 blockers of one hand")
    p.add_argument(
        "tiles", nargs="+", help="concealed tiles, e.g. '234s 7889m' (one word or several)"
    )
    p.add_argument(
        "--meld", action="append", metavar="KIND:TILES", help="a declared meld: chi/peng/gang/angang"
    )
    add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("score", help="settle one win (a 计分器 for a real table)")
    p.add_argument(
        "--win",
        required=True,
        choices=[k for k in WIN_KINDS if k != "dafeng"] + ["dafeng"],
        help="win kind (a 红中满天飞 win is mobao; a 冲宝 win is mobao or baozhongbao)",
    )
    p.add_argument("--winner", required=True, metavar="SEAT")
    p.add_argument("--discarder", metavar="SEAT")
    p.add_argument("--discarder-ting", "--discarder-listening", dest="discarder_ting", action="store_true")
    p.add_argument("--kadang", action="store_true")
    p.add_argument("--menqing", action="append", metavar="SEATS", help="门清 losers, e.g. 'SW' or 'S,W'")
    p.add_argument("--dealer", metavar="SEAT")
    p.add_argument("--dealer-liable", action="store_true")
    add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_score)

    from game.cli.selfplay import add_parsers as add_selfplay_parsers

    add_selfplay_parsers(sub)

    from game.cli.replay import add_replay_parser

    add_replay_parser(sub)

    p = sub.add_parser("scenario", help="play a scripted deal")
    p.add_argument("action", choices=["run"])
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_scenario)

    from game.benchmarks import BENCH_HELP, PARTS

    p = sub.add_parser(
        "bench",
        help="performance figures",
        description=BENCH_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--quick", action="store_true", help="shorter timings")
    parts_help = "figures: core, ai, ui, replay (comma-separated; default: all)"
    p.add_argument("--parts", default=",".join(PARTS), help=parts_help)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    from game.cli.tutorial import add_parsers as add_tutorial_parsers

    add_tutorial_parsers(sub)

    from game.cli.hints import add_parser as add_hints

    add_hints(sub, Parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; with no subcommand, open the game window."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    from game.ui.screens.options import replay_file_argv

    args_list = replay_file_argv(args_list) or args_list
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        from game.ui.app import run_app

        return run_app(args_list)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
        result: int = args.func(args)
        return result
    except UsageError as exc:
        print(f"harbin-mahjong: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # the long jobs print their partial summary themselves
        print("harbin-mahjong: interrupted", file=sys.stderr)
        return INTERRUPTED
