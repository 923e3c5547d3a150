"""An autoplayed seat is recorded as its AI level (and the header says autoplay played it); statistics
count only the seats a person played."""

from __future__ import annotations

from pathlib import Path

from game.core.rules import RuleSet
from game.host.session import Session
from game.match_config import MatchConfig
from game.replay.header import header_problem
from game.replay.logfile import load_log
from game.replay.stats import folder_stats


def _play_out(session: Session) -> None:
    while not session.host.over:
        if session.host.round_over:
            session.advance()
        else:
            assert not session.host.person_pending()  # nobody asks the person: the AI plays seat 0
            session.host.run_ai(session.host.ai_pending()[0])


def test_an_autoplayed_match_names_the_level_and_counts_in_no_statistics(tmp_path: Path) -> None:
    config = MatchConfig(("normal", "novice", "strong"), RuleSet(), 1, seed=11, autoplay="expert")
    session = Session.new(config, tmp_path / "saves", tmp_path / "replays")
    _play_out(session)
    assert session.saved_as is not None
    replay = load_log(session.saved_as)
    assert replay.header["players"] == ["expert", "normal", "novice", "strong"]
    assert replay.header["autoplay"] == [0] and isinstance(replay.header["ai_seeds"][0], int)
    assert header_problem(replay.header, replay.events[0]) == ""  # type: ignore[arg-type]
    stats = folder_stats(tmp_path / "replays")
    assert stats.to_json()["games"] == 0  # nobody played a seat as a person


def test_a_person_seat_still_counts(tmp_path: Path) -> None:
    config = MatchConfig(("normal", "novice", "strong"), RuleSet(), 1, seed=11)
    session = Session.new(config, tmp_path / "saves", tmp_path / "replays")
    session.host.autoplay("expert")  # 托管 for the whole hand: a person's seat all the same
    _play_out(session)
    assert session.saved_as is not None
    replay = load_log(session.saved_as)
    assert replay.header["players"][0] == "human" and "autoplay" not in replay.header
    assert folder_stats(tmp_path / "replays").to_json()["games"] == 1


def test_a_header_that_claims_autoplay_for_a_person_seat_is_refused(tmp_path: Path) -> None:
    config = MatchConfig(("normal", "novice", "strong"), RuleSet(), 1, seed=12)
    Session.new(config, tmp_path / "saves", tmp_path / "replays")
    saved = load_log(tmp_path / "saves" / "current.jsonl")
    bad = {**saved.header, "autoplay": [0]}
    assert "autoplay played seat 0" in header_problem(bad, saved.events[0])  # type: ignore[arg-type]
    started = saved.events[0]
    assert "not a list of seats" in header_problem({**saved.header, "autoplay": [7]}, started)  # type: ignore[arg-type]
