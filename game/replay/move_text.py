"""A move of the replay notation in the player's words (打出 五万 / discard 5 Characters), for the review,
the coach and the viewer.
"""

from __future__ import annotations

from typing import Final

from ..glossary import Lang, term
from ..tutorial.text import tile_name, tiles_text
from .notation import NotationError, parse_move

_CALLS: Final = {"peng": "peng", "gang": "minggang", "angang": "angang", "jiagang": "jiagang"}


def move_words(text: str, lang: Lang) -> str:
    """A move of the notation in words: 打出 五万, 报听 打出 三饼, 吃 345万, 碰听 红中, 胡, 过."""
    try:
        move = parse_move(text)
    except NotationError:
        return text
    if move.verb in ("hu", "pass"):
        return term(move.verb, lang)
    zh = lang == "zh"
    if move.verb == "discard":
        tile = tile_name(move.kinds[0], lang)
        if not move.ting:
            return f"打出 {tile}" if zh else f"discard {tile}"
        words = f"报听，打出 {tile}" if zh else f"declare ready, discarding {tile}"
        if move.lock is not None:
            lock = tile_name(move.lock, lang)
            words += f"（{term('zhidui', lang)} {lock}）" if zh else f" (locked pair: {lock})"
        return words
    tiles = tiles_text(list(move.kinds), lang) if move.verb == "chi" else tile_name(move.kinds[0], lang)
    if move.ting:
        word = term(f"{move.verb}ting", lang)
        return f"{word} {tiles}" if zh else f"{term(move.verb, lang)} {tiles} and declare ready"
    return f"{term(_CALLS.get(move.verb, move.verb), lang)} {tiles}"


__all__ = ["move_words"]
