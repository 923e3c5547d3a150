"""Screenshots of lesson steps at the lesson table, to read each step's text against the table it describes.

    python tools/lesson_shots.py OUT_DIR [LESSON[:STEP,STEP...] ...] [--size 1280x720] [--lang zh,en]
        [--seats]

Without steps, every coach, expect and free step of the lesson is shot; ``--seats`` keeps only the steps whose
text names a seat (a seat marker, or a wind or a seat letter the check refuses). Files are named
``LESSON-NN-STEP-LANG.png``. Headless (the dummy video driver); nothing is saved to the player's settings.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.paths import app_paths
from game.settings import Settings
from game.tutorial.lesson import Lesson, Step, texts_of
from game.tutorial.loader import load_course
from game.tutorial.text import MARKER, SEAT_MARKERS, seat_name_hits


def names_a_seat(lesson: Lesson, step: Step) -> bool:
    """Whether a step's texts name a seat (a seat marker, or a word the check refuses)."""
    for where, text in texts_of(lesson):
        if not where.startswith(f"steps.{step.id}."):
            continue
        raw = text.zh + text.en
        if seat_name_hits(text) or any(m in SEAT_MARKERS for m in MARKER.findall(raw)):
            return True
    return False


def shoot(
    lesson: Lesson, wanted: list[str] | None, out: Path, size: tuple[int, int], lang: str, seats: bool
) -> None:
    """Walk a lesson at the table, saving a picture at each wanted step."""
    from game.ui.app import App
    from game.ui.lessons.lesson import LessonScene
    from game.ui.screens.menu import MainMenu

    app = App(
        app_paths().ensure(),
        Settings(language=lang, animation_speed="off"),  # type: ignore[arg-type]
        persist=False,
        size=size,
    )
    try:
        app.push(MainMenu(app))
        scene = LessonScene(app, lesson)
        app.push(scene)
        seen: set[str] = set()
        for _ in range(400):
            for _ in range(200):
                app.step(1 / 60)
                if not scene.busy and scene.runner.prompt().kind != "auto":
                    break
            step = scene.runner.step
            if step is None or scene.runner.done:
                break
            if step.id not in seen and step.kind in ("coach", "expect", "free"):
                seen.add(step.id)
                chosen = step.id in wanted if wanted else (not seats or names_a_seat(lesson, step))
                if chosen:
                    for _ in range(3):
                        app.step(1 / 60)
                    number = lesson.steps.index(step) + 1 if step in lesson.steps else 0
                    name = out / f"{lesson.id}-{number:02d}-{step.id}-{lang}.png"
                    pygame.image.save(app.screen, str(name))
                    print(name)
            scene.lesson_driver.skip_step()
    finally:
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("lessons", nargs="*", help="LESSON or LESSON:STEP,STEP (default: every lesson)")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="zh,en")
    parser.add_argument("--seats", action="store_true", help="only the steps whose text names a seat")
    args = parser.parse_args(argv)
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    course = {e.lesson.id: e.lesson for e in load_course() if e.lesson is not None}
    asked = args.lessons or list(course)
    args.out.mkdir(parents=True, exist_ok=True)
    for item in asked:
        lesson_id, _, steps = item.partition(":")
        wanted = [s for s in steps.split(",") if s] or None
        for lang in args.lang.split(","):
            shoot(course[lesson_id], wanted, args.out, size, lang, args.seats)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
