"""``python -m game``, the ``harbin-mahjong`` command and the standalone program's entry point."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Mapping
from typing import Final

from game.cli.main import main as cli_main

START_METHOD_ENV: Final = "HARBIN_MAHJONG_MP_START"
"""Environment variable naming how worker processes start (``spawn``, ``fork``, ``forkserver``): lets a
Linux run of the standalone program start ``tournament --workers`` processes the Windows and macOS way."""


def _worker_start_method(environ: Mapping[str, str]) -> str | None:
    """The start method the environment asks for (None: the platform's default); exit 2 on a bad one."""
    method = environ.get(START_METHOD_ENV, "").strip()
    if not method:
        return None
    known = multiprocessing.get_all_start_methods()
    if method not in known:
        choices = ", ".join(known)
        print(f"harbin-mahjong: error: {START_METHOD_ENV}={method!r}: one of {choices}", file=sys.stderr)
        raise SystemExit(2)
    return method


def _ensure_streams() -> None:
    """A windowed program (no console) has no stdout/stderr: writes to them go nowhere instead of failing.

    The log goes to the log file in any case (game.settings.setup_logging).
    """
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the program
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def main() -> int:
    """Entry point of the console script: the game window, or a subcommand.

    In a frozen program, a worker process of ``tournament --workers`` is this same program started
    again: :func:`multiprocessing.freeze_support` runs the worker's job there and exits.
    """
    multiprocessing.freeze_support()
    _ensure_streams()
    method = _worker_start_method(os.environ)
    if method is not None:
        multiprocessing.set_start_method(method, force=True)
    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
