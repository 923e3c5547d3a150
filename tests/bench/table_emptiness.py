"""Print how much of the table window holds nothing, mid-hand, at each size, tracker open and closed.

Run: ``python tests/bench/table_emptiness.py [--picture DIR]`` from the repository root (about 20 s). The
share is of 32x32 blocks with no detail (``tests/ui/emptiness.py``) on the catalogue's mid-hand table
(``tests/ui/scene_catalogue.py``), in English, headless. With ``--picture`` each size is also saved to
DIR as a PNG with its empty blocks tinted red, to see where they are. Issue 22's goal: at most 15 % at
1920x1080; the slow test ``tests/ui/test_table_composition.py`` guards today's figures.

``--sample N`` also measures N hands of four Normal players at 1920x1080, each stopped three times (at
55, 45 and 35 tiles left to draw, the person to discard; Normal hands seldom last much longer), and
prints the mean and the largest share at each moment: the catalogue's table is a busy late hand, and
early in a hand the rivers' rows are still empty (about 20 s for N = 6).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
"""The window sizes measured: the smallest the game allows, the default and a full-HD screen."""


def measure(size: tuple[int, int], tracker: bool, picture: Path | None) -> float:
    """The empty share of the mid-hand table at ``size`` (the tracker open or closed); saves the tinted
    picture under ``picture`` when given."""
    import pygame

    from tests.ui.emptiness import BLOCK, empty_blocks, show_mid_hand
    from tests.ui.textfit import fit_app

    with fit_app(size, "en", show_tracker=tracker) as app:
        show_mid_hand(app, tracker)
        blocks = empty_blocks(app.screen, app.backdrop.felt(size))
        if picture is not None:
            shot = app.screen.copy()
            tint = pygame.Surface((BLOCK, BLOCK), pygame.SRCALPHA)
            tint.fill((255, 0, 0, 110))
            for rect in blocks:
                shot.blit(tint, rect.topleft)
            name = f"empty_{size[0]}x{size[1]}_{'tracker' if tracker else 'no_tracker'}.png"
            pygame.image.save(shot, str(picture / name))
    w, h = size
    return len(blocks) / ((w // BLOCK) * (h // BLOCK))


SAMPLE_LIVE = (55, 45, 35)
"""The moments a sampled hand is measured at: tiles left to draw when the person is to discard."""


def sample(seeds: int, tracker: bool) -> dict[int, list[float]]:
    """The empty share at 1920x1080 of hands of four Normal players (seeds 1..``seeds``) at each of
    :data:`SAMPLE_LIVE`, by the tiles left."""
    from game.benchmarks.ui import late_hand_session
    from game.ui.table.scene import TableScene
    from tests.ui.emptiness import empty_fraction
    from tests.ui.textfit import fit_app

    size = (1920, 1080)
    shares: dict[int, list[float]] = {live: [] for live in SAMPLE_LIVE}
    with fit_app(size, "en", show_tracker=tracker) as app:
        for seed in range(1, seeds + 1):
            for live in SAMPLE_LIVE:
                session = late_hand_session(100 * seed, live=live, level="normal")
                session.catch_up()
                app.scenes.clear()
                app.push(TableScene(app, session))
                for _ in range(3):
                    app.step(1 / 60)
                shares[live].append(empty_fraction(app.screen, app.backdrop.felt(size)))
    return shares


def main(argv: list[str] | None = None) -> int:
    """Print one line per size and tracker setting."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--picture", type=Path, help="save each measured window, empty blocks tinted, here")
    parser.add_argument(
        "--sample", type=int, default=0, metavar="N", help="also measure N hands of Normal play"
    )
    args = parser.parse_args(argv)
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        os.environ.setdefault(name, value)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.picture is not None:
        args.picture.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:  # the app's settings and saves go nowhere that matters
        os.environ["HOME"] = home
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home
        for size in SIZES:
            for tracker in (True, False):
                share = measure(size, tracker, args.picture)
                label = "tracker open  " if tracker else "tracker closed"
                print(f"{size[0]}x{size[1]:<5} {label} {100 * share:5.1f} % holds nothing")
        for tracker in (False, True) if args.sample > 0 else ():
            label = "tracker open  " if tracker else "tracker closed"
            for live, shares in sample(args.sample, tracker).items():
                mean = 100 * sum(shares) / len(shares)
                print(
                    f"1920x1080  {label} {live:2d} left, {len(shares)} hands of Normal play: "
                    f"mean {mean:4.1f} %, largest {100 * max(shares):4.1f} %"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
