"""The demo table picture (a busy late hand) rendered to a PNG, for the docs and for looking at changes.

Run ``python -m game.ui.table.demo_picture --demo out.png`` (``--size``, ``--lang``,
``--palette`` change it); ``python -m game.benchmarks.renderer`` times drawing it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pygame

from game.glossary import Lang
from game.table.picture import demo_picture
from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import TileArt
from game.ui.table.render import HandUI, TableRenderer


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
    picture = demo_picture(lang)
    layout = renderer.layout(size, picture)
    renderer.draw(surface, picture, layout, lang=lang, hand=HandUI(hover=2, selected=6), clock=0.4)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    window.destroy()
    return path


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--demo PATH`` renders the demo table picture to a PNG."""
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.table.demo_picture", description="Render a demo table picture."
    )
    parser.add_argument("--demo", type=Path, required=True, help="PNG file to write")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--palette", choices=("classic", "colourblind"), default="classic")
    args = parser.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x720, not {args.size!r}")
    render_demo(args.demo, (w, h), args.lang, args.palette)
    if sys.stdout is not None:
        print(args.demo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
