"""Ctrl-C on a long job: the real program, its stderr a terminal, gets SIGINT (to its whole process group,
as a terminal sends it) while it plays; it prints the partial summary, exits 130, leaves no traceback
and, for a tournament with workers, no worker process behind.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120.0
"""Only a hang guard: waits are for the program's own output, however slowly a loaded machine runs it."""


@dataclass
class Job:
    """A command running in its own session, stderr on a pseudo-terminal."""

    proc: subprocess.Popen[str]
    master: int
    err: str = ""

    def read_err(self, wait: float) -> bool:
        """Add what the program wrote on its terminal within ``wait`` seconds; False once nothing came."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program and its side of the terminal are gone
            return False
        self.err += chunk.decode("utf-8", "replace")
        return bool(chunk)

    def wait_for(self, test: Callable[[str], bool]) -> None:
        """Read stderr until ``test(err)`` holds (or fail after TIMEOUT)."""
        deadline = time.monotonic() + TIMEOUT
        while not test(self.err):
            assert self.proc.poll() is None, f"ended early: {self.err}"
            assert time.monotonic() < deadline, f"no progress seen: {self.err!r}"
            self.read_err(0.2)

    def interrupt(self) -> tuple[int, str]:
        """Ctrl-C: SIGINT to the process group; the exit status and stdout."""
        os.killpg(self.proc.pid, signal.SIGINT)
        out, _ = self.proc.communicate(timeout=TIMEOUT)
        while self.read_err(0.5):  # a terminal hands its buffer over in pieces: read it all
            pass
        os.close(self.master)
        return self.proc.returncode, out


def start(*args: str) -> Job:
    """``python -m game ARGS`` in a new session with SIGINT at its default (even if ours is ignored)."""
    master, slave = os.openpty()
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # an exec'd child gets SIG_DFL
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", *args],
            stdout=subprocess.PIPE,
            stderr=slave,
            text=True,
            cwd=ROOT,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)
        os.close(slave)
    return Job(proc, master)


def done_at_least(n: int) -> Callable[[str], bool]:
    """A test of the stderr text: a progress line shows ``n`` or more done."""
    return lambda err: any(int(d.replace(",", "")) >= n for d in re.findall(r"([\d,]+)/[\d,]+ ", err))


def live_group_members(pgid: int) -> list[int]:
    """Processes (not zombies) still in the process group."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z" and int(fields[2]) == pgid:
                out.append(int(entry.name))
    return out


PROGRESS = re.compile(
    r"\r(simulate|tournament|replay verify) [\d,]+/[\d,]+ \w+ \(\d+%\)( [\d,.]+ \w+/s(, [\d:]+ left)?)? *"
)


def assert_clean_exit(job: Job) -> None:
    """Nothing on stderr but the progress line, wiped at the end; no process of the group left running."""
    rest = PROGRESS.sub("", job.err)
    assert rest.strip(" \r") == "", job.err  # e.g. no worker's "Process ForkPoolWorker-2:" or traceback
    assert job.err.endswith("\r") or job.err == ""
    deadline = time.monotonic() + TIMEOUT  # a hang guard, as above
    while live_group_members(job.proc.pid):
        assert time.monotonic() < deadline, f"left running: {live_group_members(job.proc.pid)}"
        time.sleep(0.1)


def test_ctrl_c_in_simulate_prints_the_partial_summary() -> None:
    job = start("simulate", "--hands", "100000", "--players", "greedy", "--match-hands", "2", "--check")
    job.wait_for(done_at_least(4))
    code, out = job.interrupt()
    assert code == 130, out + job.err
    first, *rest = out.splitlines()
    match = re.fullmatch(r"partial: interrupted after (\d+) of 100000 hands, in (\d+) whole matches", first)
    assert match, out
    hands, matches = int(match[1]), int(match[2])
    assert hands >= 2 and hands == 2 * matches
    assert rest[0].startswith(f"{hands} hands in ")
    assert "invariant violations: 0" in out
    assert_clean_exit(job)


def test_ctrl_c_in_simulate_json_prints_partial_json_and_no_progress(tmp_path: Path) -> None:
    folder = tmp_path / "replays"
    job = start(
        "simulate", "--hands", "100000", "--match-hands", "1", "--save-replays", str(folder), "--json"
    )
    deadline = time.monotonic() + TIMEOUT
    while not (folder.is_dir() and any(folder.glob("*.jsonl"))):
        assert job.proc.poll() is None and time.monotonic() < deadline
        job.read_err(0.1)
    code, out = job.interrupt()
    assert code == 130
    data = json.loads(out)
    assert data["partial"] is True
    assert 1 <= data["hands"] < 100000
    assert data["replays_saved"] == data["matches"] == data["hands"]
    assert sum(data["outcomes"].values()) == data["hands"]
    assert job.err == ""  # --json: no progress line even on a terminal
    assert_clean_exit(job)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_a_tournament_stops_the_workers_and_prints_the_partial_summary(workers: str) -> None:
    args = ("--challenger", "normal", "--baseline", "random", "--seeds", "0-9999", "--workers", workers)
    job = start("tournament", *args)
    job.wait_for(done_at_least(2))
    code, out = job.interrupt()
    assert code == 130, out + job.err
    lines = out.splitlines()
    match = re.fullmatch(r"partial: interrupted after (\d+) of 10000 seeds", lines[0])
    assert match, out
    seeds = int(match[1])
    assert seeds >= 2
    assert f"over {seeds} seeds, {4 * seeds} hands" in lines[1]
    assert len(lines) == 4  # and the two lines of rates
    assert_clean_exit(job)


def test_ctrl_c_in_replay_verify_says_how_far_it_got(tmp_path: Path) -> None:
    from game.cli.main import main

    assert main(["simulate", "--hands", "16", "--seed", "2", "--save-replays", str(tmp_path)]) == 0
    one = tmp_path / "match-2.jsonl"
    copies = [tmp_path / f"copy-{i:03d}.jsonl" for i in range(300)]
    for copy in copies:
        copy.write_bytes(one.read_bytes())
    job = start("replay", "verify", *map(str, copies))
    job.wait_for(done_at_least(2))
    code, out = job.interrupt()
    assert code == 130, out + job.err
    *oks, last = out.splitlines()
    match = re.fullmatch(r"partial: interrupted after (\d+) of 300 files \(0 failed\)", last)
    assert match, out
    assert len(oks) == int(match[1]) >= 2
    assert all(line.startswith("ok   ") for line in oks)
    assert_clean_exit(job)
