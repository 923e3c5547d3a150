"""``harbin-mahjong bench``: the project's performance figures, all measured from here.

Each figure is measured over a fixed, seeded workload; nothing here is a
pass/fail test. The parts: :mod:`.core` and :mod:`.shanten` (the rules core),
:mod:`.ai` (decision latency per AI level), :mod:`.ui` (whole frames of
the real table, start-up, memory; ``python -m game.benchmarks.ui``),
:mod:`.renderer` (the table renderer alone) and :mod:`.replay` (replay files:
loading, share codes, review, and seeking in the viewer's cursor).
"""

from __future__ import annotations

from typing import Any

PARTS = ("core", "ai", "ui", "replay")
"""The groups of figures: the rules core, the AI players, the table window, replay files."""

BENCH_HELP = """\
Print the project's performance figures, every part in one run (each figure over a fixed, seeded
workload; a terminal sees which part is being measured, Ctrl-C prints the parts measured so far).

  core    shanten_per_s, shanten_incremental_per_s (shanten calls/s), waits_per_s,
          simulate_hands_per_s (four random players, one core)
  ai      per level (random, greedy, novice, normal, strong, expert): decisions_per_s_LEVEL,
          decision_ms_p50_LEVEL, decision_ms_p99_LEVEL; simulate_normal_hands_per_s
  ui      frame_ms_p50/p99 at 1024x640 and 1920x1080 (the table waiting, the mouse moving),
          play_frame_ms_p50/p99 (the table animating a hand), their CPU times, thinking_frame_ms_p99/max
          (frames while slow AI seats think: the AI is off the render thread), idle_cpu_percent and
          idle_frames_per_s (the table at rest, waiting for the player), startup_to_first_frame_s (from
          compiled bytecode) and startup_uncompiled_s (none kept), rss_mb
  replay  replay_load_ms, replay_load_verify_ms, share codes, review_decisions_per_s, review_match_s,
          replay_open_ms, replay_seek_ms_p50/p99, viewer_seek_ms, viewer_seek_frame_ms and
          viewer_next_frame_ms p50/p99

A full run takes a few minutes on an idle machine; --quick takes shorter samples (a check that
every figure is measured, not figures to compare). The latest full run: docs/performance.md.
"""


def run_bench(quick: bool = False, parts: tuple[str, ...] = PARTS) -> dict[str, Any]:
    """Every figure of the chosen parts, as the JSON keys of ``harbin-mahjong bench --json``."""
    figures: dict[str, Any] = {}
    if "core" in parts:
        from .core import core_figures

        figures.update(core_figures(quick))
    if "ai" in parts:
        from .ai import ai_figures

        figures.update(ai_figures(quick))
    if "ui" in parts:
        from .ui import ui_figures

        figures.update(ui_figures(quick))
    if "replay" in parts:
        from .replay import replay_figures

        figures.update(replay_figures(quick))
    return figures
