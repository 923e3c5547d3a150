"""A settlement row is structured data: the win it is based on and the named factors behind its amount.

Its log form (the note and the factor codes) is written from the structure and reads back into the same
structure for every settlement the scoring makes; the result words are made from the structure alone.
"""

from __future__ import annotations

import itertools

import pytest

from game.core.events import Settled, event_from_json
from game.core.payment import Factor, Payment, basis_of, note_of
from game.core.rules import PRESETS
from game.core.scoring import WIN_KINDS, WinSpec, kong_payments, settle, totals
from game.ui.words.settlement import payment_words

RULES = [PRESETS[name] for name in PRESETS] + [PRESETS["DQ"].replace(cap=4), PRESETS["S0"].replace(cap=2)]


def every_row() -> list[Payment]:
    """The rows of every win kind, 卡当 or not, a 门清 loser or not, a ready discarder or not, 包牌 or not,
    under every preset (and two capped), and the Sichuan kong rows."""
    rows: list[Payment] = []
    for rules, kind, kadang, closed, ready, liable in itertools.product(
        RULES, WIN_KINDS, (False, True), (False, True), (False, True), (False, True)
    ):
        discarder = 1 if kind in ("ron", "qianggang") else None
        if ready and discarder is None:
            continue
        menqing = frozenset({3}) if closed else frozenset()
        spec = WinSpec(kind, 2, 0, discarder, ready, kadang, menqing, liable, kezi=1)
        rows.extend(settle(spec, rules.replace(dealer_bonus=liable)))
    for kind in ("minggang", "angang", "jiagang"):
        rows.extend(kong_payments(kind, 0, 1, PRESETS["standard"].replace(kong_points="sichuan")))
    return rows


def test_every_row_names_its_win_and_factors_and_reads_back_the_same() -> None:
    rows = every_row()
    names = {f.name for row in rows for f in row.basis}
    assert names >= {"discarder_ting", "discarder_not_ting", "menqing", "kadang", "cap", "dealer", "mobao"}
    for row in rows:
        if row.reason != "dealer_bonus":
            assert row.win, row
        assert Payment.from_record(
            row.payer, row.payee, row.amount, row.reason, row.for_seat, row.note, row.factors
        ) == row
        assert basis_of(row.note, row.factors) == (row.win, row.basis)
    event = Settled(tuple(rows), tuple(totals(rows)), tuple(totals(rows)))
    assert event_from_json(event.to_json()) == event


def test_the_log_form_is_the_one_the_program_always_wrote() -> None:
    spec = WinSpec("mobao", 0, 0, kadang=True, menqing=frozenset({3}))
    closed = next(r for r in settle(spec, PRESETS["standard"]) if r.payer == 3)
    assert closed.note == "mobao, kadang x2" and closed.factors == ()
    spec = WinSpec("ron", 0, 2, discarder=1, kadang=True)
    share = next(r for r in settle(spec, PRESETS["S1"]) if r.for_seat is None)
    assert share.note == "ron, discarder not listening, kadang x2"
    rows = settle(WinSpec("zimo", 0, 0, menqing=frozenset({3})), PRESETS["S0"])
    flat = next(r for r in rows if r.payer == 3)
    assert flat.note == "zimo, menqing (double)" and flat.basis == (Factor("menqing", detail="double"),)
    capped = settle(WinSpec("baozhongbao", 0, 0, kadang=True), PRESETS["DQ"].replace(cap=4))[0]
    assert capped.note == "baozhongbao, dealer x2, self_drawn x2, kadang x2, baozhongbao x2, capped at 4"
    assert capped.factors == ("dealer", "self_drawn", "kadang", "baozhongbao", "cap")
    assert {"payer", "payee", "amount", "reason", "note", "factors", "win", "basis"} <= set(capped.to_dict())


def test_an_unknown_part_of_a_written_note_is_kept_as_written() -> None:
    win, basis = basis_of("ron, a_new_fact, new x3, capped at 9", ("new",))
    assert win == "ron" and basis == (
        Factor("other", detail="a_new_fact"),
        Factor("new", times=3, doubling=True),
        Factor("cap", value=9),
    )
    assert note_of(win, basis) == "ron, a_new_fact, new x3, capped at 9"
    assert basis_of("", ()) == ("", ())


def test_the_result_words_never_read_the_note(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = every_row()
    said = {lang: [payment_words(r, ["A", "B", "C", "D"], lang) for r in rows] for lang in ("zh", "en")}

    def no_note(self: Payment) -> str:
        raise AssertionError("the words read the note text")

    monkeypatch.setattr(Payment, "note", property(no_note))
    for lang in ("zh", "en"):
        assert [payment_words(r, ["A", "B", "C", "D"], lang) for r in rows] == said[lang]  # type: ignore[arg-type]
