"""Opening a saved file's folder in the system's file manager (the "Open folder" buttons beside a
replay's or the settings file's path): ``xdg-open`` on Linux, ``open`` on macOS, ``os.startfile`` on
Windows, in one function. A failure is returned as a sentence for a toast, never raised.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Opener = Callable[[Path], object]
"""Opens a folder in the file manager (raises OSError when it cannot)."""


def system_opener(platform: str = sys.platform) -> Opener:
    """The file manager's opener on a platform (``sys.platform`` names)."""
    if platform.startswith("win"):
        startfile: Callable[[str], object] = getattr(os, "startfile")  # noqa: B009 (Windows only)
        return lambda folder: startfile(str(folder))
    command = "open" if platform == "darwin" else "xdg-open"

    def launch(folder: Path) -> object:
        return subprocess.Popen(
            [command, str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    return launch


def open_folder(path: Path, opener: Opener | None = None) -> str | None:
    """Show the folder holding ``path`` (``path`` itself when it is a folder); None when it was handed to
    the file manager, else why not in one line naming the folder."""
    folder = path if path.is_dir() else path.parent
    if not folder.is_dir():
        return f"{folder}: the folder does not exist"
    try:
        (opener if opener is not None else system_opener())(folder)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        program = exc.filename
        if program is not None and str(program) != str(folder):  # the file manager itself is missing
            return f"{folder}: could not start {program} ({reason})"
        return f"{folder}: {reason}"
    except (ValueError, subprocess.SubprocessError) as exc:
        return f"{folder}: {exc}"
    return None


__all__ = ["Opener", "open_folder", "system_opener"]
