"""The one way the game replaces a whole file: temp file in the same folder, fsync, rename, fsync the folder.

Used for settings, replays and saves alike, so a crash or a full disk leaves
either the old file or the new one, never half of either. No pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from .safe_read import NOT_A_NAME, shown_name


def write_atomic(path: Path, text: str, mode: int = 0o644) -> None:
    """Replace ``path`` with ``text`` (UTF-8, ``\\n`` line ends): temp file, fsync, rename.

    The folder is created if needed; the file gets ``mode`` (an ordinary document's by default). A path no
    file can have (one holding a null character, as a pasted name can) is an OSError like any other a
    writer reports, not a ValueError that would escape its ``except OSError``.
    """
    path = Path(path)
    if "\x00" in str(path):
        raise OSError(errno.EINVAL, NOT_A_NAME, shown_name(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)  # mkstemp makes the file private
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable where the platform allows it (not on Windows)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["write_atomic"]
