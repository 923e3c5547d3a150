"""Matches played through the session are kept as replays: finished or abandoned in the header, with
each AI seat's seed, so that a review re-creates every AI seat exactly (decision noise included)."""

from __future__ import annotations

import random
from pathlib import Path

from game.core.rules import RuleSet
from game.host.match import ai_seed
from game.host.session import Session
from game.match_config import MatchConfig
from game.replay.header import ABANDONED, FINISHED, PLAYING
from game.replay.library import continuable, list_replays
from game.replay.logfile import load_log
from game.replay.review import review
from game.saves import save_path
from tests.test_session import play

LEVELS = ("normal", "novice", "strong")


def test_a_finished_match_is_kept_with_its_seeds_and_reviews_exactly(tmp_path: Path) -> None:
    config = MatchConfig(LEVELS, RuleSet(), 2, seed=77)
    session = Session.new(config, tmp_path / "saves", tmp_path / "replays")
    assert load_log(save_path(tmp_path / "saves")).header["status"] == PLAYING
    play(session, random.Random(5))
    assert session.saved_as is not None
    kept = load_log(session.saved_as)
    header = kept.header
    assert header["status"] == FINISHED and header["ended"] and header["kind"] == "match"
    assert header["ai_seeds"] == [None, *(ai_seed(77, s) for s in (1, 2, 3))]
    assert header["players"] == ["human", *LEVELS] and header["levels"] == list(LEVELS)
    for seat, level in enumerate(LEVELS, start=1):
        assert review(kept.events, seat, level, header, scores=False).agreement == 1.0, level
    assert review(kept.events, 0, "expert", header, scores=False).agreement < 1.0  # a random chooser


def test_a_match_replaced_by_a_new_one_is_kept_as_abandoned(tmp_path: Path) -> None:
    saves, replays = tmp_path / "saves", tmp_path / "replays"
    first = Session.new(MatchConfig(LEVELS, RuleSet(), 4, seed=78), saves, replays)
    play(first, random.Random(6), human_moves=3)
    first.close()
    assert continuable(saves) == save_path(saves)
    Session.new(MatchConfig(LEVELS, RuleSet(), 4, seed=79), saves, replays)
    entries = list_replays(replays)
    assert len(entries) == 1 and entries[0].status == ABANDONED and entries[0].name.startswith("unfinished-")
    assert load_log(entries[0].path).events == tuple(first.game.events)
    in_progress = [e for e in list_replays(replays, saves) if e.in_progress]
    assert len(in_progress) == 1 and in_progress[0].status == PLAYING
