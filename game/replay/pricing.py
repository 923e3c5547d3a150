"""What the review needs around the AI's price: the most a hand can pay, what a win pays, the category
of a mistake and the match rating.

The price itself is the AI's (:class:`game.ai.price.Pricer`); this module
holds the facts the replay knows and the AI does not — the rules' largest
payment, the settlement a win really gets — and the review's own measures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import product

from ..ai.price import Priced
from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from ..core.engine import step
from ..core.events import Settled
from ..core.legal import legal_actions
from ..core.rules import RuleSet
from ..core.scoring import WIN_KINDS, WinSpec, kong_payments, settle, totals
from ..core.state import State
from ..core.view import SeatView

TOLERANCE = 0.2
"""Points: a move that costs less than this against the best is not a mistake (0-cost differences never
are). A fifth of a point is what the price cannot tell apart: two versions of Expert (before and after
issue 26) differ by up to 0.17 on the shipped samples."""
RATING_SCALE = 2.0
"""Points lost per hand that bring the rating from 100 down to 100/e (about 37)."""
CATEGORIES: tuple[str, ...] = ("efficiency", "defence", "calls", "ting", "bao")
"""A mistake's category: 牌效, 防守 (against ready seats), 叫牌 (calls and passing), 听牌选择, 宝."""
DEFENCE_GAP = 0.02
"""A discard deals in this much more often than the best one: the mistake is one of defence."""
BAO_GAP = 0.03
"""The move played and the best differ by this much in their 冲宝 chance: the mistake is one of 宝."""


def hand_cap(rules: RuleSet) -> float:
    """The most one hand can move a seat's score under ``rules``: the largest win or loss and four kongs."""
    most = 0
    for kind, kadang, closed, ting, dealer, liable in product(
        WIN_KINDS, (False, True), (False, True), (False, True), (0, 1), (False, True)
    ):
        ron = kind in ("ron", "qianggang")
        if ting and not ron:
            continue
        menqing = frozenset(s for s in (1, 2, 3) if closed and not (ron and ting and s == 1))
        spec = WinSpec(kind, 0, dealer, 1 if ron else None, ting, kadang, menqing, liable)
        most = max(most, max(abs(t) for t in totals(settle(spec, rules))))
    kongs = max((abs(t) for k in ("angang", "jiagang") for t in totals(kong_payments(k, 0, None, rules))),
                default=0)  # fmt: skip
    return float(most + 4 * kongs)


def win_values(state: State, seat: int, legal: Sequence[Action]) -> dict[Action, float]:
    """What each 胡 among ``legal`` pays ``seat`` (the settlement the engine makes, the others passing)."""
    out: dict[Action, float] = {}
    for action in legal:
        if not isinstance(action, Hu):
            continue
        result = step(state, seat, action)
        for _ in range(4):
            if isinstance(result, tuple):
                after, events = result
                paid = next((e for e in events if isinstance(e, Settled)), None)
                if paid is not None:
                    out[action] = float(paid.deltas[seat])
                    break
                waiting = next((s for s in range(4) if s != seat and legal_actions(after, s)), None)
                if waiting is None:
                    break
                result = step(after, waiting, Pass())
            else:
                break
    return out


def category(seat_view: SeatView, played: Priced, best: Priced) -> str:
    """The kind of mistake playing ``played`` instead of ``best`` is."""
    moves = (played.action, best.action)
    if any(isinstance(a, Hu) for a in moves):
        drawn, bao = seat_view.drawn, seat_view.bao
        if seat_view.phase == "discard" and drawn is not None and bao is not None and drawn >> 2 == bao >> 2:
            return "bao"  # 摸宝 passed up (or taken where another move was better)
        return "calls"
    if any(isinstance(a, Chi | Peng | Gang | Pass) for a in moves):
        return "calls"
    if played.deal_in > best.deal_in + DEFENCE_GAP:
        return "defence"
    if abs(played.bao_chance - best.bao_chance) >= BAO_GAP:
        return "bao"  # 冲宝: the 听 chosen (or not) changes the chance that the 宝 wins at once
    if any(isinstance(a, Discard) and a.ting for a in moves):
        return "ting"
    if any(isinstance(a, AnGang | JiaGang) for a in moves):
        return "efficiency"
    return "efficiency"


def rating(lost: float, hands: int) -> int:
    """The match rating 0-100: 100 × e^(−points lost per hand / :data:`RATING_SCALE`)."""
    if hands <= 0:
        return 100
    return round(100.0 * math.exp(-max(0.0, lost) / hands / RATING_SCALE))


__all__ = ["CATEGORIES", "RATING_SCALE", "TOLERANCE", "category", "hand_cap", "rating", "win_values"]
