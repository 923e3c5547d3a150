"""Closed screens give their memory back after the frame they closed in, not many matches later.

A scene, its pygame_gui UIManager and the widgets refer to each other, so CPython frees them only in a
full garbage collection; with the many long-lived objects of a running game a full collection comes
rarely. An autoplayed session kept up to ten closed tables and sixty UIManagers alive between two
collections; its memory climbed by 120 MB (an hour of real-time play) to 300 MB (matches played
back to back) before levelling off (``tests/bench/memory_soak.py``).

:class:`Reclaimer` collects after a frame in which a screen closed or a UIManager was replaced. To keep
that cheap (2-9 ms a collection on a 2-core machine; the app logs the mean at shutdown), the objects
alive once the window is set up (fonts, tile art, tables, modules: they live as long as the program)
are frozen out of the collector's reach until the app shuts down.
"""

from __future__ import annotations

import gc
import time


class Reclaimer:
    """Full collections after frames that dropped a screen or its widgets; off unless ``enabled``."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.frozen = False
        """Whether :meth:`start` froze the objects alive then, for :meth:`stop` to thaw."""
        self.pending = False
        self.collections = 0
        self.seconds = 0.0
        """Time spent in those collections."""

    def start(self) -> None:
        """Move the objects alive now (the app's lasting ones) out of later collections' way."""
        if self.enabled and not self.frozen:
            gc.collect()
            gc.freeze()
            self.frozen = True

    def dropped(self) -> None:
        """A screen closed or dropped its widgets: collect after this frame."""
        self.pending = True

    def after_frame(self) -> None:
        """The end of a frame: collect if something was dropped during it."""
        if self.pending and self.enabled:
            start = time.perf_counter()
            gc.collect()
            self.seconds += time.perf_counter() - start
            self.collections += 1
        self.pending = False

    def summary(self) -> str:
        """How often it collected and how long that took, for the log."""
        mean = 1000 * self.seconds / self.collections if self.collections else 0.0
        return f"{self.collections} collections after dropped screens, {mean:.1f} ms each on average"

    def stop(self) -> None:
        """Give the frozen objects back to the collector (the app is shutting down)."""
        if self.frozen:
            gc.unfreeze()
            self.frozen = False


__all__ = ["Reclaimer"]
