"""Sound effects synthesised in code: tile click, call, win, ting and a soft UI tick.

Samples are computed with ``array`` (16-bit signed) and handed to
``pygame.mixer.Sound(buffer=...)``; nothing is loaded from disk. Synthesis takes
a few hundred milliseconds of pure Python, so it runs on a background thread
started after the first frame; a sound asked for before it is ready is skipped.
The bank is silent, without error, when the audio driver is ``dummy`` or the
mixer cannot start (no sound device, e.g. under Xvfb or in CI).
"""

from __future__ import annotations

import logging
import math
import os
import random
import threading
from array import array
from collections.abc import Callable
from typing import Final

import pygame

log = logging.getLogger(__name__)

SOUND_NAMES: Final = ("click", "call", "win", "ting", "ui")
RATE: Final = 44100


def _envelope(i: int, n: int, attack: int, decay: float) -> float:
    """A short linear attack then an exponential decay (decay = time constant in samples)."""
    if i < attack:
        return i / max(1, attack)
    return math.exp(-(i - attack) / decay)


def _bell(freq: float, seconds: float, rate: int, amp: float = 0.5) -> list[float]:
    """A bell-like tone: a few inharmonic partials, each decaying at its own pace."""
    n = int(seconds * rate)
    partials = ((1.0, 1.0, 0.35), (2.0, 0.45, 0.22), (2.76, 0.3, 0.14), (5.4, 0.12, 0.07))
    out = [0.0] * n
    attack = int(0.004 * rate)
    for ratio, weight, tau in partials:
        w = 2 * math.pi * freq * ratio / rate
        decay = tau * rate
        for i in range(n):
            out[i] += amp * weight * math.sin(w * i) * _envelope(i, n, attack, decay)
    return out


def _click(rate: int) -> list[float]:
    """A tile clack: a noise transient over two short resonances."""
    n = int(0.09 * rate)
    rng = random.Random(7)  # fixed seed: the same click every run
    out = [0.0] * n
    for i in range(n):
        t = i / rate
        noise = (rng.random() * 2 - 1) * math.exp(-t / 0.004)
        tok = math.sin(2 * math.pi * 2300 * t) * math.exp(-t / 0.012)
        body = math.sin(2 * math.pi * 720 * t) * math.exp(-t / 0.022)
        out[i] = 0.45 * noise + 0.35 * tok + 0.4 * body
    return out


def _ui_tick(rate: int) -> list[float]:
    """A soft, short tick for buttons."""
    n = int(0.05 * rate)
    return [0.35 * math.sin(2 * math.pi * 1500 * i / rate) * math.exp(-i / (0.008 * rate)) for i in range(n)]


def _call(rate: int) -> list[float]:
    """Two rising chime notes for 吃/碰/杠."""
    first = _bell(880.0, 0.22, rate, 0.45)
    second = _bell(1318.5, 0.35, rate, 0.45)
    gap = int(0.085 * rate)
    out = [0.0] * (gap + len(second))
    for i, v in enumerate(first):
        out[i] += v
    for i, v in enumerate(second):
        out[gap + i] += v
    return out


def _win(rate: int) -> list[float]:
    """A bright rising arpeggio into a held chord."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    step = int(0.09 * rate)
    tail = _bell(1046.5, 0.9, rate, 0.3)
    out = [0.0] * (step * len(notes) + len(tail))
    for k, f in enumerate(notes):
        for i, v in enumerate(_bell(f, 0.8, rate, 0.32)):
            if k * step + i < len(out):
                out[k * step + i] += v
    for i, v in enumerate(tail):
        out[step * len(notes) + i] += v
    return out


def _ting(rate: int) -> list[float]:
    """A single clear bell for declaring 听."""
    return _bell(1174.7, 0.6, rate, 0.5)


SYNTHS: Final[dict[str, Callable[[int], list[float]]]] = {
    "click": _click,
    "call": _call,
    "win": _win,
    "ting": _ting,
    "ui": _ui_tick,
}


def to_pcm(samples: list[float], channels: int, size_bits: int = 16) -> bytes:
    """16-bit signed PCM bytes (interleaved for several channels), soft-limited to avoid clipping."""
    if size_bits != 16:
        raise ValueError("only 16-bit mixers are supported")
    peak = max((abs(s) for s in samples), default=1.0)
    gain = 0.9 / peak if peak > 0.9 else 1.0
    data = array("h")
    for s in samples:
        v = int(max(-1.0, min(1.0, s * gain)) * 32000)
        data.extend([v] * channels)
    return data.tobytes()


class SoundBank:
    """The game's sound effects, with volume and mute; silent when audio is unavailable."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._pcm: dict[str, bytes] = {}
        self._thread: threading.Thread | None = None
        self._format: tuple[int, int] = (RATE, 2)
        self.enabled = False
        self.reason = ""
        self._open_mixer()

    def _open_mixer(self) -> None:
        """Open the mixer, or record why sound is off."""
        if os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy":
            self.reason = "audio driver is dummy"
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
        except (pygame.error, OSError) as exc:
            self.reason = f"no audio: {exc}"
            log.info("sound disabled: %s", exc)
            return
        if not init:
            self.reason = "mixer did not start"
            return
        if pygame.mixer.get_driver() == "dummy":
            self.reason = "audio driver is dummy"
            return
        rate, fmt, channels = init
        if abs(fmt) != 16:
            self.reason = f"unsupported mixer format {fmt}"
            return
        self._format = (rate, channels)
        self.enabled = True

    def start_synthesis(self, wait: bool = False) -> None:
        """Compute every sound on a background thread (``wait`` blocks until done, for tests)."""
        if not self.enabled or self._thread is not None:
            return
        rate, channels = self._format

        def work() -> None:
            for name, synth in SYNTHS.items():
                self._pcm[name] = to_pcm(synth(rate), channels)

        self._thread = threading.Thread(target=work, name="sound-synthesis", daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def apply(self, volume: float, muted: bool) -> None:
        """Set the volume (0-1) and mute state."""
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        for sound in self.sounds.values():
            sound.set_volume(self.volume)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The Sound object of a name, created on the main thread once its samples exist."""
        sound = self.sounds.get(name)
        if sound is None:
            pcm = self._pcm.get(name)
            if pcm is None:
                return None
            try:
                sound = pygame.mixer.Sound(buffer=pcm)
            except pygame.error as exc:
                log.info("sound %s could not be created: %s", name, exc)
                return None
            sound.set_volume(self.volume)
            self.sounds[name] = sound
        return sound

    def play(self, name: str) -> bool:
        """Play one effect by name; False if sound is off, muted, unknown or not ready yet."""
        if not self.enabled or self.muted or self.volume <= 0:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        sound.play()
        return True


__all__ = ["SOUND_NAMES", "SYNTHS", "SoundBank", "to_pcm"]
