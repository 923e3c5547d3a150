"""The hint levels (F1 at the table, Hints in Settings): what each level shows, in one table.

The settings file keeps a level's number; the settings check, the F1 key, the settings screen and the
table's parts (the info panel, the claim bar, the discard badges, the reason line) ask this table what
the level shows. A new level is one row here and its label (``settings.hints.N``) in the words table,
plus the code that shows the new thing and reads its flag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class HintLevel:
    """One hint level and what the table shows at it."""

    name: str
    """A short name for logs and tests (the label the player reads is in the words table)."""
    waits: bool
    """How far the hand is from ready, which discards declare 听 and the waits of each."""
    ranking: bool
    """The advisor's best discards as badges on the tiles, and its claim-bar choice."""
    reason: bool
    """The advisor's reason for its first choice, in words."""


HINT_LEVELS: Final[tuple[HintLevel, ...]] = (
    HintLevel("off", waits=False, ranking=False, reason=False),
    HintLevel("waits", waits=True, ranking=False, reason=False),
    HintLevel("ranking", waits=True, ranking=True, reason=False),
    HintLevel("reasons", waits=True, ranking=True, reason=True),
)
"""Every hint level, by its number (0 is off; each level shows what the one before it shows, and more)."""


def hint_level(number: int) -> HintLevel:
    """The level a settings number names (a number out of range is the nearest level)."""
    return HINT_LEVELS[max(0, min(number, len(HINT_LEVELS) - 1))]


def next_hint_level(number: int) -> int:
    """The level F1 goes to from ``number``: the next one, after the last back to off."""
    return (number + 1) % len(HINT_LEVELS)
