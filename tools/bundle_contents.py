"""What the standalone bundle carries: read by ``build_exe.spec`` at build time and checked by the tests.

* the game's read-only folders, laid out in the bundle as in the repository (``assets/``,
  ``tutorials/``, ``saves/``, ``game/core/data/``) — :mod:`game.resources` finds them there;
* of pygame_gui's data, only what the game loads: its default theme, its English and Chinese
  translations, the Latin default font and the symbols font every UIManager opens, and the Noto
  Sans SC Regular/Bold files the game's theme names by path (``game.ui.kit.fonts``);
* the licence texts of every bundled distribution, found in the installed packages' files;
* no modules the game never imports (tests, developer tools, numpy, tkinter ...).

Paths are built with :mod:`pathlib` and :mod:`os.path` only: the same spec builds on Windows and macOS.
"""

from __future__ import annotations

import importlib.metadata
import os
import sysconfig
from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
NAME: Final = "harbin-mahjong"
"""The bundle's folder and its program."""

SHIPPED: Final = (("assets",), ("tutorials",), ("saves",), ("game", "core", "data"))
"""Read-only folders of the repository, copied to the same place in the bundle."""

BUNDLED_DISTRIBUTIONS: Final = ("pygame-ce", "pygame_gui", "platformdirs", "python-i18n")
"""The third-party distributions the program runs on (the game's dependencies and theirs)."""

PYGAME_GUI_DATA_KEPT: Final = frozenset(
    {
        "__init__.py",
        "default_theme.json",
        "NotoSans-Regular.ttf",  # the default font of an English UIManager, always opened
        "NotoSans-Bold.ttf",
        "NotoSans-Italic.ttf",
        "NotoSans-BoldItalic.ttf",
        "FiraCode-Regular.ttf",  # the symbols font, always opened
        "NotoSansSC-Regular.otf",  # the game's own font (game.ui.kit.fonts), opened by path
        "NotoSansSC-Bold.otf",
        "pygame-gui.en.json",
        "pygame-gui.zh.json",
    }
)
"""pygame_gui's data files the game uses; its other fonts (Japanese, Korean, Arabic, Hebrew,
Georgian: ~22 MB) and translations are left out."""

EXCLUDED_MODULES: Final = (
    "tkinter",
    "_tkinter",
    "numpy",
    "pytest",
    "_pytest",
    "hypothesis",
    "mypy",
    "ruff",
    "pip",
    "setuptools",
    "pkg_resources",
    "distutils",
    "pydoc_data",
    "lib2to3",
    "test",
    "tests",
    "tools",
    "pygame.tests",
    "pygame.examples",
    "pygame.docs",
    "pygame._camera_opencv",
    "platformdirs.pytest_plugin",
    "PyInstaller",
)
"""Modules the program never imports but optional imports would pull in."""

LICENCE_WORDS: Final = ("license", "licence", "copying", "lgpl")


def shipped_datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source folder, folder in the bundle) for the game's read-only folders."""
    return [(str(root.joinpath(*parts)), os.path.join(*parts)) for parts in SHIPPED]


def keep_data(dest: str) -> bool:
    """Whether a data file the hooks collected (its path inside the bundle) belongs in the bundle.

    Only pygame_gui's ``data`` folder is filtered (to :data:`PYGAME_GUI_DATA_KEPT` and its licence texts).
    """
    parts = PurePath(dest.replace("\\", "/")).parts
    if parts[:2] != ("pygame_gui", "data"):
        return True
    return parts[-1] in PYGAME_GUI_DATA_KEPT or (len(parts) > 3 and parts[2] == "licenses")


def is_licence(path: PurePath) -> bool:
    """A file whose name says it is a licence text (not code)."""
    name = path.name.lower()
    return path.suffix not in (".py", ".pyc", ".pyi") and any(word in name for word in LICENCE_WORDS)


def licence_datas(distributions: Iterable[str] = BUNDLED_DISTRIBUTIONS) -> list[tuple[str, str]]:
    """(licence file, folder in the bundle): each distribution's licence texts under ``licenses/DIST``,
    with Python's own and the game's.

    A distribution whose installed files hold no licence text is an error: the bundle must carry it.
    """
    out: list[tuple[str, str]] = []
    for name in distributions:
        dist = importlib.metadata.distribution(name)
        found = [Path(str(dist.locate_file(f))) for f in dist.files or () if is_licence(PurePath(str(f)))]
        found = [f for f in found if f.is_file()]
        if not found:
            raise FileNotFoundError(f"{name}: no licence text among its installed files")
        out += [(str(f), os.path.join("licenses", name)) for f in sorted(found)]
    python = [p for p in python_licence_candidates() if p.is_file()][:1]
    out += [(str(p), os.path.join("licenses", "python")) for p in python]
    out.append((str(ROOT / "LICENSE"), os.path.join("licenses", NAME)))
    return out


def python_licence_candidates() -> list[Path]:
    """Where Python's LICENSE.txt sits: beside the standard library (Linux, macOS), or above it (Windows)."""
    stdlib = Path(sysconfig.get_path("stdlib"))
    return [stdlib / "LICENSE.txt", stdlib.parent / "LICENSE.txt"]


__all__ = [
    "BUNDLED_DISTRIBUTIONS",
    "EXCLUDED_MODULES",
    "NAME",
    "PYGAME_GUI_DATA_KEPT",
    "ROOT",
    "SHIPPED",
    "is_licence",
    "keep_data",
    "licence_datas",
    "shipped_datas",
]
