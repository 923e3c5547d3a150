"""The hand flow of RULES.md, position by position: calls, priority, 听, the 宝, the wall's end, settlement.

Test names carry the RULES.md rows they cover.
"""

from __future__ import annotations

from game.core.actions import Action, AnGang, Chi, Discard, Hu, Pass, Peng, Refusal
from game.core.engine import step
from game.core.events import BaoReplaced, RoundDrawn, Settled, TileDiscarded, TileDrawn
from game.core.events import Hu as HuEvent
from game.core.legal import legal_actions, pending_seats
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.view import view

from .positions import arrange, pass_all, play, types

STANDARD = RuleSet()


def _net(game_events: list[object]) -> dict[str, int]:
    total = [0, 0, 0, 0]
    for e in game_events:
        if isinstance(e, Settled):
            total = [a + b for a, b in zip(total, e.deltas, strict=True)]
    return dict(zip("ESWN", total, strict=True))


def c32_position(**kw: object) -> object:
    return arrange(
        turn="N",
        drawn="5m",
        ting="NSW",
        hands={
            "N": "5m 456p 789p 11s 23s",
            "S": "46m 234p 77s",
            "W": "34m 567p 99s",
            "E": "1m 9m 3s 4s 6s 7z 7z",
        },
        melds={
            "N": [("peng", "999m")],
            "S": [("chi", "789s"), ("peng", "111p")],
            "W": [("chi", "123s"), ("peng", "888p")],
            "E": [("peng", "222p"), ("chi", "345m")],
        },
        **kw,  # type: ignore[arg-type]
    )


def test_R25_C32_jiehu_xiajia_first_single_winner() -> None:
    game = c32_position()
    play(game, "N discard 5m")
    assert pending_seats(game.state) == [1, 2]
    assert legal_actions(game.state, 1) == [Hu()] and legal_actions(game.state, 2) == [Hu()]
    events = play(game, "W hu", "S hu")
    wins = [e for e in events if isinstance(e, HuEvent)]
    assert len(wins) == 1 and wins[0].seat == 1 and wins[0].kind == "ron" and wins[0].kadang
    assert _net(events) == {"E": -2, "S": 6, "W": -2, "N": -2}


def test_R23_must_hu_refuses_a_pass_on_a_winning_discard() -> None:
    game = c32_position()
    play(game, "N discard 5m")
    before = game.state
    refusal = game.submit(2, Pass())
    assert isinstance(refusal, Refusal) and refusal.code == "must_hu"
    assert game.state is before


def test_R23_ron_optional_with_pass_lock_variant() -> None:
    rules = STANDARD.replace(must_hu=False, pass_lock=True)
    game = c32_position(rules=rules)
    play(game, "N discard 5m")
    assert set(map(type, legal_actions(game.state, 2))) == {Hu, Pass}
    play(game, "W pass", "S pass")
    assert game.state.pass_locked[1] and game.state.pass_locked[2]
    assert game.state.phase == "discard" and game.state.turn == 0  # E drew


def test_R22_locked_hand_throws_its_draw_automatically() -> None:
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", "S": "46m 234p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        head="9p",
        bao="3s",
    )
    events = play(game, "E discard drawn")
    auto = [e for e in events if isinstance(e, TileDiscarded) and e.auto]
    assert len(auto) == 1 and auto[0].seat == 1 and auto[0].tile >> 2 == 17
    assert game.state.turn == 2 and game.state.phase == "discard"  # W drew and now decides


def test_R22_a_ready_seat_may_only_throw_the_drawn_tile() -> None:
    game = arrange(
        turn="S",
        drawn="9p",
        hands={"S": "46m 234p 77s 9p"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        bao="3s",
    )
    assert [type(a) for a in legal_actions(game.state, 1)] == [Discard]
    four_m = next(t for t in game.state.hands[1] if t >> 2 == 3)
    refusal = step(game.state, 1, Discard(four_m))
    assert isinstance(refusal, Refusal) and refusal.code == "listening_locked"
    refusal = step(game.state, 1, Peng((four_m, four_m)))
    assert isinstance(refusal, Refusal)


def test_R17_R21_ting_without_kaimen_is_refused_with_its_blockers() -> None:
    game = arrange(
        turn="E", drawn="9m", hands={"E": "123m 789s 55s 68p 9m"}, melds={"E": [("angang", "4444p")]}
    )
    nine = next(t for t in game.state.hands[0] if t >> 2 == 8)
    refusal = game.submit(0, Discard(nine, ting=True))
    assert isinstance(refusal, Refusal) and refusal.code == "ting_not_allowed"
    assert "not_open" in refusal.blockers


def test_R18_shoubayi_no_fourth_meld() -> None:
    game = arrange(
        turn="N",
        drawn="2m",
        hands={
            "E": "55m 9s 7z",
            "N": "2m 5m 3p 4p 6p 7p 8p 9p 1s 2s 3s 7z 7z 9s",
            "S": "1m 4m 7m 1p 4p 7p 1s 4s 7s 9s 3m 6m 9m",
            "W": "2s 5s 8s 2p 5p 8p 6s 3p 6m 8m 3m 4m 7s",
        },
        melds={"E": [("chi", "123p"), ("peng", "999m"), ("chi", "456s")]},
    )
    events = play(game, "N discard 5m")
    # E (下家) holds 55m but already has three melds: no claim window, E simply draws
    assert types(events) == ["tile_discarded", "tile_drawn"]
    assert game.state.turn == 0 and not any(isinstance(a, Peng) for a in legal_actions(game.state, 0))
    game2 = arrange(
        turn="E",
        drawn="9s",
        hands={"E": "5555m 9s"},
        melds={"E": [("chi", "123p"), ("peng", "999m"), ("chi", "456s")]},
    )
    fives = tuple(t for t in game2.state.hands[0] if t >> 2 == 4)
    refusal = game2.submit(0, AnGang(fives))
    assert isinstance(refusal, Refusal) and refusal.code == "max_melds"


def test_R09_R16_chi_from_a_non_shangjia_only_as_chiting() -> None:
    # S (the 对家 of N) can make 234p only if it makes the hand ready.
    game = arrange(
        turn="N",
        drawn="3p",
        hands={"N": "3p 1m 5m 9m 1s 5s 9s 2p 6p 8p 7z 7z 2m 6m", "S": "24p 345m 678m 99s"},
        melds={"S": [("peng", "111p")]},
    )
    play(game, "N discard 3p")
    options = legal_actions(game.state, 1)
    chis = [a for a in options if isinstance(a, Chi)]
    assert chis and all(a.ting for a in chis)
    play(game, "S chi 24p ting")
    pass_all(game)
    assert game.state.must_ting == 1 and game.state.turn == 1
    nine = next(t for t in game.state.hands[1] if t >> 2 == 26)
    refusal = game.submit(1, Discard(nine))
    assert isinstance(refusal, Refusal) and refusal.code == "must_declare_ting"
    play(game, "S ting 5m")
    assert game.state.ting[1]


def test_R15_pengting_outranks_peng_and_chi_ties_go_to_xiajia() -> None:
    game = arrange(
        turn="N",
        drawn="3p",
        hands={
            "N": "3p 1m 5m 9m 1s 5s 9s 2p 6p 8p 7z 7z 2m 6m",
            "E": "24p 1m 2m 5m 6m 8m 1s 4s 6s 8s 9s 7z",
            "S": "33p 345m 678m 99s",
        },
        melds={"S": [("peng", "111p")]},
    )
    play(game, "N discard 3p", "E chi 24p", "S peng 33p ting")
    pass_all(game)
    assert game.state.melds[1][-1].kind == "peng" and game.state.must_ting == 1


def test_R28_S0_huanbao_on_three_visible_including_a_chi() -> None:
    # 宝 1p; two 1p already discarded; 上家's 2p is chi'd with 1p 3p -> the third 1p is visible: swap.
    game = arrange(
        turn="W",
        drawn="2p",
        hands={
            "W": "2p 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7z",
            "N": "13p 4m 6m 8m 2s 5s 8s 7z 9m 9s 9s 3m",
            "S": "46m 234p 77s",
        },
        rivers={"E": "1p", "S": "1p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        ting="S",
        tail="5m",
        bao="1p",
    )
    assert sum(1 for k in game.state.visible_tiles() if k >> 2 == 9) == 2
    events = play(game, "W discard 2p", "N chi 13p")
    swaps = [e for e in events if isinstance(e, BaoReplaced)]
    assert len(swaps) == 1 and swaps[0].old >> 2 == 9 and swaps[0].visible == 3
    assert game.state.bao is not None and game.state.bao >> 2 == 4  # the wall's last tile, 5m
    assert view(game.state, 1).bao == game.state.bao  # the listener sees the new 宝
    assert view(game.state, 3).bao is None  # a non-listener does not
    assert game.state.bao >> 2 == 4 and game.state.old_baos[0] >> 2 == 9


def test_R28_S0_no_huanbao_when_the_third_copy_is_in_a_hand() -> None:
    game = arrange(
        turn="W",
        drawn="5s",
        hands={"S": "46m 123p 77s", "W": "5s 2m 3m 4m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m"},
        rivers={"E": "1p", "N": "1p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        ting="S",
        bao="1p",
    )
    play(game, "W discard 5s")
    assert not game.state.old_baos
    known = arrange(
        turn="W",
        drawn="5s",
        hands={"S": "46m 123p 77s", "W": "5s 2m 3m 4m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m"},
        rivers={"E": "1p", "N": "1p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        ting="S",
        bao="1p",
        rules=STANDARD.replace(bao_swap="per_player_known"),
    )
    play(known, "W discard 5s")
    assert len(known.state.old_baos) == 1
    # only a ready seat's own hand counts: W, not ready, holds the last 1p; S holds none (two in sight)
    others = arrange(
        turn="W",
        drawn="5s",
        hands={"S": "46m 234p 77s", "W": "5s 1p 3m 4m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m"},
        rivers={"E": "1p", "N": "1p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        ting="S",
        bao="1p",
        rules=STANDARD.replace(bao_swap="per_player_known"),
    )
    events = play(others, "W discard 5s")
    assert not others.state.old_baos and not any(isinstance(e, BaoReplaced) for e in events)


def test_R28_repeated_huanbao_when_the_new_bao_is_also_visible_three_times() -> None:
    game = arrange(
        turn="W",
        drawn="2p",
        hands={
            "W": "2p 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7z",
            "N": "13p 4m 6m 8m 2s 5s 8s 7z 9m 9s 9s 3m",
            "S": "46m 234p 77s",
        },
        rivers={"E": "1p 8p 8p 8p", "S": "1p"},
        melds={"S": [("chi", "789s"), ("peng", "111s")]},
        ting="S",
        tail="8p 6m",
        bao="1p",
    )
    events = play(game, "W discard 2p", "N chi 13p")
    swaps = [e for e in events if isinstance(e, BaoReplaced)]
    assert [s.old >> 2 for s in swaps] == [9, 16]
    assert game.state.bao is not None and game.state.bao >> 2 == 5


def test_R27_mobao_pays_three_each() -> None:
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", "S": "23m 55p"},
        melds={"S": [("chi", "567p"), ("peng", "111m"), ("chi", "345s")]},
        ting="S",
        head="8p",
        bao="8p",
    )
    events = play(game, "E discard drawn", "S hu")
    win = next(e for e in events if isinstance(e, HuEvent))
    assert win.kind == "mobao"
    assert _net(events) == {"E": -3, "S": 9, "W": -3, "N": -3}


def test_R30_baozhongbao_single_kadang_wait_equal_to_bao() -> None:
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", "S": "46m 234p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        head="5m",
        bao="5m",
    )
    events = play(game, "E discard drawn", "S hu")
    win = next(e for e in events if isinstance(e, HuEvent))
    assert (win.kind, win.kadang) == ("baozhongbao", True)
    assert _net(events) == {"E": -12, "S": 36, "W": -12, "N": -12}


def test_R27_C33_discarded_bao_is_ronnable_only_as_a_natural_wait() -> None:
    def position(rules: RuleSet) -> object:
        return arrange(
            turn="W",
            drawn="5m",
            hands={"S": "46m 234p 77s", "W": "5m 1m 2m 3m 6p 7p 8p 2s 3s 4s 7z 7z 9m 9m"},
            melds={"S": [("chi", "789s"), ("peng", "111p")]},
            ting="S",
            bao="5m",
            rules=rules,
        )

    game = position(STANDARD)
    play(game, "W discard 5m")
    assert legal_actions(game.state, 1) == [Hu()]
    never = position(STANDARD.replace(bao_discard_ron="never"))
    play(never, "W discard 5m")
    assert legal_actions(never.state, 1) == []


def test_R26_bao_seen_only_by_ready_seats_and_public_variant() -> None:
    def position(rules: RuleSet) -> object:
        return arrange(
            turn="S",
            drawn="9p",
            hands={"S": "46m 234p 77s 9p"},
            melds={"S": [("chi", "789s"), ("peng", "111p")]},
            bao="3s",
            rules=rules,
        )

    game = position(STANDARD)
    assert view(game.state, 1).bao is None
    play(game, "S ting 9p")
    assert view(game.state, 1).bao is not None and view(game.state, 0).bao is None
    public = position(STANDARD.replace(bao_visibility="public_after_first_ting"))
    play(public, "S ting 9p")
    assert all(view(public.state, s).bao is not None for s in range(4))


def test_R39_qianggang_paid_as_zimo() -> None:
    game = arrange(
        turn="E",
        drawn="5m",
        hands={"E": "5m 1m 9m 1s 2s 3s 4p 5p 6p 7z 7z", "S": "46m 234p 77s"},
        melds={"E": [("peng", "555m")], "S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
    )
    events = play(game, "E jiagang 5m")
    assert game.state.phase == "rob" and pending_seats(game.state) == [1]
    events = play(game, "S hu")
    win = next(e for e in events if isinstance(e, HuEvent))
    assert win.kind == "qianggang" and win.kadang
    assert game.state.melds[0][0].kind == "peng"
    assert _net(events) == {"E": -4, "S": 16, "W": -6, "N": -6}


def test_R33_fenzhang_last_four_draws_then_huangzhuang() -> None:
    game = arrange(turn="E", drawn="9p", hands={"E": "9p"}, live=12)
    events = play(game, "E discard 9p")
    draws = [e for e in events if isinstance(e, TileDrawn)]
    assert [d.fenzhang for d in draws] == [True, True, True, True]
    assert [d.seat for d in draws] == [1, 2, 3, 0]
    assert isinstance(events[-1], RoundDrawn)
    assert game.state.live_count == 8


def test_R33_fenzhang_ready_seat_can_win_by_zimo() -> None:
    game = arrange(
        turn="E",
        drawn="9p",
        hands={"E": "9p", "S": "46m 234p 77s"},
        melds={"S": [("chi", "789s"), ("peng", "111p")]},
        ting="S",
        head="5m",
        bao="3s",
        live=12,
    )
    events = play(game, "E discard 9p")
    assert game.state.phase == "fenzhang" and legal_actions(game.state, 1) == [Hu()]
    events = play(game, "S hu")
    assert next(e for e in events if isinstance(e, HuEvent)).kind == "zimo"


def test_R33_variant_last_four_discarded_without_ron() -> None:
    rules = STANDARD.replace(end_of_wall="last4_discard_no_ron")
    game = arrange(turn="E", drawn="9p", hands={"E": "9p"}, live=11, rules=rules)
    play(game, "E discard 9p")
    assert game.state.phase == "discard" and game.state.turn == 1  # a normal draw in the last four
    assert not any(d.fenzhang for d in game.events if isinstance(d, TileDrawn))


def test_R34_R38_settlement_is_zero_sum_in_play() -> None:
    game = c32_position()
    events = play(game, "N discard 5m", "S hu", "W hu")
    settled = next(e for e in events if isinstance(e, Settled))
    assert sum(settled.deltas) == 0 and settled.scores == tuple(settled.deltas)


def test_R04_liable_dealer_pays_for_everyone() -> None:
    game = c32_position(liable=True, dealer="E")
    events = play(game, "N discard 5m", "S hu", "W hu")
    assert _net(events) == {"E": -6, "S": 6, "W": 0, "N": 0}


def test_illegal_submit_leaves_the_state_unchanged() -> None:
    game = c32_position()
    before = game.state
    for seat in range(4):
        result = step(before, seat, Hu())
        assert isinstance(result, Refusal)
    assert game.state == before


def test_why_not_names_the_missing_pieces_of_a_call() -> None:
    from game.core.engine import explain

    game = arrange(
        turn="N",
        drawn="5m",
        hands={
            "N": "5m 1p 9p 1s 5s 9s 2p 6p 8p 7z 7z 2m 9m 3s",
            "S": "55m 3p 69p 24s 57s 7z 1m 3m 8p",
            "W": "19m",
        },
    )
    play(game, "N discard 5m")
    state = game.state

    def code(seat: int, action: Action) -> str | None:
        refusal = explain(state, seat, action)
        return None if refusal is None else refusal.code

    assert code(2, Peng(())) == "no_pair"
    assert code(2, Chi(())) == "no_chi_shape"
    assert code(1, Chi(())) in ("no_chi_shape", "chi_only_from_shangjia")
    assert code(1, Discard(state.hands[1][0], ting=True)) == "not_your_turn"
    assert code(1, AnGang(())) == "not_your_turn"


def test_river_tiles_carry_the_hands_discard_order() -> None:
    """Every discard of a real hand, claimed ones included, gets the next number: 0, 1, 2, ..."""
    for seed in (3, 11):
        game = Game.new(seed, STANDARD, hands=1)
        claimed = 0
        while game.state.phase != "round_over" and sum(len(r) for r in game.state.rivers) < 24:
            seat = pending_seats(game.state)[0]
            legal = legal_actions(game.state, seat)
            calls = [a for a in legal if isinstance(a, Chi | Peng) and not a.ting]
            action = calls[0] if calls and claimed < 2 else legal[0]
            claimed += bool(calls) and action is calls[0]
            assert not isinstance(game.submit(seat, action), Refusal)
        discards = [e for e in game.events if isinstance(e, TileDiscarded)]
        river = {r.tile: r for row in game.state.rivers for r in row}
        assert len(discards) >= 12 and any(river[e.tile].claimed for e in discards)
        assert [river[e.tile].order for e in discards] == list(range(len(discards)))


def _r22_claim_window(ting: str) -> Game:
    """E throws 3p: S (E's 下家) holds 2p 4p for a chi and W holds 33p for a peng; neither wins on it."""
    game = arrange(
        turn="E",
        drawn="3p",
        hands={"E": "3p 1m 9m 5s 6s 7z 7z 8m", "S": "46m 234p 77s", "W": "33p 567s 19m 5m"},
        melds={"S": [("chi", "789s"), ("peng", "111p")], "W": [("chi", "123s")]},
        ting=ting,
        bao="9s",
    )
    play(game, "E discard 3p")
    return game


def test_R22_a_ready_seat_that_cannot_win_on_a_discard_is_offered_only_pass() -> None:
    open_hand = _r22_claim_window(ting="")
    assert any(isinstance(a, Chi) for a in legal_actions(open_hand.state, 1))  # the same tiles, not ready
    assert any(isinstance(a, Peng) for a in legal_actions(open_hand.state, 2))
    locked = _r22_claim_window(ting="S")
    assert locked.state.phase == "claim" and 2 in pending_seats(locked.state)  # W's peng keeps it open
    assert set(map(type, legal_actions(locked.state, 1))) <= {Pass}
    two_four = tuple(t for t in locked.state.hands[1] if t >> 2 in (10, 12))
    assert isinstance(step(locked.state, 1, Chi(two_four)), Refusal)
