"""Frozen baselines: ``expert-v1`` plays exactly as Expert did before issue 26 (moves and reasons).

The digest below was recorded with Expert's code as it stood before the issue's changes (six
two-hand matches, seeds 500-505, four players each seeded ``4 * seed + seat``): a hash of every
event after the match's start (which names the players) and of every decision with its reason's
kind and parameters, the way ``tests/bench/bench_selfplay.py`` hashes them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import pytest

from game.ai.base import Decision, Player
from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.actions import Action
from game.core.rules import RuleSet
from game.core.view import SeatView

EXPERT_BEFORE_ISSUE_26 = "4a4592d2ed867cd634bc04e6acb4b3124c68f19e26a0519057085a53c6a302c9"
EXPERT_DECISIONS_BEFORE_ISSUE_26 = "c9c08b46293129c703ca7d860f93e7f29d317729127b9498a12bc444aa8b7a9c"
"""The ``expert`` case's decisions digest in ``tests/bench/selfplay_reference.json`` before issue 26
(40 matches of 4 hands, seeds 0-39)."""


class _Hashed:
    """A player whose every decision (the action, the reason's kind and parameters) goes into a hash."""

    def __init__(self, inner: Player, digest: Any) -> None:
        self.inner = inner
        self.name = "x"
        self.digest = digest

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Decision:
        d = self.inner.decide(view, legal)
        params = json.dumps(d.reason.params, sort_keys=True, default=repr)
        self.digest.update(f"{d.action!r}|{d.reason.kind}|{params}\n".encode())
        return d


def selfplay_digest(kind: str, seeds: range, hands: int = 2) -> str:
    """The hash of four ``kind`` players' matches on ``seeds``: their events and their decisions."""
    digest = hashlib.sha256()
    for m in seeds:
        players = [_Hashed(make_player(kind, m * 4 + i), digest) for i in range(4)]
        record = play_match(players, m, RuleSet(), hands=hands)
        for ev in record.game.events[1:]:
            digest.update(ev.to_json().encode() + b"\n")
    return digest.hexdigest()


@pytest.mark.slow
def test_expert_v1_plays_as_expert_did_before_issue_26() -> None:
    assert selfplay_digest("expert-v1", range(500, 506)) == EXPERT_BEFORE_ISSUE_26


def test_expert_v1_is_a_player_kind() -> None:
    assert make_player("expert-v1", 3).name == "expert-v1"


@pytest.mark.slow
def test_expert_v1_decides_as_the_bench_recorded_expert_before_issue_26() -> None:
    digest = hashlib.sha256()
    for m in range(40):
        players = [_Hashed(make_player("expert-v1", i), digest) for i in range(4)]
        play_match(players, m, RuleSet(), hands=4)
    assert digest.hexdigest() == EXPERT_DECISIONS_BEFORE_ISSUE_26
