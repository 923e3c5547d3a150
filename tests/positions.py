"""Mid-hand positions for engine tests, written like a diagram of the table.

``arrange`` builds a consistent :class:`State` directly: hands, melds, rivers,
who listens, the live wall (head first), the 宝 — every tile accounted for, so
the engine can be asked what happens next. ``play`` then runs scripted lines
("N discard 5m", "S hu") through the same code path as scenario files.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from game.core.analysis.ting import ting_report
from game.core.events import Event, MatchStarted
from game.core.match import Game
from game.core.rules import RuleSet
from game.core.state import Meld, MeldKind, Phase, RiverTile, initial_state
from game.core.tiles import NUM_TILES, assign_ids, parse_kinds
from game.scenario import parse_action, play_step

SEATS = "ESWN"


def arrange(
    *,
    turn: str,
    hands: Mapping[str, str],
    melds: Mapping[str, Sequence[tuple[MeldKind, str]]] | None = None,
    rivers: Mapping[str, str] | None = None,
    ting: str = "",
    head: str = "",
    tail: str = "",
    bao: str | None = None,
    drawn: str | None = None,
    live: int | None = None,
    phase: Phase = "discard",
    rules: RuleSet | None = None,
    dealer: str = "E",
    liable: bool = False,
    seed: int = 0,
) -> Game:
    """A game at a position: ``hands`` are concealed tiles per seat letter; unnamed seats get filler.

    ``drawn`` names the kind in ``turn``'s hand that was just drawn. ``live``
    sets how many tiles stay in the live wall (the rest of the unused tiles are
    out of play as earlier discards' claimed history is not modelled).
    """
    rules = rules or RuleSet()
    taken: set[int] = set()
    hand_ids: dict[int, list[int]] = {}
    for letter, tiles in hands.items():
        hand_ids[SEATS.index(letter)] = assign_ids(parse_kinds(tiles), taken)
    meld_objs: dict[int, list[Meld]] = {s: [] for s in range(4)}
    for letter, items in (melds or {}).items():
        seat = SEATS.index(letter)
        for kind, tiles in items:
            ids = tuple(sorted(assign_ids(parse_kinds(tiles), taken)))
            claimed = None if kind == "angang" else ids[0]
            source = None if kind == "angang" else (seat + 3) % 4
            meld_objs[seat].append(Meld(kind, ids, claimed, source))
    river_objs: dict[int, list[RiverTile]] = {s: [] for s in range(4)}
    for letter, tiles in (rivers or {}).items():
        river_objs[SEATS.index(letter)] = [RiverTile(t) for t in assign_ids(parse_kinds(tiles), taken)]
    bao_id = assign_ids(parse_kinds(bao), taken)[0] if bao else None
    head_ids = assign_ids(parse_kinds(head), taken)
    tail_ids = assign_ids(parse_kinds(tail), taken)
    rest = [t for t in range(NUM_TILES) if t not in taken]
    rng = random.Random(seed)
    rng.shuffle(rest)
    turn_seat = SEATS.index(turn)
    for seat in range(4):
        size = 13 - 3 * len(meld_objs[seat]) + (1 if seat == turn_seat and phase == "discard" else 0)
        have = hand_ids.setdefault(seat, [])
        while len(have) < size:
            have.append(rest.pop())
        if len(have) != size:
            raise ValueError(f"seat {SEATS[seat]} holds {len(have)} tiles, expected {size}")
    if bao_id is None:
        bao_id = rest.pop()
    n_live = len(rest) + len(head_ids) + len(tail_ids) if live is None else live
    middle_count = n_live - len(head_ids) - len(tail_ids)
    if middle_count < 0 or middle_count > len(rest):
        raise ValueError("the live wall size does not fit the tiles left")
    middle, gone = rest[:middle_count], rest[middle_count:]
    live_wall = head_ids + middle + list(reversed(tail_ids))
    river_objs[(turn_seat + 2) % 4].extend(RiverTile(t) for t in gone)  # out-of-play history
    out_of_wall = [t for s in range(4) for t in hand_ids[s]]
    out_of_wall += [t for s in range(4) for m in meld_objs[s] for t in m.tiles]
    out_of_wall += [r.tile for s in range(4) for r in river_objs[s]]
    wall = (*out_of_wall, bao_id, *live_wall)
    head_pos = len(out_of_wall) + 1
    started = MatchStarted(seed, rules.to_dict(), 1, SEATS.index(dealer))
    base = initial_state(started)
    drawn_id = None
    if drawn is not None:
        kind = parse_kinds(drawn)[0]
        drawn_id = next(t for t in hand_ids[turn_seat] if t >> 2 == kind)
    ting_flags = tuple(SEATS[s] in ting for s in range(4))
    state = replace(
        base,
        phase=phase,
        hand_no=0,
        dealer=SEATS.index(dealer),
        liable=liable,
        dice=(1, 1, 1, 1),
        wall=wall,
        head=head_pos,
        tail=NUM_TILES,
        bao=bao_id,
        bao_public=rules.bao_visibility == "public",  # 明宝 (R49): face up from the deal
        hands=tuple(tuple(sorted(hand_ids[s])) for s in range(4)),
        melds=tuple(tuple(meld_objs[s]) for s in range(4)),
        rivers=tuple(tuple(river_objs[s]) for s in range(4)),
        ting=ting_flags,
        turn=turn_seat,
        drawn=drawn_id,
    )
    waits = []
    for s in range(4):
        if ting_flags[s]:
            counts = state.counts(s)
            if s == turn_seat and phase == "discard":
                assert drawn_id is not None, "a listener on turn must have drawn a tile"
                counts[drawn_id >> 2] -= 1
            rep = ting_report(counts, state.meld_shapes(s), rules)
            if not rep.ting_allowed:
                raise ValueError(f"seat {SEATS[s]} cannot listen: {rep.blockers}")
            waits.append(rep.waits)
        else:
            waits.append(())
    state = replace(state, waits=tuple(waits))
    return Game(state, [])


def play(game: Game, *lines: str) -> list[Event]:
    """Run scripted lines; fails the test with the engine's reason if one is refused."""
    before = len(game.events)
    for line in lines:
        problem = play_step(game, parse_action(line, line))
        assert not problem, f"{line}: {problem}"
    return game.events[before:]


def types(events: Sequence[Event]) -> list[str]:
    """Event type names, for asserting on the shape of what happened."""
    return [e.type for e in events]


def pass_all(game: Game) -> None:
    """Every seat still waited on in a claim window passes (where passing is allowed)."""
    from game.core.actions import Pass
    from game.core.legal import legal_actions, pending_seats

    while game.state.phase in ("claim", "rob") and pending_seats(game.state):
        seat = pending_seats(game.state)[0]
        assert Pass() in legal_actions(game.state, seat), f"seat {SEATS[seat]} may not pass"
        game.submit(seat, Pass())
