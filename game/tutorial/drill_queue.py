"""Which drill comes next in a practice session: missed ones that are due again first, then fresh ones.

Fresh drills go round the chosen kinds (``make_drill(kind, seed, n)`` with the session's
seed); a drill already waiting in the review queue is not asked fresh as well. Answers
are recorded in the player's :class:`~game.tutorial.progress.Progress` (the review clock
and queue), which the screen saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.tutorial.drills import make_drill
from game.tutorial.progress import Progress


@dataclass(frozen=True)
class Asked:
    """A drill put to the person, and whether it came back from the review queue."""

    drill: dict[str, Any]
    review: bool


class DrillQueue:
    """A practice session over some drill kinds: the next question, the answers recorded."""

    def __init__(self, kinds: Sequence[str], seed: int, progress: Progress) -> None:
        if not kinds:
            raise ValueError("a drill session needs at least one kind")
        self.kinds = tuple(kinds)
        self.seed = seed
        self.progress = progress
        self.fresh = 0
        """Fresh drills asked so far (the next one's number)."""
        self.right = 0
        self.total = 0

    def due(self) -> int:
        """Missed drills of these kinds due again now."""
        return sum(len(self.progress.due(kind)) for kind in self.kinds)

    def waiting(self) -> int:
        """Missed drills of these kinds in the review queue, due or not."""
        return sum(1 for item in self.progress.review if item.kind in self.kinds)

    def next(self) -> Asked:
        """The next question: the longest-waiting due review, else a fresh drill of the next kind."""
        due = sorted((i for k in self.kinds for i in self.progress.due(k)), key=lambda i: i.due)
        if due:
            item = due[0]
            return Asked(make_drill(item.kind, item.seed, item.index), True)
        queued = {item.key for item in self.progress.review}
        while True:
            n = self.fresh
            self.fresh += 1
            kind = self.kinds[n % len(self.kinds)]
            index = n // len(self.kinds)
            if (kind, self.seed, index) not in queued:
                return Asked(make_drill(kind, self.seed, index), False)

    def record(self, drill: dict[str, Any], correct: bool) -> Progress:
        """Count an answer and put it in the progress (a miss joins the review queue)."""
        self.total += 1
        self.right += int(correct)
        self.progress = self.progress.record_answer(drill, correct)
        return self.progress


__all__ = ["Asked", "DrillQueue"]
