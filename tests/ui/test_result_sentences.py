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
