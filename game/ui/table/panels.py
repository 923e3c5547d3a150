"""The table's side panels: the action panel on the right (whose move it is, the claim bar's room, the
choices' title, why a greyed button is greyed, the hints and the keys) and the info panel on the left (the
match line, the 宝 panel after 听, the 听 discards as a hint, and the unseen-tile tracker).

:class:`Panels` keeps the figures it shows (from the shown view, recomputed when
it changes) and draws both columns around the widgets of the claim bar (the
controls') and of the tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action, Chi, Discard, Peng
from game.core.analysis.ting import TingReport
from game.core.tiles import kind_of
from game.glossary import term
from game.rule_texts import preset_name
from game.seats import capital
from game.table.figures import (
    BaoPanel,
    WaitFigure,
    bao_panel,
    call_ting_preview,
    last_bao_swap,
    steps_from_ready,
    unseen_counts,
    wait_figures,
)
from game.table.hint_levels import hint_level
from game.table.menu import CLAIM_BUTTONS, button_of
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.widgets import draw_heading, draw_panel, draw_text, draw_wrapped, wrapped_height
from game.ui.table.key_legend import KeyLegend
from game.ui.table.layout import TableLayout
from game.ui.table.log_panel import TableLog
from game.ui.words.hints import kadang_mark, ready_words, waits_words
from game.ui.words.i18n import tr
from game.ui.words.settlement import join_words
from game.ui.words.table_log import meld_words

if TYPE_CHECKING:
    from game.ui.table.ai_runner import AiRunner
    from game.ui.table.context import TableContext
    from game.ui.table.controls import Controls
    from game.ui.table.overlays import Overlays
    from game.ui.table.tools import Tools


def bao_tile_width(mini: int) -> int:
    """The width of the 宝 panel's tiles (the 宝 and each wait), for the table's small-tile width ``mini``."""
    return max(14, round(mini * 0.85))


class Panels:
    """The action panel and the info panel (see the module docstring)."""

    def __init__(
        self, scene: TableContext, controls: Controls, overlays: Overlays, tools: Tools, ai: AiRunner
    ) -> None:
        self.scene = scene
        self.controls = controls
        self.overlays = overlays
        self.tools = tools
        self.ai = ai
        self.preset_name = ""
        """The rule preset's name in the player's language (the match line)."""
        self.bao_figures: BaoPanel | None = None
        """The 宝 panel's figures while the person is ready (听)."""
        self.unseen: list[int] = [4] * 28
        """Copies of each kind the person cannot see (the tracker)."""
        self.steps: int | None = None
        """How far the person's hand is from ready (asked only while hints are on and it is not ready)."""
        self.panel_images: dict[tuple[object, ...], pygame.Surface] = {}
        """The side columns' panel images (a full column's is a few ms to make), kept apart from the
        renderer's cache, which other pictures fill and clear."""
        self._scratch = pygame.Surface((1, 1))
        """A tiny surface to measure panel contents by drawing them where nothing shows."""
        self.legend = KeyLegend(scene.app.fonts)
        """The keys at the right column's foot (:mod:`game.ui.table.key_legend`)."""
        self.log = TableLog(scene)
        """The hand so far, under the rest of the left column (:mod:`game.ui.table.log_panel`)."""
        self._previews: tuple[object, dict[Chi | Peng, dict[int, TingReport]]] = (None, {})
        """The calls to ready worked out for the view shown (the view, and each call's 听 discards): a
        claim offer's frames draw them without asking the engine again."""

    def refresh(self) -> None:
        """Recompute the figures from the shown view."""
        shown = self.scene.shown
        self.unseen = unseen_counts(shown)
        self.bao_figures = bao_panel(shown) if shown.ting[shown.seat] else None
        hints = hint_level(self.scene.app.settings.hints).waits
        self.steps = steps_from_ready(shown) if hints and not shown.ting[shown.seat] else None

    def build(self) -> None:
        """Take the words that change only with the language (the preset's name)."""
        self.preset_name = preset_name(self.scene.driver.preset, self.scene.app.lang)

    def ready_line(self) -> str | None:
        """How far from ready the person's hand is, in words (F1 hints while not ready), or None."""
        controls = self.controls
        return ready_words(
            self.scene.shown,
            self.steps,
            bool(controls.ting_opts),
            lambda: controls.greyed_reason("ting"),
            self.scene.app.lang,
        )

    def draw_action_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The right column: prompt, (buttons drawn by pygame_gui), choices title, why-not and hint lines, and
        the key legend at its foot."""
        scene = self.scene
        area = layout.action_area
        if area.h < scene.px(60):
            return
        app = scene.app
        draw_panel(surface, area, radius=scene.px(12), cache=self.panel_images)
        pad = scene.px(12)
        text = self.controls.status_text()
        if text:
            box = pygame.Rect(area.x + pad, area.y + pad, area.w - 2 * pad, scene.px(48))
            # a long prompt (the 听 one in English) gets a smaller size rather than run under the buttons
            room = min((b.rect.top for b in self.controls.bar.buttons.values()), default=box.bottom) - box.y
            size = next(
                (
                    scene.text_px(s)
                    for s in (16, 15, 14, 13)
                    if wrapped_height(app.fonts, text, box.w, scene.text_px(s), "bold") <= max(room, box.h)
                ),
                scene.text_px(12),
            )
            draw_wrapped(surface, app.fonts, text, box, size, COLOURS.gold, "bold")
        y = self.controls.bar.lines_top
        if self.controls.mode == "zhidui":
            return  # the 支对 choice draws its own line above its buttons (game.ui.table.zhidui)
        choice_buttons = self.controls.bar.choice_buttons
        if self.controls.mode == "choose" and choice_buttons:
            y = max(btn.rect.bottom for btn, _ in choice_buttons) + scene.px(8)
            hint = pygame.Rect(area.x + pad, y, area.w - 2 * pad, area.bottom - pad - y)
            if (
                wrapped_height(app.fonts, tr("table.choose_hint", app.lang), hint.w, scene.text_px(14))
                <= hint.h
            ):
                draw_wrapped(
                    surface,
                    app.fonts,
                    tr("table.choose_hint", app.lang),
                    hint,
                    scene.text_px(14),
                    COLOURS.text_dim,
                )
            return
        lines: list[tuple[str, RGB]] = self.claim_lines()
        toast = self.overlays.toast
        said = toast.text if toast is not None else None
        if self.controls.hover_reason and self.controls.hover_reason != said:  # a why-not is said once
            lines.append((self.controls.hover_reason, COLOURS.ting))
        reason = self.controls.hint_reason()
        if hint_level(scene.app.settings.hints).ranking and self.controls.decision_token is not None:
            if self.ai.advisor is None:
                lines.append((tr("table.advisor_missing", app.lang), COLOURS.text_dim))
            elif self.ai.hints is None:
                lines.append((tr("table.advisor_thinking", app.lang), COLOURS.text_dim))
            elif self.ai.hints:
                lines.append(
                    (
                        tr("table.advice", app.lang, action=self.action_words(self.ai.hints[0].action)),
                        (140, 210, 255),
                    )
                )
        if reason:
            lines.append((reason, (140, 210, 255)))
        live = scene.entrusting is not None  # a match (a lesson has no auto-play or helpers)
        bar = self.controls.bar
        if bar.floating:  # the live claim buttons float at the column's foot: stop above them
            top = min((bar.buttons[name].rect.top for name in bar.afloat), default=layout.prompt_area.top)
            area = pygame.Rect(area.x, area.y, area.w, max(0, top + pad - scene.px(4) - area.y))
        rect = pygame.Rect(area.x + pad, y + scene.px(4), area.w - 2 * pad, 0)

        def heights(size: int) -> list[int]:
            return [wrapped_height(app.fonts, t, rect.w, size) for t, _ in lines]

        def need(size: int, gap: int) -> int:
            return sum(heights(size)) + gap * max(0, len(lines) - 1)

        # the key legend as large as the column's free room allows, at its foot
        lines_end = rect.y + need(scene.px(14), scene.px(6)) + scene.px(8) if lines else y
        legend_room = pygame.Rect(area.x + pad, lines_end, area.w - 2 * pad, area.bottom - pad - lines_end)
        sizes = range(scene.text_px(22), scene.text_px(12) - 1, -1)
        legend = (
            None if bar.floating else self.legend.fit(app.lang, live, legend_room.w, legend_room.h, sizes)
        )

        # the hints and reasons come first: the key legend (always the same) gives way when they need its
        # room, then they get tighter; what still does not fit is left out whole, never cut in half
        size, gap = scene.px(14), scene.px(6)
        if legend is not None:
            bottom = self.legend.draw(surface, legend, legend_room) - scene.px(4)
        else:
            bottom = area.bottom - pad
            size, gap = next(
                (
                    (scene.text_px(s), scene.px(g))
                    for s, g in ((14, 6), (13, 4))
                    if rect.y + need(scene.text_px(s), scene.px(g)) <= bottom
                ),
                (scene.text_px(12), scene.px(3)),
            )
        rect.h = max(0, bottom - rect.y)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for (text_line, colour), used in zip(lines, heights(size), strict=True):
            if rect.y + used > bottom:
                break
            draw_wrapped(surface, app.fonts, text_line, rect, size, colour)
            rect.y += used + gap
        surface.set_clip(clip)

    def claim_lines(self) -> list[tuple[str, RGB]]:
        """Under the claim bar: a call to ready named as such (吃听 — chi and declare ready) with, for each
        way to make it, the tiles it takes and the waits it leaves (asked of the table's figures), then what
        the lit button is (Space, and Enter unless a win is offered). Each line starts with a capital."""
        scene = self.scene
        lang = scene.app.lang
        controls = self.controls
        if controls.decision_token is None:
            return []
        out: list[tuple[str, RGB]] = []
        calls = controls.call_ting_calls()
        word = controls.call_ting_word()
        discard = scene.shown.last_discard
        if calls and word and discard is not None:
            verb = term("chi" if isinstance(calls[0], Chi) else "peng", lang)
            out.append((capital(tr("table.call_ting_title", lang, call=word, verb=verb)), COLOURS.gold))
            for call in calls[:3]:
                taken = sorted([*(kind_of(t) for t in call.tiles), kind_of(discard)])
                tiles = meld_words(taken, lang)
                out.append((capital(tr("table.call_ting_takes", lang, verb=verb, tiles=tiles)), COLOURS.text))
                for kind, report in list(self._preview(call).items())[:2]:
                    waits = waits_words(report, scene.tile_word, lang)
                    line = tr("table.call_ting_option", lang, discard=scene.tile_word(kind), waits=waits)
                    out.append((line, COLOURS.text))
        default = controls.bar.default
        if default is not None:
            key = "table.default_space" if controls.actions.get("hu") else "table.default_keys"
            out.append((tr(key, lang, call=term(default, lang)), COLOURS.text_dim))
        return out

    def _preview(self, call: Chi | Peng) -> dict[int, TingReport]:
        """A call to ready's 听 discards and their waits (:func:`call_ting_preview`), once per view shown."""
        shown = self.scene.shown
        seen, previews = self._previews
        if seen is not shown:
            previews = {}
            self._previews = (shown, previews)
        if call not in previews:
            previews[call] = call_ting_preview(shown, call)
        return previews[call]

    def draw_toast(self, surface: pygame.Surface, room: pygame.Rect) -> int:
        """The message of the moment (why not, 换宝) boxed at the bottom of ``room`` (the left column, just
        above the person's plate: near the hand, over no river and no wait bubble), fading out in its last
        moments, made smaller rather than cut; returns the top of what it took (``room.bottom`` if none)."""
        scene = self.scene
        toast = self.overlays.toast
        if toast is None or room.h <= 0:
            return room.bottom
        fonts = scene.app.fonts
        inner = room.w - 2 * scene.px(10)
        most = room.h // 2
        link = ""
        if toast.lesson is not None:  # the lesson that explains it: L (or a click on the message) opens it
            link = tr("table.lesson_link", scene.app.lang, title=toast.lesson.title.render(scene.app.lang))

        def needed(size: int) -> tuple[int, int]:
            text_h = wrapped_height(fonts, toast.text, inner, size, "bold")
            link_h = wrapped_height(fonts, link, inner, size - scene.px(1)) if link else 0
            return text_h, link_h

        size = scene.text_px(12)
        for s in (15, 14, 13, 12):
            size = scene.text_px(s)
            if sum(needed(size)) + scene.px(16) <= most:
                break
        text_h, link_h = needed(size)
        box = pygame.Rect(room.x, 0, room.w, min(room.h, text_h + link_h + scene.px(16)))
        box.bottom = room.bottom
        fade = min(1.0, max(0.0, toast.until - scene.clock) / 0.4)
        warn = toast.colour == COLOURS.ting
        draw_panel(
            surface,
            box,
            fill=(64, 18, 14, round(240 * fade)) if warn else (10, 44, 28, round(240 * fade)),
            border=toast.colour,
            radius=scene.px(8),
            shadow=False,
        )
        text = box.inflate(-2 * scene.px(10), -2 * scene.px(8))
        with fonts.box(box, "toast"):
            clip = surface.get_clip()
            surface.set_clip(box)
            text.y += draw_wrapped(surface, fonts, toast.text, text, size, COLOURS.text, "bold")
            if link:
                draw_wrapped(surface, fonts, link, text, size - scene.px(1), COLOURS.gold)
            surface.set_clip(clip)
        self.overlays.toast_rect = box
        return box.top - scene.px(8)

    def action_words(self, action: Action) -> str:
        """An action in words, e.g. 打 五万 / 报听，打 五万 / 碰."""
        scene = self.scene
        lang = scene.app.lang
        if isinstance(action, Discard):
            key = "table.advice_ting" if action.ting else "table.advice_discard"
            return tr(key, lang, tile=scene.tile_word(kind_of(action.tile)))
        if isinstance(action, Chi | Peng) and action.ting:  # 吃听/碰听, as its button says
            return term("chiting" if isinstance(action, Chi) else "pengting", lang)
        name = button_of(action)
        return term(name, lang) if name in CLAIM_BUTTONS else action.describe()

    def draw_info_panel(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The left column: the match line, the 宝 panel after 听, level-1 hints and the tracker.

        The panel is as tall as what it holds (measured by drawing once onto a scratch surface).
        """
        scene = self.scene
        area = layout.info_area
        if area.h < scene.px(60):
            return
        pad = scene.px(12)
        toast_top = self.draw_toast(surface, area)
        room = pygame.Rect(area.x, area.y, area.w, toast_top - area.y)
        x, w = room.x + pad, room.w - 2 * pad
        with scene.app.fonts.unlogged():
            end = self._info_contents(self._scratch, x, room.y + pad, w, room.bottom - pad)
        box = pygame.Rect(room.x, room.y, room.w, min(room.h, end - room.y + pad))
        draw_panel(surface, box, radius=scene.px(12), cache=self.panel_images)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        with scene.app.fonts.box(box, "info panel"):
            self._info_contents(surface, x, room.y + pad, w, room.bottom - pad)
        surface.set_clip(clip)

    def _info_contents(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """Draw the left column's contents from ``y`` (room down to ``bottom``); returns where they end."""
        scene = self.scene
        app = scene.app
        lang = app.lang
        v = scene.shown
        preset = self.preset_name
        hand = max(1, v.hand_no + 1)  # before the first deal is shown (under the match-start rule card)
        match_line = tr("table.match_line", lang, n=hand, total=v.match_hands, preset=preset)
        size = scene.text_px(17)
        while size > scene.text_px(13) and app.fonts.size(match_line, size)[0] > w:
            size -= 1
        drawn = draw_text(surface, app.fonts, match_line, (x, y), size, COLOURS.text_dim)
        rule = drawn.top + app.fonts.line_size(size) + scene.px(2)  # the match line heads the column
        y = head_end = rule + scene.px(6)
        if scene.ai_seats is not None and scene.ai_seats.stand_ins:
            y += draw_wrapped(
                surface,
                app.fonts,
                tr("table.stand_in", lang),
                pygame.Rect(x, y, w, 100),
                scene.text_px(12),
                COLOURS.text_dim,
            )
            y += scene.px(4)
        waits = hint_level(app.settings.hints).waits
        if self.bao_figures is not None:
            y = self._draw_bao_panel(surface, x, y + scene.px(4), w, self.bao_figures, bottom)
        elif self.controls.ting_opts and (self.controls.mode == "ting" or waits):
            y = self._draw_ting_hint(surface, x, y + scene.px(4), w, bottom)
        elif waits and (words := self.ready_line()):
            area = pygame.Rect(x, y + scene.px(4), w, 200)
            used = draw_wrapped(surface, app.fonts, words, area, scene.text_px(14), (140, 210, 255), "bold")
            y += scene.px(8) + used
        if app.settings.show_tracker:
            y = self._draw_tracker(surface, x, y + scene.px(8), w, bottom)
        gap = scene.px(10)
        end = self.log.draw(surface, x, y + gap, w, bottom, measuring=surface is self._scratch)
        end = y if end is None else end
        if end > head_end:  # a rule under the match line where something follows it
            pygame.draw.line(surface, COLOURS.gold_dark, (x, rule), (x + w, rule), max(1, scene.px(1.5)))
        return end

    def _wait_row(self, surface: pygame.Surface, x: int, y: int, fig: WaitFigure, mw: int) -> int:
        scene = self.scene
        img = scene.mini(fig.kind, mw)
        surface.blit(img, (x, y))
        lang = scene.app.lang
        text = tr("table.unseen_n", lang, n=fig.unseen)
        if fig.kadang:
            text += " · " + term("kadang", lang)
        draw_text(
            surface,
            scene.app.fonts,
            text,
            (x + img.get_width() + scene.px(8), y + img.get_height() // 2),
            scene.text_px(14),
            COLOURS.text,
            anchor="midleft",
        )
        return y + img.get_height() + scene.px(4)

    def _draw_bao_panel(
        self, surface: pygame.Surface, x: int, y: int, w: int, fig: BaoPanel, bottom: int
    ) -> int:
        """After 听: the 宝, each wait with its unseen copies, the chance to win next draw, the last 换宝
        (down to ``bottom``: what does not fit is left out whole, never cut)."""
        scene = self.scene
        app = scene.app
        lang = app.lang
        mw = bao_tile_width(scene.mini_width())
        tile_h = scene.mini(0, mw).get_height()
        if y + scene.px(24) > bottom:
            return y
        draw_heading(surface, app.fonts, tr("table.bao_panel", lang), (x, y), w, scene.text_px(16))
        y += scene.px(24)
        if fig.bao is not None:
            # wrapped beside the tile (the English line is wider than the column at 1280x720)
            text = tr("table.bao_unseen", lang, n=fig.bao_unseen)
            tx = x + mw + scene.px(8)
            text_h = wrapped_height(app.fonts, text, w - (tx - x), scene.text_px(14))
            if y + max(tile_h, text_h) > bottom:
                return y
            surface.blit(scene.mini(fig.bao, mw), (x, y))
            ty = y + max(0, (tile_h - text_h) // 2)
            used = draw_wrapped(
                surface, app.fonts, text, pygame.Rect(tx, ty, w - (tx - x), text_h), scene.text_px(14)
            )
            y += max(tile_h, ty - y + used) + scene.px(6)
        if y + scene.px(20) + tile_h > bottom:
            return y
        label = capital(term("waits", lang))  # a label over the wait tiles: "Waits"
        draw_text(surface, app.fonts, label, (x, y), scene.text_px(14), COLOURS.text_dim)
        y += scene.px(20)
        for wf in fig.waits:
            if y + tile_h > bottom:
                return y
            y = self._wait_row(surface, x, y, wf, mw)
        chance = tr(
            "table.win_chance",
            lang,
            pct=f"{fig.win_chance * 100:.0f}",
            n=fig.winning_unseen,
            total=fig.unseen_total,
        )
        paragraphs = [(chance, scene.text_px(14), COLOURS.gold)]
        cursor = scene.driver.cursor
        swap = last_bao_swap(cursor.events, cursor.position) if scene.shown.old_baos else None
        if swap is not None:
            text = tr("table.huanbao_reason", lang, tile=scene.tile_word(kind_of(swap.old)), n=swap.visible)
            paragraphs.append((text, scene.text_px(13), COLOURS.text_dim))
        for text, size, colour in paragraphs:
            height = wrapped_height(app.fonts, text, w, size)
            if y + height > bottom:
                break
            y += draw_wrapped(surface, app.fonts, text, pygame.Rect(x, y, w, height), size, colour)
        return y

    def _draw_ting_hint(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """In 听 mode (or as a level-1 hint): each discard that allows 听, its waits and unseen copies
        (down to ``bottom``, what does not fit left out whole)."""
        scene = self.scene
        app = scene.app
        lang = app.lang
        title = tr("table.ting_choices" if self.controls.mode == "ting" else "table.ting_hint", lang)
        title_h = wrapped_height(app.fonts, title, w, scene.text_px(14), "bold")
        if y + title_h > bottom:
            return y
        y += draw_wrapped(
            surface,
            app.fonts,
            title,
            pygame.Rect(x, y, w, title_h),
            scene.text_px(14),
            (140, 210, 255),
            "bold",
        )
        y += scene.px(4)
        mw = max(12, round(scene.mini_width() * 0.7))
        tile_h = scene.mini(0, mw).get_height()
        hovered = None
        if self.controls.hover is not None and self.controls.hover < len(scene.frame.hand_ids):
            hovered = kind_of(scene.frame.hand_ids[self.controls.hover])
        for kind, report in sorted(self.controls.ting_opts.items()):
            figures = wait_figures(report, scene.shown)
            said = [f"{scene.tile_word(f.kind)}×{f.unseen}" + kadang_mark(f.kadang, lang) for f in figures]
            words = join_words(said, lang)
            total = sum(f.unseen for f in figures)
            text = f"→ {words} = {total}"
            tx = x + mw + scene.px(6)
            text_h = wrapped_height(app.fonts, text, w - (tx - x), scene.text_px(13))
            if y + max(tile_h, text_h) > bottom:
                break
            surface.blit(scene.mini(kind, mw, "highlight" if kind == hovered else "normal"), (x, y))
            used = draw_wrapped(
                surface,
                app.fonts,
                text,
                pygame.Rect(tx, y, w - (tx - x), text_h),
                scene.text_px(13),
                COLOURS.text,
            )
            y += max(tile_h, used) + scene.px(6)
        return y

    def _draw_tracker(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int) -> int:
        """The unseen-tile tracker: every kind with the copies the player cannot see (seven to a row,
        or fourteen when the column is short; when even that leaves the tiles too small to read, as under
        the 宝 panel in a small window, seven to a row with each count beside its tile). Its tiles grow
        to fill the column (up to the river tiles' size), so a tall column holds the tracker, not felt."""
        scene = self.scene
        app = scene.app
        draw_heading(surface, app.fonts, tr("table.tracker", app.lang), (x, y), w, scene.text_px(15))
        y += scene.px(22)
        label = scene.app.fonts.size("4", scene.text_px(12), "bold")[1]  # a count's line, under its tile

        beside = scene.app.fonts.size("4", scene.text_px(12), "bold")[0] + scene.px(4)
        largest = max(scene.mini_width(), round(scene.layout.hand_width * 0.7))

        def fit(cols: int, label_h: int, label_w: int = 0) -> int:
            rows = 28 // cols
            by_width = w // cols - scene.px(4) - label_w
            by_height = int(((bottom - y) / rows - label_h - scene.px(2)) / 1.47)  # face 1.34 + thickness
            return min(largest, by_width, by_height)

        mw, cols = max((fit(cols, label), cols) for cols in (7, 14))
        on_tile = mw < scene.px(16) and fit(7, 0, beside) > mw
        if on_tile:
            mw, cols, label = fit(7, 0, beside), 7, 0
        mw = max(10, mw)
        cw = w // cols
        th = scene.mini(0, mw).get_height() + label + (scene.px(2) if on_tile else 0)
        for kind in range(28):
            r, c = divmod(kind, cols)
            img = scene.mini(kind, mw, "normal" if self.unseen[kind] else "dimmed")
            px_, py_ = x + c * cw, y + r * th
            surface.blit(img, (px_, py_))
            colour = COLOURS.gold if self.unseen[kind] else COLOURS.text_dim
            if on_tile:  # the count beside the tile's foot, else under its middle
                at, anchor = (px_ + img.get_width() + scene.px(2), py_ + img.get_height()), "bottomleft"
            else:
                at, anchor = (px_ + img.get_width() // 2, py_ + img.get_height()), "midtop"
            count = str(self.unseen[kind])
            draw_text(surface, app.fonts, count, at, scene.text_px(12), colour, "bold", anchor=anchor)
        return y + (28 // cols) * th


__all__ = ["Panels"]
