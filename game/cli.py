"""The ``harbin-mahjong`` command line: the game window by default, and tools for tables, tests, benchmarks.

Subcommands: ``analyze`` (one hand: shanten, waits, 卡当, may I 听), ``score``
(a 计分器 for a real table), ``simulate`` (headless self-play), ``tournament``
(duplicate 1v3 matches between AI levels), ``replay verify``, ``scenario
run``, ``bench``. Bad input exits with status 2 and one
line naming the problem; a refused scenario action or an invalid replay exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .core.analysis.listen import AnalysisError, ListenReport, MeldShape, discard_reports, listen_report
from .core.rules import PRESETS, RuleError, RuleSet, build_rules
from .core.scoring import WIN_KINDS, ScoringError, WinSpec, settle, totals
from .core.tiles import ZHONG, TileNotationError, check_copies, format_kinds, kind_code, parse_kinds

SEATS = "ESWN"


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _rules(args: argparse.Namespace) -> RuleSet:
    try:
        return build_rules(args.rules, args.rule or [])
    except RuleError as exc:
        raise UsageError(str(exc)) from None


def _add_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="standard", help=f"rule preset: {', '.join(PRESETS)}")
    p.add_argument("--rule", action="append", metavar="KEY=VALUE", help="override one rule (repeatable)")


def _seat(text: str, what: str) -> int:
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEATS:
        raise UsageError(f"{what}: seat {text!r} must be one of E S W N")
    return SEATS.index(letter)


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


def _report_json(report: ListenReport) -> dict[str, Any]:
    return {
        "shanten": report.shanten,
        "listen_allowed": report.listen_allowed,
        "blockers": list(report.blockers),
        "waits": [{"tile": kind_code(w.kind), "kadang": w.kadang} for w in report.waits],
        "shape_waits": [kind_code(k) for k in report.shape_waits],
    }


def cmd_analyze(args: argparse.Namespace) -> int:
    """One hand: shanten, legal waits with 卡当, whether 听 may be declared and what blocks it."""
    rules = _rules(args)
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
            out.update(_report_json(listen_report(counts, melds, rules)))
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
        return f"{prefix}shanten {r['shanten']}; {state}; waits {waits}"

    if "discards" in out:
        print(f"complete: {'yes' if out['complete'] else 'no'}")
        for d in out["discards"]:
            print(line(d, f"discard {d['tile']}: "))
    else:
        print(line(out))


# --- score -------------------------------------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    """The settlement of one described win (a 计分器 for a real table)."""
    rules = _rules(args)
    winner = _seat(args.winner, "--winner")
    discarder = _seat(args.discarder, "--discarder") if args.discarder else None
    dealer = _seat(args.dealer, "--dealer") if args.dealer else 0
    menqing: set[int] = set()
    for chunk in args.menqing or []:
        for part in chunk.replace(",", " ").split():
            menqing.update(_seat(ch, "--menqing") for ch in part)
    if args.win in ("ron", "qianggang") and discarder is None:
        raise UsageError(f"--win {args.win} needs --discarder")
    if args.win not in ("ron", "qianggang") and discarder is not None:
        raise UsageError(f"--win {args.win} takes no --discarder")
    if args.discarder_listening and discarder is None:
        raise UsageError("--discarder-listening needs --discarder")
    try:
        spec = WinSpec(
            kind=args.win,
            winner=winner,
            dealer=dealer,
            discarder=discarder,
            discarder_listening=args.discarder_listening,
            kadang=args.kadang,
            menqing=frozenset(menqing),
            dealer_liable=args.dealer_liable,
        )
    except ScoringError as exc:
        raise UsageError(str(exc)) from None
    rows = settle(spec, rules)
    net = totals(rows)
    out = {"payments": {SEATS[i]: net[i] for i in range(4)}, "items": [r.to_dict() for r in rows]}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        for r in rows:
            extra = f" for {SEATS[r.for_seat]}" if r.for_seat is not None else ""
            print(f"{SEATS[r.payer]} pays {SEATS[r.payee]} {r.amount} ({r.reason}{extra}: {r.note})")
        print("  ".join(f"{SEATS[i]} {net[i]:+d}" for i in range(4)))
    return 0


# --- simulate -----------------------------------------------------------------------------------------------


def _players(text: str) -> list[str]:
    names = [p.strip() for p in text.split(",") if p.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise UsageError(f"--players {text!r}: give one player kind or four, comma-separated")
    return names


def cmd_simulate(args: argparse.Namespace) -> int:
    """Headless self-play of N hands; prints speed, outcomes and any invariant violation."""
    from .ai.registry import make_player
    from .ai.selfplay import play_match
    from .core.state import fold
    from .replay.logfile import make_header, save_log

    rules = _rules(args)
    if args.hands < 1:
        raise UsageError("--hands must be at least 1")
    names = _players(args.players)
    try:
        players = [make_player(n, args.seed * 4 + i) for i, n in enumerate(names)]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    save_dir = Path(args.save_replays) if args.save_replays else None
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    outcomes: Counter[str] = Counter()
    scores = [0, 0, 0, 0]
    violations: list[str] = []
    refusals = decisions = 0
    played = 0
    start = time.perf_counter()
    match_no = 0
    while played < args.hands:
        n = min(args.match_hands, args.hands - played)
        seed = args.seed + match_no
        record = play_match(players, seed, rules, hands=n, check=args.check)
        for h in record.hands:
            outcomes[h.outcome] += 1
        scores = [a + b for a, b in zip(scores, record.game.state.scores, strict=True)]
        violations.extend(f"seed {seed}: {v}" for v in record.violations)
        refusals += record.refusals
        decisions += record.decisions
        if args.check and fold(record.game.events) != record.game.state:
            violations.append(f"seed {seed}: folding the log does not give the live state")
        if save_dir is not None:
            header = make_header(kind="match", seed=seed, players=names)
            save_log(save_dir / f"match-{seed}.jsonl", record.game.events, header)
        played += len(record.hands)
        match_no += 1
    seconds = time.perf_counter() - start
    out: dict[str, Any] = {
        "hands": played,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 2) if seconds else None,
        "scores": {SEATS[i]: scores[i] for i in range(4)},
        "outcomes": dict(sorted(outcomes.items())),
        "invariant_violations": len(violations),
        "refusals": refusals,
        "decisions": decisions,
        "players": names,
    }
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{played} hands in {seconds:.2f} s ({out['hands_per_second']} hands/s)")
        print("outcomes: " + ", ".join(f"{k} {v}" for k, v in out["outcomes"].items()))
        print("scores: " + "  ".join(f"{s} {v:+d}" for s, v in out["scores"].items()))
        print(f"invariant violations: {len(violations)}; refusals: {refusals}")
    for v in violations[:10]:
        print(v, file=sys.stderr)
    return 1 if violations else 0


# --- tournament ---------------------------------------------------------------------------------------------


def cmd_tournament(args: argparse.Namespace) -> int:
    """Duplicate 1v3 matches: the challenger in each seat of every seed's wall against three baselines."""
    import os

    from .ai.registry import make_player
    from .ai.tournament import parse_seeds, run_tournament

    rules = _rules(args)
    try:
        seeds = parse_seeds(args.seeds)
        make_player(args.challenger)
        make_player(args.baseline)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    workers = args.workers if args.workers is not None else min(2, os.cpu_count() or 1)
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.min_seeds < 1:
        raise UsageError("--min-seeds must be at least 1")
    out = run_tournament(
        args.challenger.strip().lower(),
        args.baseline.strip().lower(),
        seeds,
        rules,
        workers=workers,
        sequential=args.sequential,
        min_seeds=args.min_seeds,
    )
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        lo, hi = out["ci95"]
        print(
            f"{out['challenger']} vs 3x {out['baseline']}: {out['points_per_hand']:+.3f} points/hand "
            f"(95% CI {lo:+.3f} .. {hi:+.3f}) over {out['seeds']} seeds, {out['hands']} hands"
        )
        o = out
        print(
            f"win {o['win_rate']:.1%} (摸宝 {o['mobao_share']:.1%}, "
            f"宝中宝 {o['baozhongbao_share']:.1%} of wins); "
            f"deal-in {o['deal_in_rate']:.1%} (ready {o['deal_in_rate_ready']:.1%}, "
            f"not ready {o['deal_in_rate_not_ready']:.1%}); draws {o['draw_rate']:.1%}"
        )
        print(
            f"ready {o['ready_rate']:.1%}; calls {o['call_rate']:.1%}; 吃听/碰听 {o['chiting_rate']:.1%}; "
            f"{o['decisions_per_s']} decisions/s; refusals {o['refusals']} of {o['decisions']} decisions"
        )
    return 0


# --- replay verify -----------------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    """Check replay files by re-playing them (``verify``) or print them (``show``)."""
    from .replay.logfile import LogFileError, load_log
    from .replay.verify import verify_events

    bad = 0
    results = []
    for name in args.files:
        try:
            log = load_log(Path(name))
        except LogFileError as exc:
            bad += 1
            results.append({"file": name, "ok": False, "error": str(exc)})
            if not args.json:
                print(f"FAIL {exc}")
            continue
        if args.action == "show":
            for e in log.events:
                print(e.to_json())
            continue
        res = verify_events(log.events)
        entry = {
            "file": name,
            "ok": res.ok,
            "events": res.events,
            "hands": res.hands,
            "warnings": list(log.warnings),
        }
        if not res.ok:
            bad += 1
            entry.update(error=res.error, index=res.index)
        results.append(entry)
        if not args.json:
            if res.ok:
                print(f"ok   {name}: {res.events} events, {res.hands} hands")
            else:
                print(f"FAIL {name}: event {res.index}: {res.error}")
            for w in log.warnings:
                print(f"warn {w}")
    if args.json and args.action == "verify":
        print(json.dumps({"ok": bad == 0, "files": results}, ensure_ascii=False))
    return 1 if bad else 0


# --- scenario run -------------------------------------------------------------------------------------------


def cmd_scenario(args: argparse.Namespace) -> int:
    """Play a scripted deal and print its events and settlement."""
    from .scenario import ScenarioError, load_scenario, run_scenario

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
    """The project's performance figures in one run."""
    from .bench import PARTS, run_bench

    parts = tuple(p.strip() for p in args.parts.split(",") if p.strip())
    unknown = [p for p in parts if p not in PARTS]
    if unknown or not parts:
        raise UsageError(f"--parts {args.parts!r}: choose from {', '.join(PARTS)}")
    figures = run_bench(quick=args.quick, parts=parts)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="harbin-mahjong", description="哈尔滨麻将 — play, learn and replay Harbin mahjong.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("analyze", help="shanten, waits, 卡当 and 听 blockers of one hand")
    p.add_argument(
        "tiles", nargs="+", help="concealed tiles, e.g. '234s 7889m' (one word or several)"
    )
    p.add_argument(
        "--meld", action="append", metavar="KIND:TILES", help="a declared meld: chi/peng/gang/angang"
    )
    _add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("score", help="settle one win (a 计分器 for a real table)")
    p.add_argument("--win", required=True, choices=[k for k in WIN_KINDS if k != "dafeng"] + ["dafeng"])
    p.add_argument("--winner", required=True, metavar="SEAT")
    p.add_argument("--discarder", metavar="SEAT")
    p.add_argument("--discarder-listening", action="store_true")
    p.add_argument("--kadang", action="store_true")
    p.add_argument("--menqing", action="append", metavar="SEATS", help="门清 losers, e.g. 'SW' or 'S,W'")
    p.add_argument("--dealer", metavar="SEAT")
    p.add_argument("--dealer-liable", action="store_true")
    _add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("simulate", help="headless self-play")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", default="random", help="one kind or four, comma-separated")
    p.add_argument("--match-hands", type=int, default=16, help="hands per match (default 16)")
    p.add_argument("--save-replays", metavar="DIR")
    p.add_argument("--check", action="store_true", help="check invariants after every step (slower)")
    _add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("tournament", help="duplicate 1v3 matches between two player kinds")
    levels = "random, greedy, novice, normal, strong, expert"
    p.add_argument("--challenger", required=True, metavar="LEVEL", help=levels)
    p.add_argument("--baseline", required=True, metavar="LEVEL", help=levels)
    p.add_argument("--seeds", required=True, metavar="A-B", help="inclusive seed range (report: 1000000 up)")
    p.add_argument("--workers", type=int, help="processes (default: up to 2)")
    p.add_argument("--sequential", action="store_true", help="stop once the 99%% interval excludes zero")
    p.add_argument("--min-seeds", type=int, default=200, help="seeds before a sequential stop (default 200)")
    _add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("replay", help="verify or print replay files")
    p.add_argument("action", choices=["verify", "show"])
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("scenario", help="play a scripted deal")
    p.add_argument("action", choices=["run"])
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_scenario)

    p = sub.add_parser("bench", help="performance figures")
    p.add_argument("--quick", action="store_true", help="shorter timings")
    p.add_argument("--parts", default="core,ai,ui", help="which figures: core, ai, ui (comma-separated)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    from .cli_hints import add_parser as add_hints

    add_hints(sub, _Parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; with no subcommand, open the game window."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        from .ui.app import run_app

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
