"""Issue 22: popups never cover buttons, melds or hands — the 听 mode's wait bubbles, the message box and
the call callouts, in every table state that shows them, at every size, in both languages."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui.scene_catalogue import CATALOGUE
from tests.ui.textfit import LANGS, SIZES, fit_app

STATES = (
    "table 听 mode",
    "table first turn, why not",
    "table locked, 宝 panel, 换宝 message",
    "table banners",
)


def _keep_out(table: object) -> list[tuple[str, pygame.Rect]]:
    """What no popup may cover: every button of the table, every seat's hand and melds."""
    out: list[tuple[str, pygame.Rect]] = []
    buttons = {**table.controls.bar.buttons, **table.tools.buttons}  # type: ignore[attr-defined]
    out += [(f"button {name}", b.rect) for name, b in buttons.items() if b.visible]
    for seat, lay in enumerate(table.layout.seats):  # type: ignore[attr-defined]
        out += [(f"seat {seat} hand", slot.rect) for slot in lay.hand]
        out += [(f"seat {seat} meld", slot.rect) for slot in lay.melds]
    return out


def _popups(table: object) -> list[tuple[str, pygame.Rect]]:
    """Every popup the table shows now."""
    overlays = table.overlays  # type: ignore[attr-defined]
    out = [("wait bubble", r) for r in overlays.bubble_rects if table.controls.mode == "ting"]  # type: ignore[attr-defined]
    if overlays.toast is not None:
        out.append(("message", overlays.toast_rect))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_popup_covers_a_button_a_meld_or_a_hand(
    isolated_home: Path, size: tuple[int, int], lang: str
) -> None:
    with fit_app(size, lang) as app:
        found: list[str] = []
        seen = 0
        for state in STATES:
            app.scenes.clear()
            CATALOGUE[state](app)
            for _ in range(2):
                app.step(1 / 60)
            table = app.scenes.top
            popups = _popups(table)
            seen += len(popups)
            for name, rect in popups:
                for what, other in _keep_out(table):
                    if rect.colliderect(other):
                        found.append(f"{state}: {name} {rect} covers {what} {other}")
        assert seen >= 3, "the states show no popups to check"
        assert not found, "\n".join(found[:8])


@pytest.mark.slow
@pytest.mark.parametrize("size", (*SIZES, (2560, 1440)))
@pytest.mark.parametrize("lang", LANGS)
def test_the_floating_claim_buttons_cover_only_felt(
    isolated_home: Path, size: tuple[int, int], lang: str
) -> None:
    """The claim buttons floating at the right column's foot, just above the right end of the hand, cover
    no tile (hands, melds, rivers), no plate, not the info column, no other button, not the centre box and
    not the latest discard's arrow, and stay in the window (the key help they float over is not drawn)."""
    from game.ui.table.layout import last_discard_marker, marker_rect

    with fit_app(size, lang) as app:
        CATALOGUE["table claim"](app)
        for _ in range(2):
            app.step(1 / 60)
        table = app.scenes.top
        bar, layout = table.controls.bar, table.layout
        assert bar.floating, "the live buttons stay in the side column"
        floating = [(name, bar.buttons[name].rect) for name in sorted(bar.afloat)]
        keep: list[tuple[str, pygame.Rect]] = [(f"plate {i}", s.plate) for i, s in enumerate(layout.seats)]
        keep += [("centre", layout.centre), ("info column", layout.info_area)]
        room = layout.prompt_area
        found_out = [f"{n} {r} outside the prompt's room" for n, r in floating if not room.contains(r)]
        for seat, lay in enumerate(layout.seats):
            keep += [(f"seat {seat} tile", slot.rect) for slot in lay.hand + lay.melds + lay.river]
            if lay.river:
                keep.append((f"seat {seat} arrow", marker_rect(last_discard_marker(lay.river[-1]))))
        keep += [(f"button {n}", b.rect) for n, b in table.tools.buttons.items() if b.visible]
        keep += [(f"button {n}", b.rect) for n, b in bar.buttons.items() if n not in bar.afloat]
        window = pygame.Rect(0, 0, *size)
        found = [
            f"{name} {rect} covers {what} {other}"
            for name, rect in floating
            for what, other in keep
            if rect.colliderect(other)
        ]
        found += [f"{name} {rect} leaves the window" for name, rect in floating if not window.contains(rect)]
        found += found_out
        for i, (name, rect) in enumerate(floating):
            found += [f"{name} covers {other}" for other, r in floating[i + 1 :] if rect.colliderect(r)]
        assert not found, "\n".join(found[:8])


@pytest.mark.parametrize("size", SIZES)
def test_a_wait_bubbles_words_stay_inside_it(isolated_home: Path, size: tuple[int, int]) -> None:
    """The 听 mode's bubbles kept a line of 15 design pixels for their "4 left" labels, less than the
    12 px bold text's own line at 1024x640 and 1920x1080: the words ran over the bubble's lower edge.
    Every word drawn in a bubble now lies inside it, in both languages."""
    import game.ui.table.overlays as overlays_module

    drawn: list[tuple[str, pygame.Rect]] = []
    real = overlays_module.draw_text

    def spy(surface: pygame.Surface, fonts: object, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, fonts, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    for lang in LANGS:
        with fit_app(size, lang) as app:
            CATALOGUE["table 听 mode"](app)
            overlays_module.draw_text = spy  # type: ignore[assignment]
            try:
                drawn.clear()
                app.scenes.top.mark_dirty()
                for _ in range(2):
                    app.step(1 / 60)
            finally:
                overlays_module.draw_text = real
            bubbles = app.scenes.top.overlays.bubble_rects
            assert bubbles and len(drawn) >= len(bubbles), (lang, "no bubble words drawn")
            outside = [(t, r) for t, r in drawn if not any(b.contains(r) for b in bubbles)]
            assert not outside, (lang, outside[:4], bubbles)


def test_one_wait_bubble_for_each_kind_that_may_declare(isolated_home: Path) -> None:
    """Two copies of a kind leave the same waits, and each had its own bubble: the same "Red Dragon, 3
    left" twice, pushed up the side of the table by each other, with long lines across the hand. One
    bubble a kind now, over the hovered copy (else the rightmost)."""
    from game.core.tiles import kind_of

    with fit_app((1920, 1080), "en") as app:
        CATALOGUE["table 听 mode"](app)
        for _ in range(2):
            app.step(1 / 60)
        table = app.scenes.top
        ids = table.frame.hand_ids
        kinds = [kind_of(t) for t in ids if kind_of(t) in table.controls.ting_opts]
        assert len(kinds) > len(set(kinds)), "the state has no kind held twice that may declare 听"
        bubbles = table.overlays.bubble_rects
        assert len(bubbles) == len(set(kinds))
