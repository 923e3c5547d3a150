"""The 支对 choice in words (RULES.md R44): what each way to declare 听 is called and what it means.

The ways themselves — the pair locked, the waits, whether a win is 卡当 — are the core's facts
(:func:`game.core.zhidui.lock_choices`); this module only says them.
"""

from __future__ import annotations

from game.core.tiles import kind_name
from game.core.zhidui import LockChoice
from game.glossary import Lang
from game.ui.words.i18n import tr


def choice_words(choice: LockChoice, lang: Lang) -> tuple[str, str]:
    """(what the button says, what it means) of a choice: ("支对：扣下八饼", "只胡八饼，算卡当（翻倍）")."""
    sep = "、" if lang == "zh" else " and "
    waits = sep.join(kind_name(k, lang) for k in choice.waits)
    if choice.pair is None:
        return tr("zhidui.plain", lang), tr("zhidui.plain_means", lang, waits=waits)
    tile = kind_name(choice.pair, lang)
    return tr("zhidui.lock", lang, tile=tile), tr("zhidui.lock_means", lang, tile=tile)


__all__ = ["choice_words"]
