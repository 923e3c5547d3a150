"""Render every tile face at a few sizes (and both palettes) to one PNG sheet, to look at the faces.

Usage: python tools/tile_sheet.py OUT.png [--sizes 24,34,60] [--scale 2]
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Draw the sheet: one row per size and palette, the 28 faces side by side."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.kit.fonts import FontBook
    from game.ui.kit.tileart import PALETTES, TileArt, metrics

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--sizes", default="24,34,60")
    parser.add_argument("--kinds", default="0-27", help="first-last tile kinds to show (18-26 are 条)")
    parser.add_argument("--scale", type=int, default=2, help="blow each pixel up this many times (nearest)")
    args = parser.parse_args(argv)
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        print(f"tile_sheet: --sizes must be numbers separated by commas, not {args.sizes!r}", file=sys.stderr)
        return 2
    try:
        first, last = (int(s) for s in args.kinds.split("-"))
    except ValueError:
        print(f"tile_sheet: --kinds must be FIRST-LAST, not {args.kinds!r}", file=sys.stderr)
        return 2
    kinds = range(max(0, first), min(27, last) + 1)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    art = TileArt(FontBook())
    gap = 4
    rows = [(w, p) for p in PALETTES for w in sizes]
    width = max((metrics(w).width + gap) * len(kinds) for w in sizes) + gap
    height = sum(metrics(w).height + gap for w, _ in rows) + gap
    sheet = pygame.Surface((width, height))
    sheet.fill((40, 90, 60))
    y = gap
    for w, palette in rows:
        art.configure(palette, False)
        x = gap
        for kind in kinds:
            sheet.blit(art.tile(kind, w), (x, y))
            x += metrics(w).width + gap
        y += metrics(w).height + gap
    if args.scale > 1:
        sheet = pygame.transform.scale_by(sheet, args.scale)
    pygame.image.save(sheet, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
