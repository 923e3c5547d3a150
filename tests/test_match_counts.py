"""The match's end: each seat's wins, 自摸, 摸宝, 宝中宝, 点炮 and hands as dealer, the 大赢家 (top score,
ties together) and the 炮手 (most 点炮), counted from a constructed match's events and from a played one."""

from __future__ import annotations

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.events import Event, Hu, MatchStarted, RoundDrawn, RoundStarted
from game.core.records import hand_records
from game.core.rules import RuleSet
from game.table.results import SeatCounts, match_counts, most_dealt_in, top_scorers


def hand(no: int, dealer: int) -> RoundStarted:
    return RoundStarted(no, dealer, (1, 1, 1, 1), ())


def win(seat: int, kind: str, from_seat: int | None = None) -> Hu:
    return Hu(seat, kind, 0, from_seat, False, ())


CONSTRUCTED: list[Event] = [
    MatchStarted(1, {}, 7, 0),
    hand(0, 0),
    win(1, "ron", from_seat=2),  # 下家 wins on 对家's discard
    hand(1, 1),
    win(1, "zimo"),
    hand(2, 1),
    RoundDrawn(((), (), (), ())),  # 荒庄: the dealer deals again
    hand(3, 1),
    win(3, "mobao"),
    hand(4, 2),
    win(0, "baozhongbao"),
    hand(5, 3),
    win(0, "ron", from_seat=2),
    hand(6, 0),  # cut short: not counted
]


def test_a_constructed_match_counted_by_hand() -> None:
    counts = match_counts(CONSTRUCTED)
    assert counts == (
        SeatCounts(wins=2, baozhongbao=1, dealer=1),
        SeatCounts(wins=2, zimo=1, dealer=3),
        SeatCounts(dealt_in=2, dealer=1),
        SeatCounts(wins=1, mobao=1, dealer=1),
    )
    assert most_dealt_in(counts) == (2,)
    assert top_scorers((5, 5, -12, 2)) == (0, 1)  # a tie: both named
    assert most_dealt_in((SeatCounts(), SeatCounts(), SeatCounts(), SeatCounts())) == ()  # nobody dealt in
    tie = (SeatCounts(dealt_in=1), SeatCounts(), SeatCounts(dealt_in=1), SeatCounts())
    assert most_dealt_in(tie) == (0, 2)


def test_a_played_match_agrees_with_its_hand_records() -> None:
    record = play_match([make_player("greedy", seat) for seat in range(4)], 3, RuleSet(), hands=6)
    events = record.game.events
    counts = match_counts(events)
    hands = hand_records(events)
    assert sum(c.dealer for c in counts) == len(hands)
    for seat in range(4):
        assert counts[seat].wins == sum(1 for r in hands if r.winner == seat)
        assert counts[seat].dealer == sum(1 for r in hands if r.dealer == seat)
        assert counts[seat].zimo == sum(1 for r in hands if r.winner == seat and r.outcome == "zimo")
    ron = [e for e in events if isinstance(e, Hu) and e.kind == "ron"]
    assert sum(c.dealt_in for c in counts) == len(ron)


def test_yipao_duoxiang_counts_every_winner_and_every_deal_in_once_per_win() -> None:
    """一炮多响 (multi_ron): two seats win on N's discard: each counts a win, N two 点炮, the dealer one
    hand dealt (the scenario's own events)."""
    from tests.test_rules_followups import _scenario, run_scenario

    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    assert run.ok, run.error
    counts = match_counts(run.events)
    wins = [e for e in run.events if isinstance(e, Hu)]
    assert [w.seat for w in wins] == [1, 2] and {w.from_seat for w in wins} == {3}
    assert [c.wins for c in counts] == [0, 1, 1, 0]
    assert counts[3].dealt_in == 2
    dealer = next(e.dealer for e in run.events if isinstance(e, RoundStarted))
    assert [c.dealer for c in counts] == [1 if s == dealer else 0 for s in range(4)]


def test_yipao_duoxiang_is_one_hand_record_with_both_settlements() -> None:
    """一炮多响: the hand is one record (not one per winner): the first winner, the further one, and the
    hand's whole score change."""
    from tests.test_rules_followups import _scenario, run_scenario

    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    records = hand_records(run.events)
    assert len(records) == 1
    (record,) = records
    assert (record.winner, record.also_won) == (1, (2,))
    assert record.deltas == (0, 14, 7, -21) and record.scores == tuple(run.game.state.scores)
