"""Players see only their seat: shuffling everything hidden from a seat never changes its decision.

Self-play is stopped at many decision points; there the hidden tiles — the
other seats' concealed hands, the live wall, the 宝 when the seat may not see
it — are shuffled among themselves, which gives a different table with the
same view. Every level must decide exactly the same on both.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.registry import LADDER, make_player
from game.ai.selfplay import play_match
from game.core.actions import Action
from game.core.rules import PRESETS, RuleSet
from game.core.state import State
from game.core.view import SeatView, view


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same table for ``seat``, with every tile it cannot see moved to another hidden place."""
    others = [s for s in range(4) if s != seat]
    live = list(state.wall[state.head : state.tail])
    hidden = [t for s in others for t in state.hands[s]] + live
    bao_hidden = state.bao is not None and not state.sees_bao(seat) and state.phase not in ("round_over",)
    if bao_hidden:
        assert state.bao is not None
        hidden.append(state.bao)
    rng.shuffle(hidden)
    pos = 0
    hands = list(state.hands)
    for s in others:
        n = len(state.hands[s])
        hands[s] = tuple(sorted(hidden[pos : pos + n]))
        pos += n
    new_live = tuple(hidden[pos : pos + len(live)])
    pos += len(live)
    bao = hidden[pos] if bao_hidden else state.bao
    wall = list(state.wall)
    wall[state.head : state.tail] = new_live
    if bao_hidden and state.bao is not None:
        wall[wall.index(state.bao)] = -1  # the old 宝 slot now holds the new one (ids stay unique)
        wall[wall.index(-1)] = bao
    return replace(state, hands=tuple(hands), wall=tuple(wall), bao=bao)


class _Recorder:
    """Plays like ``inner`` and keeps some (state, seat, view, legal) snapshots along the way."""

    def __init__(self, inner: object, seat: int, game_ref: list, keep: list, rng: random.Random) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "")
        self.seat = seat
        self.game_ref = game_ref
        self.keep = keep
        self.rng = rng

    def decide(self, v: SeatView, legal: list[Action]):  # type: ignore[no-untyped-def]
        if len(legal) > 1 and self.rng.random() < 0.35:
            self.keep.append((self.game_ref[0].state, self.seat, v, list(legal)))
        return self.inner.decide(v, legal)  # type: ignore[attr-defined]


def snapshots(
    level: str, seeds: range, rules: RuleSet | None = None
) -> list[tuple[State, int, SeatView, list[Action]]]:
    """Decision points from self-play of four ``level`` players."""
    import game.ai.selfplay as selfplay

    keep: list[tuple[State, int, SeatView, list[Action]]] = []
    rng = random.Random(1)
    game_ref: list = [None]
    original = selfplay.Game.new

    def new(*args, **kwargs):  # type: ignore[no-untyped-def]
        game_ref[0] = original(*args, **kwargs)
        return game_ref[0]

    selfplay.Game.new = new  # type: ignore[method-assign]
    try:
        for seed in seeds:
            players = [_Recorder(make_player(level, 4 * seed + i), i, game_ref, keep, rng) for i in range(4)]
            play_match(players, seed, rules or RuleSet(), hands=1)  # type: ignore[arg-type]
    finally:
        selfplay.Game.new = original  # type: ignore[method-assign]
    return keep


@pytest.mark.parametrize("level", LADDER)
def test_shuffling_what_a_seat_cannot_see_changes_nothing(level: str) -> None:
    rng = random.Random(7)
    points = snapshots("normal", range(3))
    assert len(points) >= 20
    checked = 0
    for state, seat, v, legal in points:
        other = shuffle_hidden(state, seat, rng)
        assert other != state
        v2 = view(other, seat)
        assert v2 == v, "the shuffle must keep the seat's view"
        a = make_player(level, 99).decide(v, legal)
        b = make_player(level, 99).decide(v2, legal)
        assert a == b
        checked += 1
    assert checked >= 20


def test_the_shuffle_really_moves_hidden_tiles() -> None:
    rng = random.Random(3)
    state, seat, _, _ = snapshots("normal", range(1))[0]
    other = shuffle_hidden(state, seat, rng)
    moved = sum(
        a != b for s in range(4) if s != seat for a, b in zip(state.hands[s], other.hands[s], strict=True)
    )
    assert moved > 0
    assert other.hands[seat] == state.hands[seat]


@pytest.mark.parametrize("level", LADDER)
def test_under_public_bao_only_the_bao_is_added_to_what_a_seat_sees(level: str) -> None:
    """明宝 (R49, with the Daqing room options): every seat sees the 宝 from the deal on; nothing else."""
    rules = PRESETS["DQ"].replace(bao_visibility="public")
    rng = random.Random(11)
    points = snapshots("normal", range(3), rules)
    assert len(points) >= 20
    for state, seat, v, legal in points:
        assert state.bao is not None and v.bao == state.bao  # legitimately visible, even before 听
        other = shuffle_hidden(state, seat, rng)
        assert other.bao == state.bao and other != state  # the 宝 stays; hands and wall move
        v2 = view(other, seat)
        assert v2 == v
        assert make_player(level, 99).decide(v, legal) == make_player(level, 99).decide(v2, legal)
