"""Danger of a discard against ready (听) opponents: how likely each kind is a wait, and 卡当 odds.

A ready player has declared, so the danger is estimable. A kind passed after
the 听 cannot be a wait (the ready seat would have had to win, 有胡必胡); a kind
the turn order says was passed, or that the ready seat itself threw before its
听, almost never is (0.06 % and 0.05 % in self-play). For the rest, every wait
shape the ready seat could hold — 两面, 边张, 卡当 (夹), 对倒 (双碰) and 单吊 — gets a
weight from how many copies of its tiles this seat cannot see (no-chance/壁
falls out of it: a 两面 on 3-6 needs 4 and 5 in the ready seat's hand), and a
logistic model fitted on self-play logs turns those weights and a few
discard-pattern features into the probability that the kind is a wait
(:class:`Priors`). ``P(卡当 | deal-in on kind)`` is the share of 卡当 shapes
among the shapes waiting on it (a 卡当 win doubles every payment).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.tiles import NUM_KINDS, ZHONG
from .situation import Opponent, Situation
from .value import deal_in_loss


@dataclass(frozen=True, slots=True)
class Priors:
    """Weights of the wait model: a logistic regression fitted on self-play logs (seeds 0-2999).

    Features of (ready opponent, kind): the log of the weight of each wait shape
    that could be waiting on the kind (两面, 卡当, 边张, 对倒, 单吊; products of
    unseen copies), the kind's rank (1/9, 2/8, 红中), where it lies from the 听
    discard and from the pre-听 discards (next to, 筋), whether the opponent
    has a meld in that suit, how late it declared and how many tiles it hides.
    Test AUC 0.66 on held-out seeds (0.63 for the plain shape count), calibrated
    within 0.01 up to 20 %.
    """

    ryanmen: float = -0.052
    kanchan: float = 0.178
    penchan: float = 0.104
    shanpon: float = 0.703
    tanki: float = -0.299
    yaojiu: float = -0.122
    rank28: float = -0.226
    zhong: float = -0.658
    ting_same: float = -4.0
    ting_near1: float = 0.232
    ting_near2: float = -0.124
    ting_suji: float = -0.383
    suji_pre: float = -0.291
    near_pre: float = -0.668
    suit_pre: float = -0.147
    meld_suit: float = -0.331
    turn: float = 1.34
    concealed: float = -0.414
    bias: float = -2.688
    likely: float = 0.001
    """Probability kept by a kind the turn order says was passed after the 听."""
    river: float = 0.001
    """Probability kept by a kind the opponent itself discarded before its 听."""


DEFAULT_PRIORS = Priors()


@dataclass(frozen=True, slots=True)
class Danger:
    """Per kind: probability that it is a wait of one opponent and that such a win is 卡当."""

    seat: int
    rel: int
    wait: tuple[float, ...]
    kadang: tuple[float, ...]


def wait_model(opp: Opponent, unseen: Sequence[int], pri: Priors = DEFAULT_PRIORS) -> Danger:
    """The danger of every kind against one ready opponent."""
    wait = [0.0] * NUM_KINDS
    kad = [0.0] * NUM_KINDS
    model = KindModel(opp, unseen, pri)
    for k in range(NUM_KINDS):
        wait[k], kad[k] = model.chance(k)
    return Danger(opp.seat, opp.rel, tuple(wait), tuple(kad))


class KindModel:
    """The fitted per-kind model of one ready opponent: what is common to every kind, worked out once."""

    def __init__(self, opp: Opponent, unseen: Sequence[int], pri: Priors) -> None:
        self.opp, self.u, self.pri = opp, unseen, pri
        self.meld_suits = {m.first // 9 for m in opp.melds if m.first < ZHONG}
        suit_pre = [0, 0, 0]
        for p in opp.river:
            if p < ZHONG:
                suit_pre[p // 9] += 1
        self.suit_pre = suit_pre
        self.n_pre = max(1, len(opp.river))
        self.common = pri.bias + pri.turn * opp.ting_turn / 10 + pri.concealed * opp.concealed / 10

    def chance(self, k: int) -> tuple[float, float]:
        """(chance that kind ``k`` is a wait, chance that a win on it is 卡当)."""
        opp, u, pri = self.opp, self.u, self.pri
        pre = opp.river
        tk = opp.ting_kind
        if k in opp.certain:
            return 0.0, 0.0
        if k in opp.likely:
            return pri.likely, 0.0
        if k in pre:
            return pri.river, 0.0
        c = u[k]
        x = self.common + pri.shanpon * math.log1p(c * (c - 1) / 2) + pri.tanki * math.log1p(c)
        if k == ZHONG:
            x += pri.zhong
            kan = 0.0
            other = c * (c - 1) / 2 + c
        else:
            base = k - k % 9
            r = k % 9
            suit = k // 9
            ry = 0.0
            for a in (k + 1, k - 2):
                if 1 <= a - base <= 6:
                    ry += u[a] * u[a + 1]
            pen = 0.0
            if r == 2:
                pen = u[k - 1] * u[k - 2]
            elif r == 6:
                pen = u[k + 1] * u[k + 2]
            kan = u[k - 1] * u[k + 1] if 1 <= r <= 7 else 0.0
            x += pri.ryanmen * math.log1p(ry) + pri.kanchan * math.log1p(kan) + pri.penchan * math.log1p(pen)
            if r in (0, 8):
                x += pri.yaojiu
            elif r in (1, 7):
                x += pri.rank28
            if tk == k:
                x += pri.ting_same
            elif 0 <= tk < ZHONG and tk // 9 == suit:
                gap = abs(tk - k)
                x += (
                    pri.ting_near1
                    if gap == 1
                    else pri.ting_near2
                    if gap == 2
                    else pri.ting_suji
                    if gap == 3
                    else 0.0
                )
            near = suji = False
            for p in pre:
                if p < ZHONG and p // 9 == suit:
                    gap = abs(p - k)
                    if gap in (1, 2):
                        near = True
                    elif gap == 3:
                        suji = True
            x += (pri.near_pre if near else 0.0) + (pri.suji_pre if suji else 0.0)
            x += pri.suit_pre * self.suit_pre[suit] / self.n_pre
            if suit in self.meld_suits:
                x += pri.meld_suit
            other = ry + pen + c * (c - 1) / 2 + c
        return 1.0 / (1.0 + math.exp(-x)), (kan / (kan + other) if kan else 0.0)


def kind_chances(opp: Opponent, unseen: Sequence[int], pri: Priors = DEFAULT_PRIORS) -> KindModel:
    """The fitted per-kind model of one opponent, to ask kind by kind (:meth:`KindModel.chance`)."""
    return KindModel(opp, unseen, pri)


@dataclass(frozen=True, slots=True)
class FeedPriors:
    """Weights of the feeding model: a logistic regression fitted on self-play logs (seeds 0-499).

    The chance that discarding a kind lets a non-ready opponent make 吃听 or 碰听
    (three in four ready hands in self-play come from such a call). Features:
    the kind's rank (1/9, 2/8, 红中), the unseen copies that could make a 吃 or a
    碰 with it, the opponent's melds, hidden tiles and discards (the same kind,
    next to, 筋), whether it has opened, and the wall left. Test AUC 0.79.
    """

    yaojiu: float = -0.225
    rank28: float = -0.031
    zhong: float = -0.67
    unseen: float = -0.086
    chi: float = 0.249
    pon: float = 0.453
    n_melds: float = -0.07
    concealed: float = -1.767
    turn: float = 2.237
    same_river: float = -1.6
    near_river: float = -0.372
    suji_river: float = -0.418
    suit_river: float = -0.022
    meld_suit: float = -0.057
    opened: float = 0.537
    live: float = -2.401
    bias: float = -1.376
    cap: float = 0.15
    """Largest probability used (the fit overshoots above it)."""


DEFAULT_FEED = FeedPriors()


def feed_model(sit: Situation, pri: FeedPriors = DEFAULT_FEED) -> tuple[float, ...]:
    """Per kind: the chance that discarding it lets some non-ready opponent 吃听/碰听."""
    view = sit.view
    u = sit.unseen
    none_fed = [1.0] * NUM_KINDS
    for o in range(4):
        if o == sit.seat or view.ting[o]:
            continue
        melds = view.melds[o]
        if len(melds) >= sit.rules.max_melds:
            continue
        river = [r.tile >> 2 for r in view.rivers[o]]
        in_river = set(river)
        suit_count = [0, 0, 0]
        for k in river:
            if k < ZHONG:
                suit_count[k // 9] += 1
        meld_suits = {(m.tiles[0] >> 2) // 9 for m in melds if m.tiles[0] >= 0 and (m.tiles[0] >> 2) < ZHONG}
        opened = sit.open_seats[o]
        common = (
            pri.bias
            + pri.n_melds * len(melds)
            + pri.concealed * view.concealed_counts[o] / 10
            + pri.turn * len(river) / 10
            + pri.live * view.live_count / 50
            + (pri.opened if opened else 0.0)
        )
        n_river = max(1, len(river))
        for k in range(NUM_KINDS):
            c = u[k]
            x = common + pri.unseen * c / 4 + pri.pon * math.log1p(c * (c - 1) / 1)
            if k == ZHONG:
                x += pri.zhong
            else:
                r = k % 9
                base = k - r
                suit = k // 9
                nb = 0
                for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
                    if base <= a and b <= base + 8:
                        nb += u[a] * u[b]
                x += pri.chi * math.log1p(nb)
                if r in (0, 8):
                    x += pri.yaojiu
                elif r in (1, 7):
                    x += pri.rank28
                near = suji = False
                for p in river:
                    if p < ZHONG and p // 9 == suit:
                        gap = abs(p - k)
                        near = near or gap in (1, 2)
                        suji = suji or gap == 3
                x += (pri.near_river if near else 0.0) + (pri.suji_river if suji else 0.0)
                x += pri.suit_river * suit_count[suit] / n_river
                if suit in meld_suits:
                    x += pri.meld_suit
            if k in in_river:
                x += pri.same_river
            p_o = min(pri.cap, 1.0 / (1.0 + math.exp(-x)))
            none_fed[k] *= 1.0 - p_o
    return tuple(1.0 - q for q in none_fed)


@dataclass(frozen=True, slots=True)
class ShapePriors:
    """Priors of the plain shape-count wait model (what Strong uses; Expert has the fitted one)."""

    ryanmen: float = 1.0
    kanchan: float = 1.2
    penchan: float = 0.6
    shanpon: float = 0.35
    tanki: float = 0.25
    likely: float = 0.02
    """Weight factor of a kind the turn order says was passed after the 听."""
    river: float = 0.03
    """Weight factor of a kind the opponent threw before its 听."""
    yaojiu: float = 1.25


DEFAULT_SHAPES = ShapePriors()


def shape_wait_model(opp: Opponent, unseen: Sequence[int], pri: ShapePriors = DEFAULT_SHAPES) -> Danger:
    """The danger of every kind by counting wait shapes (akochan-style, uncalibrated).

    Every 两面, 边张, 卡当, 对倒 and 单吊 the ready seat could hold gets the product of
    the unseen copies it needs times a prior; a shape whose wait was passed is
    impossible (or nearly so for estimated and pre-听 passes). ``P(kind is a
    wait) = Σ weights of the shapes waiting on it / Σ all weights``.
    """
    fac = [1.0] * NUM_KINDS
    for k in opp.river:
        fac[k] = pri.river
    for k in opp.likely:
        fac[k] = pri.likely
    for k in opp.certain:
        fac[k] = 0.0
    u = unseen
    wait = [0.0] * NUM_KINDS
    kan = [0.0] * NUM_KINDS
    total = 0.0
    for base in (0, 9, 18):
        for r in range(9):
            a = base + r
            if 1 <= r <= 6:  # 两面: a, a+1 wait a-1 and a+2
                w = u[a] * u[a + 1] * pri.ryanmen * min(fac[a - 1], fac[a + 2])
                if w:
                    wait[a - 1] += w
                    wait[a + 2] += w
                    total += w
            if r in (0, 7):  # 边张: 12 waits 3, 89 waits 7
                target = a + 2 if r == 0 else a - 1
                w = u[a] * u[a + 1] * pri.penchan * fac[target]
                if w:
                    wait[target] += w
                    total += w
            if r <= 6:  # 卡当: a, a+2 wait a+1
                w = u[a] * u[a + 2] * pri.kanchan * fac[a + 1]
                if w:
                    wait[a + 1] += w
                    kan[a + 1] += w
                    total += w
    for k in range(NUM_KINDS):
        c = u[k]
        y = pri.yaojiu if (k == ZHONG or k % 9 in (0, 8)) else 1.0
        w = (c * (c - 1) / 2 * pri.shanpon + c * pri.tanki) * fac[k] * y
        if w:
            wait[k] += w
            total += w
    if total <= 0:
        zero = tuple([0.0] * NUM_KINDS)
        return Danger(opp.seat, opp.rel, zero, zero)
    kad = tuple(kan[k] / wait[k] if wait[k] else 0.0 for k in range(NUM_KINDS))
    return Danger(opp.seat, opp.rel, tuple(min(1.0, w / total) for w in wait), kad)


def dangers(sit: Situation, pri: Priors = DEFAULT_PRIORS) -> list[Danger]:
    """The danger tables of every ready opponent."""
    return [wait_model(o, sit.unseen, pri) for o in sit.ready]


def deal_in_cost(sit: Situation, opp: Opponent, ready_after: bool, offset: float) -> tuple[float, float]:
    """Extra points lost by dealing in to ``opp`` (before 卡当), compared with the hand going on, and
    the factor a 卡当 win puts on that loss.

    The loss is what the core's settlement makes this seat pay: under the standard rules a
    non-ready discarder pays 3 plus the other two losers' shares (1, or 3 for a 门清 loser) and
    a discarder who is ready (also one declaring 听 with this very discard) pays only its own 1;
    the room options change it as they change the payment (包三家 R47: a ready discarder covers
    the others too; every factor doubling R46; 封顶 R48). ``offset`` is what the seat would
    lose anyway on average if the hand went on.
    """
    plain = deal_in_loss(sit, opp.seat, ready_after, False)
    kadang = deal_in_loss(sit, opp.seat, ready_after, True)
    ratio = kadang / plain if plain else 1.0
    if ready_after:
        return max(0.0, plain - offset * 0.5), ratio
    return plain - offset, ratio


def safe_kinds(sit: Situation) -> frozenset[int]:
    """Kinds certainly safe against every ready opponent (现物 of all of them)."""
    if not sit.ready:
        return frozenset(range(NUM_KINDS))
    common = set(sit.ready[0].certain)
    for o in sit.ready[1:]:
        common &= o.certain
    return frozenset(common)
