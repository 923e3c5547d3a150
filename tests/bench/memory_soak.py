"""A long autoplay session of the real program, its memory sampled from start to end.

    python tests/bench/memory_soak.py --minutes 60 --every 5 --level normal --match-hands 16

One process plays match after match (``--autoplay LEVEL --anim-speed instant --matches N``) under the
dummy video driver in a temporary home folder. Its resident memory (VmRSS from /proc) is sampled
after the first table is up and every ``--every`` minutes; at the end the program is asked to quit
(SIGTERM, which SDL turns into a window close) and must exit 0. Prints the samples, the growth from
the first sample and over the second half of the run (a leak grows steadily; caches filling up grow
early and stop), the matches finished and the verdict; exit 1 if the program failed or memory grew
in the second half by more than ``--noise`` MB.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANY_MATCHES = 1_000_000
"""More matches than any soak plays: the program is asked to quit when the time is up."""


@dataclass
class Sample:
    """Memory of the program at one moment."""

    seconds: float
    rss_mb: float
    matches: int


@dataclass
class SoakResult:
    """The samples of a run and how it ended."""

    samples: list[Sample] = field(default_factory=list)
    exit_code: int | None = None
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the program logged about its memory at the end."""

    def growth(self, start: int = 0) -> float:
        """MB gained from sample ``start`` to the last."""
        return self.samples[-1].rss_mb - self.samples[start].rss_mb if self.samples else 0.0


def rss_mb(pid: int) -> float:
    """The resident memory of a process in MB (VmRSS of /proc/PID/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise OSError(f"no VmRSS for process {pid}")


def finished_matches(home: Path) -> int:
    """Matches the program has finished and kept in its replay folder."""
    return len(list((home / "data" / "replays").glob("*.jsonl")))


def run_soak(home: Path, minutes: float, every: float, level: str, hands: int, seed: int) -> SoakResult:
    """Run the program for ``minutes``, sampling its memory every ``every`` minutes; then ask it to quit."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["HARBIN_MAHJONG_HOME"] = str(home)
    command = [sys.executable, "-m", "game", "--scene", "table", "--autoplay", level]
    command += ["--anim-speed", "instant", "--match-hands", str(hands), "--seed", str(seed)]
    command += ["--matches", str(MANY_MATCHES)]
    result = SoakResult()
    start = time.monotonic()
    log_file = home / "soak-stderr.txt"
    home.mkdir(parents=True, exist_ok=True)
    with open(log_file, "w") as err:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            warm_up = min(10.0, minutes * 60 / 4)  # the first table dealt and drawn
            next_at = start + warm_up
            end = start + minutes * 60
            while True:
                now = time.monotonic()
                if proc.poll() is not None:
                    result.errors.append(f"the program ended by itself after {now - start:.0f} s")
                    break
                if now >= next_at or now >= end:
                    sample = Sample(now - start, rss_mb(proc.pid), finished_matches(home))
                    result.samples.append(sample)
                    at = f"{sample.seconds / 60:6.1f} min"
                    print(f"{at}  {sample.rss_mb:7.1f} MB  {sample.matches} matches", flush=True)
                    if now >= end:
                        break
                    next_at = min(now + every * 60, end)
                time.sleep(min(1.0, max(0.05, next_at - time.monotonic())))
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            result.exit_code = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    program_log = home / "logs" / "harbin-mahjong.log"  # HARBIN_MAHJONG_HOME's log folder
    if program_log.exists():
        result.notes = [x for x in program_log.read_text(errors="replace").splitlines() if "memory:" in x]
    text = log_file.read_text(errors="replace")
    if "Traceback" in text or "stopped because of an error" in text:
        result.errors.append("the program logged an error:\n" + text[-2000:])
    if result.exit_code != 0:
        result.errors.append(f"exit status {result.exit_code}")
    return result


def slope_mb_per_hour(samples: list[Sample]) -> float:
    """The least-squares slope of memory over time, in MB an hour."""
    n = len(samples)
    mean_t = sum(x.seconds for x in samples) / n
    mean_m = sum(x.rss_mb for x in samples) / n
    var = sum((x.seconds - mean_t) ** 2 for x in samples)
    cov = sum((x.seconds - mean_t) * (x.rss_mb - mean_m) for x in samples)
    return 3600 * cov / var if var else 0.0


def report(result: SoakResult, hands: int, noise: float) -> bool:
    """Print the growth and the verdict; True if the end is ``noise`` MB or more above the first half's peak.

    Caches filling up and the allocator settling make memory climb early and level off; a leak keeps
    setting new highs. So the test is the last sample against the highest one of the first half.
    """
    samples = result.samples
    if len(samples) < 4:
        print("too few samples")
        return True
    half = next(i for i, x in enumerate(samples) if x.seconds >= samples[-1].seconds / 2)
    first, last = samples[0], samples[-1]
    peak = max(x.rss_mb for x in samples)
    early_peak = max(x.rss_mb for x in samples[: half + 1])
    print(f"start {first.rss_mb:.1f} MB, end {last.rss_mb:.1f} MB, peak {peak:.1f} MB")
    print(f"growth: {result.growth():+.1f} MB over {(last.seconds - first.seconds) / 60:.1f} min")
    print(
        f"second half (from {samples[half].seconds / 60:.1f} min): end {last.rss_mb - early_peak:+.1f} MB "
        f"against the first half's peak, slope {slope_mb_per_hour(samples[half:]):+.1f} MB/hour"
    )
    print(f"matches finished: {last.matches} ({last.matches * hands} hands)")
    grew = last.rss_mb - early_peak > noise
    print("verdict: " + (f"memory grows (more than {noise} MB)" if grew else "no growth beyond noise"))
    return grew


def main(argv: list[str] | None = None) -> int:
    """Run the soak in a temporary home folder and print its figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="how long the program plays")
    parser.add_argument("--every", type=float, default=5.0, help="minutes between two memory samples")
    parser.add_argument("--level", default="normal", help="the --autoplay level")
    parser.add_argument("--match-hands", type=int, default=16, help="hands per match")
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed")
    parser.add_argument("--noise", type=float, default=5.0, help="MB of second-half growth seen as noise")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="memory-soak-") as tmp:
        home = Path(tmp) / "home"
        result = run_soak(home, args.minutes, args.every, args.level, args.match_hands, args.seed)
    grew = report(result, args.match_hands, args.noise)
    print(f"exit status: {result.exit_code}")
    for note in result.notes:
        print("log:", note.split("memory:", 1)[1].strip())
    for error in result.errors:
        print("FAIL", error)
    return 1 if result.errors or grew else 0


if __name__ == "__main__":
    sys.exit(main())
