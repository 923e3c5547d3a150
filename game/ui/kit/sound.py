"""The sound bank: the synthesised effects played through pygame's mixer, with a volume slider and mute.

The samples come from :mod:`game.ui.kit.sound_synth` (computed in code, nothing loaded from disk) and are
handed to ``pygame.mixer.Sound(buffer=...)``. Synthesis takes a few hundred milliseconds of pure Python,
so it runs on a background thread started after the first frame; a sound asked for before it is ready is
skipped. The bank is silent, without error, when the audio driver is ``dummy`` or the mixer cannot start
(no sound device, e.g. under Xvfb or in CI).

Volume: the settings' 0-1 value is a slider position, mapped to a gain by :func:`volume_gain` on a
decibel scale (equal slider steps are equal loudness ratios, 4 dB per tenth); see :func:`mixer_level`
for how SDL's 129 volume steps round it. Muting, or the volume at zero, fades out what is playing.
"""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from typing import Final

import pygame

from game.ui.kit.sound_synth import SYNTHS, clack_variant_of, synthesize_all

log = logging.getLogger(__name__)

SOUND_NAMES: Final = tuple(SYNTHS)
ALIASES: Final = {"call": "peng"}
"""Older names still played: ``call`` (one sound for every call) is now 碰's."""
RATE: Final = 44100
VOLUME_RANGE_DB: Final = 40.0
"""The slider's span: full volume is 0 dB, the lowest step above zero is 40 dB down."""
MIXER_STEPS: Final = 128
"""SDL_mixer volumes are whole numbers 0-128 (pygame truncates ``volume * 128``)."""
MUTE_FADE_MS: Final = 150
"""A sound playing when the bank is muted fades out over this long instead of stopping with a click (SDL
fades in steps of one mixer buffer, so a shorter fade ends on a larger last step)."""


def volume_gain(position: float) -> float:
    """The linear gain of a volume slider position 0-1: 0 is silence, else dB-linear over 40 dB.

    A perceptual curve: each tenth of the slider changes the level by 4 dB, so halving the slider is a
    clear "quieter" and the top of the slider does not hold all the change (as a linear gain does).
    """
    if position <= 0:
        return 0.0
    return float(10 ** (VOLUME_RANGE_DB * (min(1.0, position) - 1.0) / 20))


def mixer_level(position: float) -> float:
    """The gain the mixer really applies for a slider position: :func:`volume_gain` rounded to SDL's steps.

    Every position above zero stays audible (at least step 1, -42 dB).
    """
    gain = volume_gain(position)
    if gain <= 0:
        return 0.0
    return max(1, round(gain * MIXER_STEPS)) / MIXER_STEPS


class SoundBank:
    """The game's sound effects, with volume and mute; silent when audio is unavailable."""

    def __init__(self, volume: float = 0.7, muted: bool = False, rng: random.Random | None = None) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        """Created on the main thread, one per variant, the first time a name is played."""
        self._pcm: dict[str, list[bytes]] = {}
        self._rng = rng if rng is not None else random.Random()
        """Picks a click variant on every play (owned by the bank; tests pass a seeded one)."""
        self._last: dict[str, int] = {}
        self._thread: threading.Thread | None = None
        self._format: tuple[int, int] = (RATE, 2)
        self.synthesis_s: float | None = None
        """How long synthesis took, once it has finished."""
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
            start = time.perf_counter()
            self._pcm.update(synthesize_all(rate, channels))
            self.synthesis_s = time.perf_counter() - start
            log.info("sound effects synthesised in %.0f ms", self.synthesis_s * 1000)

        self._thread = threading.Thread(target=work, name="sound-synthesis", daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def apply(self, volume: float, muted: bool) -> None:
        """Set the volume (slider position 0-1) and mute state; muting fades out what is playing."""
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        level = self._level()
        for variants in self.sounds.values():
            for sound in variants:
                if level <= 0:
                    sound.fadeout(MUTE_FADE_MS)
                else:
                    sound.set_volume(level)

    def _level(self) -> float:
        """The mixer volume to set on every Sound now (0 when muted)."""
        if self.muted:
            return 0.0
        # pygame truncates volume * 128: aim a quarter step above the wanted whole step
        level = mixer_level(self.volume)
        return (level * MIXER_STEPS + 0.25) / MIXER_STEPS if level > 0 else 0.0

    def _variants(self, name: str) -> list[pygame.mixer.Sound] | None:
        """The Sound objects of a name, created on the main thread once its samples exist."""
        variants = self.sounds.get(name)
        if variants is None:
            pcm = self._pcm.get(name)
            if pcm is None:
                return None
            try:
                variants = [pygame.mixer.Sound(buffer=data) for data in pcm]
            except pygame.error as exc:
                log.info("sound %s could not be created: %s", name, exc)
                return None
            for sound in variants:
                sound.set_volume(self._level())
            self.sounds[name] = variants
        return variants

    def pick(self, name: str, count: int, key: int | None = None) -> int:
        """The variant to play: the one of ``key`` (a tile id: a tile always clacks the same way), else at
        random, never the one played last time (no machine-gun repeats)."""
        if count <= 1:
            return 0
        if key is not None:
            index = clack_variant_of(key) % count
            self._last[name] = index
            return index
        last = self._last.get(name)
        choices = [k for k in range(count) if k != last]
        index = self._rng.choice(choices)
        self._last[name] = index
        return index

    def play(self, name: str, key: int | None = None) -> bool:
        """Play one effect by name (``key``: the tile id whose clack to play); False if sound is off,
        muted, unknown or not ready yet."""
        if not self.enabled or self.muted or mixer_level(self.volume) <= 0:
            return False
        name = ALIASES.get(name, name)
        variants = self._variants(name)
        if not variants:
            return False
        variants[self.pick(name, len(variants), key)].play()
        return True


__all__ = [
    "ALIASES",
    "MIXER_STEPS",
    "SOUND_NAMES",
    "VOLUME_RANGE_DB",
    "SoundBank",
    "mixer_level",
    "volume_gain",
]
