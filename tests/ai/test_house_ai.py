"""The AI under the room options of RULES.md §6 (R43-R49): each switch moves a decision the right way.

Every position is a small table where one choice flips when one switch is turned on, for the
reason the rule gives; the values behind it are the core's own settlement.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai.advisor import Advisor
from game.ai.audit import AuditReport, _Checker, _Log, _Position
from game.ai.hand import HandMemo
from game.ai.reasons import render_reason
from game.ai.situation import situation
from game.ai.value import deal_in_loss, ready_value, win_points
from game.cli.main import main
from game.core.analysis.ting import Wait
from game.core.match import Game
from game.core.rules import PRESETS, RuleSet
from game.core.scoring import WinSpec, settle, totals
from game.core.tiles import ZHONG, parse_kinds
from tests.ai.helpers import arrange, best, describe, seat_view, table

OPEN_E = {"E": [("peng", "111m"), ("chi", "234p")]}
"""East's melds in most positions: open, with a 幺九 triplet and a sequence (the hand conditions met)."""


def _top(game: Game, level: str = "expert") -> str:
    return describe(best(game, "E", level)[0])


def _kind(code: str) -> int:
    return parse_kinds(code)[0]


# ------------------------------------------------------------------------------ R43 红中满天飞


def _red_or_dots(rules: RuleSet) -> Game:
    """East declares either way: on the Red Dragon (3 unseen) or on 5 Dots (2 unseen)."""
    return arrange(turn="E", hands={"E": "567s 789s 中 5p"}, melds=OPEN_E, rivers={"S": "5p"}, rules=rules)


def test_red_dragon_draws_make_the_other_wait_better() -> None:
    # Standard: the wait with more unseen copies (Red Dragon) wins more often.
    assert _top(_red_or_dots(RuleSet())) == "ting 5p"
    # 红中满天飞: once ready, every drawn Red Dragon wins as the bao anyway; waiting on 5 Dots
    # adds its two copies to the three Red Dragons instead of spending the Red Dragons as the wait.
    assert _top(_red_or_dots(RuleSet(hongzhong_bao=True))) == "ting 7z"


def test_a_ready_hand_counts_red_dragon_draws_as_bao_wins() -> None:
    waits = (Wait(_kind("5p"), False),)
    plain = ready_value(situation(seat_view(_red_or_dots(RuleSet()), "E")[0], HandMemo()), waits)
    game_hz = _red_or_dots(RuleSet(hongzhong_bao=True))
    sit = situation(seat_view(game_hz, "E")[0], HandMemo())
    red = ready_value(sit, waits)
    assert sit.unseen[ZHONG] == 3
    # the bao is hidden from a seat that is not ready: 红中 wins on top of the bao unless it is the bao
    extra = 3 * (1 - 3 / sit.pool) / sit.pool
    assert red.rate == pytest.approx(plain.rate + extra)
    assert red.value > plain.value  # those wins are paid as 摸宝 (3 each), not 自摸 (2 each)


# ------------------------------------------------------------------------------ R44 支对


def _two_pairs(rules: RuleSet, river: str) -> Game:
    """East's 3 Characters discard leaves 55p 88s 567s: a 对倒 on 5 Dots and 8 Bamboo."""
    return arrange(turn="E", hands={"E": "55p 88s 567s 3m"}, melds=OPEN_E, rivers={"S": river}, rules=rules)


@pytest.mark.parametrize(("river", "lock", "other"), [("5p", "8s", "5p"), ("8s 8s", "5p", "8s")])
def test_zhidui_locks_the_pair_with_more_unseen_copies(river: str, lock: str, other: str) -> None:
    game = _two_pairs(RuleSet(zhidui=True), river)
    ranked = best(game, "E")
    top = ranked[0]
    assert describe(top) == f"ting 3m zhidui {lock}"
    assert top.reason.kind == "ting_zhidui"
    assert top.reason.params["keep"] == _kind(lock) and top.reason.params["waits"] == [_kind(lock)]
    notes = {n.kind: n.params for n in top.reason.notes}
    assert notes["zhidui_more"]["alt"] == _kind(other)
    assert notes["zhidui_vs_plain"]["alt_waits"] == sorted([_kind("5p"), _kind("8s")])
    text = render_reason(top.reason, "en")
    assert "lock the" in text and "kadang" in text and "has more left than the other pair" in text
    # the plain 对倒 (two tiles, no kadang) ranks below the better lock; Normal locks it too
    order = [describe(d) for d in ranked]
    assert order.index(f"ting 3m zhidui {lock}") < order.index("ting 3m")
    assert _top(game, "normal") == f"ting 3m zhidui {lock}"


def test_without_zhidui_there_is_nothing_to_lock() -> None:
    assert _top(_two_pairs(RuleSet(), "5p")) == "ting 3m"


def test_the_hints_audit_checks_every_zhidui_claim() -> None:
    game = _two_pairs(RuleSet(zhidui=True), "5p")
    v, legal = seat_view(game, "E")
    log = _Log()
    log.state = game.state
    report = AuditReport()
    decisions = Advisor("expert").rank(v, legal)
    for d in decisions:
        _Checker(report, _Position(log, 0, legal), {}).check(d.reason, d.action)
    assert report.claims_checked > 20
    assert not report.false_claims, report.examples
    # a lock said to be the other pair, or a plain 听 said of a locking one, is caught
    top = decisions[0]
    wrong = replace(top.reason, params={**top.reason.params, "keep": _kind("5p"), "waits": [_kind("5p")]})
    _Checker(report, _Position(log, 0, legal), {}).check(wrong, top.action)
    plain = next(d for d in decisions if describe(d) == "ting 3m")
    _Checker(report, _Position(log, 0, legal), {}).check(plain.reason, top.action)
    assert report.false_claims["zhidui_lock"] >= 2


# ------------------------------------------------------------------------------ R46 all_double, R48 cap


def _kadang_or_wider(rules: RuleSet) -> Game:
    """Discard 5 Bamboo for a kadang on 3 Bamboo, or 2 Bamboo to wait on 3 and 6 Bamboo."""
    return arrange(turn="E", hands={"E": "99p 244556s"}, melds=OPEN_E, rules=rules)


def test_a_cap_takes_the_kadang_doubling_away() -> None:
    assert _top(_kadang_or_wider(RuleSet())) == "ting 5s"  # the kadang pays double
    assert _top(_kadang_or_wider(RuleSet(scoring="all_double"))) == "ting 5s"  # a factor too
    # 封顶 2: every share is at most 2 whatever doubles it, so the wider wait is worth more
    assert _top(_kadang_or_wider(RuleSet(cap=2))) == "ting 2s"
    assert _top(_kadang_or_wider(RuleSet(scoring="all_double", cap=2))) == "ting 2s"


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(scoring="all_double"), RuleSet(cap=2), PRESETS["DQ"]])
def test_win_values_are_the_cores_settlement(rules: RuleSet) -> None:
    game = arrange(turn="E", hands={"E": "99p 244556s"}, melds=OPEN_E, dealer="S", rules=rules)
    sit = situation(seat_view(game, "E")[0], HandMemo())
    menqing = frozenset({1, 2, 3})  # the other seats hold no melds
    for kind in ("zimo", "mobao", "baozhongbao"):
        for kadang in (False, True):
            spec = WinSpec(kind, 0, dealer=1, kadang=kadang, menqing=menqing)  # type: ignore[arg-type]
            assert win_points(sit, kind, kadang) == totals(settle(spec, rules))[0]  # type: ignore[arg-type]


def test_the_r46_worked_example_is_what_a_deal_in_costs() -> None:
    """RULES.md R46: East (dealer) wins on South's discard, kadang, West 门清: South pays 8 for
    itself, 8 for West and 4 for North; with 包三家 all 20."""
    melds = {"S": [("peng", "111m")], "N": [("peng", "999m")]}
    dq = PRESETS["DQ"]
    sit = situation(seat_view(arrange(turn="S", hands={}, melds=melds, rules=dq), "S")[0], HandMemo())
    assert sit.open_seats == (False, True, False, True)
    assert deal_in_loss(sit, 0, False, True) == 20
    assert deal_in_loss(sit, 0, False, False) == 10
    own = dq.replace(baosanjia="never")
    sit = situation(seat_view(arrange(turn="S", hands={}, melds=melds, rules=own), "S")[0], HandMemo())
    assert deal_in_loss(sit, 0, False, True) == 8


# ------------------------------------------------------------------------------ R47 包三家


def _ready_north(rules: RuleSet, hand: str = "567s 789s 2s 7p") -> Game:
    """North is ready; 2 Bamboo was discarded after its 听 (sure-safe). East declares either by
    discarding 7 Dots (a wait on 2 Bamboo, 2 unseen) or by discarding 2 Bamboo (a wait on 7 Dots, 1)."""
    return table(
        turn="E",
        hands={"E": hand, "N": "456s 78p 55m"},
        melds={**OPEN_E, "N": [("peng", "999m"), ("chi", "123p")]},
        rivers={"N": "1m 2s", "S": "7p 7p"},
        ting="N",
        tings={"N": 0},
        order="S S N N",
        rules=rules,
    )


def test_baosanjia_makes_the_declaring_discard_as_costly_as_any() -> None:
    # Standard: a ready discarder pays only its own share, so the better wait is worth the risk.
    top = best(_ready_north(RuleSet()), "E")[0]
    assert describe(top) == "ting 7p"
    assert any(n.kind == "ting_risk" for n in top.reason.notes)
    # 包三家 always: dealing in with the declaring discard pays all three shares: the safe tile
    always = RuleSet(baosanjia="always")
    top = best(_ready_north(always), "E")[0]
    assert describe(top) == "ting 2s"
    assert any(n.kind == "safe_sure" for n in top.reason.notes)
    # a kadang still worth the risk: its hint says what a deal-in costs at this table
    for rules, note in ((RuleSet(), "ting_risk"), (always, "ting_risk_covers")):
        risky = best(_ready_north(rules, "99p 244556s"), "E")[0]
        assert describe(risky) == "ting 5s"
        assert any(n.kind == note for n in risky.reason.notes)


def test_the_audit_holds_deal_in_notes_to_the_table_rules() -> None:
    game = _ready_north(RuleSet(baosanjia="always"), "99p 244556s")
    v, legal = seat_view(game, "E")
    log = _Log()
    log.state = game.state
    top = Advisor("expert").rank(v, legal)[0]
    report = AuditReport()
    _Checker(report, _Position(log, 0, legal), {}).check(top.reason, top.action)
    assert report.claims_checked > 10 and not report.false_claims, report.examples
    # the standard note ("once ready a deal-in costs only your own share") is false at this table
    notes = top.reason.notes
    said = tuple(replace(n, kind="ting_risk") if n.kind == "ting_risk_covers" else n for n in notes)
    _Checker(report, _Position(log, 0, legal), {}).check(replace(top.reason, notes=said), top.action)
    assert report.false_claims["rule"] == 1


def test_deal_in_costs_follow_who_covers() -> None:
    game = _ready_north(RuleSet())
    costs = {}
    for mode in ("non_listening", "always", "never"):
        sit = situation(seat_view(_ready_north(RuleSet(baosanjia=mode)), "E")[0], HandMemo())  # type: ignore[arg-type]
        costs[mode] = (deal_in_loss(sit, 3, True, False), deal_in_loss(sit, 3, False, False))
    # South and West hold no melds: 门清 losers pay 3 on a 点炮 (R37)
    assert costs["non_listening"] == (1, 3 + 3 + 3)
    assert costs["always"] == (1 + 3 + 3, 3 + 3 + 3)
    assert costs["never"] == (1, 3)
    assert game.state.ting[3]


# ------------------------------------------------------------------------------ R29/R45 冲宝, R49 明宝


def _bao_is(rules: RuleSet, bao: str) -> Game:
    return arrange(
        turn="E", hands={"E": "567s 789s 中 5p"}, melds=OPEN_E, rivers={"S": "5p"}, bao=bao, rules=rules
    )


def test_a_public_bao_that_is_a_wait_wins_at_once_by_chongbao() -> None:
    public = RuleSet(bao_visibility="public", chongbao=True)
    # 明宝 5 Dots: declaring on 5 Dots wins at once (冲宝), whatever the wait's width
    assert _top(_bao_is(public, "5p")) == "ting 7z"
    assert _top(_bao_is(public, "3m")) == "ting 5p"
    # without 冲宝, or with the 宝 hidden from a seat that is not ready, it does not count
    assert _top(_bao_is(RuleSet(bao_visibility="public"), "5p")) == "ting 5p"
    hidden = RuleSet(chongbao=True)
    v5, legal = seat_view(_bao_is(hidden, "5p"), "E")
    v3, _ = seat_view(_bao_is(hidden, "3m"), "E")
    assert v5.bao is None and v3.bao is None
    assert Advisor("expert").scores(v5, legal)[0][1] == Advisor("expert").scores(v3, legal)[0][1]


# ------------------------------------------------------------------------------ the tournament under DQ


def test_the_tournament_plays_under_a_preset_and_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--challenger", "normal", "--baseline", "greedy", "--seeds", "1-2",
                 "--rules", "DQ", "--rule", "cap=16", "--workers", "1", "--json"])  # fmt: skip
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 8 and out["refusals"] == 0
    assert out["rules"]["hongzhong_bao"] is True and out["rules"]["scoring"] == "all_double"
    assert out["rules"]["cap"] == 16 and out["rules"]["baosanjia"] == "always"
