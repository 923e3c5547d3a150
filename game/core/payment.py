"""A settlement row as structured data: who pays whom, how much, for what win, and the factors behind it.

:class:`Payment` carries codes only: its ``reason`` (``share``, ``covers`` …), the ``win`` (or kong) its
amount is based on, and its ``basis`` — the :class:`Factor` s that made the amount, each named by a code
(``kadang`` ×2, ``menqing`` under a scheme, the discarder ready or not, an R46 doubling, the R48 cap).
The result screen makes its words from these (``game.ui.words.settlement``), the ``score`` command
prints them.

The log file keeps a payment as it always did — a ``note`` (``"mobao, menqing (flat3), kadang x2"``) and
the ``factors`` codes — so :attr:`Payment.note` and :attr:`Payment.factors` are written from the basis,
and :meth:`Payment.from_record` reads a written payment back into one (the note's grammar is this
module's own: :func:`note_of` and :func:`basis_of` are each other's inverse for every basis the scoring
makes; a part no version wrote is kept as an ``other`` factor, so a file still reads and writes back
unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SEAT_LETTERS: Final = "ESWN"
BASES: Final = frozenset(
    {"ron", "zimo", "mobao", "baozhongbao", "qianggang", "dafeng", "minggang", "angang", "jiagang"}
)
"""What an amount can be based on: a win kind or, for a kong payment, the kong's kind."""
DISCARDER_WORDS: Final = {
    "discarder_ting": "discarder listening",
    "discarder_not_ting": "discarder not listening",
}
"""How the note writes the discarder's state (the log's words, kept as written)."""


@dataclass(frozen=True, slots=True)
class Factor:
    """One named reason behind a payment's amount (its words: the glossary).

    ``name``: ``discarder_ting`` / ``discarder_not_ting`` (a points 点炮: whether the discarder was
    ready), ``menqing`` (a 门清 loser pays more; ``detail`` names the scheme), ``kadang`` (× ``times``),
    an R46 doubling (``doubling``, × 2: ``menqing``, ``discarder``, ``dealer``, ``self_drawn``,
    ``kadang``, ``mobao``, ``baozhongbao``), ``cap`` (封顶 at ``value``), or ``other`` (a part this
    program does not know, kept as written in ``detail``).
    """

    name: str
    times: int = 1
    """The multiplier it applies (1: a fact that sets the amount without multiplying it)."""
    doubling: bool = False
    """One of R46's every-factor-doubles factors (listed in :attr:`Payment.factors`)."""
    value: int | None = None
    """For ``cap``: the amount the share was cut to."""
    detail: str = ""

    def to_dict(self) -> dict[str, object]:
        """JSON form (the ``score`` command): the name and whatever else it says."""
        out: dict[str, object] = {"name": self.name}
        if self.times != 1:
            out["times"] = self.times
        if self.doubling:
            out["doubling"] = True
        if self.value is not None:
            out["value"] = self.value
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True)
class Payment:
    """One row of a settlement: ``payer`` pays ``amount`` to ``payee``.

    ``reason`` is a glossary-style code: ``share`` (the payer's own share),
    ``covers`` (包付: the payer pays ``for_seat``'s share), ``liable`` (the
    dealer's 包牌 after three draws pays ``for_seat``'s share), ``robbed``
    (抢杠 variant: the robbed player pays ``for_seat``'s share), ``kong``
    (Sichuan-style kong points), ``dealer_bonus``, ``kezi_bonus``. ``win`` is
    what the amount is based on (a win kind, a kong kind; empty for a bonus row)
    and ``basis`` the factors that made it.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    for_seat: int | None = None
    win: str = ""
    basis: tuple[Factor, ...] = ()

    @property
    def factors(self) -> tuple[str, ...]:
        """The codes of R46's doublings behind the amount, then ``cap`` when R48's 封顶 cut it."""
        out = [f.name for f in self.basis if f.doubling]
        if any(f.name == "cap" for f in self.basis):
            out.append("cap")
        return tuple(out)

    @property
    def note(self) -> str:
        """The basis as the log writes it (``"ron, discarder not listening, kadang x2"``)."""
        return note_of(self.win, self.basis)

    @classmethod
    def from_record(
        cls,
        payer: int,
        payee: int,
        amount: int,
        reason: str,
        for_seat: int | None = None,
        note: str = "",
        factors: Sequence[str] = (),
    ) -> Payment:
        """A payment as a log file writes it (its note and factor codes) read back into one."""
        win, basis = basis_of(note, factors)
        return cls(payer, payee, amount, reason, for_seat, win, basis)

    def to_dict(self) -> dict[str, object]:
        """JSON form with seat letters, as the ``score`` command prints it."""
        out: dict[str, object] = {
            "payer": SEAT_LETTERS[self.payer],
            "payee": SEAT_LETTERS[self.payee],
            "amount": self.amount,
            "reason": self.reason,
        }
        if self.for_seat is not None:
            out["for"] = SEAT_LETTERS[self.for_seat]
        note = self.note
        if note:
            out["note"] = note
        factors = self.factors
        if factors:
            out["factors"] = list(factors)
        if self.win:
            out["win"] = self.win
        if self.basis:
            out["basis"] = [f.to_dict() for f in self.basis]
        return out


def _part(factor: Factor) -> str:
    """One factor as the note writes it ("" for a cap whose amount is not known)."""
    if factor.name == "other":
        return factor.detail
    if factor.name in DISCARDER_WORDS and not factor.doubling:
        return DISCARDER_WORDS[factor.name]
    if factor.name == "cap":
        return "" if factor.value is None else f"capped at {factor.value}"
    if factor.times != 1:
        return f"{factor.name} x{factor.times}"
    if factor.detail:
        return f"{factor.name} ({factor.detail})"
    return factor.name


def note_of(win: str, basis: Sequence[Factor]) -> str:
    """The note a log writes for a payment based on ``win`` with these factors."""
    return ", ".join(p for p in (win, *(_part(f) for f in basis)) if p)


def _factor(part: str, doublings: Sequence[str]) -> Factor:
    """One part of a note read back (never a win: the caller has read that)."""
    for name, words in DISCARDER_WORDS.items():
        if part == words:
            return Factor(name)
    prefix, _, amount = part.partition("capped at ")
    if not prefix and amount.isdigit():
        return Factor("cap", value=int(amount))
    name, sep, times = part.rpartition(" x")
    if sep and name and times.isdigit() and " " not in name:
        return Factor(name, times=int(times), doubling=name in doublings)
    name, sep, detail = part.partition(" (")
    if sep and detail.endswith(")") and " " not in name:
        return Factor(name, detail=detail[:-1])
    return Factor("other", detail=part)


def basis_of(note: str, factors: Sequence[str] = ()) -> tuple[str, tuple[Factor, ...]]:
    """A written note (and its factor codes) read back: (the win it is based on, the factors)."""
    parts = [p.strip() for p in note.split(",") if p.strip()] if note else []
    win = parts.pop(0) if parts and parts[0] in BASES else ""
    doublings = [f for f in factors if f != "cap"]
    basis = [_factor(part, doublings) for part in parts]
    if "cap" in factors and not any(f.name == "cap" for f in basis):
        basis.append(Factor("cap"))
    return win, tuple(basis)


__all__ = ["BASES", "SEAT_LETTERS", "Factor", "Payment", "basis_of", "note_of"]
