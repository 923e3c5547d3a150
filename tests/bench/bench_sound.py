"""Measure every sound effect as SDL's mixer plays it and print the figures (no one here can listen).

Run: ``python tests/bench/bench_sound.py [CLICK_PLAYS]`` from the repository root (about 10 s). Each effect
is played through the ``disk`` audio driver at volume 1.0 and read back; the tile click is played
CLICK_PLAYS times (default 6) to hear its variants. Printed per play: length, loudness (BS.1770-4 as in
``tests/ui/loudness.py``: one block as long as the effect when it is shorter than 400 ms, and in brackets
the 400 ms padded reading a meter's momentary loudness shows), sample peak, onset (first sample to -1 dB of
the attack), the level of the last millisecond below the loudest 2 ms (a cut reads -12..-28 dB, a fade far
lower), the first/last sample, the strongest single sinusoid's share of the energy, spectral flatness.
Then the loudness spread; per effect variant the raised-cosine fades read off the synthesised samples
(finished over unfaded) with the level the sound had rung down to when the fade-out began, and whether
the mixer played exactly those samples; the synthesis time; the mixer level curve of the volume slider.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ui.loudness import end_level_db, loudness_lufs, measure, spectral_flatness, strongest_sine_share
from tests.ui.mixer_render import plays, render

NAMES = ("click", "ui", "chi", "peng", "gang", "ting", "win")


def synthesis_seconds() -> tuple[float, float]:
    """(wall, CPU) seconds of synthesising every effect, as the background thread does at start-up."""
    from game.ui.kit import sound

    start, cpu = time.perf_counter(), time.process_time()
    if hasattr(sound, "synthesize_all"):
        sound.synthesize_all(44100, 2)
    else:  # the bank before variants: one synth per name
        for synth in sound.SYNTHS.values():
            sound.to_pcm(synth(44100), 2)
    return time.perf_counter() - start, time.process_time() - cpu


def fade_figures(rate: int, segments: dict[str, list[list[float]]]) -> None:
    """Fade lengths read off the synthesised samples (finished over unfaded), and whether the mixer
    played exactly those samples."""
    try:
        from game.ui.kit.sound_synth import SYNTHS, effect_samples, to_pcm
    except ImportError:
        print("(no fades to measure: the effects before this change had none)")
        return
    head = f"{'effect':8} {'fade in ms':>10} {'fade out ms':>11} {'level at fade-out start':>24}"
    print(f"{head} {'mixer=synth':>12}")
    for name in SYNTHS:
        raws = SYNTHS[name](rate)
        done = effect_samples(name, rate)
        pcm = [[v / 32768 for v in memoryview(to_pcm(d, 1)).cast("h")] for d in done]
        played = segments.get(name, [])
        same = all(any(_same_after_trim(seg, p) for p in pcm) for seg in played)
        for raw, fin in zip(raws, done, strict=True):
            mid = max(range(len(raw)), key=lambda i: abs(raw[i]) if 0.1 < i / len(raw) < 0.9 else 0)
            scale = fin[mid] / raw[mid]
            ins = next(i for i in range(len(raw)) if _unfaded(fin[i], raw[i], scale))
            outs = next(k for k in range(len(raw)) if _unfaded(fin[-1 - k], raw[-1 - k], scale))
            start_db = end_level_db(fin, rate, before_ms=1000 * outs / rate, window_ms=2.0)
            print(
                f"{name:8} {1000 * ins / rate:10.1f} {1000 * outs / rate:11.1f} "
                f"{start_db:21.1f} dB {'yes' if same else 'NO':>12}"
            )


def _unfaded(finished: float, raw: float, scale: float) -> bool:
    """A sample the fades left alone: finished equals raw times the level, to float precision."""
    return abs(raw) > 1e-12 and abs(finished - raw * scale) <= 1e-7 * abs(raw * scale)


def _same_after_trim(segment: list[float], pcm: list[float]) -> bool:
    """The mixer's segment is the PCM with its leading and trailing exact zeros removed."""
    first = next((i for i, v in enumerate(pcm) if v), 0)
    last = max((i for i, v in enumerate(pcm) if v), default=0)
    return pcm[first : last + 1] == segment


def main(click_plays: int) -> None:
    """Render, measure and print."""
    names = ["click"] * click_plays + [n for n in NAMES if n != "click"]
    with tempfile.TemporaryDirectory() as tmp:
        out = render(Path(tmp), plays(names))
    print(f"mixer: {out.rate} Hz, {out.channels} channels, both channels identical: {out.stereo_identical}")
    if len(out.segments) != len(names):
        raise SystemExit(f"expected {len(names)} sounds in the mixer output, found {len(out.segments)}")
    header = (
        f"{'effect':8} {'len ms':>7} {'LUFS':>6} {'(400ms)':>8} {'peak dBFS':>9} {'onset ms':>8} "
        f"{'end dB':>7} {'first/last':>11} {'top sine':>13} {'flat':>5}"
    )
    print(header)
    loud: dict[str, list[float]] = {}
    by_name: dict[str, list[list[float]]] = {}
    for name, seg in zip(names, out.segments, strict=True):
        by_name.setdefault(name, []).append(seg)
        fig = measure(name, seg, out.rate)
        padded = loudness_lufs([seg, seg], out.rate, pad=True)
        freq, share = strongest_sine_share(seg[: int(0.3 * out.rate)], out.rate)
        flat = spectral_flatness(seg, out.rate)
        loud.setdefault(name, []).append(fig.lufs)
        print(
            f"{name:8} {fig.seconds * 1000:7.0f} {fig.lufs:6.1f} {padded:8.1f} {fig.peak_dbfs:9.1f} "
            f"{fig.onset_ms:8.1f} {fig.end_db:7.1f} {abs(seg[0]) * 32768:5.0f}/{abs(seg[-1]) * 32768:<5.0f} "
            f"{share * 100:4.0f}% {freq:6.0f}Hz {flat:5.2f}"
        )
    means = {n: 10 * math.log10(sum(10 ** (v / 10) for v in vs) / len(vs)) for n, vs in loud.items()}
    every = [v for vs in loud.values() for v in vs]
    print(
        f"loudness spread over every play: {max(every) - min(every):.1f} dB "
        f"({min(every):.1f} .. {max(every):.1f} LUFS); per effect: "
        + ", ".join(f"{n} {v:.1f}" for n, v in means.items())
    )
    fade_figures(out.rate, by_name)
    wall, cpu = synthesis_seconds()
    print(f"synthesis of every effect: {cpu * 1000:.0f} ms CPU ({wall * 1000:.0f} ms wall)")
    from game.ui.kit import sound

    curve = getattr(sound, "mixer_level", None)
    if curve is not None:
        points = [0.0, 0.01, 0.1, 0.25, 0.5, 0.7, 0.9, 1.0]
        print(
            "volume slider -> mixer gain: "
            + ", ".join(
                f"{p:.2f}: {20 * math.log10(curve(p)):.1f} dB" if curve(p) > 0 else f"{p:.2f}: off"
                for p in points
            )
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
