"""One module finds the game's read-only files, in a checkout and in a frozen (PyInstaller) bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import paths, resources
from game.core.analysis import suit_tables


def test_a_checkout_finds_the_assets_and_the_tables() -> None:
    assert (resources.asset_root({}) / "licenses" / "OFL.txt").is_file()
    assert resources.table_file("shanten_tables.bin").is_file()
    assert resources.table_file("shanten_tables.bin") == suit_tables.SHAPE_FILE
    assert paths.asset("rules", "rules.zh.md") == resources.asset("rules", "rules.zh.md")


def test_a_frozen_bundle_finds_everything_under_its_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.install_root() == tmp_path
    assert resources.asset_root({}) == tmp_path / "assets"
    assert resources.shipped("tutorials") == tmp_path / "tutorials"
    data = tmp_path / "game" / "core" / "data"
    assert resources.table_file("harbin_tables.bin") == data / "harbin_tables.bin"
    assert resources.asset_root({resources.ASSETS_ENV: str(tmp_path / "dev")}) == (tmp_path / "dev").resolve()


def test_nothing_else_looks_for_files_beside_its_own_source() -> None:
    """Only game/resources.py and the user-folder module place files by ``__file__``."""
    game = Path(resources.__file__).resolve().parent
    offenders = [
        p.relative_to(game).as_posix()
        for p in game.rglob("*.py")
        if "__file__" in p.read_text(encoding="utf-8") and p.name != "resources.py"
    ]
    assert offenders == []
