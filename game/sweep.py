"""The rule sweep of ``simulate --rules-sweep``: each match's rules (and with ``--players mix`` its players).

Match ``i`` of a sweep is played under preset ``PRESETS[i // 2 % n]``; every odd match adds random
values of the rarer switches on top of that preset (each switch changed with probability
``SWITCH_CHANCE``), so every preset is played as written and in random combinations. Everything is
drawn from the match seed, so a match of a sweep can be played again from its seed alone, and its
rules are written in its replay like any match's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .core.rules import PRESETS, RULE_KEYS, RuleSet, rule_choices

SWITCH_CHANCE = 0.15
"""The chance that a random-switch match changes any one switch from its preset's value."""

NUMBER_CHOICES: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {
        "kept_tiles": (0, 4, 8, 12, 16),
        "max_melds": (1, 2, 3),
        "base_dianpao": (0, 1, 2, 3),
        "base_zimo": (1, 2, 3, 4),
        "base_mobao": (2, 3, 4, 6),
        "base_baozhongbao": (6, 8, 12, 24),
        "nonting_discarder": (1, 2, 3, 5),
        "menqing_loser": (2, 3, 4),
        "kadang_mult": (1, 2, 3),
        "cap": (0, 4, 8, 16),
    }
)
"""The values a sweep tries for each whole-number rule (real tables' range, and a few edges)."""

MIX: Mapping[str, float] = MappingProxyType(
    {
        "random": 0.30,
        "greedy": 0.30,
        "novice": 0.15,
        "normal": 0.12,
        "strong": 0.08,
        "expert": 0.05,
    }
)
"""``--players mix``: how often each player kind takes a seat (the fast baselines for bulk, some levels)."""


@dataclass(frozen=True)
class SweepMatch:
    """One match of a sweep: its rules, a short label (the preset, ``+random`` when switches were drawn)."""

    preset: str
    rules: RuleSet
    switched: tuple[str, ...]
    """The switches drawn away from the preset's value (empty for a match of the preset as written)."""

    @property
    def label(self) -> str:
        """The preset's name, with ``+random`` for a match with random switches."""
        return f"{self.preset}+random" if self.switched else self.preset


def switch_values(key: str) -> tuple[Any, ...]:
    """The values a sweep may give one rule."""
    return NUMBER_CHOICES.get(key) or rule_choices(key)


def sweep_match(match_no: int, seed: int) -> SweepMatch:
    """The rules of match ``match_no`` of a sweep, random parts drawn from the match's ``seed``."""
    names = tuple(PRESETS)
    preset = names[match_no // 2 % len(names)]
    base = PRESETS[preset]
    if match_no % 2 == 0:
        return SweepMatch(preset, base, ())
    rng = random.Random(f"rules-sweep {seed}")
    changes: dict[str, Any] = {}
    for key in RULE_KEYS:
        if rng.random() >= SWITCH_CHANCE:
            continue
        current = getattr(base, key)
        others = [v for v in switch_values(key) if v != current]
        if others:
            changes[key] = rng.choice(others)
    return SweepMatch(preset, base.replace(**changes), tuple(sorted(changes)))


def mixed_players(seed: int) -> list[str]:
    """Four player kinds drawn from :data:`MIX` for the match of this seed."""
    rng = random.Random(f"players-mix {seed}")
    kinds = list(MIX)
    return rng.choices(kinds, weights=[MIX[k] for k in kinds], k=4)


__all__ = [
    "MIX",
    "NUMBER_CHOICES",
    "SWITCH_CHANCE",
    "SweepMatch",
    "mixed_players",
    "sweep_match",
    "switch_values",
]
