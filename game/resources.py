"""Where the game's read-only files are: the assets (theme, fonts, rules texts, licences), the lookup
tables of hand analysis, the lessons (``tutorials/``) and the sample replays (``saves/``).

The repository keeps ``assets/``, ``tutorials/`` and ``saves/`` at its top, beside the ``game``
package. One module finds them all, in every way the game is installed:

* a PyInstaller bundle: everything is unpacked under ``sys._MEIPASS`` (``assets/``,
  ``tutorials/``, ``saves/``, ``game/core/data/``), as ``build_exe.spec`` lays it out;
* an installed wheel (``pip install``): the build maps the three folders into the package as the
  data-only subpackages ``game/_assets``, ``game/_tutorials`` and ``game/_saves`` (``setup.py``);
* a source checkout or an editable install: the folders beside the package.

The package is located with :mod:`importlib.resources`. The environment variable
``HARBIN_MAHJONG_ASSETS`` points at another assets folder (for development). Standard library
only: the rules core asks it for its tables. User files (saves, replays, settings, logs) are
:mod:`game.paths`'s business.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from typing import Final

ASSETS_ENV: Final = "HARBIN_MAHJONG_ASSETS"
"""Environment variable that points at another assets folder (for development)."""

SHIPPED_FOLDERS: Final = ("assets", "tutorials", "saves")
"""The read-only folders the game ships: assets, lessons, sample replays."""

PACKAGED_PREFIX: Final = "_"
"""An installed wheel holds each shipped folder as ``game/_NAME`` (see ``setup.py``)."""


def package_dir() -> Path:
    """The folder of the ``game`` package itself, as :mod:`importlib.resources` finds it."""
    root = files("game")
    if not isinstance(root, Path):  # only a zipped package has no folder; the game is never installed so
        raise RuntimeError(f"the game package is not a folder on disk: {root}")
    return root


def frozen_root() -> Path | None:
    """The bundle's unpacked folder (``sys._MEIPASS``) when running as a PyInstaller program, else None."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return None


def install_root() -> Path:
    """The folder that holds the ``game`` package: the bundle when frozen, else the checkout (or
    ``site-packages`` for an installed wheel)."""
    bundle = frozen_root()
    return bundle if bundle is not None else package_dir().parent


def shipped(folder: str) -> Path:
    """A read-only folder the game ships: ``assets``, ``tutorials`` (lessons), ``saves`` (sample replays).

    The bundle's copy when frozen; the package's own copy in an installed wheel; else the folder
    beside the package (a checkout or an editable install).
    """
    if folder not in SHIPPED_FOLDERS:
        raise ValueError(f"unknown shipped folder {folder!r}: one of {', '.join(SHIPPED_FOLDERS)}")
    bundle = frozen_root()
    if bundle is not None:
        return bundle / folder
    packaged = package_dir() / (PACKAGED_PREFIX + folder)
    if packaged.is_dir():
        return packaged
    return package_dir().parent / folder


def asset_root(environ: Mapping[str, str] | None = None) -> Path:
    """The folder holding the game's assets: ``HARBIN_MAHJONG_ASSETS`` if set, else the shipped ``assets``."""
    env = os.environ if environ is None else environ
    override = env.get(ASSETS_ENV, "").strip()
    if override:
        return Path(override).expanduser().resolve()
    return shipped("assets")


def asset(*parts: str) -> Path:
    """Path of one asset file below :func:`asset_root`."""
    return asset_root().joinpath(*parts)


def table_file(name: str) -> Path:
    """Path of one lookup table of hand analysis (``game/core/data/NAME``)."""
    bundle = frozen_root()
    package = bundle / "game" if bundle is not None else package_dir()
    return package / "core" / "data" / name


__all__ = [
    "ASSETS_ENV",
    "SHIPPED_FOLDERS",
    "asset",
    "asset_root",
    "frozen_root",
    "install_root",
    "package_dir",
    "shipped",
    "table_file",
]
