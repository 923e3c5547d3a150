"""Frame pacing: draw at full rate while something moves or the player acts, sleep while the screen rests.

A table waiting for the player does not change by itself, so redrawing it 60 times a second only burns
a core. :class:`FramePacer` keeps the app's loop at full rate while input arrives, a visible screen says
it moves (an animation, events still to show, a fading toast), or a screen opened or closed, and for
:data:`HOLD_S` after the last of these (a hover's tooltip, the frame that settles an animation). Then
the screen is *at rest*: nothing is drawn or flipped until the next input or change, and the loop sleeps
(looking for input every frame's length) up to :data:`REST_POLL_S` between updates, so timers (an AI's
move, a result's pause) still run.

Time is the sum of the frames' ``dt`` (the app's own clock), so tests step it without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

HOLD_S: Final = 1.5
"""How long the loop stays at full rate after the last input or movement (a hovered button shows its
tooltip after a second)."""
REST_POLL_S: Final = 0.1
"""At rest, the longest wait for input between two updates (the screen's timers run this often)."""


@dataclass
class FramePacer:
    """Decides, frame by frame, whether to draw (see the module docstring)."""

    hold_s: float = HOLD_S
    rest_poll_s: float = REST_POLL_S
    clock: float = 0.0
    """Seconds of frames stepped so far."""
    active_until: float = field(init=False)
    """Until when frames are drawn though nothing moves (starts active: the first frames are drawn)."""
    drawn: int = 0
    """Frames drawn so far."""
    rested: int = 0
    """Frames stepped at rest (updated, not drawn)."""

    def __post_init__(self) -> None:
        self.active_until = self.clock + self.hold_s

    def frame(self, dt: float, *, acted: bool, moving: bool) -> bool:
        """Advance by ``dt``; True when this frame is to be drawn: input arrived (``acted``), something
        moves, or either did less than ``hold_s`` ago."""
        self.clock += dt
        if acted or moving:
            self.active_until = self.clock + self.hold_s
        if self.clock <= self.active_until:
            self.drawn += 1
            return True
        self.rested += 1
        return False

    def wake(self) -> None:
        """Something outside the frames changed (the window was resized or uncovered): draw again."""
        self.active_until = self.clock + self.hold_s

    @property
    def at_rest(self) -> bool:
        """Whether the last frame was not drawn: the loop may wait for input before the next."""
        return self.clock > self.active_until


__all__ = ["HOLD_S", "REST_POLL_S", "FramePacer"]
