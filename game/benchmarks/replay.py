"""Replay figures for ``harbin-mahjong bench --parts replay``: loading, share codes and review speed.

The workload is one 16-hand match of four Expert players (match seed 16, as
``harbin-mahjong simulate --players expert --hands 16 --seed 16`` plays it),
written to a temporary file. Figures (medians over repeats, milliseconds):

* ``replay_load_ms`` — reading the file: every line parsed and checked, the header migrated;
* ``replay_load_verify_ms`` — the same and re-playing it through the engine (what importing does);
* ``share_code_chars``, ``share_encode_ms``, ``share_decode_ms`` — its share code (decoding
  re-plays and verifies);
* ``review_decisions_per_s`` — seat 0 reviewed by Expert, every candidate priced;
* ``review_match_s``, ``review_match_cpu_s`` — that review of the whole 16-hand match for one seat (wall
  and CPU seconds; the goal: under 3 s on two quiet cores);
* ``replay_open_ms`` — opening the log in the viewer's event cursor (one fold, snapshots kept);
* ``replay_seek_ms_p50``/``replay_seek_ms_p99`` — random seeks anywhere in the match, each to the
  table ready to draw (the cursor at the position, seat 0's view, the table's picture);
* ``viewer_seek_ms_*``, ``viewer_seek_frame_ms_*`` — the same in the real viewer window, to its table
  laid out and to its whole next frame (:mod:`.viewer`).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.events import Event
from ..replay.cursor import EventCursor
from ..replay.logfile import encode_log, load_log, save_log
from ..replay.review import review
from ..replay.share import decode_code, encode_code
from ..replay.verify import verify_events
from .matches import bench_match
from .viewer import viewer_figures


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``fn`` in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 2)


def replay_figures(quick: bool = False) -> dict[str, Any]:
    """Every replay figure (see the module's docstring)."""
    repeats = 3 if quick else 11
    header, events = bench_match()
    with tempfile.TemporaryDirectory(prefix="harbin-bench-") as folder:
        path = Path(folder) / "match.jsonl"
        save_log(path, events, header)
        load_log(path)  # warm the file cache and the imports
        load_ms = median_ms(lambda: load_log(path), repeats)
        verify_ms = median_ms(lambda: verify_events(load_log(path).events), repeats)
    code = encode_code(header, events)
    encode_ms = median_ms(lambda: encode_code(header, events), repeats)
    decode_ms = median_ms(lambda: decode_code(code), repeats)
    start, cpu = time.perf_counter(), time.process_time()
    reviewed = review(events, 0, "expert", header)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "replay_events": len(events),
        "replay_bytes": path_size(header, events),
        "replay_load_ms": load_ms,
        "replay_load_verify_ms": verify_ms,
        "share_code_chars": len(code),
        "share_encode_ms": encode_ms,
        "share_decode_ms": decode_ms,
        "review_decisions": len(reviewed.decisions),
        "review_decisions_per_s": round(len(reviewed.decisions) / seconds, 1) if seconds else None,
        "review_match_s": round(seconds, 3),
        "review_match_cpu_s": round(cpu, 3),
        **seek_figures(events, 200 if quick else 2000),
        **viewer_figures(quick),
    }


def seek_figures(events: tuple[Event, ...], seeks: int, seed: int = 1) -> dict[str, float]:
    """Opening the log in an event cursor, and random seeks each to the table ready to draw (ms)."""
    from game.table.frame import table_frame

    names = ("E", "S", "W", "N")
    levels = (None, "expert", "expert", "expert")
    open_ms = median_ms(lambda: EventCursor(events), 3)
    cursor = EventCursor(events)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(seeks):
        position = rng.randint(1, len(events))
        start = time.perf_counter()
        cursor.seek(position)
        table_frame(cursor.view(0), names=names, levels=levels)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "replay_open_ms": open_ms,
        "replay_seek_ms_p50": round(statistics.median(times), 3),
        "replay_seek_ms_p99": round(times[min(len(times) - 1, int(0.99 * len(times)))], 3),
    }


def path_size(header: dict[str, Any], events: tuple[Event, ...]) -> int:
    """The size in bytes of the log file these make."""
    return len(encode_log(events, header).encode("utf-8"))


__all__ = ["bench_match", "replay_figures", "seek_figures"]
