"""Issue 25's rule follow-ups, each shown by a whole scripted deal in tests/scenarios and worked payments:
明宝 in the log (R49, §7), R50 荒庄荒杠, R51 whole-hand cap, R52 multiplied factors, 大风 on a 碰 only
(R31), R41 without the 对倒 triplet, 支对 in the scenario format (R44), and the runner's and ``score``'s
words."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.events import BaoReplaced, BaoRevealed, Event, Hu, RoundStarted, Settled, TingDeclared
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.scoring import WinSpec, settle, totals
from game.core.state import fold
from game.replay.header import complete_header, make_header
from game.replay.share import decode_code, encode_code
from game.replay.verify import verify_events
from game.replay.walk import walk
from game.scenario import (
    Scenario,
    ScenarioError,
    load_scenario,
    parse_action,
    parse_scenario,
    play_step,
    run_scenario,
)
from tests.replay.helpers import recorded_match

SCENARIOS = Path(__file__).parent / "scenarios"


def _scenario(name: str, **rules: object) -> Scenario:
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    if rules:
        return replace(scenario, rules=scenario.rules.replace(**rules), expect={})
    return scenario


def _net(events: list[Event]) -> list[int]:
    out = [0, 0, 0, 0]
    for e in events:
        if isinstance(e, Settled):
            out = [a + b for a, b in zip(out, e.deltas, strict=True)]
    return out


# --- 明宝 (R49) in the log, 换宝 from the deal (§7) --------------------------------------------------


def test_R49_mingbao_the_log_shows_the_bao_at_the_deal_and_replaces_it_before_anyone_is_ready() -> None:
    run = run_scenario(_scenario("mingbao_shown_at_the_deal_and_replaced_before_any_ting"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    events = run.events
    assert isinstance(events[1], RoundStarted)
    assert events[2] == BaoRevealed(None, run.game.state.old_baos[0])
    swap = next(i for i, e in enumerate(events) if isinstance(e, BaoReplaced))
    first_ting = next(i for i, e in enumerate(events) if isinstance(e, TingDeclared))
    assert swap < first_ting  # three 1m in sight replace the 宝 though nobody is ready yet
    assert verify_events(events).ok
    # the standard rules (the 宝 private until 听): no reveal to all, and the 宝 is replaced only at S's 听
    private = run_scenario(_scenario("mingbao_shown_at_the_deal_and_replaced_before_any_ting",
                                     bao_visibility="listeners")).events  # fmt: skip
    assert not any(isinstance(e, BaoRevealed) and e.seat is None for e in private)
    swap = next(i for i, e in enumerate(private) if isinstance(e, BaoReplaced))
    assert swap > next(i for i, e in enumerate(private) if isinstance(e, TingDeclared))


def test_R49_an_older_mingbao_log_without_the_reveal_still_loads_verifies_and_walks() -> None:
    events = run_scenario(_scenario("mingbao_shown_at_the_deal_and_replaced_before_any_ting")).events
    old = [e for i, e in enumerate(events) if i != 2]  # the log as written before bao_revealed existed
    assert fold(old).bao_public
    assert verify_events(old).ok
    steps = list(walk(old))
    assert steps[0].length == 1 and steps[0].after.bao_public
    new_steps = list(walk(events))
    assert new_steps[0].length == 2  # the reveal belongs to the hand's start


def test_R49_every_hand_of_a_mingbao_match_opens_with_the_reveal_and_share_codes_keep_it() -> None:
    rules = RuleSet(bao_visibility="public")
    game = Game.new(5, rules, hands=2)
    assert game.events[2] == BaoRevealed(None, game.state.bao)
    assert Game.new(5, RuleSet(), hands=2).events[2:3] == []
    header, logged = recorded_match(7, levels=("greedy",) * 4, hands=2, rules=rules)
    events = list(logged)
    starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
    assert len(starts) == 2 and all(isinstance(events[i + 1], BaoRevealed) for i in starts)
    assert verify_events(events).ok
    _, back = decode_code(encode_code(header, events))
    assert list(back) == events


# --- R50 荒庄荒杠 -----------------------------------------------------------------------------------


def test_R50_refund_pays_the_kong_back_on_a_drawn_hand_and_keep_does_not() -> None:
    run = run_scenario(_scenario("huangzhuang_huanggang_refunds_the_kong"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    settled = [e for e in run.events if isinstance(e, Settled)]
    assert [e.deltas for e in settled] == [(6, -2, -2, -2), (-6, 2, 2, 2)]
    assert {p.reason for p in settled[1].payments} == {"kong_refund"}
    assert verify_events(run.events).ok
    kept = run_scenario(_scenario("huangzhuang_huanggang_refunds_the_kong", kong_points_on_draw="keep"))
    assert _net(kept.events) == [6, -2, -2, -2]
    assert RuleSet(kong_points_on_draw="refund").to_dict()["kong_points_on_draw"] == "refund"
    assert "kong_points_on_draw" not in RuleSet().to_dict()  # standard logs keep their old form


# --- R51 whole-hand cap -------------------------------------------------------------------------------


def test_R51_hand_cap_cuts_the_winners_gain_in_proportion_largest_remainder_from_the_discarder() -> None:
    # S rons W's discard; W is not ready and covers E and N (3 each, 门清): 9 in all, capped at 4.
    # 3 × 4 / 9 = 1 rest 3 for each row; the one point left goes by seat order from the discarder W.
    spec = WinSpec("ron", winner=1, discarder=2, menqing=frozenset({0, 3}))
    per_share = settle(spec, RuleSet(cap=4))
    assert totals(per_share) == [0, 9, -9, 0]  # each share 3 is under the cap
    rows = settle(spec, RuleSet(cap=4, cap_scope="hand"))
    assert totals(rows) == [0, 4, -4, 0]
    assert {(r.for_seat, r.amount) for r in rows} == {(0, 1), (3, 1), (None, 2)}
    # a self-draw: 2 + 3 (门清) + 2 = 7 → 5: 10/7 = 1 r3, 15/7 = 2 r1, 10/7 = 1 r3;
    # the tie of remainders goes by seat order from the winner's 下家
    zimo = settle(WinSpec("zimo", winner=0, menqing=frozenset({2})), RuleSet(cap=5, cap_scope="hand"))
    assert totals(zimo) == [5, -2, -2, -1]
    played = run_scenario(_scenario("mingbao_shown_at_the_deal_and_replaced_before_any_ting",
                                    cap=4, cap_scope="hand"))  # fmt: skip
    assert _net(played.events) == [0, 4, -4, 0]


# --- R52 multiplied factors, the discarder alone pays -------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "kadang", "each"),
    [("zimo", False, 2), ("zimo", True, 4), ("mobao", False, 3), ("mobao", True, 6),
     ("dafeng", True, 6), ("baozhongbao", True, 12), ("qianggang", False, 2)],
)  # fmt: skip
def test_R52_multiply_self_drawn_kinds_each_loser_pays_the_product(
    kind: str, kadang: bool, each: int
) -> None:
    discarder = 3 if kind == "qianggang" else None
    spec = WinSpec(kind, winner=0, discarder=discarder, kadang=kadang, menqing=frozenset({1}))  # type: ignore[arg-type]
    assert totals(settle(spec, RuleSet(scoring="multiply"))) == [3 * each, -each, -each, -each]


def test_R52_multiply_on_a_discard_only_the_discarder_pays() -> None:
    rules = RuleSet(scoring="multiply")
    assert totals(settle(WinSpec("ron", winner=1, discarder=2, kadang=True), rules)) == [0, 2, -2, 0]
    ready = WinSpec("ron", winner=1, discarder=2, discarder_ting=True, menqing=frozenset({0}))
    assert totals(settle(ready, rules)) == [0, 1, -1, 0]  # 门清 adds nothing, nobody covers
    played = run_scenario(
        _scenario("mingbao_shown_at_the_deal_and_replaced_before_any_ting", scoring="multiply")
    )
    assert _net(played.events) == [0, 1, -1, 0]
    locked = run_scenario(_scenario("zhidui_locked_pair_wins_as_kadang", scoring="multiply"))
    assert _net(locked.events) == [0, 2, -2, 0]


# --- R31 大风 on a 碰 only ----------------------------------------------------------------------------


def test_R31_pon_only_wins_on_the_fourth_of_a_peng_and_the_other_values_differ() -> None:
    run = run_scenario(_scenario("dafeng_pon_only_fourth_of_the_peng"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    concealed = run_scenario(_scenario("dafeng_pon_only_fourth_of_the_peng", dafeng="concealed_triplet"))
    assert not concealed.ok and "S hu" in concealed.error  # the 4th tile of a 碰 is no 刻子宝


def test_R31_pon_only_a_concealed_triplet_s_fourth_tile_does_not_win() -> None:
    from game.core.legal import self_draw_win

    from .positions import arrange

    def drawn_win(dafeng: str) -> object:
        game = arrange(turn="S", hands={"S": "555p 78m 99s 456s 5p"}, melds={"S": [("chi", "123s")]},
                       ting="S", drawn="5p", rules=RuleSet(dafeng=dafeng))  # type: ignore[arg-type]  # fmt: skip
        return self_draw_win(game.state, 1)

    assert drawn_win("concealed_triplet") == ("dafeng", False)
    assert drawn_win("pon_only") is None


# --- the scenario format and runner, score's words ---------------------------------------------------


def test_scenario_locks_a_zhidui_pair_as_text_or_table() -> None:
    text = parse_action("S ting 2p zhidui 8p", "t")
    table = parse_action({"seat": "S", "do": "ting", "tiles": "2p", "zhidui": "88p"}, "t")
    assert text.zhidui == table.zhidui == 9 + 7 and text.ting and text.verb == "discard"
    run = run_scenario(_scenario("zhidui_locked_pair_wins_as_kadang"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    declared = next(e for e in run.events if isinstance(e, TingDeclared))
    assert declared.zhidui is not None and declared.zhidui >> 2 == 16
    win = next(e for e in run.events if isinstance(e, Hu))
    assert win.kadang and win.tile >> 2 == 16
    with pytest.raises(ScenarioError, match="only by a discard that declares 听"):
        parse_action("S discard 2p zhidui 8p", "t")


def test_scenario_refuses_an_unknown_action_key_with_file_line_and_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'title = "x"\nactions = [\n  "E discard 1m",\n'
        '  { seat = "S", do = "ting", tiles = "2p", lock = "8p" },\n]\n',
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value).startswith(f"{path}:4: actions[1]: unknown key 'lock'")


def test_scenario_runner_reports_the_engines_own_refusal_for_a_cross_seat_chi() -> None:
    # E's 1m: S (下家) may 吃 it, so the window is open; W (对家) holds 23m too, but its 吃 makes no 听
    doc = {
        "hands": {"E": "1m", "S": "2m 3m 5p 9p", "W": "2m 3m 9s 9p"},
        "actions": ["E discard 1m", "W chi 23m ting"],
    }
    run = run_scenario(parse_scenario(doc, "cross.toml"))
    assert not run.ok
    assert run.error == (
        "action 2 (W chi 23m ting): chi_only_from_shangjia: 吃 only from the previous player, unless it "
        "makes the hand ready"
    )


def test_score_says_it_ignores_kadang_for_a_dafeng_win(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "--win", "dafeng", "--winner", "E", "--kadang", "--rules", "S4", "--json"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "--kadang ignored" in err and "R38" in err
    data = json.loads(out)
    assert data["notes"] == ["--kadang ignored: a 大风 win is not doubled for 卡当 (R38)"]
    assert data["payments"] == {"E": 12, "S": -4, "W": -4, "N": -4}
    assert main(args[:5] + args[6:]) == 0
    assert "ignored" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("rules", "payments"),
    [
        (["--rule", "scoring=multiply"], {"E": 0, "S": 2, "W": -2, "N": 0}),
        (["--rule", "cap=3", "--rule", "cap_scope=hand"], {"E": -1, "S": 3, "W": -1, "N": -1}),
        (["--rule", "cap=3"], {"E": -2, "S": 6, "W": -2, "N": -2}),
    ],
)
def test_score_flags_of_the_new_switches(
    capsys: pytest.CaptureFixture[str], rules: list[str], payments: dict[str, int]
) -> None:
    args = ["score", "--win", "ron", "--winner", "S", "--discarder", "W", "--discarder-ting", "--kadang"]
    assert main([*args, *rules, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payments"] == payments


@pytest.mark.parametrize(
    ("dafeng", "tiles"),
    [("off", None), ("concealed_triplet", ["5s"]), ("triplet_or_pon", ["5p", "5s"]), ("pon_only", ["5p"])],
)
def test_analyze_flags_of_the_new_switches(
    capsys: pytest.CaptureFixture[str], dafeng: str, tiles: list[str] | None
) -> None:
    args = ["analyze", "78m 99s 555s", "--meld", "chi:123s", "--meld", "peng:555p"]
    args += ["--rule", f"dafeng={dafeng}"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["listen_allowed"] is True
    assert data.get("dafeng") == tiles


# --- 杠听 (R15 tier 2) ----------------------------------------------------------------------------


def test_R15_gangting_outranks_a_plain_chi_and_binds_the_discard_after_the_replacement_draw() -> None:
    from game.core.actions import Discard, Gang, Pass
    from game.core.engine import explain
    from game.core.events import CallDeclared
    from game.core.events import Gang as GangEvent
    from game.table.menu import ActionMenu

    scenario = _scenario("gangting_outranks_a_plain_chi")
    run = run_scenario(scenario)
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    kong = next(e for e in run.events if isinstance(e, GangEvent))
    assert kong.seat == 3 and kong.ting
    assert any(isinstance(e, CallDeclared) and e.call == "chi" and e.seat == 2 for e in run.events)
    assert verify_events(run.events).ok
    header = complete_header(make_header(kind="scenario"), run.events)
    assert list(decode_code(encode_code(header, run.events))[1]) == run.events  # share code 12: 杠听
    # the table offers the 杠听 under its 听 button, beside the plain 明杠
    game = Game.from_events(scenario.start_events())
    for scripted in scenario.actions[:3]:
        assert play_step(game, scripted) == ""
    menu = ActionMenu(game.state, 3)
    assert [a for a in menu.buttons["ting"] if isinstance(a, Gang)] and menu.buttons["gang"]
    assert {type(a) for a in menu.buttons["pass"]} == {Pass}
    # after the kong and its replacement draw, a plain discard is refused: the discard must declare 听
    assert play_step(game, scenario.actions[3]) == ""
    upto_kong = game.state
    assert upto_kong.must_ting == 3 and upto_kong.drawn is not None
    refused = explain(upto_kong, 3, Discard(upto_kong.drawn))
    assert refused is not None and refused.code == "must_declare_ting"
    # without 碰听 (the S0 「吃、碰或杠」 switch) there is no 杠听: W's 吃 takes the tile
    off = run_scenario(_scenario("gangting_outranks_a_plain_chi", pengting=False))
    assert not off.ok and "N gang 555p ting" in off.error


# --- 一炮多响 (R25 variant) and 手把一 on 红中 (R18 variant) ------------------------------------------


def test_R25_multi_ron_every_seat_that_may_win_does_and_the_nearest_deals_next() -> None:
    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    wins = [e for e in run.events if isinstance(e, Hu)]
    assert [(w.seat, w.kadang) for w in wins] == [(1, True), (2, False)]
    assert run.game.state.result == wins[0]  # S, N's 对家, is nearer than W, N's 上家
    assert verify_events(run.events).ok
    header = complete_header(make_header(kind="scenario"), run.events)
    assert list(decode_code(encode_code(header, run.events))[1]) == run.events
    single = run_scenario(_scenario("yipao_duoxiang_both_win", multi_ron=False))
    assert [e.seat for e in single.events if isinstance(e, Hu)] == [1]  # 截和
    assert _net(single.events) == [0, 14, 0, -14]


def test_R25_multi_ron_worked_payments_when_the_discarder_is_ready() -> None:
    # a ready discarder pays only its own share to each winner; the other losers pay theirs (as alone)
    from game.core.scoring import WinSpec

    rules = RuleSet(multi_ron=True)
    to_s = settle(WinSpec("ron", winner=1, discarder=3, discarder_ting=True, menqing=frozenset({0})), rules)
    to_w = settle(WinSpec("ron", winner=2, discarder=3, discarder_ting=True, menqing=frozenset({0})), rules)
    assert totals(to_s) == [-3, 5, -1, -1] and totals(to_w) == [-3, -1, 5, -1]


def test_R18_zhong_dandiao_a_fourth_call_leaves_a_single_red_dragon_and_only_it_wins() -> None:
    run = run_scenario(_scenario("shoubayi_zhong_dandiao_fourth_call"))
    assert run.ok and run.mismatches == [], run.error or run.mismatches
    assert len(run.game.state.melds[1]) == 4
    assert verify_events(run.events).ok
    never = run_scenario(_scenario("shoubayi_zhong_dandiao_fourth_call", shoubayi="never"))
    assert not never.ok and "S peng 55s ting" in never.error


def test_R18_zhong_dandiao_the_bao_is_not_wild_and_max_melds_4_is_gone() -> None:
    from game.core.legal import self_draw_win
    from game.core.rules import RuleError

    from .positions import arrange

    def drawn(kind: str) -> object:
        game = arrange(turn="S", hands={"S": f"7z {kind}"}, ting="S", drawn=kind, bao="9s",
                       melds={"S": [("peng", "111m"), ("chi", "456p"),
                                    ("peng", "222m"), ("peng", "555s")]},
                       rules=RuleSet(shoubayi="zhong_dandiao", hongzhong_bao=True))  # fmt: skip
        return self_draw_win(game.state, 1)

    assert drawn("7z") == ("zimo", False)
    assert drawn("9s") is None  # the 宝 does nothing for 手把一 on 红中
    with pytest.raises(RuleError, match="max_melds=4: must be 0-3"):
        RuleSet(max_melds=4)


@pytest.mark.parametrize(
    ("name", "changes", "reached"),
    [
        ("huangzhuang_huanggang_refunds_the_kong", {"kong_points_on_draw": "keep"}, [6, -2, -2, -2]),
        ("huangzhuang_huanggang_refunds_the_kong", {"kong_points_on_draw": "refund"}, [0, 0, 0, 0]),
        ("mingbao_shown_at_the_deal_and_replaced_before_any_ting", {"cap": 4, "cap_scope": "share"},
         [0, 9, -9, 0]),
        ("mingbao_shown_at_the_deal_and_replaced_before_any_ting", {"cap": 4, "cap_scope": "hand"},
         [0, 4, -4, 0]),
        ("mingbao_shown_at_the_deal_and_replaced_before_any_ting", {"scoring": "multiply"}, [0, 1, -1, 0]),
        ("yipao_duoxiang_both_win", {"multi_ron": False}, [0, 14, 0, -14]),
        ("yipao_duoxiang_both_win", {"multi_ron": True}, [0, 14, 7, -21]),
        ("shoubayi_zhong_dandiao_fourth_call", {"shoubayi": "zhong_dandiao"}, [0, 9, 0, -9]),
        ("dafeng_pon_only_fourth_of_the_peng", {"dafeng": "pon_only"}, [-3, 9, -3, -3]),
    ],
)  # fmt: skip
def test_every_value_of_the_new_switches_is_reached_in_a_whole_deal(
    name: str, changes: dict[str, object], reached: list[int]
) -> None:
    run = run_scenario(_scenario(name, **changes))
    assert run.ok, run.error
    assert _net(run.events) == reached
    assert verify_events(run.events).ok


def test_shoubayi_never_is_reached_in_a_whole_deal_as_the_refused_fourth_call() -> None:
    run = run_scenario(_scenario("shoubayi_zhong_dandiao_fourth_call", shoubayi="never"))
    assert run.error.endswith("max_melds: 手把一: at most 3 melds")


@pytest.mark.parametrize(("shoubayi", "allowed"), [("never", False), ("zhong_dandiao", True)])
def test_analyze_flag_of_shoubayi(capsys: pytest.CaptureFixture[str], shoubayi: str, allowed: bool) -> None:
    melds = ["--meld", "peng:111m", "--meld", "chi:456p", "--meld", "peng:222m", "--meld", "peng:555s"]
    assert main(["analyze", "7z", *melds, "--rule", f"shoubayi={shoubayi}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["listen_allowed"] is allowed
    assert data["blockers"] == ([] if allowed else ["too_few_tiles"])


def test_R25_multi_ron_also_on_a_robbed_kong() -> None:
    from .positions import arrange, play

    def robbed(multi_ron: bool) -> list[Event]:
        game = arrange(
            turn="E",
            hands={"E": "5m 1p 2p 3p 7p 8p 9p 1s 1s 9m 9m", "S": "46m 234p 77s", "W": "34m 99s"},
            melds={"E": [("peng", "555m")], "S": [("chi", "789s"), ("peng", "111p")],
                   "W": [("chi", "567p"), ("peng", "222s"), ("chi", "123s")]},
            ting="SW", drawn="5m", bao="9p", rules=RuleSet(multi_ron=multi_ron),
        )  # fmt: skip
        return play(game, "E jiagang 5m", "S hu", "W hu")

    both = robbed(True)
    assert [(e.seat, e.kind) for e in both if isinstance(e, Hu)] == [(1, "qianggang"), (2, "qianggang")]
    assert [(e.seat, e.kind) for e in robbed(False) if isinstance(e, Hu)] == [(1, "qianggang")]
