"""The action menu: what one seat may do at the table now, as the claim bar and the hand offer it.

:class:`ActionMenu` is computed from (state, seat) alone and asking it changes
nothing: the legal actions behind each claim-bar button (吃 碰 杠 听 胡 过; several
吃 or 杠 are choices), the reason each greyed button gives, the tiles the seat may
discard (plainly, or declaring 听) and what each 听 discard would then wait on.
Every "may I, and if not why?" is the engine's answer
(:func:`game.core.engine.explain`, :func:`game.core.legal.discard_tiles`); this
module only groups the answers the way the table shows them. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from types import MappingProxyType
from typing import Final

from game.core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from game.core.analysis.ting import TingReport
from game.core.engine import explain
from game.core.legal import Duty, discard_tiles, duty, legal_actions
from game.core.state import State
from game.core.tiles import kind_of
from game.core.view import SeatView, view
from game.core.zhidui import LockChoice, lock_choices

from .figures import ting_reports

CLAIM_BUTTONS: Final = ("chi", "peng", "gang", "ting", "hu", "pass")
"""The claim bar's buttons, in display order."""


def button_of(action: Action) -> str:
    """The claim-bar button of an action: chi, peng, gang, ting, hu, pass (a plain discard: ``discard``)."""
    if isinstance(action, Discard):
        return "ting" if action.ting else "discard"
    if isinstance(action, Chi | Peng | Gang) and action.ting:
        return "ting"
    if isinstance(action, Chi | Peng):
        return action.type
    if isinstance(action, Gang | AnGang | JiaGang):
        return "gang"
    return action.type


class ActionMenu:
    """What ``seat`` may do in ``state`` (see the module docstring)."""

    def __init__(self, state: State, seat: int, legal: Sequence[Action] | None = None) -> None:
        """The menu of a seat; ``legal`` may pass ``legal_actions(state, seat)`` when the caller has it."""
        self.state = state
        self.seat = seat
        self.legal: tuple[Action, ...] = tuple(legal_actions(state, seat) if legal is None else legal)

    @property
    def token(self) -> int:
        """The number of events the state holds: a menu is stale once the log has grown past it."""
        return self.state.events_applied

    @property
    def waiting(self) -> bool:
        """The table waits for this seat (it has something to choose)."""
        return bool(self.legal)

    @cached_property
    def duty(self) -> Duty | None:
        """What the seat's move must be, where the rules bind it (the engine's answer): ``declare_ting``
        after a 吃听/碰听."""
        return duty(self.state, self.seat)

    @property
    def must_ting(self) -> bool:
        """After a 吃听/碰听 the seat's discard must declare 听."""
        return self.duty == "declare_ting"

    @cached_property
    def view(self) -> SeatView:
        """What the seat may know now."""
        return view(self.state, self.seat)

    # ------------------------------------------------------------------ the claim bar
    @cached_property
    def buttons(self) -> Mapping[str, tuple[Action, ...]]:
        """The legal actions behind each claim-bar button (empty: the button is greyed).

        For a locked (听) hand whose draw could win, 过 is throwing the drawn tile.
        """
        out: dict[str, list[Action]] = {name: [] for name in CLAIM_BUTTONS}
        for action in self.legal:
            name = button_of(action)
            if name in out:
                out[name].append(action)
        if not out["pass"] and self.state.ting[self.seat] and out["hu"]:
            out["pass"] = [a for a in self.legal if isinstance(a, Discard) and not a.ting]
        return MappingProxyType({name: tuple(actions) for name, actions in out.items()})

    @cached_property
    def reasons(self) -> Mapping[str, Refusal]:
        """For each greyed button, the engine's reason (what pressing it says)."""
        out: dict[str, Refusal] = {}
        for name in CLAIM_BUTTONS:
            if not self.buttons[name]:
                refusal = self.explain(self._representative(name))
                if refusal is not None:
                    out[name] = refusal
        return MappingProxyType(out)

    def reason(self, name: str) -> Refusal | None:
        """Why a button is greyed (None if it is not)."""
        return self.reasons.get(name)

    def _representative(self, name: str) -> Action:
        """An action of a button's kind to ask the engine about when the button is greyed.

        听 on the seat's turn asks about the discard that comes closest to a legal 听 (fewest blockers).
        """
        seen = self.view
        if name == "ting":
            if seen.phase != "discard" or seen.turn != self.seat:
                return Chi((), ting=True)  # 吃听/碰听 on someone else's discard
            reports = ting_reports(seen)
            if reports:
                kind = min(reports, key=lambda k: (len(reports[k].blockers), reports[k].shanten, k))
                tile = next(t for t in seen.hand if kind_of(t) == kind)
                return Discard(tile, ting=True)
            return Discard(seen.hand[0] if seen.hand else 0, ting=True)
        if name in ("chi", "peng", "gang"):
            discard = seen.last_discard
            own: tuple[int, ...] = ()
            if discard is not None and name != "chi":
                same = tuple(t for t in seen.hand if kind_of(t) == kind_of(discard))
                own = same[: (3 if name == "gang" else 2)]
            if name == "chi":
                return Chi(own)
            return Peng(own) if name == "peng" else Gang(own)
        if name == "hu":
            return Hu()
        return Pass()

    # ------------------------------------------------------------------ the hand
    @cached_property
    def discardable(self) -> frozenset[int]:
        """Tile ids the seat may throw now without declaring 听 (a locked hand: only its draw)."""
        return discard_tiles(self.state, self.seat, False, self.legal)

    @cached_property
    def ting_discardable(self) -> frozenset[int]:
        """Tile ids the seat may throw now declaring 听."""
        return discard_tiles(self.state, self.seat, True, self.legal)

    @cached_property
    def ting_options(self) -> Mapping[int, TingReport]:
        """Each kind the seat may discard declaring 听, with what the hand then waits on."""
        allowed = {kind_of(t) for t in self.ting_discardable}
        if not allowed:
            return MappingProxyType({})
        return MappingProxyType({k: r for k, r in ting_reports(self.view).items() if k in allowed})

    def lock_choices(self, tile: int) -> list[LockChoice]:
        """The 支对 ways to declare 听 by throwing ``tile`` (no lock, each pair; empty: no lock offered)."""
        return lock_choices(self.state, self.seat, tile, self.legal)

    # ------------------------------------------------------------------ why not
    def explain(self, action: Action) -> Refusal | None:
        """None if the seat may play ``action`` now, else the engine's reason."""
        return explain(self.state, self.seat, action, list(self.legal))

    def why_not_discard(self, tile: int, ting: bool = False) -> Refusal | None:
        """Why the seat may not throw ``tile`` now (declaring 听 with ``ting``); None if it may."""
        return self.explain(Discard(tile, ting=ting))


__all__ = ["CLAIM_BUTTONS", "ActionMenu", "button_of"]
