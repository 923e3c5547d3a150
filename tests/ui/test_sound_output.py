"""The effects as they really come out of SDL's mixer: faded, level-matched, clip-safe, at the set volume,
and stopped by mute.

No sound card here: SDL's ``disk`` audio driver writes what the mixer plays to a file, so these tests read
back the samples the speakers would have received (see ``tests/ui/mixer_render.py``) and measure them with
``tests/ui/loudness.py`` (ITU-R BS.1770-4 loudness; short effects read over their own length).
"""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pytest

from game.ui.kit.sound import mixer_level
from game.ui.kit.sound_synth import effect_samples
from tests.ui.loudness import edge_jump, end_level_db, level_db, loudness_lufs, peak_dbfs, peak_level_db
from tests.ui.mixer_render import MixerOutput, plays, render

# slow: the mixer played in real time through SDL's disk driver: not in the fast lane
pytestmark = pytest.mark.slow

TARGET_LUFS = -18.0
TOLERANCE_DB = 3.0
WIN_EXTRA_DB = 2.0
PEAK_LIMIT_DBFS = -6.0
EFFECTS_PLAYED = ("click", "click", "click", "click", "ui", "chi", "peng", "gang", "ting", "win")


@pytest.fixture(scope="module")
def full_volume(tmp_path_factory: pytest.TempPathFactory) -> MixerOutput:
    """Every effect (the click four times) played one after another at volume 1.0."""
    return render(tmp_path_factory.mktemp("mixer"), plays(EFFECTS_PLAYED), volume=1.0)


def pcm_values(samples: list[float]) -> list[float]:
    """Float samples as the 16-bit mixer holds them, with leading and trailing exact zeros trimmed."""
    ints = [max(-32768, min(32767, round(s * 32767))) / 32768 for s in samples]
    first = next(i for i, v in enumerate(ints) if v)
    last = max(i for i, v in enumerate(ints) if v)
    return ints[first : last + 1]


def test_the_mixer_plays_exactly_the_synthesised_effects_on_both_speakers(full_volume: MixerOutput) -> None:
    assert len(full_volume.segments) == len(EFFECTS_PLAYED)
    assert full_volume.stereo_identical
    for name, segment in zip(EFFECTS_PLAYED, full_volume.segments, strict=True):
        variants = [pcm_values(v) for v in effect_samples(name, full_volume.rate)]
        assert segment in variants, name


def test_every_effect_sits_near_minus_18_lufs_with_peaks_at_minus_6_dbfs_or_lower(
    full_volume: MixerOutput,
) -> None:
    readings = {}
    for name, segment in zip(EFFECTS_PLAYED, full_volume.segments, strict=True):
        lufs = loudness_lufs([segment, segment], full_volume.rate)
        high = TARGET_LUFS + TOLERANCE_DB + (WIN_EXTRA_DB if name == "win" else 0.0)
        assert TARGET_LUFS - TOLERANCE_DB <= lufs <= high, (name, lufs)
        assert peak_dbfs(segment) <= PEAK_LIMIT_DBFS, (name, peak_dbfs(segment))
        readings[name] = lufs
    assert max(readings.values()) - min(readings.values()) <= 2 * TOLERANCE_DB, readings
    # two effects at once (a discard clicking while the win rings) still stay under full scale
    click, win = full_volume.segments[0], full_volume.segments[-1]
    assert max(abs(a + b) for a, b in zip(click, win, strict=False)) < 1.0


def test_every_effect_ramps_up_from_silence_and_fades_out_to_silence(full_volume: MixerOutput) -> None:
    rate = full_volume.rate
    for name, segment in zip(EFFECTS_PLAYED, full_volume.segments, strict=True):
        peak = peak_level_db(segment, rate)
        # no step into or out of silence: the first and last samples are 50 dB under the peak
        assert 20 * math.log10(edge_jump(segment)) <= peak - 50, name
        # the first half millisecond is a ramp well under the attack that follows it
        attack = max(level_db(segment, i, int(0.002 * rate)) for i in range(0, int(0.02 * rate), 20))
        assert level_db(segment, 0, int(0.0005 * rate)) <= attack - 10, name
        # the last millisecond is a fade, far below anything (a cut ended at -12 to -28 dB)
        assert end_level_db(segment, rate, window_ms=1.0) <= -50, (name, end_level_db(segment, rate))


def test_consecutive_tile_clicks_are_different_variants(full_volume: MixerOutput) -> None:
    clicks = full_volume.segments[:4]
    assert all(a != b for a, b in pairwise(clicks))


def test_the_volume_slider_reaches_the_mixer_on_a_decibel_scale(tmp_path: Path) -> None:
    out = render(tmp_path, plays(["ting"]), volume=0.5)
    (played,) = out.segments
    full = max(abs(v) for v in effect_samples("ting", out.rate)[0])
    measured_db = 20 * math.log10(max(abs(v) for v in played) / full)
    assert measured_db == pytest.approx(20 * math.log10(mixer_level(0.5)), abs=0.2)
    assert -22 < measured_db < -18  # half the slider is 20 dB down, not 6 dB as a linear slider would be


def test_muting_fades_out_a_sound_that_is_already_playing(tmp_path: Path) -> None:
    steps = [("start", "win"), ("wait", 0.3), ("apply", 1.0, True), ("wait", 0.3), ("play", "win")]
    out = render(tmp_path, steps, volume=1.0)
    (played,) = out.segments  # the second play was refused while muted: nothing else reached the mixer
    seconds = len(played) / out.rate
    assert 0.2 <= seconds <= 1.0, seconds  # muted 0.3 s in, a win that lasts 2.7 s faded out at once
    rate = out.rate
    # it faded out over the mixer's buffers rather than stopping with a click
    before = end_level_db(played, rate, before_ms=120.0, window_ms=5.0)
    assert end_level_db(played, rate, window_ms=5.0) <= before - 15
