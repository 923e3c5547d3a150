"""RULES.md §6 (R43-R49), the DQ preset and §7's settled ambiguities, with worked payments.

Each test names its row. Positions are written like the table (tests/positions.py);
the golden amounts are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.actions import Discard, Hu, Refusal
from game.core.analysis.ting import Wait
from game.core.engine import explain, step
from game.core.events import BaoReplaced, BaoRevealed, Event, Settled, TileDiscarded, TingDeclared
from game.core.events import Hu as HuEvent
from game.core.legal import legal_actions, self_draw_win
from game.core.match import Game
from game.core.rules import PRESETS, ROOM_OPTION_KEYS, RuleSet, build_rules
from game.core.scoring import WinSpec, settle, totals
from game.core.tiles import parse_kinds
from game.core.view import HIDDEN, event_view, view
from game.replay.logfile import load_log
from game.replay.verify import verify_events
from game.table.figures import winning_shape

from .helpers import pay, report, seats, waits
from .positions import SEATS, arrange, pass_all, play

STANDARD = RuleSet()
DQ = PRESETS["DQ"]
ALL_DOUBLE = STANDARD.replace(scoring="all_double")
KADANG_S = {"S": "46m 234p 77s"}
"""South's ready hand with one 卡当 wait, 5m (melds: chi 789s, peng 111p)."""
S_MELDS = {"S": [("chi", "789s"), ("peng", "111p")]}


def _net(events: list[Event]) -> dict[str, int]:
    total = [0, 0, 0, 0]
    for e in events:
        if isinstance(e, Settled):
            total = [a + b for a, b in zip(total, e.deltas, strict=True)]
    return dict(zip(SEATS, total, strict=True))


def _win(events: list[Event]) -> HuEvent:
    return next(e for e in events if isinstance(e, HuEvent))


def _kind(code: str) -> int:
    return parse_kinds(code)[0]


def _tile(game: Game, seat: str, code: str, skip: int | None = None) -> int:
    """A tile id of a kind in a seat's hand (not ``skip``)."""
    return next(t for t in game.state.hands[SEATS.index(seat)] if t >> 2 == _kind(code) and t != skip)


def _until_turn(game: Game, seat: str) -> list[Event]:
    """Everyone passes every call and throws the tile they draw until ``seat`` has drawn."""
    start = len(game.events)
    target = SEATS.index(seat)
    while not (game.state.phase == "discard" and game.state.turn == target):
        assert game.state.phase in ("claim", "rob", "discard"), game.state.phase
        if game.state.phase in ("claim", "rob"):
            pass_all(game)
        else:
            play(game, f"{SEATS[game.state.turn]} discard drawn")
    return game.events[start:]


def _rows(rows: list[object]) -> list[tuple[str, str | None, int, tuple[str, ...]]]:
    """Payment rows as (payer, for whom, amount, factors)."""
    out = []
    for r in rows:
        for_seat = None if r.for_seat is None else SEATS[r.for_seat]  # type: ignore[attr-defined]
        out.append((SEATS[r.payer], for_seat, r.amount, r.factors))  # type: ignore[attr-defined]
    return out


# --- R43 红中满天飞 --------------------------------------------------------------------------------


def _draws(
    tile: str, rules: RuleSet, bao: str = "3s", hand: dict[str, str] | None = None, **kw: object
) -> Game:
    """East throws its draw; South (ready) draws ``tile`` next."""
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", **(hand or KADANG_S)},
        melds=kw.pop("melds", S_MELDS),  # type: ignore[arg-type]
        ting="S",
        head=tile,
        bao=bao,
        rules=rules,
        **kw,  # type: ignore[arg-type]
    )
    play(game, "E discard drawn")
    if game.state.phase == "claim":
        pass_all(game)
    return game


def test_R43_hongzhong_bao_self_drawn_red_dragon_wins_as_mobao_with_kadang() -> None:
    game = _draws("7z", STANDARD.replace(hongzhong_bao=True))
    assert legal_actions(game.state, 1) == [Hu()]
    events = play(game, "S hu")
    win = _win(events)
    assert (win.kind, win.kadang, win.tile >> 2) == ("mobao", True, _kind("7z"))
    # 摸宝 3 per loser, ×2 for the 卡当 wait 46m→5m
    assert _net(events) == seats("E -6 S +18 W -6 N -6")
    off = _draws("7z", STANDARD)
    thrown = [e for e in off.events if isinstance(e, TileDiscarded) and e.seat == 1]
    assert thrown and thrown[-1].auto and thrown[-1].tile >> 2 == _kind("7z")
    assert not any(isinstance(e, HuEvent) for e in off.events)


def test_R43_hongzhong_bao_beats_a_natural_zhong_wait_and_changes_nothing_when_zhong_is_the_bao() -> None:
    single_zhong = {"S": "456p 789s 7z 234m"}  # C27: 中 单吊 with four sequences
    melds = {
        "S": [("chi", "123m")],
        "E": [("peng", "222p")],
        "W": [("peng", "333p")],
        "N": [("peng", "444s")],
    }
    natural = _draws("7z", STANDARD, hand=single_zhong, melds=melds)
    assert _win(play(natural, "S hu")).kind == "zimo"
    assert _net(natural.events) == seats("E -2 S +6 W -2 N -2")
    flying = _draws("7z", STANDARD.replace(hongzhong_bao=True), hand=single_zhong, melds=melds)
    assert _win(play(flying, "S hu")).kind == "mobao"
    assert _net(flying.events) == seats("E -3 S +9 W -3 N -3")
    for rules in (STANDARD, STANDARD.replace(hongzhong_bao=True)):  # 红中 is the 宝: the 宝 rule as before
        game = _draws("7z", rules, bao="7z")
        events = play(game, "S hu")
        assert (_win(events).kind, _net(events)) == ("mobao", seats("E -6 S +18 W -6 N -6"))


def test_R43_a_discarded_red_dragon_is_not_wild() -> None:
    game = arrange(
        turn="W",
        drawn="7z",
        hands={"W": "7z", **KADANG_S},
        melds=S_MELDS,
        ting="S",
        rules=STANDARD.replace(hongzhong_bao=True),
    )
    play(game, "W discard 7z")
    assert legal_actions(game.state, 1) == []


def test_R43_R46_hongzhong_bao_under_DQ_doubles_self_drawn_kadang_and_mobao() -> None:
    game = _draws("7z", DQ)
    events = play(game, "S hu")
    # E, W, N are 门清 (no calls). E, the dealer: 门清 × 庄 × 自摸 × 卡当 × 摸宝 = 32;
    # W and N: 门清 × 自摸 × 卡当 × 摸宝 = 16
    assert _net(events) == seats("E -32 S +64 W -16 N -16")
    settled = next(e for e in events if isinstance(e, Settled))
    assert _rows(list(settled.payments))[0] == (
        "E",
        None,
        32,
        ("menqing", "dealer", "self_drawn", "kadang", "mobao"),
    )


# --- R44 支对 -----------------------------------------------------------------------------------


def _duidao(rules: RuleSet, **kw: object) -> Game:
    """South on turn with 456p 789s 55s 88p 9m (chi 123m): discarding 9m leaves a 对倒 on 8p and 5s."""
    return arrange(
        turn="S",
        drawn="9m",
        hands={"S": "456p 789s 55s 88p 9m"},
        melds={"S": [("chi", "123m")]},
        rules=rules,
        **kw,  # type: ignore[arg-type]
    )


def _ting_options(game: Game, seat: int = 1) -> list[tuple[str, str | None]]:
    out = []
    for a in legal_actions(game.state, seat):
        if isinstance(a, Discard) and a.ting:
            lock = None if a.zhidui is None else ("88p" if a.zhidui >> 2 == _kind("8p") else "55s")
            out.append(("9m" if a.tile >> 2 == _kind("9m") else "?", lock))
    return out


def test_R44_zhidui_offers_each_pair_of_a_duidao_with_the_ting_discard() -> None:
    assert _ting_options(_duidao(STANDARD)) == [("9m", None)]
    assert _ting_options(_duidao(STANDARD.replace(zhidui=True))) == [
        ("9m", None),
        ("9m", "88p"),
        ("9m", "55s"),
    ]
    # analysis reports the choice: without a lock two waits, neither 卡当; a lock leaves one 卡当 wait
    rep = report("456p 789s 55s 88p", STANDARD.replace(zhidui=True), chi="123m")
    assert waits(rep) == {"8p": False, "5s": False} and rep.zhidui == (_kind("8p"), _kind("5s"))
    assert report("456p 789s 55s 88p", chi="123m").zhidui == ()  # off by default
    assert report("78889m 33s", STANDARD.replace(zhidui=True), chi="123p", chi2="456s").zhidui == (
        _kind("8m"),
        _kind("3s"),
    )  # C04: 888 or 33 becomes the triplet
    assert report("234s 7889m", STANDARD.replace(zhidui=True), chi="123m", peng="555p").zhidui == ()


def test_R44_every_lock_offered_is_accepted_even_when_the_discard_is_of_a_locked_pairs_kind() -> None:
    """456p 789s 55s 888p (chi 123m): discarding an 8p leaves the 对倒 55s/88p, and 8p is also a pair."""
    game = arrange(
        turn="S",
        drawn="8p",
        hands={"S": "456p 789s 55s 888p"},
        melds={"S": [("chi", "123m")]},
        rules=STANDARD.replace(zhidui=True),
    )
    state = game.state
    locks = [a for a in legal_actions(state, 1) if isinstance(a, Discard) and a.zhidui is not None]
    assert sorted((a.tile >> 2, a.zhidui >> 2) for a in locks) == [  # type: ignore[operator]
        (_kind("8p"), _kind("8p")),
        (_kind("8p"), _kind("5s")),
    ]
    eights = [t for t in state.hands[1] if t >> 2 == _kind("8p")]
    fives = [t for t in state.hands[1] if t >> 2 == _kind("5s")]
    for action in locks:
        assert explain(state, 1, action) is None, action
        assert not isinstance(step(state, 1, action), Refusal), action
    for discard in eights:  # any copy discarded, any other copy of the pair named: the same lock
        for lock in [t for t in eights if t != discard] + fives:
            assert explain(state, 1, Discard(discard, True, lock)) is None, (discard, lock)
        refused = step(state, 1, Discard(discard, True, discard))  # the discard itself is no pair tile
        assert isinstance(refused, Refusal), discard


def test_R44_zhidui_lock_leaves_one_kadang_wait_hidden_from_the_others() -> None:
    game = _duidao(STANDARD.replace(zhidui=True), head="8p 5s")
    nine, five = _tile(game, "S", "9m"), _tile(game, "S", "5s")
    events = game.submit(1, Discard(nine, ting=True, zhidui=five))
    assert not isinstance(events, Refusal)
    ting = next(e for e in events if isinstance(e, TingDeclared))
    assert ting.zhidui == five
    assert (
        game.state.waits[1] == (Wait(_kind("5s"), True),) and view(game.state, 1).waits == game.state.waits[1]
    )
    assert event_view(ting, 0, game.state).zhidui == HIDDEN  # type: ignore[union-attr]
    assert event_view(ting, 1, game.state) == ting
    _until_turn(game, "W")
    play(game, "W discard drawn")  # 8p: the pair South did not lock no longer wins
    assert legal_actions(game.state, 1) == []
    _until_turn(game, "N")
    play(game, "N discard drawn", "S hu")
    pass_all(game)
    win = _win(game.events)
    assert (win.kind, win.kadang, win.tile >> 2) == ("ron", True, _kind("5s"))
    # N (not ready) pays 3×2 and covers E and W, both 门清: 3×2 each (R36, R37, R38)
    assert _net(game.events) == seats("N -18 S +18")


def test_R44_without_a_lock_the_duidao_wins_on_either_pair_and_is_not_kadang() -> None:
    game = _duidao(STANDARD.replace(zhidui=True), head="8p")
    play(game, "S ting 9m")
    assert {w.kind: w.kadang for w in game.state.waits[1]} == {_kind("8p"): False, _kind("5s"): False}
    _until_turn(game, "W")
    play(game, "W discard drawn")
    assert legal_actions(game.state, 1) == [Hu()]


def test_R44_R30_a_locked_pair_equal_to_the_bao_is_baozhongbao() -> None:
    def draw_the_bao(lock: str | None) -> list[Event]:
        game = _duidao(STANDARD.replace(zhidui=True), bao="8p", head="2m 2m 2m 8p")
        nine = _tile(game, "S", "9m")
        pair = None if lock is None else _tile(game, "S", lock)
        assert not isinstance(game.submit(1, Discard(nine, ting=True, zhidui=pair)), Refusal)
        _until_turn(game, "S")
        return play(game, "S hu")

    locked = draw_the_bao("8p")
    assert (_win(locked).kind, _win(locked).kadang) == ("baozhongbao", True)
    assert _net(locked) == seats("E -12 S +36 W -12 N -12")  # 宝中宝 12 each, flat
    unlocked = draw_the_bao(None)
    assert _win(unlocked).kind == "mobao" and _net(unlocked) == seats("E -3 S +9 W -3 N -3")


def test_R44_why_a_lock_is_refused() -> None:
    def refusal(rules: RuleSet, discard: str, lock: str, ting: bool = True) -> Refusal:
        game = _duidao(rules)
        before = game.state
        result = game.submit(1, Discard(_tile(game, "S", discard), ting, _tile(game, "S", lock)))
        assert isinstance(result, Refusal) and game.state is before
        return result

    on = STANDARD.replace(zhidui=True)
    assert refusal(STANDARD, "9m", "5s").code == "zhidui_off"
    assert refusal(on, "9m", "5s", ting=False).code == "zhidui_needs_ting"
    wrong = refusal(on, "9m", "4p")
    assert wrong.code == "zhidui_not_a_pair" and "88p" in wrong.message and "55s" in wrong.message
    assert refusal(on, "4p", "5s").code == "ting_not_allowed"  # no 听 at all after discarding 4p
    one_wait = arrange(
        turn="S",
        drawn="9p",
        hands={"S": "234s 7889m 9p"},
        melds={"S": [("chi", "123m"), ("peng", "555p")]},
        rules=on,
    )
    nine, eight = _tile(one_wait, "S", "9p"), _tile(one_wait, "S", "8m")
    result = one_wait.submit(1, Discard(nine, True, eight))
    assert isinstance(result, Refusal) and result.code == "zhidui_not_duidao"


def test_R44_R20_under_sika_only_a_locked_duidao_may_ting() -> None:
    rules = STANDARD.replace(zhidui=True, wait_restriction="sika")
    game = _duidao(rules)
    assert _ting_options(game) == [("9m", "88p"), ("9m", "55s")]
    nine, eight = _tile(game, "S", "9m"), _tile(game, "S", "8p")
    plain = game.submit(1, Discard(nine, ting=True))
    assert isinstance(plain, Refusal) and plain.code == "ting_not_allowed" and "支对" in plain.message
    assert not isinstance(game.submit(1, Discard(nine, ting=True, zhidui=eight)), Refusal)
    assert game.state.waits[1] == (Wait(_kind("8p"), True),)


def test_R44_R16_after_a_chiting_the_ting_discard_may_lock_a_pair() -> None:
    def after_chiting(rules: RuleSet) -> Game:
        game = arrange(turn="N", drawn="1m", hands={"N": "1m", "S": "23m 456p 789s 55s 88p 9m"}, rules=rules)
        play(game, "N discard 1m", "S chi 23m ting")
        pass_all(game)
        assert game.state.must_ting == 1
        return game

    assert _ting_options(after_chiting(STANDARD.replace(zhidui=True))) == [
        ("9m", None),
        ("9m", "88p"),
        ("9m", "55s"),
    ]
    # under 死卡 the 吃听 is offered only because a 支对 lock will make the wait a 卡当
    sika = STANDARD.replace(wait_restriction="sika")
    assert _ting_options(after_chiting(sika.replace(zhidui=True))) == [("9m", "88p"), ("9m", "55s")]
    game = arrange(turn="N", drawn="1m", hands={"N": "1m", "S": "23m 456p 789s 55s 88p 9m"}, rules=sika)
    play(game, "N discard 1m")
    assert legal_actions(game.state, 1) == []


def test_R44_a_zhidui_log_verifies_and_round_trips() -> None:
    game = _duidao(STANDARD.replace(zhidui=True))
    start = Game.new(5, STANDARD.replace(zhidui=True), hands=1)
    assert start.events[0].rules["zhidui"] is True  # type: ignore[attr-defined]
    five = _tile(game, "S", "5s")
    events = game.submit(1, Discard(_tile(game, "S", "9m"), ting=True, zhidui=five))
    assert not isinstance(events, Refusal)
    ting = next(e for e in events if isinstance(e, TingDeclared))
    assert '"zhidui":' in ting.to_json() and '"zhidui"' not in TingDeclared(2).to_json()
    from game.core.events import event_from_json

    assert event_from_json(ting.to_json()) == ting
    assert event_from_json('{"type":"ting_declared","seat":2}') == TingDeclared(2)


# --- R45 带漏 -----------------------------------------------------------------------------------


def _ting_sees(bao: str, rules: RuleSet, hand: str = "46m 234p 77s 9p") -> list[Event]:
    """South discards 9p declaring 听 and sees the 宝."""
    game = arrange(turn="S", drawn="9p", hands={"S": hand}, melds=S_MELDS, bao=bao, rules=rules)
    return play(game, "S ting 9p")


def test_R45_daqing_chongbao_scores_baozhongbao_only_for_a_kadang_wait() -> None:
    wait_is_bao = STANDARD.replace(chongbao=True, baozhongbao_def="wait_is_bao")
    two_sided = "56m 234p 77s 9p"  # waits 4m 7m
    events = _ting_sees("4m", wait_is_bao, two_sided)
    assert _win(events).kind == "baozhongbao" and _net(events) == seats("E -12 S +36 W -12 N -12")
    events = _ting_sees("4m", wait_is_bao.replace(chongbao_scoring="daqing"), two_sided)
    assert _win(events).kind == "mobao" and _net(events) == seats("E -3 S +9 W -3 N -3")
    events = _ting_sees("5m", STANDARD.replace(chongbao=True, chongbao_scoring="daqing"))
    assert (_win(events).kind, _win(events).kadang) == ("baozhongbao", True)


def test_R45_with_dafeng_a_triplet_of_the_bao_wins_at_once() -> None:
    hand = "46m 222p 77s 9p"  # ready on 5m (卡当) with a concealed 222p; the 宝 is the fourth 2p
    daqing = STANDARD.replace(chongbao=True, chongbao_scoring="daqing", dafeng="concealed_triplet")
    events = _ting_sees("2p", daqing, hand)
    assert (_win(events).kind, _win(events).kadang) == ("baozhongbao", True)  # 夹胡 → 宝中宝
    assert _net(events) == seats("E -12 S +36 W -12 N -12")
    assert not any(
        isinstance(e, HuEvent) for e in _ting_sees("2p", daqing.replace(chongbao_scoring="standard"), hand)
    )
    assert not any(isinstance(e, HuEvent) for e in _ting_sees("2p", daqing.replace(dafeng="off"), hand))


def test_R45_with_hongzhong_bao_a_red_dragon_bao_wins_at_once() -> None:
    daqing = STANDARD.replace(chongbao=True, chongbao_scoring="daqing", hongzhong_bao=True)
    kadang = _ting_sees("7z", daqing)
    assert _win(kadang).kind == "baozhongbao" and _net(kadang) == seats("E -12 S +36 W -12 N -12")
    edge = _ting_sees("7z", daqing, "56m 234p 77s 9p")  # two-sided: 边胡 → 摸宝
    assert _win(edge).kind == "mobao" and _net(edge) == seats("E -3 S +9 W -3 N -3")
    assert not any(
        isinstance(e, HuEvent) for e in _ting_sees("7z", daqing.replace(chongbao_scoring="standard"))
    )
    assert not any(isinstance(e, HuEvent) for e in _ting_sees("7z", daqing.replace(hongzhong_bao=False)))
    # the whole DQ preset: 宝中宝 = 自摸 × 卡当 × 宝中宝 = 8, ×2 for 门清 (E, W, N), ×2 for the dealer E
    assert _net(_ting_sees("7z", DQ)) == seats("E -32 S +64 W -16 N -16")


# --- R46 every factor doubles -----------------------------------------------------------------


def test_R46_worked_example_dealer_rons_a_kadang_with_one_menqing_loser() -> None:
    spec = WinSpec("ron", winner=0, dealer=0, discarder=1, kadang=True, menqing=frozenset({2}))
    never = settle(spec, ALL_DOUBLE.replace(baosanjia="never"))
    assert _rows(never) == [
        ("S", None, 8, ("discarder", "dealer", "kadang")),  # 1×2(点炮)×2(庄)×2(卡当)
        ("W", None, 8, ("menqing", "dealer", "kadang")),  # 1×2(门清)×2(庄)×2(卡当)
        ("N", None, 4, ("dealer", "kadang")),  # 1×2×2
    ]
    assert totals(never) == [20, -8, -8, -4]
    always = settle(spec, ALL_DOUBLE.replace(baosanjia="always"))
    assert totals(always) == [20, -20, 0, 0]
    assert [(r.reason, r.for_seat) for r in always] == [("share", None), ("covers", 2), ("covers", 3)]
    assert totals(settle(spec, DQ)) == [20, -20, 0, 0]


def test_R46_every_win_kind_under_all_double() -> None:
    def net(kind: str, **kw: object) -> dict[str, int]:
        return pay(kind, "S", rules=ALL_DOUBLE.replace(baosanjia="never"), **kw)  # type: ignore[arg-type]

    # winner South, dealer East (its share doubles), nobody 门清
    assert net("zimo") == seats("E -4 S +8 W -2 N -2")  # 自摸
    assert net("zimo", kadang=True) == seats("E -8 S +16 W -4 N -4")  # 自摸 × 卡当
    assert net("mobao") == seats("E -8 S +16 W -4 N -4")  # 自摸 × 摸宝
    assert net("dafeng", kadang=True) == seats("E -8 S +16 W -4 N -4")  # 大风 counts as 摸宝, never 卡当
    assert net("baozhongbao", kadang=True) == seats("E -16 S +32 W -8 N -8")  # 自摸 × 卡当 × 宝中宝
    assert net("qianggang", discarder="W") == seats("E -4 S +8 W -2 N -2")  # 抢杠 is paid as 自摸 (R39)
    assert net("ron", discarder="W", ting=True) == seats("E -2 S +5 W -2 N -1")
    assert net("ron", discarder="W", menqing="WN") == seats("E -2 S +8 W -4 N -2")  # 门清 discarder: both
    assert pay("zimo", "E", menqing="N", rules=ALL_DOUBLE) == seats("E +16 S -4 W -4 N -8")  # dealer wins


def test_R46_DQ_ron_in_play_reports_each_factor() -> None:
    game = arrange(
        turn="S",
        drawn="5m",
        hands={"S": "5m", "E": "46m 234p 77s"},
        melds={"E": [("chi", "789s"), ("peng", "111p")], "S": [("peng", "999m")], "N": [("peng", "333m")]},
        ting="E",
        rules=DQ,
    )
    play(game, "S discard 5m", "E hu")
    pass_all(game)
    events = game.events
    assert _win(events).kadang
    settled = next(e for e in events if isinstance(e, Settled))
    assert _rows(list(settled.payments)) == [
        ("S", None, 8, ("discarder", "dealer", "kadang")),
        ("S", "W", 8, ("menqing", "dealer", "kadang")),
        ("S", "N", 4, ("dealer", "kadang")),
    ]
    assert _net(events) == seats("E +20 S -20")


# --- R47 who covers ---------------------------------------------------------------------------


def test_R47_baosanjia_never_always_and_the_default() -> None:
    never = STANDARD.replace(baosanjia="never")
    always = STANDARD.replace(baosanjia="always")
    # C25: N, not ready, deals in to E; W and S 门清
    assert pay("ron", "E", "N", menqing="WS") == seats("E +9 N -9")
    assert pay("ron", "E", "N", menqing="WS", rules=never) == seats("E +9 S -3 W -3 N -3")
    # C24: N, ready, deals in; its own share stays a ready player's 1
    assert pay("ron", "E", "N", ting=True, menqing="WS") == seats("E +7 S -3 W -3 N -1")
    assert pay("ron", "E", "N", ting=True, menqing="WS", rules=always) == seats("E +7 N -7")
    # C03 under the S4 scheme (no 包付): the discarder pays 3, the others 1; "always" makes it pay all
    assert pay("ron", "W", "S", rules=PRESETS["S4"]) == seats("S -3 E -1 N -1 W +5")
    assert pay("ron", "W", "S", rules=PRESETS["S4"].replace(baosanjia="always")) == seats("S -5 W +5")


# --- R48 封顶 -----------------------------------------------------------------------------------


def test_R48_cap_limits_each_share_and_covered_shares_before_they_are_added() -> None:
    # DQ 宝中宝 by S; E is dealer and 门清: 门清 × 庄 × 自摸 × 卡当 × 宝中宝 = 32, capped at 16
    bzb = WinSpec("baozhongbao", winner=1, dealer=0, kadang=True, menqing=frozenset({0}))
    # W and N: 自摸 × 卡当 × 宝中宝 = 8
    assert totals(settle(bzb, DQ)) == [-32, 48, -8, -8]
    capped = settle(bzb, DQ.replace(cap=16))
    assert totals(capped) == [-16, 32, -8, -8]
    assert capped[0].factors[-1] == "cap" and "capped at 16" in capped[0].note
    assert totals(settle(bzb, DQ.replace(cap=32))) == [-32, 48, -8, -8]
    # C25 (N covers 3 + 3 + 3): each covered share is capped first, 2 + 2 + 2
    assert pay("ron", "E", "N", menqing="WS", rules=STANDARD.replace(cap=2)) == seats("E +6 N -6")
    assert pay("baozhongbao", "S", rules=STANDARD.replace(cap=16)) == seats("E -12 S +36 W -12 N -12")


def test_R48_R42_the_dealer_bonus_never_takes_a_share_past_the_cap() -> None:
    bonus = STANDARD.replace(dealer_bonus=True)
    mobao = WinSpec("mobao", winner=1, dealer=0)  # E, the dealer, pays 3 + 1
    assert totals(settle(mobao, bonus)) == [-4, 10, -3, -3]
    assert totals(settle(mobao, bonus.replace(cap=4))) == [-4, 10, -3, -3]
    assert totals(settle(mobao, bonus.replace(cap=3))) == [-3, 9, -3, -3]  # at the cap already: no +1
    assert [r.reason for r in settle(mobao, bonus.replace(cap=3))] == ["share"] * 3
    zimo = WinSpec("zimo", winner=0, dealer=0)  # the dealer wins: +1 on each of the three payments
    assert totals(settle(zimo, bonus)) == [9, -3, -3, -3]
    assert totals(settle(zimo, bonus.replace(cap=3))) == [9, -3, -3, -3]
    assert totals(settle(zimo, bonus.replace(cap=2))) == [6, -2, -2, -2]
    assert all(r.amount <= 2 for r in settle(zimo, bonus.replace(cap=2)))


# --- R49 明宝 -----------------------------------------------------------------------------------


def _huanbao(rules: RuleSet) -> tuple[Game, list[Event], list[Event]]:
    """South declares 听 (the 宝 is 1p, two 1p in North's river); West then throws the third 1p: 换宝."""
    game = arrange(
        turn="S",
        drawn="9p",
        hands={"S": "46m 234p 77s 9p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        rivers={"N": "1p 1p"},
        head="1p",
        bao="1p",
        rules=rules,
    )
    at_ting = play(game, "S ting 9p")
    _until_turn(game, "W")
    return game, at_ting, play(game, "W discard drawn")


def test_R49_public_bao_is_seen_by_every_seat_from_the_deal_and_after_each_huanbao() -> None:
    public = STANDARD.replace(bao_visibility="public")
    game = Game.new(11, public, hands=1)
    assert game.state.bao is not None
    assert all(view(game.state, s).bao == game.state.bao for s in range(4))
    assert all(view(Game.new(11, STANDARD, hands=1).state, s).bao is None for s in range(4))
    swap, at_ting, events = _huanbao(public)
    assert not any(isinstance(e, BaoRevealed) for e in at_ting)  # nothing left to reveal
    replaced = next(e for e in events if isinstance(e, BaoReplaced))
    assert replaced.new is not None and replaced.new == swap.state.bao
    for seat in range(4):
        assert view(swap.state, seat).bao == swap.state.bao
        assert event_view(replaced, seat, swap.state) == replaced
    observers, _, private = _huanbao(STANDARD)  # the standard rules: only South (ready) sees the new 宝
    hidden = next(e for e in private if isinstance(e, BaoReplaced))
    assert event_view(hidden, 0, observers.state).new == HIDDEN  # type: ignore[union-attr]
    assert event_view(hidden, 1, observers.state) == hidden


# --- the DQ preset ----------------------------------------------------------------------------


def test_DQ_preset_is_exactly_the_daqing_room_options() -> None:
    assert DQ.differences() == {
        "kadang_edge_3_7": True,
        "kadang_dandiao": True,
        "hongzhong_bao": True,
        "dafeng": "concealed_triplet",
        "chongbao": True,
        "chongbao_scoring": "daqing",
        "zhidui": True,
        "scoring": "all_double",
        "baosanjia": "always",
    }
    assert DQ.wait_restriction == "any" and DQ.rotation == "winner_deals"
    assert build_rules("DQ", ["wait_restriction=sika"]).wait_restriction == "sika"


def test_room_options_default_off_and_standard_logs_keep_their_old_form() -> None:
    for key in ROOM_OPTION_KEYS:
        assert key not in STANDARD.to_dict()
        assert key in DQ.to_dict() or getattr(DQ, key) == getattr(STANDARD, key)
    assert RuleSet.from_dict(DQ.to_dict()) == DQ
    assert STANDARD.bao_visibility == "listeners" and STANDARD.cap == 0
    saves = Path(__file__).resolve().parent.parent / "saves"
    for path in sorted(saves.glob("*.jsonl")):
        log = load_log(path)
        assert verify_events(log.events).ok
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
        assert [e.to_json() for e in log.events] == lines  # written before the switches: byte for byte


# --- §7 settled ambiguities -------------------------------------------------------------------


def test_S7_public_after_first_ting_a_new_bao_after_huanbao_is_face_up_too() -> None:
    game, at_ting, events = _huanbao(STANDARD.replace(bao_visibility="public_after_first_ting"))
    assert any(isinstance(e, BaoRevealed) and e.seat is None for e in at_ting)
    replaced = next(e for e in events if isinstance(e, BaoReplaced))
    assert replaced.new is not None
    assert all(view(game.state, s).bao == replaced.new for s in range(4))
    assert all(event_view(replaced, s, game.state) == replaced for s in range(4))


def test_S7_liable_dealer_pays_the_whole_normal_amount_whoever_deals_in() -> None:
    # N (not ready) deals in to S; E is the liable dealer: N's 3 + W's 门清 3 + E's 1 = 7, all from E
    assert pay("ron", "S", "N", menqing="W", liable=True) == seats("E -7 S +7")
    assert pay("ron", "S", "N", ting=True, menqing="W", liable=True) == seats("E -5 S +5")


def test_S7_S4_dianpao_with_flat3_menqing() -> None:
    rules = STANDARD.replace(dianpao_scheme="S4")
    assert pay("ron", "E", "N", menqing="WS", rules=rules) == seats("E +9 S -3 W -3 N -3")
    assert pay("ron", "E", "N", menqing="W", rules=rules) == seats("E +7 S -1 W -3 N -3")


def test_S7_kezi_bonus_is_per_loser_after_every_multiplier() -> None:
    spec = WinSpec("zimo", winner=1, kadang=True, kezi=2)
    assert totals(settle(spec, STANDARD.replace(kezi_bonus=True))) == [-6, 18, -6, -6]  # 2×2 + 2, not (2+2)×2
    # all_double: E (dealer) 庄 × 自摸 × 卡当 = 8, W and N 自摸 × 卡当 = 4; then +2 each
    assert totals(settle(spec, ALL_DOUBLE.replace(kezi_bonus=True))) == [-10, 22, -6, -6]


def test_S7_dafeng_on_the_bao_is_one_win_scored_as_mobao() -> None:
    # A table with one set of tiles never reaches this (three in hand and the 宝 are all four copies),
    # so the order of the checks is pinned on a made-up state: the 宝 is looked at before 大风.
    game = arrange(
        turn="S",
        drawn="2p",
        hands={"S": "46m 2222p 77s"},
        melds=S_MELDS,
        ting="",
        rules=STANDARD.replace(dafeng="concealed_triplet"),
    )
    state = game.state
    two = _tile(game, "S", "2p")
    waits5m = (Wait(_kind("5m"), True),)
    state = replace(
        state, ting=(False, True, False, False), waits=((), waits5m, (), ()), bao=two, drawn=two
    )
    assert self_draw_win(state, 1) == ("mobao", True)
    assert self_draw_win(replace(state, bao=_tile(game, "S", "4m")), 1) == ("dafeng", False)


# --- analyze and score take the switches ---------------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_reports_the_zhidui_choice_and_its_effect(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ("analyze", "456p 789s 55s 88p", "--meld", "chi:123m")
    code, out, _ = _cli(capsys, *hand, "--rules", "DQ", "--json")
    data = json.loads(out)
    assert code == 0 and data["listen_allowed"] is True
    assert data["waits"] == [{"tile": "8p", "kadang": False}, {"tile": "5s", "kadang": False}]
    assert data["zhidui"] == [
        {"lock": "8p", "waits": [{"tile": "8p", "kadang": True}]},
        {"lock": "5s", "waits": [{"tile": "5s", "kadang": True}]},
    ]
    assert "zhidui" not in json.loads(_cli(capsys, *hand, "--json")[1])
    code, out, _ = _cli(capsys, *hand, "--rule", "zhidui=on", "--rule", "wait_restriction=sika")
    assert code == 0 and "no 听: wait_restriction" in out and "支对 lock 5s: waits 5s(卡当)" in out


def test_score_lists_each_factor_of_an_all_double_payment(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("score", "--win", "ron", "--winner", "E", "--discarder", "S", "--kadang", "--menqing", "W")
    code, out, _ = _cli(capsys, *args, "--dealer", "E", "--rules", "DQ", "--json")
    data = json.loads(out)
    assert code == 0 and data["payments"] == {"E": 20, "S": -20, "W": 0, "N": 0}
    first, covered_w = data["items"][0], data["items"][1]
    assert first["factors"] == ["discarder", "dealer", "kadang"] and first["amount"] == 8
    assert first["factor_words"] == {"zh": ["点炮", "庄家", "卡当"], "en": ["dealt in", "dealer", "kadang"]}
    assert covered_w["reason"] == "covers" and covered_w["for"] == "W"
    assert covered_w["reason_words"] == {"zh": "包付", "en": "pays for"}
    assert covered_w["factors"] == ["menqing", "dealer", "kadang"]
    code, out, _ = _cli(capsys, *args, "--dealer", "E", "--rule", "scoring=all_double", "--rule", "cap=4")
    assert code == 0 and "封顶 (cap) 4" in out and "E +12" in out  # 4 + 4 + 4
    code, _, err = _cli(capsys, *args, "--rule", "cap=-1")
    assert code == 2 and "cap=-1" in err
    code, _, err = _cli(capsys, *args, "--rule", "baosanjia=sometimes")
    assert code == 2 and "baosanjia" in err and "always" in err


def test_R29_R45_a_chongbao_win_shows_its_winning_reading() -> None:
    # the 宝 wins without entering the hand: the table still reads the hand with the 宝 as its wait
    for bao, rules in (("5m", STANDARD.replace(chongbao=True)), ("7z", DQ)):
        game = arrange(
            turn="S", drawn="9p", hands={"S": "46m 234p 77s 9p"}, melds=S_MELDS, bao=bao, rules=rules
        )
        play(game, "S ting 9p")
        shape = winning_shape(view(game.state, 0))
        assert shape is not None and shape.win_kind == _kind("5m") and shape.pair == _kind("7s")
