"""The synthesised effects measured from their samples: the meter itself, fades, ringing out, the tile clack
(damped wooden modes, a variant per tile), one distinct sound per call, every effect within 3 LU of the
others at two mixer rates, the variant choice and the volume curve.
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
    CALLS,
    CLACK_VARIANTS,
    EFFECTS,
    SYNTHS,
    bells,
    clack_variant_of,
    effect_samples,
    ring_length_s,
    to_pcm,
)
from tests.ui.loudness import (
    end_level_db,
    loudness_lufs,
    peak_dbfs,
    peak_level_db,
    strongest_sine_share,
    white_noise,
)

RATE = 44100
FADE_OUT_MS = {"click": (10.0, 14.0), "ui": (5.0, 8.0)}
"""The fade-outs of the short hits (the bells': 60-120 ms)."""


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
    low, high = FADE_OUT_MS.get(name, (60.0, 120.0))
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


def test_the_tile_clack_is_a_few_damped_wooden_modes_that_vary_per_tile() -> None:
    variants = effect_samples("click", RATE)
    assert len(variants) == CLACK_VARIANTS >= 8
    dominant = set()
    for samples in variants:
        assert len(samples) / RATE <= 0.1  # a short hit
        early = sum(v * v for v in samples[: int(0.03 * RATE)])
        assert early >= 0.9 * sum(v * v for v in samples)  # damped: nine tenths of it within 30 ms
        freq, share = strongest_sine_share(samples, RATE)
        assert 900 <= freq <= 1500 and share < 0.55, (freq, share)  # several partials, no single tone
        dominant.add(round(freq / 10))
    assert len(dominant) >= CLACK_VARIANTS // 2  # the pitch jitter moves the tile's main mode
    for i, a in enumerate(variants):
        for b in variants[i + 1 :]:
            assert a != b
    # every tile (136 ids) has its own variant, always the same; the four copies of a kind differ
    chosen = [clack_variant_of(tile) for tile in range(136)]
    assert chosen == [clack_variant_of(tile) for tile in range(136)]
    assert set(chosen) == set(range(CLACK_VARIANTS))
    assert all(len({chosen[4 * kind + c] for c in range(4)}) >= 3 for kind in range(34))


def test_each_call_and_the_win_sound_different() -> None:
    """吃, 碰, 杠, 听 and the win: no two alike in their notes or their waveforms."""
    sounds = {name: effect_samples(name, RATE)[0] for name in (*CALLS, "win")}
    pitches = {name: sorted({round(n.freq) for n in BELL_NOTES[name]}) for name in sounds}
    rhythms = {name: [round(n.start_s, 3) for n in BELL_NOTES[name]] for name in sounds}
    for a, b in ((a, b) for i, a in enumerate(sounds) for b in list(sounds)[i + 1 :]):
        assert (pitches[a], rhythms[a]) != (pitches[b], rhythms[b]), (a, b)
        assert max_correlation(sounds[a][:8000], sounds[b][:8000], lags=40) < 0.5, (a, b)


@pytest.mark.parametrize("rate", [44100, 48000])
def test_every_effect_is_within_3_lu_of_every_other_with_peaks_under_minus_1_dbfs(rate: int) -> None:
    readings = {}
    for name in SYNTHS:
        for k, samples in enumerate(effect_samples(name, rate)):
            assert peak_dbfs(samples) <= -6.0, (name, k)  # -1 dBFS with room for two at once
            assert abs(samples[0]) < 1e-3 and abs(samples[-1]) < 1e-4, (name, k)
            readings[f"{name}{k}"] = loudness_lufs([samples, samples], rate)
    assert all(-21.0 <= v <= -15.0 for v in readings.values()), readings
    assert max(readings.values()) - min(readings.values()) <= 3.0, readings


def max_correlation(a: Sequence[float], b: Sequence[float], lags: int) -> float:
    """The largest normalised cross-correlation of two sounds over small time shifts."""
    ea = math.sqrt(sum(v * v for v in a))
    eb = math.sqrt(sum(v * v for v in b))
    best = 0.0
    for lag in range(-lags, lags + 1):
        pairs = zip(a[max(0, lag) :], b[max(0, -lag) :], strict=False)
        best = max(best, abs(sum(x * y for x, y in pairs)) / (ea * eb))
    return best


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
        runs = [[bank.pick("click", CLACK_VARIANTS) for _ in range(120)] for bank in picks]
    finally:
        pygame.quit()
    assert runs[0] == runs[1]  # the bank's own generator decides, nothing global
    assert runs[0] != runs[2]
    for run in runs:
        assert set(run) == set(range(CLACK_VARIANTS))
        assert all(a != b for a, b in pairwise(run))
    keyed = SoundBank(rng=random.Random(5))
    assert [keyed.pick("click", CLACK_VARIANTS, key=t) for t in (7, 7, 100, 7)] == [
        clack_variant_of(7),
        clack_variant_of(7),
        clack_variant_of(100),
        clack_variant_of(7),
    ]


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
