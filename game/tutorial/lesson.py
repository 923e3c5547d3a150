"""A lesson as data: its titles, the table it starts from, and its steps (the schema of ``tutorials/``).

``tutorials/README.md`` documents the file format; :func:`parse_lesson` reads
one parsed TOML/JSON document into a :class:`Lesson` and raises
:class:`LessonError` naming the file, the place and the problem. Playing a
lesson is :mod:`game.tutorial.runner`'s job.

Step kinds: ``coach`` (text to read, then continue), ``expect`` (the person's
move; anything else gets the engine's why-not or a known mistake's
explanation), ``play`` (scripted moves), ``wait`` (the table plays on — opponents
throw their draws and pass — until a condition holds), ``free`` (free play until a
condition) and ``check`` (a condition that must hold).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ..core.analysis.ting import BLOCKER_CODES
from ..glossary import TERMS
from ..scenario import Scenario, ScenarioError, ScriptedAction, parse_scenario
from .conditions import Condition, ConditionError, parse_condition
from .files import DRILL_KINDS, LessonError, lesson_id_of, order_of
from .moves import MoveError, MovePattern, parse_pattern, parse_scripted
from .spotlight import Spotlight, SpotlightError, parse_spotlight
from .text import Text, TextError, read_text

StepKind = Literal["coach", "expect", "play", "wait", "free", "check"]
OPPONENT_LEVELS: tuple[str, ...] = ("random", "greedy", "novice", "normal", "strong", "expert")
PERSON = 0
"""The person's seat in every lesson (East, at the bottom of the table)."""
MAX_STEPS = 200


@dataclass(frozen=True)
class Mistake:
    """A known wrong move at a step: the move, the coach's explanation, and an optional part to play.

    ``refusal``/``blocker`` name the engine's answer the move must get (the
    check proves it); any move the engine refuses with that answer is this
    mistake too. With ``play`` the (legal) move is really made before the part,
    to show what follows; the part ends by taking it back.
    """

    on: MovePattern
    coach: Text
    refusal: str | None = None
    blocker: str | None = None
    part: str | None = None
    play: bool = False


@dataclass(frozen=True)
class Step:
    """One step of a lesson (or of a part); which fields matter depends on ``kind``."""

    kind: StepKind
    id: str
    coach: Text | None = None
    spotlight: tuple[Spotlight, ...] = ()
    expect: tuple[MovePattern, ...] = ()
    wrong: Text | None = None
    mistakes: tuple[Mistake, ...] = ()
    moves: tuple[ScriptedAction, ...] = ()
    until: Condition | None = None
    solution: tuple[MovePattern, ...] = ()
    check: Condition | None = None

    @property
    def waits_for_person(self) -> bool:
        """Whether the step stops for the person (coach text, a move, free play)."""
        return self.kind in ("coach", "expect", "free")


@dataclass(frozen=True)
class Position:
    """Where a lesson starts: a scripted deal, its setup moves, and an optional fast-forward.

    ``fast_forward`` plays on after the setup — every seat throws the tile it
    draws, every call is passed — until that many tiles are left to draw.
    """

    scenario: Scenario
    fast_forward: int | None = None


@dataclass(frozen=True)
class Lesson:
    """A whole lesson, read and validated."""

    id: str
    file: str
    order: int
    title: Text
    idea: Text
    position: Position
    steps: tuple[Step, ...]
    parts: Mapping[str, tuple[Step, ...]] = field(default_factory=dict)
    requires: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    drills: tuple[str, ...] = ()
    next: str | None = None
    opponents: str = "normal"
    practice: Position | None = None

    def summary(self) -> dict[str, Any]:
        """The ``tutorial list --json`` entry of this lesson."""
        return {
            "id": self.id,
            "file": self.file,
            "title": self.title.to_dict(),
            "topics": list(self.topics),
            "requires": list(self.requires),
            "steps": len(self.steps),
        }


def _where(file: str, place: str) -> str:
    return f"{file}: {place}" if place else file


def _keys(data: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    extra = set(data) - set(allowed)
    if extra:
        raise LessonError(f"{where}: unknown key {sorted(extra)[0]!r}")


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LessonError(f"{where}: expected a list of names")
    return tuple(value)


def _list(value: Any, where: str) -> list[Any]:
    if isinstance(value, (str, Mapping)):
        return [value]
    if not isinstance(value, list):
        raise LessonError(f"{where}: expected a list")
    return value


def parse_position(value: Any, where: str, lesson_id: str) -> Position:
    """Read a ``[position]`` (or ``[practice]``) table: a scenario deal, ``setup`` and ``fast_forward``."""
    if not isinstance(value, Mapping):
        raise LessonError(f"{where}: expected a table")
    allowed = ("rules", "rule", "dealer", "seed", "scores", "draw_streak", "hands", "wall", "setup")
    _keys(value, (*allowed, "fast_forward"), where)
    data = {k: value[k] for k in allowed if k in value and k != "setup"}
    data["title"] = lesson_id
    data["actions"] = value.get("setup", [])
    try:
        scenario = parse_scenario(data, where)
    except ScenarioError as exc:
        raise LessonError(str(exc)) from None
    ff = value.get("fast_forward")
    if ff is not None and (isinstance(ff, bool) or not isinstance(ff, int) or ff < 0):
        raise LessonError(f"{where}.fast_forward: the number of tiles left to draw (0 or more)")
    return Position(scenario, ff)


_STEP_KEYS: Mapping[StepKind, tuple[str, ...]] = MappingProxyType(
    {
        "coach": ("id", "coach", "spotlight"),
        "expect": ("id", "coach", "spotlight", "expect", "wrong", "mistakes"),
        "play": ("id", "play"),
        "wait": ("id", "wait"),
        "free": ("id", "coach", "spotlight", "free", "wrong", "mistakes"),
        "check": ("id", "check"),
    }
)


def _mistake(value: Any, where: str) -> Mistake:
    if not isinstance(value, Mapping):
        raise LessonError(f"{where}: a mistake is a table with on and coach")
    _keys(value, ("on", "coach", "refusal", "blocker", "part", "play"), where)
    if "on" not in value or "coach" not in value:
        raise LessonError(f"{where}: a mistake needs on (the wrong move) and coach (the explanation)")
    refusal = value.get("refusal")
    blocker = value.get("blocker")
    if refusal is not None and (not isinstance(refusal, str) or f"refusal.{refusal}" not in TERMS):
        raise LessonError(f"{where}.refusal: {refusal!r} is not an engine refusal code")
    if blocker is not None and blocker not in BLOCKER_CODES:
        raise LessonError(f"{where}.blocker: {blocker!r} is not a 听 blocker code")
    part = value.get("part")
    if part is not None and not isinstance(part, str):
        raise LessonError(f"{where}.part: the name of a part")
    play = value.get("play", False)
    if not isinstance(play, bool) or (play and refusal is not None):
        raise LessonError(f"{where}.play: true only for a legal move (one without refusal)")
    if play and part is None:
        raise LessonError(f"{where}.play: a played mistake needs a part that shows what follows")
    return Mistake(
        parse_pattern(value["on"], f"{where}.on"),
        read_text(value["coach"], f"{where}.coach"),
        refusal,
        blocker,
        part,
        play,
    )


def parse_step(value: Any, where: str, index: int, in_part: bool = False) -> Step:
    """Read one ``[[steps]]`` table (or a part's step)."""
    if not isinstance(value, Mapping):
        raise LessonError(f"{where}: a step is a table")
    kinds = [k for k in ("expect", "play", "wait", "free", "check") if k in value]
    if len(kinds) > 1:
        raise LessonError(
            f"{where}: a step is one of expect, play, wait, free, check (found {', '.join(kinds)})"
        )
    kind: StepKind = kinds[0] if kinds else "coach"  # type: ignore[assignment]
    if in_part and kind in ("expect", "free"):
        raise LessonError(f"{where}: a part explains and shows; it cannot ask for moves ({kind})")
    _keys(value, _STEP_KEYS[kind], where)
    step_id = value.get("id", str(index + 1))
    if not isinstance(step_id, str) or not step_id:
        raise LessonError(f"{where}.id: a name")
    coach = read_text(value["coach"], f"{where}.coach") if "coach" in value else None
    if kind in ("coach", "expect", "free") and coach is None:
        raise LessonError(f"{where}: a {kind} step needs coach text (zh and en)")
    spots = tuple(
        parse_spotlight(s, f"{where}.spotlight[{i}]")
        for i, s in enumerate(_list(value.get("spotlight", []), where))
    )
    wrong = read_text(value["wrong"], f"{where}.wrong") if "wrong" in value else None
    mistakes = tuple(
        _mistake(m, f"{where}.mistakes[{i}]") for i, m in enumerate(_list(value.get("mistakes", []), where))
    )
    if kind == "expect":
        moves = _list(value["expect"], f"{where}.expect")
        expect = tuple(parse_pattern(m, f"{where}.expect[{i}]") for i, m in enumerate(moves))
        if not expect:
            raise LessonError(f"{where}.expect: at least one move")
        return Step(kind, step_id, coach, spots, expect=expect, wrong=wrong, mistakes=mistakes)
    if kind == "play":
        moves = _list(value["play"], f"{where}.play")
        scripted = tuple(parse_scripted(m, f"{where}.play[{i}]") for i, m in enumerate(moves))
        if not scripted:
            raise LessonError(f"{where}.play: at least one move")
        return Step(kind, step_id, moves=scripted)
    if kind == "free":
        free = value["free"]
        if not isinstance(free, Mapping) or "until" not in free:
            raise LessonError(f"{where}.free: a table with until (a condition) and optional solution")
        _keys(free, ("until", "solution"), f"{where}.free")
        until = parse_condition(free["until"], f"{where}.free.until")
        sol = _list(free.get("solution", []), f"{where}.free.solution")
        solution = tuple(parse_pattern(m, f"{where}.free.solution[{i}]") for i, m in enumerate(sol))
        return Step(
            kind, step_id, coach, spots, wrong=wrong, mistakes=mistakes, until=until, solution=solution
        )
    if kind == "check":
        return Step(kind, step_id, check=parse_condition(value["check"], f"{where}.check"))
    if kind == "wait":
        return Step(kind, step_id, until=parse_condition(value["wait"], f"{where}.wait"))
    return Step(kind, step_id, coach, spots)


def _steps(value: Any, where: str, in_part: bool = False) -> tuple[Step, ...]:
    items = _list(value, where)
    if not items:
        raise LessonError(f"{where}: at least one step")
    if len(items) > MAX_STEPS:
        raise LessonError(f"{where}: more than {MAX_STEPS} steps")
    steps = tuple(parse_step(s, f"{where}[{i}]", i, in_part) for i, s in enumerate(items))
    ids = [s.id for s in steps]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup is not None:
        raise LessonError(f"{where}: two steps are named {dup!r}")
    return steps


LESSON_KEYS = (
    "id",
    "order",
    "title",
    "idea",
    "requires",
    "topics",
    "drills",
    "next",
    "opponents",
    "position",
    "steps",
    "parts",
    "practice",
)


def parse_lesson(data: Any, file: str) -> Lesson:
    """Build a Lesson from its parsed document; LessonError names the file, the place and the problem."""
    try:
        return _parse(data, file)
    except (TextError, MoveError, ConditionError, SpotlightError) as exc:
        message = str(exc)
        raise LessonError(message if message.startswith(file) else f"{file}: {message}") from None


def _parse(data: Any, file: str) -> Lesson:
    if not isinstance(data, Mapping):
        raise LessonError(f"{file}: the document must be a table")
    _keys(data, LESSON_KEYS, file)
    for key in ("id", "order", "title", "idea", "position", "steps"):
        if key not in data:
            raise LessonError(f"{file}: missing {key!r}")
    lesson_id = lesson_id_of(data, file)
    order = order_of(data, file)
    topics = _strings(data.get("topics", []), f"{file}: topics")
    unknown = [t for t in topics if t not in TERMS]
    if unknown:
        raise LessonError(f"{file}: topics: {unknown[0]!r} is not a glossary word")
    drills = _strings(data.get("drills", []), f"{file}: drills")
    bad = [d for d in drills if d not in DRILL_KINDS]
    if bad:
        raise LessonError(f"{file}: drills: {bad[0]!r}; choose from {', '.join(DRILL_KINDS)}")
    opponents = data.get("opponents", "normal")
    if opponents not in OPPONENT_LEVELS:
        raise LessonError(f"{file}: opponents: one of {', '.join(OPPONENT_LEVELS)}")
    nxt = data.get("next")
    if nxt is not None and not isinstance(nxt, str):
        raise LessonError(f"{file}: next: a lesson id")
    parts_data = data.get("parts", {})
    if not isinstance(parts_data, Mapping):
        raise LessonError(f"{file}: parts: a table of named step lists")
    parts = {
        str(name): _steps(steps, _where(file, f"parts.{name}"), in_part=True)
        for name, steps in parts_data.items()
    }
    steps = _steps(data["steps"], _where(file, "steps"))
    for i, step in enumerate(steps):
        for j, m in enumerate(step.mistakes):
            if m.part is not None and m.part not in parts:
                raise LessonError(f"{file}: steps[{i}].mistakes[{j}].part: no part named {m.part!r}")
    practice = (
        parse_position(data["practice"], _where(file, "practice"), lesson_id) if "practice" in data else None
    )
    return Lesson(
        id=lesson_id,
        file=file,
        order=order,
        title=read_text(data["title"], f"{file}: title"),
        idea=read_text(data["idea"], f"{file}: idea"),
        position=parse_position(data["position"], _where(file, "position"), lesson_id),
        steps=steps,
        parts=parts,
        requires=_strings(data.get("requires", []), f"{file}: requires"),
        topics=topics,
        drills=drills,
        next=nxt,
        opponents=str(opponents),
        practice=practice,
    )


def texts_of(lesson: Lesson) -> list[tuple[str, Text]]:
    """Every text of a lesson with where it is (for the words check)."""
    out: list[tuple[str, Text]] = [("title", lesson.title), ("idea", lesson.idea)]

    def add(steps: tuple[Step, ...], where: str) -> None:
        for step in steps:
            place = f"{where}.{step.id}"
            if step.coach is not None:
                out.append((f"{place}.coach", step.coach))
            if step.wrong is not None:
                out.append((f"{place}.wrong", step.wrong))
            out.extend((f"{place}.mistake[{m.on.text}]", m.coach) for m in step.mistakes)

    add(lesson.steps, "steps")
    for name, steps in lesson.parts.items():
        add(steps, f"parts.{name}")
    return out
