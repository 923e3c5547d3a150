"""One module finds the game's read-only files: in a checkout, in an installed wheel and in a frozen
(PyInstaller) bundle. (Building and installing a real wheel is ``tools/check_wheel.py``, run by CI.)"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game import paths, resources
from game.core.analysis import suit_tables

ROOT = Path(__file__).resolve().parent.parent


def test_a_checkout_finds_the_assets_the_tables_the_lessons_and_the_sample_replays() -> None:
    assert resources.package_dir() == ROOT / "game"
    assert resources.asset_root({}) == ROOT / "assets"
    assert (resources.asset_root({}) / "licenses" / "OFL.txt").is_file()
    assert resources.table_file("shanten_tables.bin").is_file()
    assert resources.table_file("shanten_tables.bin") == suit_tables.SHAPE_FILE
    assert paths.asset("rules", "rules.zh.md") == resources.asset("rules", "rules.zh.md")
    assert resources.shipped("tutorials") == ROOT / "tutorials"
    assert any(resources.shipped("saves").glob("*.jsonl"))


def _fake_install(monkeypatch: pytest.MonkeyPatch, site: Path) -> Path:
    """A ``game`` package as an installed wheel lays it out, with the shipped folders inside it."""
    package = site / "game"
    for folder in resources.SHIPPED_FOLDERS:
        (package / f"_{folder}").mkdir(parents=True)
    monkeypatch.setattr(resources, "package_dir", lambda: package)
    return package


def test_an_installed_wheel_finds_the_folders_inside_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "assets").mkdir()  # a stray top-level folder in site-packages is not ours
    package = _fake_install(monkeypatch, tmp_path)
    assert resources.asset_root({}) == package / "_assets"
    assert resources.shipped("tutorials") == package / "_tutorials"
    assert resources.shipped("saves") == package / "_saves"
    assert resources.table_file("harbin_tables.bin") == package / "core" / "data" / "harbin_tables.bin"
    assert resources.install_root() == tmp_path


def test_the_assets_variable_wins_over_every_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _fake_install(monkeypatch, tmp_path / "site")
    dev = tmp_path / "dev"
    assert resources.asset_root({resources.ASSETS_ENV: f" {dev} "}) == dev.resolve()
    assert resources.asset_root({resources.ASSETS_ENV: "  "}) == tmp_path / "site" / "game" / "_assets"


def test_a_frozen_bundle_finds_everything_under_its_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fake_install(monkeypatch, tmp_path / "site")  # the bundle's root wins over a package found on disk
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.install_root() == tmp_path
    assert resources.asset_root({}) == tmp_path / "assets"
    assert resources.shipped("tutorials") == tmp_path / "tutorials"
    assert resources.shipped("saves") == tmp_path / "saves"
    data = tmp_path / "game" / "core" / "data"
    assert resources.table_file("harbin_tables.bin") == data / "harbin_tables.bin"
    assert resources.asset_root({resources.ASSETS_ENV: str(tmp_path / "dev")}) == (tmp_path / "dev").resolve()


def test_an_unknown_shipped_folder_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'docs'"):
        resources.shipped("docs")


def test_the_build_maps_every_shipped_folder_into_the_package() -> None:
    """setup.py's data-only subpackages are exactly ``game._NAME`` -> ``NAME`` for the shipped folders."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    mapping = next(
        ast.literal_eval(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "RESOURCE_PACKAGES" for t in node.targets)
    )
    assert mapping == {f"game._{folder}": folder for folder in resources.SHIPPED_FOLDERS}
    for folder in resources.SHIPPED_FOLDERS:
        assert (ROOT / folder).is_dir()
        assert not (ROOT / folder / "__init__.py").exists()  # data only: nothing there is imported


def test_nothing_else_looks_for_files_beside_its_own_source() -> None:
    """Only game/resources.py and the user-folder module place files by ``__file__``."""
    game = resources.package_dir()
    offenders = [
        p.relative_to(game).as_posix()
        for p in game.rglob("*.py")
        if "__file__" in p.read_text(encoding="utf-8") and p.name != "resources.py"
    ]
    assert offenders == []
