"""The match the replay and viewer benchmarks measure: 16 hands of four Expert players, seed 16."""

from __future__ import annotations

from typing import Any

from ..ai.registry import make_player
from ..ai.selfplay import play_match
from ..core.events import Event, MatchStarted
from ..core.rules import RuleSet
from ..replay.header import complete_header, match_header

SEED = 16
HANDS = 16


def bench_match() -> tuple[dict[str, Any], tuple[Event, ...]]:
    """The benchmark's 16-hand Expert match and its header."""
    seeds = [SEED * 4 + i for i in range(4)]
    record = play_match([make_player("expert", s) for s in seeds], SEED, RuleSet(), hands=HANDS)
    events = tuple(record.game.events)
    started = events[0]
    assert isinstance(started, MatchStarted)
    return complete_header(match_header(started, ai_seeds=seeds), events), events
