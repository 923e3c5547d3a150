"""A record of the text a frame draws: where each line went, what it had to fit in, what it covers.

The fonts (:class:`~game.ui.kit.fonts.FontBook`) note every line of text they draw
while a :class:`TextLog` is attached to them (``fonts.log = TextLog()``); the
drawing code names the box a text belongs to with ``fonts.box(rect, name)``.
The fit tests lay every scene out and check the log: no text outside its box
or its surface's clip (cut off), none over another. Nothing is recorded while
no log is attached.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class TextDraw:
    """One line of text as drawn."""

    text: str
    rect: pygame.Rect
    """The line's image where it was put on its surface."""
    ink: pygame.Rect
    """The pixels the glyphs really cover (inside ``rect``)."""
    surface_size: tuple[int, int]
    """The size of the surface drawn on (the screen, or an image composed first)."""
    clip: pygame.Rect
    """The surface's clip area at the time (text outside it is cut off)."""
    box: pygame.Rect | None
    """The box the text belongs in (a plate, a toast, a button ...), if the drawing code named one."""
    box_name: str
    layer: int
    """Which scene of the stack drew it (0 the bottom one)."""


@dataclass
class TextLog:
    """Collects :class:`TextDraw` records while attached to a font book."""

    draws: list[TextDraw] = field(default_factory=list)
    layer: int = 0
    boxes: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    _ink: dict[int, tuple[pygame.Surface, pygame.Rect]] = field(default_factory=dict)
    """Glyph bounds of each image measured, by its id (the image is kept, so the id stays its own)."""

    def add(self, surface: pygame.Surface, text: str, image: pygame.Surface, rect: pygame.Rect) -> None:
        """Note one line of text blitted onto ``surface`` at ``rect``."""
        if not text.strip():
            return
        known = self._ink.get(id(image))
        if known is None:
            boxes = pygame.mask.from_surface(image, 40).get_bounding_rects()
            known = (image, boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0))
            self._ink[id(image)] = known
        ink = known[1]
        box, name = self.boxes[-1] if self.boxes else (None, "")
        self.draws.append(
            TextDraw(
                text,
                pygame.Rect(rect),
                ink.move(rect.x, rect.y),
                surface.get_size(),
                surface.get_clip(),
                None if box is None else pygame.Rect(box),
                name,
                self.layer,
            )
        )

    def clear(self) -> None:
        """Forget what was recorded (the images measured stay known)."""
        self.draws.clear()
        self.boxes.clear()


__all__ = ["TextDraw", "TextLog"]
