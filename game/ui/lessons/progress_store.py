"""Saving the player's lesson progress and drill answers from the screens, with one message on failure.

The progress file is :mod:`game.tutorial.progress`'s; a run that saves nothing
(screenshots, autoplay) writes nothing. A disk that refuses is logged and turned
into one sentence in the player's language that the screen shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tutorial.progress import Progress, Status, load_progress, save_progress
from game.ui.kit.error_dialog import report

if TYPE_CHECKING:
    from game.ui.scene import SceneApp



def store(app: SceneApp, progress: Progress) -> str:
    """Save the progress (if this run saves); "" when done, else the message to show."""
    if not app.persist:
        return ""
    try:
        save_progress(progress, app.paths)
    except OSError as exc:
        return report("progress_save", exc).text(app.lang)  # the OS's words go to the log
    return ""


def record_lesson(app: SceneApp, lesson_id: str, status: Status, step: int) -> str:
    """Note how far a lesson got in the saved progress (a lesson opened from the table, not the list)."""
    progress = load_progress(app.paths).progress.with_lesson(lesson_id, status, step)
    return store(app, progress)


__all__ = ["record_lesson", "store"]
