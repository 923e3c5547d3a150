"""The hints audit: replays self-play and checks every fact each reason states against the position.

``harbin-mahjong hints audit --seeds A-B [--level LEVEL] --json`` plays one hand
per seed with four players of a level; at every decision it takes the reason
the player gave and every reason of the level's hint ranking, and checks each
claim with code of its own — the engine's rule analysis (Harbin shanten,
legal waits and 卡当 from :mod:`game.core.analysis`), the seat's view for
unseen copies, the event log for what was discarded after each 听, and the
hidden state for the truth (a "sure-safe" tile must not be any ready seat's
wait). Nothing here uses the AI's situation digest, hand memo or wait model.

A claim is one checked fact (a step count, a count of tiles, a 幺九, a seat
named, a tile said to be safer …). ``false_claims`` counts the ones that do
not hold, by kind; ``examples`` shows a few. Risk estimates are the AI's
model and are not checked as numbers, only for consistency (a tile given a
risk is not sure-safe; a tile called safer has the lower stated risk).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action, Chi, Gang, Peng
from ..core.analysis.shanten import harbin_ukeire, rules_context, rules_shanten
from ..core.analysis.ting import MeldShape, is_open, ting_report
from ..core.claims import discard_claimable
from ..core.events import Event, TileDiscarded, TingDeclared
from ..core.rules import RuleSet
from ..core.state import State, apply, initial_state
from ..core.tiles import NUM_KINDS
from ..core.view import SeatView, view
from .base import Decision, Player, Reason
from .hand import call_meld
from .selfplay import play_match

Tamper = Callable[[Reason, SeatView, Sequence[Action]], Reason]
"""A test hook: changes a reason before it is checked (to see a planted false claim caught)."""

MAX_EXAMPLES = 20


@dataclass
class AuditReport:
    """What the audit found: decisions seen, claims checked, false claims by kind, a few examples."""

    decisions: int = 0
    claims_checked: int = 0
    false_claims: Counter[str] = field(default_factory=Counter)
    examples: list[dict[str, Any]] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    """Reasons and notes checked, by kind (notes as ``note.<kind>``)."""

    def to_json(self) -> dict[str, Any]:
        """The report as the command line prints it."""
        return {
            "decisions": self.decisions,
            "claims_checked": self.claims_checked,
            "false_claims": dict(sorted(self.false_claims.items())),
            "kinds_checked": dict(sorted(self.kinds.items())),
            "examples": self.examples,
        }


class _Log:
    """The events so far folded into the true state, and every discard (when, which kind, winnable)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.count = 0
        self.ting_at: dict[int, int] = {}
        self.discards: list[tuple[int, int, bool]] = []
        """(event number, kind, could be won on) of every discard this hand."""

    def add(self, events: Iterable[Event]) -> None:
        for ev in events:
            if self.state is None:
                self.state = initial_state(ev)  # type: ignore[arg-type]
            else:
                if isinstance(ev, TileDiscarded):
                    self.discards.append((self.count, ev.tile >> 2, True))
                before = self.state
                self.state = apply(self.state, ev)
                if isinstance(ev, TileDiscarded):
                    n, k, _ = self.discards[-1]
                    self.discards[-1] = (n, k, discard_claimable(before))
                if isinstance(ev, TingDeclared):
                    self.ting_at[ev.seat] = self.count
                if ev.type == "round_started":
                    self.ting_at.clear()
                    self.discards.clear()
            self.count += 1

    def passed_after_ting(self, ting_seat: int) -> set[int]:
        """Kinds discarded (claimable) after the ready seat's 听 and passed: not the discard still being
        claimed (a ready seat may yet win on it)."""
        start = self.ting_at.get(ting_seat)
        if start is None:
            return set()
        pending = self.state is not None and self.state.phase == "claim"
        done = self.discards[:-1] if pending else self.discards
        return {k for n, k, ok in done if n > start and ok}


class _Position:
    """One decision seen by the audit: the true state, the seat, and the facts it recomputes on demand."""

    def __init__(self, log: _Log, seat: int, legal: Sequence[Action]) -> None:
        assert log.state is not None
        self.state = state = log.state
        self.seat = seat
        self.legal = legal
        self.rules: RuleSet = state.rules
        self.view = view(state, seat)
        self.counts = state.counts(seat)
        self.melds = state.meld_shapes(seat)
        self.closed = not is_open(self.melds, self.rules)
        self.ready = [s for s in range(4) if s != seat and state.ting[s]]
        rules = self.rules
        proof = rules.must_hu and not rules.only_zimo
        passed = [log.passed_after_ting(o) if proof else set() for o in self.ready]
        self.sure = set.intersection(*passed) if passed else set()
        self.passed = dict(zip(self.ready, passed, strict=True))
        """Per ready seat: the kinds passed after its 听 (sure-safe against it)."""
        self.waits = {k for o in self.ready for k in (w.kind for w in state.waits[o])}

    # --- hand facts from the engine's analysis
    def steps(self, counts: Sequence[int], melds: Sequence[MeldShape], relax: str = "") -> int:
        return rules_shanten(counts, [(m.kind, m.first) for m in melds], self.rules, relax)

    def improving(self, counts: Sequence[int], melds: Sequence[MeldShape]) -> tuple[int, tuple[int, ...]]:
        return harbin_ukeire(counts, rules_context([(m.kind, m.first) for m in melds], self.rules))

    def unseen(self, kind: int) -> int:
        return self.view.unseen_copies(kind)

    def accept(self, counts: Sequence[int], melds: Sequence[MeldShape]) -> int:
        return sum(self.unseen(k) for k in self.improving(counts, melds)[1])

    def without(self, *kinds: int) -> list[int]:
        counts = list(self.counts)
        for k in kinds:
            counts[k] -= 1
        return counts

    def accept_after_one(self, counts: list[int], melds: Sequence[MeldShape]) -> int | None:
        steps, kinds = self.improving(counts, melds)
        total = weight = 0
        for k in kinds:
            u = self.unseen(k)
            if not u:
                continue
            counts[k] += 1
            best = 0
            for d in range(NUM_KINDS):
                if d == k or not counts[d]:
                    continue
                counts[d] -= 1
                s2, kinds2 = self.improving(counts, melds)
                if s2 == steps - 1:
                    best = max(best, sum(self.unseen(j) - (j == k) for j in kinds2))
                counts[d] += 1
            counts[k] -= 1
            total += u * best
            weight += u
        return round(total / weight) if weight else None

    def after_call(self, action: Chi | Peng | Gang) -> tuple[list[int], tuple[MeldShape, ...]]:
        """The concealed counts and melds once the call is made (before its discard)."""
        tile = self.view.last_discard
        assert tile is not None
        used = [t >> 2 for t in action.tiles]
        counts = self.without(*used)
        kind = tile >> 2
        return counts, (*self.melds, call_meld(action.type, used, kind))

    def waits_after(self, counts13: Sequence[int], melds: Sequence[MeldShape]) -> dict[str, Any]:
        rep = ting_report(counts13, melds, self.rules)
        waits = rep.waits
        return {
            "waits": [w.kind for w in waits],
            "live": sum(self.unseen(w.kind) for w in waits),
            "kadang": len(waits) == 1 and waits[0].kadang,
            "allowed": rep.ting_allowed,
        }

    def seats_param(self) -> list[list[int]]:
        d = self.state.dealer
        return [[(s - d) % 4, (s - self.seat) % 4, s] for s in self.ready]


class _Checker:
    """Checks the claims of reasons at one position and counts them into the report."""

    def __init__(self, report: AuditReport, pos: _Position, where: dict[str, Any]) -> None:
        self.report = report
        self.pos = pos
        self.where = where
        self.reason: Reason | None = None
        self.best = False
        """The reason checked explains the level's chosen move (not a lower-ranked hint): set by the
        audit for the decision's own reason and the hint ranking's first."""

    def claim(self, name: str, ok: bool, detail: str = "") -> None:
        self.report.claims_checked += 1
        if ok:
            return
        self.report.false_claims[name] += 1
        if len(self.report.examples) < MAX_EXAMPLES:
            r = self.reason
            self.report.examples.append(
                {**self.where, "claim": name, "detail": detail, "reason": r.kind if r else None,
                 "params": _plain(r.params) if r else None, "notes": [n.kind for n in r.notes] if r else []}
            )  # fmt: skip

    def check(self, reason: Reason, action: Action | None) -> None:
        """Every claim of one reason (its parameters and notes) for the action it explains."""
        self.reason = reason
        self.report.kinds[reason.kind] += 1
        for note in reason.notes:
            self.report.kinds["note." + note.kind] += 1
        from .audit_claims import check_reason

        check_reason(self, reason, action)


def _plain(params: Any) -> Any:
    if isinstance(params, dict):
        return {k: _plain(v) for k, v in params.items()}
    if isinstance(params, list | tuple):
        return [_plain(v) for v in params]
    return params


class _Auditor:
    """Plays like the level and audits its reason and its hint ranking at every decision."""

    def __init__(
        self, inner: Player, log: _Log, report: AuditReport, seed: int, advisor: Any, tamper: Tamper | None
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.log = log
        self.report = report
        self.seed = seed
        self.advisor = advisor
        self.tamper = tamper

    def decide(self, seat_view: SeatView, legal: Sequence[Action]) -> Decision:
        d = self.inner.decide(seat_view, legal)
        pos = _Position(self.log, seat_view.seat, legal)
        self.report.decisions += 1
        where = {"seed": self.seed, "seat": seat_view.seat, "action": d.action.describe()}
        checker = _Checker(self.report, pos, where)
        reasons: list[tuple[Reason, Action]] = [(d.reason, d.action)]
        if self.advisor is not None and len(legal) > 1:
            reasons += [(h.reason, h.action) for h in self.advisor.rank(seat_view, legal)]
        for i, (reason, action) in enumerate(reasons):
            if self.tamper is not None:
                reason = self.tamper(reason, seat_view, legal)
            checker.where = {**where, "action": action.describe()}
            checker.best = i <= 1  # the decision's own reason and the hint ranking's first
            checker.check(reason, action)
        return d


def run_audit(
    seeds: range, level: str = "expert", rules: RuleSet | None = None, tamper: Tamper | None = None
) -> AuditReport:
    """Audit the reasons of four ``level`` players over one hand per seed (and the level's hints)."""
    from .advisor import Advisor
    from .registry import LEVELS, make_player

    rules = rules or RuleSet()
    report = AuditReport()
    for seed in seeds:
        log = _Log()
        advisor = Advisor(level) if level in LEVELS else None
        players = [
            _Auditor(make_player(level, 4 * seed + i), log, report, seed, advisor, tamper) for i in range(4)
        ]
        play_match(players, seed, rules, hands=1, on_events=log.add)
    return report


__all__ = ["AuditReport", "Tamper", "run_audit"]
