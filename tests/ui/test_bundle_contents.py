"""What the standalone bundle carries (tools/bundle_contents.py, read by build_exe.spec): every font and
data file the game really opens, licence texts for every bundled package, and nothing Linux-only."""

from __future__ import annotations

import ast
from pathlib import Path, PurePath
from typing import Any

import pytest

from tools import bundle_contents as bc

ROOT = Path(__file__).resolve().parents[2]


def _font_files(fonts: dict[str, Any]) -> set[str]:
    """The file names behind pygame_gui's loaded fonts (a path, or a resource of its data package)."""
    names = set()
    for resource in fonts.values():
        location = resource.location
        names.add(PurePath(str(getattr(location, "resource", location))).name)
    return names


def test_every_font_the_game_opens_is_kept(app: Any) -> None:
    from game.ui.screens.rules import RulesScene

    app.push(RulesScene(app))
    app.step(1 / 60)
    own = {app.fonts.paths.regular.name, app.fonts.paths.bold.name}  # the game's FontBook
    opened = _font_files(app.managers.shared_fonts) | own
    assert {"NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf", "NotoSans-Regular.ttf"} <= opened
    for name in opened:
        assert bc.keep_data(f"pygame_gui/data/{name}"), name
        assert name in bc.PYGAME_GUI_DATA_KEPT


def test_fonts_and_translations_the_game_never_uses_are_left_out() -> None:
    for dropped in ("NotoSansJP-Regular.otf", "NotoSansKR-Bold.ttf", "NotoSansArabic-Regular.ttf"):
        assert not bc.keep_data(f"pygame_gui/data/{dropped}")
        assert not bc.keep_data(f"pygame_gui\\data\\{dropped}")  # as Windows names it
    assert not bc.keep_data("pygame_gui/data/translations/pygame-gui.ja.json")
    assert bc.keep_data("pygame_gui/data/translations/pygame-gui.zh.json")
    assert bc.keep_data("pygame_gui/data/licenses/NotoSans-LICENSE.txt")
    assert bc.keep_data("pygame/freesansbold.ttf")
    assert bc.keep_data("assets/rules/rules.zh.md")


def test_every_bundled_package_brings_its_licence_text() -> None:
    datas = bc.licence_datas()
    by_folder: dict[str, list[str]] = {}
    for source, dest in datas:
        assert Path(source).is_file()
        by_folder.setdefault(PurePath(dest).name, []).append(Path(source).name)
    assert set(by_folder) >= {*bc.BUNDLED_DISTRIBUTIONS, bc.NAME}
    assert "LGPL.txt" in by_folder["pygame-ce"]
    assert {"NotoSans-LICENSE.txt", "FiraCode-LICENSE.txt"} <= set(by_folder["pygame_gui"])
    assert (ROOT / "assets" / "licenses" / "OFL.txt").is_file()  # Noto Sans SC, shipped with the assets


def test_a_package_without_a_licence_text_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bc, "is_licence", lambda path: False)
    with pytest.raises(FileNotFoundError, match="pygame-ce: no licence text"):
        bc.licence_datas(["pygame-ce"])


def test_the_shipped_folders_exist_and_keep_their_place() -> None:
    for source, dest in bc.shipped_datas():
        assert Path(source).is_dir()
        assert Path(source).relative_to(ROOT) == Path(dest)


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return names


def test_nothing_the_game_imports_is_excluded_from_the_bundle() -> None:
    imported = set().union(*(_top_level_imports(p) for p in (ROOT / "game").rglob("*.py")))
    excluded = set(bc.EXCLUDED_MODULES)
    clash = {m for m in imported if m in excluded or m.split(".")[0] in excluded}
    assert clash == set()
    assert "numpy" in excluded and "tkinter" in excluded


@pytest.mark.parametrize("path", ["build_exe.spec", "tools/bundle_contents.py"])
def test_the_spec_has_nothing_linux_only(path: str) -> None:
    """Paths by pathlib/os.path, no shared-library names, no absolute Unix folders."""
    text = (ROOT / path).read_text(encoding="utf-8")
    code = "\n".join(line.split("#")[0] for line in text.splitlines())
    for linux_only in (".so", "/usr/", "/lib/", "linux", "site-packages", "_MEIPASS"):
        assert linux_only not in code, linux_only
