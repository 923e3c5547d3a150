"""Render the documentation screenshots into docs/screenshots/ (headless, with the dummy video driver).

    .venv/bin/python tools/screenshots.py            # all screenshots
    .venv/bin/python tools/screenshots.py --timing   # also: startup to first frame, table frame times

Screens: main menu (zh and en), settings, rules reference (top and the 卡当
examples), new game, about, a tile gallery (all 28 kinds and the back in both
palettes, at a large and a small size) and the demo table at 1280x720, 1024x640
and 1920x1080. Settings are not touched (everything runs in a temporary home).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HARBIN_MAHJONG_HOME", tempfile.mkdtemp(prefix="hm-shots-"))

import pygame  # noqa: E402

from game.benchmarks.renderer import bench  # noqa: E402
from game.paths import app_paths  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.kit.fonts import FontBook  # noqa: E402
from game.ui.kit.theme import COLOURS  # noqa: E402
from game.ui.kit.tileart import TileArt, metrics  # noqa: E402
from game.ui.kit.widgets import Backdrop, draw_text  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.table.demo_picture import render_demo  # noqa: E402


def shoot(
    name: str, scene_name: str, lang: str = "zh", size: tuple[int, int] = (1280, 720), after: str = ""
) -> Path:
    """Open a screen in a fresh app, let it settle, optionally act on it, and save the window."""
    from game.ui.app import open_scene

    app = App(app_paths().ensure(), Settings(language=lang, animation_speed="off"), persist=False, size=size)  # type: ignore[arg-type]
    try:
        open_scene(app, scene_name)
        for _ in range(3):
            app.step(1 / 60)
        top: Scene | None = app.scenes.top
        if after == "kadang" and top is not None:
            doc = getattr(top, "doc", None)
            heading = next(y for y, text in doc.headings if text in ("卡当", "Kadang")) if doc else 0
            top.scroll.offset = min(top.scroll.max_offset, float(heading - app.px(8)))  # type: ignore[attr-defined]
            app.step(1 / 60)
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        app.shutdown()


def gallery() -> Path:
    """All 28 kinds and the back, both palettes, large and small, with their codes."""
    pygame.display.init()
    pygame.font.init()
    window = pygame.Window("gallery", (1280, 760))
    surface = window.get_surface()
    fonts = FontBook()
    surface.blit(Backdrop().felt(surface.get_size()), (0, 0))
    kinds: list[int | None] = [*range(28), None]
    y = 18
    for palette, title in (
        ("classic", "传统配色 Traditional"),
        ("colourblind", "色弱友好 Colour-blind safe"),
    ):
        art = TileArt(fonts, palette)  # type: ignore[arg-type]
        draw_text(surface, fonts, title, (24, y), 22, COLOURS.gold, "bold")
        y += 36
        big = 62
        m = metrics(big)
        for row, chunk in enumerate((kinds[0:9], kinds[9:18], kinds[18:27])):
            x = 24
            for kind in chunk:
                surface.blit(art.shadow(big), (x + 3, y + 4))
                surface.blit(art.tile(kind, big), (x, y))
                x += big + 8
            if row == 0:
                x += 24
                for kind in kinds[27:]:
                    surface.blit(art.shadow(big), (x + 3, y + 4))
                    surface.blit(art.tile(kind, big), (x, y))
                    x += big + 8
            if row == 1:
                # the same faces small, as on the wall and in rivers
                sx = 24 + 9 * (big + 8) + 24
                for i, kind in enumerate(kinds):
                    sw = 22
                    surface.blit(
                        art.tile(kind, sw),
                        (sx + (i % 15) * (sw + 3), y + (i // 15) * (metrics(sw).height + 4)),
                    )
                draw_text(
                    surface, fonts, "22 px", (sx, y + 2 * (metrics(22).height + 4)), 13, COLOURS.text_dim
                )
            if row == 2:
                sx = 24 + 9 * (big + 8) + 24
                corner = TileArt(fonts, palette, corner_index=True)  # type: ignore[arg-type]
                for i, kind in enumerate((4, 13, 22, 27)):
                    surface.blit(corner.tile(kind, 48), (sx + i * 54, y))
                draw_text(
                    surface, fonts, "corner index", (sx, y + metrics(48).height + 4), 13, COLOURS.text_dim
                )
            y += m.height + 10
        y += 16
    path = OUT / "tile_gallery.png"
    pygame.image.save(surface, str(path))
    window.destroy()
    return path


def timing() -> None:
    """Print startup-to-first-frame (fresh processes) and table frame times."""
    code = (
        "import time; t0 = time.perf_counter()\n"
        "from game.ui.app import App, open_scene\n"
        "from game.paths import app_paths\n"
        "from game.settings import Settings\n"
        "app = App(app_paths().ensure(), Settings(), persist=False)\n"
        "open_scene(app, 'menu'); app.step(1/60)\n"
        "print(round((time.perf_counter() - t0) * 1000))\n"
        "app.shutdown()\n"
    )
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
        )
        wall = (time.perf_counter() - start) * 1000
        runs.append((int(out.stdout.strip().splitlines()[-1]), round(wall)))
    print("startup: in-process import->first frame ms, whole process ms:", runs)
    for size in ((1280, 720), (1920, 1080)):
        stats = bench(size, 600)
        print(f"table frame {size[0]}x{size[1]}: " + ", ".join(f"{k} {v:.2f}" for k, v in stats.items()))


def main() -> int:
    """Render every screenshot (and, with --timing, print the timings)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timing", action="store_true", help="also measure startup and frame times")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    made = [
        shoot("main_menu", "menu", "zh"),
        shoot("main_menu_en", "menu", "en"),
        shoot("settings", "settings", "zh"),
        shoot("rules_kadang", "rules", "zh", after="kadang"),
        shoot("rules_en", "rules", "en", after="kadang"),
        shoot("new_game", "newgame", "zh"),
        shoot("about", "about", "en"),
        shoot("main_menu_1024x640", "menu", "zh", size=(1024, 640)),
        gallery(),
        render_demo(OUT / "table_demo.png", (1280, 720), "zh"),
        render_demo(OUT / "table_demo_1024x640.png", (1024, 640), "zh"),
        render_demo(OUT / "table_demo_1920x1080.png", (1920, 1080), "en"),
        render_demo(OUT / "table_demo_colourblind.png", (1280, 720), "zh", "colourblind"),
    ]
    for path in made:
        print(path.relative_to(ROOT))
    if args.timing:
        timing()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
