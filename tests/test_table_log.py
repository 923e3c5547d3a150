"""The table's log (牌局记录): the hand so far in words, each seat named as the table shows it, nothing
the person could not see."""

from __future__ import annotations

from game.core.events import Gang, RoundDrawn, TileDiscarded, TileDrawn
from game.core.tiles import kind_name
from game.ui.words.table_log import hand_events, log_lines
from tests.test_rules_followups import _scenario, run_scenario


def test_the_log_tells_the_hand_from_the_discarders_seat() -> None:
    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    events = hand_events(run.events, len(run.events))
    zh = log_lines(events, 3, "zh")
    en = log_lines(events, 3, "en")
    assert zh[-3:] == ["你打出 五萬", "对家胡了", "上家胡了"]
    wins = ["Opposite: win on the discard", "Previous: win on the discard"]
    assert en[-3:] == ["You: discard 5 Characters", *wins]
    assert "上家碰听 八饼" in zh and "上家报听，打出 红中" in zh  # the 听 discard is one line
    assert "Previous: declare ready, discard Red Dragon" in en
    assert "Previous: peng to ready 8 Dots" in en  # a peng names its tile once ("three 8 Dots" wrapped)
    discards = [e for e in events if isinstance(e, TileDiscarded)]
    said = ("打出",)
    assert sum(said[0] in line for line in zh) == len(discards)
    assert len(zh) == len(en)


def test_the_log_of_a_later_position_ends_there_and_starts_at_the_deal() -> None:
    run = run_scenario(_scenario("yipao_duoxiang_both_win"))
    first_discard = next(i for i, e in enumerate(run.events) if isinstance(e, TileDiscarded))
    lines = log_lines(hand_events(run.events, first_discard + 1), 0, "en")
    assert len(lines) == 1 and ": discard " in lines[0]


def test_another_seats_draw_and_concealed_kong_stay_hidden() -> None:
    drawn = TileDrawn(1, 4 * 8)  # 9万 drawn by 下家
    kong = Gang(1, "angang", (40, 41, 42, 43), 40)
    lines = log_lines([drawn, kong], 0, "zh")
    assert lines == ["下家暗杠"]  # the draw is not a line; the kong's tiles are not named
    assert kind_name(40 // 4, "zh") not in lines[0]
    own = log_lines([Gang(0, "angang", (40, 41, 42, 43), 40)], 0, "zh")
    assert own == [f"你暗杠 {kind_name(40 // 4, 'zh')}"]


def test_a_hand_that_runs_out_ends_the_log_with_huangzhuang() -> None:
    ended = RoundDrawn(((), (), (), ()))
    assert log_lines([ended], 0, "zh") == ["荒庄"]
    assert log_lines([ended], 0, "en")[0][:1].isupper()
