"""The claim bar's widgets: the buttons 吃 碰 杠 听 胡 过 (with their hotkeys) and one button per call to
choose from — pygame_gui buttons laid out in the table's right column; while a claim on another seat's
discard is offered, the live ones float large just above the right end of the player's hand. The
controls own the bar (:class:`~game.ui.table.controls.Controls`): they say which buttons may be pressed
now, which one is the default (what Space and Enter take: the one button lit), which one the advisor
suggests (hint level 2+: an AI badge the overlays draw, never a second light) and which choices to offer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.actions import Action
from game.glossary import Lang, term
from game.table.menu import CLAIM_BUTTONS
from game.ui.kit.textfit import fit_label
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.table.context import TableContext

HOTKEY_LABEL: Final = {"chi": "C", "peng": "P", "gang": "K", "ting": "T", "hu": "H", "pass": "Space"}
HOTKEY_SHORT: Final = {"pass": "Spc"}
"""A key's shorter name, for a button too narrow for the whole one (过 keeps its key at 1024x640)."""


def hotkey_label(name: str, lang: Lang) -> str:
    """The key of a claim button as the player's keyboard names it: the space bar has no name printed on
    it, so it is 空格 in Chinese and Space in English; the letters are the same in both."""
    return tr("table.key.space", lang) if name == "pass" else HOTKEY_LABEL[name]


CHOICE_TILE_MIN: Final = 28
"""The smallest face width of the tiles on a call's choice button (they were 22 px at 1024x640)."""


def choice_width(scene: TableContext) -> int:
    """The face width of the tiles drawn on each call to choose from: the panels' small tiles, never under
    :data:`CHOICE_TILE_MIN` (several chis told apart at a glance)."""
    return max(CHOICE_TILE_MIN, scene.mini_width())


class ClaimBar:
    """The claim bar's pygame_gui buttons (see the module docstring)."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self.buttons: dict[str, Any] = {}
        self.choice_buttons: list[tuple[Any, Action]] = []
        self.choice_top = 0
        """Where the choices (and the lines under the claim bar) begin."""
        self.row_gap = 0
        """The gap between the bar's rows of buttons (and under its last row)."""
        self.default: str | None = None
        """The button lit as the default (what Space and Enter take), if the bar is live."""
        self.suggested: str | None = None
        """The button the advisor suggests (drawn with an AI badge), if any."""
        self.ting_call: str | None = None
        """The 听 button's glossary word while it offers a call to ready (chiting, pengting); else None."""
        self.home: dict[str, pygame.Rect] = {}
        """Each button's place in the right column (where it stays when no claim is offered)."""
        self.floating = False
        """Whether the live buttons float by the hand now (a claim on another seat's discard)."""
        self.afloat: set[str] = set()
        """The buttons floating by the hand now."""

    def build(self) -> None:
        """The claim buttons in the right column (two to a row)."""
        scene = self.scene
        self.buttons = {}
        self.choice_buttons = []
        self.home = {}
        self.floating = False
        self.afloat = set()
        area = scene.layout.action_area
        pad = scene.px(12)
        inner = area.inflate(-2 * pad, -2 * pad)
        cols = 2
        gap = scene.px(8)
        bw = (inner.w - gap) // cols
        bh = max(scene.px(34), min(scene.px(50), inner.h // 9))  # large where the column is tall
        lines = 3 * round(scene.text_px(12) * 1.4)  # room above for a prompt of three lines at its smallest
        top = inner.y + max(scene.px(58), lines + scene.px(8))
        self.ting_call = None
        for i, name in enumerate(CLAIM_BUTTONS):
            r, c = divmod(i, cols)
            rect = pygame.Rect(inner.x + c * (bw + gap), top + r * (bh + gap), bw, bh)
            self.home[name] = rect
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect,
                self._label(name, None, bw),
                scene.manager,
                object_id=ObjectID(object_id=f"#claim_{name}", class_id="@claim"),
            )
        self.row_gap = gap
        self.choice_top = self._under(top + 3 * bh + 2 * gap)

    def _label(self, name: str, glossary: str | None, width: int) -> str:
        """A button's label: its word (or the ``glossary`` word's) and its hotkey, as much as fits ``width``;
        a call to ready too long for its button falls back to the plain 听 word (the prompt and the lines
        under the bar name it in full)."""
        scene = self.scene
        word = term(glossary or name, scene.app.lang)
        hotkey = hotkey_label(name, scene.app.lang)
        short = HOTKEY_SHORT.get(name, hotkey) if scene.app.lang == "en" else hotkey  # in a narrow button
        spaced = (f"{word}  ({hotkey})",) if self._roomy(width) else ()
        labels: tuple[str, ...] = (
            *spaced,
            f"{word} ({hotkey})",
            f"{word}({hotkey})",
            f"{word} ({short})",
            f"{word}({short})",
            word,
        )
        if glossary is not None:
            plain = term(name, scene.app.lang)
            labels += (f"{plain} ({hotkey})", plain)
        return fit_label(scene.app.fonts, scene.scale, labels, "@claim", width)

    def _roomy(self, width: int) -> bool:
        """Whether every button of this width has room for its word and key set two spaces apart: then
        each does, else none ("chi  (C)" beside "pass (Space)" looked uneven)."""
        scene = self.scene
        lang = scene.app.lang
        labels = [f"{term(name, lang)}  ({hotkey_label(name, lang)})" for name in CLAIM_BUTTONS]
        return all(fit_label(scene.app.fonts, scene.scale, (label, ""), "@claim", width) for label in labels)

    def clear(self) -> None:
        """Forget the buttons (the screen was rebuilt without the claim bar)."""
        self.buttons = {}
        self.choice_buttons = []

    def show(
        self,
        active: bool,
        actions: Mapping[str, Sequence[Action]],
        default: str | None,
        suggested: str | None = None,
        ting_call: str | None = None,
    ) -> None:
        """Enable the buttons with actions behind them while ``active``; the others are greyed (and say why
        when pressed). Only the ``default`` is lit (selected); the ``suggested`` one gets the AI badge; the
        听 button says the ``ting_call`` (chiting/pengting: 吃听/碰听) while it offers a call to ready."""
        live = {name for name in self.buttons if active and actions.get(name)}
        self.default = default if default in live else None
        self.suggested = suggested if suggested in live else None
        self._place(live if "pass" in live else set(), ting_call)
        for name, btn in self.buttons.items():
            if name in live:
                btn.enable()
            else:
                btn.disable()
            chosen = name == self.default
            if chosen and not btn.is_selected:
                btn.select()
            elif not chosen and btn.is_selected:
                btn.unselect()
        ting_changed = ting_call != self.ting_call
        self.ting_call = ting_call
        ting = self.buttons.get("ting")
        if ting is not None and ting_changed:
            ting.set_text(self._label("ting", ting_call, ting.rect.w))

    def float_rects(self, live: set[str]) -> dict[str, pygame.Rect] | None:
        """Where the ``live`` buttons float while a claim is offered: a stack of large buttons at the foot of
        the right column, just above the right end of the hand (:attr:`TableLayout.prompt_area`, over the
        key legend), in the bar's order; None when they do not fit there (they stay in their places)."""
        scene = self.scene
        area = scene.layout.prompt_area
        names: list[str] = [name for name in CLAIM_BUTTONS if name in live]
        gap = scene.px(10)
        if not names or area.w < scene.px(96):
            return None
        bh = min(scene.px(56), (area.h - gap * (len(names) - 1)) // len(names))
        if bh < scene.px(40):
            return None
        top = area.bottom - len(names) * bh - gap * (len(names) - 1)
        return {n: pygame.Rect(area.x, top + i * (bh + gap), area.w, bh) for i, n in enumerate(names)}

    def _place(self, live: set[str], ting_call: str | None) -> None:
        """Float the live buttons by the hand while a claim is offered (the greyed ones stay in the column,
        where a click still says why not); else every button back in its place in the column."""
        rects = self.float_rects(live) if live and not self.choice_buttons else None  # choices: the foot's
        if rects is None and not self.floating:
            return
        self.floating = rects is not None
        self.afloat = set(rects) if rects is not None else set()
        places = {**self._packed(self.afloat), **rects} if rects is not None else self.home
        for name, btn in self.buttons.items():
            rect = places.get(name)
            if rect is not None and btn.rect != rect:
                btn.set_relative_position(rect.topleft)
                btn.set_dimensions(rect.size)
                glossary = ting_call if name == "ting" else None
                btn.set_text(self._label(name, glossary, rect.w))
                btn.rebuild()

    def _packed(self, afloat: set[str]) -> dict[str, pygame.Rect]:
        """The greyed buttons' places while the live ones float: the column's first cells, in the bar's
        order, so the rows the floating buttons left go to the lines under the bar (a 碰听's waits)."""
        cells = [self.home[name] for name in CLAIM_BUTTONS if name in self.home]
        staying = [name for name in CLAIM_BUTTONS if name in self.home and name not in afloat]
        return dict(zip(staying, cells, strict=False))

    @property
    def lines_top(self) -> int:
        """Where the lines under the bar begin: under the greyed buttons while the live ones float, else
        under the whole bar (where a call's choices go)."""
        staying = [int(btn.rect.bottom) for name, btn in self.buttons.items() if name not in self.afloat]
        if not self.floating or not staying:
            return self.choice_top
        return self._under(max(staying))

    def _under(self, bottom: int) -> int:
        """Where what follows the bar begins, below buttons whose lowest ends at ``bottom``."""
        return bottom + self.row_gap + self.scene.px(4)

    def clear_choices(self) -> None:
        """Take the choice buttons down."""
        for btn, _ in self.choice_buttons:
            btn.kill()
        self.choice_buttons = []

    def show_claims(self, on: bool) -> None:
        """Show the claim buttons, or hide them (the 支对 choice takes their place while it is open)."""
        for btn in self.buttons.values():
            if not on and btn.visible:
                btn.hide()
            elif on and not btn.visible:
                btn.show()

    def lock_column(self) -> pygame.Rect:
        """Where the 支对 choice goes: the claim bar's column from its buttons' top down."""
        scene = self.scene
        area = scene.layout.action_area
        pad = scene.px(12)
        top = min((r.top for r in self.home.values()), default=self.choice_top)
        return pygame.Rect(area.x + pad, top, area.w - 2 * pad, area.bottom - pad - top)

    def build_choices(self, choices: Sequence[Action]) -> None:
        """One button per call to choose from (tile groups drawn over them), numbered 1-9; the live claim
        buttons go back to their places (the choices take the column's foot)."""
        scene = self.scene
        self._place(set(), None)
        area = scene.layout.action_area
        pad = scene.px(12)
        x0, w = area.x + pad, area.w - 2 * pad
        h = max(scene.px(40), round(choice_width(scene) * 1.34) + scene.px(14))
        gap = scene.px(6)
        for i, action in enumerate(choices[:9]):
            rect = pygame.Rect(x0, self.choice_top + scene.px(24) + i * (h + gap), w, h)
            if rect.bottom > area.bottom - pad:
                break
            btn = pygame_gui.elements.UIButton(rect, "", scene.manager, object_id=f"#choice_{i}")
            self.choice_buttons.append((btn, action))


__all__ = ["CHOICE_TILE_MIN", "HOTKEY_LABEL", "ClaimBar", "choice_width"]
