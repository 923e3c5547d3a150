"""Saving the player's lesson progress and drill answers from the screens, with one message on failure;
the queue of the player's own mistakes (:mod:`game.tutorial.replay_queue`) kept beside them.

The progress file is :mod:`game.tutorial.progress`'s; a run that saves nothing
(screenshots, autoplay) writes nothing. A disk that refuses is logged and turned
into one sentence in the player's language that the screen shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tutorial.progress import Progress, Status, load_progress, save_progress
from game.tutorial.replay_queue import QUEUE_NAME, ReplayDrillQueue
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


def open_queue(app: SceneApp) -> ReplayDrillQueue:
    """The queue of the player's mistakes kept in the data folder (a run that saves nothing reads it and
    writes nothing back)."""
    queue = ReplayDrillQueue.open(app.paths.data_dir / QUEUE_NAME)
    return queue if app.persist else ReplayDrillQueue(queue.items, queue.answered)


def tick_queue(app: SceneApp) -> str:
    """Another drill was answered: the mistakes' clock moves on when one waits (saved); "" or the saving
    problem in the player's words."""
    queue = open_queue(app)
    if not queue.items or queue.due():
        return ""
    return save_queue(app, queue.tick())


def save_queue(app: SceneApp, queue: ReplayDrillQueue) -> str:
    """Write the queue (atomically); "" when done, else the message to show."""
    try:
        queue.save()
    except OSError as exc:
        return report("progress_save", exc).text(app.lang)
    return ""


__all__ = ["open_queue", "record_lesson", "save_queue", "store", "tick_queue"]
