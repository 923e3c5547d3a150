"""The lesson driver: a lesson behind the table's protocol, shown one event at a time, the person's moves
handed to the runner, undo/back/restart/skip jumping the cursor to the new end."""

from __future__ import annotations

from game.core.actions import Discard
from game.core.tiles import kind_of, parse_kinds
from game.table.lesson import LessonDriver
from game.tutorial.lesson import PERSON
from game.tutorial.links import load_links
from game.tutorial.loader import load_course

LINKS = load_links()


def lesson(lesson_id: str):  # type: ignore[no-untyped-def]
    return next(e.lesson for e in load_course() if e.lesson is not None and e.lesson.id == lesson_id)


def settle(driver: LessonDriver) -> str:
    """Show every event and read every coach step until the lesson asks for a move; the prompt kind."""
    for _ in range(500):
        if not driver.caught_up:
            driver.show_next()
            continue
        kind = driver.prompt().kind
        if kind == "continue":
            assert driver.proceed()
            continue
        return kind
    raise AssertionError("the lesson never asked")


def test_kaimen_on_the_driver() -> None:
    driver = LessonDriver(lesson("kaimen"), LINKS)
    start = len(driver.cursor)
    assert driver.cursor.at_end and driver.decision() is None
    assert settle(driver) == "move"
    menu = driver.decision()
    assert menu is not None and menu.buttons["gang"]  # the concealed kong
    assert driver.submit(menu.buttons["gang"][0]) is None
    assert not driver.cursor.at_end  # the kong is shown by the table, one event at a time
    assert settle(driver) == "move"
    nine = next(t for t in driver.runner.game.state.hands[PERSON] if kind_of(t) == parse_kinds("9p")[0])
    refusal = driver.submit(Discard(nine, ting=True))
    assert refusal is not None and refusal.code == "ting_not_allowed"
    assert (
        driver.outcome is not None and driver.outcome.kind == "mistake" and driver.outcome.lesson == "kaimen"
    )
    cursor = driver.cursor
    driver.restart()
    assert driver.cursor is cursor and len(cursor) == start and cursor.at_end


def test_continue_at_a_saved_step() -> None:
    driver = LessonDriver(lesson("kaimen"), LINKS, start_step=3)
    assert driver.runner.progress().index >= 3 and driver.cursor.at_end
    assert len(driver.cursor) == len(driver.runner.events)
