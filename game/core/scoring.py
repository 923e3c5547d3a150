"""Settlement of a won hand: who pays whom, how much, and why (RULES.md R34-R42, R46-R48).

:func:`settle` turns a :class:`WinSpec` (the facts of a win) into itemised
:class:`~game.core.payment.Payment` rows, each naming the win it is based on and the factors behind
its amount (:class:`~game.core.payment.Factor`). The engine calls it at the end of a hand; the ``score``
command (a 计分器 for people at a real table) calls it directly. Amounts are
whole points; the rows of one settlement always sum to zero per seat.

Amount per loser under the standard rules (R37's table; ×2 for 卡当 except 宝中宝):

=================  ==================  ======================  =====  =====  ======
loser              点炮 by a ready seat  点炮 by a non-ready seat  自摸   摸宝   宝中宝
=================  ==================  ======================  =====  =====  ======
discarder          1                   3 + the others' shares  —      —      —
other, open        1                   (paid by the discarder) 2      3      12
other, 门清        3                   (paid by the discarder) 3      3      12
=================  ==================  ======================  =====  =====  ======

Room options (RULES.md §6): ``scoring="all_double"`` gives each loser 1 doubled once per
factor (R46, :func:`doubling_factors`); ``baosanjia`` says who covers on a 点炮 (R47);
``cap`` limits every share (R48).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Literal

from .errors import HarbinError
from .payment import Factor, Payment
from .rules import STANDARD, RuleSet

WinKind = Literal["ron", "zimo", "mobao", "baozhongbao", "qianggang", "dafeng"]
WIN_KINDS: tuple[WinKind, ...] = ("ron", "zimo", "mobao", "baozhongbao", "qianggang", "dafeng")


class ScoringError(HarbinError, ValueError):
    """Raised when a described win is inconsistent (e.g. a ron without a discarder)."""


@dataclass(frozen=True)
class WinSpec:
    """The facts of one win that settlement needs.

    ``discarder`` is the seat whose discard was ronned, or whose added kong was
    robbed (抢杠). ``menqing`` holds the seats that are 门清 (no chi, peng or
    exposed kong, and not ready); the winner and a ready discarder are
    ignored there. ``kezi`` counts formed triplets in the winner's hand (for the
    S4 bonus only).
    """

    kind: WinKind
    winner: int
    dealer: int = 0
    discarder: int | None = None
    discarder_ting: bool = False
    kadang: bool = False
    menqing: frozenset[int] = field(default_factory=frozenset)
    dealer_liable: bool = False
    kezi: int = 0

    def __post_init__(self) -> None:
        for name, seat in (("winner", self.winner), ("dealer", self.dealer), ("discarder", self.discarder)):
            if seat is not None and seat not in range(4):
                raise ScoringError(f"{name} seat {seat!r} is not one of 0-3 (E S W N)")
        if self.kind not in WIN_KINDS:
            raise ScoringError(f"unknown win kind {self.kind!r}: choose one of {', '.join(WIN_KINDS)}")
        needs_discarder = self.kind in ("ron", "qianggang")
        if needs_discarder and self.discarder is None:
            raise ScoringError(f"a {self.kind} win needs the discarder's seat")
        if not needs_discarder and self.discarder is not None:
            raise ScoringError(f"a {self.kind} win has no discarder")
        if self.discarder is not None and self.discarder == self.winner:
            raise ScoringError("the discarder cannot be the winner")
        if self.winner in self.menqing:
            raise ScoringError("the winner cannot be 门清: 门清 describes a loser; a winner has declared 听")
        if self.discarder_ting and self.discarder in self.menqing:
            raise ScoringError("a ready discarder is not 门清: a player who declared 听 counts as open")


def is_menqing_loser(seat: int, spec: WinSpec) -> bool:
    """True if a losing seat pays as 门清 (never the winner or a ready discarder)."""
    if seat == spec.winner or seat not in spec.menqing:
        return False
    return not (seat == spec.discarder and spec.discarder_ting)


def menqing_amount(base: int, rules: RuleSet) -> int:
    """What a 门清 loser pays in place of ``base`` (R37)."""
    if rules.menqing_scheme == "flat3":
        return max(base, rules.menqing_loser)
    if rules.menqing_scheme == "double":
        return 2 * base
    return base


def _base(kind: WinKind, rules: RuleSet) -> int:
    """Base amount per loser for a win kind (R34, R39)."""
    if kind == "ron":
        return rules.base_dianpao
    if kind in ("zimo", "qianggang"):
        return rules.base_zimo
    if kind in ("mobao", "dafeng"):
        return rules.base_mobao
    return rules.base_baozhongbao


def _multiplier(spec: WinSpec, rules: RuleSet) -> int:
    """The 卡当 multiplier that applies to this win (R38)."""
    if not spec.kadang or spec.kind == "dafeng":
        return 1
    if spec.kind == "baozhongbao" and rules.baozhongbao_includes_kadang:
        return 1
    return rules.kadang_mult


MULTIPLY_KIND: Mapping[str, int] = MappingProxyType(
    {"ron": 1, "zimo": 2, "qianggang": 2, "mobao": 3, "dafeng": 6, "baozhongbao": 12}
)
"""R52 ``scoring="multiply"``: the factor of each win kind (自摸 2, 摸宝 3, 大风 6, 宝中宝 12; 抢杠 as
自摸)."""
MULTIPLY_KADANG = 2
"""R52: the 卡当 factor."""


def _multiply_share(seat: int, spec: WinSpec, rules: RuleSet) -> int:
    """R52: 1 × the win kind's factor × 2 for 卡当 (not with 大风; 宝中宝 includes it); on a discard
    win the discarder alone pays."""
    if spec.kind == "ron" and seat != spec.discarder:
        return 0
    kadang = MULTIPLY_KADANG if spec.kadang and spec.kind not in ("dafeng", "baozhongbao") else 1
    return MULTIPLY_KIND[spec.kind] * kadang


def _points_share(seat: int, spec: WinSpec, rules: RuleSet) -> int:
    """A loser's own share under the points of R34-R38."""
    base = _base(spec.kind, rules)
    if spec.kind == "ron" and seat == spec.discarder:
        if spec.discarder_ting or rules.dianpao_scheme == "S0":
            amount = base
        else:
            amount = rules.nonting_discarder
    elif spec.kind == "baozhongbao":
        amount = base
    elif is_menqing_loser(seat, spec):
        amount = menqing_amount(base, rules)
    else:
        amount = base
    return amount * _multiplier(spec, rules)


DEALER_BONUS = 1
"""R42: what the dealer bonus adds to each payment the dealer makes or receives."""
KEZI_BONUS = 1
"""R41: what each loser pays more per formed 刻子 in the winner's hand."""
KONG_POINTS: Mapping[str, int] = MappingProxyType({"minggang": 2, "jiagang": 1, "angang": 2})
"""R40 ``kong_points="sichuan"``: 明杠 from the discarder, 加杠 and 暗杠 from each other seat."""


def amounts(rules: RuleSet) -> dict[str, int]:
    """Every amount a rule text may state, by name, as this module pays it under ``rules``: each whole-number
    rule field, a 门清 loser's amount on a ron and a self-draw (R37), the kong points (R40), the bonuses
    (R41, R42), R46's start and 宝中宝 doublings and R52's factors."""
    out = {f.name: getattr(rules, f.name) for f in fields(rules) if type(getattr(rules, f.name)) is int}
    out["menqing_ron"] = menqing_amount(rules.base_dianpao, rules)
    out["menqing_zimo"] = menqing_amount(rules.base_zimo, rules)
    out.update({f"kong_{kind}": points for kind, points in KONG_POINTS.items()})
    out["dealer_bonus_points"] = DEALER_BONUS
    out["kezi_bonus_points"] = KEZI_BONUS
    bzb = WinSpec("baozhongbao", winner=1)  # a non-dealer's 宝中宝, a non-dealer loser (R46's example)
    out["all_double_start"] = 2 ** 0
    out["all_double_baozhongbao"] = 2 ** len(doubling_factors(2, bzb, STANDARD.replace(scoring="all_double")))
    out.update({f"multiply_{kind}": factor for kind, factor in MULTIPLY_KIND.items()})
    out["multiply_kadang"] = MULTIPLY_KADANG
    return out


DOUBLING_FACTORS: tuple[str, ...] = (
    "menqing",
    "discarder",
    "dealer",
    "self_drawn",
    "kadang",
    "mobao",
    "baozhongbao",
)
"""R46's factors, in the order a payment lists them (glossary ``factor.<code>``)."""

SELF_DRAWN_KINDS: frozenset[str] = frozenset({"zimo", "mobao", "baozhongbao", "dafeng", "qianggang"})
"""Win kinds paid as self-drawn (抢杠 is scored as 自摸, R39)."""


def doubling_factors(seat: int, spec: WinSpec, rules: RuleSet) -> tuple[str, ...]:
    """R46 ``scoring="all_double"``: the factors that each double ``seat``'s share of 1.

    门清 loser · the discarder · the dealer wins or pays · self-drawn · 卡当 · 摸宝 (大风 and
    红中满天飞 count as 摸宝) or 宝中宝 (in place of 摸宝). 宝中宝 of the standard definition
    (R30) is a 卡当 wait, so it is 自摸 × 卡当 × 宝中宝 = 8.
    """
    out: list[str] = []
    if is_menqing_loser(seat, spec):
        out.append("menqing")
    if spec.kind == "ron" and seat == spec.discarder:
        out.append("discarder")
    if spec.dealer in (seat, spec.winner):
        out.append("dealer")
    if spec.kind in SELF_DRAWN_KINDS:
        out.append("self_drawn")
    kadang_bzb = spec.kind == "baozhongbao" and rules.baozhongbao_def == "kadang_wait"
    if (spec.kadang or kadang_bzb) and spec.kind != "dafeng":
        out.append("kadang")
    if spec.kind in ("mobao", "dafeng"):
        out.append("mobao")
    elif spec.kind == "baozhongbao":
        out.append("baozhongbao")
    return tuple(out)


def share_of(seat: int, spec: WinSpec, rules: RuleSet) -> tuple[int, tuple[str, ...]]:
    """What ``seat`` owes as its own share and the factors behind it, before 包付 and 包牌 move it.

    The factors are R46's doublings (``all_double`` only) and ``cap`` when R48's 封顶 cut the amount.
    The R41 bonus is added after every multiplier (RULES.md §7); the cap applies last.
    """
    if seat == spec.winner:
        return 0, ()
    factors: tuple[str, ...] = ()
    if rules.scoring == "all_double":
        factors = doubling_factors(seat, spec, rules)
        amount = 2 ** len(factors)
    elif rules.scoring == "multiply":
        amount = _multiply_share(seat, spec, rules)
        if amount == 0:
            return 0, ()
    else:
        amount = _points_share(seat, spec, rules)
    if rules.kezi_bonus:
        amount += KEZI_BONUS * spec.kezi
    if rules.cap and rules.cap_scope == "share" and amount > rules.cap:
        amount = rules.cap
        factors = (*factors, "cap")
    return amount, factors


def loser_share(seat: int, spec: WinSpec, rules: RuleSet) -> int:
    """The amount ``seat`` owes as its own share, before 包付 and 包牌 move it."""
    return share_of(seat, spec, rules)[0]


def _coverer(spec: WinSpec, rules: RuleSet) -> tuple[int | None, str]:
    """The seat that pays every loser's share, and why (R04 包牌, R36/R47 包付, R39 variant), if any."""
    if spec.dealer_liable and spec.winner != spec.dealer:
        return spec.dealer, "liable"
    if spec.kind == "ron":
        if rules.scoring == "multiply":
            return None, ""  # R52: only the discarder pays, its own amount
        if rules.baosanjia == "always":
            return spec.discarder, "covers"
        if (
            rules.baosanjia == "non_listening"
            and not spec.discarder_ting
            and rules.dianpao_scheme in ("S1", "S0")
        ):
            return spec.discarder, "covers"
    elif spec.kind == "qianggang" and rules.qianggang_payer == "robbed_player_pays_all":
        return spec.discarder, "robbed"
    return None, ""


def settle(spec: WinSpec, rules: RuleSet) -> list[Payment]:
    """Itemised payments for a win under ``rules`` (every R34-R42 and R45-R48 variant)."""
    losers = [s for s in range(4) if s != spec.winner]
    covered_by, covered_reason = _coverer(spec, rules)
    rows: list[Payment] = []
    for seat in losers:
        amount, factors = share_of(seat, spec, rules)
        if amount == 0:
            continue
        basis = _basis(seat, spec, rules, factors)
        if covered_by is not None and seat != covered_by:
            rows.append(Payment(covered_by, spec.winner, amount, covered_reason, seat, spec.kind, basis))
        else:
            rows.append(Payment(seat, spec.winner, amount, "share", win=spec.kind, basis=basis))
    if rules.dealer_bonus:
        rows.extend(_dealer_bonus_rows(rows, spec, rules.cap if rules.cap_scope == "share" else 0))
    if rules.cap and rules.cap_scope == "hand":
        rows = _hand_capped(rows, spec, rules.cap)
    return rows


def _hand_capped(rows: list[Payment], spec: WinSpec, cap: int) -> list[Payment]:
    """R51 ``cap_scope="hand"``: the winner gains at most ``cap``; each payment is cut in proportion to
    its uncapped amount, whole points to the largest remainders first (ties: seat order from the
    discarder, else from the winner's 下家), so the payments still sum to the winner's gain."""
    total = sum(r.amount for r in rows)
    if total <= cap:
        return rows
    start = spec.discarder if spec.discarder is not None else (spec.winner + 1) % 4
    cut = [r.amount * cap // total for r in rows]
    left = cap - sum(cut)

    def order(i: int) -> tuple[int, int, int]:
        row = rows[i]
        seat = row.for_seat if row.for_seat is not None else row.payer
        return (-(row.amount * cap % total), (seat - start) % 4, i)

    for i in sorted(range(len(rows)), key=order)[:left]:
        cut[i] += 1
    out = []
    for row, amount in zip(rows, cut, strict=True):
        if amount == 0:
            continue
        basis = row.basis
        if amount != row.amount:
            basis = (*basis, Factor("cap", value=amount))
        out.append(Payment(row.payer, row.payee, amount, row.reason, row.for_seat, row.win, basis))
    return out


def _dealer_bonus_rows(rows: Iterable[Payment], spec: WinSpec, cap: int = 0) -> list[Payment]:
    """R42 variant: +1 on each payment the dealer makes or receives (never past a 封顶 cap)."""
    extra = []
    for row in rows:
        if spec.dealer in (row.payer, row.payee) and not (cap and row.amount >= cap):
            extra.append(Payment(row.payer, row.payee, DEALER_BONUS, "dealer_bonus", for_seat=row.for_seat))
    return extra


def _basis(seat: int, spec: WinSpec, rules: RuleSet, factors: tuple[str, ...] = ()) -> tuple[Factor, ...]:
    """The factors behind a loser's share: R46's doublings, or the facts of a points amount (the
    discarder ready or not, a 门清 loser paying more, 卡当's multiplier); then R48's cap."""
    out: list[Factor] = []
    if rules.scoring == "all_double":
        out.extend(Factor(f, times=2, doubling=True) for f in factors if f != "cap")
    else:
        if spec.kind == "ron" and seat == spec.discarder:
            out.append(Factor("discarder_ting" if spec.discarder_ting else "discarder_not_ting"))
        elif is_menqing_loser(seat, spec) and spec.kind != "baozhongbao":
            base = _base(spec.kind, rules)
            if menqing_amount(base, rules) != base:
                out.append(Factor("menqing", detail=rules.menqing_scheme))
        mult = _multiplier(spec, rules)
        if mult != 1:
            out.append(Factor("kadang", times=mult))
    if "cap" in factors:
        out.append(Factor("cap", value=rules.cap))
    return tuple(out)


def totals(rows: Iterable[Payment]) -> list[int]:
    """Net change of each seat's score from settlement rows (sums to zero)."""
    out = [0, 0, 0, 0]
    for row in rows:
        out[row.payer] -= row.amount
        out[row.payee] += row.amount
    return out


def kong_refunds(kong_rows: Iterable[Payment], rules: RuleSet) -> list[Payment]:
    """R50 荒庄荒杠 (``kong_points_on_draw="refund"``): on a drawn hand each kong payment is paid back."""
    if rules.kong_points == "none" or rules.kong_points_on_draw != "refund":
        return []
    return [
        Payment(r.payee, r.payer, r.amount, "kong_refund", win=r.win) for r in kong_rows if r.reason == "kong"
    ]


def kong_payments(kind: str, seat: int, from_seat: int | None, rules: RuleSet) -> list[Payment]:
    """R40 variant ``kong_points="sichuan"``: 明杠 2 from the discarder; 加杠 1, 暗杠 2 from each other."""
    if rules.kong_points == "none":
        return []
    if kind == "minggang":
        if from_seat is None:
            raise ScoringError("an exposed kong needs the seat it was claimed from")
        return [Payment(from_seat, seat, KONG_POINTS["minggang"], "kong", win="minggang")]
    amount = KONG_POINTS[kind]
    return [Payment(other, seat, amount, "kong", win=kind) for other in range(4) if other != seat]
