"""Reasons in words: ``render_reason(reason, lang)`` from the glossary's ``reason.<kind>`` templates.

A :class:`~game.ai.base.Reason` carries a kind and raw parameters; the text
lives in :mod:`game.glossary` (one template per kind and language, with named
fields). Parameters are rendered by name:

* ``tile``, ``keep``, ``discard`` — a tile kind, as ``kind_name`` (八万 / 8 Characters);
* ``waits`` — a list of kinds;
* ``wind`` — a seat's wind in this hand, 0-3 counted from the dealer (东家 / East); ``seat`` — the
  seat's number at the table (kept for the log, not shown); ``rel`` — 1-3 as 下家/对家/上家;
* ``call``, ``move`` — an action type (``chi``, ``peng``, ``discard`` …) as its glossary word;
* ``cond`` — a hand condition (``yaojiu``, ``kezi``, ``shunzi``) as its glossary word;
* anything else — as written (numbers as digits).

A missing or ``None`` parameter renders as an empty string, so a template
never fails on an optional field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.tiles import kind_name
from ..glossary import TERMS, Lang, term
from .base import Reason

REASON_KINDS: tuple[str, ...] = tuple(k.split(".", 1)[1] for k in TERMS if k.startswith("reason."))
"""Every reason kind with a template."""

_WINDS = "ESWN"
_REL = {1: "xiajia", 2: "duijia", 3: "shangjia"}
_TILE_KEYS = ("tile", "keep", "discard")


class _Fields(dict[str, str]):
    """Template fields; unknown names render empty instead of failing."""

    def __missing__(self, key: str) -> str:
        return ""


def _lang(lang: str) -> Lang:
    return "en" if lang == "en" else "zh"


def render_param(name: str, value: Any, lang: str) -> str:
    """One parameter in words."""
    lg = _lang(lang)
    if value is None:
        return ""
    if name in _TILE_KEYS:
        return kind_name(int(value), lg)
    if name == "waits":
        sep = "、" if lg == "zh" else ", "
        return sep.join(kind_name(int(k), lg) for k in value) or ("无" if lg == "zh" else "none")
    if name == "wind":
        word = term(f"seat.{_WINDS[int(value) % 4]}", lg)
        return word + "家" if lg == "zh" else word
    if name == "rel":
        return term(_REL.get(int(value), "xiajia"), lg)
    if name in ("call", "move", "cond"):
        key = str(value)
        return term(key, lg) if key in TERMS else key
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def render_params(params: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Every parameter of a reason in words."""
    return {name: render_param(name, value, lang) for name, value in params.items()}


def render_reason(reason: Reason, lang: str) -> str:
    """The reason as one line of text in ``lang`` (``"zh"`` or ``"en"``)."""
    key = f"reason.{reason.kind}"
    if key not in TERMS:
        return reason.kind
    template = term(key, _lang(lang))
    fields = _Fields(render_params(reason.params, lang))
    text = template.format_map(fields)
    if _lang(lang) == "zh":
        return text
    text = " ".join(text.split()).replace(" :", ":").replace(" ,", ",").replace("( ", "(")
    return text[:1].upper() + text[1:]
