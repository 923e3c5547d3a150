"""What is drawn over the table: the 听-mode bubbles (each 听 discard's waits with their unseen copies),
the advisor's numbered badges, the outlines of the tiles a "why not" is about, the banners, and the tiles of
each call choice over its button.

:class:`Overlays` keeps the toast — the table's :class:`~game.ui.table.context.Messages` (its text is drawn in
the info panel, where it covers no river and no wait bubble) — and draws the rest from what the controls,
the hints and the motion hold; the scene calls its ``draw_*`` methods in order, handing them the controls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from game.core.actions import Action, AnGang, Chi, Discard, Gang, JiaGang, Peng, Refusal
from game.core.tiles import kind_of
from game.glossary import term
from game.table.figures import wait_figures
from game.tutorial.progress import Status
from game.ui.kit.theme import COLOURS, RGB
from game.ui.kit.widgets import draw_panel, draw_text
from game.ui.lessons.links import LessonLinks
from game.ui.lessons.progress_store import record_lesson
from game.ui.table.claimbar import choice_width
from game.ui.table.layout import TableLayout, TileSlot
from game.ui.table.motion import Banner
from game.ui.table.zhidui import draw_lock_choices
from game.ui.words.hints import wait_label
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.tutorial.lesson import Lesson
    from game.ui.table.context import TableContext
    from game.ui.table.controls import Controls

TOAST_SECONDS: Final = 4.0
LINK_SECONDS: Final = 3.0
"""A toast that links to a lesson stays this much longer (time to press L)."""


@dataclass
class Toast:
    """A "why not" (or other) message over the hand, with tiles to outline."""

    text: str
    tiles: tuple[int, ...]
    until: float
    colour: RGB = COLOURS.ting
    lesson: Lesson | None = None
    """The lesson that explains a "why not" (L or a click on the toast opens it)."""
    whose_move: bool = False
    """It says whose move it is ("对家思考中…"): true only until the next move is shown."""


class Overlays:
    """The things drawn over the table (see the module docstring)."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self.toast: Toast | None = None
        self.toast_rect = pygame.Rect(0, 0, 0, 0)
        """Where the toast was last drawn (a click on it opens its lesson)."""
        self.bubble_rects: list[pygame.Rect] = []
        """Where the 听 mode's wait bubbles were last drawn (the layout check reads them)."""
        self.links = LessonLinks()
        """Which lesson explains a why-not (the course is read when first asked)."""

    def say(self, text: str, tiles: tuple[int, ...] = (), colour: RGB = COLOURS.ting) -> None:
        """Show a message over the hand for a few seconds, outlining some of the person's tiles."""
        self.toast = Toast(text, tiles, self.scene.clock + TOAST_SECONDS, colour)

    def say_whose_move(self, text: str) -> None:
        """Say whose move it is, until the next move is shown (then it would be stale)."""
        self.toast = Toast(text, (), self.scene.clock + TOAST_SECONDS, whose_move=True)

    def hush(self) -> None:
        """Take the message down."""
        self.toast = None

    def moved(self) -> None:
        """A move was shown: a message saying whose move it was is out of date."""
        if self.toast is not None and self.toast.whose_move:
            self.toast = None

    def why_not(self, refusal: Refusal) -> None:
        """Say why an action is not allowed (its tiles outlined), offering the lesson that explains it."""
        self.say(self.scene.refusal_text(refusal), refusal.tiles)
        lesson = self.links.lesson_for(refusal)
        if self.toast is not None and lesson is not None:
            self.toast.lesson = lesson
            self.toast.until += LINK_SECONDS
        self.scene.app.sound.play("ui")

    def open_lesson(self) -> bool:
        """Open the lesson the toast's "why not" links to (over the table); False if there is none."""
        toast = self.toast
        if toast is None or toast.lesson is None:
            return False
        lesson, self.toast = toast.lesson, None
        self.scene.app.nav.lesson(lesson, on_progress=self._lesson_progress, links=self.links)
        return True

    def _lesson_progress(self, lesson_id: str, status: Status, step: int) -> None:
        """A lesson opened from a why-not saves how far it got (the lesson list is not open)."""
        record_lesson(self.scene.app, lesson_id, status, step)

    def expire(self) -> None:
        """Take the toast down once its time is over."""
        if self.toast is not None and self.scene.clock > self.toast.until:
            self.toast = None

    def draw_ting_bubbles(self, surface: pygame.Surface, layout: TableLayout, controls: Controls) -> None:
        """Over each discard that may declare 听: its waits (two to a row) with their unseen copies."""
        scene = self.scene
        fonts = scene.app.fonts
        hw = layout.hand_width
        mw = max(12, round(hw * 0.5))
        mh = scene.mini(0, mw).get_height()
        gap0 = max(2, hw // 20)
        placed: list[pygame.Rect] = []
        self.bubble_rects = placed
        plates = [seat.plate.inflate(2 * gap0, 2 * gap0) for seat in layout.seats] + [layout.info_area]
        # between the side seats' hands: never over their tiles or melds, the columns' panels and buttons
        room_left = layout.seats[3].band.right + gap0
        room_right = layout.seats[1].band.left - gap0
        for slot in self._bubbled(layout, controls):
            report = controls.ting_opts[kind_of(scene.frame.hand_ids[slot.index])]
            figures = wait_figures(report, scene.shown)
            labels = [wait_label(fig, scene.app.lang) for fig in figures]
            size = scene.text_px(12)
            drawn = [fonts.size(line, size, "bold") for lines in labels for line in lines]
            cw = max([mw] + [w + 2 for w, _ in drawn])
            label_h = max(scene.text_px(15), *(h for _, h in drawn))  # the whole line, in the bubble
            row_h = mh + max(len(lines) for lines in labels) * label_h
            cols = 1 if len(figures) == 1 else 2
            rows = (len(figures) + cols - 1) // cols
            gap = max(2, hw // 20)
            bubble = pygame.Rect(0, 0, cols * cw + (cols + 1) * gap, rows * row_h + 2 * gap)
            lifted = slot.index in (controls.hover, controls.selected)
            bubble.midbottom = (slot.rect.centerx, slot.rect.top - (layout.lift if lifted else 0) - gap)
            for _ in range(4):  # never over a seat's plate nor a neighbour; settles in a step or two
                for plate in plates:  # slide off a plate towards the middle of the screen
                    if bubble.colliderect(plate):
                        if plate.centerx > layout.size[0] // 2:
                            bubble.right = plate.left - gap
                        else:
                            bubble.left = plate.right + gap
                bubble.right = min(bubble.right, room_right)
                bubble.left = max(bubble.left, room_left)
                while any(bubble.colliderect(other) for other in placed):  # neighbours stack upwards
                    bubble.bottom = min(o.top for o in placed if bubble.colliderect(o)) - gap
                blocking = [plate for plate in plates if bubble.colliderect(plate)]
                if not blocking:
                    break
                bubble.bottom = min(plate.top for plate in blocking) - gap  # above the plate it is beside
            placed.append(bubble)
            pygame.draw.line(
                surface,
                COLOURS.ting,
                (min(max(slot.rect.centerx, bubble.left + gap), bubble.right - gap), bubble.bottom),
                (slot.rect.centerx, slot.rect.top),
                2,
            )
            draw_panel(
                surface,
                bubble,
                fill=(10, 34, 22, 240),
                border=COLOURS.ting,
                radius=scene.px(6),
                shadow=False,
                cache=scene.renderer._surfaces,
            )
            for i, (fig, lines) in enumerate(zip(figures, labels, strict=True)):
                r, c = divmod(i, cols)
                tx = bubble.x + gap + c * (cw + gap)
                ty = bubble.y + gap + r * row_h
                surface.blit(scene.mini(fig.kind, mw), (tx + (cw - mw) // 2, ty))
                for j, line in enumerate(lines):  # "4 left", then "kadang" in the plain text colour
                    colour = (COLOURS.gold if fig.unseen else COLOURS.text_dim) if j == 0 else COLOURS.text
                    at = (tx + cw // 2, ty + mh + j * label_h)
                    draw_text(surface, fonts, line, at, size, colour, "bold", anchor="midtop")

    def _bubbled(self, layout: TableLayout, controls: Controls) -> list[TileSlot]:
        """The hand's tiles that carry a wait bubble in 听 mode: one copy of each kind that may declare 听
        (copies of a kind leave the same waits), the hovered or selected copy if it is one, else the
        rightmost; in the hand's order."""
        ids = self.scene.frame.hand_ids
        chosen: dict[int, TileSlot] = {}
        for slot in layout.seats[0].hand:
            if slot.index >= len(ids) or kind_of(ids[slot.index]) not in controls.ting_opts:
                continue
            kind = kind_of(ids[slot.index])
            held = chosen.get(kind)
            if held is None or held.index not in (controls.hover, controls.selected):
                chosen[kind] = slot
        return sorted(chosen.values(), key=lambda slot: slot.index)

    def draw_hint_marks(self, surface: pygame.Surface, layout: TableLayout, controls: Controls) -> None:
        """Numbered badges on the advisor's best discards (hint level 2+)."""
        scene = self.scene
        ranked = controls.hint_discards()
        if not ranked or controls.mode == "ting":
            return
        used: set[int] = set()
        for rank, kind in ranked:
            for slot in layout.seats[0].hand:
                if slot.index in used or slot.index >= len(scene.frame.hand_ids):
                    continue
                if kind_of(scene.frame.hand_ids[slot.index]) == kind:
                    used.add(slot.index)
                    lift = layout.lift if slot.index in (controls.hover, controls.selected) else 0
                    r = max(7, slot.width // 6)
                    c = (slot.rect.right - r, slot.rect.top + r - lift)
                    pygame.draw.circle(surface, (20, 60, 110), c, r + 1)
                    pygame.draw.circle(surface, (90, 200, 255), c, r)
                    draw_text(
                        surface,
                        scene.app.fonts,
                        str(rank),
                        c,
                        round(r * 1.3),
                        (10, 20, 40),
                        "bold",
                        anchor="center",
                    )
                    break

    def draw_toast_marks(self, surface: pygame.Surface, layout: TableLayout, controls: Controls) -> None:
        """Red frames around the tiles a "why not" is about."""
        scene = self.scene
        toast = self.toast
        if toast is None or not toast.tiles:
            return
        for tile in toast.tiles:
            index = scene.frame.index_of(tile)
            slot = layout.hand_slot(index) if index is not None else None
            if slot is None:
                continue
            lift = layout.lift if index in (controls.hover, controls.selected) else 0
            rect = slot.rect.move(0, -lift).inflate(6, 6)
            pygame.draw.rect(surface, toast.colour, rect, width=3, border_radius=max(4, slot.width // 8))

    def _banner_image(self, banner: Banner) -> pygame.Surface:
        """The banner drawn once at full size: a dark plate with the word (on two lines where a callout's
        words need them: "chi to ready") and the line under it."""
        scene = self.scene
        if banner.image is None:
            fonts = scene.app.fonts
            size = scene.px(40 if banner.small else 64)
            sub_size = scene.px(26 if banner.call else 18)
            room = banner.width if banner.width is not None else scene.app.size[0]
            tall = banner.height if banner.height is not None else scene.app.size[1]
            edge = scene.px(14 if banner.height is not None else 28)  # a callout fills its plate
            wraps = banner.height is not None and " " in banner.text

            def words(size: int) -> list[str]:
                if not wraps:
                    return [banner.text]
                return [line for line in fonts.wrap(banner.text, size, room - edge, "bold") if line]

            def fits(size: int, sub_size: int) -> bool:
                lines = words(size)
                wide = max(fonts.size(line, size, "bold")[0] for line in lines) + edge
                if banner.sub:
                    wide = max(wide, fonts.size(banner.sub, sub_size, "bold")[0] + edge)
                high = len(lines) * fonts.line_size(size, "bold") + scene.px(10)
                high += fonts.line_size(sub_size, "bold") if banner.sub else 0
                return wide <= room and high <= tall

            while size > scene.px(14) and not fits(size, sub_size):
                size -= 2
                sub_size = max(12, min(sub_size, size * 2 // 3))
            lines = words(size)
            images = [fonts.render(line, size, banner.colour, "bold") for line in lines]
            shadows = [fonts.render(line, size, (0, 0, 0), "bold") for line in lines]
            step = fonts.line_size(size, "bold")
            sub = fonts.render(banner.sub, sub_size, COLOURS.text, "bold") if banner.sub else None
            w = max(max(img.get_width() for img in images) + edge, (sub.get_width() + edge) if sub else 0)
            word_h = images[-1].get_height() + step * (len(images) - 1)
            h = word_h + scene.px(10) + (sub.get_height() if sub else 0)
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = scene.px(12)
            pygame.draw.rect(image, (6, 20, 13, 225), image.get_rect(), border_radius=radius)
            pygame.draw.rect(image, (*banner.colour, 255), image.get_rect(), width=2, border_radius=radius)
            bottom = scene.px(3)
            with fonts.box(image.get_rect(), "call callout" if banner.call else "banner"):
                for i, (img, shadow, line) in enumerate(zip(images, shadows, lines, strict=True)):
                    rect = img.get_rect(midtop=(w // 2, scene.px(3) + i * step))
                    image.blit(shadow, rect.move(2, 2))
                    fonts.put(image, img, rect, line)
                    bottom = rect.bottom
                if sub is not None:
                    fonts.put(image, sub, sub.get_rect(midtop=(w // 2, bottom - scene.px(4))), banner.sub)
            banner.image = image
        return banner.image

    def banner_rect(self, banner: Banner) -> pygame.Rect:
        """Where a banner stands at full size (its pop-in overshoots this by a few per cent): at its centre,
        moved in as far as it must for the pop-in to stay inside the table's room."""
        rect = self._banner_image(banner).get_rect(center=banner.centre)
        popped = rect.inflate(rect.w // 9, rect.h // 9)
        rect.center = popped.clamp(pygame.Rect((0, 0), self.scene.layout.size)).center
        return rect

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        """Pop in (a quick overshoot), hold, fade out."""
        p = banner.tween.value
        pop = min(1.0, p / 0.18)
        scale = 0.6 + 0.4 * (1 - (1 - pop) ** 3) + (0.06 * math.sin(min(1.0, p / 0.3) * math.pi))
        alpha = 1.0 if p < 0.75 else max(0.0, (1 - p) / 0.25)
        image = self._banner_image(banner)
        if abs(scale - 1.0) > 0.01:
            image = pygame.transform.smoothscale_by(image, scale)
        image.set_alpha(round(255 * alpha))
        surface.blit(image, image.get_rect(center=self.banner_rect(banner).center))
        image.set_alpha(None)

    def draw_suggestion_badge(self, surface: pygame.Surface, controls: Controls) -> None:
        """The advisor's suggestion on the claim bar: a small AI badge on its button's corner (the button's
        own light is the default's alone)."""
        bar = controls.bar
        btn = bar.buttons.get(bar.suggested) if bar.suggested is not None else None
        if btn is None or not btn.visible:
            return
        scene = self.scene
        word = tr("table.ai_badge", scene.app.lang)
        text = scene.app.fonts.render(word, scene.text_px(12), (16, 36, 60), "bold")
        pill = text.get_rect().inflate(scene.px(10), scene.px(4))
        pill.topright = (btn.rect.right - scene.px(4), btn.rect.top - pill.h // 2)
        pygame.draw.rect(surface, (140, 210, 255), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, (16, 36, 60), pill, width=1, border_radius=pill.h // 2)
        scene.app.fonts.put(surface, text, text.get_rect(center=pill.center), word)

    def draw_choice_tiles(self, surface: pygame.Surface, controls: Controls) -> None:
        """The tiles of each call choice over its button: own tiles and (highlighted) the claimed one."""
        scene = self.scene
        bar = controls.bar
        if not bar.choice_buttons:
            return
        if controls.mode == "zhidui":
            draw_lock_choices(scene, surface, controls.locks, bar)
            return
        mw = choice_width(scene)
        discard = scene.shown.last_discard
        for i, (btn, action) in enumerate(bar.choice_buttons):
            rect = btn.rect
            with scene.app.fonts.box(rect, "choice button"):
                self._draw_choice(surface, i, rect, action, mw, discard)

    def _draw_choice(
        self, surface: pygame.Surface, i: int, rect: pygame.Rect, action: Action, mw: int, discard: int | None
    ) -> None:
        """One call choice on its button: its number, its tiles (the claimed one lit), what kind it is."""
        scene = self.scene
        kinds: list[tuple[int, bool]] = []
        if isinstance(action, Chi | Peng | Gang):
            own = [(kind_of(t), False) for t in action.tiles]
            if discard is not None:
                own.append((kind_of(discard), True))
            kinds = sorted(own)
        elif isinstance(action, AnGang):
            kinds = [(kind_of(t), False) for t in action.tiles]
        elif isinstance(action, JiaGang):
            kinds = [(kind_of(action.tile), True)] + [(kind_of(action.tile), False)] * 3
        elif isinstance(action, Discard):
            kinds = [(kind_of(action.tile), True)]
        x = rect.x + scene.px(34)
        draw_text(
            surface,
            scene.app.fonts,
            str(i + 1),
            (rect.x + scene.px(16), rect.centery),
            scene.px(18),
            COLOURS.gold,
            "bold",
            anchor="center",
        )
        for kind, claimed in kinds:
            img = scene.mini(kind, mw, "highlight" if claimed else "normal")
            surface.blit(img, img.get_rect(midleft=(x, rect.centery)))
            x += img.get_width() + 2
        label = ""
        if isinstance(action, Chi | Peng | Gang) and action.ting:
            label = term(f"{action.type}ting", scene.app.lang)
        elif isinstance(action, AnGang | JiaGang | Gang):
            label = term(action.type if not isinstance(action, Gang) else "minggang", scene.app.lang)
        if label:
            draw_text(
                surface,
                scene.app.fonts,
                label,
                (rect.right - scene.px(10), rect.centery),
                scene.text_px(15),
                COLOURS.text,
                "bold",
                anchor="midright",
            )


__all__ = ["TOAST_SECONDS", "Overlays", "Toast"]
