"""Harbin legality of a hand: legal waits, whether 听 may be declared (and every blocker), 卡当.

This is the one place that answers "may I declare 听, on what, and is it 卡当" —
for the engine, the AI, the coach and the ``analyze`` command (RULES.md R17,
R18, R20, R21, R24, R32).

A hand is its concealed kind counts (28 entries) plus its declared melds as
:class:`MeldShape`. A listening hand has 3n+1 tiles counting each meld as 3.

Blocker codes (stable; the ``analyze`` JSON contract and the UI's "why not"
use them, display text in ``game.glossary`` under ``blocker.<code>``):
``not_ready`` (the shape is not one tile from complete), ``not_open``,
``single_suit``, ``no_yaojiu``, ``too_few_tiles``, ``no_triplet``,
``no_sequence``, and for the R20 variants ``wait_restriction``.

With 支对 (R44) on, :attr:`TingReport.zhidui` names the pairs a 对倒 hand may lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from ..errors import HarbinError
from ..rules import RuleSet
from ..tiles import NUM_KINDS, ZHONG, is_yaojiu, rank_of, suit_of
from .decompose import Reading, readings, seven_pairs
from .shanten import shape_shanten, shape_ukeire

MeldKind = Literal["chi", "peng", "gang", "angang"]
BLOCKER_CODES: tuple[str, ...] = (
    "not_ready",
    "not_open",
    "single_suit",
    "no_yaojiu",
    "too_few_tiles",
    "no_triplet",
    "no_sequence",
    "wait_restriction",
)


class AnalysisError(HarbinError, ValueError):
    """Raised when a hand has the wrong number of tiles for the question asked."""


class MeldShape(NamedTuple):
    """A declared meld as analysis sees it: chi/peng/gang (exposed) or angang, and its lowest kind."""

    kind: MeldKind
    first: int

    def kinds(self) -> tuple[int, ...]:
        """The kinds of the meld's tiles (a kong lists four)."""
        if self.kind == "chi":
            return (self.first, self.first + 1, self.first + 2)
        if self.kind == "peng":
            return (self.first,) * 3
        return (self.first,) * 4


@dataclass(frozen=True, slots=True)
class Wait:
    """A legal winning tile of a ready hand and whether winning on it is 卡当."""

    kind: int
    kadang: bool


@dataclass(frozen=True, slots=True)
class TingReport:
    """What a 3n+1 hand may do: its shape shanten, legal waits and what blocks 听.

    ``zhidui`` (支对, R44, filled only when the rules play it) lists the pair kinds a 对倒
    hand may lock when declaring 听; locking one leaves :func:`locked_waits` as the only wait.
    Under a wait restriction (R20) that blocks the 对倒 itself, the lock is still offered:
    the locked wait is a single 卡当 wait.
    """

    shanten: int
    ting_allowed: bool
    blockers: tuple[str, ...]
    waits: tuple[Wait, ...]
    shape_waits: tuple[int, ...]
    zhidui: tuple[int, ...] = ()

    @property
    def may_declare(self) -> bool:
        """Whether 听 may be declared at all: plainly, or by locking a 支对 pair."""
        return self.ting_allowed or bool(self.zhidui)

    def wait_kinds(self) -> tuple[int, ...]:
        """The kinds of the legal waits."""
        return tuple(w.kind for w in self.waits)

    def kadang_of(self, kind: int) -> bool:
        """Whether winning on ``kind`` is 卡当 (False if it is not a legal wait)."""
        return any(w.kind == kind and w.kadang for w in self.waits)


class HasKind(Protocol):
    """A meld of any shape (the state's :class:`~game.core.state.Meld` or a :class:`MeldShape`): its kind."""

    @property
    def kind(self) -> str: ...


def meld_opens(kind: str, rules: RuleSet) -> bool:
    """Whether a meld of this kind opens the hand (开门): any chi, peng or kong, an 暗杠 only where the rules
    say it opens."""
    return kind != "angang" or rules.angang_opens


def is_open(melds: Iterable[HasKind], rules: RuleSet) -> bool:
    """开门: some chi, peng or exposed kong (an 暗杠 only if the rules say it opens) — the one answer for the
    state, the 听 conditions and the AI."""
    return any(meld_opens(m.kind, rules) for m in melds)


def suits_used(counts: Sequence[int], melds: Iterable[MeldShape]) -> set[int]:
    """The suits (0 万, 1 饼, 2 条) present among concealed tiles and melds; 红中 is not a suit."""
    used = {suit_of(k) for k in range(ZHONG) if counts[k]}
    used.update(suit_of(m.first) for m in melds if m.first != ZHONG)
    return used


def has_yaojiu(counts: Sequence[int], melds: Iterable[MeldShape]) -> bool:
    """True if a 1, a 9 or 红中 is among the concealed tiles or in a meld."""
    if any(counts[k] for k in range(NUM_KINDS) if is_yaojiu(k)):
        return True
    return any(is_yaojiu(k) for m in melds for k in m.kinds())


def _meld_tiles(melds: Sequence[MeldShape]) -> int:
    """Tiles the melds stand for in the 13/14-tile count (a kong counts as 3)."""
    return 3 * len(melds)


def _literal_triplet(counts: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> bool:
    """R21 ``kezi_check=listen_literal``: a triplet, two pairs or 中中 already present."""
    if any(m.kind != "chi" for m in melds):
        return True
    if any(c >= 3 for c in counts):
        return True
    if rules.zhong_pair_counts_as_kezi and counts[ZHONG] >= 2:
        return True
    return sum(1 for c in counts if c >= 2) >= 2


def reading_flags(reading: Reading, melds: Sequence[MeldShape], rules: RuleSet) -> tuple[bool, bool]:
    """(has a sequence, has a triplet) for a reading together with the declared melds (R21 item 5)."""
    seq = reading.has_sequence or any(m.kind == "chi" for m in melds)
    tri = (
        reading.has_triplet
        or any(m.kind != "chi" for m in melds)
        or (rules.zhong_pair_counts_as_kezi and reading.pair == ZHONG)
    )
    return seq, tri


def legal_readings(
    counts14: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet, literal_triplet: bool = False
) -> list[Reading]:
    """Readings of a completed hand that satisfy the sequence and triplet conditions."""
    out = []
    for reading in readings(counts14):
        seq, tri = reading_flags(reading, melds, rules)
        if (seq or rules.allow_duiduihu) and (tri or literal_triplet):
            out.append(reading)
    return out


def _kadang(
    wait: int, counts13: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet, literal: bool
) -> bool:
    """R32: the winning kind is a middle tile in some legal reading and an end tile in none."""
    counts = list(counts13)
    counts[wait] += 1
    positive = False
    rank = rank_of(wait)
    for reading in legal_readings(counts, melds, rules, literal):
        if rules.kadang_dandiao and reading.pair == wait:
            positive = True
        for s in reading.sets:
            if s.kind != "seq" or not s.first <= wait <= s.first + 2:
                continue
            if wait == s.first + 1:
                positive = True
                continue
            edge_ok = rules.kadang_edge_3_7 and (
                (rank == 3 and wait == s.first + 2) or (rank == 7 and wait == s.first)
            )
            if edge_ok:
                positive = True
            else:
                return False
    return positive


def _check_size(counts: Sequence[int], melds: Sequence[MeldShape], total: int) -> None:
    """Refuse a hand whose tiles (melds as 3) do not add up to ``total``."""
    if len(counts) != NUM_KINDS:
        raise AnalysisError(f"counts must have {NUM_KINDS} entries, got {len(counts)}")
    if any(c < 0 or c > 4 for c in counts):
        raise AnalysisError("a kind count is outside 0-4")
    have = sum(counts) + _meld_tiles(melds)
    if have != total:
        raise AnalysisError(f"the hand has {have} tiles counting melds as 3; expected {total}")


def _hand_blockers(
    counts: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet, yaojiu_now: bool
) -> list[str]:
    """Blockers of the whole hand: 开门, two suits, 幺九, four tiles in hand (R17, R18, R21)."""
    blockers: list[str] = []
    if rules.require_open and not is_open(melds, rules):
        blockers.append("not_open")
    if not rules.allow_qingyise and len(suits_used(counts, melds)) < 2:
        blockers.append("single_suit")
    if rules.yaojiu_check == "listen" and not yaojiu_now:
        blockers.append("no_yaojiu")
    if sum(counts) < 4 and not zhong_dandiao(counts, melds, rules):
        blockers.append("too_few_tiles")
    return blockers


def zhong_dandiao(counts: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> bool:
    """R18 variant ``shoubayi="zhong_dandiao"``: four melds and a single 红中 waiting on its pair (a ready
    hand of one tile, 手把一 on 红中)."""
    return (
        rules.shoubayi == "zhong_dandiao"
        and len(melds) == 4
        and counts[ZHONG] == 1
        and sum(counts) == 1
    )


def _meld_counts(melds: Sequence[MeldShape]) -> list[int]:
    """How many copies of each kind the melds hold."""
    out = [0] * NUM_KINDS
    for m in melds:
        for k in m.kinds():
            out[k] += 1
    return out


def may_ting(counts13: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> bool:
    """Whether a 13-tile hand may declare 听: the yes/no of :func:`ting_report`, found faster.

    The engine asks this for every candidate discard and call; it stops at the first legal wait.
    """
    variant = (
        rules.wait_restriction != "any"
        or rules.allow_qidui
        or rules.kezi_check != "win"
        or rules.yaojiu_check != "listen"
        or rules.allow_duiduihu
    )
    if variant:
        return ting_report(counts13, melds, rules).ting_allowed
    if shape_shanten(counts13, len(melds)) != 0:  # one table lookup rules out most hands first
        return False
    counts = list(counts13)
    if _hand_blockers(counts, melds, rules, has_yaojiu(counts, melds)):
        return False
    _, kinds = shape_ukeire(counts, len(melds))
    in_melds = _meld_counts(melds)
    for kind in kinds:
        if counts[kind] + in_melds[kind] >= 4:
            continue
        counts[kind] += 1
        found = readings(counts)
        counts[kind] -= 1
        for reading in found:
            seq, tri = reading_flags(reading, melds, rules)
            if seq and tri:
                return True
    return False


def ting_report(counts13: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> TingReport:
    """Legal waits of a 13-tile hand (melds as 3), whether it may declare 听, and what blocks it."""
    _check_size(counts13, melds, 13)
    counts = list(counts13)
    n_melds = len(melds)
    shanten, ready_kinds = shape_ukeire(counts, n_melds)
    candidates = ready_kinds if shanten == 0 else ()
    if rules.allow_qidui and not melds:
        candidates = tuple(range(NUM_KINDS))
    yaojiu_now = has_yaojiu(counts, melds)
    blockers = _hand_blockers(counts, melds, rules, yaojiu_now)
    literal = False
    if rules.kezi_check == "listen_literal":
        literal = _literal_triplet(counts, melds, rules)

    shape_waits: list[int] = []
    legal: list[int] = []
    any_seq = any_tri = any_yaojiu = False
    in_melds = _meld_counts(melds)
    for kind in candidates:
        if counts[kind] + in_melds[kind] >= 4:  # the hand holds every copy: no fifth to win on
            continue
        counts[kind] += 1
        found = readings(counts)
        qidui = rules.allow_qidui and not melds and seven_pairs(counts)
        if found or qidui:
            shape_waits.append(kind)
            completed_yaojiu = yaojiu_now or is_yaojiu(kind)
            yaojiu_ok = rules.yaojiu_check == "listen" or completed_yaojiu
            any_yaojiu = any_yaojiu or completed_yaojiu
            ok = qidui and yaojiu_ok
            for reading in found:
                seq, tri = reading_flags(reading, melds, rules)
                seq = seq or rules.allow_duiduihu
                tri = tri or literal
                any_seq = any_seq or seq
                any_tri = any_tri or tri
                ok = ok or (seq and tri and yaojiu_ok)
            if qidui:
                any_seq = any_tri = True
            if ok:
                legal.append(kind)
        counts[kind] -= 1

    if not shape_waits:
        blockers.append("not_ready")
    elif not legal:
        if not any_tri:
            blockers.append("no_triplet")
        if not any_seq:
            blockers.append("no_sequence")
        if rules.yaojiu_check == "win" and not any_yaojiu:
            blockers.append("no_yaojiu")
        if any_tri and any_seq and (rules.yaojiu_check == "listen" or any_yaojiu):
            # each condition holds in some reading but never all together in one
            blockers.extend(c for c in ("no_triplet", "no_sequence") if c not in blockers)

    waits: tuple[Wait, ...] = ()
    if legal and not blockers:
        single = len(legal) == 1
        waits = tuple(
            Wait(k, (single or rules.kadang_multi_wait) and _kadang(k, counts, melds, rules, literal))
            for k in legal
        )
        if not _wait_shape_allowed(waits, rules):
            blockers.append("wait_restriction")
        if blockers:
            waits = ()
    allowed = not blockers
    zhidui: tuple[int, ...] = ()
    if rules.zhidui and legal and set(blockers) <= {"wait_restriction"}:
        zhidui = duidao_pairs(counts, melds, legal, rules, literal)
    return TingReport(shanten, allowed, tuple(blockers), waits, tuple(shape_waits), zhidui)


def duidao_pairs(
    counts13: Sequence[int],
    melds: Sequence[MeldShape],
    wait_kinds: Sequence[int],
    rules: RuleSet,
    literal: bool = False,
) -> tuple[int, ...]:
    """R44: the two pair kinds when the legal waits are exactly a 对倒, else ().

    A 对倒: two waits, each a pair in the hand, and winning on either makes that pair a
    triplet while the other pair stays the pair (e.g. 55s 88p, or 78889m 33s).
    """
    if len(wait_kinds) != 2:
        return ()
    counts = list(counts13)
    for mine, other in (wait_kinds, tuple(reversed(wait_kinds))):
        if counts[mine] < 2 or counts[other] < 2:
            return ()
        counts[mine] += 1
        found = any(
            r.pair == other and any(s.kind == "tri" and s.first == mine for s in r.sets)
            for r in legal_readings(counts, melds, rules, literal)
        )
        counts[mine] -= 1
        if not found:
            return ()
    return tuple(wait_kinds)


def locked_waits(kind: int) -> tuple[Wait, ...]:
    """R44: the waits of a hand whose 支对 pair ``kind`` is locked — that tile only, as 卡当."""
    return (Wait(kind, True),)


def _wait_shape_allowed(waits: tuple[Wait, ...], rules: RuleSet) -> bool:
    """R20: any wait; a single-tile wait only (kan_broad); or a single 卡当 wait (sika, 死卡)."""
    if rules.wait_restriction == "kan_broad":
        return len(waits) == 1
    if rules.wait_restriction == "sika":
        return len(waits) == 1 and waits[0].kadang
    return True


def discard_reports(
    counts14: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet
) -> list[tuple[int, TingReport]]:
    """For a 14-tile hand (melds as 3): each distinct discard and the report of what remains."""
    _check_size(counts14, melds, 14)
    out = []
    counts = list(counts14)
    for kind in range(NUM_KINDS):
        if counts[kind]:
            counts[kind] -= 1
            out.append((kind, ting_report(counts, melds, rules)))
            counts[kind] += 1
    return out


def winning_tiles(counts14: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> list[int]:
    """Kinds t in a 14-tile hand such that the hand without one t is legally ready on t."""
    return [kind for kind, report in discard_reports(counts14, melds, rules) if kind in report.wait_kinds()]


def is_complete(counts14: Sequence[int], melds: Sequence[MeldShape], rules: RuleSet) -> bool:
    """True if a 14-tile hand is a legal Harbin win read with some tile as the winning one."""
    return bool(winning_tiles(counts14, melds, rules))


def best_reading(
    counts13: Sequence[int], melds: Sequence[MeldShape], win: int, rules: RuleSet
) -> Reading | None:
    """A legal reading of the hand completed by ``win``, for showing the winning decomposition."""
    counts = list(counts13)
    counts[win] += 1
    literal = rules.kezi_check == "listen_literal" and _literal_triplet(counts13, melds, rules)
    found = legal_readings(counts, melds, rules, literal)
    if not found:
        return None
    # prefer a reading where the winning tile sits in a sequence's middle (shows 卡当 clearly)
    for reading in found:
        if any(s.kind == "seq" and s.first + 1 == win for s in reading.sets):
            return reading
    return found[0]


def formed_triplets(reading: Reading, melds: Sequence[MeldShape]) -> int:
    """Triplets and kongs in a winning hand (concealed triplets plus peng/gang melds), for R41."""
    return sum(1 for s in reading.sets if s.kind == "tri") + sum(1 for m in melds if m.kind != "chi")
