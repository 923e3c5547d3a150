"""The lesson check: play a lesson through the engine and list everything wrong with it.

For each lesson: every text is in both languages with the same tiles and the
player's words (TEAM.md), and names seats only by the seat markers (a wind or a
seat letter is refused with the file and line); the position can be set up;
every scripted and expected move is legal when its step comes; every known
mistake gets the answer it says (the engine's refusal, or a legal move that is
not the step's) and its part plays to the end and comes back; every spotlight points at
something on the table; every check holds; the lesson reaches its end. This is
``harbin-mahjong tutorial check``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.tiles import format_kinds
from .facts import bao_backed, bao_claims, claim_problems, fill, line_of, table_facts, unfilled
from .lesson import PERSON, Lesson, Step, texts_of
from .links import Links
from .loader import Entry, UnreadableFile, course_problems, read_capped_text
from .runner import LessonRunner
from .spotlight import Lit, resolve
from .text import SEAT_MARKERS, seat_name_hits, word_problems

MAX_ROUNDS = 3000
"""Decisions a lesson may take before the check gives up (a lesson that never ends)."""


def _spotlight_problems(runner: LessonRunner, current: Step, where: str) -> list[str]:
    out = []
    for spot in current.spotlight:
        lit = resolve(spot, runner.game.state, PERSON)
        if not isinstance(lit, Lit):
            out.append(f"{where}: spotlight {spot.to_dict()}: {lit}")
    return out


def _placeholder_problems(runner: LessonRunner, current: Step, where: str) -> list[str]:
    """Placeholders of the step's text that the table cannot fill when the step is shown (a payment
    before the hand is settled, a 宝 before one is set aside)."""
    texts = [t for t in (current.coach, current.wrong) if t is not None]
    facts = table_facts(runner.game.state, runner.game.events, runner.since)
    missing = sorted({p for t in texts for p in unfilled(fill(t, facts))})
    return [f"{where}: {{{p}}} has no value at this table yet" for p in missing]


def _bao_problems(runner: LessonRunner, current: Step, where: str, source: str, file: str) -> list[str]:
    """Texts of the step that call a tile the 宝 when nothing backs it (not the 宝 now, nor an old one, nor a
    ``bao`` a condition of the lesson checks), with the file and line."""
    texts = [t for t in (current.coach, current.wrong, *(m.coach for m in current.mistakes)) if t is not None]
    backed = bao_backed(runner.lesson, runner.game.state)
    out = []
    for text in texts:
        for lang, offset, kind in bao_claims(text):
            if kind in backed:
                continue
            line = line_of(source, text.raw(lang), offset) if source else None
            place = f"{file}:{line}: " if file and line else ""
            out.append(
                f"{place}{where}.{lang}: says {format_kinds([kind])} is the bao, but the table's bao is not "
                "that and no check says so (write {bao}, or check bao = ...)"
            )
    return out


def _try_mistakes(runner: LessonRunner, current: Step, where: str) -> list[str]:
    """Make each known mistake of the step, check the answer, play its part and come back."""
    out = []
    for mistake in current.mistakes:
        place = f"{where}: mistake {mistake.on.text!r}"
        state = runner.game.state
        action = mistake.on.to_action(state, PERSON, runner.game.legal_actions(PERSON))
        if isinstance(action, str):
            out.append(f"{place}: cannot be made here ({action})")
            continue
        before = len(runner.game.events)
        outcome = runner.submit(action)
        if outcome.kind != "mistake" or outcome.mistake is not mistake:
            got = outcome.refusal.code if outcome.refusal is not None else outcome.kind
            out.append(f"{place}: answered {outcome.kind} ({got}), not this mistake")
            if outcome.kind == "accepted":
                runner.undo()
            continue
        if mistake.refusal is not None and (
            outcome.refusal is None or outcome.refusal.code != mistake.refusal
        ):
            found = outcome.refusal.code if outcome.refusal is not None else "a legal move"
            out.append(f"{place}: the engine's answer is {found}, not {mistake.refusal}")
        if mistake.blocker is not None and (
            outcome.refusal is None or mistake.blocker not in outcome.refusal.blockers
        ):
            out.append(f"{place}: the engine does not give the blocker {mistake.blocker}")
        if mistake.refusal is None and outcome.refusal is not None:
            out.append(f"{place}: the engine refuses it ({outcome.refusal.code}); say refusal = ...")
        if mistake.part is not None:
            for _ in range(MAX_ROUNDS):
                if runner.progress().part is None or runner.done:
                    break
                part_step = runner.step
                if part_step is not None:
                    out.extend(_spotlight_problems(runner, part_step, f"{place}: part {mistake.part}"))
                runner.advance()
                runner.proceed()
            if runner.error is not None:
                out.append(f"{place}: part {mistake.part}: {runner.error}")
                return out
            if runner.progress().part is not None:
                out.append(f"{place}: part {mistake.part} never ends")
                return out
        if len(runner.game.events) != before or runner.step is not current:
            out.append(f"{place}: the lesson does not come back to the step after the mistake")
    return out


def seat_problems(lesson: Lesson, source: str = "", file: str = "") -> list[str]:
    """Every text that names a seat by a wind or a seat letter, with the file and line it is on."""
    markers = ", ".join("{" + m + "}" for m in SEAT_MARKERS)
    out = []
    for where, text in texts_of(lesson):
        hits = seat_name_hits(text)
        for lang in dict.fromkeys(lang for lang, _, _ in hits):
            mine = [(offset, words) for hit_lang, offset, words in hits if hit_lang == lang]
            line = line_of(source, text.raw(lang), mine[0][0]) if source else None
            place = f"{file}:{line}" if file and line else (file or "lesson")
            said = ", ".join(dict.fromkeys(repr(words) for _, words in mine))
            out.append(
                f"{place}: {where}.{lang}: names a seat by a wind or a seat letter ({said}); name it from "
                f"the person's seat with a marker: {markers} (tutorials/README.md)"
            )
    return out


def check_lesson(lesson: Lesson, links: Links | None = None, source: str = "", file: str = "") -> list[str]:
    """Everything wrong with one lesson (empty: it is ok); ``source`` and ``file``, the lesson file's text and
    name, let a text's problem name its line."""
    errors: list[str] = []
    for where, text in texts_of(lesson):
        errors.extend(word_problems(text, where))
    errors.extend(seat_problems(lesson, source, file))
    errors.extend(claim_problems(lesson, source, file))
    runner = LessonRunner(lesson, links)
    seen: set[str] = set()
    used_parts: set[str] = set()
    for _ in range(MAX_ROUNDS):
        runner.advance()
        if runner.done:
            break
        if runner.prompt().kind == "stuck":
            errors.append(f"step {runner.step.id if runner.step else '?'}: free play ended the hand first")
            break
        current = runner.step
        assert current is not None
        where = f"step {current.id}"
        if current.id not in seen:
            seen.add(current.id)
            errors.extend(_spotlight_problems(runner, current, where))
            errors.extend(_placeholder_problems(runner, current, where))
            errors.extend(_bao_problems(runner, current, where, source, file))
            if current.mistakes and runner.prompt().kind in ("move", "free"):
                used_parts.update(m.part for m in current.mistakes if m.part)
                errors.extend(_try_mistakes(runner, current, where))
                if runner.error is not None:
                    break
        runner.skip_step()
    else:
        errors.append(f"the lesson does not end within {MAX_ROUNDS} moves")
    if runner.error is not None:
        errors.append(runner.error)
    unreached = [s.id for s in lesson.steps if s.id not in seen and s.kind in ("coach", "expect", "free")]
    if runner.error is None and unreached:
        errors.append(f"steps never reached: {', '.join(unreached)}")
    for name in lesson.parts:
        if name not in used_parts:
            errors.append(f"part {name!r} is never reached (no mistake leads to it)")
    if runner.error is None:
        practice = LessonRunner.practice(lesson, links)
        if practice.error is not None:
            errors.append(f"practice: {practice.error}")
    return errors


def _source(entry: Entry) -> str:
    """A lesson file's text, to name the lines of its problems ("" if it cannot be read again)."""
    if entry.path is None:
        return ""
    try:
        return read_capped_text(entry.path)
    except UnreadableFile:
        return ""


def check_entries(
    entries: Sequence[Entry], links: Links | None = None, others: Sequence[Entry] = ()
) -> list[dict[str, object]]:
    """The ``tutorial check --json`` rows: each lesson's id, ok and errors (broken files included).

    ``others`` are lessons the checked ones may name as prerequisites or next (the shipped course).
    """
    between = course_problems(entries, others)
    rows: list[dict[str, object]] = []
    for entry in entries:
        if entry.lesson is None:
            rows.append({"id": entry.id, "file": entry.file, "ok": False, "errors": [entry.error]})
            continue
        source = _source(entry)
        errors = between.get(entry.lesson.id, []) + check_lesson(entry.lesson, links, source, entry.file)
        rows.append({"id": entry.id, "file": entry.file, "ok": not errors, "errors": errors})
    return rows
