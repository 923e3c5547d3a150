"""What a hand is worth in points: the ready hand's win rate and value, and the chance to get there.

A ready (听) hand wins, per round of the table, by

* drawing one of its waits itself (自摸: every loser pays 2, a 门清 loser 3),
* drawing the 宝 (摸宝: 3 each; the 宝 chance does not depend on the wait),
* drawing its single 卡当 wait when that wait is the 宝 (宝中宝: 12 each),
* a discard of a wait by one of the three others (点炮: 1 each, or 3 plus the
  others' shares from a non-ready discarder),

and a 卡当 wait doubles all of it but 宝中宝. Every amount is the core's own
settlement (:func:`game.core.scoring.settle`) under the rules in play, so the
room options — every factor doubling (R46), a cap (R48), who covers a 点炮
(R47) — change the values as they change real payments; under 红中满天飞 (R43)
a self-drawn 红中 wins as 摸宝 too, and under 冲宝 (R29, R45) declaring may win
at once when the 宝 turns out to be a wait. Before 听 the 宝 is unknown, so
its expected live copies are used (each unseen kind is the 宝 with probability
proportional to its unseen copies). A hand that is not ready yet must first
take ``dist`` steps; :func:`win_chance` runs that as a small Markov chain over
the seat's remaining draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.analysis.ting import TingReport, Wait, locked_waits
from ..core.rules import RuleSet
from ..core.scoring import WinKind, WinSpec, settle, totals
from ..core.tiles import ZHONG
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
    instant: float = 0.0
    """冲宝 (R29/R45): chance that declaring wins at once, the 宝 being one of the waits."""
    instant_value: float = 0.0
    """Mean points of that immediate win."""

    def expected(self, turns: int) -> float:
        """Expected points over ``turns`` more rounds, ignoring other players winning first."""
        later = self.value * (1.0 - (1.0 - self.rate) ** max(turns, 1))
        return self.instant * self.instant_value + (1.0 - self.instant) * later

    def per_round(self, turns: int) -> float:
        """Points per round of the table, an immediate 冲宝 win spread over the rounds left."""
        return self.rate * self.value + self.instant * self.instant_value / max(turns, 1)


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


def expected_red_copies(sit: Situation) -> float:
    """R43 红中满天飞: expected unseen 红中 that win as 摸宝 on top of the 宝's copies (0 when off)."""
    if not sit.rules.hongzhong_bao:
        return 0.0
    u = sit.unseen[ZHONG]
    if sit.view.bao is not None:
        return 0.0 if sit.view.bao >> 2 == ZHONG else float(u)
    # when 红中 is itself the 宝 its copies are already counted as the 宝's
    return u * (1.0 - u / sit.pool) if sit.view.bao_exists else float(u)


def _menqing_seats(
    sit: Situation, winner: int, discarder: int | None, discarder_ready: bool
) -> frozenset[int]:
    """Losers that pay as 门清: no chi, peng or exposed kong and not ready (as this seat sees them)."""
    out = set()
    for s in range(4):
        if s == winner or sit.open_seats[s]:
            continue
        ready = discarder_ready if s == discarder else sit.view.ting[s]
        if not ready:
            out.add(s)
    return frozenset(out)


def _points(
    sit: Situation, rules: RuleSet, kind: WinKind, kadang: bool, winner: int,
    discarder: int | None = None, discarder_ready: bool = False,
) -> list[int]:  # fmt: skip
    """Each seat's change for one win, by the core's settlement (R34-R48)."""
    spec = WinSpec(
        kind=kind,
        winner=winner,
        dealer=sit.view.dealer,
        discarder=discarder,
        discarder_ting=discarder_ready,
        kadang=kadang,
        menqing=_menqing_seats(sit, winner, discarder, discarder_ready),
    )
    return totals(settle(spec, rules))


def points_rules(rules: RuleSet) -> RuleSet:
    """The same rules with the room options of RULES.md R46-R48, R51 and R52 at their standard values
    (the points scoring the AI's estimates were tuned under). R52's multiplied factors and R51's
    whole-hand cap are then priced by the core's settlement like every other payment."""
    if rules.scoring == "points" and rules.baosanjia == "non_listening" and not rules.cap:
        return rules
    return rules.replace(scoring="points", baosanjia="non_listening", cap=0, cap_scope="share")


def win_points(sit: Situation, kind: WinKind, kadang: bool) -> float:
    """What this seat receives for a self-drawn win of ``kind`` (or, for ``ron``, an estimate).

    Self-drawn wins are paid exactly as the core settles them. A ron's discarder is not known
    in advance: its value is :data:`RON_VALUE` (tuned under the points scoring) times the ratio
    of what the core's settlement pays for a ron from each opponent under these rules and under
    the same rules with the points scoring (1 unless R46-R48 change the payment).
    """
    key = ("win", kind, kadang)
    found = sit.memo.get(key)
    if found is not None:
        return float(found)
    seat = sit.seat
    if kind != "ron":
        value = float(_points(sit, sit.rules, kind, kadang, seat)[seat])
    else:
        ref = points_rules(sit.rules)
        here = base = 0
        for o in range(4):
            if o != seat:
                ready = sit.view.ting[o]
                here += _points(sit, sit.rules, "ron", kadang, seat, o, ready)[seat]
                base += _points(sit, ref, "ron", False, seat, o, ready)[seat]
        value = RON_VALUE * here / base if base else 0.0
    sit.memo[key] = value
    return value


def deal_in_loss(sit: Situation, winner: int, ready: bool, kadang: bool) -> float:
    """What this seat pays in all if its discard lets ``winner`` win (R35, R36, R46-R48), by the core's
    settlement: its own share, plus the others' when it covers them (包付, 包三家)."""
    key = ("dealin", winner, ready, kadang)
    found = sit.memo.get(key)
    if found is None:
        paid = _points(sit, sit.rules, "ron", kadang, winner, sit.seat, ready)
        found = sit.memo[key] = float(-paid[sit.seat])
    return found


def value_scale(sit: Situation) -> float:
    """How much a typical win is worth under these rules relative to the points scoring (1 there).

    The typical mix is a ron, a 自摸 and a 摸宝 in the proportions self-play shows (1/2, 1/3, 1/6).
    """
    rules = sit.rules
    ref = points_rules(rules)
    if ref is rules:
        return 1.0
    found = sit.memo.get("scale")
    if found is not None:
        return float(found)
    seat = sit.seat
    mix = (("zimo", 2.0), ("mobao", 1.0))
    here = sum(w * _points(sit, rules, k, False, seat)[seat] for k, w in mix)  # type: ignore[arg-type]
    base = sum(w * _points(sit, ref, k, False, seat)[seat] for k, w in mix)  # type: ignore[arg-type]
    ron = 3.0 * win_points(sit, "ron", False)
    scale = (here + ron) / (base + 3.0 * RON_VALUE) if base else 1.0
    sit.memo["scale"] = scale
    return scale


def _chongbao(sit: Situation, waits: Sequence[Wait]) -> tuple[float, float]:
    """R29 冲宝 (with R45 带漏): (chance that declaring 听 wins at once, mean points of that win).

    A seat that cannot see the 宝 yet sees it when it declares; the 宝 is each unseen kind with
    probability proportional to its unseen copies. A 宝 it already sees wins at once if it is a wait.
    """
    rules = sit.rules
    if not rules.chongbao or not sit.view.bao_exists or not waits:
        return 0.0, 0.0
    daqing = rules.chongbao_scoring == "daqing"
    single = len(waits) == 1
    kadang_any = any(w.kadang for w in waits)

    def win_of(w: Wait | None) -> float:
        if w is None:  # 带漏 with 红中满天飞: a 宝 that is 红中
            return win_points(sit, "baozhongbao" if kadang_any else "mobao", kadang_any)
        if daqing:
            return win_points(sit, "baozhongbao" if w.kadang else "mobao", w.kadang)
        bzb = (rules.baozhongbao_def == "kadang_wait" and single and w.kadang) or (
            rules.baozhongbao_def == "wait_is_bao"
        )
        return win_points(sit, "baozhongbao" if bzb else "mobao", w.kadang)

    options: list[tuple[int, Wait | None]] = [(w.kind, w) for w in waits]
    if daqing and rules.hongzhong_bao and all(w.kind != ZHONG for w in waits):
        options.append((ZHONG, None))
    bao = sit.view.bao
    if bao is not None:
        for kind, w in options:
            if kind == bao >> 2:
                return 1.0, win_of(w)
        return 0.0, 0.0
    pool = sit.pool
    p = v = 0.0
    for kind, w in options:
        q = sit.unseen[kind] / pool
        p += q
        v += q * win_of(w)
    return (min(1.0, p), v / p) if p else (0.0, 0.0)


def _peng_dafeng(sit: Situation, waits: Sequence[Wait], pool: float) -> float:
    """R31 大风 on a 碰 (``dafeng="pon_only"`` or ``"triplet_or_pon"``): the chance per round of drawing the
    4th tile of one of the seat's own 碰 (a wait wins as itself). The concealed-triplet part of 大风 is not
    priced (the presets' 刻子宝 keep the AI's decisions as they were)."""
    if sit.rules.dafeng not in ("pon_only", "triplet_or_pon") or pool <= 0:
        return 0.0
    wait_kinds = {w.kind for w in waits}
    pengs = {m.first for m in sit.melds if m.kind == "peng"} - wait_kinds
    return sum(sit.unseen[k] for k in pengs) / pool


def _zhong_dandiao(sit: Situation, waits: Sequence[Wait]) -> bool:
    """Whether the ready hand priced is R18's 手把一 on 红中 (``shoubayi="zhong_dandiao"``): four melds (or
    three and the 4th call being priced) and 红中 the only wait; only a real 红中 wins it."""
    return (
        sit.rules.shoubayi == "zhong_dandiao"
        and len(sit.melds) >= 3
        and [w.kind for w in waits] == [ZHONG]
    )


def ready_value(sit: Situation, waits: Sequence[Wait], menqing_losers: int = 0) -> ReadyValue:
    """Win rate per round and mean value of a ready hand with these legal waits.

    Every amount is what the core's settlement pays under the rules in play (``all_double``,
    ``cap`` and the rest); ``menqing_losers`` is kept for callers and read from the situation.
    """
    del menqing_losers
    unseen, pool = sit.unseen, sit.pool
    live = sum(unseen[w.kind] for w in waits)
    kad = any(w.kadang for w in waits)
    bao = None if sit.view.bao is None else sit.view.bao >> 2
    single_kadang = len(waits) == 1 and waits[0].kadang
    red = expected_red_copies(sit)
    if _zhong_dandiao(sit, waits):  # 手把一 on 红中 (R18 variant): the 宝 and 红中满天飞 do nothing for it
        bao, red = None, 0.0
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
        if _zhong_dandiao(sit, waits):
            r_bao = 0.0
        elif single_kadang and sit.view.bao_exists:
            # the wait itself may turn out to be the 宝
            w = waits[0].kind
            p_is_bao = unseen[w] / pool
            r_bzb = p_is_bao * max(0, unseen[w] - 1) / pool
            r_zimo -= r_bzb
    if red:
        # R43 红中满天飞: a self-drawn 红中 wins as 摸宝 (before any 自摸 on a 红中 wait)
        r_bao += red / pool
        if any(w.kind == ZHONG for w in waits):
            r_zimo = max(0.0, r_zimo - red / pool)
    r_ron = 3 * RON_SHARE * live / pool
    r_dafeng = _peng_dafeng(sit, waits, pool)
    rate = r_zimo + r_bao + r_bzb + r_ron + r_dafeng
    instant, instant_value = _chongbao(sit, waits) if not _zhong_dandiao(sit, waits) else (0.0, 0.0)
    if rate <= 0:
        return ReadyValue(0.0, 0.0, live, kad, instant, instant_value)
    points = (
        r_zimo * win_points(sit, "zimo", kad)
        + r_bao * win_points(sit, "mobao", kad)
        + r_ron * win_points(sit, "ron", kad)
        + r_bzb * win_points(sit, "baozhongbao", True)
        + (r_dafeng * win_points(sit, "dafeng", False) if r_dafeng else 0.0)
    )
    return ReadyValue(min(0.95, rate), points / rate, live, kad, instant, instant_value)


def lock_options(sit: Situation, report: TingReport) -> list[tuple[int | None, tuple[Wait, ...]]]:
    """The ways a ready report may be declared: plainly (lock None) and, under 支对 (R44), locking
    each pair of its 对倒 (only that tile wins, as 卡当)."""
    out: list[tuple[int | None, tuple[Wait, ...]]] = []
    if report.ting_allowed:
        out.append((None, report.waits))
    if sit.rules.zhidui:
        out.extend((k, locked_waits(k)) for k in report.zhidui)
    return out


def best_declaration(
    sit: Situation, report: TingReport, turns: int
) -> tuple[int | None, tuple[Wait, ...], ReadyValue]:
    """The most valuable way to declare a ready hand (plain, or a 支对 lock), with its value."""
    options = lock_options(sit, report)
    if not options:
        return None, (), ready_value(sit, ())
    best: tuple[int | None, tuple[Wait, ...], ReadyValue] | None = None
    best_pts = -1.0
    for lock, waits in options:
        rv = ready_value(sit, waits)
        pts = rv.per_round(turns)
        if best is None or pts > best_pts:
            best, best_pts = (lock, waits, rv), pts
    assert best is not None
    return best


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
