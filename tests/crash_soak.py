"""The crash soak: the real program plays itself, is killed with SIGKILL at random moments and continued.

Each round starts ``python -m game`` under the dummy video driver with a private
``HARBIN_MAHJONG_HOME``: ``--scene continue --autoplay LEVEL`` when a save exists,
else a new ``--scene table`` match; after a random delay the process is killed
(SIGKILL), unless it ended the match by itself first (exit 0). At the end the last
match is played out, and every save and replay file in the home folder must pass
``harbin-mahjong replay verify``. Used by ``tests/test_crash_soak.py`` (10 kills) and
``tests/bench/crash_soak.py`` (50 and more, prints the figures).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.paths import AppPaths
from game.saves import SaveInfo, find_save

FINISH_TIMEOUT = 300.0
"""Seconds the last, unkilled run may take to play its match out."""
STARTUP_KILLS = 0.2
"""The share of kills aimed at the program's start-up rather than at play."""
STARTUP_SECONDS = 2.5
STARTUP_TIMEOUT = 60.0
"""Seconds to wait for the table to come up before killing anyway."""


@dataclass
class SoakResult:
    """What a soak did and found."""

    kills: int = 0
    resumes: int = 0
    """Runs started with ``--scene continue``."""
    new_matches: int = 0
    finished: int = 0
    """Runs that ended their match and exited 0 by themselves."""
    dropped: int = 0
    """Resumes whose log lost a move cut short (the game's log says so)."""
    files_verified: int = 0
    failures: list[str] = field(default_factory=list)


def game_env(home: Path) -> dict[str, str]:
    """The environment of a headless game run with its own home folder."""
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HARBIN_MAHJONG_HOME=str(home),
    )
    return env


class Soak:
    """One soak in one home folder."""

    def __init__(self, home: Path, level: str, hands: int, rng: random.Random) -> None:
        self.home = home
        self.paths = AppPaths.under(home)
        self.level = level
        self.hands = hands
        self.rng = rng
        self.result = SoakResult()
        self.env = game_env(home)

    def command(self) -> list[str]:
        """Continue the saved match if there is one, else start a new match."""
        base = [sys.executable, "-m", "game", "--autoplay", self.level, "--anim-speed", "instant"]
        found = find_save(self.paths.saves_dir)
        if isinstance(found, SaveInfo):
            self.result.resumes += 1
            return [*base, "--scene", "continue"]
        if found not in ("none", "over"):  # what the menu would grey out; a person starts a new game
            self.result.failures.append(f"the save cannot be continued: {found}")
        self.result.new_matches += 1
        seed = self.rng.randrange(2**31)
        return [*base, "--scene", "table", "--match-hands", str(self.hands), "--seed", str(seed)]

    def starts(self) -> int:
        """How many times the game's log says a table started (a new match or a resume)."""
        logs = sorted(self.paths.log_dir.glob("harbin-mahjong.log*"))
        text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)
        return text.count(" new match seed=") + text.count(" resumed ")

    def kill_time(self, proc: subprocess.Popen[bytes], window: float) -> float:
        """Seconds from now to the kill: mostly a moment of play (after the table is up), sometimes
        a moment of the start-up."""
        if self.rng.random() < STARTUP_KILLS:
            return self.rng.uniform(0.05, STARTUP_SECONDS)
        before = self.starts()
        waited = 0.0
        while proc.poll() is None and self.starts() == before and waited < STARTUP_TIMEOUT:
            time.sleep(0.02)
            waited += 0.02
        return self.rng.uniform(0.0, window)

    def run(self, window: float | None) -> None:
        """One run of the game: killed at a random moment (within ``window`` seconds of play),
        or (None) played to its end."""
        cmd = self.command()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(cmd, env=self.env, stdout=subprocess.DEVNULL, stderr=err)
            try:
                timeout = self.kill_time(proc, window) if window is not None else FINISH_TIMEOUT
                rc = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                if window is None:
                    late = f"still running after {FINISH_TIMEOUT:.0f} s"
                    self.result.failures.append(f"{' '.join(cmd[2:])}: {late}")
                else:
                    self.result.kills += 1
                return
            if rc == 0:
                self.result.finished += 1
                return
            err.seek(0)
            lines = err.read().decode("utf-8", "replace").strip().splitlines()
            last = lines[-1] if lines else "(no message)"
            self.result.failures.append(f"{' '.join(cmd[2:])}: exit {rc}: {last}")

    def verify_files(self) -> None:
        """Every save and replay in the home folder through ``harbin-mahjong replay verify``."""
        files = sorted(
            p for d in (self.paths.saves_dir, self.paths.replays_dir) if d.is_dir() for p in d.glob("*.jsonl")
        )
        if not files:
            self.result.failures.append("no save or replay file was written")
            return
        cmd = [sys.executable, "-m", "game", "replay", "verify", *map(str, files)]
        out = subprocess.run(cmd, env=self.env, capture_output=True, text=True, check=False)
        for line in out.stdout.splitlines():
            if line.startswith("ok"):
                self.result.files_verified += 1
            else:
                self.result.failures.append(f"replay verify: {line}")
        if out.returncode != 0 and self.result.files_verified == len(files):
            self.result.failures.append(f"replay verify exited {out.returncode}: {out.stderr.strip()}")

    def count_dropped(self) -> None:
        """How many resumes dropped a move cut short, from the game's own log."""
        logs = sorted(self.paths.log_dir.glob("harbin-mahjong.log*"))
        text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)
        self.result.dropped = text.count("of a move cut short were dropped")


def run_soak(
    home: Path,
    kills: int,
    seed: int = 0,
    level: str = "normal",
    hands: int = 2,
    window: float = 2.0,
) -> SoakResult:
    """Kill the autoplaying game ``kills`` times at random moments, continue each time, verify every file.

    Most kills fall within ``window`` seconds of play after the table is up; some in the start-up.
    """
    soak = Soak(home, level, hands, random.Random(seed))
    runs = 0
    while soak.result.kills < kills and runs < 4 * kills:
        runs += 1
        soak.run(window)
    while isinstance(find_save(soak.paths.saves_dir), SaveInfo) and not soak.result.failures:
        soak.run(None)  # the last match, played out
    soak.verify_files()
    soak.count_dropped()
    return soak.result
