"""Where the replay screens lead: the library, its statistics and (later) the viewer, wired together.

The replay scenes do not import each other; these functions build them with their callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any


def open_library(
    app: Any, *, select: Path | None = None, on_continue: Callable[[], None] | None = None
) -> Any:
    """The replay library over the current screen (``select``: a file to show selected, listed even
    when it lies outside the replay folder); ``on_continue`` resumes the match in progress."""
    from game.ui.scenes.replays import ReplayLibraryScene

    scene = ReplayLibraryScene(app, select=select, on_continue=on_continue, on_stats=lambda: open_stats(app))
    return app.push(scene)


def open_stats(app: Any) -> Any:
    """The statistics over the saved games."""
    from game.ui.scenes.replay_stats import StatsScene

    return app.push(StatsScene(app))


__all__ = ["open_library", "open_stats"]
