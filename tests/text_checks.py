"""What player-facing text must never contain: internal ids, and words outside the glossary's choices.

:func:`problems` lists every offence in one text (empty when the text is clean), so a
test can report all of them at once. The word choices are those of ``game/glossary.py``.
"""

from __future__ import annotations

import re

TILES = re.compile(r"\[\[[^\]]*\]\]")
"""Tile pictures of the rules markup: drawn as tiles, not read as text."""

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
GLOSS = re.compile(r"\([^()]*\)")

INTERNAL = [
    (re.compile(r"\bR\d{1,2}\b"), "a rule-row id"),
    (re.compile(r"\bS[0-4]\b"), "a source tag"),
    (re.compile(r"\bC\d{2}\b"), "a case id"),
    (re.compile(r"_"), "an underscore (a code key)"),
    (re.compile(r"\b\d+[mpsz]\b"), "tile notation in prose"),
    (re.compile(r"poker|mjhaeb|tuyoo|zhanbh|daqingmahjong|js8544|kevin", re.I), "a peer project's name"),
    (re.compile(r"\{[^}]*\}"), "an unfilled template field"),
]
"""Patterns no player-facing text may hold, in any language."""

EN_WORDS = re.compile(
    r"\b(ron|pon|shanten|ting|gang|hu|listen\w*|terminals?|chiting|pengting|mobao|baozhongbao|huanbao|"
    r"menqing|dianpao|zimo|fenzhang|huangzhuang|kaimen|kouting|dafeng|chongbao|qianggang|jiehu|baofu|"
    r"baopai|furiten)\b",
    re.I,
)
"""English words the glossary rules out (ready, kong, win, kadang ... are the chosen ones)."""

ZH_WIN_HE = re.compile(r"和牌|自摸和|点和|胡和|和了|放和|缺门")
"""和 for a win (only the name 截和 keeps it), and 缺门 (two suits, a legal hand) for a one-suit hand."""


def problems(text: str, lang: str, gloss_allowed: bool = False) -> list[str]:
    """Every internal id or off-glossary word in one player-facing text.

    ``gloss_allowed``: English text may name a Harbin word in Chinese once, in brackets right
    after the English word it defines (the rules reference); elsewhere English has no Chinese.
    """
    prose = TILES.sub(" ", text)
    out = [f"{what}: {m.group(0)!r}" for pattern, what in INTERNAL for m in pattern.finditer(prose)]
    if lang == "en":
        out += [f"a word the glossary rules out: {m.group(0)!r}" for m in EN_WORDS.finditer(prose)]
        bare = GLOSS.sub(" ", prose) if gloss_allowed else prose
        out += [f"Chinese inside English: {m.group(0)!r}" for m in CJK.finditer(bare)]
    else:
        out += [f"和 for a win, or 缺门: {m.group(0)!r}" for m in ZH_WIN_HE.finditer(prose)]
    return out


__all__ = ["problems"]
