"""A scrollable document screen (rules reference, about): mouse wheel, keys and a draggable scrollbar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.glossary import Lang
from game.ui.kit.doc import DocLayout, DocRenderer, DocStyle, parse_doc
from game.ui.kit.menu_scene import MenuScene
from game.ui.kit.theme import BASE_SIZES, scaled
from game.ui.kit.widgets import ScrollState, draw_panel, draw_scrollbar
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.scene import SceneApp


class DocScene(MenuScene):
    """A titled screen showing one document in a scrolling panel, with an optional table of contents."""

    with_toc = False
    design_size = (1000, 600)
    body_size = 18
    """Base pixel size of the document's body text."""
    panel_fill = (10, 32, 21, 225)
    """The document panel's colour (an overlay over the table makes it nearly opaque)."""

    def __init__(self, app: SceneApp) -> None:
        super().__init__(app)
        self.scroll = ScrollState()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self.thumb: pygame.Rect | None = None
        self.doc: DocLayout | None = None
        self.renderer: DocRenderer | None = None
        self.toc: dict[Any, int] = {}
        self._drag_from: tuple[int, float] | None = None

    def source(self) -> str:
        """The document text (markup of :mod:`game.ui.kit.doc`)."""
        return ""

    def make_layout(self, width: int) -> DocLayout:
        """The document laid out for a column of ``width`` pixels (a screen may lay out something else,
        such as a rule card, and still scroll it here)."""
        assert self.renderer is not None
        return self.renderer.layout(parse_doc(self.source()), width)

    def build_extra(self, bottom: int) -> None:
        """Add screen-specific buttons along the bottom (``bottom`` is their bottom edge)."""

    def screen_lang(self) -> Lang:
        """The language of this screen's own words (the UI language; the rules screen may show the other)."""
        return self.app.lang

    def title_text(self) -> str:
        """The screen's title in its language."""
        return tr(self.title_key, self.screen_lang()) if self.title_key else ""

    def build_ui(self) -> None:
        """Lay out the panel, the document for its width, the contents list and the back button."""
        app = self.app
        w, h = app.size
        top = self.px(96)
        bottom_bar = self.px(84)
        panel_w = min(int(w * 0.92), self.px(1180))
        self.panel = pygame.Rect((w - panel_w) // 2, top, panel_w, h - top - bottom_bar)
        self.layout_doc(self.panel, toc_w=self.px(230) if self.with_toc else 0)
        bh = self.px(44)
        back = pygame.Rect(0, 0, self.px(160), bh)
        back.bottomleft = (self.panel.x, h - self.px(24))
        self.button(back, tr("common.back", self.screen_lang()), self.go_back, object_id="#back")
        self.build_extra(h - self.px(24))

    def layout_doc(self, panel: pygame.Rect, toc_w: int = 0, top_gap: int = 0) -> None:
        """Place the document (and a contents list of ``toc_w`` pixels) inside a panel rect."""
        app = self.app
        self.panel = panel
        pad = self.px(24)
        content = panel.inflate(-2 * pad, -2 * pad)
        content.y += top_gap
        content.h -= top_gap
        if toc_w:
            content.x += toc_w + pad
            content.w -= toc_w + pad
        self.view = pygame.Rect(content.x, content.y, content.w - self.px(22), content.h)
        self.track = pygame.Rect(content.right - self.px(8), content.y, self.px(8), content.h)
        style = DocStyle(
            body=self.px(self.body_size),
            h1=self.px(30),
            h2=self.px(24),
            h3=self.px(20),
            pre=self.px(14),
            tile=self.px(28),
            block_tile=self.px(36),
        )
        self.renderer = DocRenderer(app.fonts, app.tiles, style)
        self.relayout()
        self.toc = {}
        if toc_w:
            assert self.doc is not None
            toc_pad = self.px(12)  # the list reaches nearer the panel's edges than the text does
            y = panel.y + toc_pad
            entries = self.doc.headings[1:]
            # every section gets its entry: the entries shrink when the panel is short, never below their
            # text's height, and take the tools' smaller type when the segments' would not fit
            step = min(self.px(34), (panel.h - 2 * toc_pad) // max(1, len(entries)))
            toc_class = "@segment"
            text_h = app.fonts.height(scaled(BASE_SIZES["#segment"][0], self.scale)) + 2
            if text_h + 2 > step:
                toc_class = "@tool"
                text_h = app.fonts.height(scaled(BASE_SIZES["@tool"][0], self.scale)) + 2
            bh = max(text_h, step - max(2, step // 9))
            for heading_y, text in entries:
                if y + bh > panel.bottom - toc_pad:
                    break
                rect = pygame.Rect(panel.x + pad, y, toc_w, bh)
                btn = self.button(rect, text, self._jump(heading_y), class_id=toc_class, focusable=False)
                self.toc[btn] = heading_y
                y += max(step, bh + 2)

    def relayout(self) -> None:
        """Lay the document out again (after its text changed), keeping the scroll position in proportion."""
        if self.renderer is None:
            return
        old_fraction = self.scroll.offset / self.scroll.max_offset if self.scroll.max_offset else 0.0
        self.doc = self.make_layout(self.view.w)
        self.scroll.content_height = self.doc.height
        self.scroll.view_height = self.view.h
        self.scroll.scroll_to_fraction(old_fraction)

    def _jump(self, y: int) -> Any:
        def jump() -> None:
            self.scroll.offset = min(self.scroll.max_offset, float(max(0, y - self.px(8))))

        return jump

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel, PageUp/PageDown/Home/End/arrows scroll; the scrollbar thumb can be dragged."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.scroll_by(-event.y * self.px(60))
            return True
        if event.type == pygame.KEYDOWN:
            page = self.view.h * 0.9
            keys = {
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_DOWN: self.px(40),
                pygame.K_UP: -self.px(40),
                pygame.K_SPACE: page,
            }
            if event.key in keys:
                self.scroll.scroll_by(keys[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.scroll.offset = 0
                return True
            if event.key == pygame.K_END:
                self.scroll.offset = self.scroll.max_offset
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb is not None and self.thumb.inflate(self.px(8), 0).collidepoint(event.pos):
                self._drag_from = (event.pos[1], self.scroll.offset)
                self.scroll.dragging = True
                return True
            if self.track.inflate(self.px(8), 0).collidepoint(event.pos) and self.thumb is not None:
                self.scroll.scroll_by(self.view.h * (1 if event.pos[1] > self.thumb.centery else -1))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag_from is not None:
            self._drag_from = None
            self.scroll.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self._drag_from is not None and self.thumb is not None:
            start_y, start_offset = self._drag_from
            usable = max(1, self.track.h - self.thumb.h)
            self.scroll.offset = start_offset
            self.scroll.scroll_by((event.pos[1] - start_y) / usable * self.scroll.max_offset)
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        """Keep the contents entry of the section being read selected."""
        if self.toc:
            current: Any = next(iter(self.toc))
            for btn, y in self.toc.items():
                if y <= self.scroll.offset + self.px(40):
                    current = btn
            for btn in self.toc:
                if btn is current and not btn.is_selected:
                    btn.select()
                elif btn is not current and btn.is_selected:
                    btn.unselect()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Title, panel, the visible part of the document and the scrollbar."""
        super().draw_scene(surface)
        draw_panel(surface, self.panel, fill=self.panel_fill, radius=self.px(14))
        if self.doc is not None and self.renderer is not None:
            self.renderer.draw(surface, self.doc, self.view, self.scroll.offset)
        self.thumb = draw_scrollbar(surface, self.track, self.scroll)
        if self.toc:
            x = self.view.x - self.px(14)
            top, bottom = self.panel.y + self.px(20), self.panel.bottom - self.px(20)
            pygame.draw.line(surface, (60, 90, 70), (x, top), (x, bottom), 1)


__all__ = ["DocScene", "parse_doc"]
