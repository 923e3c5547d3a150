"""The synthesised effects really come out of SDL's mixer, at the set volume, and not when muted.

No sound card here: SDL's ``disk`` audio driver writes what the mixer plays to a file, so the test
reads back the samples the speakers would have received (16-bit stereo at 44.1 kHz).
"""

from __future__ import annotations

import array
import os
import subprocess
import sys
from pathlib import Path

import pytest

PLAY = """
import time, pygame
pygame.init()
from game.ui.sound import SoundBank
bank = SoundBank(volume={volume}, muted={muted})
assert bank.enabled, bank.reason
bank.start_synthesis(wait=True)
played = bank.play("win")
assert played is (not {muted}), played
time.sleep(1.5)
pygame.quit()
"""


def mixer_output(tmp_path: Path, volume: float, muted: bool) -> array.array[int]:
    """The samples SDL's mixer wrote while the bank played the win effect."""
    out = tmp_path / f"audio-{volume}-{muted}.raw"
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": "disk",
        "SDL_DISKAUDIOFILE": str(out),
        "SDL_VIDEODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    code = PLAY.format(volume=volume, muted=muted)
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    samples = array.array("h")
    samples.frombytes(data[: len(data) // 2 * 2])
    return samples


@pytest.mark.parametrize("volume", [0.8, 0.4])
def test_the_win_effect_reaches_the_mixer_at_the_set_volume(tmp_path: Path, volume: float) -> None:
    samples = mixer_output(tmp_path, volume, muted=False)
    assert len(samples) > 44100  # at least half a second of stereo output was written
    peak = max(abs(s) for s in samples)
    full = 0.9 * 32000  # to_pcm's soft limit
    assert abs(peak - volume * full) < 0.05 * full, peak
    assert sum(1 for s in samples if s) > 20000  # a sound, not a click


def test_muted_means_silence_at_the_mixer(tmp_path: Path) -> None:
    samples = mixer_output(tmp_path, 0.8, muted=True)
    assert len(samples) > 0 and not any(samples)
