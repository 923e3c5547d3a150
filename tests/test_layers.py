"""The layering of DESIGN.md (and docs/architecture.md), checked by walking every module's imports.

- ``game/core`` (the rules) imports only itself, the glossary and the resource finder;
- nothing but the UI (``game/ui``), the benchmarks that time it and the two entry points
  (``game/__main__.py``, ``game/cli.py``, which open the window) imports ``game.ui``, pygame or
  pygame_gui: not the AI, the replays, the lessons, the table's model, the match host, nor any
  other top-level module of ``game/``;
- the UI's scenes never import one another (only the base scenes they build on): a scene leads to
  another through ``game.ui.flow`` or callbacks, so none knows another's class.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
NO_UI_PACKAGES = ("core", "ai", "replay", "tutorial", "table", "host")
"""Packages that never import the UI or pygame."""
UI_ENTRY_POINTS = ("__main__.py", "cli.py")
"""Top-level modules allowed to open the window (they import ``game.ui`` only to start it)."""
UI_NAMES = ("pygame", "pygame_gui")
BASE_SCENES = (
    "game.ui.scenes.base",
    "game.ui.scenes.docview",
    "game.ui.scenes.dialog",
    "game.ui.scenes.prompt",
    "game.ui.scenes.table",
)
"""Scene modules other scenes build on (base classes: the dialogs, and the table a lesson and the replay
viewer are), not screens they go to."""


def imports_of(path: Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against its package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(GAME.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def ui_imports(path: Path) -> set[str]:
    """The UI modules (ours or pygame's) a file imports."""
    return {m for m in imports_of(path) if m.split(".")[0] in UI_NAMES or m.split(".")[:2] == ["game", "ui"]}


def test_the_model_layers_never_import_the_ui_or_pygame() -> None:
    checked = 0
    for layer in NO_UI_PACKAGES:
        for path in (GAME / layer).rglob("*.py"):
            checked += 1
            bad = ui_imports(path)
            assert not bad, f"{path.relative_to(GAME)} imports {sorted(bad)}"
    assert checked > 40


def test_top_level_modules_never_import_the_ui_except_the_entry_points() -> None:
    tops = [p for p in GAME.glob("*.py") if p.name not in UI_ENTRY_POINTS]
    assert {p.name for p in tops} >= {"session.py", "settings.py", "paths.py", "resources.py", "scenario.py"}
    for path in tops:
        bad = ui_imports(path)
        assert not bad, f"{path.relative_to(GAME)} imports {sorted(bad)}"
    for name in UI_ENTRY_POINTS:  # they open the window lazily, inside a function, never at import time
        tree = ast.parse((GAME / name).read_text(encoding="utf-8"))
        top = {m for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom) for m in _names(node)}
        assert not {m for m in top if "ui" in m.split(".") or m.split(".")[0] in UI_NAMES}, name


def _names(node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    return {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}


def test_core_imports_only_core_the_glossary_and_the_resource_finder() -> None:
    for path in (GAME / "core").rglob("*.py"):
        for module in imports_of(path):
            if module.startswith("game.") or module == "game":
                assert module.startswith(("game.core", "game.glossary", "game.resources")), (
                    f"{path.relative_to(GAME)}: {module}"
                )


def test_scenes_never_import_one_another() -> None:
    checked = 0
    for path in (GAME / "ui" / "scenes").glob("*.py"):
        me = "game.ui.scenes." + path.stem
        others = {
            m
            for m in imports_of(path)
            if m.startswith("game.ui.scenes.") and not m.startswith((me, *BASE_SCENES))
        }
        assert not others, f"{path.relative_to(GAME)} imports {sorted(others)} (go through game.ui.flow)"
        checked += 1
    assert checked >= 10
