"""The table drivers' protocol: a narrow core every driver has, and the optional capabilities each driver
declares by having them — never a member stubbed to do nothing."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from game.host.session import Session
from game.table.driver import AiSeats, Closing, Entrusting, TableDriver, WholeMatch
from game.table.lesson import LessonDriver
from game.table.replay import ReplayDriver
from game.table.viewer import ViewerDriver
from game.tutorial.loader import load_course
from tests.table_fixtures import scripted_session

from .test_cursor import match_log

GAME = Path(__file__).resolve().parent.parent / "game"
DRIVER_MODULES = (
    "table/driver.py",
    "table/replay.py",
    "table/viewer.py",
    "table/lesson.py",
    "host/session.py",
)
CAPABILITIES = (AiSeats, Entrusting, WholeMatch, Closing)


def capabilities(driver: object) -> set[str]:
    """The names of the capabilities a driver has."""
    return {c.__name__ for c in CAPABILITIES if isinstance(driver, c)}


def test_each_driver_has_the_capabilities_it_serves() -> None:
    lesson = next(e.lesson for e in load_course() if e.lesson is not None)
    events = match_log(0)
    session = scripted_session()
    drivers: list[tuple[TableDriver, set[str]]] = [
        (session, {"AiSeats", "Entrusting", "WholeMatch", "Closing"}),
        (ReplayDriver(events), {"WholeMatch"}),
        (ViewerDriver(events), {"WholeMatch"}),
        (LessonDriver(lesson), set()),
    ]
    try:
        for driver, expected in drivers:
            assert capabilities(driver) == expected, type(driver).__name__
    finally:
        session.close()


def do_nothing(function: ast.FunctionDef) -> bool:
    """A body (its docstring aside) that does nothing: empty, ``pass``, ``...`` or a bare constant return
    (None, False, an empty tuple)."""
    body = [
        s
        for s in function.body
        if not (
            isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)
        )
    ]
    if not body:
        return True
    if len(body) != 1:
        return False
    only = body[0]
    if isinstance(only, ast.Pass) or (isinstance(only, ast.Expr) and isinstance(only.value, ast.Constant)):
        return True
    if isinstance(only, ast.Return):
        value = only.value
        if value is None:
            return True
        if isinstance(value, ast.Constant) and (value.value is None or value.value is False):
            return True
        if isinstance(value, ast.Tuple) and not value.elts:
            return True
    return False


def stubs(source: str) -> list[str]:
    """Methods of the non-protocol classes of a module whose body does nothing."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef) or any("Protocol" in ast.unparse(b) for b in node.bases):
            continue
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and do_nothing(item):
                out.append(f"{node.name}.{item.name}")
    return out


def test_no_driver_stubs_a_member_with_a_method_that_does_nothing() -> None:
    found = [f"{name}: {stub}" for name in DRIVER_MODULES for stub in stubs((GAME / name).read_text("utf-8"))]
    assert not found, "do-nothing driver methods: " + ", ".join(found)


def test_the_stub_finder_finds_stubs() -> None:
    planted = '''
class Driver:
    def ai_job(self):
        """Nobody decides."""
        return None

    def close(self):
        """Nothing to close."""

    def entrust(self, level):
        return False

    def levels(self):
        return ()

    def seat(self):
        return 0
'''
    assert stubs(planted) == ["Driver.ai_job", "Driver.close", "Driver.entrust", "Driver.levels"]
    assert not stubs(inspect.getsource(Session))
