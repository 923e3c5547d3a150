"""Issue 22's floor for text, on every screen: at the smallest window (1024x640), in both languages, no line
any screen of the catalogue draws is under 12 px (the hand result's set names and the match figures' counts
were 9-10 px, the rule card's tile names 10 px)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.scene_catalogue import CATALOGUE
from tests.ui.textfit import fit_app, record_frame


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_text_under_12_px_on_any_screen_at_the_smallest_window(isolated_home: Path, lang: str) -> None:
    small: dict[str, list[tuple[str, int]]] = {}
    for name, opener in CATALOGUE.items():
        with fit_app((1024, 640), lang) as app:
            least = app.fonts.size("Ag中", 12)[1]  # the line height of 12 px text
            opener(app)
            drawn = [d for d in record_frame(app) if d.surface_size == (1024, 640)]
            found = sorted({(d.text, d.rect.h) for d in drawn if d.rect.h < least})
            if found:
                small[name] = found[:5]
    assert not small, small
