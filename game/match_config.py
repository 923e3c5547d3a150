"""What a new match is: the three opponents' levels, the rules (and the preset they came from), the
length and the seed.

One type for every place that starts or remembers a match: the new-game screen
makes one, the settings remember the last one (without its seed), the match
host starts from one, the command line and the tools build one. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.rules import PRESETS, STANDARD, RuleSet

DEFAULT_LEVELS: tuple[str, str, str] = ("normal", "normal", "normal")


@dataclass(frozen=True)
class MatchConfig:
    """A match to start: AI levels of 下家, 对家 and 上家, rules, length in hands, seed and preset name."""

    levels: tuple[str, str, str] = DEFAULT_LEVELS
    """AI level keys (``novice`` ... ``expert``) of seats 1-3."""
    rules: RuleSet = field(default=STANDARD)
    hands: int = 8
    """Match length in hands."""
    seed: int | None = None
    """None lets the host pick one."""
    preset: str = "standard"
    """Name of the rule preset in ``game.core.rules.PRESETS`` the rules came from (shown to the player)."""
    autoplay: str | None = None
    """The AI level that plays the person's seat from the start (``--autoplay``): the log names that
    level for seat 0 and says autoplay played it; None: a person plays."""

    @classmethod
    def from_preset(
        cls, levels: tuple[str, str, str], preset: str, hands: int, seed: int | None = None
    ) -> MatchConfig:
        """A match under a named rule preset (KeyError for an unknown name)."""
        return cls(levels, PRESETS[preset], hands, seed, preset)

    def setup_dict(self) -> dict[str, Any]:
        """The part the settings remember for the next match: levels, preset and length (not the seed)."""
        return {"levels": list(self.levels), "preset": self.preset, "hands": self.hands}


__all__ = ["DEFAULT_LEVELS", "MatchConfig"]
