"""The main menu's first frame loads only what it draws: not the lessons' schema, the engine, the hand
analysis or the AI (each is loaded when a scene needs it). Keeping them out took start-up to the first
frame from about 0.52 s to 0.35 s (``harbin-mahjong bench``, ``startup_to_first_frame_s``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.paths import app_paths
from game.tutorial.files import read_headings
from game.tutorial.progress import Progress, save_progress

HEAVY = (
    "game.ai",
    "game.core.engine",
    "game.core.analysis",
    "game.scenario",
    "game.tutorial.lesson",
    "game.replay.review",
    "game.replay.verify",
)
"""Modules (and their packages) the menu's first frame must not import."""

CHILD = """
import json, sys
from game.ui.app import parse_args, start_app
app = start_app(parse_args(["--size", "1280x720"]))
app.step(1 / 60)
top = type(app.scenes.top).__name__
notes = {k: v[0] for k, v in getattr(app.scenes.top, "notes", {}).items()}
app.shutdown()
print(json.dumps({"top": top, "notes": notes, "modules": sorted(sys.modules)}))
"""


def first_frame(home: Path) -> dict[str, object]:
    """Start the game in a fresh interpreter (dummy video), draw one frame, and report what was loaded."""
    env = dict(os.environ, HARBIN_MAHJONG_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def heavy_in(modules: object) -> list[str]:
    assert isinstance(modules, list)
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_the_first_launch_draws_without_the_engine_the_ai_or_the_lessons(isolated_home: Path) -> None:
    seen = first_frame(isolated_home)
    assert seen["top"] == "FirstRunScene"
    assert heavy_in(seen["modules"]) == []


def test_a_returning_learners_menu_names_the_next_lesson_without_loading_it(isolated_home: Path) -> None:
    first, second = read_headings()[:2]
    save_progress(
        Progress().with_lesson(first.id, "done").with_lesson(second.id, "started", 2), app_paths().ensure()
    )
    seen = first_frame(isolated_home)
    assert seen["top"] == "MainMenu"
    assert isinstance(seen["notes"], dict) and seen["notes"]["course"] == f"Next: {second.title.en}"
    assert heavy_in(seen["modules"]) == []
