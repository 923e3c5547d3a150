"""The reasons of the own turn: what each discard does, stated only with facts that hold in the position.

A reason names the Harbin rule behind a move and states facts a learner can
check at the table; the hints audit (:mod:`game.ai.audit`) checks each of them
against the position with its own code. The facts used here:

* *steps from ready* — the Harbin shanten of the hand after the discard (幺九, 刻 or 中中, 顺, two
  suits and the melds), with the 开门 requirement said separately for a closed hand;
* *tiles that bring it a step closer* — unseen copies of the kinds whose draw lowers those steps;
  *about N after one of them* — over those draws (weighted by unseen copies), the most such tiles
  the best following discard leaves, rounded;
* *sure-safe* — against every ready seat, a kind discarded after its 听 that did not end the hand
  (有胡必胡); any other tile's risk is the level's wait-model estimate, said as an estimate;
* a *push* names the safer tile it keeps and what discarding that tile would cost (a step, or
  tiles that bring the hand closer); a *fold* names the more efficient tile it gives up;
* *keeps X*: discarding X instead would leave the hand more steps from ready, and would not with
  the named Harbin condition switched off;
* *last discard*: no draw of its own is left before 分张 and the hand is still two or more steps
  from ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Discard
from ..core.analysis.shanten import HarbinContext
from ..core.analysis.ting import TingReport, Wait, locked_waits
from ..core.tiles import NUM_KINDS, ZHONG, is_yaojiu
from .base import Reason
from .defence import DEFAULT_PRIORS, KindModel, kind_chances
from .evaluate import Evaluator, HandEval, Scored
from .hand import HandMemo, shape_shanten_of, shift
from .notes import fold_note, hand_kinds, not_closer_note, qianggang_note, reading_note
from .situation import Situation

PUSH_GAP = 3
"""A kept tile is *clearly* safer (a push worth the name) when its stated risk is at least this many
points lower, and at most three quarters of the discarded tile's."""

CONDITIONS = ("yaojiu", "kezi", "shunzi", "two_suits")
"""Harbin conditions a kept tile may be binding for (glossary ``reason.word.cond_*``)."""


def ready_seats(sit: Situation) -> list[list[int]]:
    """The ready opponents as ``[wind, rel, seat]`` (the ``seats`` parameter of a reason)."""
    return [[sit.wind(o.seat), o.rel, o.seat] for o in sit.ready]


def sure_safe(sit: Situation) -> frozenset[int]:
    """Kinds sure to be safe against every ready opponent (passed after each one's 听); empty if none."""
    if not sit.ready:
        return frozenset()
    common = set(sit.ready[0].certain)
    for o in sit.ready[1:]:
        common &= o.certain
    return frozenset(common)


def nonready_note(sit: Situation) -> Reason:
    """The rule that makes dealing in while not ready expensive, as the rules in play have it.

    包三家 (R47) and every factor doubling (R46) change who pays what, so they have notes of their own.
    """
    rules = sit.rules
    scheme = rules.dianpao_scheme
    if rules.baosanjia == "always":
        return Reason("dealin_covers_all")
    if rules.baosanjia == "never" or (rules.scoring == "all_double" and scheme == "S4"):
        return Reason("dealin_own_share")
    if rules.scoring == "all_double":
        return Reason("nonready_pays_double")
    return Reason("nonready_pays_" + ("s1" if scheme not in ("S0", "S4") else scheme.lower()))


def ting_risk_note(sit: Situation, params: dict[str, Any]) -> Reason:
    """The risk of the 听 discard, and what a deal-in then costs (only one's own share, unless 包三家)."""
    return Reason("ting_risk_covers" if sit.rules.baosanjia == "always" else "ting_risk", params)


def metric(
    ex: Evaluator, counts: list[int], idx: tuple[int, int, int, int], ctx: HarbinContext, cno: int
) -> tuple[int, int, tuple[int, ...]]:
    """(steps from a ready shape, unseen tiles that bring it a step closer, their kinds) of a 3n+1 hand."""
    s, acc = ex.memo.accept13(counts, *idx, ctx, cno)
    unseen = ex.sit.unseen
    return s, sum(unseen[k] for k in acc), acc


def accept_after_one(
    ex: Evaluator,
    counts: list[int],
    idx: tuple[int, int, int, int],
    ctx: HarbinContext,
    cno: int,
    steps: int,
    acc: Sequence[int],
) -> int | None:
    """About how many unseen tiles bring the hand closer again after one improving draw (rounded)."""
    unseen = ex.sit.unseen
    total = weight = 0
    for k in acc:
        u = unseen[k]
        if u:
            counts[k] += 1
            total += u * _best_second(ex, counts, shift(*idx, k, 1), ctx, cno, steps - 1, k)
            counts[k] -= 1
            weight += u
    return round(total / weight) if weight else None


def _best_second(
    ex: Evaluator, counts: list[int], idx: tuple[int, int, int, int], ctx: HarbinContext, cno: int,
    target: int, drawn: int,
) -> int:  # fmt: skip
    """After drawing ``drawn``: the most unseen tiles that improve the hand again, over the discards
    that keep it ``target`` steps away (the drawn copy no longer unseen)."""
    unseen = ex.sit.unseen
    best = 0
    kinds = [d for d, c in enumerate(counts) if c and d != drawn]
    for d in kinds:
        counts[d] -= 1
        s2, acc2 = ex.memo.accept13(counts, *shift(*idx, d, -1), ctx, cno)
        counts[d] += 1
        if s2 == target:
            best = max(best, sum(unseen[j] for j in acc2) - (drawn in acc2))
    return best


class Facts:
    """What the reasons of one own-turn decision may state: ready seats, sure-safe kinds, risks, metrics."""

    def __init__(self, ex: Evaluator) -> None:
        self.ex = ex
        self.sit = ex.sit
        self.seats = ready_seats(ex.sit)
        self.sure = sure_safe(ex.sit) - (_pending(ex.sit) if ex.cfg.strict_reasons else frozenset())
        self._risk: dict[int, float] = {}
        self._models: list[KindModel] | None = None
        self._metric: dict[int, tuple[int, int, tuple[int, ...]]] = {}

    def risk(self, kind: int) -> float:
        """Chance that discarding ``kind`` deals in (the level's wait model, else the fitted one, asked
        only for the kinds a reason names)."""
        found = self._risk.get(kind)
        if found is None:
            if self.ex.dangers:
                found = min(1.0, sum(t.wait[kind] for t in self.ex.dangers))
            else:
                if self._models is None:
                    self._models = [kind_chances(o, self.sit.unseen, DEFAULT_PRIORS) for o in self.sit.ready]
                found = min(1.0, sum(m.chance(kind)[0] for m in self._models))
            self._risk[kind] = found
        return found

    def pct(self, kind: int) -> int:
        """The risk of a kind in whole percent: 0 for a sure-safe kind, at least 1 for any other."""
        if kind in self.sure:
            return 0
        return max(1, round(100 * self.risk(kind)))

    def after(self, kind: int) -> tuple[int, int, tuple[int, ...]]:
        """Steps and improving tiles of the hand after discarding ``kind``."""
        found = self._metric.get(kind)
        if found is None:
            sit = self.sit
            counts = sit.counts
            counts[kind] -= 1
            found = metric(self.ex, counts, shift(*sit.idx, kind, -1), sit.ctx, sit.cno)
            counts[kind] += 1
            self._metric[kind] = found
        return found

    def key(self, kind: int) -> tuple[int, int]:
        """Efficiency order of a discard: fewer steps, then more improving tiles."""
        s, a, _ = self.after(kind)
        return s, -a

    def safer(self, k: int, than: int) -> bool:
        """Whether ``k`` is safer than ``than`` as stated: sure-safe against not, or a lower estimate."""
        if than in self.sure:
            return False
        return k in self.sure or self.pct(k) < self.pct(than)

    def clearly_safer(self, k: int, than: int) -> bool:
        """Whether ``k`` is safer than ``than`` by a margin worth a push: sure-safe against not, or a
        stated risk :data:`PUSH_GAP` points lower and at most three quarters of it."""
        if than in self.sure:
            return False
        if k in self.sure:
            return True
        a, b = self.pct(k), self.pct(than)
        return b - a >= PUSH_GAP and 4 * a <= 3 * b

    def safety_notes(self, kind: int) -> list[Reason]:
        """The safety of the discarded tile: sure-safe (and how many such tiles are left) or its risk."""
        if kind in self.sure:
            left = sum(c for k, c in enumerate(self.sit.counts) if k in self.sure) - 1
            return [Reason("safe_sure"), Reason("safe_left", {"safe_left": left})]
        return [Reason("tile_risk", {"risk": self.pct(kind)})]


def _pending(sit: Situation) -> frozenset[int]:
    """The kind of the discard being claimed, unless another copy was passed after every 听 before it: a
    reason may not call it sure-safe yet (a ready seat may still win on it)."""
    view = sit.view
    if view.phase != "claim" or view.last_discard is None or not sit.ready:
        return frozenset()
    tile, kind = view.last_discard, view.last_discard >> 2
    for o in sit.ready:
        river = view.rivers[o.seat]
        ting = next((r.order for r in river if r.ting), None)
        if ting is None or not any(
            r.tile >> 2 == kind and r.tile != tile and r.order > ting for rv in view.rivers for r in rv
        ):
            return frozenset((kind,))
    return frozenset()


def last_discard(sit: Situation) -> bool:
    """Whether this seat has no draw of its own left before 分张 (in turn order, nobody calling)."""
    rules = sit.rules
    return rules.end_of_wall == "fenzhang_last4_keep8" and sit.live <= rules.kept_tiles + 4 + 3


def turn_reasons(ex: Evaluator, out: list[Scored], evals: dict[int, HandEval]) -> None:
    """Give every discard of the own turn its reason (the best ones in full, the rest when hinting)."""
    discards = [s for s in out if isinstance(s.action, Discard)]
    if not discards:
        return
    facts = Facts(ex)
    best_any = max(discards, key=lambda s: s.score)
    tings = [s for s in discards if isinstance(s.action, Discard) and s.action.ting]
    best_ting = max(tings, key=lambda s: s.score, default=None)
    for s in tings:
        if ex.full or s is best_ting:
            s.reason = _ting_reason(ex, facts, s, evals, tings, full=s is best_any or s is best_ting)
    plain = [s for s in discards if isinstance(s.action, Discard) and not s.action.ting]
    if not plain:
        return
    best = max(plain, key=lambda s: s.score)
    for s in plain:
        assert isinstance(s.action, Discard)
        if s is best:
            s.reason = _best_plain(ex, facts, s.action.tile >> 2, evals)
        elif ex.full:
            s.reason = _plain(ex, facts, s.action.tile >> 2, evals, look=False)


# ---------------------------------------------------------------------------------------------- 听


def ting_facts(sit: Situation, waits: Sequence[Wait]) -> dict[str, Any]:
    """``waits``, ``live`` (their unseen copies) and ``kadang`` of a ready hand."""
    return {
        "waits": [w.kind for w in waits],
        "live": sum(sit.unseen[w.kind] for w in waits),
        "kadang": len(waits) == 1 and waits[0].kadang,
    }


def ting_notes(sit: Situation, params: dict[str, Any], wider: dict[str, Any] | None) -> list[Reason]:
    """Why this wait: 卡当 doubles every payment (beating a wider wait), a dead wait still wins by 摸宝."""
    notes: list[Reason] = []
    if params["kadang"]:
        notes.append(Reason("kadang_pays"))
        if wider is not None:
            notes.append(Reason("beats_wider", wider))
    if not params["live"] and sit.view.bao_exists:
        rules = sit.rules
        if rules.hongzhong_bao:
            notes.append(Reason("dead_wait_red"))
        elif rules.baosanjia == "always":
            notes.append(Reason("dead_wait_bao"))
        else:
            notes.append(Reason("dead_wait"))
    return notes


def _ting_reason(
    ex: Evaluator, facts: Facts, s: Scored, evals: dict[int, HandEval], tings: list[Scored], full: bool
) -> Reason:
    assert isinstance(s.action, Discard)
    kind = s.action.tile >> 2
    ev = evals[kind]
    if s.action.zhidui is not None and ev.ready is not None:
        return _zhidui_reason(ex, facts, kind, s.action.zhidui >> 2, ev.ready, full)
    waits = ev.ready.waits if ev.ready else ()
    params: dict[str, Any] = {"tile": kind, **ting_facts(ex.sit, waits)}
    main = "ting_kadang" if params["kadang"] else "ting"
    if not full:
        return Reason(main, params)
    wider = None
    if params["kadang"]:
        options = []
        for other in tings:
            assert isinstance(other.action, Discard)
            k = other.action.tile >> 2
            e = evals[k]
            if k == kind or e.ready is None or other.action.zhidui is not None:
                continue
            f = ting_facts(ex.sit, e.ready.waits)
            if not f["kadang"] and f["live"] > params["live"]:
                options.append((f["live"], k, f))
        if options:
            live, k, f = max(options)
            wider = {"alt": k, "alt_waits": f["waits"], "alt_live": live}
    notes = ting_notes(ex.sit, params, wider)
    if ev.ready is not None and ex.sit.rules.zhidui and ev.ready.zhidui:
        # 支对 was open to this hand and not taken: what locking the better pair would have given
        lock = max(ev.ready.zhidui, key=lambda k: ex.sit.unseen[k])
        notes.append(Reason("zhidui_declined", {"keep": lock, "alt_live": ex.sit.unseen[lock]}))
    _ting_safety(facts, kind, params, notes)
    return Reason(main, params, tuple(notes))


def _ting_safety(facts: Facts, kind: int, params: dict[str, Any], notes: list[Reason]) -> None:
    """With ready opponents: whether the 听 discard is sure-safe, or its estimated risk."""
    if facts.seats:
        params["seats"] = facts.seats
        if kind in facts.sure:
            notes.append(Reason("safe_sure"))
        else:
            notes.append(ting_risk_note(facts.sit, {"risk": facts.pct(kind)}))


def _zhidui_reason(
    ex: Evaluator, facts: Facts, kind: int, lock: int, report: TingReport, full: bool
) -> Reason:
    """A 听 that locks a 支对 pair (R44): only that pair's tile wins now, as 卡当; why this pair.

    The facts: the other pair's unseen copies (the pair with more left is the better lock), and
    the plain 对倒 wait it gives up (both tiles, but not 卡当).
    """
    sit = ex.sit
    params: dict[str, Any] = {"tile": kind, "keep": lock, **ting_facts(sit, locked_waits(lock))}
    if not full:
        return Reason("ting_zhidui", params)
    notes = ting_notes(sit, params, None)
    for alt in report.zhidui:
        if alt == lock:
            continue
        alt_live = sit.unseen[alt]
        if alt_live < params["live"]:
            notes.append(Reason("zhidui_more", {"alt": alt, "alt_live": alt_live}))
        elif alt_live == params["live"]:
            notes.append(Reason("zhidui_same", {"alt": alt, "alt_live": alt_live}))
    if report.ting_allowed:
        plain = ting_facts(sit, report.waits)
        notes.append(Reason("zhidui_vs_plain", {"alt_waits": plain["waits"], "ref_accept": plain["live"]}))
    _ting_safety(facts, kind, params, notes)
    return Reason("ting_zhidui", params, tuple(notes))


# ------------------------------------------------------------------------------------ plain discards


def _plain(ex: Evaluator, facts: Facts, kind: int, evals: dict[int, HandEval], look: bool) -> Reason:
    """What a plain discard leaves: steps and improving tiles (or why a ready shape is not declared)."""
    sit = ex.sit
    steps, accept, acc = facts.after(kind)
    if steps == 0:
        if not sit.is_open:
            return Reason("closed_ready", {"tile": kind})
        ting = any(isinstance(a, Discard) and a.ting and a.tile >> 2 == kind for a in ex.legal)
        if ting:
            return Reason("no_declare", {"tile": kind})
        counts = sit.counts
        counts[kind] -= 1
        found = [b for b in ex.memo.ting_report(counts, sit.melds, sit.rules).blockers if b != "not_open"]
        counts[kind] += 1
        return Reason("ready_blocked", {"tile": kind, "why": "block_" + found[0] if found else None})
    params: dict[str, Any] = {"tile": kind, "steps": steps, "accept": accept}
    notes: list[Reason] = []
    if look and steps >= 2 and ex.full:  # hints only: a count for the learner, not needed to play
        counts = sit.counts
        counts[kind] -= 1
        n2 = accept_after_one(ex, counts, shift(*sit.idx, kind, -1), sit.ctx, sit.cno, steps, acc)
        counts[kind] += 1
        if n2 is not None:
            notes.append(Reason("accept2", {"accept2": n2}))
    if not sit.is_open and steps <= 2:
        notes.append(Reason("must_open"))
    return Reason("efficiency", params, tuple(notes))


def _offence_prefers(ex: Evaluator, evals: dict[int, HandEval], k: int, than: int) -> bool:
    """Whether the level's own scoring, danger left out, likes discarding ``k`` better than ``than``."""
    a, b = evals[k], evals[than]
    if ex.pts:
        off_a = (a.score + a.danger) / max(1e-9, 1.0 - a.deal_p)
        off_b = (b.score + b.danger) / max(1e-9, 1.0 - b.deal_p)
        return off_a > off_b
    return a.lex > b.lex


def _best_plain(ex: Evaluator, facts: Facts, kind: int, evals: dict[int, HandEval]) -> Reason:
    """The reason of the level's best plain discard: fold, push, keep, last discard or efficiency, with
    what the level reads of the ready seats and why it folds or leaves more steps than it could."""
    reason = _best_plain_main(ex, facts, kind, evals)
    extra: list[Reason] = []
    steps, accept, _ = facts.after(kind)
    if reason.kind in ("efficiency", "keep_yaojiu", "keep_condition", "fold"):
        told = reason.kind == "fold" and reason.params.get("alt_steps", 99) < steps
        shanten = {k: e.shanten for k, e in evals.items()}
        why = None if told else not_closer_note(ex, facts, kind, steps, accept, shanten)
        if why is not None:
            extra.append(why)
    if reason.kind in ("efficiency", "fold", "keep_yaojiu", "keep_condition") and facts.seats:
        folding = fold_note(ex, steps)
        if folding is not None:
            extra.append(folding)
    if facts.seats:
        read = reading_note(ex, hand_kinds(ex))
        if read is not None:
            extra.append(read)
    if not extra:
        return reason
    return Reason(reason.kind, reason.params, (*reason.notes, *extra))


def _best_plain_main(ex: Evaluator, facts: Facts, kind: int, evals: dict[int, HandEval]) -> Reason:
    """The main sentence (and its own notes) of the best plain discard's reason."""
    sit = ex.sit
    base = _plain(ex, facts, kind, evals, look=True)
    if base.kind != "efficiency":
        return base
    steps = facts.after(kind)[0]
    hand = [k for k in range(NUM_KINDS) if sit.counts[k] and k != kind]
    if last_discard(sit) and steps >= 2:
        notes: list[Reason] = []
        params: dict[str, Any] = {"tile": kind, "steps": steps}
        if facts.seats and ex.cfg.defence != "none":
            params["seats"] = facts.seats
            notes = facts.safety_notes(kind)
        return Reason("last_discard", params, tuple(notes))
    if facts.seats:
        told = _against_ready(ex, facts, kind, evals, hand, base)
        if told is not None:
            return told
    keep = _kept(ex, kind, evals, hand)
    reason = base
    if keep is not None:
        cond, k, k_steps = keep
        p: dict[str, Any] = {"tile": kind, "keep": k, "steps": steps, "keep_steps": k_steps}
        cost = (Reason("keep_cost"),)
        sole = (
            cond == "yaojiu"
            and not any(is_yaojiu(j) for j in hand if j != k)
            and not any(is_yaojiu(j) for m in sit.melds for j in m.kinds())
        )
        if sole:
            reason = Reason("keep_yaojiu", p, cost)
        else:
            word = "kezi_zhong" if cond == "kezi" and sit.rules.zhong_pair_counts_as_kezi else cond
            reason = Reason("keep_condition", {**p, "cond": "cond_" + word}, cost)
    if facts.seats:
        reason = Reason(reason.kind, {**reason.params, "seats": facts.seats}, (
            *reason.notes, *facts.safety_notes(kind)))  # fmt: skip
    return reason


def _against_ready(
    ex: Evaluator, facts: Facts, kind: int, evals: dict[int, HandEval], hand: list[int], base: Reason
) -> Reason | None:
    """Push (a safer tile kept, and what discarding it would cost) or fold (a better tile given up)."""
    steps, accept, _ = facts.after(kind)
    seats = facts.seats
    safer = sorted(
        (k for k in hand if facts.safer(k, kind)), key=lambda k: (k not in facts.sure, facts.pct(k))
    )
    clear = [k for k in safer if facts.clearly_safer(k, kind)] if ex.cfg.strict_reasons else safer
    for k in clear:
        s_k, a_k, _ = facts.after(k)
        if s_k > steps:
            why = Reason("push_steps", {"ref_steps": s_k})
        elif s_k == steps and a_k < accept:
            why = Reason("push_accept", {"ref_accept": a_k})
        else:
            continue
        ref = (
            Reason("refused_sure")
            if k in facts.sure
            else Reason("refused_low", {"refused_risk": facts.pct(k)})
        )
        params = {"tile": kind, "seats": seats, "risk": facts.pct(kind), "refused": k,
                  "steps": steps, "accept": accept}  # fmt: skip
        return Reason("push", params, (ref, why, nonready_note(ex.sit)))
    if safer:
        return None  # every safer tile is as efficient: not a push the facts can explain
    riskier = [k for k in hand if facts.safer(kind, k) and facts.key(k) < facts.key(kind)]
    riskier = [k for k in riskier if _offence_prefers(ex, evals, k, kind)]
    if not riskier or ex.cfg.defence == "none":
        return None
    alt = min(riskier, key=facts.key)
    s_alt, a_alt, _ = facts.after(alt)
    params = {"tile": kind, "seats": seats, "steps": steps, "accept": accept, "alt": alt,
              "alt_steps": s_alt, "alt_accept": a_alt, "alt_risk": facts.pct(alt)}  # fmt: skip
    if kind in facts.sure:
        notes = facts.safety_notes(kind)
    else:
        notes = [Reason("safe_low", {"risk": facts.pct(kind)})]
    notes.append(Reason("fold_steps" if s_alt < steps else "fold_accept"))
    notes.append(nonready_note(ex.sit))
    return Reason("fold", params, tuple(notes))


def _kept(
    ex: Evaluator, chosen: int, evals: dict[int, HandEval], hand: list[int]
) -> tuple[str, int, int] | None:
    """(condition, kept kind, its steps) when the shape alone would discard the kind but a condition binds it.

    Binding: discarding the kept kind instead would leave more steps from ready, and would not with
    the condition switched off. The kept kind must also plainly serve the condition (a 幺九 tile kept
    for the 幺九, a pair for the 刻子, a neighbour for the 顺子).
    """
    sit, memo = ex.sit, ex.memo
    n_m = len(sit.melds)
    s_c = evals[chosen].shanten
    shape_c = shape_shanten_of(*shift(*sit.idx, chosen, -1), n_m)
    counts = sit.counts
    candidates = []
    for k in hand:
        s_k = evals[k].shanten if k in evals else memo.harbin13(*shift(*sit.idx, k, -1), sit.ctx, sit.cno)
        if s_k <= s_c:
            continue
        shape_k = shape_shanten_of(*shift(*sit.idx, k, -1), n_m)
        if shape_k > shape_c:
            continue  # the shape alone keeps it too: nothing Harbin to teach
        candidates.append((shape_k, k, s_k))
    for _shape, k, s_k in sorted(candidates):
        idx = shift(*sit.idx, k, -1)
        for cond in CONDITIONS:
            if not _serves(cond, k, counts, chosen):
                continue
            relaxed = memo.harbin13(*idx, *memo.context(sit.melds, sit.rules, cond))
            if relaxed <= s_c:
                return cond, k, s_k
    return None


def _serves(cond: str, k: int, counts: Sequence[int], chosen: int) -> bool:
    """Whether kind ``k`` plainly serves a condition in the hand left after discarding ``chosen``."""
    n = counts[k] - (1 if k == chosen else 0)
    if cond == "yaojiu":
        return is_yaojiu(k)
    if cond == "kezi":
        return n >= 2
    if cond == "shunzi":
        if k == ZHONG:
            return False
        r = k % 9
        return any(0 <= r + d <= 8 and counts[k + d] - (k + d == chosen) > 0 for d in (-2, -1, 1, 2))
    return True


def kong_reason(ex: Evaluator, call: str, kind: int, steps: int, before: int, opens: bool) -> Reason:
    """A kong: it costs no step (kongs score nothing; an exposed kong from a closed hand opens it); an
    added kong against a ready seat says whether it could be robbed (抢杠)."""
    rob = [qianggang_note(Facts(ex), kind)] if call == "jiagang" and ex.sit.ready else []
    if steps > before:
        params = {"call": call, "tile": kind, "steps": before, "after": steps}
        return Reason("call_no_gain", params, tuple(rob))
    notes = rob
    if ex.sit.rules.kong_points == "none":
        notes.append(Reason("kong_no_points"))
    if opens:
        notes.append(Reason("kong_opens"))
    return Reason("kong", {"call": call, "tile": kind, "steps": steps}, tuple(notes))


def forced_ting_reason(sit: Situation, memo: HandMemo, kind: int) -> Reason:
    """The only legal move is this 听 discard (after a 吃听/碰听): its waits, unseen copies and 卡当."""
    counts = sit.counts
    counts[kind] -= 1
    report = memo.ting_report(counts, sit.melds, sit.rules)
    counts[kind] += 1
    params: dict[str, Any] = {"tile": kind, **ting_facts(sit, report.waits)}
    main = "ting_kadang" if params["kadang"] else "ting"
    return Reason(main, params, tuple(ting_notes(sit, params, None)))
