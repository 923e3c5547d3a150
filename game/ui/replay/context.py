"""The replay viewer as its parts see it: the narrow interface the strip and the review panel are given, so
neither points back at :class:`~game.ui.replay.viewer.ViewerScene`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.table.viewer import ViewerDriver
    from game.ui.replay.bar import BarMarks
    from game.ui.scene import SceneApp


class ViewerContext(Protocol):
    """What the strip and the review panel read from the viewer that composes them."""

    @property
    def app(self) -> SceneApp:
        """The app (fonts, words, the window's size)."""
        ...

    @property
    def manager(self) -> Any:
        """The scene's pygame_gui UIManager (the widgets are made in it)."""
        ...

    @property
    def scale(self) -> float:
        """The scene's UI scale."""
        ...

    @property
    def panel_images(self) -> dict[tuple[object, ...], pygame.Surface]:
        """The side panels' images, kept from frame to frame (``Panels.panel_images``)."""
        ...

    @property
    def viewer(self) -> ViewerDriver:
        """The replay driver: the log, the position, the seat shown, playing or not, the speed."""
        ...

    @property
    def whatif(self) -> bool:
        """A what-if decision is offered on the table."""
        ...

    @property
    def open_hands(self) -> bool:
        """Every hand is shown face up."""
        ...

    def px(self, value: float) -> int:
        """A length designed at scale 1 in pixels."""
        ...

    def bar_marks(self) -> BarMarks:
        """What the progress bar marks."""
        ...

    def seat_name(self, seat: int) -> str:
        """A seat inside a sentence, named from the seat at the bottom."""
        ...

    def speed_setter(self, speed: float) -> Callable[[], None]:
        """The action of a speed button."""
        ...

    def seat_setter(self, seat: int) -> Callable[[], None]:
        """The action of a seat button (or of "all open")."""
        ...


__all__ = ["ViewerContext"]
