"""Play the sound bank's effects through SDL's mixer on the ``disk`` audio driver; read back what it wrote.

No sound card here: SDL's ``disk`` driver writes every buffer the mixer produces to a file in real time, so
these are the samples the speakers would have received. Effects are played one after another with silence
between them; the output is cut into one segment per play at runs of exact silence.
"""

from __future__ import annotations

import array
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GAP_S = 0.2
"""Silence after each play, once the mixer reports it idle."""
SPLIT_S = 0.02
"""The output is cut into sounds at runs of exact silence this long (no effect has one inside it)."""

Step = tuple[str, ...] | tuple[str, float] | tuple[str, float, bool]
"""``("play", name)`` (and wait until it ended), ``("start", name)`` (do not wait), ``("wait", seconds)``,
``("apply", volume, muted)``; a play while muted must be refused, otherwise it must be accepted."""

PLAYER = """
import json, sys, time, pygame
pygame.init()
from game.ui.kit.sound import SoundBank
bank = SoundBank(volume={volume}, muted={muted})
assert bank.enabled, bank.reason
bank.start_synthesis(wait=True)
time.sleep({gap})
for step in json.loads(sys.argv[1]):
    if step[0] in ("play", "start"):
        played = bank.play(step[1])
        assert played is (not bank.muted), (step, played)
        if step[0] == "play":  # wait on the mixer itself: a loaded machine may run it late
            time.sleep(0.05)
            while pygame.mixer.get_busy():
                time.sleep(0.005)
            time.sleep({gap})
    elif step[0] == "wait":
        time.sleep(step[1])
    elif step[0] == "apply":
        bank.apply(step[1], step[2])
time.sleep({gap})
print(json.dumps(pygame.mixer.get_init()))
pygame.quit()
"""


@dataclass(frozen=True)
class MixerOutput:
    """What the mixer wrote: its format and one list of left-channel samples (-1..1) per play."""

    rate: int
    channels: int
    segments: list[list[float]]
    stereo_identical: bool
    """Every frame had the same value on both channels (a mono effect on two speakers)."""
    frames: int
    """How many frames the mixer wrote in all (silence included)."""


def render(tmp: Path, steps: Sequence[Step], *, volume: float = 1.0, muted: bool = False) -> MixerOutput:
    """Run the steps (see :data:`Step`) against a bank on the disk driver; one output segment per sound."""
    out = tmp / "mixer.raw"
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "disk",
        "SDL_DISKAUDIOFILE": str(out),
        "SDL_VIDEODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    code = PLAYER.format(volume=volume, muted=muted, gap=GAP_S)
    run = subprocess.run(
        [sys.executable, "-c", code, json.dumps(steps)], env=env, capture_output=True, text=True, timeout=120
    )
    if run.returncode != 0:
        raise RuntimeError(run.stderr)
    rate, fmt, channels = json.loads(run.stdout.strip().splitlines()[-1])
    if abs(fmt) != 16:
        raise RuntimeError(f"mixer format {fmt}, expected 16-bit")
    data = out.read_bytes()
    pcm = array.array("h")
    pcm.frombytes(data[: len(data) // (2 * channels) * 2 * channels])
    identical = all(pcm[i] == pcm[i + c] for i in range(0, len(pcm), channels) for c in range(1, channels))
    left = [v / 32768 for v in pcm[::channels]]
    return MixerOutput(rate, channels, split_at_silence(left, int(SPLIT_S * rate)), identical, len(left))


def plays(names: Sequence[str]) -> list[Step]:
    """Steps that play each name in turn, each after the previous one ended."""
    return [("play", name) for name in names]


def split_at_silence(samples: Sequence[float], min_gap: int) -> list[list[float]]:
    """The stretches of sound between runs of at least ``min_gap`` exactly silent samples."""
    segments: list[list[float]] = []
    start: int | None = None
    last_loud = -1
    for i, s in enumerate(samples):
        if s != 0.0:
            if start is None:
                start = i
            elif i - last_loud > min_gap:
                segments.append(list(samples[start : last_loud + 1]))
                start = i
            last_loud = i
    if start is not None:
        segments.append(list(samples[start : last_loud + 1]))
    return segments
