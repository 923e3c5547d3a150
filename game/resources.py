"""Where the game's read-only files are: the assets (theme, fonts, rules texts, licences, icons) and the
lookup tables of hand analysis, and the folders shipped beside the package (the
lessons in ``tutorials/``, the sample replays in ``saves/``).

One module finds them all, the same way in a source checkout, an editable install
and a PyInstaller bundle (where everything is unpacked under ``sys._MEIPASS``:
``assets/`` and ``game/core/data/``). The environment variable
``HARBIN_MAHJONG_ASSETS`` points at another assets folder (for development).
Standard library only: the rules core asks it for its tables. User files
(saves, replays, settings, logs) are :mod:`game.paths`'s business.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

ASSETS_ENV: Final = "HARBIN_MAHJONG_ASSETS"
"""Environment variable that points at another assets folder (for development)."""


def install_root() -> Path:
    """The folder that holds the ``game`` package and ``assets/``: the bundle when frozen, else the
    repository (the package stays there in a checkout and an editable install)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_root(environ: Mapping[str, str] | None = None) -> Path:
    """The folder holding the game's assets: ``HARBIN_MAHJONG_ASSETS`` if set, else ``assets/`` under
    :func:`install_root`."""
    env = os.environ if environ is None else environ
    override = env.get(ASSETS_ENV, "").strip()
    if override:
        return Path(override).expanduser().resolve()
    return install_root() / "assets"


def asset(*parts: str) -> Path:
    """Path of one asset file below :func:`asset_root`."""
    return asset_root().joinpath(*parts)


def shipped(folder: str) -> Path:
    """A folder the game ships beside the package: ``tutorials`` (lessons), ``saves`` (sample replays)."""
    return install_root() / folder


def table_file(name: str) -> Path:
    """Path of one lookup table of hand analysis (``game/core/data/NAME``)."""
    return install_root() / "game" / "core" / "data" / name


__all__ = ["ASSETS_ENV", "asset", "asset_root", "install_root", "shipped", "table_file"]
