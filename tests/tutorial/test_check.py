"""``tutorial check`` finds what is wrong with a lesson: a known mistake answered by another one, a mistake
whose play is not taken back, a step that can never be reached (free play included)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.tutorial.check import check_lesson
from game.tutorial.lesson import parse_lesson
from game.tutorial.loader import lessons_dir, read_document
from game.tutorial.runner import LessonRunner


def document(name: str) -> dict[str, Any]:
    path = next(p for p in lessons_dir().glob("*.toml") if p.stem.endswith(name))
    return read_document(path)


def step_of(data: dict[str, Any], step_id: str) -> dict[str, Any]:
    return next(s for s in data["steps"] if s.get("id") == step_id)


@pytest.mark.parametrize("name", ["kaimen", "kadang"])
def test_the_shipped_lessons_check_clean(name: str) -> None:
    assert check_lesson(parse_lesson(document(name), f"{name}.toml")) == []


def test_a_mistake_answered_by_another_mistake_is_reported() -> None:
    data = document("kaimen")
    step = step_of(data, "closed-ready")
    twin = copy.deepcopy(step["mistakes"][0])  # the same move: the first one always answers it
    twin["coach"] = {"zh": "另一个说法。", "en": "Another explanation."}
    step["mistakes"].append(twin)
    errors = check_lesson(parse_lesson(data, "k.toml"))
    assert any(
        "step closed-ready: mistake 'ting 9p'" in e and "answered mistake" in e and "not this mistake" in e
        for e in errors
    ), errors


def test_a_mistake_whose_part_is_not_taken_back_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A runner that leaves a part without taking back what it played: the check must notice."""
    original = LessonRunner._next

    def keep_what_the_part_played(self: LessonRunner) -> None:
        part = self._part
        if part is not None and part.index + 1 >= len(self.lesson.parts[part.name]):
            self._pos, self._part, self._main = 0, None, part.return_to  # no rewind
            return
        original(self)

    monkeypatch.setattr(LessonRunner, "_next", keep_what_the_part_played)
    errors = check_lesson(parse_lesson(document("kadang"), "k.toml"))
    assert any("does not come back to the step after the mistake" in e for e in errors), errors


def test_a_free_step_that_is_never_reached_is_reported() -> None:
    data = document("kaimen")
    steps = data["steps"]
    i = next(i for i, s in enumerate(steps) if s.get("id") == "ting")
    again = copy.deepcopy(steps[i])
    again["id"] = "ting-again"  # its goal already holds when it comes: it is passed without stopping
    steps.insert(i + 1, again)
    errors = check_lesson(parse_lesson(data, "k.toml"))
    assert "steps never reached: ting-again" in errors, errors
