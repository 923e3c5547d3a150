"""The prompt's words and the turn light agree in every frame. After a discard the light moves to the seat
that draws next; while the other seats answer the discard, the words say whose discard it is and that the
table waits for calls — never that a seat deciding whether to call "is thinking" (the mismatch a player saw:
one plate lit while the words named another seat)."""

from __future__ import annotations

import pygame
import pytest

from game.core.tiles import kind_of
from game.seats import capital
from game.ui.table.scene import TableScene
from game.ui.words.i18n import tr
from tests.table_fixtures import scripted_session
from tests.ui.harness import key, step, wait_for_ai
from tests.ui.test_table import make_app


def _table(lang: str) -> tuple[object, TableScene]:
    """The scripted table (the person against three AIs that never call) in a language."""
    app = make_app(lang=lang)
    table = TableScene(app, scripted_session())
    app.push(table)
    return app, table


def _check_words(table: TableScene, lang: str) -> str:
    """Assert the prompt agrees with the lit seat and the shown state; which wait it was ("calls",
    "thinking" or "")."""
    text = table.controls.status_text()
    if not text or table.controls.decision_token is not None or table.driver.hand_over:
        return ""
    shown = table.shown
    if shown.phase == "claim" and shown.last_discard is not None:
        thrower = table.seat_name(shown.turn)
        tile = table.tile_word(kind_of(shown.last_discard))
        assert text == capital(tr("table.status_calls", lang, seat=thrower, tile=tile))
        return "calls"
    lit = (table.frame.picture.turn + table.driver.seat) % 4
    for seat in range(4):
        if text == capital(tr("table.status_thinking", lang, seat=table.seat_name(seat))):
            assert seat == lit, (text, table.seat_name(lit))
            return "thinking"
    return ""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_prompt_names_the_seat_the_turn_light_is_on(lang: str) -> None:
    app, table = _table(lang)
    try:
        seen: set[str] = set()
        for _ in range(400):
            step(app)
            seen.add(_check_words(table, lang))
            if table.controls.decision_token is not None and not table.busy:
                if table.shown.phase == "claim":
                    key(app, pygame.K_SPACE, frames=0)  # 过
                else:
                    key(app, pygame.K_RIGHT, frames=0)  # select a tile (the dealer's first turn has no draw)
                    key(app, pygame.K_RETURN, frames=0)
            elif table.driver.hand_over:
                break
            else:
                wait_for_ai(table)
        assert {"calls", "thinking"} <= seen  # both kinds of wait were seen and their words checked
    finally:
        app.shutdown()  # type: ignore[attr-defined]
