"""What a hand is worth in points: the ready hand's win rate and value, and the chance to get there.

A ready (听) hand wins, per round of the table, by

* drawing one of its waits itself (自摸: every loser pays 2, a 门清 loser 3),
* drawing the 宝 (摸宝: 3 each; the 宝 chance does not depend on the wait),
* drawing its single 卡当 wait when that wait is the 宝 (宝中宝: 12 each),
* a discard of a wait by one of the three others (点炮: 1 each, or 3 plus the
  others' shares from a non-ready discarder),

and a 卡当 wait doubles all of it but 宝中宝. Before 听 the 宝 is unknown, so
its expected live copies are used (each unseen kind is the 宝 with probability
proportional to its unseen copies). A hand that is not ready yet must first
take ``dist`` steps; :func:`win_chance` runs that as a small Markov chain over
the seat's remaining draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.analysis.listen import Wait
from .situation import Situation

RON_SHARE = 0.3
"""Chance that one opponent's discard in a round is a given unseen tile, relative to a wall draw."""
RON_VALUE = 4.0
"""Points a ron brings on average (3 from a ready discarder, 5 or more from a non-ready one)."""
FENZHANG = 12
"""Live tiles left when the last-four draws (分张) begin under the standard rules."""


@dataclass(frozen=True, slots=True)
class ReadyValue:
    """A ready hand's chances per round and its mean value per win."""

    rate: float
    """Probability of winning in one round of the table."""
    value: float
    """Mean points of a win."""
    live: int
    """Live copies of the waits (unseen by this seat)."""
    kadang: bool

    def expected(self, turns: int) -> float:
        """Expected points over ``turns`` more rounds, ignoring other players winning first."""
        return self.value * (1.0 - (1.0 - self.rate) ** max(turns, 1))


def turns_left(sit: Situation) -> int:
    """This seat's remaining ordinary draws (the last four 分张 draws counted as one more)."""
    live = sit.live
    if sit.rules.end_of_wall == "fenzhang_last4_keep8":
        return max(0, live - FENZHANG) // 4 + 1
    return max(1, (live - sit.rules.kept_tiles) // 4)


def expected_bao_copies(sit: Situation) -> float:
    """Expected copies left of the 宝's kind besides the 宝 itself, seen from a seat that cannot see it."""
    if sit.view.bao is not None:
        return float(sit.unseen[sit.view.bao >> 2])
    if not sit.view.bao_exists:
        return 0.0
    pool = sit.pool
    return sum(c * (c - 1) for c in sit.unseen) / pool


def ready_value(sit: Situation, waits: Sequence[Wait], menqing_losers: int = 0) -> ReadyValue:
    """Win rate per round and mean value of a ready hand with these legal waits."""
    rules = sit.rules
    unseen, pool = sit.unseen, sit.pool
    live = sum(unseen[w.kind] for w in waits)
    mult = rules.kadang_mult if any(w.kadang for w in waits) else 1
    bao = None if sit.view.bao is None else sit.view.bao >> 2
    zimo_each = 3 * rules.base_zimo + menqing_losers * max(0, rules.menqing_loser - rules.base_zimo)
    mobao_all = 3 * rules.base_mobao
    bzb_all = 3 * rules.base_baozhongbao
    single_kadang = len(waits) == 1 and waits[0].kadang
    if bao is not None:
        bao_live = float(unseen[bao])
        in_waits = any(w.kind == bao for w in waits)
        r_zimo = (live - (bao_live if in_waits else 0)) / pool
        r_bao = bao_live / pool
        r_bzb = r_bao if (single_kadang and in_waits) else 0.0
        if r_bzb:
            r_bao = 0.0
    else:
        e_bao = expected_bao_copies(sit)
        r_zimo = live / pool
        r_bao = e_bao / pool
        r_bzb = 0.0
        if single_kadang and sit.view.bao_exists:
            # the wait itself may turn out to be the 宝
            w = waits[0].kind
            p_is_bao = unseen[w] / pool
            r_bzb = p_is_bao * max(0, unseen[w] - 1) / pool
            r_zimo -= r_bzb
    r_ron = 3 * RON_SHARE * live / pool
    rate = r_zimo + r_bao + r_bzb + r_ron
    if rate <= 0:
        return ReadyValue(0.0, 0.0, live, mult > 1)
    points = (r_zimo * zimo_each + r_bao * mobao_all + r_ron * RON_VALUE) * mult + r_bzb * bzb_all
    return ReadyValue(min(0.95, rate), points / rate, live, mult > 1)


def _chain(dist: int, p1: float, p2: float, p3: float, q: float, turns: int, hazard: float) -> float:
    """P(win within ``turns``) from ``dist`` steps away: step probabilities p1, p2, then p3; win rate q.

    Each round the hand may also end by someone else's win, with probability ``hazard``.
    """
    state = [0.0] * (dist + 1)  # state[d]: probability of being d steps from ready, hand still on
    state[dist] = 1.0
    won = 0.0
    keep = 1.0 - hazard
    for _ in range(turns):
        won += state[0] * q
        new = [0.0] * (dist + 1)
        new[0] = state[0] * (1.0 - q) * keep
        for d in range(1, dist + 1):
            s = state[d]
            if not s:
                continue
            taken = dist - d
            p = p1 if taken == 0 else p2 if taken == 1 else p3
            new[d - 1] += s * p * keep
            new[d] += s * (1.0 - p) * keep
        state = new
    return won


def win_chance(
    dist: int,
    p1: float,
    p2: float,
    p3: float,
    q: float,
    turns: int,
    hazard: float = 0.0,
    cache: dict[tuple[object, ...], float] | None = None,
) -> float:
    """Chance to get ready in ``dist`` steps and then win, within ``turns`` of this seat's draws.

    Inputs are rounded so that ``cache`` (the caller's memo, e.g. ``HandMemo.chains``) hits often.
    """
    if dist >= 7 or turns <= 0:
        return 0.0
    r = 1000.0
    key = (
        dist, round(min(p1, 0.95) * r) / r, round(min(p2, 0.95) * r) / r, round(min(p3, 0.95) * r) / r,
        round(q * r) / r, min(turns, 30), round(hazard * 100) / 100,
    )  # fmt: skip
    if cache is None:
        return _chain(*key)
    found = cache.get(key)
    if found is None:
        if len(cache) >= 65536:
            cache.clear()
        found = cache[key] = _chain(*key)
    return found
