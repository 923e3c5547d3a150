"""Time-driven animation as data: tweens with easing, sequences, groups, a speed factor and skip.

A :class:`Tween` moves one value (a number, or a point as a tuple of numbers)
from ``start`` to ``end`` over ``duration`` seconds, optionally writing it to an
attribute of a target object; ``Tween[float]`` and ``Tween[Point]`` say which.
:class:`Sequence` and :class:`Group` combine animations; :class:`Animator` runs
them with a speed factor (the player's setting) and can skip everything to its
end state at once (a click skips).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeVar

from game.settings import AnimationSpeed

Point = tuple[float, ...]
"""A position (or any tuple of numbers) a tween moves."""
V = TypeVar("V", float, Point)
"""What a tween moves: a number or a point."""
Value = float | Point
Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_in_quad(t: float) -> float:
    """Starts slow, ends fast."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Starts fast, settles gently."""
    return 1 - (1 - t) * (1 - t)


def ease_out_cubic(t: float) -> float:
    """Starts fast, settles more gently than quad."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and comes back: a tile landing with a small bounce."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    """A soft, breathing ease for idle motion."""
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: Final[dict[str, Easing]] = {
    "linear": linear,
    "in_quad": ease_in_quad,
    "out_quad": ease_out_quad,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "in_out_sine": ease_in_out_sine,
}
"""Easing functions by name."""

SPEED_FACTORS: Final[dict[AnimationSpeed, float]] = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
"""How many seconds of animation pass per real second, per speed setting (0 means instant)."""


def lerp(a: V, b: V, t: float) -> V:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            raise ValueError("tween start and end tuples differ in length")
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise TypeError("tween start and end must both be numbers or both tuples")
    return a + (b - a) * t


class Animation(Protocol):
    """Anything the animator can run."""

    @property
    def done(self) -> bool:
        """True once the animation has reached its end."""
        ...

    def update(self, dt: float) -> float:
        """Advance by dt seconds; return the time left over after finishing (0 while running)."""
        ...

    def finish(self) -> None:
        """Jump to the end state at once (callbacks still run)."""
        ...


@dataclass
class Tween(Generic[V]):
    """One value moving from start to end; optionally written to ``target.attr`` every step."""

    start: V
    end: V
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    target: object | None = None
    attr: str | None = None
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0, init=False)
    value: V = field(init=False)
    _done: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.value = self.start
        if self.duration < 0 or self.delay < 0:
            raise ValueError("tween duration and delay must not be negative")

    @property
    def done(self) -> bool:
        """True once the end value has been reached."""
        return self._done

    @property
    def progress(self) -> float:
        """0-1 progress through the tween (after its delay), before easing."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> float:
        """Advance; returns leftover time once finished."""
        if self._done:
            return dt
        self.elapsed += dt
        total = self.delay + self.duration
        self._apply(self.easing(self.progress) if self.progress < 1 else 1.0)
        if self.elapsed >= total:
            leftover = self.elapsed - total
            self._complete()
            return leftover
        return 0.0

    def finish(self) -> None:
        """Jump to the end value."""
        if not self._done:
            self.elapsed = self.delay + self.duration
            self._apply(1.0)
            self._complete()

    def _apply(self, eased: float) -> None:
        self.value = lerp(self.start, self.end, eased) if eased < 1 else self.end
        if self.target is not None and self.attr is not None:
            setattr(self.target, self.attr, self.value)

    def _complete(self) -> None:
        self._done = True
        if self.on_done is not None:
            self.on_done()


@dataclass
class Wait:
    """A pause inside a sequence."""

    duration: float
    elapsed: float = field(default=0.0, init=False)

    @property
    def done(self) -> bool:
        """True once the pause is over."""
        return self.elapsed >= self.duration

    def update(self, dt: float) -> float:
        """Advance; returns leftover time once finished."""
        self.elapsed += dt
        return max(0.0, self.elapsed - self.duration) if self.done else 0.0

    def finish(self) -> None:
        """End the pause."""
        self.elapsed = max(self.elapsed, self.duration)


@dataclass
class Call:
    """Runs a function once when reached (e.g. play a sound between two tweens)."""

    fn: Callable[[], None]
    _done: bool = field(default=False, init=False)

    @property
    def done(self) -> bool:
        """True once the function has run."""
        return self._done

    def update(self, dt: float) -> float:
        """Run the function; all of dt is left over."""
        self.finish()
        return dt

    def finish(self) -> None:
        """Run the function if it has not run yet."""
        if not self._done:
            self._done = True
            self.fn()


class Sequence:
    """Animations one after another; time left over by one flows into the next."""

    def __init__(self, steps: Iterable[Animation]) -> None:
        self.steps: list[Animation] = list(steps)
        self.index = 0

    @property
    def done(self) -> bool:
        """True once every step has finished."""
        return self.index >= len(self.steps)

    def update(self, dt: float) -> float:
        """Advance the current step, carrying leftover time onwards."""
        while self.index < len(self.steps):
            leftover = self.steps[self.index].update(dt)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
            dt = leftover
        return dt

    def finish(self) -> None:
        """Finish every remaining step in order."""
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1


class Group:
    """Animations that run at the same time; done when all are."""

    def __init__(self, parts: Iterable[Animation]) -> None:
        self.parts: list[Animation] = list(parts)

    @property
    def done(self) -> bool:
        """True once every part has finished."""
        return all(p.done for p in self.parts)

    def update(self, dt: float) -> float:
        """Advance every part; the leftover is the smallest of theirs."""
        leftovers = [dt if p.done else p.update(dt) for p in self.parts]
        return min(leftovers, default=dt) if self.done else 0.0

    def finish(self) -> None:
        """Finish every part."""
        for p in self.parts:
            p.finish()


class Animator:
    """Runs animations with a speed factor; ``skip`` jumps everything to its end."""

    def __init__(self, speed: AnimationSpeed = "normal") -> None:
        self.running: list[Animation] = []
        self.factor = SPEED_FACTORS[speed]

    def set_speed(self, speed: AnimationSpeed) -> None:
        """Apply the player's animation speed setting; ``off`` finishes everything at once."""
        self.factor = SPEED_FACTORS[speed]
        if self.factor == 0:
            self.skip()

    def add(self, animation: Animation) -> Animation:
        """Start an animation (finished at once when animations are off); returns it."""
        self.running.append(animation)
        if self.factor == 0:
            animation.finish()
            self.running.remove(animation)
        return animation

    def update(self, dt: float) -> None:
        """Advance all running animations by dt real seconds times the speed factor."""
        if self.factor == 0:
            self.skip()
            return
        step = dt * self.factor
        for anim in list(self.running):
            anim.update(step)
        self.running = [a for a in self.running if not a.done]

    def skip(self) -> bool:
        """Finish every running animation now; True if there was anything to skip."""
        had = bool(self.running)
        while self.running:
            batch, self.running = self.running, []
            for anim in batch:
                anim.finish()
        return had

    @property
    def busy(self) -> bool:
        """True while any animation is running."""
        return bool(self.running)


__all__ = [
    "EASINGS",
    "SPEED_FACTORS",
    "Animation",
    "Animator",
    "Call",
    "Group",
    "Point",
    "Sequence",
    "Tween",
    "Wait",
    "lerp",
]
