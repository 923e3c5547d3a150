"""Fast hand metrics for the AI: Harbin shanten and acceptance of a hand, memoised per suit-index key.

The memos live in a :class:`HandMemo` that each player (each :class:`~game.ai.brain.Brain`)
owns: caches of pure functions, so they never change a result, and nothing is shared
between players or threads.

A hand is held as its three base-5 suit indices (万, 饼, 条), the 红中 count and
a :class:`~game.core.analysis.shanten.HarbinContext` for its declared melds
(see the module docstring of :mod:`game.core.analysis.shanten`). Adding or
removing a tile of kind ``k`` changes one index by ``POW5[rank]``, so every
candidate discard and draw is a few integer operations and a table lookup.

:func:`harbin13` gives the Harbin shanten of a 3n+1 hand and :func:`accept13`
its *acceptance*: the kinds whose draw lowers that shanten. Both are pure
functions of (indices, 红中, context) and are memoised in bounded dictionaries
keyed by one integer, so the same hand met again (the next turn, a second
player, a look-ahead) costs one dictionary lookup.

Counting copies is the caller's job: the tables allow any kind with fewer
than four copies in the concealed hand; the AI weighs each kind by the copies
it cannot see (:attr:`game.ai.situation.Situation.unseen`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.analysis.shanten import (
    IMPOSSIBLE,
    POW5,
    HarbinContext,
    harbin_shanten_idx,
    rules_context,
)
from ..core.analysis.suit_tables import harbin_tables, shape_tables
from ..core.analysis.ting import MeldShape, TingReport, ting_report
from ..core.rules import RuleSet
from ..core.tiles import ZHONG

_SHAPE = shape_tables()
_VID: bytes = _SHAPE.vid
_PAIR: tuple[int, ...] = tuple(c * 126 * 25 for c in _SHAPE.pair)
"""Offset in :data:`_FINAL` of each two-suit class pair ``a * 126 + b``."""
_FINAL: tuple[int, ...] = tuple(_SHAPE.final)

MAX_MEMO = 400_000
"""Entries a memo holds before it starts afresh."""

KIND_STEP: tuple[tuple[int, int], ...] = tuple((k // 9, POW5[k % 9]) for k in range(ZHONG))
"""(suit, index step) of each suited kind."""


def indices(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(万 index, 饼 index, 条 index, 红中 count) of a 28-count hand."""
    out = [0, 0, 0]
    for suit in range(3):
        base = 9 * suit
        value = 0
        for r in range(8, -1, -1):
            value = value * 5 + counts[base + r]
        out[suit] = value
    return out[0], out[1], out[2], counts[ZHONG]


def shift(im: int, ip: int, is_: int, z: int, kind: int, delta: int) -> tuple[int, int, int, int]:
    """The indices after adding (``delta`` = 1) or removing (-1) one tile of ``kind``."""
    if kind == ZHONG:
        return im, ip, is_, z + delta
    suit, step = KIND_STEP[kind]
    if suit == 0:
        return im + delta * step, ip, is_, z
    if suit == 1:
        return im, ip + delta * step, is_, z
    return im, ip, is_ + delta * step, z


def call_meld(call: str, used: Sequence[int], kind: int) -> MeldShape:
    """The meld a 吃 / 碰 / 明杠 (``call``) of discarded ``kind`` with the hand's ``used`` kinds makes."""
    if call == "chi":
        return MeldShape("chi", min([*used, kind]))
    return MeldShape("peng" if call == "peng" else "gang", kind)


def shape_shanten_of(im: int, ip: int, is_: int, z: int, melds: int) -> int:
    """Plain shape shanten (no Harbin conditions) from the indices; what the ``greedy`` baseline uses."""
    v = _VID
    return _FINAL[_PAIR[v[im] * 126 + v[ip]] + v[is_] * 25 + z * 5 + melds]


class HandMemo:
    """One player's memo of hand metrics: Harbin contexts, shanten, acceptance, 听 reports, win chances.

    Every method is a pure function of its arguments; the memo only remembers results.
    """

    def __init__(self) -> None:
        self._hv: memoryview | None = None
        """Harbin class of each suit index: the Harbin shanten depends only on the three classes."""
        self._nh = 4346
        self._h: dict[int, int] = {}
        self._a: dict[int, tuple[int, tuple[int, ...]]] = {}
        self._ctx: dict[tuple[object, ...], tuple[HarbinContext, int]] = {}
        self._numbers: dict[int, int] = {}
        self._keep: list[HarbinContext] = []
        self._free: set[int] = set()
        self._ting_reports: dict[tuple[object, ...], tuple[RuleSet, TingReport]] = {}
        self._draws: dict[int, tuple[tuple[int, int, int, tuple[int, ...]], ...]] = {}
        self.chains: dict[tuple[object, ...], float] = {}
        """Memo of :func:`game.ai.value.win_chance`."""

    def clear(self) -> None:
        """Forget every remembered result (tests use it to time cold decisions)."""
        self._h.clear()
        self._a.clear()
        self._ting_reports.clear()
        self._draws.clear()
        self.chains.clear()

    def context(
        self, melds: Sequence[MeldShape], rules: RuleSet, relax: str = ""
    ) -> tuple[HarbinContext, int]:
        """The Harbin context of declared melds under the rules, and a small number naming it (memo keys).

        ``relax`` switches one condition off (``yaojiu``, ``kezi``, ``shunzi`` or ``two_suits``),
        to ask which condition a hand is short of.
        """
        key = (
            tuple(melds),
            rules.allow_duiduihu,
            rules.zhong_pair_counts_as_kezi,
            rules.allow_qingyise,
            relax,
        )
        found = self._ctx.get(key)
        if found is None:
            ctx = rules_context([(m.kind, m.first) for m in melds], rules, relax)
            number = self._numbers.get(id(ctx))
            if number is None:
                number = self._numbers[id(ctx)] = len(self._numbers)
                assert number < 1 << 16, "context numbers fill the low 16 bits of the memo keys"
                self._keep.append(ctx)  # keep it alive so that its id stays its own
                if len(ctx.project) == 3 and ctx.w_sel == 0 and ctx.w_empty == 0:
                    self._free.add(number)  # the melds meet every condition: Harbin shanten is the shape's
            found = (ctx, number)
            self._ctx[key] = found
        return found

    def ting_report(self, counts: Sequence[int], melds: tuple[MeldShape, ...], rules: RuleSet) -> TingReport:
        """The 听 analysis of a 3n+1 hand (remembered per hand and rule set)."""
        key = (tuple(counts), melds, id(rules))
        found = self._ting_reports.get(key)
        if found is not None and found[0] is rules:
            return found[1]
        report = ting_report(counts, melds, rules)
        if len(self._ting_reports) >= MAX_MEMO // 4:
            self._ting_reports.clear()
        self._ting_reports[key] = (rules, report)
        return report

    def _classes(self) -> memoryview:
        """Load the Harbin suit classes (on first use) and remember how many there are."""
        tables = harbin_tables()
        self._nh = tables.n_classes
        self._hv = tables.hvid
        return tables.hvid

    def harbin13(self, im: int, ip: int, is_: int, z: int, ctx: HarbinContext, cno: int) -> int:
        """Harbin shanten (memoised by the suits' Harbin classes) of the hand in the numbered context."""
        hv = self._hv or self._classes()
        nh = self._nh
        key = ((((hv[im] * nh + hv[ip]) * nh + hv[is_]) * 5 + z) << 16) | cno
        value = self._h.get(key)
        if value is None:
            value = harbin_shanten_idx(im, ip, is_, z, ctx)
            if len(self._h) >= MAX_MEMO:
                self._h.clear()
            self._h[key] = value
        return value

    def accept13(
        self, counts: Sequence[int], im: int, ip: int, is_: int, z: int, ctx: HarbinContext, cno: int
    ) -> tuple[int, tuple[int, ...]]:
        """Harbin shanten of a 3n+1 hand and the kinds whose draw lowers it (memoised).

        ``counts`` must agree with the indices (the 4-copy limit is read from the indices).
        """
        key = ((((im * 1953125 + ip) * 1953125 + is_) * 5 + z) << 16) | cno
        found = self._a.get(key)
        if found is not None:
            return found
        free = cno in self._free
        now = shape_shanten_of(im, ip, is_, z, ctx.melds) if free else self.harbin13(im, ip, is_, z, ctx, cno)
        if now >= IMPOSSIBLE:
            found = (now, ())
        else:  # with ``free`` the melds meet every condition: the shape's acceptance is the Harbin one
            found = (now, self._better_draws(im, ip, is_, z, ctx, cno, now, free))
        if len(self._a) >= MAX_MEMO:
            self._a.clear()
        self._a[key] = found
        return found

    def _suit_draws(self, suit: int, index: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
        """A suit's one-tile draws grouped by where they lead: (new index, shape class, Harbin class, kinds).

        Draws that lead to the same classes give the same shanten, so each group is looked up once.
        """
        found = self._draws.get(index * 3 + suit)
        if found is None:
            hv = self._hv or self._classes()
            groups: dict[tuple[int, int], tuple[int, list[int]]] = {}
            for r in range(9):
                step = POW5[r]
                if index // step % 5 < 4:  # a fifth copy cannot be drawn
                    new = index + step
                    groups.setdefault((_VID[new], hv[new]), (new, []))[1].append(9 * suit + r)
            found = tuple((new, v, h, tuple(kinds)) for (v, h), (new, kinds) in groups.items())
            if len(self._draws) >= MAX_MEMO:
                self._draws.clear()
            self._draws[index * 3 + suit] = found
        return found

    def _better_draws(
        self, im: int, ip: int, is_: int, z: int, ctx: HarbinContext, cno: int, now: int, free: bool
    ) -> tuple[int, ...]:
        """Kinds whose draw lowers the Harbin shanten (the shape's, if ``free``) below ``now``, ascending.

        The shape shanten screens each draw first; the Harbin shanten is then read from the class memo
        of :meth:`harbin13` with the key built in parts (the two suits that do not change are fixed).
        """
        hv = self._hv or self._classes()
        nh = self._nh
        memo = self._h
        v, pair, final = _VID, _PAIR, _FINAL
        cm, cp, cs = v[im], v[ip], v[is_]
        hm, hp, hs = hv[im], hv[ip], hv[is_]
        tail = z * 5 + ctx.melds
        ps = pair[cm * 126 + cp] + tail
        cs25 = cs * 25 + tail
        cm126 = cm * 126
        # harbin13's key ((((a * nh + b) * nh + c) * 5 + z) << 16) | cno, term by term
        ka, kb, kc = (nh * nh * 5) << 16, (nh * 5) << 16, 5 << 16
        kz = (z << 16) | cno
        out: list[int] = []
        suits = (
            (0, im, ka, hp * kb + hs * kc + kz),
            (1, ip, kb, hm * ka + hs * kc + kz),
            (2, is_, kc, hm * ka + hp * kb + kz),
        )
        for suit, index, k_suit, rest in suits:
            for new, vn, hn, kinds in self._suit_draws(suit, index):
                if suit == 0:
                    shape = final[pair[vn * 126 + cp] + cs25]
                elif suit == 1:
                    shape = final[pair[cm126 + vn] + cs25]
                else:
                    shape = final[ps + vn * 25]
                if shape >= now:
                    continue
                if not free:
                    key = hn * k_suit + rest
                    value = memo.get(key)
                    if value is None:
                        hand = [im, ip, is_]
                        hand[suit] = new
                        value = self._remember(key, harbin_shanten_idx(hand[0], hand[1], hand[2], z, ctx))
                    if value >= now:
                        continue
                out.extend(kinds)
        zhong_helps = z < 4 and final[ps + cs * 25 + 5] < now
        if zhong_helps and (free or self.harbin13(im, ip, is_, z + 1, ctx, cno) < now):
            out.append(ZHONG)
        out.sort()
        return tuple(out)

    def _remember(self, key: int, value: int) -> int:
        """Store a Harbin shanten in the class memo (started afresh when full)."""
        if len(self._h) >= MAX_MEMO:
            self._h.clear()
        self._h[key] = value
        return value
