"""One or more tests per RULES.md row not already covered by the worked cases, defaults and variants."""

from __future__ import annotations

from collections import Counter

from game.core.actions import AnGang, Chi, Discard, Gang, Hu, JiaGang, Peng
from game.core.events import Gang as GangEvent
from game.core.events import Hu as HuEvent
from game.core.events import Settled, TileDrawn
from game.core.legal import legal_actions
from game.core.match import Game, first_dealer
from game.core.rules import PRESETS, RuleSet
from game.core.scoring import WinSpec, settle, totals
from game.core.tiles import (
    NUM_TILES,
    YAOJIU_KINDS,
    ZHONG,
    format_kinds,
    kind_name,
    parse_kinds,
)

from .helpers import pay, report, seats, waits
from .positions import arrange, pass_all, play

STANDARD = RuleSet()


def _net(events: list[object]) -> dict[str, int]:
    total = [0, 0, 0, 0]
    for e in events:
        if isinstance(e, Settled):
            total = [a + b for a, b in zip(total, e.deltas, strict=True)]
    return dict(zip("ESWN", total, strict=True))


def test_R01_tile_set_112_tiles_and_yaojiu() -> None:
    kinds = Counter(t >> 2 for t in range(NUM_TILES))
    assert len(kinds) == 28 and set(kinds.values()) == {4}
    assert {0, 8, 9, 17, 18, 26, ZHONG} == YAOJIU_KINDS
    assert parse_kinds("中7z") == [ZHONG, ZHONG]
    assert format_kinds(parse_kinds("9m 1s 7z 2p 1m")) == "19m 2p 1s 7z"
    assert (
        kind_name(ZHONG, "zh") == "红中"
        and kind_name(0, "zh") == "一萬"
        and kind_name(26, "en") == "9 Bamboo"
    )


def test_R02_first_dealer_is_random_from_the_seed() -> None:
    dealers = {first_dealer(seed) for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game.new(7, STANDARD).state.dealer == first_dealer(7)


def test_R05_R06_R07_R08_deal_dice_and_the_bao() -> None:
    game = Game.new(3, STANDARD, dealer=2)
    state = game.state
    assert len(state.dice) == 4 and all(1 <= d <= 6 for d in state.dice)
    assert [len(h) for h in state.hands] == [13, 13, 14, 13]
    assert state.live_count == 58 and state.bao == state.wall[53]
    assert state.phase == "discard" and state.turn == 2 and state.drawn is None  # the dealer discards first
    tail = Game.new(3, STANDARD.replace(bao_source="wall_tail"), dealer=2).state
    assert tail.bao == tail.wall[111] and tail.live_count == 58
    single = Game.new(3, STANDARD.replace(dice_method="single_roll")).state
    assert len(single.dice) == 2


def test_R10_peng_from_any_seat_R11_minggang_variant() -> None:
    def position(rules: RuleSet) -> Game:
        return arrange(
            turn="E",
            drawn="5m",
            hands={"E": "5m 1m 9m 1s 2s 3s 4p 5p 6p 7z 7z 2p 3p 9p", "W": "555m 19p 19s 13s 79m 7z"},
            rules=rules,
        )

    game = position(STANDARD)
    play(game, "E discard 5m")
    options = legal_actions(game.state, 2)  # W is E's 对家
    assert any(isinstance(a, Peng) for a in options) and any(isinstance(a, Gang) for a in options)
    literal = position(STANDARD.replace(minggang_from="shangjia"))
    play(literal, "E discard 5m")
    options = legal_actions(literal.state, 2)
    assert any(isinstance(a, Peng) for a in options) and not any(isinstance(a, Gang) for a in options)


def test_R12_angang_allowed_does_not_open_counts_as_triplet_and_stays_hidden() -> None:
    game = arrange(turn="E", drawn="9m", hands={"E": "4444p 123m 789s 5s 68p 9m"})
    fours = tuple(t for t in game.state.hands[0] if t >> 2 == 12)
    events = game.submit(0, AnGang(fours))
    assert not isinstance(events, bool) and isinstance(events[0], GangEvent)
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert (
        drawn and drawn[0].from_tail and drawn[0].tile == game.state.wall[game.state.tail]
    )  # R14: from the tail
    assert not game.state.is_open(0)
    assert game.state.visible_copies(12) == 0  # hidden until E opens
    assert report("123m 789s 55s 68p", angang="4444p").blockers == ("not_open",)
    assert waits(report("789s 68p 55s", chi="123p", angang="4444p")) == {"7p": True}


def test_R13_jiagang_before_ting_only() -> None:
    game = arrange(
        turn="E", drawn="5m", hands={"E": "5m 1m 9m 1s 2s 3s 4p 5p 6p 7z 7z"}, melds={"E": [("peng", "555m")]}
    )
    assert any(isinstance(a, JiaGang) for a in legal_actions(game.state, 0))
    ting = arrange(
        turn="S",
        drawn="5m",
        hands={"S": "5m 46m 234p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "555m")]},
        ting="S",
    )
    assert not any(isinstance(a, JiaGang) for a in legal_actions(ting.state, 1))


def test_R15_variant_chiting_ranks_below_peng() -> None:
    rules = STANDARD.replace(chiting_priority="above_chi_only")
    game = arrange(
        turn="N",
        drawn="5m",
        hands={
            "N": "5m 1p 9p 1s 5s 9s 2p 6p 8p 7z 7z 2m 9m 3s",
            "S": "55m 3p 69p 24s 57s 7z 1m 3m",
            "W": "46m 234p 7778s 2s",
        },
        melds={"W": [("peng", "111p")]},
        rules=rules,
    )
    play(game, "N discard 5m", "W chi 46m ting", "S peng 55m")
    pass_all(game)
    assert game.state.melds[1][-1].kind == "peng" and game.state.turn == 1
    standard = arrange(
        turn="N",
        drawn="5m",
        hands={
            "N": "5m 1p 9p 1s 5s 9s 2p 6p 8p 7z 7z 2m 9m 3s",
            "S": "55m 3p 69p 24s 57s 7z 1m 3m",
            "W": "46m 234p 7778s 2s",
        },
        melds={"W": [("peng", "111p")]},
    )
    play(standard, "N discard 5m", "W chi 46m ting", "S peng 55m")
    pass_all(standard)
    assert standard.state.melds[2][-1].kind == "chi" and standard.state.must_ting == 2


def test_R19_shiti_swap_calling_is_allowed() -> None:
    game = arrange(
        turn="N",
        drawn="3p",
        hands={"N": "3p 1m 5m 9m 1s 5s 9s 2p 6p 8p 7z 7z 2m 6m", "E": "24p 3p 1m 9m 1s 9s 5s 7z 4m 6m 8m 2s"},
    )
    play(game, "N discard 3p", "E chi 24p")
    pass_all(game)
    three = next(t for t in game.state.hands[0] if t >> 2 == 11)
    assert Discard(three) in legal_actions(game.state, 0)


def test_R20_wait_restriction_variants() -> None:
    two_sided = ("56m 234p 77s", {"chi": "789s", "peng": "111p"})
    kanchan = ("46m 234p 77s", {"chi": "789s", "peng": "111p"})
    broad = STANDARD.replace(wait_restriction="kan_broad")
    sika = STANDARD.replace(wait_restriction="sika")
    assert report(two_sided[0], broad, **two_sided[1]).blockers == ("wait_restriction",)
    assert report(kanchan[0], broad, **kanchan[1]).ting_allowed
    assert report(kanchan[0], sika, **kanchan[1]).ting_allowed
    assert not report("12m 456s 99p", sika, chi="234p", peng="777s").ting_allowed


def test_R21_variant_yaojiu_may_come_with_the_winning_tile() -> None:
    soft = STANDARD.replace(yaojiu_check="win")
    rep = report("78m 345p 66s", soft, chi="234s", peng="555p")
    assert waits(rep) == {"9m": False}  # 6m would complete without a 1/9: not a legal wait
    assert report("78m 345p 66s", chi="234s", peng="555p").blockers == ("no_yaojiu",)


def test_R23_variant_only_zimo() -> None:
    game = arrange(
        turn="W",
        drawn="5m",
        hands={"S": "46m 234p 77s", "W": "5m 1m 2m 3m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        rules=STANDARD.replace(only_zimo=True),
    )
    play(game, "W discard 5m")
    assert legal_actions(game.state, 1) == []


def test_R28_variants_wall_exhausted_and_off() -> None:
    def position(rules: RuleSet) -> Game:
        return arrange(
            turn="W",
            drawn="5s",
            hands={"S": "46m 123p 77s", "W": "5s 2m 3m 4m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m", "E": "1p 1p"},
            melds={"S": [("chi", "789s"), ("peng", "111s")]},
            ting="S",
            bao="1p",
            rules=rules,
        )

    exhausted = position(STANDARD.replace(bao_swap="wall_exhausted"))
    play(exhausted, "W discard 5s")
    assert exhausted.state.old_baos[0] >> 2 == 9  # no 1p left in the wall
    off = position(STANDARD.replace(bao_swap="off"))
    play(off, "W discard 5s")
    assert off.state.old_baos == ()


def test_R29_variant_chongbao_wins_on_seeing_the_bao() -> None:
    game = arrange(
        turn="S",
        drawn="9p",
        hands={"S": "46m 234p 77s 9p"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        bao="5m",
        rules=STANDARD.replace(chongbao=True),
    )
    events = play(game, "S ting 9p")
    win = next(e for e in events if isinstance(e, HuEvent))
    assert win.kind == "baozhongbao" and game.state.phase == "round_over"


def test_R30_variants_of_baozhongbao() -> None:
    def mobao_on(rules: RuleSet, bao: str) -> HuEvent:
        game = arrange(
            turn="E",
            drawn="9p",
            hands={"E": "9p", "S": "56m 234p 77s"},
            melds={"S": [("chi", "789s"), ("peng", "111p")]},
            ting="S",
            head=bao,
            bao=bao,
            rules=rules,
        )
        events = play(game, "E discard drawn", "S hu")
        return next(e for e in events if isinstance(e, HuEvent))

    assert mobao_on(STANDARD, "4m").kind == "mobao"  # two waits: no 宝中宝 by default
    assert mobao_on(PRESETS["S4"], "4m").kind == "baozhongbao"  # S4: the wait is the 宝
    assert mobao_on(STANDARD.replace(baozhongbao_def="single_wait_mobao"), "2s").kind == "mobao"
    assert pay("baozhongbao", "S", rules=PRESETS["S4"], kadang=True) == seats("S +48 E -16 W -16 N -16")


def test_R31_variant_dafeng_pays_as_mobao_without_kadang() -> None:
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", "S": "46m 222p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        head="2p",
        bao="3s",
        rules=STANDARD.replace(dafeng="concealed_triplet"),
    )
    events = play(game, "E discard drawn", "S hu")
    win = next(e for e in events if isinstance(e, HuEvent))
    assert (win.kind, win.kadang) == ("dafeng", False)
    assert _net(events)["S"] == 9


def test_R33_variant_play_out_draws_every_tile() -> None:
    rules = STANDARD.replace(end_of_wall="play_out")
    game = arrange(turn="E", drawn="9p", hands={"E": "9p"}, live=1, rules=rules)
    events = play(game, "E discard 9p")
    assert any(isinstance(e, TileDrawn) and not e.fenzhang for e in events)
    assert game.state.live_count == 0


def test_R39_variant_robbed_player_pays_all() -> None:
    spec = WinSpec("qianggang", winner=1, discarder=0, kadang=False, menqing=frozenset({2, 3}))
    assert totals(settle(spec, STANDARD)) == [-2, 8, -3, -3]
    assert totals(settle(spec, STANDARD.replace(qianggang_payer="robbed_player_pays_all"))) == [-8, 8, 0, 0]


def test_R40_variant_sichuan_kong_points() -> None:
    game = arrange(
        turn="E",
        drawn="9m",
        hands={"E": "4444p 123m 789s 5s 68p 9m"},
        rules=STANDARD.replace(kong_points="sichuan"),
    )
    fours = tuple(t for t in game.state.hands[0] if t >> 2 == 12)
    events = game.submit(0, AnGang(fours))
    assert not isinstance(events, bool)
    assert _net(events) == {"E": 6, "S": -2, "W": -2, "N": -2}


def test_R41_R42_variants_kezi_bonus_and_dealer_bonus() -> None:
    spec = WinSpec("zimo", winner=1, dealer=0, kezi=2)
    assert totals(settle(spec, STANDARD)) == [-2, 6, -2, -2]
    assert totals(settle(spec, STANDARD.replace(kezi_bonus=True))) == [-4, 12, -4, -4]
    assert totals(settle(spec, STANDARD.replace(dealer_bonus=True))) == [-3, 7, -2, -2]


def test_R22_variant_kong_after_ting_when_the_waits_stay() -> None:
    rules = STANDARD.replace(allow_kong_after_ting=True)
    game = arrange(
        turn="S",
        drawn="2p",
        hands={"S": "2p 46m 222p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        rules=rules,
    )
    assert any(isinstance(a, AnGang) for a in legal_actions(game.state, 1))
    locked = arrange(
        turn="S",
        drawn="2p",
        hands={"S": "2p 46m 222p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
    )
    assert [type(a) for a in legal_actions(locked.state, 1)] == [Discard]


def test_R16_chiting_needs_a_ready_hand_after_the_call() -> None:
    game = arrange(
        turn="N",
        drawn="3p",
        hands={"N": "3p 1m 5m 9m 1s 5s 9s 2p 6p 8p 7z 7z 2m 6m", "S": "24p 1m 4m 7m 2s 5s 8s 9s 7z"},
        melds={"S": [("peng", "111s")]},
    )
    play(game, "N discard 3p")
    assert not any(isinstance(a, Chi) for a in legal_actions(game.state, 1))
    assert Hu() not in legal_actions(game.state, 1)
