"""Self-play speed and the identical-log check: seeded matches per player kind, hashed and timed.

Run from the repository root::

    python tests/bench/bench_selfplay.py --record tests/bench/selfplay_reference.json   # before a change
    python tests/bench/bench_selfplay.py --check tests/bench/selfplay_reference.json    # after it
    python tests/bench/bench_selfplay.py --only normal --seeds 40 --hands 16           # speed only

Each *case* plays ``--seeds`` matches of ``--hands`` hands the way ``harbin-mahjong simulate`` does
(players made once as ``make_player(kind, base * 4 + seat)``, match seeds ``base, base + 1, …``)
and prints three SHA-256 digests: of every event's JSON line (the log), of every decision with its
reason (what the players chose and why), and — for the ``hints`` case — of the advisor's full
ranking at every decision. Speed is hands per second of CPU time (``time.process_time``, steadier
than the wall clock on a busy machine) and of the wall clock; ``--engine`` also times re-verifying
the saved logs with :func:`game.replay.verify.verify_events` (the engine alone, no AI).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.advisor import Advisor
from game.ai.base import Decision, Player
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.actions import Action
from game.core.events import Event
from game.core.rules import PRESETS, RuleSet
from game.core.view import SeatView
from game.replay.verify import verify_events


@dataclass(frozen=True)
class Case:
    """One seeded batch: four player kinds under a rule preset."""

    name: str
    players: tuple[str, str, str, str]
    preset: str = "standard"
    seeds: int = 40
    hands: int = 4
    base: int = 0
    hints: bool = False


def _cases(seeds: int, hands: int) -> list[Case]:
    """The reference cases: each kind on its own, a mixed table, the presets, and hints."""
    out = [
        Case(kind, (kind,) * 4, seeds=seeds, hands=hands)  # type: ignore[arg-type]
        for kind in ("normal", "strong", "expert", "greedy", "random", "novice", "expert-v1")
    ]
    mixed = ("expert", "strong", "normal", "novice")
    out.append(Case("mixed", mixed, seeds=seeds, hands=hands, base=1000))
    for preset in PRESETS:
        if preset != "standard":
            out.append(Case(f"mixed-{preset}", ("expert", "normal", "greedy", "random"), preset,
                            seeds=max(1, seeds // 4), hands=hands, base=2000))  # fmt: skip
    out.append(Case("hints", ("normal",) * 4, seeds=max(1, seeds // 8), hands=2, base=3000, hints=True))
    return out


def _reason_text(d: Decision) -> str:
    return f"{d.action!r}|{d.reason.kind}|{json.dumps(d.reason.params, sort_keys=True, default=repr)}"


class _Recorder:
    """Wraps a player: hashes every decision (and, with an advisor, the full hint ranking)."""

    def __init__(self, inner: Player, digest: Any, hints: Any, advisor: Advisor | None) -> None:
        self.inner = inner
        self.name = inner.name
        self.digest = digest
        self.hints = hints
        self.advisor = advisor

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        if self.advisor is not None:
            for d in self.advisor.rank(view, legal):
                self.hints.update(_reason_text(d).encode())
            self.hints.update(b"\n")
        d = self.inner.decide(view, legal)
        self.digest.update(_reason_text(d).encode() + b"\n")
        return d


def run_case(case: Case, logs: list[list[Event]] | None = None) -> dict[str, Any]:
    """Play a case; its digests, hands, decisions and speed."""
    rules: RuleSet = PRESETS[case.preset]
    log_hash = hashlib.sha256()
    dec_hash = hashlib.sha256()
    hint_hash = hashlib.sha256()
    advisor = Advisor("expert") if case.hints else None
    players: list[Player] = [make_player(k, case.base * 4 + i) for i, k in enumerate(case.players)]
    wrapped: list[Player] = [_Recorder(p, dec_hash, hint_hash, advisor) for p in players]
    hands = decisions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for m in range(case.seeds):
        record = play_match(wrapped, case.base + m, rules, hands=case.hands)
        hands += len(record.hands)
        decisions += record.decisions
        if record.refusals or record.violations:
            raise SystemExit(f"{case.name} seed {case.base + m}: refusals or violations")
        if logs is not None:
            logs.append(list(record.game.events))
        for ev in record.game.events:
            log_hash.update(ev.to_json().encode() + b"\n")
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    out: dict[str, Any] = {
        "events": log_hash.hexdigest(),
        "decisions": dec_hash.hexdigest(),
        "hands": hands,
        "n_decisions": decisions,
        "cpu_s": round(cpu, 3),
        "hands_per_cpu_s": round(hands / cpu, 1) if cpu else None,
        "hands_per_s": round(hands / wall, 1) if wall else None,
    }
    if case.hints:
        out["hints"] = hint_hash.hexdigest()
    return out


def engine_speed(logs: list[list[Event]]) -> tuple[int, float, float]:
    """(hands, CPU seconds, wall seconds) to re-verify the logs with the engine alone."""
    hands = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for events in logs:
        result = verify_events(events)
        if not result.ok:
            raise SystemExit(f"a saved log does not verify: {result.error}")
        hands += result.hands
    return hands, time.process_time() - cpu0, time.perf_counter() - wall0


def main(argv: Sequence[str] | None = None) -> int:
    """Play the cases; record or check the digests; print the speed."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--seeds", type=int, default=40)
    p.add_argument("--hands", type=int, default=4)
    p.add_argument("--only", help="comma-separated case names")
    p.add_argument("--record", metavar="FILE")
    p.add_argument("--check", metavar="FILE")
    p.add_argument("--engine", action="store_true", help="also time re-verifying the logs (engine only)")
    args = p.parse_args(argv)
    cases = _cases(args.seeds, args.hands)
    if args.only:
        wanted = set(args.only.split(","))
        cases = [c for c in cases if c.name in wanted]
    reference: dict[str, Any] = {}
    if args.check:
        reference = json.loads(Path(args.check).read_text())["cases"]
    # load the lazily built tables before any clock starts
    play_match([make_player("normal", i) for i in range(4)], 10**9, RuleSet(), hands=1)
    results: dict[str, Any] = {}
    bad = 0
    say: Callable[[str], None] = print
    for case in cases:
        logs: list[list[Event]] | None = [] if args.engine else None
        res = run_case(case, logs)
        results[case.name] = res
        line = (f"{case.name:12s} {res['hands']:5d} hands {res['hands_per_cpu_s']:8.1f}/cpu-s "
                f"{res['hands_per_s']:8.1f}/s  events {res['events'][:12]}  "
                f"decisions {res['decisions'][:12]}")  # fmt: skip
        if logs is not None:
            h, cpu, _wall = engine_speed(logs)
            res["engine_hands_per_cpu_s"] = round(h / cpu, 1) if cpu else None
            line += f"  engine {res['engine_hands_per_cpu_s']:.1f}/cpu-s"
        if case.name in reference:
            want = reference[case.name]
            same = all(want.get(k) == res.get(k) for k in ("events", "decisions", "hints") if k in want)
            line += "  same" if same else "  DIFFERENT"
            bad += not same
        say(line)
    if args.record:
        meta = {"seeds": args.seeds, "hands": args.hands}
        Path(args.record).write_text(json.dumps({"meta": meta, "cases": results}, indent=1) + "\n")
    if args.check:
        say("identical logs and decisions" if not bad else f"{bad} case(s) DIFFER")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
