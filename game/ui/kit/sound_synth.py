"""The game's sound effects, synthesised as sample lists: tile click variants, call, win, 听 and a UI tick.

Pure Python (``math``, ``cmath``, ``array``); nothing is loaded from disk and nothing here imports pygame.
Every effect:

- starts and ends in silence through raised-cosine fades (:data:`EFFECTS` gives each fade's length; the
  long fades of the bells run over a tail that has already rung down to -48 dB, so no note is cut);
- sits at a loudness of -18 LUFS ±3 dB on two speakers (about -19, the win 1.5 dB above the others),
  measured with ITU-R BS.1770 by ``tests/ui/loudness.py``; the level is set by each effect's peak in
  :data:`EFFECTS`, every peak at -6.5 dBFS so two overlapping effects do not clip in the mixer at
  volume 1.0.

The tile click is not a tone: a band-limited noise burst (the hit) through a few resonances that die within
tens of milliseconds (the tile and the table), in :data:`CLICK_VARIANTS` variants that differ in their noise,
their resonant frequencies and decays; the bank picks one at random on every play.
"""

from __future__ import annotations

import cmath
import math
import operator
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import Final

CLICK_VARIANTS: Final = 4
RING_FLOOR_DB: Final = -48.0
"""A bell note rings until its slowest partial has decayed this far below its start; the fade-out ends it."""


@dataclass(frozen=True)
class Effect:
    """How one effect is finished: its raised-cosine fades and its peak level."""

    fade_in_s: float
    fade_out_s: float
    peak_dbfs: float
    """The level the effect's peak is scaled to; sets its loudness (see the module docstring)."""


EFFECTS: Final[dict[str, Effect]] = {
    "click": Effect(fade_in_s=0.002, fade_out_s=0.006, peak_dbfs=-6.5),
    "ui": Effect(fade_in_s=0.002, fade_out_s=0.006, peak_dbfs=-6.5),
    "call": Effect(fade_in_s=0.003, fade_out_s=0.08, peak_dbfs=-6.5),
    "ting": Effect(fade_in_s=0.003, fade_out_s=0.1, peak_dbfs=-6.5),
    "win": Effect(fade_in_s=0.003, fade_out_s=0.12, peak_dbfs=-6.5),
}
"""Per effect: fade-in, fade-out (clicks 6 ms, bells 80-120 ms) and peak level."""


# ---------------------------------------------------------------------------------------------- shaping


def raised_cosine(n: int) -> list[float]:
    """A raised-cosine ramp of ``n`` gains rising from 0 (exclusive) to 1 (exclusive) with no corner."""
    return [0.5 - 0.5 * math.cos(math.pi * (i + 0.5) / n) for i in range(n)]


def fade(samples: list[float], rate: int, fade_in_s: float, fade_out_s: float) -> list[float]:
    """Apply raised-cosine fades at both ends, in place: the effect starts from and ends in silence."""
    n = len(samples)
    up = raised_cosine(min(n, max(1, round(fade_in_s * rate))))
    for i, g in enumerate(up):
        samples[i] *= g
    down = raised_cosine(min(n, max(1, round(fade_out_s * rate))))
    for i, g in enumerate(down):
        samples[n - 1 - i] *= g
    return samples


def scale_to_peak(samples: list[float], peak_dbfs: float) -> list[float]:
    """Scale in place so the largest sample sits at ``peak_dbfs`` (a silent list is left alone)."""
    peak = max(map(abs, samples), default=0.0)
    if peak > 0:
        samples[:] = map(operator.mul, samples, repeat(10 ** (peak_dbfs / 20) / peak))
    return samples


def finish(name: str, samples: list[float], rate: int) -> list[float]:
    """Fade and level one raw effect by its :data:`EFFECTS` entry."""
    effect = EFFECTS[name]
    return scale_to_peak(fade(samples, rate, effect.fade_in_s, effect.fade_out_s), effect.peak_dbfs)


# ---------------------------------------------------------------------------------------------- bells


@dataclass(frozen=True)
class Note:
    """One struck bell note: when, how high, how loud, and how long it rings (the fundamental's decay)."""

    start_s: float
    freq: float
    amp: float
    tau_s: float


BELL_PARTIALS: Final = ((1.0, 1.0, 1.0), (2.0, 0.4, 0.55), (2.76, 0.25, 0.38), (5.4, 0.08, 0.2))
"""(frequency ratio, weight, decay relative to the fundamental's): a few inharmonic partials, higher ones
dying sooner, as a small struck bell does."""
NOTE_ATTACK_S: Final = 0.002
PARTIAL_RELEASE_S: Final = 0.01


def ring_length_s(note: Note) -> float:
    """How long a note rings before its slowest partial is :data:`RING_FLOOR_DB` down."""
    slowest = max(note.tau_s * rel for _, _, rel in BELL_PARTIALS)
    return slowest * -RING_FLOOR_DB / (20 / math.log(10))


def bells(notes: Sequence[Note], rate: int) -> list[float]:
    """The notes rung together, each to its ring-out; the list is as long as the last note needs."""
    n = max(round((note.start_s + ring_length_s(note)) * rate) for note in notes)
    out = [0.0] * n
    attack = raised_cosine(max(1, round(NOTE_ATTACK_S * rate)))
    release = raised_cosine(max(1, round(PARTIAL_RELEASE_S * rate)))
    for note in notes:
        start = round(note.start_s * rate)
        for ratio, weight, rel in BELL_PARTIALS:
            freq = note.freq * ratio
            if freq >= rate / 2:
                continue
            tau = note.tau_s * rel * rate
            length = min(n - start, round(tau * -RING_FLOOR_DB / (20 / math.log(10))))
            # a decaying sine by complex rotation (one C-level multiply per sample), starting at zero
            # (sine phase) under a soft 2 ms strike so no note enters with a corner
            step = cmath.exp(complex(-1.0 / tau, 2 * math.pi * freq / rate))
            rotation = accumulate(repeat(step, length - 1), operator.mul, initial=complex(note.amp * weight))
            partial = [z.imag for z in rotation]
            for k in range(min(len(attack), length)):
                partial[k] *= attack[k]
            for k in range(min(len(release), length)):  # and leaves without one, already 48 dB down
                partial[length - 1 - k] *= release[k]
            out[start : start + length] = map(operator.add, out[start : start + length], partial)
    return out


CALL_NOTES: Final = (Note(0.0, 880.0, 1.0, 0.16), Note(0.085, 1318.5, 1.0, 0.2))
"""吃/碰/杠: two rising chime notes, the first still ringing under the second."""
TING_NOTES: Final = (Note(0.0, 1174.7, 1.0, 0.3),)
"""Declaring 听: a single clear bell."""
WIN_NOTES: Final = (
    *(Note(0.09 * k, f, 0.9, 0.32) for k, f in enumerate((523.25, 659.25, 783.99, 1046.5))),
    Note(0.36, 1046.5, 0.8, 0.42),
)
"""A win: a bright rising arpeggio (C E G C) into a held top note, all ringing out together."""
BELL_NOTES: Final[dict[str, tuple[Note, ...]]] = {"call": CALL_NOTES, "ting": TING_NOTES, "win": WIN_NOTES}


# ---------------------------------------------------------------------------------------------- clicks


def _one_pole_lowpass(x: list[float], cutoff: float, rate: int) -> list[float]:
    """A gentle 6 dB/octave low-pass."""
    a = math.exp(-2 * math.pi * cutoff / rate)
    y = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = (1 - a) * v + a * y
        out[i] = y
    return out


def _one_pole_highpass(x: list[float], cutoff: float, rate: int) -> list[float]:
    """A gentle 6 dB/octave high-pass (the input minus its low-passed self)."""
    low = _one_pole_lowpass(x, cutoff, rate)
    return [v - lo for v, lo in zip(x, low, strict=True)]


def _resonator(x: list[float], freq: float, tau_s: float, rate: int) -> list[float]:
    """A two-pole resonance at ``freq`` whose ringing decays with time constant ``tau_s``."""
    r = math.exp(-1.0 / (tau_s * rate))
    a1 = 2 * r * math.cos(2 * math.pi * freq / rate)
    a2 = r * r
    y1 = y2 = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = v + a1 * y1 - a2 * y2
        out[i] = y
        y2, y1 = y1, y
    return out


def _energy(x: Sequence[float]) -> float:
    """Sum of squares."""
    return sum(v * v for v in x)


TILE_MODES: Final = (
    (2350.0, 0.010, 0.16),
    (3650.0, 0.007, 0.12),
    (5400.0, 0.005, 0.08),
    (420.0, 0.012, 0.07),
)
"""(frequency, decay, share of the click's energy) of the resonances a bone/plastic tile hitting a wooden
table sets ringing; each variant moves them by up to ±9 % and their decay by ±25 %. The rest of the
energy (over half) is the band-limited hit itself."""


CLICK_DRIVE: Final = 2.0
"""How hard a click's tallest spike drives the tanh saturation: it comes out 6.3 dB lower than linear,
while samples under a fifth of the peak stay within 5 %."""


def saturate(samples: list[float]) -> list[float]:
    """Round off the few tallest spikes of a noise hit: the same hit with a lower, steadier crest factor,
    so it reaches the loudness of the other effects under the same -6 dBFS peak ceiling."""
    drive = CLICK_DRIVE / max(map(abs, samples))
    return [math.tanh(v * drive) for v in samples]


def click_variant(rate: int, variant: int) -> list[float]:
    """One tile click: a noise burst band-limited to about 0.6-7 kHz plus a few fast-decaying resonances."""
    rng = random.Random(0x711E + variant)  # fixed per variant: the same four clicks every run
    n = round(0.075 * rate)
    hit_tau = rng.uniform(0.0032, 0.0045) * rate
    noise = [rng.uniform(-1.0, 1.0) * math.exp(-i / hit_tau) for i in range(n)]
    hit = _one_pole_lowpass(_one_pole_highpass(noise, 600.0, rate), 7000.0, rate)
    gain = math.sqrt((1.0 - sum(share for _, _, share in TILE_MODES)) / _energy(hit))
    out = [v * gain for v in hit]
    excitation = [v * math.exp(-i / (0.0006 * rate)) for i, v in enumerate(noise)]  # the instant of contact
    for freq, tau, share in TILE_MODES:
        mode = _resonator(excitation, freq * rng.uniform(0.91, 1.09), tau * rng.uniform(0.75, 1.25), rate)
        gain = math.sqrt(share * rng.uniform(0.7, 1.3) / max(_energy(mode), 1e-30))
        for i, v in enumerate(mode):
            out[i] += v * gain
    return saturate(out)


def _ui_tick(rate: int) -> list[float]:
    """A soft, short wooden tick for buttons: a tiny noise hit through two quick resonances."""
    rng = random.Random(0x0B7)
    n = round(0.04 * rate)
    noise = [rng.uniform(-1.0, 1.0) * math.exp(-i / (0.0008 * rate)) for i in range(n)]
    hit = _one_pole_highpass(_one_pole_lowpass(noise, 5000.0, rate), 800.0, rate)
    gain = math.sqrt(0.4 / _energy(hit))
    out = [v * gain for v in hit]
    for freq, tau, share in ((1650.0, 0.005, 0.4), (3900.0, 0.003, 0.2)):
        mode = _resonator(noise, freq, tau, rate)
        gain = math.sqrt(share / _energy(mode))
        for i, v in enumerate(mode):
            out[i] += v * gain
    return saturate(out)


SYNTHS: Final[dict[str, Callable[[int], list[list[float]]]]] = {
    "click": lambda rate: [click_variant(rate, k) for k in range(CLICK_VARIANTS)],
    "call": lambda rate: [bells(CALL_NOTES, rate)],
    "win": lambda rate: [bells(WIN_NOTES, rate)],
    "ting": lambda rate: [bells(TING_NOTES, rate)],
    "ui": lambda rate: [_ui_tick(rate)],
}
"""Name -> the raw (unfaded, unlevelled) variants of an effect at a sample rate."""


def effect_samples(name: str, rate: int) -> list[list[float]]:
    """The finished variants of one effect: faded and levelled, as floats in -1..1."""
    return [finish(name, raw, rate) for raw in SYNTHS[name](rate)]


def to_pcm(samples: Sequence[float], channels: int, size_bits: int = 16) -> bytes:
    """16-bit signed PCM bytes, the same samples on every channel (interleaved), clipped to full scale."""
    if size_bits != 16:
        raise ValueError("only 16-bit mixers are supported")
    scaled = list(map(operator.mul, samples, repeat(32767.0)))
    if scaled and (max(scaled) > 32767 or min(scaled) < -32767):
        scaled = [max(-32767.0, min(32767.0, v)) for v in scaled]
    mono = array("h", map(round, scaled))
    if channels == 1:
        return mono.tobytes()
    data = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        data[c::channels] = mono
    return data.tobytes()


def synthesize_all(rate: int, channels: int) -> dict[str, list[bytes]]:
    """Every effect's variants as PCM for a mixer of this rate and channel count."""
    return {name: [to_pcm(s, channels) for s in effect_samples(name, rate)] for name in SYNTHS}


__all__ = [
    "BELL_NOTES",
    "CLICK_VARIANTS",
    "EFFECTS",
    "SYNTHS",
    "Effect",
    "Note",
    "bells",
    "click_variant",
    "effect_samples",
    "fade",
    "raised_cosine",
    "ring_length_s",
    "synthesize_all",
    "to_pcm",
]
