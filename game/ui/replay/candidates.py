"""The review panel's candidate table: every legal move of the decision shown, with the reviewing level's
price in points (expected points for the seat over the rest of the hand), the best and the move played
marked, like Mortal's review; and the match's rating with its categories.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pygame

from game.glossary import Lang, term
from game.replay.pricing import CATEGORIES
from game.replay.review import Review, ReviewedDecision
from game.ui.kit.fonts import Weight
from game.ui.kit.textfit import TextLog
from game.ui.kit.theme import COLOURS, RGB
from game.ui.words.replay_words import move_words

ROWS: Final = 10
"""Candidates listed at most (the move played is always among them)."""

Translate = Callable[..., str]


def shown_candidates(d: ReviewedDecision, rows: int = ROWS) -> list[int]:
    """Which candidates to list, best first: the best ``rows``, the move played replacing the last if
    it is not among them."""
    picked = list(range(min(rows, len(d.candidates))))
    played = next((i for i, c in enumerate(d.candidates) if c.action == d.played), None)
    if played is not None and played not in picked and picked:
        picked[-1] = played
    return picked


def signed_points(value: float) -> str:
    """A price as the panel shows it: +1.23 / −0.40."""
    return f"{'+' if value >= 0 else '−'}{abs(value):.2f}"


def draw_candidates(
    surface: pygame.Surface,
    log: TextLog,
    box: pygame.Rect,
    d: ReviewedDecision,
    lang: Lang,
    tr: Translate,
    px: Callable[[float], int],
) -> int:
    """The table of candidates in ``box`` from its top; returns the y below the last row drawn."""
    row = px(21)
    y = box.y
    if box.h < 2 * row:
        return y
    log.line(surface, tr("review.candidates"), pygame.Rect(box.x, y, box.w, row), px(12), COLOURS.text_dim)
    y += row
    value_w = px(58)
    for i in shown_candidates(d, max(1, min(ROWS, (box.bottom - y) // row))):
        if y + row > box.bottom:
            break
        c = d.candidates[i]
        is_best, is_played = i == 0, c.action == d.played
        mark = "★" if is_best else ("▶" if is_played else "·")
        colour: RGB = COLOURS.gold if is_best else (COLOURS.ting if is_played and d.mistake else COLOURS.text)
        if is_played and not is_best and not d.mistake:
            colour = COLOURS.selected
        words = f"{mark} {move_words(c.action, lang)}"
        if is_played:
            words += " " + tr("review.you_played")
        weight: Weight = "bold" if is_best or is_played else "regular"
        left = pygame.Rect(box.x, y, box.w - value_w, row)
        log.line(surface, words, left, px(13), colour, weight, floor=9)
        right = pygame.Rect(box.right - value_w, y, value_w, row)
        log.line(surface, signed_points(c.value), right, px(13), colour, weight, align="right", floor=9)
        y += row
    return y


def cost_line(d: ReviewedDecision, lang: Lang, tr: Translate) -> str:
    """What the move played costs against the best, and the mistake's category (or that it is none)."""
    if d.agree:
        return ""
    if not d.mistake:
        return tr("review.no_mistake", cost=f"{d.cost:.2f}")
    return tr("review.mistake", cost=f"{d.cost:.2f}", category=term(f"review.cat.{d.category}", lang))


def rating_lines(found: Review, lang: Lang, tr: Translate) -> tuple[str, str]:
    """The match rating and points lost, and the categories with mistakes (counts and points)."""
    rating = tr("review.rating", rating=found.rating, lost=f"{found.lost:.1f}")
    rows = found.categories()
    parts = [
        tr(
            "review.category_part",
            name=term(f"review.cat.{name}", lang),
            n=int(rows[name]["mistakes"]),
            points=f"{rows[name]['points']:.1f}",
        )
        for name in CATEGORIES
        if rows[name]["mistakes"]
    ]
    return rating, " · ".join(parts) if parts else tr("review.no_mistakes")


__all__ = ["ROWS", "cost_line", "draw_candidates", "rating_lines", "shown_candidates", "signed_points"]
