"""``harbin-mahjong simulate`` and ``tournament``: headless self-play and duplicate matches between levels.

Both are long jobs. On a terminal they draw a progress line on stderr (done/total, rate, time left;
nothing with ``--json`` or when stderr is not a terminal), and Ctrl-C stops them with the summary of
what was played so far, marked partial, and exit status 130.

``simulate --rules-sweep`` plays each match under the next rule set of a sweep (every preset as
written, and every preset with random values of the rarer switches, :mod:`game.sweep`); with
``--players mix`` each match seats four player kinds drawn from a mix of the baselines and the
levels. With ``--check`` every state of every hand is tested against the invariants; with
``--save-replays DIR --save-every N`` every Nth match is written for ``replay verify``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.common import SEATS, UsageError, add_rules, held_interrupt, rules_of
from game.core.events import Event, Hu, RoundDrawn
from game.core.rules import RuleSet
from game.progress import INTERRUPTED, ProgressLine

if TYPE_CHECKING:
    from game.ai.base import Player
    from game.ai.selfplay import MatchRecord

MAX_HANDS = 100_000
"""The most hands one ``simulate`` run plays (about half an hour with the strongest players)."""
MAX_MATCH_HANDS = 100
"""The longest match ``simulate`` plays (its replay stays well under the replay size cap)."""
MAX_SEEDS = 100_000
"""The most seeds one ``tournament`` run plays (each seed is four matches)."""
MAX_WORKERS = 64
MIX_PLAYERS = "mix"
"""``--players mix``: four player kinds drawn anew for each match (:func:`game.sweep.mixed_players`)."""

SIMULATE_HELP = """\
Play matches of four players with no window; print speed, outcomes, scores and invariant problems
(exit 1 if any invariant was broken).

On a terminal, a line on stderr shows the hands done, hands/s and the time left (not with --json,
not when stderr is a pipe or a file). Ctrl-C prints the summary of the whole matches played so far,
marked partial, and exits 130.

The soak: every preset (standard, S0-S4, DQ) as written and with random values of the rarer
switches (every other match), a mix of baseline players and AI levels, every invariant checked after
every step, one replay in 25 saved, then every saved replay verified:

  harbin-mahjong simulate --rules-sweep --players mix --check --hands 100000 --seed 1 \\
      --save-replays soak --save-every 25
  harbin-mahjong replay verify soak/*.jsonl
"""

TOURNAMENT_HELP = """\
Duplicate 1v3 matches: each seed's wall is played four times, the challenger in each seat against
three baselines; prints points per hand with a 95% interval and the players' rates.

On a terminal, a line on stderr shows the seeds done, seeds/s and the time left (not with --json,
not when stderr is a pipe or a file). Ctrl-C stops the workers and prints the summary of the seeds
finished so far, marked partial, and exits 130.
"""

# --- simulate -----------------------------------------------------------------------------------------------


def _players(text: str) -> list[str]:
    names = [p.strip() for p in text.split(",") if p.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise UsageError(f"--players {text!r}: give one player kind or four, comma-separated")
    return names


def _replay_folder(text: str) -> Path:
    """The ``--save-replays`` folder, created if need be and checked writable before any hand is played."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except FileExistsError:
        raise UsageError(f"--save-replays {text}: is a file, not a folder") from None
    except OSError as exc:
        raise UsageError(f"--save-replays {text}: cannot write there ({exc.strerror or exc})") from None
    return folder


@dataclass
class SimTally:
    """What a ``simulate`` run has played so far: whole matches only."""

    hands: int = 0
    matches: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    violations: list[str] = field(default_factory=list)
    refusals: int = 0
    decisions: int = 0
    saved: int = 0
    by_rules: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per sweep label (a preset, or a preset ``+random``): matches, hands and violations."""
    switched: Counter[str] = field(default_factory=Counter)
    """Per rule key: the matches in which a sweep drew it away from its preset's value."""

    def add(self, record: MatchRecord, seed: int, label: str, problems: list[str]) -> None:
        """Count one finished match and its problems."""
        for h in record.hands:
            self.outcomes[h.outcome] += 1
        self.scores = [a + b for a, b in zip(self.scores, record.game.state.scores, strict=True)]
        self.violations.extend(f"seed {seed}: {v}" for v in problems)
        self.refusals += record.refusals
        self.decisions += record.decisions
        self.hands += len(record.hands)
        self.matches += 1
        row = self.by_rules.setdefault(label, {"matches": 0, "hands": 0, "violations": 0})
        row["matches"] += 1
        row["hands"] += len(record.hands)
        row["violations"] += len(problems)


def _hand_counter(progress: ProgressLine) -> Callable[[list[Event]], None]:
    """An ``on_events`` hook that moves the progress line on at each hand's end (a win or a draw)."""

    def seen(events: list[Event]) -> None:
        ended = sum(isinstance(e, Hu | RoundDrawn) for e in events)
        if ended:
            progress.advance(ended)

    return seen


def cmd_simulate(args: argparse.Namespace) -> int:
    """Headless self-play of N hands; prints speed, outcomes and any invariant violation."""
    from game.ai.registry import make_player

    rules = rules_of(args)
    if args.rules_sweep and (args.rule or args.rules != "standard"):
        raise UsageError("--rules-sweep chooses every match's rules: leave out --rules and --rule")
    if not 1 <= args.hands <= MAX_HANDS:
        raise UsageError(f"--hands {args.hands}: must be at least 1 and at most {MAX_HANDS:,}")
    if not 1 <= args.match_hands <= MAX_MATCH_HANDS:
        raise UsageError(f"--match-hands {args.match_hands}: must be 1-{MAX_MATCH_HANDS}")
    if args.save_every < 1:
        raise UsageError(f"--save-every {args.save_every}: must be at least 1")
    names = [] if args.players.strip().lower() == MIX_PLAYERS else _players(args.players)
    try:
        fixed = [make_player(n, args.seed * 4 + i) for i, n in enumerate(names)]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    save_dir = _replay_folder(args.save_replays) if args.save_replays else None
    tally = SimTally()
    interrupted = False
    start = time.perf_counter()
    try:
        with ProgressLine.for_command("simulate", args.hands, "hands", args.json) as progress:
            while tally.hands < args.hands:
                _play_one(args, rules, fixed, names, tally, progress, save_dir)
    except KeyboardInterrupt:
        interrupted = True
    _print_simulate(args, tally, time.perf_counter() - start, interrupted, names or [MIX_PLAYERS])
    if interrupted:
        return INTERRUPTED
    return 1 if tally.violations else 0


def _play_one(
    args: argparse.Namespace,
    rules: RuleSet,
    fixed: list[Player],
    names: list[str],
    tally: SimTally,
    progress: ProgressLine,
    save_dir: Path | None,
) -> None:
    """Play the run's next match (rules and players from the sweep or the mix if asked), count and save it."""
    from game.ai.registry import make_player
    from game.ai.selfplay import play_match
    from game.core.state import fold
    from game.replay.logfile import make_header, save_log
    from game.sweep import mixed_players, sweep_match

    seed = args.seed + tally.matches
    label = "custom" if args.rule else args.rules
    if args.rules_sweep:
        planned = sweep_match(tally.matches, seed)
        label, rules = planned.label, planned.rules
        tally.switched.update(planned.switched)
    players = fixed
    if not names:
        names = mixed_players(seed)
        players = [make_player(k, seed * 4 + i) for i, k in enumerate(names)]
    hands = min(args.match_hands, args.hands - tally.hands)
    record = play_match(
        players, seed, rules, hands=hands, check=args.check, on_events=_hand_counter(progress)
    )
    problems = list(record.violations)
    if args.check and fold(record.game.events) != record.game.state:
        problems.append("folding the log does not give the live state")
    keep_in = save_dir if save_dir is not None and tally.matches % args.save_every == 0 else None
    # saved and counted as one step: a Ctrl-C in between waits for both, so a replay on disk is always one
    # the partial summary counts and a match it counts always has its replay
    with held_interrupt():
        if keep_in is not None:
            target = keep_in / f"match-{seed}.jsonl"
            try:
                save_log(target, record.game.events, make_header(kind="match", seed=seed, players=names))
            except OSError as exc:
                raise UsageError(f"--save-replays: cannot write {target} ({exc.strerror or exc})") from None
            tally.saved += 1
        tally.add(record, seed, label, problems)
    progress.update(tally.hands)


def _print_simulate(
    args: argparse.Namespace, tally: SimTally, seconds: float, interrupted: bool, names: list[str]
) -> None:
    """The summary of a run, whole or cut short by Ctrl-C (then marked partial)."""
    played = tally.hands
    out: dict[str, Any] = {
        "hands": played,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 2) if seconds else None,
        "scores": {SEATS[i]: tally.scores[i] for i in range(4)},
        "outcomes": dict(sorted(tally.outcomes.items())),
        "invariant_violations": len(tally.violations),
        "refusals": tally.refusals,
        "decisions": tally.decisions,
        "players": names,
        "matches": tally.matches,
        "replays_saved": tally.saved,
        "partial": interrupted,
    }
    if args.rules_sweep:
        out["rules"] = tally.by_rules
        out["switched"] = dict(sorted(tally.switched.items()))
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        if interrupted:
            print(
                f"partial: interrupted after {played} of {args.hands} hands, in {tally.matches} whole matches"
            )
        print(f"{played} hands in {seconds:.2f} s ({out['hands_per_second']} hands/s)")
        print("outcomes: " + ", ".join(f"{k} {v}" for k, v in out["outcomes"].items()))
        print("scores: " + "  ".join(f"{s} {v:+d}" for s, v in out["scores"].items()))
        print(f"invariant violations: {len(tally.violations)}; refusals: {tally.refusals}")
        if args.rules_sweep:
            for label, row in tally.by_rules.items():
                hands, matches, bad = row["hands"], row["matches"], row["violations"]
                print(f"  {label}: {hands} hands in {matches} matches, {bad} violations")
            print(f"switches drawn: {len(tally.switched)} rules changed in random-switch matches")
        if args.save_replays:
            print(f"replays saved: {tally.saved} in {args.save_replays}")
    for v in tally.violations[:10]:
        print(v, file=sys.stderr)


# --- tournament ---------------------------------------------------------------------------------------------


def cmd_tournament(args: argparse.Namespace) -> int:
    """Duplicate 1v3 matches: the challenger in each seat of every seed's wall against three baselines."""
    from game.ai.registry import make_player
    from game.ai.tournament import parse_seeds, run_tournament

    rules: RuleSet = rules_of(args)
    try:
        seeds = parse_seeds(args.seeds)
        make_player(args.challenger)
        make_player(args.baseline)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if len(seeds) > MAX_SEEDS:
        raise UsageError(f"--seeds {args.seeds}: {len(seeds):,} seeds; at most {MAX_SEEDS:,} in one run")
    workers = args.workers if args.workers is not None else min(2, os.cpu_count() or 1)
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers {workers}: must be 1-{MAX_WORKERS}")
    if args.min_seeds < 1:
        raise UsageError("--min-seeds must be at least 1")
    with ProgressLine.for_command("tournament", len(seeds), "seeds", args.json) as progress:
        out = run_tournament(
            args.challenger.strip().lower(),
            args.baseline.strip().lower(),
            seeds,
            rules,
            workers=workers,
            sequential=args.sequential,
            min_seeds=args.min_seeds,
            on_seed=progress.update,
        )
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        _print_tournament(out, len(seeds))
    return INTERRUPTED if out["partial"] else 0


def _print_tournament(o: dict[str, Any], planned: int) -> None:
    """The tournament's figures as three lines (a first line saying so when Ctrl-C cut the run short)."""
    if o["partial"]:
        print(f"partial: interrupted after {o['seeds']} of {planned} seeds")
    lo, hi = o["ci95"]
    print(
        f"{o['challenger']} vs 3x {o['baseline']}: {o['points_per_hand']:+.3f} points/hand "
        f"(95% CI {lo:+.3f} .. {hi:+.3f}) over {o['seeds']} seeds, {o['hands']} hands"
    )
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


def add_parsers(sub: Any) -> None:
    """Register ``simulate`` and ``tournament`` on the command line's subparsers."""
    p = sub.add_parser(
        "simulate",
        help="headless self-play (--rules-sweep: every preset and random switches)",
        description=SIMULATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--hands", type=int, default=100, help=f"hands to play, 1-{MAX_HANDS:,} (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match (match i: seed + i)")
    p.add_argument(
        "--players", default="random", help="one kind or four, comma-separated; 'mix': drawn anew each match"
    )
    p.add_argument(
        "--match-hands", type=int, default=16, help=f"hands per match, 1-{MAX_MATCH_HANDS} (default 16)"
    )
    p.add_argument("--save-replays", metavar="DIR", help="write matches' replays here (for replay verify)")
    p.add_argument("--save-every", type=int, default=1, metavar="N", help="save every Nth match (default 1)")
    p.add_argument("--check", action="store_true", help="check invariants after every step (slower)")
    p.add_argument(
        "--rules-sweep",
        action="store_true",
        help="each match under the next rule set: every preset in turn, every other match with random "
        "values of the rarer switches (drawn from the match seed; its replay records them)",
    )
    add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser(
        "tournament",
        help="duplicate 1v3 matches between two player kinds",
        description=TOURNAMENT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    levels = "random, greedy, novice, normal, strong, expert"
    p.add_argument("--challenger", required=True, metavar="LEVEL", help=levels)
    p.add_argument("--baseline", required=True, metavar="LEVEL", help=levels)
    p.add_argument(
        "--seeds",
        required=True,
        metavar="A-B",
        help=f"inclusive seed range, at most {MAX_SEEDS:,} seeds (report: 1000000 up)",
    )
    p.add_argument("--workers", type=int, help=f"processes, 1-{MAX_WORKERS} (default: up to 2)")
    p.add_argument("--sequential", action="store_true", help="stop once the 99%% interval excludes zero")
    p.add_argument("--min-seeds", type=int, default=200, help="seeds before a sequential stop (default 200)")
    add_rules(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_tournament)


__all__ = [
    "MAX_HANDS",
    "MAX_MATCH_HANDS",
    "MAX_SEEDS",
    "MAX_WORKERS",
    "SimTally",
    "add_parsers",
    "cmd_simulate",
    "cmd_tournament",
]
