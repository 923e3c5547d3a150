"""One root for the program's own errors: every exception class defined in ``game/`` derives from
:class:`game.core.errors.HarbinError`, directly or through its family, and keeps its built-in base."""

from __future__ import annotations

import ast
import importlib

from game.core.errors import HarbinError
from tests.test_layers import game_files, module_name


def exception_classes() -> list[type[BaseException]]:
    """Every class defined in ``game/`` that is an exception (found by importing its module)."""
    out: list[type[BaseException]] = []
    for path in game_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
        if not names:
            continue
        module = importlib.import_module(module_name(path))
        for name in names:
            cls = getattr(module, name, None)
            if isinstance(cls, type) and issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                out.append(cls)
    return out


def test_every_exception_of_the_program_derives_from_the_one_root() -> None:
    found = exception_classes()
    assert len(found) >= 29  # the 29 classes the review counted, and any added since
    strays = [f"{cls.__module__}.{cls.__name__}" for cls in found if not issubclass(cls, HarbinError)]
    assert not strays, "exception classes outside the root: " + ", ".join(strays)


def test_the_root_keeps_each_family_and_its_builtin_base() -> None:
    from game.core.events import EventError
    from game.safe_read import BadFileError, MissingFileError
    from game.tutorial.files import LessonError
    from game.tutorial.loader import UnreadableFile

    assert issubclass(MissingFileError, BadFileError) and issubclass(UnreadableFile, LessonError)
    assert issubclass(EventError, ValueError) and issubclass(EventError, HarbinError)
