"""The viewer's hand result: a card over the table once the hand's payments are applied, that traps no
key — ←/→ still step (→ goes on to the next hand), Esc closes only the card, Enter goes on.

It says who won and how (or 荒庄), each seat's change and score after the payments, and the payments
themselves, with the seats named from the seat at the bottom. Not a scene: the viewer draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.core.events import Hu, RoundDrawn
from game.core.view import SeatView
from game.glossary import Lang, term
from game.ui.kit.text_stack import Paragraph, draw_stack
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS
from game.ui.kit.widgets import draw_panel
from game.ui.words.settlement import payment_words, win_word

PAYMENT_ROWS: Final = 6
"""Payments listed at most (a longer settlement says how many more)."""

Translate = Callable[..., str]


def card_lines(view: SeatView, names: Sequence[str], lang: Lang, tr: Translate) -> list[Paragraph]:
    """The card's lines: the title, each seat's change and score, the payments, the keys."""
    result = view.result
    if isinstance(result, Hu):
        title = f"{names[result.seat]} {win_word(result.kind, lang)}"
        if result.kind == "ron" and result.from_seat is not None:
            title += " · " + tr("table.from_seat", seat=names[result.from_seat])
        if result.kadang:
            title += " · " + term("kadang", lang)
    elif isinstance(result, RoundDrawn):
        title = term("huangzhuang", lang)
    else:
        title = ""
    out: list[Paragraph] = [(title, 18, COLOURS.gold, "bold")]
    settled = view.settlement
    deltas = settled.deltas if settled is not None else (0, 0, 0, 0)
    scores = settled.scores if settled is not None else view.scores
    for s in range(4):
        line = tr("viewer.result_seat", seat=names[s], delta=f"{deltas[s]:+d}", score=scores[s])
        out.append((line, 14, COLOURS.text if deltas[s] >= 0 else COLOURS.ting, "regular"))
    rows = settled.payments if settled is not None else ()
    for p in rows[:PAYMENT_ROWS]:
        who, why = payment_words(p, list(names), lang)
        out.append((f"{who} {p.amount} · {why}", 12, COLOURS.text_dim, "regular"))
    if len(rows) > PAYMENT_ROWS:
        out.append((tr("viewer.result_more", n=len(rows) - PAYMENT_ROWS), 12, COLOURS.text_dim, "regular"))
    out.append((tr("viewer.result_keys"), 12, COLOURS.gold, "regular"))
    return out


def draw_result_card(
    surface: pygame.Surface,
    log: TextLog,
    area: pygame.Rect,
    lines: Sequence[Paragraph],
    px: Callable[[float], int],
) -> pygame.Rect:
    """The card centred in ``area``; returns where it is."""
    w = min(area.w - px(40), px(520))
    h = min(area.h - px(40), px(360))
    card = pygame.Rect(0, 0, max(w, px(200)), max(h, px(120)))
    card.center = area.center
    draw_panel(surface, card, radius=px(12))
    inner = card.inflate(-px(28), -px(24))
    draw_stack(surface, log, list(lines), inner, px, px(5))
    return card


__all__ = ["PAYMENT_ROWS", "card_lines", "draw_result_card"]
