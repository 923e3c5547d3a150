"""The table renderer alone: frame times drawing the demo table (hover moving, markers animating).

Run ``python -m game.benchmarks.renderer [--frames N] [--size 1920x1080]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import pygame

from game.table.picture import demo_picture
from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import TileArt
from game.ui.table.render import HandUI, TableRenderer


def bench(size: tuple[int, int], frames: int = 300) -> dict[str, float]:
    """Time drawing the demo table for a number of frames (hover moving, markers animating).

    Returns the median, 95th and 99th percentile and worst frame in milliseconds,
    after one warm-up frame (which draws and caches every tile image).
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    window = pygame.Window("table bench", size)
    surface = window.get_surface()
    fonts = FontBook()
    renderer = TableRenderer(fonts, TileArt(fonts))
    picture = demo_picture()
    layout = renderer.layout(size, picture)
    renderer.draw(surface, picture, layout, clock=0.0)
    times: list[float] = []
    n = len(picture.seats[0].concealed)
    for i in range(frames):
        t0 = time.perf_counter()
        layout = renderer.layout(size, picture)
        renderer.draw(surface, picture, layout, hand=HandUI(hover=i % n, selected=3), clock=i / 60)
        window.flip()
        times.append((time.perf_counter() - t0) * 1000)
    window.destroy()
    times.sort()
    return {
        "median_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
        "p99_ms": times[int(0.99 * (len(times) - 1))],
        "max_ms": times[-1],
    }




def main(argv: list[str] | None = None) -> int:
    """Command line: time drawing the demo table and print the figures."""
    parser = argparse.ArgumentParser(
        prog="python -m game.benchmarks.renderer", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--frames", type=int, default=300, help="frames to time")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    args = parser.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x720, not {args.size!r}")
    stats = bench((w, h), args.frames)
    print(f"{w}x{h}: " + ", ".join(f"{k} {v:.2f}" for k, v in stats.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
