"""Duplicate 1v3 tournaments between *variants* of the levels, paired seed by seed (for tuning the ladder).

Run from the repository root (tune on seeds 0-9,999 only; check on fresh ranges with
``harbin-mahjong tournament``)::

    python tests/bench/selfplay_variants.py --baseline normal --seeds 0-999 \\
        --variant strong --variant strong:noise=0.2 --variant "strong:noise=0.2,noise_top=4"

A variant is a level name with ``field=value`` overrides of its :class:`~game.ai.config.Config`
(``true``/``false`` for switches), or ``greedy``/``random``. Every variant plays the same seeds the
way ``harbin-mahjong tournament`` does (the challenger in each seat of every seed's wall against
three baselines, the same player seeds), so the per-seed results pair up: besides each variant's
points per hand and 95 % interval, the script prints each variant's paired difference from the
first one with its interval, which separates small changes (a rare close call) far better than two
unpaired runs. ``--json`` prints one JSON object per variant instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.base import Player
from game.ai.config import Config
from game.ai.levels import CONFIGS
from game.ai.players import HeuristicPlayer
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.ai.tournament import (
    FIELDS,
    _count_hand,
    _pool,
    bootstrap_ci,
    deal_in_by_ready_seats,
    parse_seeds,
    player_seed,
)
from game.core.rules import RuleSet

Factory = Callable[[int], Player]


def _value(field: dataclasses.Field[Any], text: str) -> Any:
    """One override's value, typed like the Config field it sets."""
    default = field.default
    if isinstance(default, bool):
        if text.lower() not in ("true", "false", "1", "0"):
            raise ValueError(f"{field.name}={text!r}: expected true or false")
        return text.lower() in ("true", "1")
    if isinstance(default, int):
        return int(text)
    if isinstance(default, float):
        return float(text)
    return text


def variant(spec: str) -> Factory:
    """A player factory from ``level[:field=value,...]``; ValueError naming the problem."""
    name, _, overrides = spec.partition(":")
    name = name.strip().lower()
    if name not in CONFIGS:
        make_player(name)  # the baselines, or a clear error
        if overrides:
            raise ValueError(f"{spec!r}: only the levels take overrides")
        return lambda seed: make_player(name, seed)
    fields = {f.name: f for f in dataclasses.fields(Config)}
    changes: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in overrides.split(","))):
        key, sep, text = item.partition("=")
        if not sep or key not in fields:
            raise ValueError(f"{spec!r}: {item!r} is not field=value of a Config field")
        changes[key] = _value(fields[key], text)
    cfg = dataclasses.replace(CONFIGS[name], **changes)
    return lambda seed: HeuristicPlayer(cfg, seed)


def play_seed(challenger: Factory, baseline: Factory, seed: int, rules: RuleSet) -> dict[str, float]:
    """The challenger's totals over the four rotations of one seed (as the tournament plays them)."""
    v = dict.fromkeys(FIELDS, 0.0)
    for rot in range(4):
        makers = [challenger if seat == rot else baseline for seat in range(4)]
        players = [make(player_seed(seed, seat, rot)) for seat, make in enumerate(makers)]
        record = play_match(players, seed, rules, hands=1)
        v["decisions"] += record.decisions
        v["refusals"] += record.refusals
        _count_hand(v, record.game.events, rot, record.hands[0].deltas if record.hands else (0, 0, 0, 0))
    return v


def _job(args: tuple[str, str, int]) -> dict[str, float]:
    spec, baseline, seed = args
    return play_seed(variant(spec), variant(baseline), seed, RuleSet())


def main(argv: list[str] | None = None) -> int:
    """Play every variant on the seeds and print points per hand and the paired differences."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", required=True, help="level[:field=value,...] (repeatable)")
    ap.add_argument("--baseline", required=True, help="level[:field=value,...] of the three others")
    ap.add_argument("--seeds", required=True, help="A-B inclusive")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workers", type=int, default=1, help="processes to play the seeds on")
    args = ap.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
        base = variant(args.baseline)
        chals = [(spec, variant(spec)) for spec in args.variant]
    except ValueError as exc:
        print(f"selfplay_variants: {exc}", file=sys.stderr)
        return 2
    rules = RuleSet()
    per: dict[str, list[float]] = {spec: [] for spec, _ in chals}
    totals = {spec: dict.fromkeys(FIELDS, 0.0) for spec, _ in chals}
    start = time.process_time()
    jobs = [(spec, args.baseline, seed) for seed in seeds for spec, _ in chals]
    if args.workers > 1:
        with _pool(args.workers) as pool:
            results = pool.map(_job, jobs, chunksize=4)
    else:
        results = [play_seed(dict(chals)[spec], base, seed, rules) for spec, _, seed in jobs]
    for (spec, _, _), v in zip(jobs, results, strict=True):
        per[spec].append(v["points"] / 4)
        for k in FIELDS:
            totals[spec][k] += v[k]
    first = chals[0][0]
    for spec, _ in chals:
        xs = per[spec]
        diffs = [a - b for a, b in zip(xs, per[first], strict=True)]
        hands = 4 * len(xs)
        t = totals[spec]
        row = {
            "variant": spec,
            "baseline": args.baseline,
            "seeds": [seeds[0], seeds[-1]],
            "points_per_hand": round(sum(xs) / len(xs), 4),
            "ci95": [round(x, 4) for x in bootstrap_ci(xs)],
            "diff_vs_first": round(sum(diffs) / len(diffs), 4),
            "diff_ci95": [round(x, 4) for x in bootstrap_ci(diffs)],
            "seeds_changed": sum(1 for d in diffs if d),
            "win_rate": round(t["wins"] / hands, 4),
            "deal_in_rate": round(t["deal_ins"] / hands, 4),
            "deal_in_2plus": deal_in_by_ready_seats(t)["2+"]["rate"],
            "refusals": int(t["refusals"]),
        }
        if args.json:
            print(json.dumps(row))
        else:
            lo, hi = row["ci95"]
            dlo, dhi = row["diff_ci95"]
            print(
                f"{spec} vs 3x {args.baseline} seeds {seeds[0]}-{seeds[-1]}: {row['points_per_hand']:+.3f} "
                f"[{lo:+.3f}, {hi:+.3f}]; vs {first}: {row['diff_vs_first']:+.3f} [{dlo:+.3f}, {dhi:+.3f}] "
                f"({row['seeds_changed']} seeds changed); "
                f"win {row['win_rate']:.1%} deal-in {row['deal_in_rate']:.1%} "
                f"(against 2+ ready: {row['deal_in_2plus']:.1%} of hands)"
            )
    print(f"cpu seconds: {time.process_time() - start:.0f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
