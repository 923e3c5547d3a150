"""Input harness for scene tests: real pygame events posted to the queue, then real frames stepped."""

from __future__ import annotations

from concurrent.futures import wait
from typing import Any

import pygame

HANG = 120.0
"""Seconds after which waiting for a worker thread means it hangs (a slow machine never gets there)."""


def step(app: Any, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run whole frames of the app (events, update, draw) without waiting for the clock."""
    for _ in range(frames):
        app.step(dt)


def click(app: Any, pos: tuple[int, int], button: int = 1, frames: int = 3) -> None:
    """Post a mouse press and release at pos and run frames so the scene sees pygame_gui's events."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, frames)


def click_widget(app: Any, widget: Any, frames: int = 3) -> None:
    """Click the centre of a pygame_gui element."""
    click(app, widget.rect.center, frames=frames)


def key(app: Any, key_code: int, mod: int = 0, frames: int = 2) -> None:
    """Post a key press and release and run frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0))
    step(app, frames)


def wheel(app: Any, y: int, frames: int = 1) -> None:
    """Post a mouse-wheel movement (positive scrolls up)."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
    )
    step(app, frames)


def wait_for_ai(scene: Any, timeout: float = HANG) -> None:
    """Wait until the scene's AI worker has answered what it was asked (an AI seat's move, the hints),
    so that the next frame can take the answer: tests wait for the work, never for a time."""
    runner = getattr(scene, "ai", None)
    pending = [f for f in (getattr(runner, "future", None), getattr(runner, "hint_future", None)) if f]
    if pending:
        done, _ = wait(pending, timeout)
        assert len(done) == len(pending), f"the AI worker did not answer within {timeout:.0f} s"


def record_text(app: Any) -> list[str]:
    """Every string the app's fonts render from now on, in order (the list fills as frames are drawn)."""
    drawn: list[str] = []
    render = app.fonts.render

    def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return render(text, *args, **kwargs)

    app.fonts.render = recording
    return drawn
