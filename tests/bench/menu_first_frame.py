"""How long the main menu takes to its first frame, and to its answer about Continue, by kind of save.

    python tests/bench/menu_first_frame.py [--big-hands 400]

Each case runs in a fresh process under the dummy video driver with its own home folder:
no save, a normal save (hand 16 of a 16-hand match), a long valid save (``--big-hands``
hands), a 50 MB file (refused by size before it is read) and a save with an illegal event.
Prints, per case, the file size, the time from the window opening to the menu's first
frame, and the time until Continue is enabled or greyed with its reason.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.registry import make_player
from game.ai.selfplay import play_match
from game.core.events import MatchEnded, MatchStarted
from game.core.rules import RuleSet
from game.host.match import ai_seed
from game.paths import AppPaths
from game.replay.logfile import make_header, save_log
from game.saves import SAVE_KIND, save_path
from tests.crash_soak import game_env


def write_save(home: Path, hands: int, seed: int = 5) -> Path:
    """A match in progress: every hand of a played match but the end, saved as the game saves it."""
    players = [make_player("random", ai_seed(seed, s)) for s in range(4)]
    record = play_match(players, seed, RuleSet(), hands=hands)
    events = [e for e in record.game.events if not isinstance(e, MatchEnded)]
    started = events[0]
    assert isinstance(started, MatchStarted)
    header = make_header(
        kind=SAVE_KIND,
        players=list(started.players),
        levels=list(started.players[1:]),
        preset="standard",
        rules=RuleSet().to_dict(),
        seed=seed,
        hands=hands,
    )
    path = save_path(AppPaths.under(home).saves_dir)
    save_log(path, events, header)
    return path


def make_case(name: str, home: Path, big_hands: int) -> Path | None:
    """Fill a home folder for one case; the save's path (None without one)."""
    if name == "no save":
        return None
    if name == "normal save (16 hands)":
        return write_save(home, 16)
    if name == "long save":
        return write_save(home, big_hands)
    path = write_save(home, 2)
    if name == "50 MB file":
        with path.open("a", encoding="utf-8") as fh:
            line = path.read_text(encoding="utf-8").splitlines()[-1] + "\n"
            fh.write(line * (50 * 2**20 // len(line) + 1))
        return path
    lines = path.read_text(encoding="utf-8").splitlines()
    for i in range(10, len(lines)):
        event = json.loads(lines[i])
        if event.get("type") == "tile_discarded":
            event["seat"] = (event["seat"] + 1) % 4
            lines[i] = json.dumps(event)
            break
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def measure() -> None:
    """In a child process: open the window with the menu, print first-frame and answer times as JSON."""
    from game.paths import app_paths
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.screens.menu import CHECKING, MainMenu

    app = App(app_paths(), Settings(language="en"), persist=False, size=(1280, 720))
    start = time.perf_counter()
    menu = MainMenu(app)
    app.push(menu)
    app.step(1 / 60)
    first = time.perf_counter() - start
    while menu.save == CHECKING and time.perf_counter() - start < 120:
        app.step(1 / 60)
    answered = time.perf_counter() - start
    state = "enabled" if menu.buttons["continue"].is_enabled else "greyed"
    print(json.dumps({"first": first, "answered": answered, "continue": state, "note": menu.continue_note}))
    app.shutdown()


def main(argv: list[str] | None = None) -> int:
    """Measure every case and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big-hands", type=int, default=400, help="hands in the long valid save")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        measure()
        return 0
    cases = ("no save", "normal save (16 hands)", "long save", "50 MB file", "illegal event")
    for name in cases:
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder)
            path = make_case(name, home, args.big_hands)
            size = path.stat().st_size if path is not None else 0
            env = game_env(home)
            cmd = [sys.executable, os.path.abspath(__file__), "--measure"]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            got = json.loads(out.stdout.strip().splitlines()[-1])
            label = f"{name} ({big_hands_label(name, args.big_hands)}{size / 2**20:.2f} MB)"
            print(
                f"{label:<44} first frame {got['first'] * 1000:6.0f} ms · Continue {got['continue']} "
                f"after {got['answered'] * 1000:6.0f} ms"
            )
    return 0


def big_hands_label(name: str, hands: int) -> str:
    """The hand count of the long save, for its label."""
    return f"{hands} hands, " if name == "long save" else ""


if __name__ == "__main__":
    sys.exit(main())
