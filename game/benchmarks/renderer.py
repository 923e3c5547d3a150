"""The table renderer alone: frame times drawing the demo table (hover moving, markers animating)."""

from __future__ import annotations

import os
import statistics
import time

import pygame

from game.ui.fonts import FontBook
from game.ui.picture import demo_picture
from game.ui.table_render import HandUI, TableRenderer
from game.ui.tileart import TileArt


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


