"""The replay viewer's seek, measured in the real window: random seeks in the 16-hand benchmark match.

Each seek is :meth:`game.ui.replay.viewer.ViewerScene.seek` followed by the viewer's next frame
(the table redrawn for the new position: the cursor's state and view, the marks, the picture,
the layout, the side panels, the progress bar, everything drawn). Figures, in milliseconds:

* ``viewer_seek_ms_p50``/``viewer_seek_ms_p99`` — from the seek to the table ready to draw (the
  frame's update, without drawing);
* ``viewer_seek_frame_ms_p50``/``viewer_seek_frame_ms_p99`` — the whole frame after a seek,
  drawing included (a seek "stays under one frame" when this is under 16.7 ms);
* ``viewer_next_frame_ms_p50``/``viewer_next_frame_ms_p99`` — the frame after it, where the left column's
  log of the hand catches up with the jump (:mod:`game.ui.table.log_panel`);
* ``viewer_seek_frame_cpu_ms_*`` — the same frame in this process's CPU time (what the figures above
  would be on an idle machine; on a shared one the wall times include waiting for a core).

The measurement runs in its own Python process (the caller never imports pygame) at 1920x1080
with SDL's dummy video driver unless ``SDL_VIDEODRIVER`` says otherwise. Run
``python -m game.benchmarks.viewer [--quick] [--json]``; ``bench --parts replay`` includes it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SIZE = (1920, 1080)


def percentile(times: list[float], share: float) -> float:
    """The value below which ``share`` of the (sorted) times lie."""
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)


def child_seeks(seeks: int, seed: int = 1) -> dict[str, float]:
    """In this process: open the viewer on the benchmark match and time random seeks."""
    import pygame

    from game.benchmarks.matches import bench_match
    from game.paths import app_paths
    from game.replay.logfile import save_log
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.replay.viewer import ViewerScene
    from game.ui.screens.menu import MainMenu

    header, events = bench_match()
    with tempfile.TemporaryDirectory(prefix="harbin-viewer-bench-") as folder:
        path = Path(folder) / "match.jsonl"
        save_log(path, events, header)
        app = App(app_paths().ensure(), Settings(animation_speed="off"), persist=False, size=SIZE)
        app.push(MainMenu(app))
        assert app.nav.viewer(path)
        viewer = app.scenes.top
        assert isinstance(viewer, ViewerScene)
        for _ in range(30):  # tile images made, layout warm
            app.step(1 / 60)
            app.tiles.draw_wanted(1.0)
        rng = random.Random(seed)
        ready: list[float] = []
        frames: list[float] = []
        cpu: list[float] = []
        after: list[float] = []
        for _ in range(seeks):
            position = rng.randint(1, len(events))
            start, start_cpu = time.perf_counter(), time.process_time()
            viewer.seek(position)
            viewer.update(1 / 60)
            _ = viewer.layout
            mid = time.perf_counter()
            app.draw()
            end, end_cpu = time.perf_counter(), time.process_time()
            ready.append((mid - start) * 1000)
            frames.append((end - start) * 1000)
            cpu.append((end_cpu - start_cpu) * 1000)
            start = time.perf_counter()  # the frame after: the log laid out at the new place
            viewer.update(1 / 60)
            app.draw()
            after.append((time.perf_counter() - start) * 1000)
        app.shutdown()
        pygame.quit()
    return {
        "viewer_seek_ms_p50": round(statistics.median(ready), 3),
        "viewer_seek_ms_p99": percentile(ready, 0.99),
        "viewer_seek_frame_ms_p50": round(statistics.median(frames), 3),
        "viewer_seek_frame_ms_p99": percentile(frames, 0.99),
        "viewer_seek_frame_cpu_ms_p50": round(statistics.median(cpu), 3),
        "viewer_seek_frame_cpu_ms_p99": percentile(cpu, 0.99),
        "viewer_next_frame_ms_p50": round(statistics.median(after), 3),
        "viewer_next_frame_ms_p99": percentile(after, 0.99),
    }


def viewer_figures(quick: bool = False) -> dict[str, Any]:
    """The viewer's seek figures, measured in a fresh process (see the module docstring)."""
    from game.benchmarks.ui import run_child

    return run_child(str(100 if quick else 600), module="game.benchmarks.viewer")


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures (``--json`` for a machine)."""
    parser = argparse.ArgumentParser(
        prog="python -m game.benchmarks.viewer", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer seeks")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child_seeks(args.child)))
        return 0
    from game.benchmarks.ui import print_figures

    print_figures(viewer_figures(args.quick), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
