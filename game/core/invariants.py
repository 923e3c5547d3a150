"""Invariants that hold in every reachable state: used by self-play, property tests and replay checks."""

from __future__ import annotations

from .state import State
from .tiles import NUM_TILES


def tile_locations(state: State) -> list[int]:
    """Every tile id where it is now: hands, melds, unclaimed river tiles, the live wall, the 宝, old 宝s."""
    out: list[int] = []
    for seat in range(4):
        out.extend(state.hands[seat])
        for m in state.melds[seat]:
            out.extend(m.tiles)
        out.extend(r.tile for r in state.rivers[seat] if not r.claimed)
    out.extend(state.wall[state.head : state.tail])
    if state.bao is not None:
        out.append(state.bao)
    out.extend(state.old_baos)
    return out


def check_invariants(state: State) -> list[str]:
    """Broken invariants of a state (empty when all hold)."""
    problems: list[str] = []
    if sum(state.scores) != sum(state.start_scores):
        problems.append(
            f"scores {list(state.scores)} do not sum to the starting total {sum(state.start_scores)}"
        )
    problems.extend(_settlement_problems(state))
    if state.hand_no < 0 or not state.wall:
        return problems
    where = tile_locations(state)
    if sorted(where) != list(range(NUM_TILES)):
        missing = sorted(set(range(NUM_TILES)) - set(where))
        doubled = sorted({t for t in where if where.count(t) > 1})
        problems.append(f"tiles not accounted for: missing {missing[:6]}, twice {doubled[:6]}")
    if state.phase in ("round_over", "match_over"):
        return problems
    for seat in range(4):
        n = len(state.hands[seat]) + 3 * len(state.melds[seat])
        if state.phase == "fenzhang":
            expected = {13, 14}
        elif state.phase == "discard" and state.turn == seat:
            expected = {14}
        else:
            expected = {13}
        if n not in expected:
            problems.append(f"seat {seat} holds {n} tiles (melds as 3) in phase {state.phase}")
        limit = 4 if state.rules.shoubayi == "zhong_dandiao" else state.rules.max_melds
        if len(state.melds[seat]) > limit:
            problems.append(f"seat {seat} has {len(state.melds[seat])} melds")
        if state.ting[seat] and not state.waits[seat]:
            problems.append(f"seat {seat} is ready with no legal wait")
    return problems


def _settlement_problems(state: State) -> list[str]:
    """A hand's settlement: rows sum to zero per seat, and no loser's share is above a 封顶 cap (R48)."""
    settled = state.settlement
    if settled is None:
        return []
    problems = []
    if sum(settled.deltas) != 0:
        problems.append(f"settlement deltas {list(settled.deltas)} do not sum to 0")
    cap = state.rules.cap
    if cap:
        shares: dict[int, int] = {}
        for row in settled.payments:
            if row.reason != "kong":
                seat = row.payer if row.for_seat is None else row.for_seat
                shares[seat] = shares.get(seat, 0) + row.amount
        over = [(s, a) for s, a in shares.items() if a > cap]
        problems.extend(f"seat {s} pays a share of {a}, above the cap {cap}" for s, a in over)
    return problems
