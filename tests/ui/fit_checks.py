"""Fit checks for a laid-out scene: widgets on screen, not overlapping, labels not cut; every text the
scene drew through its :class:`~game.ui.kit.textfit.TextLog` inside its box, on screen, and over no other
text or widget."""

from __future__ import annotations

import itertools
from typing import Any

import pygame


def layout_problems(scene: Any, size: tuple[int, int], log: Any = None) -> list[str]:
    """Everything wrong with how ``scene`` (its ``manager`` and ``text`` log, or ``log``) was last drawn."""
    from pygame_gui.core import UIContainer
    from pygame_gui.elements import UIButton

    screen = pygame.Rect((0, 0), size)
    widgets = [
        e for e in scene.manager.get_root_container().elements if not isinstance(e, UIContainer) and e.visible
    ]
    out = [f"{w} at {w.rect} is off screen" for w in widgets if not screen.contains(w.rect)]
    out += [
        f"{a.rect} overlaps {b.rect}"
        for a, b in itertools.combinations(widgets, 2)
        if a.rect.colliderect(b.rect)
    ]
    for w in widgets:
        if isinstance(w, UIButton) and w.text and w.font.size(w.text)[0] > w.rect.w - 4:
            out.append(f"label {w.text!r} cut in {w.rect.w}px")
    labels = [(getattr(w, "text", "") or type(w).__name__, w.rect) for w in widgets]
    log = scene.text if log is None else log
    out += log.problems(labels)
    out += [f"{d.text!r} off screen" for d in log.items if d.rect.w and not screen.contains(d.rect)]
    return out


__all__ = ["layout_problems"]
