"""The sample replays that ship with the game (``saves/``): their titles, for the replay library.

``saves/index.json`` names each sample in both languages::

    {"version": 1, "samples": [{"file": "expert-table-4-hands.jsonl", "zh": "…", "en": "…"}]}

A sample without a title is listed by its file name. A bad index is logged (naming the file and
the problem) and the samples are listed by their file names: the library never fails on it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ..safe_read import BadFileError, load_json_file

log = logging.getLogger(__name__)

INDEX_NAME: Final = "index.json"
"""The samples' index in the samples folder."""
MAX_INDEX_BYTES: Final = 64 * 1024
LANGS: Final = ("zh", "en")


class SampleIndexError(BadFileError):
    """The samples' index cannot be used: names the file and the problem."""


def read_titles(folder: Path) -> dict[str, dict[str, str]]:
    """Each sample's title by file name and language, from the folder's index; SampleIndexError names the
    file and what is wrong (a missing index is no titles)."""
    path = Path(folder) / INDEX_NAME
    if not path.is_file():
        return {}
    try:
        data = load_json_file(path, "the samples' index", MAX_INDEX_BYTES)
    except BadFileError as exc:
        raise SampleIndexError(exc.source, exc.problem) from None
    if not isinstance(data, Mapping) or data.get("version") != 1 or not isinstance(data.get("samples"), list):
        raise SampleIndexError(str(path), 'expected {"version": 1, "samples": [...]}')
    titles: dict[str, dict[str, str]] = {}
    for i, item in enumerate(data["samples"]):
        if not isinstance(item, Mapping) or not isinstance(item.get("file"), str):
            raise SampleIndexError(str(path), f'samples[{i}] needs a "file"')
        names = {lang: item.get(lang) for lang in LANGS}
        if not all(isinstance(v, str) and v.strip() for v in names.values()):
            raise SampleIndexError(str(path), f'samples[{i}] needs a title in "zh" and in "en"')
        titles[item["file"]] = {lang: str(v).strip() for lang, v in names.items()}
    return titles


def titles_or_none(folder: Path) -> dict[str, dict[str, str]]:
    """The samples' titles, or none when the index cannot be used (the problem logged)."""
    try:
        return read_titles(folder)
    except BadFileError as exc:
        log.warning("%s", exc)
        return {}


__all__ = ["INDEX_NAME", "SampleIndexError", "read_titles", "titles_or_none"]
