"""Regressions found by play-testing in a real X window: text clipped, overlapping or run together."""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from game.ui.kit.doc import DocRenderer, DocStyle, TextItem, parse_doc
from game.ui.kit.fonts import FontBook
from game.ui.kit.tileart import TileArt


def test_doc_text_runs_do_not_overlap_or_lose_their_spaces(pg: Any) -> None:
    """'plus four **Red Dragons**' drew as 'fourRed Dragons': x advanced by the words' widths one by one,
    which add up to less than the run drawn in one piece, so the next (bold) run started on the space."""
    pygame.display.set_mode((10, 10))
    fonts = FontBook()
    renderer = DocRenderer(fonts, TileArt(fonts), DocStyle())
    source = (
        "A set has **112 tiles**: Characters (万), Dots (饼) and Bamboo (条), each numbered 1 to 9, "
        "four of each; plus four **Red Dragons (红中)**. There are no winds, no other dragons and no flowers."
    )
    for width in (420, 600, 760):
        laid = renderer.layout(parse_doc(source), width).items
        items = [it[2] for it in laid if isinstance(it[2], TextItem)]
        rows: dict[int, list[TextItem]] = {}
        for item in items:
            rows.setdefault(item.y, []).append(item)
        for row in rows.values():
            row.sort(key=lambda it: it.x)
            for left, right in itertools.pairwise(row):
                drawn = fonts.font(left.size, left.weight).size(left.text)[0]
                assert right.x >= left.x + drawn, (width, left.text, right.text)


class _Spy:
    """Records draw_wrapped calls made by the table (text, rect, size, weight) and draws them."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.calls: list[tuple[str, pygame.Rect, int, str]] = []

    def __call__(
        self, surface: Any, fonts: Any, text: str, rect: Any, size: int, *args: Any, **kw: Any
    ) -> int:
        weight = args[1] if len(args) > 1 else kw.get("weight", "regular")
        self.calls.append((text, pygame.Rect(rect), size, weight))
        return int(self.real(surface, fonts, text, rect, size, *args, **kw))


def _table(size: tuple[int, int], lang: str, **settings: Any) -> tuple[Any, Any]:
    from game.ui.table.scene import TableScene
    from tests.table_fixtures import scripted_session
    from tests.ui.test_table import make_app, settle

    app = make_app(lang=lang, size=size, **settings)
    table = TableScene(app, scripted_session())
    app.push(table)
    settle(app, table)
    return app, table


def _extent(fonts: FontBook, text: str, rect: pygame.Rect, size: int, weight: Any) -> int:
    from game.ui.kit.widgets import wrapped_height

    return rect.y + wrapped_height(fonts, text, rect.w, size, weight)


def test_the_claim_bar_prompt_stays_above_its_buttons(monkeypatch: Any) -> None:
    """The English 听 prompt took three lines at 1280x720 and its last one ran under 吃/碰."""
    import game.ui.table.panels as table_module
    from game.glossary import term
    from game.ui.words.i18n import tr

    real = table_module.draw_wrapped
    for size, lang, scale in (((1280, 720), "en", 1.0), ((1024, 640), "en", 1.3), ((1024, 640), "zh", 1.15)):
        app, table = _table(size, lang, ui_scale=scale)
        try:
            spy = _Spy(real)
            monkeypatch.setattr(table_module, "draw_wrapped", spy)
            for key in ("table.status_ting", "table.status_discard", "table.status_claim"):
                calls = ("、" if lang == "zh" else ", ").join(
                    term(n, lang) for n in ("chi", "peng", "gang", "ting", "hu")
                )  # every call lit: the longest claim prompt
                text = tr(key, lang, seat=table.seat_name(3), tile=table.tile_word(7), calls=calls)
                monkeypatch.setattr(table.controls, "status_text", lambda text=text: text)
                spy.calls.clear()
                table.panels.draw_action_panel(app.screen, table.layout)
                _, rect, px, weight = next(c for c in spy.calls if c[0] == text)
                top = min(b.rect.top for b in table.controls.bar.buttons.values())
                assert _extent(app.fonts, text, rect, px, weight) <= top, (size, lang, scale, key)
        finally:
            app.shutdown()
            pygame.quit()


def test_hint_lines_are_drawn_whole_and_never_over_the_key_help(monkeypatch: Any) -> None:
    """With a why-not and a three-line reason the reason was cut mid-line by the key help under it
    (1280x720), or not shown at all (UI scale 115%)."""
    import game.ui.table.panels as table_module

    reason = "Chi-ting: chi 2 Dots, discard 4 Bamboo, ready on 4 Characters, 7 Characters (7 left)"
    real = table_module.draw_wrapped
    for size, scale in (((1280, 720), 1.0), ((1280, 720), 1.15), ((1024, 640), 1.15), ((1920, 1080), 1.0)):
        app, table = _table(size, "en", ui_scale=scale, hints=3)
        try:
            spy = _Spy(real)
            monkeypatch.setattr(table_module, "draw_wrapped", spy)
            monkeypatch.setattr(table.controls, "hint_reason", lambda: reason)
            table.controls.hover_reason = "cannot declare ting: not a ready hand"
            legend = table.panels.legend
            tops: list[int] = []

            def drawn(*args: Any, real: Any = legend.draw, tops: list[int] = tops) -> int:
                tops.append(int(real(*args)))
                return tops[-1]

            monkeypatch.setattr(legend, "draw", drawn)
            table.panels.draw_action_panel(app.screen, table.layout)
            area = table.layout.action_area
            limit = tops[0] if tops else area.bottom - table.px(12)
            status = table.controls.status_text()
            lines = [c for c in spy.calls if c[0] != status]
            if size != (1024, 640):  # a narrow column may not hold everything: then whole texts only
                assert any(c[0] == reason for c in lines), (size, scale)
            for text, rect, px, weight in lines:
                assert _extent(app.fonts, text, rect, px, weight) <= limit, (size, scale, text)
        finally:
            app.shutdown()
            pygame.quit()


def test_the_bao_line_stays_inside_the_left_panel(monkeypatch: Any) -> None:
    """'the bao · 1 unseen (drawing one wins)' ran past the panel's right edge at 1280x720."""
    import game.ui.table.panels as table_module
    from game.seats import capital
    from game.table.figures import BaoPanel, WaitFigure
    from game.ui.words.i18n import tr

    real_text, real_wrapped = table_module.draw_text, table_module.draw_wrapped
    ends: list[tuple[str, int]] = []
    for size, lang in (((1280, 720), "en"), ((1024, 640), "en"), ((1024, 640), "zh")):
        app, table = _table(size, lang)
        try:
            ends.clear()

            def spy_text(*args: Any, **kw: Any) -> Any:
                rect = real_text(*args, **kw)
                ends.append((args[2], rect.right))
                return rect

            def spy_wrapped(
                surface: Any, fonts: Any, text: str, rect: Any, size: int, *a: Any, **kw: Any
            ) -> int:
                width = max(fonts.size(line, size)[0] for line in fonts.wrap(text, size, rect.w))
                ends.append((text, rect.x + width))
                return int(real_wrapped(surface, fonts, text, rect, size, *a, **kw))

            monkeypatch.setattr(table_module, "draw_text", spy_text)
            monkeypatch.setattr(table_module, "draw_wrapped", spy_wrapped)
            table.panels.bao_figures = BaoPanel(
                waits=(WaitFigure(3, False, 2), WaitFigure(6, True, 3)),
                bao=9,
                bao_unseen=1,
                winning_unseen=5,
                unseen_total=63,
            )
            layout = table.layout
            table.panels.draw_info_panel(app.screen, layout)
            line = capital(tr("table.bao_unseen", lang, n=1))  # "The bao · 1 unseen …" in English
            right = max(end for text, end in ends if text == line)
            assert right <= layout.info_area.right - table.px(12), (size, lang)
        finally:
            app.shutdown()
            pygame.quit()


BUTTON_TEXT_ROOM_LOST = 8
"""What a themed button's label loses of its width, both sides together: a 2 px border and 2 px padding
a side (measured by :func:`test_a_button_draws_a_label_whole_in_its_width_less_4px_a_side`)."""


def _label_ink(manager: Any, screen: pygame.Surface, text: str, width: int) -> int:
    """How wide the pixels a claim button's label changes are, in a button ``width`` wide."""
    import pygame_gui
    from pygame_gui.core import ObjectID

    def shot(label: str) -> pygame.Surface:
        rect = pygame.Rect(10, 10, width, 100)
        button = pygame_gui.elements.UIButton(
            rect, label, manager, object_id=ObjectID(object_id="#claim_pass", class_id="@claim")
        )
        manager.update(0.01)
        screen.fill((0, 0, 0))
        manager.draw_ui(screen)
        picture = screen.copy()
        button.kill()
        manager.update(0.01)
        return picture

    with_text, bare = shot(text), shot("")
    xs = [
        x
        for x in range(10, 10 + width)
        for y in range(10, 110, 2)
        if with_text.get_at((x, y)) != bare.get_at((x, y))
    ]
    return max(xs) - min(xs) + 1 if xs else 0


def test_a_button_draws_a_label_whole_in_its_width_less_4px_a_side(pg: Any) -> None:
    """The room :func:`game.ui.kit.textfit.fit_label` keeps is what pygame_gui really draws in: a label
    as wide as its button less 8 px is drawn whole (its ink as in a button far wider), at every UI scale;
    one as wide as the button itself is not."""
    from game.ui.kit.fonts import find_font_paths
    from game.ui.kit.theme import BASE_SIZES, ManagerFactory, scaled

    screen = pygame.display.set_mode((1200, 200))
    fonts = FontBook()
    factory = ManagerFactory(find_font_paths())
    for scale in (1.0, 1.5, 3.0):
        manager = factory.create((1200, 200), scale)
        text = "pass (Space)"
        width = fonts.size(text, scaled(BASE_SIZES["@claim"][0], scale), "bold")[0]
        whole = _label_ink(manager, screen, text, width + 200)
        assert _label_ink(manager, screen, text, width + BUTTON_TEXT_ROOM_LOST) == whole, scale
        assert _label_ink(manager, screen, text, width) < whole, scale


def test_claim_and_tool_button_labels_fit_their_buttons() -> None:
    """'pass (Space)' and 'Hints: Reasons (F1)' were clipped by their buttons at 1024x640, UI scale 115%;
    at 3840x2160 the pass button dropped its space ("pass(Space)") where the whole label fitted."""
    from game.ui.kit.theme import BASE_SIZES, scaled

    cases = (
        ((1024, 640), "zh", 1.15),
        ((1024, 640), "en", 1.3),
        ((1280, 720), "en", 1.0),
        ((3840, 2160), "en", 1.0),
    )
    for size, lang, scale in cases:
        app, table = _table(size, lang, ui_scale=scale, hints=3)
        try:
            buttons = [("@claim", b) for b in table.controls.bar.buttons.values()]
            buttons += [("@tool", b) for b in table.tools.buttons.values()]
            for theme_key, button in buttons:
                base, bold = BASE_SIZES[theme_key]
                width = app.fonts.size(button.text, scaled(base, table.scale), "bold" if bold else "regular")[
                    0
                ]
                assert width <= button.rect.w - BUTTON_TEXT_ROOM_LOST, (size, lang, scale, button.text)
            bar = list(table.controls.bar.buttons.values())
            assert len({b.rect.w for b in bar}) == 1, "the column's buttons are one width"
            assert len({"  (" in b.text for b in bar}) == 1, ("uneven spacing", [b.text for b in bar])
            if size[0] >= 1280:  # room enough: the full labels
                assert table.controls.bar.buttons["pass"].text.endswith(" (Space)")
                assert table.tools.buttons["hints"].text.startswith("Hints:")
        finally:
            app.shutdown()
            pygame.quit()


def test_the_continue_note_is_clear_of_the_tile_fan() -> None:
    """At 1024x640 (Chinese, UI scale 115%) the fan's first tile covered '没有进行中的对局'."""
    from game.ui.screens.menu import MainMenu
    from tests.ui.harness import step
    from tests.ui.test_table import make_app

    cases = (
        ((1024, 640), "zh", 1.15),
        ((1024, 640), "en", 1.3),
        ((1280, 720), "en", 1.3),
        ((1280, 720), "en", 1.0),
    )
    for size, lang, scale in cases:
        app = make_app(lang=lang, size=size, ui_scale=scale)
        try:
            step(app, 2)
            menu = app.scenes.top
            assert isinstance(menu, MainMenu)
            button = menu.buttons["continue"]
            tw, th = app.fonts.size(menu.continue_note, menu.px(15))  # drawn mid-left of this point
            note = pygame.Rect(button.rect.right + menu.px(14), button.rect.centery - th // 2, tw, th)
            rects = [img.get_rect(center=centre) for img, _, centre in menu.fan]
            assert note.inflate(0, menu.px(8)).collidelist(rects) < 0, (size, lang, scale)
            assert all(r.right <= size[0] for r in rects), (size, lang, scale)
        finally:
            app.shutdown()
            pygame.quit()


def test_the_key_legend_grows_into_the_columns_free_room(monkeypatch: Any) -> None:
    """With room to spare in the right column (1920x1080, nothing under the claim bar) the key legend is
    drawn larger than its smallest size, below the claim bar, inside the column, and reaching its foot."""
    app, table = _table((1920, 1080), "en")
    try:
        legend = table.panels.legend
        drawn: list[tuple[Any, pygame.Rect, int]] = []

        def spy(surface: Any, laid: Any, rect: pygame.Rect, real: Any = legend.draw) -> int:
            top = int(real(surface, laid, rect))
            drawn.append((laid, pygame.Rect(rect), top))
            return top

        monkeypatch.setattr(legend, "draw", spy)
        table.panels.draw_action_panel(app.screen, table.layout)
        assert drawn, "no key legend drawn"
        laid, rect, top = drawn[0]
        assert laid.size > table.text_px(12), laid.size
        area = table.layout.action_area
        assert area.contains(rect)
        buttons_bottom = max(b.rect.bottom for b in table.controls.bar.buttons.values())
        assert top > buttons_bottom
        assert rect.bottom - top >= laid.height  # flush with the column's foot, spread over its room
        assert rect.bottom >= area.bottom - table.px(16)
    finally:
        app.shutdown()
        pygame.quit()
