"""The demo table picture (a busy late hand) rendered to a PNG, for the docs and for looking at changes.

Run ``python -m game.ui.table_demo --demo out.png`` (``--size``, ``--lang``,
``--palette`` change it; ``--bench FRAMES`` also times drawing it, see
:mod:`game.benchmarks.renderer`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pygame

from game.glossary import Lang
from game.ui.fonts import FontBook
from game.ui.picture import demo_picture
from game.ui.table_render import HandUI, TableRenderer
from game.ui.tileart import TileArt


def render_demo(
    path: Path, size: tuple[int, int] = (1280, 720), lang: Lang = "zh", palette: str = "classic"
) -> Path:
    """Render the demo late-hand table (with a hovered and a selected tile) to a PNG file."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    window = pygame.Window("table demo", size)
    surface = window.get_surface()
    fonts = FontBook()
    tiles = TileArt(fonts, "colourblind" if palette == "colourblind" else "classic")
    renderer = TableRenderer(fonts, tiles)
    picture = demo_picture()
    layout = renderer.layout(size, picture)
    renderer.draw(surface, picture, layout, lang=lang, hand=HandUI(hover=2, selected=6), clock=0.4)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    window.destroy()
    return path


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--demo PATH`` renders the demo table picture to a PNG; ``--bench N`` times frames."""
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.table_demo", description="Render a demo table picture."
    )
    parser.add_argument("--demo", type=Path, help="PNG file to write")
    parser.add_argument(
        "--bench", type=int, metavar="FRAMES", help="time drawing this many frames and print ms"
    )
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--palette", choices=("classic", "colourblind"), default="classic")
    args = parser.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x720, not {args.size!r}")
    if args.demo is None and args.bench is None:
        parser.error("give --demo PATH and/or --bench FRAMES")
    if args.demo is not None:
        render_demo(args.demo, (w, h), args.lang, args.palette)
        if sys.stdout is not None:
            print(args.demo)
    if args.bench:
        from game.benchmarks.renderer import bench

        stats = bench((w, h), args.bench)
        if sys.stdout is not None:
            print(f"{w}x{h}: " + ", ".join(f"{k} {v:.2f}" for k, v in stats.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
