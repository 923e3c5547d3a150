"""The one root of the program's own errors.

Every exception class the program defines derives from :class:`HarbinError`, directly or through
its family (a bad lesson file is a ``LessonError``, a bad log line an ``EventError`` …), so a caller
can tell the program's own refusals from a Python bug with one ``except HarbinError``. Each class
also keeps the built-in base it always had (``ValueError``, ``RuntimeError``), so existing handlers
still catch it.
"""

from __future__ import annotations


class HarbinError(Exception):
    """An error the program raises on purpose: bad input, a file it cannot use, a rule broken."""


__all__ = ["HarbinError"]
