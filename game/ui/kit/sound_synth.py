"""The game's sound effects, synthesised as sample lists: a wooden tile clack per tile, one call sound each
for 吃, 碰, 杠 and 听, the win and a UI tick.

Pure Python (``math``, ``cmath``, ``array``); nothing is loaded from disk and nothing here imports pygame.
Every effect:

- starts and ends in silence through raised-cosine fades (:data:`EFFECTS` gives each fade's length; the
  long fades of the bells run over a tail that has already rung down to -48 dB, so no note is cut);
- sits at a loudness of about -18 LUFS on two speakers, every effect and every clack within 3 LU of the
  others, measured with ITU-R BS.1770 by ``tests/ui/loudness.py``; the level is set by each effect's peak
  in :data:`EFFECTS`, every peak at or below -5 dBFS (two overlapping effects seldom clip in the mixer).

The tile clack is modal synthesis: a few damped partials of a small hard block (the tile) and of the
wooden table top under it, started by a short noise transient (the instant of contact). Its
:data:`CLACK_VARIANTS` variants differ by a small pitch and decay jitter; a tile always sounds with the
same one (:func:`clack_variant_of`), so a discard's clack depends on the tile thrown.
"""

from __future__ import annotations

import cmath
import math
import operator
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import accumulate, repeat
from typing import Final

CLACK_VARIANTS: Final = 16
CLICK_VARIANTS: Final = CLACK_VARIANTS
"""The tile sound's variants (the name the bank's callers knew it by)."""
RING_FLOOR_DB: Final = -48.0
"""A bell note rings until its slowest partial has decayed this far below its start; the fade-out ends it."""


@dataclass(frozen=True)
class Effect:
    """How one effect is finished: its raised-cosine fades and its peak level."""

    fade_in_s: float
    fade_out_s: float
    peak_dbfs: float
    """The level the effect's peak is scaled to; sets its loudness (see the module docstring)."""
    rms_dbfs: float | None = None
    """If set, the effect is levelled by its mean power over its length instead (every tile's clack as
    loud as the next, whatever its decay); ``peak_dbfs`` is then the ceiling its peak stays under."""


EFFECTS: Final[dict[str, Effect]] = {
    "click": Effect(fade_in_s=0.002, fade_out_s=0.012, peak_dbfs=-6.0, rms_dbfs=-22.0),
    "ui": Effect(fade_in_s=0.002, fade_out_s=0.006, peak_dbfs=-6.5),
    "chi": Effect(fade_in_s=0.003, fade_out_s=0.08, peak_dbfs=-6.5),
    "peng": Effect(fade_in_s=0.003, fade_out_s=0.08, peak_dbfs=-6.5),
    "gang": Effect(fade_in_s=0.003, fade_out_s=0.1, peak_dbfs=-6.5),
    "ting": Effect(fade_in_s=0.003, fade_out_s=0.1, peak_dbfs=-6.5),
    "win": Effect(fade_in_s=0.003, fade_out_s=0.12, peak_dbfs=-6.5),
}
"""Per effect: fade-in, fade-out (the clack 12 ms, the tick 6 ms, bells 80-120 ms) and peak level."""
CALLS: Final = ("chi", "peng", "gang", "ting")
"""The effects of the calls, one each."""

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
    faded = fade(samples, rate, effect.fade_in_s, effect.fade_out_s)
    if effect.rms_dbfs is None:
        return scale_to_peak(faded, effect.peak_dbfs)
    power = sum(v * v for v in faded) / len(faded)
    gain = 10 ** (effect.rms_dbfs / 20) / math.sqrt(power) if power > 0 else 1.0
    peak = max(map(abs, faded), default=0.0) * gain
    if peak > 10 ** (effect.peak_dbfs / 20):
        return scale_to_peak(faded, effect.peak_dbfs)
    faded[:] = map(operator.mul, faded, repeat(gain))
    return faded


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


def damped_sine(freq: float, tau: float, amp: float, length: int, rate: int) -> list[float]:
    """One mode ringing down: a sine of ``freq`` starting at zero whose amplitude decays with time constant
    ``tau`` (in samples), made by complex rotation (one C-level multiply per sample)."""
    if length <= 0:
        return []
    step = cmath.exp(complex(-1.0 / tau, 2 * math.pi * freq / rate))
    return [z.imag for z in accumulate(repeat(step, length - 1), operator.mul, initial=complex(amp))]


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
            # starting at zero (sine phase) under a soft 2 ms strike so no note enters with a corner
            partial = damped_sine(freq, tau, note.amp * weight, length, rate)
            for k in range(min(len(attack), length)):
                partial[k] *= attack[k]
            for k in range(min(len(release), length)):  # and leaves without one, already 48 dB down
                partial[length - 1 - k] *= release[k]
            out[start : start + length] = map(operator.add, out[start : start + length], partial)
    return out


CHI_NOTES: Final = (Note(0.0, 1046.5, 1.0, 0.12), Note(0.07, 1568.0, 0.9, 0.15))
"""吃: a light, quick rising fifth (C6 to G6)."""
PENG_NOTES: Final = (Note(0.0, 784.0, 1.0, 0.13), Note(0.12, 784.0, 1.0, 0.2))
"""碰: the same note struck twice, firmly (G5, G5)."""
GANG_NOTES: Final = (
    Note(0.0, 587.33, 1.0, 0.22),
    Note(0.09, 880.0, 0.9, 0.22),
    Note(0.18, 1174.66, 0.9, 0.32),
)
"""杠: three notes climbing an open chord (D5 A5 D6), the last held: the biggest of the calls."""
TING_NOTES: Final = (Note(0.0, 1396.9, 1.0, 0.3),)
"""Declaring 听: a single clear high bell (F6)."""
WIN_NOTES: Final = (
    *(Note(0.09 * k, f, 0.9, 0.32) for k, f in enumerate((523.25, 659.25, 783.99, 1046.5))),
    Note(0.36, 1046.5, 0.8, 0.42),
)
"""A win: a bright rising arpeggio (C E G C) into a held top note, all ringing out together."""
BELL_NOTES: Final[dict[str, tuple[Note, ...]]] = {
    "chi": CHI_NOTES,
    "peng": PENG_NOTES,
    "gang": GANG_NOTES,
    "ting": TING_NOTES,
    "win": WIN_NOTES,
}


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


CLACK_MODES: Final = (
    (1.0, 1.0, 0.016),
    (2.32, 0.9, 0.011),
    (3.84, 0.75, 0.007),
    (5.51, 0.5, 0.0045),
)
"""(frequency over :data:`CLACK_HZ`, amplitude, decay in s) of the modes of a small hard block (the tile)
struck on wood: inharmonic, the higher ones dying sooner, all gone within a tenth of a second."""
CLACK_HZ: Final = 1180.0
TABLE_MODES: Final = ((196.0, 0.5, 0.02), (433.0, 0.35, 0.012))
"""(frequency, amplitude, decay in s) of the wooden table top under the tile: the body of the clack."""
CLACK_S: Final = 0.09
CLACK_PITCH_JITTER: Final = 0.05
CLACK_DECAY_JITTER: Final = 0.1


TICK_DRIVE: Final = 2.0
"""How hard the UI tick's tallest spike drives the tanh saturation: it comes out 6.3 dB lower than linear,
while samples under a fifth of the peak stay within 5 %."""
CLACK_DRIVE: Final = 1.5
"""The same for the clack's first peaks (3.9 dB lower), which stand well above its ringing."""


def saturate(samples: list[float], drive_at_peak: float = TICK_DRIVE) -> list[float]:
    """Round off the few tallest spikes of a hit: the same hit with a lower, steadier crest factor,
    so it reaches the loudness of the other effects under the same peak ceiling."""
    drive = drive_at_peak / max(map(abs, samples))
    return [math.tanh(v * drive) for v in samples]


def clack_variant_of(tile: int) -> int:
    """Which clack a tile (by its id) makes: always the same for one tile, spread over the variants."""
    return (tile * 2654435761 >> 7) % CLACK_VARIANTS


def clack(rate: int, variant: int) -> list[float]:
    """One tile clack: the tile's and the table's modes, moved by the variant's pitch and decay jitter,
    started by a noise transient of about a millisecond and a half."""
    rng = random.Random(0xC1AC + variant)  # fixed per variant: the same clacks every run
    pitch = 1 + rng.uniform(-CLACK_PITCH_JITTER, CLACK_PITCH_JITTER)
    decay = 1 + rng.uniform(-CLACK_DECAY_JITTER, CLACK_DECAY_JITTER)
    n = round(CLACK_S * rate)
    out = [0.0] * n
    modes = [(CLACK_HZ * r * pitch * rng.uniform(0.985, 1.015), amp, tau) for r, amp, tau in CLACK_MODES]
    modes += [(freq * rng.uniform(0.97, 1.03), amp, tau) for freq, amp, tau in TABLE_MODES]
    for freq, amp, tau in modes:
        ring = damped_sine(freq, tau * decay * rate, amp, n, rate)
        out[:] = map(operator.add, out, ring)
    burst = round(0.006 * rate)
    noise = [rng.uniform(-1.0, 1.0) * math.exp(-i / (0.0015 * rate)) for i in range(burst)]
    contact = _one_pole_highpass(noise, 1500.0, rate)
    gain = 0.5 * max(map(abs, out)) / max(map(abs, contact))
    out[:burst] = [v + c * gain for v, c in zip(out[:burst], contact, strict=True)]
    return saturate(out, CLACK_DRIVE)


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


def _bell_effect(notes: Sequence[Note], rate: int) -> list[list[float]]:
    """A bell effect's one variant."""
    return [bells(notes, rate)]


SYNTHS: Final[dict[str, Callable[[int], list[list[float]]]]] = {
    "click": lambda rate: [clack(rate, k) for k in range(CLACK_VARIANTS)],
    "ui": lambda rate: [_ui_tick(rate)],
    **{name: partial(_bell_effect, notes) for name, notes in BELL_NOTES.items()},
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
    "CALLS",
    "CLACK_VARIANTS",
    "CLICK_VARIANTS",
    "EFFECTS",
    "SYNTHS",
    "Effect",
    "Note",
    "bells",
    "clack",
    "clack_variant_of",
    "damped_sine",
    "effect_samples",
    "fade",
    "raised_cosine",
    "ring_length_s",
    "synthesize_all",
    "to_pcm",
]
