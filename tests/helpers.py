"""Test helpers that read like positions: hands in mpsz notation, melds by name, wins by seat letter."""

from __future__ import annotations

from game.core.analysis.ting import MeldShape, TingReport, ting_report
from game.core.rules import RuleSet
from game.core.scoring import WinKind, WinSpec, settle, totals
from game.core.tiles import counts_of, kind_code, parse_kinds

SEATS = "ESWN"


def melds_of(**melds: str) -> tuple[MeldShape, ...]:
    """Melds from keyword form: ``chi="123m", peng="555p"``; repeat a kind with a suffix (``chi2=...``)."""
    out = []
    for key, tiles in melds.items():
        kind = key.rstrip("0123456789")
        out.append(MeldShape(kind, min(parse_kinds(tiles))))  # type: ignore[arg-type]
    return tuple(out)


def report(concealed: str, rules: RuleSet | None = None, **melds: str) -> TingReport:
    """The listen report of a 13-tile hand: concealed tiles plus melds."""
    return ting_report(counts_of(parse_kinds(concealed)), melds_of(**melds), rules or RuleSet())


def waits(rep: TingReport) -> dict[str, bool]:
    """Legal waits as {tile code: 卡当}."""
    return {kind_code(w.kind): w.kadang for w in rep.waits}


def pay(
    kind: WinKind,
    winner: str,
    discarder: str | None = None,
    ting: bool = False,
    kadang: bool = False,
    menqing: str = "",
    rules: RuleSet | None = None,
    dealer: str = "E",
    liable: bool = False,
) -> dict[str, int]:
    """Net payments per seat letter for a described win."""
    spec = WinSpec(
        kind=kind,
        winner=SEATS.index(winner),
        dealer=SEATS.index(dealer),
        discarder=None if discarder is None else SEATS.index(discarder),
        discarder_ting=ting,
        kadang=kadang,
        menqing=frozenset(SEATS.index(s) for s in menqing),
        dealer_liable=liable,
    )
    net = totals(settle(spec, rules or RuleSet()))
    return {SEATS[i]: net[i] for i in range(4)}


def seats(text: str) -> dict[str, int]:
    """Payments written as in rule_cases.md: ``"E -2 S +6 W -2 N -2"``."""
    words = text.replace("·", " ").replace("−", "-").split()
    out = {s: 0 for s in SEATS}
    for seat, amount in zip(words[::2], words[1::2], strict=True):
        out[seat] = int(amount)
    return out
