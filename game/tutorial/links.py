"""Which lesson explains each "why not": engine refusal codes and 听 blockers mapped to lesson ids.

The map is data, ``tutorials/_refusals.toml``::

    [refusal]
    chi_only_from_shangjia = "calls"
    [blocker]
    not_open = "kaimen"

Every refusal code of the engine (the glossary's ``refusal.*`` keys) and every
blocker code of the 听 analysis has an entry (a test proves it), so
every why-not message of a normal game can link to its lesson:
:func:`lesson_for` picks the blocker's lesson for a refused 听, the
refusal's lesson otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.actions import Refusal
from ..core.analysis.ting import BLOCKER_CODES
from ..glossary import TERMS
from .files import LessonError
from .loader import lessons_dir, read_document

LINKS_FILE = "_refusals.toml"


def refusal_codes() -> tuple[str, ...]:
    """Every engine refusal code (the glossary's ``refusal.*`` keys)."""
    return tuple(k.removeprefix("refusal.") for k in TERMS if k.startswith("refusal."))


@dataclass(frozen=True)
class Links:
    """Lesson ids by refusal code and by 听 blocker code."""

    refusals: Mapping[str, str] = field(default_factory=dict)
    blockers: Mapping[str, str] = field(default_factory=dict)

    def lesson_for(self, refusal: Refusal) -> str | None:
        """The lesson that explains a refusal (its first blocker's lesson for a refused 听)."""
        for code in refusal.blockers:
            if code in self.blockers:
                return self.blockers[code]
        return self.refusals.get(refusal.code)

    def unknown_lessons(self, ids: set[str]) -> list[str]:
        """Entries that name a lesson not in ``ids`` (``refusal.X -> id``)."""
        out = [f"refusal.{c} -> {x}" for c, x in self.refusals.items() if x not in ids]
        return out + [f"blocker.{c} -> {x}" for c, x in self.blockers.items() if x not in ids]

    def missing(self) -> list[str]:
        """Codes with no lesson (``refusal.X`` / ``blocker.X``); empty when the map is complete."""
        out = [f"refusal.{c}" for c in refusal_codes() if c not in self.refusals]
        out += [f"blocker.{c}" for c in BLOCKER_CODES if c not in self.blockers]
        return out


def load_links(path: Path | None = None) -> Links:
    """Read the refusal → lesson map; LessonError names the file and the problem."""
    p = lessons_dir() / LINKS_FILE if path is None else path
    data = read_document(p)
    if not isinstance(data, Mapping) or set(data) - {"refusal", "blocker"}:
        raise LessonError(f"{p}: expected only the tables [refusal] and [blocker]")
    tables: list[dict[str, str]] = []
    for name, known in (("refusal", refusal_codes()), ("blocker", BLOCKER_CODES)):
        table = data.get(name, {})
        if not isinstance(table, Mapping):
            raise LessonError(f"{p}: [{name}] must be a table of code = lesson id")
        for code, lesson in table.items():
            if code not in known:
                raise LessonError(f"{p}: [{name}] {code!r} is not a {name} code")
            if not isinstance(lesson, str) or not lesson:
                raise LessonError(f"{p}: [{name}] {code}: a lesson id")
        tables.append(dict(table))
    return Links(tables[0], tables[1])
