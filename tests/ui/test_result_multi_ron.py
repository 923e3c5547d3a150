"""一炮多响 (the multi_ron variant) on the hand result: both winners are named and lit, every winner's
payments are listed, and each seat's change is the hand's whole change (it showed the first winner only,
with the first settlement's changes beside scores that held both)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.events import Hu, Settled
from game.core.view import view
from game.glossary import Lang
from game.paths import app_paths
from game.seats import seat_word
from game.settings import Settings
from game.table.results import HandResult, further_wins
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.screens.results import HandResultScene
from game.ui.words.settlement import payment_words
from tests.test_rules_followups import _scenario, run_scenario
from tests.ui.harness import record_text


def _drawn_strings(lang: Lang) -> tuple[list[str], HandResult, Any]:
    """Draw the scenario's hand result (seen from the discarder, N) and return every string drawn."""
    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    assert run.ok, run.error
    seen = view(run.game.state, 3)
    result = HandResult(seen, ("E", "S", "W", "N"), ("normal", "normal", "normal", None), True,
                        further=further_wins(run.events, seen.hand_no))  # fmt: skip
    app = App(
        app_paths().ensure(), Settings(language=lang, animation_speed="off"), persist=False, size=(1920, 1080)
    )
    app.push(MainMenu(app))
    scene = HandResultScene(app, result, lambda: None, lambda: None)
    app.push(scene)
    drawn = record_text(app)
    scene.draw(app.screen)
    app.shutdown()
    return drawn, result, run


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_both_winners_of_one_discard_are_on_the_hand_result(isolated_home: object, lang: Lang) -> None:
    drawn, result, run = _drawn_strings(lang)
    wins = [e for e in run.events if isinstance(e, Hu)]
    settled = [e for e in run.events if isinstance(e, Settled) and e.final]
    assert result.winners == (1, 2) and len(result.further) == 1
    title = next(t for t in drawn if seat_word(1, 3, lang) in t.lower() and seat_word(2, 3, lang) in t)
    assert seat_word(3, 3, lang) in title  # the discarder (the viewer: 你 / you)
    assert title[:1] == title[:1].upper()  # a sentence
    for row in (*settled[0].payments, *settled[1].payments):  # every winner's payments are listed
        who, _why = payment_words(row, list(result.names), lang)
        assert who in drawn, who
    whole = [a + b for a, b in zip(settled[0].deltas, settled[1].deltas, strict=True)]
    assert result.deltas == tuple(whole) == (0, 14, 7, -21)
    assert "-21" in drawn and "+7" in drawn and "+14" in drawn
    assert len(wins) == 2
