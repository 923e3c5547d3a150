"""Players: the registry, determinism from (seed, views), and what the decision noise may and may not do."""

from __future__ import annotations

import pytest

from game.ai.base import Decision
from game.ai.levels import CONFIGS
from game.ai.registry import FROZEN, LADDER, LEVELS, make_player, player_factories
from game.ai.selfplay import play_match
from game.core.actions import Chi, Discard, Hu, Pass, Peng
from game.core.rules import RuleSet
from game.glossary import TERMS


def test_registry_names_and_level_keys() -> None:
    assert LEVELS == ("novice", "normal", "strong", "expert")
    assert set(LADDER + FROZEN) == set(player_factories())
    for level in LEVELS:
        assert f"level.{level}" in TERMS
        assert make_player(level.upper(), 1).name == level
    with pytest.raises(ValueError):
        make_player("grandmaster")


@pytest.mark.parametrize("level", LADDER)
def test_same_seed_same_game(level: str) -> None:
    def run() -> list[tuple[int, ...]]:
        record = play_match([make_player(level, 40 + i) for i in range(4)], 8, RuleSet(), hands=2)
        return [h.deltas for h in record.hands] + [(len(record.game.events),)]

    assert run() == run()


@pytest.mark.parametrize("level", [lv for lv in LEVELS if CONFIGS[lv].noise])
def test_noise_slips_sometimes_but_never_on_ting_or_hu(level: str) -> None:
    seen: list[tuple[Decision, list[object]]] = []

    class Spy:
        def __init__(self, inner):  # type: ignore[no-untyped-def]
            self.inner, self.name = inner, inner.name

        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            d = self.inner.decide(view, legal)
            seen.append((d, list(legal)))
            return d

    for seed in range(4):
        play_match([Spy(make_player(level, 4 * seed + i)) for i in range(4)], seed, RuleSet(), hands=1)
    hunches = [(d, legal) for d, legal in seen if d.reason.kind == "hunch"]
    assert hunches, "a noisy level slips now and then"
    for d, legal in seen:
        if any(isinstance(a, Hu) for a in legal):
            assert isinstance(d.action, Hu)
    cfg = CONFIGS[level]
    for d, legal in hunches:
        ting_options = [a for a in legal if isinstance(a, Discard | Chi | Peng) and a.ting]
        if not ting_options or (isinstance(d.action, Discard | Chi | Peng) and d.action.ting):
            continue
        # the one way past a 听: a level's slip that lets a 吃听/碰听 go (the plain call or a pass)
        assert cfg.miss_ting_call > 0, d
        assert all(isinstance(a, Chi | Peng) for a in ting_options) and isinstance(
            d.action, Chi | Peng | Pass
        ), d


@pytest.mark.parametrize("level", LEVELS)
def test_only_the_lower_levels_let_a_chiting_go(level: str) -> None:
    offered = missed = 0

    class Spy:
        def __init__(self, inner):  # type: ignore[no-untyped-def]
            self.inner, self.name = inner, inner.name

        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            nonlocal offered, missed
            d = self.inner.decide(view, legal)
            if any(isinstance(a, Chi | Peng) and a.ting for a in legal) and not any(
                isinstance(a, Hu) for a in legal
            ):
                offered += 1
                missed += not (isinstance(d.action, Chi | Peng) and d.action.ting)
            return d

    for seed in range(12):
        play_match([Spy(make_player(level, 4 * seed + i)) for i in range(4)], seed, RuleSet(), hands=1)
    assert offered > 10
    if CONFIGS[level].miss_ting_call:
        assert 0 < missed < offered
    else:
        assert missed == 0


def test_expert_plays_the_same_whatever_its_seed_and_a_noisy_level_does_not() -> None:
    """Expert has no decision noise: players made with other seeds play the same match move for move."""

    def log(level: str, seeds: range) -> list[object]:
        players = [make_player(level, s) for s in seeds]
        return list(play_match(players, 12, RuleSet(), hands=2).game.events)

    assert log("expert", range(4)) == log("expert", range(100, 104))
    assert log("normal", range(4)) != log("normal", range(100, 104))  # its noise follows the seed
    assert CONFIGS["expert"].noise == 0 < CONFIGS["normal"].noise
