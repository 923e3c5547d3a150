"""A preview of the table with demonstration data: hover, select and discard tiles from your hand.

It is not a game (no rules engine behind it): it exercises the renderer, the
layout's hit-testing and a discard animation, and is opened with
``--scene table-demo``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.table.picture import RiverTile, TablePicture, demo_picture
from game.ui.kit.anim import Animator, Point, Tween, ease_out_cubic
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_wrapped
from game.ui.scene import Scene
from game.ui.table.layout import TableLayout, TileSlot
from game.ui.table.render import HandUI, TableRenderer

if TYPE_CHECKING:
    from game.ui.scene import SceneApp


class TableDemoScene(Scene):
    """The demo table picture, interactive: hover lifts a tile, click selects, click again discards."""

    name = "table-demo"

    def __init__(self, app: SceneApp, picture: TablePicture | None = None) -> None:
        super().__init__(app)
        self.picture = picture if picture is not None else demo_picture(app.lang)
        self.renderer = TableRenderer(app.fonts, app.tiles, app.backdrop)
        self.hover: int | None = None
        self.selected: int | None = None
        self.clock = 0.0
        self.animator = Animator(app.settings.animation_speed)
        self.flying: tuple[int | None, int, tuple[float, float]] | None = None
        """(kind, face width, position) of a tile on its way to the river."""
        self.discards = 0
        self._tween: Tween[Point] | None = None

    @property
    def layout(self) -> TableLayout:
        """The layout for the current window and picture."""
        return self.renderer.layout(self.app.size, self.picture, self.app.settings.ui_scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse: hover, select, discard; a click also skips a running animation; Esc leaves."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.hit_test(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.animator.skip():
                return True
            if event.button == 3:
                self.selected = None
                return True
            if event.button != 1:
                return False
            index = self.layout.hit_test(event.pos)
            if index is None:
                self.selected = None
                return False
            if index == self.selected:
                self.discard(index)
            else:
                self.selected = index
                self.app.sound.play("click")
            return True
        return False

    def discard(self, index: int) -> None:
        """Move a tile from the hand to the river with a short flight."""
        seat = self.picture.seats[0]
        slot = self.layout.hand_slot(index)
        kind = seat.concealed[index]
        if slot is None or kind is None:
            return
        concealed = seat.concealed[:index] + seat.concealed[index + 1 :]
        river = (*seat.river, RiverTile(kind))
        new_seat = dataclasses.replace(seat, concealed=concealed, river=river, drawn_tile=False)
        target_picture = dataclasses.replace(
            self.picture, seats=(new_seat, *self.picture.seats[1:]), last_discard_seat=0, hints=frozenset()
        )
        target_layout = self.renderer.layout(self.app.size, target_picture, self.app.settings.ui_scale)
        target: TileSlot = target_layout.seats[0].river[-1]
        # hide the moving tile while it flies, then show the new picture
        self.picture = dataclasses.replace(
            self.picture,
            seats=(dataclasses.replace(seat, concealed=concealed, drawn_tile=False), *self.picture.seats[1:]),
            hints=frozenset(),
        )
        self.selected = None
        self.hover = None
        start = (float(slot.rect.x), float(slot.rect.y - self.layout.lift))
        self.flying = (kind, slot.width, start)

        def land() -> None:
            self.flying = None
            self.picture = target_picture
            self.app.sound.play("click")
            self.discards += 1

        tween = Tween(start, (float(target.rect.x), float(target.rect.y)), 0.28, ease_out_cubic, on_done=land)
        self._tween = tween
        self.animator.add(tween)

    def update(self, dt: float) -> None:
        """Advance the clock (markers bob, the turn glows) and the flight."""
        self.clock += dt
        self.animator.update(dt)
        if self.flying is not None and self._tween is not None and self.animator.busy:
            kind, width, _ = self.flying
            x, y = self._tween.value
            self.flying = (kind, width, (x, y))
        super().update(dt)

    def on_settings_changed(self, old: Any, new: Any) -> None:
        """Follow the animation speed setting."""
        self.animator.set_speed(new.animation_speed)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """The table, the flying tile, and a note that this is demonstration data."""
        app = self.app
        layout = self.layout
        self.renderer.draw(
            surface,
            self.picture,
            layout,
            lang=app.lang,
            hand=HandUI(self.hover, self.selected),
            clock=self.clock,
        )
        if self.flying is not None:
            kind, width, (x, y) = self.flying
            surface.blit(app.tiles.tile(kind, width), (round(x), round(y)))
        note = (
            "牌桌预览 · 演示数据（Esc 返回）"
            if app.lang == "zh"
            else "Table preview · demonstration data (Esc to go back)"
        )
        area = layout.action_area
        draw_wrapped(
            surface,
            app.fonts,
            note,
            area.inflate(-2 * self.px(12), -area.h + 3 * self.px(20)),
            self.px(14),
            COLOURS.text_dim,
            align="center",
        )
