"""The shape of the program (DESIGN.md, docs/architecture.md), checked by walking every module's imports.

- ``game/core`` (the rules) imports only itself, the glossary and the resource finder;
- pygame and pygame_gui are imported only in ``game/ui`` and ``game/benchmarks`` (the two entry points,
  ``game/__main__.py`` and ``game/cli/main.py``, open the window from inside a function);
- nothing outside ``game/ui``, the benchmarks and the entry points imports ``game.ui``;
- no import circle anywhere in ``game/``: an import inside a function counts, only a type-only import under
  ``TYPE_CHECKING`` does not; inside ``game/ui`` not even through type-only imports (scenes and the table's
  parts type against narrow protocols: ``game.ui.scene.SceneApp``/``Nav``, ``game.ui.table.context``);
- a scene never imports another screen's scene (only the base scenes it is built on): it asks the navigator,
  the one module that knows the scene classes; no module of ``game/ui`` but the app imports the app or the
  navigator, not even for a type;
- ``game/ui`` is by feature: at most six files directly in it, the rest in feature folders;
- no module over 700 lines; 听 is ``ting`` in every identifier (never ``listen``).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
UI_NAMES = ("pygame", "pygame_gui")
PYGAME_PLACES = ("ui", "benchmarks")
"""The packages of ``game/`` that may import pygame."""
UI_ENTRY_POINTS = ("__main__.py", "cli/main.py")
"""Modules allowed to open the window (they import ``game.ui`` only inside a function, to start it)."""
BASE_SCENES = (
    "game.ui.scene",
    "game.ui.kit.menu_scene",
    "game.ui.kit.docview",
    "game.ui.kit.dialog",
    "game.ui.kit.prompt",
    "game.ui.table.scene",
)
"""Scene modules other scenes build on (base classes: the dialogs, and the table a lesson and the replay
viewer are), not screens they go to."""
UI_FOLDERS = {"kit", "words", "table", "replay", "lessons", "screens"}
MAX_LINES = 700


def module_name(path: Path) -> str:
    """The dotted module name of a file of ``game/``."""
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only_nodes(tree: ast.AST) -> set[int]:
    """Ids of the nodes inside ``if TYPE_CHECKING:`` blocks."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                out.update(id(n) for n in ast.walk(inner))
    return out


def imports_of(path: Path, *, type_only: bool = True) -> set[str]:
    """Absolute module names a file imports, anywhere in it (functions too); ``type_only=False`` leaves
    out the imports under ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    skip = set() if type_only else _type_only_nodes(tree)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
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


def game_files() -> list[Path]:
    """Every Python file of the package."""
    return sorted(GAME.rglob("*.py"))


def test_pygame_only_in_the_ui_and_the_benchmarks() -> None:
    checked = 0
    for path in game_files():
        rel = path.relative_to(GAME)
        if rel.parts[0] in PYGAME_PLACES:
            continue
        checked += 1
        bad = {m for m in imports_of(path) if m.split(".")[0] in UI_NAMES}
        assert not bad, f"{rel} imports {sorted(bad)}"
    assert checked > 100


def test_only_the_ui_the_benchmarks_and_the_entry_points_import_the_ui() -> None:
    for path in game_files():
        rel = path.relative_to(GAME)
        if rel.parts[0] in PYGAME_PLACES or rel.as_posix() in UI_ENTRY_POINTS:
            continue
        bad = ui_imports(path)
        assert not bad, f"{rel} imports {sorted(bad)}"
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


def import_graph() -> dict[str, set[str]]:
    """Module → the modules of ``game`` it imports at run time (type-only imports left out)."""
    files = {module_name(p): p for p in game_files()}
    return {
        name: {m for m in imports_of(path, type_only=False) if m in files and m != name}
        for name, path in files.items()
    }


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        group.append(top)
                        if top == node:
                            break
                    if len(group) > 1:
                        circles.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return circles


def test_no_import_circle_in_game() -> None:
    circles = import_circles(import_graph())
    assert not circles, "import circles: " + "; ".join(" ↔ ".join(c) for c in circles)


def ui_type_graph() -> dict[str, set[str]]:
    """Module of ``game/ui`` → the modules of ``game/ui`` it imports, type-only imports included."""
    files = {module_name(p): p for p in (GAME / "ui").rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in files and m != name} for name, path in files.items()}


def test_no_import_circle_in_the_ui_even_through_type_only_imports() -> None:
    circles = import_circles(ui_type_graph())
    assert not circles, "import circles in game/ui (type-only imports counted): " + "; ".join(
        " ↔ ".join(c) for c in circles
    )


def test_only_the_app_knows_the_app_and_the_navigator() -> None:
    hidden = ("game.ui.app", "game.ui.navigator")
    checked = 0
    for path in (GAME / "ui").rglob("*.py"):
        if module_name(path) in hidden:
            continue
        bad = {m for m in imports_of(path) if m in hidden or m.startswith(tuple(f"{h}." for h in hidden))}
        assert not bad, (
            f"{path.relative_to(GAME)} imports {sorted(bad)} (type against game.ui.scene.SceneApp/Nav)"
        )
        checked += 1
    assert checked > 60


def test_the_circle_finder_finds_a_circle() -> None:
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []


def _scene_modules() -> list[Path]:
    """Modules of ``game/ui`` that define a scene (a class whose base's name ends in Scene)."""
    out = []
    for path in (GAME / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("Scene") for b in node.bases):
                out.append(path)
                break
    return out


def test_scenes_never_import_one_another() -> None:
    scenes = {module_name(p) for p in _scene_modules()}
    checked = 0
    for path in _scene_modules():
        me = module_name(path)
        others = {m for m in imports_of(path) if m in scenes and m != me and m not in BASE_SCENES}
        assert not others, f"{path.relative_to(GAME)} imports {sorted(others)} (ask game.ui.navigator)"
        checked += 1
    assert checked >= 15


def test_the_ui_is_in_feature_folders() -> None:
    top = sorted(p.name for p in (GAME / "ui").iterdir() if p.is_file() and p.suffix == ".py")
    assert len(top) <= 6, f"game/ui holds {len(top)} files directly: {top}"
    folders = {p.name for p in (GAME / "ui").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= UI_FOLDERS, f"unexpected folders in game/ui: {sorted(folders - UI_FOLDERS)}"


def test_no_module_over_700_lines() -> None:
    long = {
        str(p.relative_to(GAME)): n
        for p in game_files()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_ting_is_the_one_word_for_ting_in_identifiers() -> None:
    found = []
    for path in game_files():
        source = path.read_text(encoding="utf-8")
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.NAME and "listen" in tok.string.lower():
                found.append(f"{path.relative_to(GAME)}:{tok.start[0]} {tok.string}")
    assert not found, "identifiers that say listen (the glossary's word is ting): " + ", ".join(found[:10])
