"""Issue 22: the result screen says how the hand ended in a full sentence in either language (it read
"opposite player win · off You")."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.words.settlement import win_sentence
from tests.ui.scene_catalogue import hand_result
from tests.ui.textfit import fit_app


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "You won by self-draw, on a kadang (middle-tile wait)"), ("zh", "你自摸胡牌，卡当")],
)
def test_the_hand_result_says_the_win_in_a_sentence(isolated_home: Path, lang: str, expected: str) -> None:
    with fit_app((1280, 720), lang) as app:
        hand_result(app)
        result = app.scenes.top
        title = result.title()
        kadang = result.view.result.kadang
        assert title == (expected if kadang else expected.split("，")[0].split(", on")[0])


def test_a_win_on_a_discard_names_both_seats() -> None:
    en = win_sentence("ron", "the opposite player", "you", False, "en")
    assert en == "The opposite player won with the tile you discarded"
    assert win_sentence("ron", "对家", "你", False, "zh") == "对家胡了你打出的牌"
    assert win_sentence("mobao", "you", None, False, "en") == "You won by drawing the bao"
    assert win_sentence("ron", "the next player", None, False, "en") == "The next player won on a discard"


def test_the_english_result_screen_heads_its_rows_with_capitals(isolated_home: Path) -> None:
    """The 宝 row's label starts with a capital as "Settlement" and "Scores" do (it read "bao"), and so does
    the dealer's badge, as on the plates (it read "dealer")."""
    from tests.ui.harness import record_text

    with fit_app((1280, 720), "en") as app:
        hand_result(app)
        drawn = record_text(app)
        app.scenes.top.rebuild()
        app.step(1 / 60)
        assert "Bao" in drawn and "Settlement" in drawn
        assert "bao" not in drawn
        assert "Dealer" in drawn and "dealer" not in drawn  # the dealer's badge beside its name


def test_the_english_bao_panel_labels_its_waits_with_a_capital(isolated_home: Path) -> None:
    """After 听 the left column's 宝 panel heads the wait tiles with "Waits" (it read "waits")."""
    from tests.ui.harness import record_text
    from tests.ui.scene_catalogue import to_locked

    with fit_app((1280, 720), "en") as app:
        table = to_locked(app)
        drawn = record_text(app)
        table.rebuild()
        app.step(1 / 60)
        assert table.panels.bao_figures is not None
        assert "Waits" in drawn and "waits" not in drawn
