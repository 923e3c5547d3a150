"""The smoke test of an installed game, shared by the wheel check and the bundle check.

``smoke_program`` runs a program the way a player would (``harbin-mahjong`` from an installed wheel,
or the standalone bundle's program), from a folder outside the checkout, under the dummy video
driver, with its own user folder, and compares what it does with the checkout's own ``python -m game``:
the rules screen (zh and en) must be the same picture pixel for pixel (the rules texts and the
fonts loaded), the table and a lesson must render, every subcommand must run and give the
checkout's answers, ``tournament --workers 2`` must give the single-process result with the
platform's start method and with ``spawn`` (how Windows and macOS start workers), and the log
must go to the log file.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
STRIPPED_ENV: Final = ("HARBIN_MAHJONG_ASSETS", "HARBIN_MAHJONG_MP_START", "PYTHONPATH", "PYTHONHOME")
"""Variables that would make a program find the checkout or behave unlike a player's."""
VOLATILE_KEYS: Final = re.compile(r"seconds|per_s(econd)?$|_ms$|^workers$")
"""JSON fields that are timings (or the worker count), left out when two runs are compared."""
SETTLED_FRAMES: Final = 30
"""Frames drawn before a screenshot that must match the checkout's pixel for pixel: a screen fades in
over 0.25 s of frame time, and each frame counts at least 1/60 s, so after 30 frames (0.5 s) the fade
is over whatever the machine's load (after the default 5 frames a loaded machine's longer frames
finish it and an idle one's do not, and the two pictures differed by the veil)."""
SAMPLE_HAND: Final = ("analyze", "234s", "7889m", "1122p", "77z", "--json")
TOURNAMENT: Final = (
    "tournament",
    "--challenger",
    "normal",
    "--baseline",
    "novice",
    "--seeds",
    "1-2",
    "--json",
)


@dataclass
class Report:
    """Named checks with their time and result, printed as they finish; failures counted."""

    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str = "", seconds: float | None = None) -> bool:
        """Record and print one check."""
        took = f"{seconds:5.1f}s" if seconds is not None else "      "
        print(f"{'ok  ' if ok else 'FAIL'} {took} {name}{': ' + detail if detail else ''}", flush=True)
        if not ok:
            self.failures.append(f"{name}: {detail}")
        return ok

    def note(self, text: str) -> None:
        """Something worth saying that is not a failure (a check skipped, and why)."""
        print(f"note        {text}", flush=True)
        self.notes.append(text)


@dataclass(frozen=True)
class Run:
    """One finished command."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def summary(self) -> str:
        """Status and the first line of output, for a report line."""
        text = (self.stderr or self.stdout).strip().splitlines()
        return f"exit {self.returncode}" + (f" ({text[-1][:160]})" if text else "")


def player_env(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a player's run: dummy video and audio, a user folder of its own, nothing
    pointing at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in STRIPPED_ENV}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HARBIN_MAHJONG_HOME=str(home),
    )
    env.update(extra or {})
    return env


def run(cmd: Sequence[str], cwd: Path, env: dict[str, str], timeout: float = 600) -> Run:
    """Run a command to the end and keep its output (UTF-8)."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            list(cmd),
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        return Run(124, "", f"timed out after {exc.timeout:.0f}s", time.perf_counter() - start)
    return Run(done.returncode, done.stdout, done.stderr, time.perf_counter() - start)


def steady(data: Any) -> Any:
    """JSON output without its timing fields, for comparing two runs."""
    if isinstance(data, dict):
        return {k: steady(v) for k, v in data.items() if not VOLATILE_KEYS.search(k)}
    if isinstance(data, list):
        return [steady(v) for v in data]
    return data


def png_pixels(path: Path) -> tuple[tuple[int, int], bytes] | None:
    """Size and RGB bytes of a PNG file (None if it is missing or not an image)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        surface = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        return None
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def scene_choices(help_text: str) -> list[str]:
    """The screens ``--scene`` offers, read from the program's ``--help``."""
    found = re.search(r"--scene \{([^}]*)\}", help_text)
    return found.group(1).split(",") if found else []


class Smoke:
    """Runs one installed program beside the checkout's ``python -m game`` and compares them."""

    def __init__(self, program: Sequence[str], work: Path, report: Report) -> None:
        self.program = list(program)
        self.checkout = [sys.executable, "-m", "game"]
        self.work = work
        self.report = report
        self.outside = work / "cwd"  # the player's program runs from here: no checkout on its path
        self.outside.mkdir(parents=True, exist_ok=True)

    def player(self, *args: str, extra: dict[str, str] | None = None, timeout: float = 300) -> Run:
        """Run the installed program, from outside the checkout, with the player's user folder."""
        return run([*self.program, *args], self.outside, player_env(self.work / "home", extra), timeout)

    def reference(self, *args: str) -> Run:
        """Run the checkout's ``python -m game`` (the answers the installed program must give)."""
        return run([*self.checkout, *args], ROOT, player_env(self.work / "home-checkout"))

    def same(self, name: str, args: Sequence[str], compare: Callable[[str], Any] = str.strip) -> None:
        """The installed program and the checkout give the same answer (as ``compare`` reads it)."""
        mine = self.player(*args)
        ref = self.reference(*args)
        if mine.returncode != 0 or mine.returncode != ref.returncode:
            self.report.check(name, False, f"{mine.summary()}; checkout {ref.summary()}", mine.seconds)
            return
        ok = compare(mine.stdout) == compare(ref.stdout)
        self.report.check(name, ok, "" if ok else "differs from the checkout's answer", mine.seconds)

    def screenshot(self, name: str, args: Sequence[str], against_checkout: bool) -> None:
        """A screen rendered to PNG; the same picture as the checkout's when ``against_checkout``."""
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        shot = self.work / "screens" / f"{slug}.png"
        if against_checkout:  # past the screen's fade-in, however slowly the frames come (see SETTLED_FRAMES)
            args = (*args, "--frames", str(SETTLED_FRAMES))
        mine = self.player(*args, "--screenshot", str(shot))
        pixels = png_pixels(shot)
        if mine.returncode != 0 or pixels is None:
            self.report.check(name, False, mine.summary(), mine.seconds)
            return
        size, data = pixels
        if len(set(data[i : i + 3] for i in range(0, len(data), 3 * 997))) < 8:
            self.report.check(name, False, f"{shot} is (nearly) one colour", mine.seconds)
            return
        if against_checkout:
            ref_shot = self.work / "screens" / f"{slug}-checkout.png"
            ref = self.reference(*args, "--screenshot", str(ref_shot))
            if ref.returncode != 0 or png_pixels(ref_shot) != pixels:
                self.report.check(name, False, f"{shot} differs from the checkout's {ref_shot}", mine.seconds)
                return
        self.report.check(name, True, f"{shot} ({size[0]}x{size[1]})", mine.seconds)

    def run_all(self, samples: Path, every_command: bool = True) -> None:
        """The checks of the installed program; ``samples`` is where it keeps the sample replays.

        Without ``every_command``, only what reads the shipped files (screens, lessons, replays, the
        analysis tables): the wheel's check. The bundle's also runs every other subcommand.
        """
        from game import __version__

        version = self.player("--version")
        expected = f"harbin-mahjong {__version__}"
        self.report.check(
            "--version", version.stdout.strip() == expected, version.stdout.strip(), version.seconds
        )
        for lang in ("zh", "en"):
            self.screenshot(
                f"rules screen {lang}", ("--scene", "rules", "--lang", lang), against_checkout=True
            )
        self.screenshot(
            "table seed 3", ("--scene", "table", "--seed", "3", "--lang", "zh"), against_checkout=False
        )
        self.lesson_screen()
        log = self.work / "home" / "logs" / "harbin-mahjong.log"
        self.report.check("log file", log.is_file() and log.stat().st_size > 0, str(log))

        self.same("tutorial list", ("tutorial", "list", "--json"), json.loads)
        check = self.player("tutorial", "check")
        self.report.check("tutorial check", check.returncode == 0, check.summary(), check.seconds)
        self.sample_replays(samples)
        self.same("analyze", SAMPLE_HAND, json.loads)
        if not every_command:
            return
        self.same("drill", ("drill", "--kind", "ting", "--count", "2", "--json"), json.loads)
        self.same("score", ("score", "--win", "zimo", "--winner", "E", "--json"), json.loads)
        self.same(
            "simulate", ("simulate", "--hands", "4", "--seed", "1", "--json"), lambda s: steady(json.loads(s))
        )
        scenario = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))[:1]
        if scenario:
            self.same("scenario run", ("scenario", "run", str(scenario[0]), "--json"), json.loads)
        self.tournaments()

    def lesson_screen(self) -> None:
        """A lesson at the table, or the lesson list, if this build has those screens."""
        choices = scene_choices(self.player("--help").stdout)
        listing = self.player("tutorial", "list", "--json")
        lessons = json.loads(listing.stdout)["lessons"] if listing.returncode == 0 else []
        if "lesson" in choices and lessons:
            first = lessons[0]["id"]
            self.screenshot(
                f"lesson {first}", ("--scene", "lesson", "--lesson", first), against_checkout=False
            )
        elif "lessons" in choices:
            self.report.note("no --scene lesson in this build: the lesson list is rendered instead")
            self.screenshot("lesson list", ("--scene", "lessons"), against_checkout=False)
        else:
            self.report.note(
                "lesson screen skipped: this build has neither --scene lesson nor --scene lessons "
                "(the lesson screens are not merged yet)"
            )

    def sample_replays(self, samples: Path) -> None:
        """The shipped sample replays are all there and verify."""
        shipped = sorted(p.name for p in samples.glob("*.jsonl"))
        expected = sorted(p.name for p in (ROOT / "saves").glob("*.jsonl"))
        self.report.check("sample replays shipped", shipped == expected and bool(expected), str(samples))
        verify = self.player("replay", "verify", *(str(samples / name) for name in shipped))
        ok = verify.returncode == 0 and verify.stdout.count("ok ") == len(shipped)
        self.report.check("replay verify", ok, verify.summary(), verify.seconds)
        if shipped:
            self.same("replay code", ("replay", "code", str(samples / shipped[0])))

    def tournaments(self) -> None:
        """Two worker processes give the single-process result, with the default and the spawn start."""
        ref = self.reference(*TOURNAMENT, "--workers", "1")
        if ref.returncode != 0:
            self.report.check("tournament (checkout)", False, ref.summary(), ref.seconds)
            return
        expected = steady(json.loads(ref.stdout))
        for label, extra in (("default start", {}), ("spawn start", {"HARBIN_MAHJONG_MP_START": "spawn"})):
            # a worker that cannot start (no freeze_support in a frozen program) hangs the pool: time out
            mine = self.player(*TOURNAMENT, "--workers", "2", extra=extra, timeout=120)
            ok = mine.returncode == 0 and steady(json.loads(mine.stdout)) == expected
            self.report.check(f"tournament --workers 2 ({label})", ok, mine.summary(), mine.seconds)


def folder_size(path: Path) -> int:
    """Bytes in every file below a folder (links not followed)."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mib(size: int) -> str:
    """Bytes as MiB with one decimal."""
    return f"{size / 2**20:.1f} MiB"


__all__ = [
    "ROOT",
    "Report",
    "Run",
    "Smoke",
    "folder_size",
    "mib",
    "player_env",
    "run",
    "scene_choices",
    "steady",
]
