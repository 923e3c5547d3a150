"""Hidden information, event by event: no seat's view or event holds another seat's concealed tiles before
the hand ends, and the AI at a seat is handed that seat's own view."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.events import Event, MatchStarted, RoundDrawn
from game.core.events import Hu as HuEvent
from game.core.legal import legal_actions
from game.core.rules import PRESETS
from game.core.state import State, apply, initial_state
from game.core.view import HIDDEN, SeatView, event_view, view
from game.host.session import Session
from game.match_config import MatchConfig
from tests.test_properties import random_match

TILE_FIELDS = ("tile", "tiles", "hand", "old", "new", "wall")


def tiles_in_view(v: SeatView) -> set[int]:
    """Every tile id a view shows: hand, draw, melds, rivers, 宝s, the last discard, a call, any reveal."""
    ids = set(v.hand) | set(v.old_baos)
    ids |= {t for t in (v.drawn, v.bao, v.last_discard, v.rob_tile) if t is not None}
    ids |= {t for melds in v.melds for m in melds for t in (*m.tiles, m.claimed) if t is not None}
    ids |= {r.tile for river in v.rivers for r in river}
    ids |= {t for hand in v.revealed_hands or () for t in hand}
    if v.my_call is not None:
        ids |= set(v.my_call.tiles)
    return ids - {HIDDEN}


def tiles_in_event(event: Event) -> set[int]:
    """Every tile id an event names."""
    ids: set[int] = set()
    for name in TILE_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int):
            ids.add(value)
        elif isinstance(value, tuple):
            ids |= {t for item in value for t in (item if isinstance(item, tuple) else (item,))}
    return ids - {HIDDEN}


def concealed_from(state: State, seat: int) -> set[int]:
    """The tiles only their owners may know: other seats' hands and their face-down kongs."""
    out: set[int] = set()
    for owner in range(4):
        if owner == seat:
            continue
        out |= set(state.hands[owner])
        if not state.angang_shown(owner):
            out |= {t for m in state.melds[owner] if m.kind == "angang" for t in m.tiles}
    return out


def played_match(seed: int, preset: str, hands: int) -> list[Event]:
    """The events of a match of seeded random legal play (eager to declare 听 and win)."""
    game, problems = random_match(seed, PRESETS[preset], hands=hands, check=False)
    assert not problems
    return game.events


def test_no_view_or_event_shows_another_seats_concealed_tiles_before_the_hand_ends() -> None:
    checked = 0
    for seed, preset in ((1, "standard"), (2, "S1"), (5, "S4"), (8, "standard")):
        events = played_match(seed, preset, hands=3)
        assert isinstance(events[0], MatchStarted)
        state = initial_state(events[0])
        for index, event in enumerate(events[1:], start=1):
            state = apply(state, event)
            if state.phase in ("round_over", "match_over") or isinstance(event, HuEvent | RoundDrawn):
                continue
            for seat in range(4):
                hidden = concealed_from(state, seat)
                leaked = tiles_in_view(view(state, seat)) & hidden
                assert not leaked, f"seed {seed} event {index}: seat {seat}'s view shows {sorted(leaked)}"
                seen = event_view(event, seat, state)
                leaked = tiles_in_event(seen) & hidden if seen is not None else set()
                assert not leaked, (
                    f"seed {seed} event {index} ({event.type}): seat {seat} sees {sorted(leaked)}"
                )
                checked += 1
    assert checked > 4000


@pytest.mark.parametrize("visibility", ["listeners", "public"])
def test_under_dq_a_seat_sees_the_bao_as_the_rules_say_and_nothing_else(visibility: str) -> None:
    """The Daqing preset: the 宝 only once ready (R26), or with 明宝 (R49) for every seat from the deal;
    a 明宝 view differs from the listeners-only view in the 宝 alone, and no view or event of either
    shows another seat's concealed tiles."""
    rules = PRESETS["DQ"].replace(bao_visibility=visibility)
    game, problems = random_match(3, rules, hands=3, check=False)
    assert not problems
    state = initial_state(game.events[0])  # type: ignore[arg-type]
    checked = 0
    for event in game.events[1:]:
        state = apply(state, event)
        if state.phase in ("round_over", "match_over") or isinstance(event, HuEvent | RoundDrawn):
            continue
        for seat in range(4):
            v = view(state, seat)
            hidden = concealed_from(state, seat)
            assert not tiles_in_view(v) & hidden
            seen = event_view(event, seat, state)
            assert seen is None or not tiles_in_event(seen) & hidden
            if state.bao is None:
                continue
            if visibility == "public":
                assert v.bao == state.bao
                private = view(replace(state, bao_public=False), seat)
                assert private.bao is None or state.ting[seat]
                assert replace(private, bao=v.bao) == v  # nothing but the 宝 is added
            else:
                assert (v.bao is not None) == state.ting[seat]
            checked += 1
    assert checked > 300


def test_an_ai_job_holds_its_own_seats_view(tmp_path: Path) -> None:
    config = MatchConfig(("novice", "normal", "strong"), PRESETS["standard"], 1, seed=4)
    session = Session.new(config, tmp_path / "saves", tmp_path / "replays")
    rng = random.Random(4)
    jobs = 0
    seats: set[int] = set()
    while not session.host.round_over:
        if session.host.person_pending():
            session.host.submit(rng.choice(session.host.legal()))
            continue
        seat = session.host.ai_pending()[-1]  # not always the first: each seat's job must carry its own view
        job = session.host.ai_job(seat)
        state = session.game.state
        assert job.seat == seat and job.view.seat == seat
        assert job.view == view(state, seat)
        assert job.view.hand == state.hands[seat]
        assert not tiles_in_view(job.view) & concealed_from(state, seat)
        assert list(job.legal) == legal_actions(state, seat)
        events = session.host.apply_ai(job, job.run())
        assert events
        jobs += 1
        seats.add(seat)
    session.close()
    assert jobs > 20 and seats == {1, 2, 3}
