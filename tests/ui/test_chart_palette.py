"""Issue 22: the colour-blind palette reaches the match result's standings and chart (they kept the
red/green seat colours)."""

from __future__ import annotations

from pathlib import Path

from game.ui.screens.results import COLOURBLIND_SEATS, SEAT_COLOURS, seat_colours
from tests.ui.scene_catalogue import CATALOGUE
from tests.ui.textfit import fit_app


def _count(app: object, colours: tuple[tuple[int, int, int], ...]) -> int:
    """Pixels of the screen in any of these exact colours."""
    screen = app.screen  # type: ignore[attr-defined]
    wanted = set(colours)
    w, h = screen.get_size()
    return sum(1 for x in range(0, w, 2) for y in range(0, h, 2) if screen.get_at((x, y))[:3] in wanted)


def test_the_standings_chart_follows_the_colour_blind_palette(isolated_home: Path) -> None:
    assert seat_colours("colourblind") == COLOURBLIND_SEATS and seat_colours("classic") == SEAT_COLOURS
    red_green = (SEAT_COLOURS[2], SEAT_COLOURS[3])
    with fit_app((1280, 720), "en", tile_palette="colourblind") as app:
        CATALOGUE["match result"](app)
        for _ in range(3):
            app.step(1 / 60)
        assert _count(app, COLOURBLIND_SEATS) > 200
        assert _count(app, red_green) == 0, "the red and green seat colours are still drawn"
    with fit_app((1280, 720), "en") as app:
        CATALOGUE["match result"](app)
        for _ in range(3):
            app.step(1 / 60)
        assert _count(app, red_green) > 100
