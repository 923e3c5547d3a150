"""Guarded reading of the files a person can hand the game: saves, replays, settings, scenarios, lessons.

Every loader reads through here, so a hostile or broken file gets one clear
:class:`BadFileError` naming the file and the problem, never a hang or a crash:

- :func:`read_bytes` / :func:`read_text` refuse a path that is not a regular
  file (a folder, ``/dev/zero``, a pipe, a socket) without opening it for a
  blocking read, and a file over the size cap of its kind (``MAX_*_BYTES``)
  from its size alone; ``read_text`` decodes UTF-8 and accepts a byte-order mark.
- :func:`loads_json` / :func:`loads_toml` parse text and turn every way the
  parser can fail — bad syntax, a number with thousands of digits, nesting
  thousands deep, a string escaping half of a UTF-16 pair (``\\ud800``: no text, and
  nothing written from it could be encoded) or the null character (no font draws it) —
  into the same error. Nesting deeper
  than :data:`MAX_DEPTH` is refused too, so later code never recurses into it;
  that check walks the parsed value only when the text has that many brackets.

Typical use (lessons, any new loader)::

    data = load_json_file(path, "lesson", MAX_LESSON_BYTES)   # or loads_toml(read_text(...), str(path))

This module imports nothing from pygame.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from game.core.errors import HarbinError

KIB: Final = 1024
NOT_A_NAME: Final = "not a file name: it holds a null character"
"""Why a path holding a null character is refused, read or written."""
MAX_LOG_BYTES: Final = 8 * KIB * KIB
"""Saves and replays (a 16-hand match is about 0.1 MB)."""
MAX_SETTINGS_BYTES: Final = 64 * KIB
"""The settings file (a few hundred bytes)."""
MAX_SCENARIO_BYTES: Final = 256 * KIB
"""Scenario files (a few kilobytes)."""
MAX_LESSON_BYTES: Final = 256 * KIB
"""Lesson scripts (a few kilobytes each)."""
MAX_DEPTH: Final = 64
"""The deepest nesting of arrays/objects any of our files may have (ours use 3)."""


class BadFileError(HarbinError, ValueError):
    """A file (or a part of one) the program will not use; ``str()`` is ``"<source>: <problem>"``."""

    def __init__(self, source: str, problem: str) -> None:
        """``source`` names the file (and line, if any); ``problem`` says what is wrong, in a few words."""
        super().__init__(f"{source}: {problem}")
        self.source = source
        self.problem = problem


class MissingFileError(BadFileError):
    """The file does not exist (loaders often treat this as "nothing saved yet")."""


def _size_text(n: int) -> str:
    if n >= KIB * KIB:
        return f"{n / (KIB * KIB):.1f} MB"
    if n >= KIB:
        return f"{n / KIB:.0f} KB"
    return f"{n} bytes"


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _check_stat(source: str, st: os.stat_result, what: str, max_bytes: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise BadFileError(source, f"{_kind_of(st.st_mode)}, not a {what} file")
    if st.st_size > max_bytes:
        raise BadFileError(
            source,
            f"too big for a {what} file ({_size_text(st.st_size)}; at most {_size_text(max_bytes)})",
        )


def shown_name(path: Path | str) -> str:
    """A file name as a message shows it: a null character (a pasted name can hold one; no file has it and
    no font draws it) written as ``\\0``."""
    return str(path).replace("\x00", "\\0")


def read_bytes(path: Path | str, what: str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; BadFileError (MissingFileError) otherwise.

    ``what`` names the kind of file in messages ("replay", "settings", "scenario", "lesson").
    """
    source = str(path)
    if "\x00" in source:  # a pasted name can hold one; the OS takes no such name (and no font draws it)
        raise BadFileError(shown_name(source), NOT_A_NAME)
    try:
        _check_stat(source, os.stat(path), what, max_bytes)
        # O_NONBLOCK: a pipe swapped in after the check must not block the open.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise MissingFileError(source, "no such file") from None
    except NotADirectoryError:
        raise MissingFileError(source, "no such file (a folder on its path is a file)") from None
    except OSError as exc:
        raise BadFileError(source, f"cannot be read ({exc.strerror or exc})") from None
    try:
        _check_stat(source, os.fstat(fd), what, max_bytes)
        with contextlib.suppress(OSError, AttributeError):
            os.set_blocking(fd, True)
        chunks = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise BadFileError(source, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise BadFileError(source, f"too big for a {what} file (more than {_size_text(max_bytes)})")
    return b"".join(chunks)


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); BadFileError names the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadFileError(source, f"not UTF-8 text (byte {exc.start})") from None


def read_text(path: Path | str, what: str, max_bytes: int) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes`` (see :func:`read_bytes`)."""
    return decode_text(read_bytes(path, what, max_bytes), str(path))


_ESCAPED_NON_TEXT: Final = re.compile(r"\\u(?:[dD][89a-fA-F]|0000)|\\U00000000")
"""A JSON escape of a UTF-16 surrogate (a pair of them is one character), or a JSON or TOML escape of the
null character."""
_NON_TEXT: Final = re.compile("[\ud800-\udfff\x00]")


def _too_deep(value: Any) -> bool:
    """True if arrays/objects nest more than MAX_DEPTH levels (an explicit stack, no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, dict | list))
    return False


def _strings(value: Any) -> Iterator[str]:
    """Every string in a parsed value, object keys included (an explicit stack, no recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _non_text(value: Any) -> str | None:
    """What no string of a file may hold, if one does: half of a UTF-16 pair (``\\ud800`` escaped alone,
    no text, and nothing written from it could be encoded) or the null character (``\\u0000``, which no
    font draws)."""
    for text in _strings(value):
        found = _NON_TEXT.search(text)
        if found is not None:
            if found.group() == "\x00":
                return "a string holds the null character (\\u0000), which is not text"
            return "a string holds a lone UTF-16 surrogate (an escape such as \\ud800), not text"
    return None


def _parse_problem(exc: ValueError | RecursionError, text: str) -> str:
    """The few words for why a parser gave up on ``text``."""
    if isinstance(exc, RecursionError):
        return f"nested too deeply (more than {MAX_DEPTH} levels)"
    if isinstance(exc, json.JSONDecodeError):
        where = f"line {exc.lineno}, column {exc.colno}" if "\n" in text else f"column {exc.colno}"
        return f"not valid JSON ({where}: {exc.msg})"
    if isinstance(exc, tomllib.TOMLDecodeError):
        return f"not valid TOML ({exc})"
    if "digits" in str(exc):  # int() refuses numbers longer than sys.get_int_max_str_digits()
        return "a number with too many digits"
    return str(exc)


def _parse(parser: Callable[[str], Any], text: str, source: str) -> Any:
    """Run a parser with every failure turned into BadFileError, then refuse nesting past MAX_DEPTH."""
    try:
        value = parser(text)
    except (ValueError, RecursionError) as exc:
        raise BadFileError(source, _parse_problem(exc, text)) from None
    if text.count("[") + text.count("{") > MAX_DEPTH and _too_deep(value):
        raise BadFileError(source, f"nested too deeply (more than {MAX_DEPTH} levels)")
    problem = _non_text(value) if _ESCAPED_NON_TEXT.search(text) else None  # only an escape makes one
    if problem is not None:
        raise BadFileError(source, problem)
    return value


def loads_json(text: str, source: str) -> Any:
    """Parse JSON text; BadFileError (naming ``source``) for bad syntax, huge numbers, deep nesting.

    ``NaN`` and ``Infinity`` load as floats, as Python writes them; loaders refuse them where a value
    must be a whole number or lie in a range.
    """
    return _parse(json.loads, text, source)


def loads_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; BadFileError (naming ``source``) for bad syntax, huge numbers, deep nesting."""
    value: dict[str, Any] = _parse(tomllib.loads, text, source)
    return value


def load_json_file(path: Path | str, what: str, max_bytes: int) -> Any:
    """Read and parse a JSON file through every guard of this module."""
    return loads_json(read_text(path, what, max_bytes), str(path))


def load_toml_file(path: Path | str, what: str, max_bytes: int) -> dict[str, Any]:
    """Read and parse a TOML file through every guard of this module."""
    return loads_toml(read_text(path, what, max_bytes), str(path))


def shorten(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for naming a bad value in a one-line message."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int beyond the digit limit, a structure too deep
        return f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
