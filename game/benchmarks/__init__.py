"""``harbin-mahjong bench``: the project's performance figures, all measured from here.

Each figure is measured over a fixed, seeded workload; nothing here is a
pass/fail test. The parts: :mod:`.core` and :mod:`.shanten` (the rules core),
``game.ai.bench`` (decision latency per AI level), :mod:`.ui` (whole frames of
the real table, start-up, memory; ``python -m game.benchmarks.ui``),
:mod:`.renderer` (the table renderer alone) and :mod:`.replay` (replay files:
loading, share codes, review, and seeking in the viewer's cursor).
"""

from __future__ import annotations

from typing import Any

PARTS = ("core", "ai", "ui", "replay")
"""The groups of figures: the rules core, the AI players, the table window, replay files."""


def run_bench(quick: bool = False, parts: tuple[str, ...] = PARTS) -> dict[str, Any]:
    """Every figure of the chosen parts, as the JSON keys of ``harbin-mahjong bench --json``."""
    figures: dict[str, Any] = {}
    if "core" in parts:
        from .core import core_figures

        figures.update(core_figures(quick))
    if "ai" in parts:
        from ..ai.bench import ai_figures

        figures.update(ai_figures(quick))
    if "ui" in parts:
        from .ui import ui_figures

        figures.update(ui_figures(quick))
    if "replay" in parts:
        from .replay import replay_figures

        figures.update(replay_figures(quick))
    return figures
