"""The ladder's shape, cheaply: each level is the next one up with parts removed and more noise,
and a short duplicate match puts the top level clearly above the greedy baseline.

The real ladder (every adjacent step >= +0.2 points per hand on fresh 2,000-seed ranges) is measured
by ``harbin-mahjong tournament``; its figures are in docs/ai.md.
"""

from __future__ import annotations

import itertools

from game.ai.config import Config
from game.ai.levels import CONFIGS
from game.ai.registry import LEVELS
from game.ai.tournament import run_tournament

DEFENCE_ORDER = ("none", "genbutsu", "ev")


def _parts(cfg: Config) -> set[str]:
    """The evaluator parts a level has (offence, calls and defence), as names."""
    parts = {f"defence>={d}" for d in DEFENCE_ORDER[: DEFENCE_ORDER.index(cfg.defence) + 1]}
    for name in ("points", "call_weights", "lookahead", "ready_value"):
        if getattr(cfg, name):
            parts.add(name)
    if cfg.ready_look:
        parts.add("ready_look")
    if cfg.defence == "ev" and cfg.danger_model in ("fitted", "reading"):
        parts.add("fitted_wait_model")
    if cfg.defence == "ev" and cfg.danger_model == "reading":
        parts.add("wait_reading")
    if cfg.fold_many:
        parts.add("fold_when_it_matters")
    if cfg.calls == "standard":
        parts.add("standard_calls")
    return parts


def test_each_level_is_the_next_one_up_with_parts_removed_and_noise_added() -> None:
    for lower, upper in itertools.pairwise(LEVELS):
        lo, hi = CONFIGS[lower], CONFIGS[upper]
        assert _parts(lo) <= _parts(hi), (lower, upper)
        slips_lo = lo.noise * (1 - 1 / lo.noise_top)
        slips_hi = hi.noise * (1 - 1 / hi.noise_top) if hi.noise else 0.0
        assert slips_lo > slips_hi, (lower, upper)
        # the big moments: a lower level misses each of them at least as often, and thinks less long
        for miss in ("miss_ting_call", "miss_kadang", "miss_fold"):
            assert getattr(lo, miss) >= getattr(hi, miss), (lower, upper, miss)
        assert lo.think < hi.think, (lower, upper)


def test_the_top_level_beats_the_greedy_baseline_in_a_short_duplicate_match() -> None:
    out = run_tournament("expert", "greedy", range(24), workers=1)
    assert out["refusals"] == 0
    assert out["ci95"][0] > 0, out
