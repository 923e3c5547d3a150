"""Statistics over saved games: checked against the scripted deals' own expectations and against the
facts of recorded matches counted another way."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.events import Hu, MatchEnded, RoundStarted
from game.replay.header import complete_header, make_header
from game.replay.logfile import load_log, save_log
from game.replay.stats import WIN_KINDS, folder_stats, game_totals, seat_stats
from game.scenario import load_scenario, run_scenario
from tests.replay.helpers import write_match

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SEATS = "ESWN"


@pytest.mark.parametrize("name", ["jiehu_one_winner", "c34_chiting_priority"])
def test_a_scripted_hand_counts_as_its_expectations_say(name: str) -> None:
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    events = run_scenario(scenario).events
    expect = scenario.expect
    winner = SEATS.index(expect["winner"])
    for seat in range(4):
        totals = game_totals(events, seat)
        assert totals.hands == 1
        assert totals.points == expect["payments"][SEATS[seat]]
        assert totals.wins == (seat == winner)
    won = game_totals(events, winner)
    assert won.kinds[expect["win"]] == 1 and won.kadang == expect["kadang"] and won.ready_hands == 1


def test_dealing_in_while_not_ready() -> None:
    events = run_scenario(load_scenario(SCENARIOS / "jiehu_one_winner.toml")).events
    north = game_totals(events, SEATS.index("N"))  # not listening, discards S's winning 5m
    assert (north.deal_ins, north.deal_ins_not_ready, north.deal_ins_ready) == (1, 1, 0)
    west = game_totals(events, SEATS.index("W"))  # waited on the same tile, S won it (截和)
    assert west.deal_ins == 0 and west.wins == 0 and west.ready_hands == 1


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "replays"
    out.mkdir()
    write_match(out, "one", 41, levels=("novice", "greedy", "expert", "greedy"), hands=2, person=0)
    write_match(out, "two", 42, levels=("novice", "normal", "normal", "random"), hands=2, person=0)
    write_match(out, "three", 43, levels=("greedy",) * 4, hands=1)  # nobody is a person here
    (out / "broken.jsonl").write_text("not json\n", "utf-8")
    return out


def test_the_persons_statistics_over_a_folder(folder: Path) -> None:
    stats = folder_stats(folder)
    data = stats.to_json()
    games = [load_log(folder / f"{n}.jsonl") for n in ("one", "two")]
    hands = sum(sum(isinstance(e, RoundStarted) for e in g.events) for g in games)
    points = 0
    wins = 0
    for g in games:
        final = g.events[-1]
        assert isinstance(final, MatchEnded)
        points += final.scores[0]
        wins += sum(isinstance(e, Hu) and e.seat == 0 for e in g.events)
    assert data["games"] == 2 and data["finished"] == 2 and data["hands"] == hands
    assert data["points"] == points and data["wins"] == wins
    assert data["points_per_hand"] == round(points / hands, 4)
    assert data["wins"] == sum(data[k] for k in WIN_KINDS)
    assert data["deal_ins"] == data["deal_ins_ready"] + data["deal_ins_not_ready"]
    assert set(data["by_opponent_level"]) == {"greedy", "expert", "normal", "random"}
    assert data["by_opponent_level"]["expert"]["games"] == 1
    assert data["by_opponent_level"]["greedy"]["hands"] == sum(
        isinstance(e, RoundStarted) for e in games[0].events
    )
    assert len(data["skipped"]) == 2  # the broken file and the game nobody played in person
    assert any("broken.jsonl" in s for s in data["skipped"])
    assert any("three.jsonl" in s and "no person" in s for s in data["skipped"])


def test_one_seat_over_every_game(folder: Path) -> None:
    data = folder_stats(folder, seat=2).to_json()
    assert data["seat"] == "2" and data["games"] == 3
    # seat 2 played expert, normal and greedy itself: only the other three seats are its opponents
    levels = data["by_opponent_level"]
    assert set(levels) == {"greedy", "normal", "random"}  # the person (novice) is "human" in the header
    assert levels["normal"]["games"] == 1  # game two's seat 1; seat 2's own normal does not count
    assert levels["greedy"]["games"] == 2  # games one (seats 1 and 3) and three (seats 0, 1, 3)
    assert "expert" not in levels  # game one's seat 2 itself


def test_a_log_without_a_header_of_players_uses_the_events(tmp_path: Path) -> None:
    events = run_scenario(load_scenario(SCENARIOS / "c34_chiting_priority.toml")).events
    path = tmp_path / "scripted.jsonl"
    save_log(path, events, make_header(kind="scenario"))
    loaded = load_log(path)
    stats = seat_stats([(path, complete_header(loaded.header, loaded.events), loaded.events)], seat=None)
    assert stats.totals.games == 0 and "no person" in stats.skipped[0]
