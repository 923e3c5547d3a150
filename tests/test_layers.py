"""The layering of DESIGN.md, checked by walking every module's imports."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
NO_PYGAME = ("core", "ai", "replay", "tutorial")


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


def test_rules_ai_replay_and_tutorial_never_import_pygame() -> None:
    for layer in NO_PYGAME:
        for path in (GAME / layer).rglob("*.py"):
            bad = {m for m in imports_of(path) if m.split(".")[0] in ("pygame", "pygame_gui")}
            assert not bad, f"{path.relative_to(GAME)} imports {sorted(bad)}"


def test_core_imports_only_core_and_the_glossary() -> None:
    for path in (GAME / "core").rglob("*.py"):
        for module in imports_of(path):
            if module.startswith("game.") or module == "game":
                assert module.startswith(("game.core", "game.glossary")), (
                    f"{path.relative_to(GAME)}: {module}"
                )


def test_nothing_loads_data_with_pickle_or_eval() -> None:
    for path in GAME.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import pickle" not in text and "eval(" not in text, path
