"""Invariants of the room options (RULES.md §6) over many simulated hands: figures, not a test.

Plays seeded matches under every preset and under random combinations of the room switches
(with the older switches they touch), checking the invariants after every step
(:func:`game.core.invariants.check_invariants`: 112 tiles, payments summing to zero, hand sizes,
meld limits, a listener always has a wait, no share above a 封顶 cap), folding and re-verifying
every log, and round-tripping every event through JSON. Two kinds of table: a random player
that prefers 听 (and a 支对 lock) and 和, so ready hands and wins are common; and four AI players.

Run from the repository root::

    python tests/bench/bench_room_options.py                 # 1,000 matches of 4 hands
    python tests/bench/bench_room_options.py --matches 100   # quicker

Prints hands simulated, invariant violations, how often each new rule fired and the speed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.events import Event, Settled, TingDeclared, event_from_json
from game.core.events import Hu as HuEvent
from game.core.rules import PRESETS, RuleSet
from game.core.state import fold
from game.replay.verify import verify_events
from tests.test_properties import random_match

CHOICES: dict[str, tuple[Any, ...]] = {
    "hongzhong_bao": (False, True),
    "zhidui": (False, True),
    "chongbao": (False, True),
    "chongbao_scoring": ("standard", "daqing"),
    "scoring": ("points", "all_double"),
    "baosanjia": ("non_listening", "always", "never"),
    "cap": (0, 4, 16, 32, 64),  # 4 is no room's value: it makes the cap bite often
    "bao_visibility": ("listeners", "public_after_first_ting", "public"),
    "dafeng": ("off", "concealed_triplet", "triplet_or_pon"),
    "kadang_edge_3_7": (False, True),
    "kadang_dandiao": (False, True),
    "wait_restriction": ("any", "kan_broad", "sika"),
    "dianpao_scheme": ("S1", "S0", "S4"),
    "kezi_bonus": (False, True),
    "dealer_bonus": (False, True),
    "three_draw_liability": (False, True),
}


def random_rules(rng: random.Random) -> RuleSet:
    """A random combination of the room switches and the switches they interact with."""
    return RuleSet(**{key: rng.choice(values) for key, values in CHOICES.items()})


def log_problems(events: Sequence[Event]) -> list[str]:
    """A finished log must fold to a state, re-verify through the engine and round-trip through JSON."""
    out = []
    try:
        fold(events)
    except ValueError as exc:
        out.append(f"fold: {exc}")
    result = verify_events(events)
    if not result.ok:
        out.append(f"verify: event {result.index}: {result.error}")
    if any(event_from_json(e.to_json()) != e for e in events):
        out.append("an event does not round-trip through JSON")
    return out


def tally(events: Sequence[Event], counts: Counter[str]) -> None:
    """Count how often the new rules fired in a log."""
    for e in events:
        if isinstance(e, TingDeclared) and e.zhidui is not None:
            counts["zhidui_locks"] += 1
        elif isinstance(e, HuEvent):
            counts[f"win_{e.kind}"] += 1
            if e.kind == "mobao" and e.tile >> 2 == 27:
                counts["win_mobao_on_red_dragon"] += 1
        elif isinstance(e, Settled) and e.final:
            for p in e.payments:
                for f in p.factors:
                    counts[f"factor_{f}"] += 1


def main(argv: Sequence[str] | None = None) -> int:
    """Play the tables, print the figures; exit 1 if any invariant broke."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--matches", type=int, default=1000, help="matches per kind of table (default 1000)")
    p.add_argument("--hands", type=int, default=4, help="hands per match (default 4)")
    p.add_argument("--ai-matches", type=int, default=None, help="AI matches (default: a tenth of --matches)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    ai_matches = args.ai_matches if args.ai_matches is not None else max(1, args.matches // 10)
    counts: Counter[str] = Counter()
    violations: list[str] = []
    hands = 0
    start = time.process_time()
    rng = random.Random(2024)
    presets = sorted(PRESETS)
    for m in range(args.matches):
        rules = PRESETS[presets[m % len(presets)]] if m % 2 == 0 else random_rules(rng)
        game, problems = random_match(10_000 + m, rules, args.hands, locks=0.7)
        problems += log_problems(game.events)
        violations.extend(f"random table, match {m}: {x}" for x in problems)
        hands += game.state.hand_no + 1
        tally(game.events, counts)
    for m in range(ai_matches):
        rules = PRESETS["DQ"] if m % 2 == 0 else random_rules(rng)
        players = [
            make_player(level, 4 * m + i) for i, level in enumerate(("expert", "normal", "greedy", "random"))
        ]
        record = play_match(players, 20_000 + m, rules, hands=args.hands, check=True)
        problems = record.violations + log_problems(record.game.events)
        if record.refusals:
            problems.append(f"{record.refusals} AI decisions refused")
        violations.extend(f"AI table, match {m}: {x}" for x in problems)
        hands += len(record.hands)
        tally(record.game.events, counts)
    cpu = time.process_time() - start
    out = {
        "hands": hands,
        "matches": args.matches + ai_matches,
        "invariant_violations": len(violations),
        "cpu_s": round(cpu, 1),
        "fired": dict(sorted(counts.items())),
    }
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{hands} hands in {out['matches']} matches, {cpu:.1f} cpu-s")
        print(f"invariant violations: {len(violations)}")
        for key, value in out["fired"].items():
            print(f"  {key}: {value}")
    for v in violations[:10]:
        print(v, file=sys.stderr)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
