"""The README's Quick start test command is what CI runs, and it installs everything the tests import."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import shlex
import sys
import tomllib
from pathlib import Path

import pytest

from tools.quickstart import QuickStartError, quick_start_commands

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> dict[str, str]:
    return quick_start_commands((ROOT / "README.md").read_text(encoding="utf-8"))


def _extras_installed_by(command: str) -> set[str]:
    """The extras of the project that the ``pip install -e '.[...]'`` in a shell command installs."""
    first = command.split("&&")[0]
    words = shlex.split(first)
    assert words[:5] == ["python3", "-m", "pip", "install", "-e"], command
    match = re.fullmatch(r"\.(?:\[([a-z,]+)\])?", words[5])
    assert match is not None, words[5]
    return set(match.group(1).split(",")) if match.group(1) else set()


def test_readme_test_command_installs_only_the_test_extra_then_runs_pytest() -> None:
    command = _readme_commands()["test"]
    assert _extras_installed_by(command) == {"test"}
    assert shlex.split(command.split("&&")[1])[:3] == ["python3", "-m", "pytest"]
    assert _extras_installed_by(_readme_commands()["play"]) == set()


def test_ci_runs_the_readme_test_command_before_installing_anything_else() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    read = lines.index('TEST_COMMAND="$(python3 tools/quickstart.py test)"')
    run = lines.index('eval "$TEST_COMMAND"')
    installs = [i for i, line in enumerate(lines) if "pip install" in line]
    assert read < run
    assert installs and min(installs) > run, "CI must install nothing before the README's command"
    assert not any("pytest" in line for line in lines[run + 1 :])


def _third_party_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n not in ("game", "tests", "tools")}


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_package_the_tests_import_comes_with_the_test_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    allowed = {
        _normalise(re.split(r"[<>=!~ \[;]", req, maxsplit=1)[0])
        for req in project["dependencies"] + project["optional-dependencies"]["test"]
    }
    providers = importlib.metadata.packages_distributions()
    missing = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for module in _third_party_imports(path):
            dists = {_normalise(d) for d in providers.get(module, [module])}
            if not dists & allowed:
                missing[f"{path.relative_to(ROOT)}: {module}"] = sorted(dists)
    assert not missing, f"imported by tests but not installed by '.[test]': {missing}"


def test_a_readme_without_the_quick_start_commands_is_refused() -> None:
    with pytest.raises(QuickStartError, match="Quick start"):
        quick_start_commands("# Title\n\nno section here\n")
    with pytest.raises(QuickStartError, match="# install and run the tests"):
        quick_start_commands("## Quick start\n\n```bash\n# install and play\npip install -e .\n```\n")
