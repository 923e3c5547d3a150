"""The 支对 choice (RULES.md R44) when a 对倒 hand declares 听: declare plainly, or lock one pair.

A 对倒 hand waits on two pairs, either of which may become the triplet. Where the room plays
支对, the player may lock one pair with the discard that declares 听: from then on only that
pair's tile wins, and the win counts as 卡当 (pays double). Without a lock the 对倒 waits on
both tiles and is not 卡当. :func:`lock_choices` lists the legal ways from the engine's own
legal actions; :func:`choice_words` says what each one means. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.core.actions import Action, Discard
from game.core.analysis.ting import TingReport, locked_waits
from game.core.tiles import kind_name, kind_of
from game.glossary import Lang
from game.ui.words.i18n import tr


@dataclass(frozen=True)
class LockChoice:
    """One way to declare 听 with a discard: ``pair`` is the kind locked (None: no lock)."""

    action: Discard
    pair: int | None
    waits: tuple[int, ...]
    """The kinds that win afterwards."""
    kadang: bool
    """A win on them counts as 卡当."""


def lock_choices(
    legal: Sequence[Action], hand: Sequence[int], discard: int, report: TingReport
) -> list[LockChoice]:
    """The legal ways to declare 听 by throwing ``discard`` (a tile id): plainly first (when the rules
    allow it), then locking each 对倒 pair; empty when the engine offers no lock for this discard."""
    kind = kind_of(discard)
    plain: list[LockChoice] = []
    locks: list[LockChoice] = []
    for action in legal:
        if not isinstance(action, Discard) or not action.ting or kind_of(action.tile) != kind:
            continue
        if action.zhidui is None:
            waits = tuple(w.kind for w in report.waits)
            kadang = bool(report.waits) and all(w.kadang for w in report.waits)
            plain = [LockChoice(replace(action, tile=discard), None, waits, kadang)]
            continue
        pair = kind_of(action.zhidui)
        if any(choice.pair == pair for choice in locks):
            continue
        held = next(t for t in hand if kind_of(t) == pair and t != discard)
        wins = locked_waits(pair)
        locks.append(
            LockChoice(
                Discard(discard, ting=True, zhidui=held),
                pair,
                tuple(w.kind for w in wins),
                all(w.kadang for w in wins),
            )
        )
    if not locks:
        return []
    return plain + sorted(locks, key=lambda c: c.pair if c.pair is not None else -1)


def lock_attempt(hand: Sequence[int], discard: int, tile: int) -> Discard:
    """The 听 discard that asks to lock the pair of ``tile`` (the engine says whether it may)."""
    kind = kind_of(tile)
    held = next((t for t in hand if kind_of(t) == kind and t != discard), tile)
    return Discard(discard, ting=True, zhidui=held)


def choice_words(choice: LockChoice, lang: Lang) -> tuple[str, str]:
    """(what the button says, what it means) of a choice: ("支对：扣下八饼", "只胡八饼，算卡当（翻倍）")."""
    sep = "、" if lang == "zh" else " and "
    waits = sep.join(kind_name(k, lang) for k in choice.waits)
    if choice.pair is None:
        return tr("zhidui.plain", lang), tr("zhidui.plain_means", lang, waits=waits)
    tile = kind_name(choice.pair, lang)
    return tr("zhidui.lock", lang, tile=tile), tr("zhidui.lock_means", lang, tile=tile)


__all__ = ["LockChoice", "choice_words", "lock_attempt", "lock_choices"]
