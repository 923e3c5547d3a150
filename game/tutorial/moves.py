"""Moves as a lesson writes them: ``"ting 9m"``, ``"chi 46m"``, ``"S discard drawn"``.

A *pattern* is the person's move without a seat (the person is the lesson's
seat); with no tiles it stands for any such move (``"ting"``: any discard that
declares 听). A *scripted* move names its seat and uses the scenario format of
:mod:`game.scenario`, which also turns either into an engine action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..core.actions import Action, AnGang, Chi, Discard, Gang, JiaGang, Peng
from ..core.errors import HarbinError
from ..core.state import State
from ..core.tiles import TileNotationError, format_kinds, kind_of, parse_kinds
from ..scenario import SEATS, VERBS, ScenarioError, ScriptedAction, parse_action, to_action
from .text import Text

TILE_VERBS = ("discard", "chi", "peng", "gang", "angang", "jiagang")
"""Verbs that name tiles; without tiles a pattern with one of them matches any tiles."""


class MoveError(HarbinError, ValueError):
    """A move a lesson file writes that cannot be read."""


def action_kinds(action: Action) -> tuple[int, ...]:
    """The tile kinds an action names, sorted (own tiles for calls, the tile for a discard)."""
    if isinstance(action, Discard | JiaGang):
        return (kind_of(action.tile),)
    if isinstance(action, Chi | Peng | Gang | AnGang):
        return tuple(sorted(kind_of(t) for t in action.tiles))
    return ()


@dataclass(frozen=True)
class MovePattern:
    """A move the person is asked for (or a known mistake): verb, tiles (None: any) and 听."""

    text: str
    verb: str
    kinds: tuple[int, ...] | None
    ting: bool = False
    drawn: bool = False

    @property
    def concrete(self) -> bool:
        """Whether the pattern names one move (tiles given, or a verb without tiles)."""
        return self.kinds is not None or self.drawn

    def matches(self, state: State, action: Action) -> bool:
        """Whether an action is this move (any copy of the named kinds)."""
        if action.type != self.verb or bool(getattr(action, "ting", False)) != self.ting:
            return False
        if self.drawn:
            return (
                isinstance(action, Discard)
                and state.drawn is not None
                and (kind_of(action.tile) == kind_of(state.drawn))
            )
        return self.kinds is None or action_kinds(action) == tuple(sorted(self.kinds))

    def to_action(self, state: State, seat: int, legal: Sequence[Action]) -> Action | str:
        """The engine action for this move by ``seat``, or why the hand cannot make it."""
        if not self.concrete:
            found = next((a for a in legal if self.matches(state, a)), None)
            return found if found is not None else f"no legal move matches {self.text!r}"
        scripted = ScriptedAction(seat, self.verb, self.kinds or (), self.ting, self.text, self.drawn)
        return to_action(state, scripted)

    def describe(self) -> Text:
        """The move in words, both languages (tile markers inside)."""
        tiles = "{" + format_kinds(self.kinds) + "}" if self.kinds else ""
        zh, en = _WORDS[self.verb]
        if self.verb == "discard" and self.drawn:
            zh, en = "打出刚摸到的牌", "discard the tile you drew"
        elif self.verb == "discard" and not self.kinds:
            zh, en = ("打出一张牌", "discard a tile")
        else:
            zh, en = zh.format(t=tiles), en.format(t=tiles)
        if self.ting:
            zh, en = zh + "并报听", en + " and declare ready"
        return Text(zh, en.strip())


_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "discard": ("打出{t}", "discard {t}"),
        "chi": ("用{t}吃", "chi with {t}"),
        "peng": ("碰{t}", "peng {t}"),
        "gang": ("明杠{t}", "exposed kong of {t}"),
        "angang": ("暗杠{t}", "concealed kong of {t}"),
        "jiagang": ("加杠{t}", "added kong of {t}"),
        "hu": ("胡", "win"),
        "pass": ("过", "pass"),
    }
)


def _four_for_angang(text: str) -> str:
    """``"angang 4p"`` may name its kind once: write the four tiles out for the scenario reader."""
    words = text.split()
    verb_at = 1 if words and words[0].upper() in SEATS and len(words[0]) == 1 else 0
    if len(words) == verb_at + 2 and words[verb_at].lower() == "angang":
        try:
            kinds = parse_kinds(words[-1])
        except TileNotationError:
            return text
        if len(kinds) == 1:
            return " ".join([*words[:-1], format_kinds(kinds * 4)])
    return text


def parse_pattern(text: object, where: str) -> MovePattern:
    """Read a move of the person (no seat): ``"ting 9m"``, ``"chi 46m ting"``, ``"pass"``, ``"ting"``."""
    if not isinstance(text, str) or not text.split():
        raise MoveError(f"{where}: a move is text such as 'discard 9m' or 'chi 46m'")
    words = text.split()
    verb = words[0].lower()
    if verb in SEATS.lower() and len(verb) == 1:
        raise MoveError(f"{where}: {text!r}: the person's moves name no seat")
    if verb not in VERBS:
        raise MoveError(f"{where}: unknown verb {verb!r}; use one of {', '.join(VERBS)}")
    rest = words[1:]
    ting = verb == "ting" or (bool(rest) and rest[-1].lower() == "ting")
    if rest and rest[-1].lower() == "ting":
        rest = rest[:-1]
    base = "discard" if verb == "ting" else verb
    if not rest and base in TILE_VERBS:
        return MovePattern(text, base, None, ting)
    try:
        scripted = parse_action("E " + _four_for_angang(text), where)
    except ScenarioError as exc:
        raise MoveError(str(exc)) from None
    return MovePattern(text, scripted.verb, scripted.kinds, scripted.ting, scripted.drawn)


def parse_scripted(text: object, where: str) -> ScriptedAction:
    """Read a scripted move with its seat, in the scenario format: ``"S discard 5m"``."""
    try:
        return parse_action(_four_for_angang(text) if isinstance(text, str) else text, where)
    except ScenarioError as exc:
        raise MoveError(str(exc)) from None


def pattern_of(scripted: ScriptedAction) -> MovePattern:
    """A scripted move as a pattern (for matching and describing)."""
    return MovePattern(scripted.text, scripted.verb, scripted.kinds, scripted.ting, scripted.drawn)
