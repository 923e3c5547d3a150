"""The table's performance figures: frame times, idle CPU, start-up to the first frame, memory.

:func:`ui_figures` runs each measurement in a fresh Python process (so the
caller never imports pygame and every figure starts cold) and returns:

- ``frame_ms_p50_1024x640``, ``frame_ms_p99_1024x640`` and the same at 1920x1080 (the smallest
  window the game allows, and a full-HD screen): whole frames of the real app (events, update,
  pygame_gui, drawing, flip) on a late-hand table (the wall nearly drawn, melds and long rivers)
  waiting for the player, with the mouse moving over the hand and the markers animating;
- ``play_frame_ms_p50_…``/``play_frame_ms_p99_…``: the same table while the hand is
  replayed event after event with its animations (draws, discards, calls, banners)
  and the AI moves paced as in play — the busiest the table gets;
- ``…_cpu_ms_…``: the same frames in CPU time of the drawing thread (``time.thread_time``),
  which a loaded machine does not inflate the way it does wall time;
- ``thinking_frame_ms_p99`` and ``thinking_frame_ms_max``: whole frames (1280x720) while the other
  seats think for :data:`THINKING_S` each before every move: the AI runs off the render thread, so
  a frame never waits for it (the target: under 200 ms even on a loaded machine; the suite checks
  that the AI runs off the frame thread without timing it);
- ``idle_cpu_percent``: CPU time over wall time while the table waits for the player (in the default
  1280x720 window), the app's own loop turning: once nothing has moved for 1.5 s it draws nothing and
  sleeps until input (:mod:`game.ui.kit.pacing`); ``idle_frames_per_s``: the frames it drew meanwhile;
- ``rules_popup_ms_first``, ``rules_popup_ms``: F3 at the 1920x1080 table (the AI seats to move) to the
  rules pop-up's first whole frame, the first time and the median of later times;
  ``rules_popup_busy_ms``: the same while the AI worker thread computes without a pause (the worst
  an AI's thinking can do to the frame thread);
- ``startup_to_first_frame_s``: from starting the interpreter to the main menu's first frame, the
  game's bytecode already compiled (as an installed game or the bundle starts: pip and PyInstaller
  compile it; the children write theirs to a temporary ``PYTHONPYCACHEPREFIX`` after one unmeasured
  start); ``startup_uncompiled_s``: the same with no bytecode kept (``PYTHONDONTWRITEBYTECODE``, as some
  machines and CI set it: every module compiled from source at each start);
- ``rss_mb``: resident memory of the process after the 1920x1080 frames.

Run ``python -m game.benchmarks.ui [--quick] [--json]``. The video driver is SDL's dummy one
unless ``SDL_VIDEODRIVER`` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Final

from game.settings import DEFAULT_WINDOW, MIN_WINDOW

SIZES: Final = (MIN_WINDOW, (1920, 1080))
"""The window sizes whose frames are timed: the smallest the game allows and a full-HD screen."""
LATE_LIVE: Final = 14
"""Tiles left in the wall when the late-hand table is measured."""
THINKING_S: Final = 0.3
"""How long each AI decision takes in the thinking figures (a slow level on a slow machine)."""


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if "HARBIN_MAHJONG_HOME" not in env:
        env["HARBIN_MAHJONG_HOME"] = tempfile.mkdtemp(prefix="hm-bench-")
    return env


def run_child(*args: str, module: str = "game.benchmarks.ui") -> dict[str, Any]:
    """Run one measurement in a new process (``module --child ARGS``) and read its JSON answer."""
    out = subprocess.run(
        [sys.executable, "-m", module, "--child", *args],
        capture_output=True,
        text=True,
        env=_child_env(),
        timeout=600,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


class _SlowThinker:
    """An AI player that takes :data:`THINKING_S` over every decision (then plays as the one it wraps)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name

    def decide(self, view: Any, legal: Any) -> Any:
        time.sleep(THINKING_S)
        return self.inner.decide(view, legal)


def late_hand_session(seed: int = 2, slow: bool = False, live: int = LATE_LIVE, level: str = "random") -> Any:
    """A hand played until the wall is nearly drawn, with seat 0 to discard: a busy table.

    Every seat is the ``random`` baseline, which calls often and seldom wins, so hands
    reach the end of the wall with melds everywhere and long rivers (the real levels
    usually win long before). What is measured is drawing, not thinking (with ``slow``, the other
    seats then take :data:`THINKING_S` over each decision). ``live`` and ``level`` stop the hand earlier
    (at that many tiles left to draw) or play it with another level, for tables of other moments.
    """
    from game.core.drive import drive
    from game.core.match import Game
    from game.core.rules import RuleSet
    from game.host.match import HUMAN, HUMAN_NAME, MatchHost, make_ai
    from game.host.session import Session

    levels = (level, level, level)

    def late(game: Game) -> bool:
        state = game.state
        waiting = HUMAN in game.pending() and state.phase == "discard"
        return state.phase == "round_over" or (waiting and state.live_count <= live)

    for attempt in range(50):
        game = Game.new(seed + attempt, RuleSet(), hands=8, players=(HUMAN_NAME, *levels))
        host = MatchHost.seat(game, levels, "standard")
        players = {HUMAN: make_ai(level, seed + attempt, HUMAN)[0], **host.players}
        drive(game, players.__getitem__, until=late)
        if game.state.phase != "round_over":
            if slow:
                slowed: dict[int, Any] = {s: _SlowThinker(p) for s, p in host.players.items()}
                host = MatchHost.seat(game, levels, "standard", slowed)
            return Session(host)
    raise RuntimeError("no late-hand table found")


def _rss_mb() -> float:
    """Resident memory now (Linux), else the peak."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _table_app(size: tuple[int, int], replay: bool = False, slow: bool = False) -> tuple[Any, Any]:
    """The real app on the late-hand table: shown as it stands, or (``replay``) from the hand's start,
    every event still to be animated."""
    from game.paths import app_paths
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.screens.menu import MainMenu
    from game.ui.table.scene import TableScene

    app = App(app_paths().ensure(), Settings(language="zh", ai_delay_ms=600), persist=False, size=size)
    app.push(MainMenu(app))
    session = late_hand_session(slow=slow)
    if not replay:
        session.catch_up()
    table = TableScene(app, session)
    app.push(table)
    for _ in range(240 if replay else 900):  # by then the tile images the table needs are drawn
        app.step(1 / 60)
    return app, table


def child_frames(size: tuple[int, int], frames: int, replay: bool = False) -> dict[str, float]:
    """Time whole frames at a size with the mouse sweeping over the hand (while the hand is replayed
    with its animations, with ``replay``)."""
    import pygame

    app, table = _table_app(size, replay)
    hand = table.layout.seats[0].hand
    points = [s.rect.center for s in hand] or [(size[0] // 2, size[1] - 40)]
    times: list[float] = []
    cpu: list[float] = []
    for i in range(frames):
        pos = points[(i // 4) % len(points)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    rss = _rss_mb()
    app.shutdown()
    times.sort()
    cpu.sort()
    return {
        "p50": statistics.median(times),
        "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
        "max": times[-1],
        "cpu_p50": statistics.median(cpu),
        "cpu_p99": cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))],
        "rss_mb": rss,
    }


def child_thinking(moves: int) -> dict[str, float]:
    """Time whole frames while the other seats think slowly, until ``moves`` of their decisions are played."""
    app, table = _table_app(DEFAULT_WINDOW, slow=True)
    times: list[float] = []
    played = 0
    job = table.ai.job
    while played < moves and table.driver.game.state.phase != "round_over":
        if table.controls.decision_token is not None and not table.busy:
            table.controls.submit(table.controls.legal[0])  # the person moves at once: the others think
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        played += job is not None and table.ai.job is not job
        job = table.ai.job
    app.shutdown()
    times.sort()
    return {"p99": times[min(len(times) - 1, int(0.99 * len(times)))], "max": times[-1], "frames": len(times)}


def child_idle(seconds: float) -> dict[str, float]:
    """CPU use while the table waits for the player, turning the app's own main loop (which sleeps once
    nothing has moved for :data:`~game.ui.kit.pacing.HOLD_S`: measured from then on); also how many
    frames it drew meanwhile."""
    from game.ui.kit.pacing import HOLD_S

    app, table = _table_app(DEFAULT_WINDOW)
    assert table.controls.decision_token is not None or table.busy
    settle = time.perf_counter() + HOLD_S + 0.5
    while time.perf_counter() < settle:
        app.turn()
    drawn = app.frame
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.turn()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    drawn = app.frame - drawn
    app.shutdown()
    return {"idle_cpu_percent": 100.0 * cpu / wall, "idle_fps": drawn / wall}


def _open_rules(app: Any) -> float:
    """Press F3 at the table and time it to the rules pop-up's first whole frame (ms); F3 closes it."""
    import pygame

    from game.ui.screens.rules import RulesScene

    start = time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    while not isinstance(app.scenes.top, RulesScene):
        app.step(1 / 60)
    took = (time.perf_counter() - start) * 1000
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode="", scancode=0))
    for _ in range(3):
        app.step(1 / 60)
    return took


def child_rules(opens: int) -> dict[str, float]:
    """F3 at the 1920x1080 table: the first opening, later ones, and later ones with the AI worker busy."""
    import threading

    app, table = _table_app((1920, 1080))
    first = _open_rules(app)
    warm = [_open_rules(app) for _ in range(opens)]
    stop = threading.Event()

    def think() -> None:
        """Compute on the AI worker thread until told to stop (a level thinking without a pause)."""
        while not stop.is_set():
            sum(i * i for i in range(2000))

    table.ai.executor.submit(think)
    busy = [_open_rules(app) for _ in range(opens)]
    stop.set()
    app.shutdown()
    return {"first": first, "warm": statistics.median(warm), "busy": statistics.median(busy)}


def child_startup() -> dict[str, float]:
    """Open the window and draw the main menu once (timed by the parent)."""
    from game.ui.app import parse_args, start_app

    app = start_app(parse_args(["--size", f"{DEFAULT_WINDOW[0]}x{DEFAULT_WINDOW[1]}"]))
    app.step(1 / 60)
    print("first-frame", flush=True)
    app.shutdown()
    return {}


def startup_seconds(runs: int, compiled: bool = True) -> float:
    """Median time from starting a fresh interpreter to the main menu's first frame: with the bytecode
    compiled by an unmeasured first start (``compiled``), or compiled from source at every start."""
    env = _child_env()
    with tempfile.TemporaryDirectory(prefix="hm-bench-pyc-") as cache:
        if compiled:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        return _startup_median(runs + 1 if compiled else runs, env, skip=1 if compiled else 0)


def _startup_median(runs: int, env: dict[str, str], skip: int) -> float:
    """The median start-up time of ``runs`` fresh interpreters, the first ``skip`` not counted."""
    results = []
    for _ in range(runs):
        start = time.perf_counter()
        with subprocess.Popen(
            [sys.executable, "-m", "game.benchmarks.ui", "--child", "startup"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        ) as proc:
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.strip() == "first-frame":
                    results.append(time.perf_counter() - start)
                    break
            proc.wait(timeout=60)
    return statistics.median(results[skip:])


def ui_figures(quick: bool = False) -> dict[str, float]:
    """Every UI figure (see the module docstring); ``quick`` takes fewer samples."""
    frames = 240 if quick else 1200
    out: dict[str, float] = {}
    for w, h in SIZES:
        stats = run_child("frames", f"{w}x{h}", str(frames))
        out[f"frame_ms_p50_{w}x{h}"] = round(stats["p50"], 2)
        out[f"frame_ms_p99_{w}x{h}"] = round(stats["p99"], 2)
        out[f"frame_cpu_ms_p99_{w}x{h}"] = round(stats["cpu_p99"], 2)
        out["rss_mb"] = round(stats["rss_mb"], 1)
    for w, h in SIZES:
        stats = run_child("replay", f"{w}x{h}", str(frames))
        out[f"play_frame_ms_p50_{w}x{h}"] = round(stats["p50"], 2)
        out[f"play_frame_ms_p99_{w}x{h}"] = round(stats["p99"], 2)
        out[f"play_frame_cpu_ms_p50_{w}x{h}"] = round(stats["cpu_p50"], 2)
        out[f"play_frame_cpu_ms_p99_{w}x{h}"] = round(stats["cpu_p99"], 2)
    thinking = run_child("thinking", "3" if quick else "12")
    out["thinking_frame_ms_p99"] = round(thinking["p99"], 2)
    out["thinking_frame_ms_max"] = round(thinking["max"], 2)
    idle = run_child("idle", "2" if quick else "6")
    out["idle_cpu_percent"] = round(idle["idle_cpu_percent"], 1)
    out["idle_frames_per_s"] = round(idle["idle_fps"], 1)
    rules = run_child("rules", "3" if quick else "7")
    out["rules_popup_ms_first"] = round(rules["first"], 1)
    out["rules_popup_ms"] = round(rules["warm"], 1)
    out["rules_popup_busy_ms"] = round(rules["busy"], 1)
    out["startup_to_first_frame_s"] = round(startup_seconds(1 if quick else 5), 3)
    out["startup_uncompiled_s"] = round(startup_seconds(1 if quick else 5, compiled=False), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures (``--json`` for a machine)."""
    parser = argparse.ArgumentParser(prog="python -m game.benchmarks.ui", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        if kind in ("frames", "replay"):
            w, h = (int(v) for v in rest[0].split("x"))
            print(json.dumps(child_frames((w, h), int(rest[1]), replay=kind == "replay")))
        elif kind == "thinking":
            print(json.dumps(child_thinking(int(rest[0]))))
        elif kind == "rules":
            print(json.dumps(child_rules(int(rest[0]))))
        elif kind == "idle":
            print(json.dumps(child_idle(float(rest[0]))))
        elif kind == "startup":
            child_startup()
        return 0
    print_figures(ui_figures(args.quick), args.json)
    return 0


def print_figures(figures: dict[str, Any], as_json: bool) -> None:
    """A benchmark module's figures on stdout: JSON, or one ``name  value`` line each."""
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        width = max((len(key) for key in figures), default=0) + 2
        for key, value in figures.items():
            print(f"{key:{width}} {value}")


if __name__ == "__main__":
    sys.exit(main())
