"""Reasons in words: ``render_reason(reason, lang)`` from the glossary's ``reason.*`` templates.

A :class:`~game.ai.base.Reason` carries a kind, raw parameters and notes; the
text lives in :mod:`game.glossary` (one template per kind and language, with
named fields): ``reason.<kind>`` for the main sentence, ``reason.note.<kind>``
for each note after it, ``reason.word.<key>`` for the words the parameters
render as. Parameters are rendered by name:

* ``tile``, ``keep``, ``discard``, ``refused``, ``alt`` — a tile kind (八万 / 8 Characters);
* ``waits``, ``alt_waits`` — a list of kinds;
* ``seats`` — the ready seats, a list of ``[wind, rel, seat]``, named from the deciding seat's point of
  view by ``rel`` 1-3 (下家/对家/上家, :func:`game.seats.relative_word`; the hand's wind and ``seat``, the
  chair, are kept for the log and the audit, not shown); ``seats_are`` renders "is"/"are" to agree with
  them in English;
* ``steps``, ``before``, ``after``, ``keep_steps``, ``ref_steps``, ``alt_steps`` — steps from ready
  (2步 / 2 steps);
* ``accept``, ``accept2``, ``ref_accept``, ``alt_accept`` — a number of unseen tiles
  (23张 / 23 unseen tiles); ``safe_left`` — tiles in hand;
* ``live``, ``alt_live`` — unseen copies (未见3张 / 3 unseen);
* ``risk``, ``refused_risk``, ``alt_risk`` — a percentage;
* ``call``, ``move`` — an action as its word (吃 / chi, 杠 / kong …); ``cond`` — a hand condition;
  ``why`` — what blocks 听;
* anything else — as written (numbers as digits).

A missing or ``None`` parameter renders as an empty string, so a template
never fails on an optional field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.tiles import kind_name
from ..glossary import TERMS, Lang, term
from ..seats import relative_word
from .base import Reason

REASON_KINDS: tuple[str, ...] = tuple(
    k.split(".", 1)[1] for k in TERMS if k.startswith("reason.") and k.count(".") == 1
)
"""Every reason kind with a template."""
NOTE_KINDS: tuple[str, ...] = tuple(k.split(".", 2)[2] for k in TERMS if k.startswith("reason.note."))
"""Every kind of note with a template."""

_TILE_KEYS = frozenset(("tile", "keep", "discard", "refused", "alt"))
_WAIT_KEYS = frozenset(("waits", "alt_waits"))
_STEP_KEYS = frozenset(("steps", "before", "after", "keep_steps", "ref_steps", "alt_steps"))
_COUNT_KEYS = frozenset(("accept", "accept2", "ref_accept", "alt_accept"))
_HAND_KEYS = frozenset(("safe_left",))
_LIVE_KEYS = frozenset(("live", "alt_live"))
_PCT_KEYS = frozenset(("risk", "refused_risk", "alt_risk"))
_WORD_KEYS = frozenset(("call", "move", "cond", "why"))


class _Fields(dict[str, str]):
    """Template fields; unknown names render empty instead of failing."""

    def __missing__(self, key: str) -> str:
        return ""


def _lang(lang: str) -> Lang:
    return "en" if lang == "en" else "zh"


def _word(key: str, lg: Lang) -> str:
    name = f"reason.word.{key}"
    return term(name, lg) if name in TERMS else key


def _seats(value: Sequence[Sequence[int]], lg: Lang) -> str:
    names = [relative_word(int(s[1]), lg) for s in value]
    if lg == "zh":
        return "、".join(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, lg: Lang, one: str, many: str, zh: str) -> str:
    if lg == "zh":
        return zh.format(n=n)
    return f"{n} {one if n == 1 else many}"


def render_param(name: str, value: Any, lang: str) -> str:
    """One parameter in words."""
    lg = _lang(lang)
    if value is None:
        return ""
    if name in _TILE_KEYS:
        return kind_name(int(value), lg)
    if name in _WAIT_KEYS:
        sep = "、" if lg == "zh" else ", "
        return sep.join(kind_name(int(k), lg) for k in value) or ("无" if lg == "zh" else "none")
    if name == "seats":
        return _seats(value, lg)
    if name in _STEP_KEYS:
        return _count(int(value), lg, "step", "steps", "{n}步")
    if name in _COUNT_KEYS:
        return _count(int(value), lg, "unseen tile", "unseen tiles", "{n}张")
    if name in _HAND_KEYS:
        return _count(int(value), lg, "tile", "tiles", "{n}张")
    if name in _LIVE_KEYS:
        return _count(int(value), lg, "unseen", "unseen", "未见{n}张")
    if name in _PCT_KEYS:
        return f"{int(value)}%"
    if name in _WORD_KEYS:
        return _word(str(value), lg)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def render_params(params: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Every parameter of a reason in words (with ``seats_are`` when ``seats`` is given)."""
    out = {name: render_param(name, value, lang) for name, value in params.items()}
    seats = params.get("seats")
    if seats is not None:
        out["seats_are"] = ("is" if len(seats) == 1 else "are") if _lang(lang) == "en" else ""
    return out


def _sentence(key: str, params: Mapping[str, Any], lang: str) -> str:
    template = term(key, _lang(lang))
    return template.format_map(_Fields(render_params(params, lang)))


def _tidy_en(text: str) -> str:
    text = " ".join(text.split()).replace(" :", ":").replace(" ,", ",").replace("( ", "(")
    return text[:1].upper() + text[1:]


def render_reason(reason: Reason, lang: str) -> str:
    """The reason, with its notes, as one line of text in ``lang`` (``"zh"`` or ``"en"``)."""
    key = f"reason.{reason.kind}"
    if key not in TERMS:
        return reason.kind
    parts = [_sentence(key, reason.params, lang)]
    for note in reason.notes:
        note_key = f"reason.note.{note.kind}"
        if note_key in TERMS:
            parts.append(_sentence(note_key, {**reason.params, **note.params}, lang))
    if _lang(lang) == "zh":
        return "；".join(p for p in parts if p)
    return ". ".join(_tidy_en(p) for p in parts if p)
