"""Resume after a crash never continues an illegal game: every cut point of recorded matches resumes,
plays to the end and verifies (the issue's sweep failed at 105 of 384 cut points)."""

from __future__ import annotations

from pathlib import Path

from game.core.events import TileDiscarded, TingDeclared
from game.replay.verify import complete_prefix, verify_events
from tests.resume_sweep import SweepResult, record, sweep_match


def test_every_cut_point_of_two_matches_resumes_to_a_match_that_verifies(tmp_path: Path) -> None:
    result = SweepResult()
    # S1 seed 3: locked hands' automatic discards, 宝 reveals, a 换宝 and 吃听/碰听; standard seed 4 too
    sweep_match(tmp_path / "s1", "S1", 3, 2, "greedy", result)
    sweep_match(tmp_path / "standard", "standard", 4, 2, "greedy", result)
    assert result.failures == []
    assert result.kinds["auto_discard"] >= 10 and result.kinds["bao_replaced"] >= 1
    assert result.kinds["bao_revealed"] >= 4 and result.kinds["ting_declared"] >= 4
    assert result.cut_points == result.kinds.total()
    # every cut but the first (no hand dealt) and the last (match over) of each match resumed,
    # and many of them had to drop a move cut short
    assert result.resumed == result.cut_points - 4
    assert result.dropped > result.cut_points // 3


def test_complete_prefix_cuts_back_to_the_last_whole_batch(tmp_path: Path) -> None:
    _, events = record(tmp_path, "S1", 3, 2, "greedy")
    assert complete_prefix(events).length == len(events) and complete_prefix(events).error is None
    boundaries = {complete_prefix(events[:cut]).length for cut in range(1, len(events) + 1)}
    for cut in range(1, len(events) + 1):
        prefix = complete_prefix(events[:cut])
        assert prefix.error is None and prefix.length <= cut
        assert prefix.length == max(b for b in boundaries if b <= cut)
        assert verify_events(events[: prefix.length]).ok or prefix.length < 2
    # a discard that declared 听, cut before its ting_declared line, is not kept as a plain discard
    for i, event in enumerate(events[:-1]):
        if isinstance(event, TileDiscarded) and isinstance(events[i + 1], TingDeclared):
            assert complete_prefix(events[: i + 1]).length <= i
            break
    else:
        raise AssertionError("the recorded match has no 听 discard")


def test_complete_prefix_reports_an_event_that_breaks_a_rule(tmp_path: Path) -> None:
    _, events = record(tmp_path, "standard", 4, 2, "greedy")
    i = next(i for i, e in enumerate(events) if isinstance(e, TileDiscarded) and not e.auto and i > 20)
    bad = events[i]
    assert isinstance(bad, TileDiscarded)
    forged = [*events[:i], TileDiscarded((bad.seat + 1) % 4, bad.tile), *events[i + 1 :]]
    prefix = complete_prefix(forged)
    assert prefix.error is not None and prefix.error.index == i and prefix.length <= i
    assert "turn" in prefix.error.error or "refused" in prefix.error.error
