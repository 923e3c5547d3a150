"""Closed screens give their memory back after the frame they closed in, not many matches later.

A scene, its pygame_gui UIManager and the widgets refer to each other, so CPython frees them only in a
full garbage collection; with the many long-lived objects of a running game a full collection comes
rarely. An autoplayed session kept up to ten closed tables and sixty UIManagers alive between two
collections; its memory climbed by 120 MB (an hour of real-time play) to 300 MB (matches played
back to back) before levelling off (``tests/bench/memory_soak.py``).

:class:`Reclaimer` collects after a frame in which a screen closed or a UIManager was replaced. To keep
that cheap (2-9 ms a collection on a 2-core machine, 12.5 ms on average with the trim below; the app
logs the mean at shutdown), the objects alive once the window is set up (fonts, tile art, tables,
modules: they live as long as the program) are frozen out of the collector's reach until the app shuts
down.

Freed is not given back, though: pixel memory of surfaces (SDL's, which Python's own accounting never
sees) comes from the C allocator, and glibc keeps freed chunks in its heaps for reuse. A screen's
large short-lived surfaces, freed among long-lived small ones (cached tile and text images), leave holes
the heap never returns: ten minutes of autoplay left 40 to 65 MB of such free memory resident while the
memory in use grew only as the bounded caches filled. So after each of those collections the
Reclaimer also asks glibc to give free pages back (``malloc_trim``); other C libraries have no such
call and are left alone.
"""

from __future__ import annotations

import ctypes
import gc
import sys
import time
from collections.abc import Callable
from typing import Any


def glibc_function(name: str) -> Any | None:
    """A function of the process's own C library by name, on Linux with glibc; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):  # not glibc (musl has neither malloc_trim nor mallinfo2)
        return None


def find_malloc_trim() -> Callable[[], None] | None:
    """glibc's ``malloc_trim(0)`` (free pages of every heap go back to the system), or None elsewhere."""
    trim = glibc_function("malloc_trim")
    if trim is None:
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int

    def trim_all() -> None:
        trim(0)

    return trim_all


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 and later): sizes in bytes."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
            "keepcost",
        )
    ]  # fmt: skip


def c_heap_summary() -> str | None:
    """The C heap's memory in use and held free, in MB, for the log (None where glibc cannot say)."""
    mallinfo2 = glibc_function("mallinfo2")
    if mallinfo2 is None:
        return None
    mallinfo2.argtypes = []
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    in_use = (info.uordblks + info.hblkhd) / 1e6
    return f"C heap {in_use:.1f} MB in use, {info.fordblks / 1e6:.1f} MB free in its arenas"


class Reclaimer:
    """Full collections after frames that dropped a screen or its widgets; off unless ``enabled``."""

    def __init__(self, enabled: bool, trim: Callable[[], None] | None = None) -> None:
        self.enabled = enabled
        self.trim = trim if trim is not None else find_malloc_trim()
        """Gives the C heap's free pages back to the system after a collection (None: not on glibc)."""
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
            if self.trim is not None:
                self.trim()
            self.seconds += time.perf_counter() - start
            self.collections += 1
        self.pending = False

    def summary(self) -> str:
        """How often it collected and how long that took, for the log."""
        mean = 1000 * self.seconds / self.collections if self.collections else 0.0
        trimmed = ", each giving free C heap pages back" if self.trim is not None else ""
        return f"{self.collections} collections after dropped screens{trimmed}, {mean:.1f} ms each on average"

    def stop(self) -> None:
        """Give the frozen objects back to the collector (the app is shutting down)."""
        if self.frozen:
            gc.unfreeze()
            self.frozen = False


__all__ = ["Reclaimer", "c_heap_summary", "find_malloc_trim"]
