"""The table scene as its parts see it: the narrow interfaces the controls, the claim bar, the tools, the
overlays, the panels, the motion, 托管 and the input are given, so none of them points back at
:class:`~game.ui.table.scene.TableScene` (or a lesson's or the viewer's table).

- :class:`TableContext` — what every part reads: the app, the driver and its capabilities, the view shown,
  its picture and layout, the clock, the widgets' manager, sizes, small tiles and the table's words;
- :class:`Messages` — the message over the hand (the toast), for the parts that say something.

The parts get each other explicitly when the scene composes them (each part's constructor names the
siblings it works with), in one order: overlays, controls (with the claim bar), motion, tools, 托管,
panels, input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.ui.kit.theme import COLOURS, RGB

if TYPE_CHECKING:
    import pygame

    from game.core.actions import Refusal
    from game.core.view import SeatView
    from game.table.driver import AiSeats, Entrusting, TableDriver
    from game.table.frame import TableFrame
    from game.ui.kit.tileart import TileState
    from game.ui.scene import SceneApp
    from game.ui.table.layout import TableLayout
    from game.ui.table.render import TableRenderer


class TableContext(Protocol):
    """What the table's parts read from the scene that composes them (see the module docstring)."""

    @property
    def app(self) -> SceneApp:
        """The app (fonts, tiles, settings, the way to other screens)."""
        ...

    @property
    def driver(self) -> TableDriver:
        """What drives the table (a live match, a replay, a lesson)."""
        ...

    @property
    def ai_seats(self) -> AiSeats | None:
        """The driver's AI seats, if it has any."""
        ...

    @property
    def entrusting(self) -> Entrusting | None:
        """The driver's 托管, if the person's seat can be handed to an AI."""
        ...

    @property
    def shows_log(self) -> bool:
        """The left column lists the hand so far (a live match; the viewer while its review is off)."""
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
    def clock(self) -> float:
        """The table's clock (seconds since it opened)."""
        ...

    @property
    def shown(self) -> SeatView:
        """The view the table shows (the driver's cursor, as the seat at the bottom sees it)."""
        ...

    @property
    def frame(self) -> TableFrame:
        """The picture drawn now, with the hand's tile ids."""
        ...

    @property
    def layout(self) -> TableLayout:
        """Where everything of the picture stands in the window."""
        ...

    @property
    def renderer(self) -> TableRenderer:
        """The table's renderer (its panel surfaces are shared)."""
        ...

    @property
    def busy(self) -> bool:
        """An animation plays or the driver has events still to show."""
        ...

    def px(self, value: float) -> int:
        """A length designed at scale 1 in pixels."""
        ...

    def text_px(self, value: float) -> int:
        """A text size designed at scale 1 in pixels, never under the 12 px a player can read."""
        ...

    def mini_width(self) -> int:
        """Face width of the small tiles in panels and bubbles."""
        ...

    def mini(self, kind: int | None, width: int | None = None, state: TileState = "normal") -> pygame.Surface:
        """A small tile for the panels, bubbles and choices."""
        ...

    def seat_name(self, seat: int) -> str:
        """How a seat (relative to the one at the bottom) is called at this table."""
        ...

    def tile_word(self, kind: int) -> str:
        """A tile's name in the player's language."""
        ...

    def refusal_text(self, refusal: Refusal) -> str:
        """A refusal in the player's language."""
        ...

    def mark_dirty(self) -> None:
        """The picture must be rebuilt before it is next drawn."""
        ...


class Messages(Protocol):
    """The message over the hand (:class:`~game.ui.table.overlays.Overlays`), for the parts that speak."""

    def say(self, text: str, tiles: tuple[int, ...] = (), colour: RGB = COLOURS.ting) -> None:
        """Show a message for a few seconds, outlining some of the person's tiles."""
        ...

    def why_not(self, refusal: Refusal) -> None:
        """Say why an action is not allowed (offering the lesson that explains it)."""
        ...

    def say_whose_move(self, text: str) -> None:
        """Say whose move it is, until the next move is shown."""
        ...

    def hush(self) -> None:
        """Take the message down."""
        ...


__all__ = ["Messages", "TableContext"]
