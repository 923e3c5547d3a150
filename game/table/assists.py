"""The table's helpers that act for the person, as players of other clients expect them: auto win, skip
calls and auto-discard. Each is off by default; the settings remember them.

:func:`assist_action` is the move a helper makes at a decision, or None when the
person decides. It only ever picks one of the decision's legal actions:

- **auto win** (自动胡): every win offered is taken at once. Under 有胡必胡 (the
  standard rules) a win cannot be passed anyway, so this only saves pressing H;
  with "must win" off it also never lets a win go by.
- **skip calls** (不吃碰): another player's discard that could only be taken for
  吃, 碰 or 杠 is passed at once. When it could win (胡) or be taken declaring ready
  (吃听, 碰听), the person is asked as usual.
- **auto-discard** (自动摸切): on the person's turn the drawn tile is thrown at
  once, unless they could win, make a kong or declare ready (听) now. A ready
  (locked) hand already throws a draw that does not win by itself (the rules).

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng

from .menu import ActionMenu


@dataclass(frozen=True)
class Assists:
    """Which helpers are on."""

    auto_win: bool = False
    skip_calls: bool = False
    auto_discard: bool = False

    @property
    def any(self) -> bool:
        """Some helper is on."""
        return self.auto_win or self.skip_calls or self.auto_discard


def _declares_ready(action: Action) -> bool:
    """A call or discard that declares 听 (吃听, 碰听, 杠听, a 听 discard)."""
    return bool(getattr(action, "ting", False))


def assist_action(menu: ActionMenu, assists: Assists) -> Action | None:
    """The move a helper makes at this decision (see the module docstring), or None: the person decides."""
    legal = menu.legal
    if not legal:
        return None
    if any(isinstance(a, Hu) for a in legal):
        return Hu() if assists.auto_win else None
    seen = menu.view
    if assists.skip_calls and seen.phase == "claim" and any(isinstance(a, Pass) for a in legal):
        calls = [a for a in legal if not isinstance(a, Pass)]
        if calls and all(isinstance(a, Chi | Peng | Gang) and not _declares_ready(a) for a in calls):
            return Pass()
    if (
        assists.auto_discard
        and seen.phase == "discard"
        and seen.turn == seen.seat
        and seen.drawn is not None
        and not menu.must_ting
        and not menu.ting_options
        and not any(isinstance(a, AnGang | JiaGang | Gang) for a in legal)
        and seen.drawn in menu.discardable
    ):
        return Discard(seen.drawn)
    return None


__all__ = ["Assists", "assist_action"]
