"""The hand result says every payment in the glossary's words: no code of the scoring rows reaches a player.

Every win kind is settled under the Harbin standard and under the 大庆 preset (every factor doubles,
the discarder covers all), with and without 卡当, 门清 losers, the dealer winning or paying and a
封顶 cap; each settlement is drawn on the real hand-result screen in Chinese and English, and every
string the screen draws is checked for internal ids.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.events import Hu, Settled
from game.core.payment import Factor, Payment
from game.core.rules import PRESETS, RuleSet
from game.core.scoring import DOUBLING_FACTORS, WIN_KINDS, WinSpec, settle, totals
from game.core.view import view
from game.glossary import Lang
from game.paths import app_paths
from game.settings import Settings
from game.table.results import HandResult
from game.ui.app import App
from game.ui.screens.menu import MainMenu
from game.ui.screens.results import HandResultScene
from game.ui.words.settlement import basis_words, payment_words, win_word
from tests.table_fixtures import scripted_game
from tests.text_checks import problems
from tests.ui.harness import record_text
from tests.ui.settlement_grid import grid, summary

CODES = re.compile(r"_|\bx\d|\b(" + "|".join(WIN_KINDS) + r"|menqing|flat3|covers|listening|hu)\b")
"""A scoring code or a note's raw words (``ron, menqing (flat3), kadang x2``, ``self_drawn``, the
``covers`` reason) as they would leak if a row were shown as stored; the English glossary words
(own share, dealer, kadang, dealt in ...) are not codes."""

RULES: dict[str, RuleSet] = {
    "standard": PRESETS["standard"],
    "DQ": PRESETS["DQ"],
    "DQ capped": PRESETS["DQ"].replace(cap=8),
    "standard capped, dealer bonus": PRESETS["standard"].replace(cap=2, dealer_bonus=True),
}


def specs() -> Iterator[WinSpec]:
    """Every win kind, winner dealer or not, 卡当 or not, a 门清 loser or not."""
    for kind, kadang, winner, closed in itertools.product(WIN_KINDS, (False, True), (0, 2), (False, True)):
        discarder = 1 if kind in ("ron", "qianggang") else None
        menqing = frozenset({3}) if closed else frozenset()
        yield WinSpec(kind, winner, dealer=0, discarder=discarder, kadang=kadang, menqing=menqing)


def leaks(text: str, lang: Lang) -> list[str]:
    """Internal ids or raw codes in one drawn string."""
    found = problems(text, lang)
    if lang == "en":
        found += [f"a scoring code: {m.group(0)!r}" for m in CODES.finditer(text)]
    else:
        found += [f"Latin in Chinese: {m.group(0)!r}" for m in re.finditer(r"[A-Za-z_]{2,}", text)]
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_payment_row_is_said_in_glossary_words(lang: Lang) -> None:
    names = NAMES[lang]
    seen_factors: set[str] = set()
    for (label, rules), spec in itertools.product(RULES.items(), specs()):
        for row in settle(spec, rules):
            seen_factors.update(row.factors)
            who, why = payment_words(row, names, lang)
            assert not leaks(who + " " + why, lang), (label, spec, row, why)
    assert seen_factors == {*DOUBLING_FACTORS, "cap"}  # every factor was shown at least once
    assert not leaks(win_word("ron", lang), lang)


def test_an_all_double_payment_names_each_factor_and_the_cap() -> None:
    spec = WinSpec("ron", 0, dealer=0, discarder=1, kadang=True, menqing=frozenset({2}))
    rows = settle(spec, PRESETS["DQ"].replace(cap=4))
    west = next(r for r in rows if r.for_seat == 2)
    assert west.factors == ("menqing", "dealer", "kadang", "cap")
    assert west.win == "ron" and west.basis == (
        Factor("menqing", times=2, doubling=True),
        Factor("dealer", times=2, doubling=True),
        Factor("kadang", times=2, doubling=True),
        Factor("cap", value=4),
    )
    assert basis_words(west, "en") == [
        "win on a discard",
        "doubled for each of: closed hand, dealer, kadang",
        "capped at 4",
    ]
    assert basis_words(west, "zh") == ["点炮", "翻倍：门清、庄家、卡当", "封顶 4"]


def test_a_points_payment_carries_its_facts_and_says_them() -> None:
    spec = WinSpec("ron", 0, dealer=2, discarder=1, kadang=True)
    discarder = next(r for r in settle(spec, PRESETS["S1"]) if r.for_seat is None)
    assert discarder.win == "ron"
    assert discarder.basis == (Factor("discarder_not_ting"), Factor("kadang", times=2))
    assert basis_words(discarder, "en")[0] == "win on a discard, discarder was not ready, kadang ×2"


def test_a_closed_loser_is_named_never_taken_for_the_winner() -> None:
    """门清 is the loser's: a closed loser pays 3. The row says so ("closed loser", 输家门清, as the rules say
    it), for the payer of its own share and for the seat a discarder pays for, so "You won … closed hand" is
    never read as the winner's own hand."""
    zimo = settle(WinSpec("zimo", 0, dealer=0, menqing=frozenset({1})), PRESETS["standard"])
    assert {r.payer: r.amount for r in zimo} == {1: 3, 2: 2, 3: 2}
    closed_row = next(r for r in zimo if r.payer == 1)
    assert payment_words(closed_row, NAMES["en"], "en")[1].endswith("self-drawn win, closed loser")
    assert payment_words(closed_row, NAMES["zh"], "zh")[1].endswith("自摸、输家门清")
    open_row = next(r for r in zimo if r.payer == 2)
    assert "closed" not in payment_words(open_row, NAMES["en"], "en")[1]
    ron = settle(WinSpec("ron", 0, dealer=0, discarder=1, menqing=frozenset({3})), PRESETS["standard"])
    covered = next(r for r in ron if r.for_seat == 3)
    assert covered.payer == 1 and covered.amount == 3
    assert payment_words(covered, NAMES["zh"], "zh")[1] == "包付 · 代上家 · 点炮、输家门清"
    assert payment_words(covered, NAMES["en"], "en") == (
        "Next → You",
        "pays for Previous · win on a discard, closed loser",
    )
    assert basis_words(covered, "zh") == ["点炮、输家门清"]


def test_the_result_screen_says_every_settlement_as_before() -> None:
    """Every payment row of the grid reads as it did before the rows became structured data (the words
    from settle and from a log line read back: tests/ui/settlement_grid.py)."""
    want = json.loads((Path(__file__).parent / "settlement_words.json").read_text(encoding="utf-8"))
    got = summary(grid())
    for lang in ("zh", "en"):
        assert got["phrases"][lang] == want["phrases"][lang], lang  # type: ignore[index]
    assert got == want


def test_an_unknown_code_is_shown_as_a_generic_word_never_as_itself() -> None:
    note = "ron, a_new_fact, a_new_factor x2"
    row = Payment.from_record(1, 0, 4, "a_new_reason", None, note, ("a_new_factor",))
    assert row.note == note and row.factors == ("a_new_factor",)  # kept as read
    for lang, words in (("en", ("payment", "other", "doubled")), ("zh", ("付分", "其他", "加倍"))):
        _, why = payment_words(row, ["A", "B", "C", "D"], lang)  # type: ignore[arg-type]
        assert "new" not in why and all(word in why for word in words), why
    assert win_word("a_new_kind", "en") == "win"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_hand_result_screen_draws_every_win_kind_without_an_internal_id(lang: Lang) -> None:
    app = App(
        app_paths().ensure(), Settings(language=lang, animation_speed="off"), persist=False, size=(1280, 720)
    )
    app.push(MainMenu(app))
    names = NAMES[lang]
    base = view(scripted_game().state, 0)
    scene = HandResultScene(
        app, HandResult(base, names, (None, "normal", "normal", "normal"), True), noop, noop
    )
    app.push(scene)
    drawn = record_text(app)
    checked = 0
    try:
        drawn_specs = [spec for spec in specs() if spec.kadang and spec.menqing]  # each kind, dealer or not
        for (label, rules), spec in itertools.product(RULES.items(), drawn_specs):
            rows = tuple(settle(spec, rules))
            hu = Hu(spec.winner, spec.kind, base.hand[0], spec.discarder, spec.kadang, base.hand[:13])
            deltas = tuple(totals(rows))
            scene.view = replace(
                base,
                rules=rules,
                result=hu,
                settlement=Settled(rows, deltas, deltas),
                revealed_hands=tuple(base.hand[:13] for _ in range(4)),
            )
            scene.shape = None
            drawn.clear()
            scene.draw(app.screen)
            text = "\n".join(drawn)
            assert names[spec.winner] in text and str(rows[0].amount) in text, (label, spec)
            found = [p for line in drawn for p in leaks(line, lang) if line not in names]
            assert not found, (label, spec, found)
            checked += 1
    finally:
        app.shutdown()
        pygame.quit()
    assert checked == len(RULES) * len(WIN_KINDS) * 2


NAMES: dict[str, list[str]] = {
    "zh": ["你", "下家", "对家", "上家"],
    "en": ["You", "Next", "Opposite", "Previous"],
}


def noop() -> None:
    """A result screen's callback that the test never needs."""


def test_each_seats_points_this_hand_sit_beside_its_name(isolated_home: Path) -> None:
    """The hand's points of each seat follow its name on the name's line, left of the settlement (out by
    the settlement rows, "-3" read as part of "Next → You 3")."""
    from tests.ui.scene_catalogue import CATALOGUE
    from tests.ui.textfit import fit_app, record_frame

    with fit_app((1280, 720), "en") as app:
        CATALOGUE["hand result"](app)
        frame = record_frame(app)
        top = max(d.layer for d in frame)
        drawn = [d for d in frame if d.layer == top]  # the result, not the table under it
        settlement = next(d.rect for d in drawn if d.text == app.tr("result.settlement"))
        for name in NAMES["en"]:
            label = next(d.rect for d in drawn if d.text == name or d.text.startswith(f"{name} · "))
            points = [
                d.rect
                for d in drawn
                if re.fullmatch(r"[+-]\d+|0", d.text) and abs(d.rect.top - label.top) <= 3
            ]
            assert points, f"no points on {name}'s line"
            beside = min(points, key=lambda r: r.left)
            assert 0 <= beside.left - label.right < 150, (name, label, beside)
            assert beside.right < settlement.left, (name, beside, settlement)
