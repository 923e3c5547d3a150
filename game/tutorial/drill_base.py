"""What every drill kind shares: its dice, its id and rules fields, the waits as ``analyze`` reports them."""

from __future__ import annotations

from typing import Any

from ..core.analysis.ting import Wait
from ..core.tiles import kind_code
from .drill_hands import Dice
from .drill_words import rule_args

TRIES = 200
"""Random hands tried for one drill before the last one is taken as it is."""


def drill_dice(kind: str, seed: int, index: int) -> Dice:
    """The dice of drill ``index`` of a kind and seed: the same draws every time."""
    return Dice(f"{kind}:{seed}:{index}")


def waits_json(waits: tuple[Wait, ...]) -> list[dict[str, Any]]:
    """Waits as ``analyze --json`` reports them."""
    return [{"tile": kind_code(w.kind), "kadang": w.kadang} for w in waits]


def drill_base(kind: str, seed: int, index: int, rules: dict[str, Any]) -> dict[str, Any]:
    """A drill's first fields: its kind, its id and the rules that differ from the standard."""
    out: dict[str, Any] = {"kind": kind, "id": f"{kind}-{seed}-{index}"}
    if rules:
        out["rules"] = rule_args(rules)
    return out
