"""The operating system's preferred UI languages, read through SDL (Windows and macOS desktop launches
usually carry no ``LANG``, so the locale variables alone would miss a Chinese system)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

import pygame

log = logging.getLogger(__name__)


def preferred_locales(
    source: Callable[[], list[Mapping[str, str | None]]] | None = None,
) -> list[str]:
    """The preferred locales, most wanted first, as tags like ``zh_CN`` or ``en``; empty if SDL cannot tell.

    ``source`` stands in for ``pygame.system.get_pref_locales`` (it returns ``{"language", "country"}``
    dicts).
    """
    read = source if source is not None else pygame.system.get_pref_locales
    try:
        found = read()
    except (pygame.error, OSError) as exc:
        log.info("preferred locales unavailable: %s", exc)
        return []
    tags = []
    for entry in found:
        language, country = entry.get("language") or "", entry.get("country") or ""
        if language:
            tags.append(f"{language}_{country}" if country else language)
    return tags


__all__ = ["preferred_locales"]
