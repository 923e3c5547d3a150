"""The synthesised effects measured from their samples: the meter itself, fades, ringing out, click variants
that are noise rather than a tone, loudness at another mixer rate, the variant choice and the volume curve.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import pairwise

import pygame
import pytest

from game.ui.kit.sound import SoundBank, mixer_level, volume_gain
from game.ui.kit.sound_synth import (
    BELL_NOTES,
    CLICK_VARIANTS,
    EFFECTS,
    SYNTHS,
    bells,
    effect_samples,
    ring_length_s,
    to_pcm,
)
from tests.ui.loudness import (
    end_level_db,
    loudness_lufs,
    peak_dbfs,
    peak_level_db,
    spectral_flatness,
    strongest_sine_share,
    white_noise,
)

RATE = 44100
CLICKS = ("click", "ui")


def sine(freq: float, amp: float, seconds: float, rate: int = RATE) -> list[float]:
    """A steady test tone."""
    return [amp * math.sin(2 * math.pi * freq * i / rate) for i in range(int(seconds * rate))]


def test_the_meter_reads_the_bs1770_reference_tone_and_weights_and_gates_as_the_standard_does() -> None:
    tone = sine(997.0, 0.1, 1.0)  # -20 dBFS on both channels reads -20 LUFS (EBU Tech 3341 case 1 at -20)
    assert loudness_lufs([tone, tone], RATE) == pytest.approx(-20.0, abs=0.05)
    assert loudness_lufs([tone], RATE) == pytest.approx(-23.0, abs=0.05)  # one channel: half the power
    high = sine(8000.0, 0.1, 1.0)
    assert 2.5 < loudness_lufs([high], RATE) - loudness_lufs([tone], RATE) < 4.5  # the K-weighting shelf
    low = sine(40.0, 0.1, 1.0)
    assert loudness_lufs([low], RATE) < loudness_lufs([tone], RATE) - 2.0  # and its low cut
    # gating: three seconds of near-silence after the tone do not dilute it (a plain mean would read -6 dB)
    quiet = [v * 1e-4 for v in white_noise(3 * RATE, 1)]
    assert loudness_lufs([tone + quiet], RATE) == pytest.approx(-23.0, abs=1.0)
    assert loudness_lufs([[0.0] * RATE], RATE) == -math.inf


def unfaded_gain(finished: Sequence[float], raw: Sequence[float]) -> list[float | None]:
    """Per sample, the gain the fades applied (finished over raw, divided by the effect's level)."""
    mid = max(range(len(raw) // 4, 3 * len(raw) // 4), key=lambda i: abs(raw[i]))
    level = finished[mid] / raw[mid]
    return [f / (r * level) if abs(r) > 1e-9 else None for f, r in zip(finished, raw, strict=True)]


def fade_length_ms(gains: Sequence[float | None], rate: int) -> float:
    """How many ms at the start of ``gains`` are below 1 (the fade)."""
    count = next(i for i, g in enumerate(gains) if g is not None and g > 1 - 1e-9)
    return 1000 * count / rate


@pytest.mark.parametrize("name", list(SYNTHS))
def test_each_effect_has_raised_cosine_fades_of_its_kind(name: str) -> None:
    low, high = (5.0, 8.0) if name in CLICKS else (60.0, 120.0)
    for raw, finished in zip(SYNTHS[name](RATE), effect_samples(name, RATE), strict=True):
        gains = unfaded_gain(finished, raw)
        fade_in = fade_length_ms(gains, RATE)
        fade_out = fade_length_ms(gains[::-1], RATE)
        assert low <= fade_out <= high, (name, fade_out)
        assert 1.5 <= fade_in <= 8.0, (name, fade_in)  # a ramp, short enough to keep the hit a hit
        n = round(fade_out * RATE / 1000)
        for k in range(1, n, max(1, n // 40)):  # the fade-out's shape is a raised cosine
            expected = 0.5 - 0.5 * math.cos(math.pi * (k - 0.5) / n)
            gain = gains[-k]
            assert gain is None or gain == pytest.approx(expected, abs=1e-6), (name, k)
        assert finished[0] == pytest.approx(0.0, abs=1e-3) and finished[-1] == pytest.approx(0.0, abs=1e-4)


@pytest.mark.parametrize("name", list(BELL_NOTES))
def test_every_bell_note_rings_out_before_the_effect_fades(name: str) -> None:
    notes = BELL_NOTES[name]
    (finished,) = effect_samples(name, RATE)
    length_s = len(finished) / RATE
    fade_s = EFFECTS[name].fade_out_s
    for note in notes:
        alone = bells([note], RATE)
        start = round(note.start_s * RATE)
        ring = alone[start:]
        # alone, the note decays by 45 dB before its samples end, and ends without a step
        assert end_level_db(ring, RATE, window_ms=10.0) <= -45, (name, note)
        assert abs(ring[-1]) <= 1e-5 * max(abs(v) for v in ring)
        # the effect lasts until the note has rung out (its final fade covers that ring-out's last stretch)
        assert note.start_s + ring_length_s(note) <= length_s + 1 / RATE
    assert end_level_db(finished, RATE, before_ms=1000 * fade_s, window_ms=2.0) <= -40, name


def test_the_tile_click_comes_in_several_noise_like_variants() -> None:
    variants = effect_samples("click", RATE)
    assert 3 <= len(variants) == CLICK_VARIANTS <= 4
    for samples in variants:
        assert len(samples) / RATE <= 0.1  # a short hit
        _, share = strongest_sine_share(samples, RATE)
        assert share < 0.35, share  # no single sinusoid carries the sound (the old click: 62 % at 720 Hz)
        assert spectral_flatness(samples, RATE) > 0.12  # broadband like noise (the old click: 0.05)
    for i, a in enumerate(variants):
        for b in variants[i + 1 :]:
            assert max_correlation(a, b, lags=40) < 0.5


def max_correlation(a: Sequence[float], b: Sequence[float], lags: int) -> float:
    """The largest normalised cross-correlation of two sounds over small time shifts."""
    ea = math.sqrt(sum(v * v for v in a))
    eb = math.sqrt(sum(v * v for v in b))
    best = 0.0
    for lag in range(-lags, lags + 1):
        pairs = zip(a[max(0, lag) :], b[max(0, -lag) :], strict=False)
        best = max(best, abs(sum(x * y for x, y in pairs)) / (ea * eb))
    return best


def test_levels_hold_at_a_48_khz_mixer_too() -> None:
    readings = {}
    for name in SYNTHS:
        for samples in effect_samples(name, 48000):
            assert peak_dbfs(samples) <= -6.0
            readings[f"{name}{len(readings)}"] = loudness_lufs([samples, samples], 48000)
    assert all(-21.0 <= v <= -13.0 for v in readings.values()), readings
    assert max(readings.values()) - min(readings.values()) <= 6.0, readings


def test_pcm_holds_the_samples_on_every_channel() -> None:
    samples = effect_samples("ui", 22050)[0]
    pcm = memoryview(to_pcm(samples, channels=2)).cast("h")
    assert len(pcm) == 2 * len(samples)
    assert list(pcm[0::2]) == list(pcm[1::2]) == [round(s * 32767) for s in samples]
    assert 20 * math.log10(max(abs(v) for v in pcm) / 32768) <= -6.0
    with pytest.raises(ValueError):
        to_pcm(samples, channels=2, size_bits=8)


def test_the_bank_picks_click_variants_at_random_and_never_the_same_twice_running() -> None:
    pygame.init()
    try:
        picks = [SoundBank(rng=random.Random(seed)) for seed in (5, 5, 6)]
        runs = [[bank.pick("click", CLICK_VARIANTS) for _ in range(60)] for bank in picks]
    finally:
        pygame.quit()
    assert runs[0] == runs[1]  # the bank's own generator decides, nothing global
    assert runs[0] != runs[2]
    for run in runs:
        assert set(run) == set(range(CLICK_VARIANTS))
        assert all(a != b for a, b in pairwise(run))


def test_the_volume_curve_is_decibel_linear_and_every_position_above_zero_is_heard() -> None:
    positions = [i / 100 for i in range(101)]
    gains = [volume_gain(p) for p in positions]
    assert gains[0] == 0.0 and gains[-1] == 1.0
    assert all(a < b for a, b in pairwise(gains))
    steps_db = [20 * math.log10(gains[i + 10] / gains[i]) for i in range(1, 91)]
    assert max(steps_db) - min(steps_db) < 1e-6  # every tenth of the slider is the same loudness step
    assert 3.0 <= steps_db[0] <= 6.0  # a linear slider makes the top tenth 0.9 dB and a low tenth 6 dB
    levels = [mixer_level(p) for p in positions]
    assert levels[0] == 0.0 and all(v > 0 for v in levels[1:]) and levels[-1] == 1.0
    assert all(a <= b for a, b in pairwise(levels))
    for p, g, level in zip(positions[30:], gains[30:], levels[30:], strict=True):  # SDL's 128 steps
        assert abs(20 * math.log10(level / g)) < 1.0, p


def test_synthesis_is_deterministic_per_variant() -> None:
    assert effect_samples("click", RATE) == effect_samples("click", RATE)
    assert peak_level_db(effect_samples("win", RATE)[0], RATE) > -20
