"""Measuring sound effects the way a loudness meter would: ITU-R BS.1770-4 loudness, peaks, fades, tones.

Pure Python (``array`` and ``math``): the tests and ``tests/bench/bench_sound.py`` use it on the samples
the mixer wrote (SDL's ``disk`` driver) or on the synthesised buffers.

Loudness is BS.1770-4 as written: K-weighting (the standard's high-shelf pre-filter and RLB high-pass,
designed for any sample rate from the analogue prototypes, as libebur128 does), channel powers summed with
weight 1 for left and right, 400 ms blocks every 100 ms, the absolute gate at -70 LUFS and the relative gate
10 LU below, with two documented choices for short effects:

- an effect shorter than 400 ms is one block exactly as long as the effect (the loudness of the sound
  while it sounds, which is what a player compares; padding a 60 ms click to a 400 ms block with silence
  reads it about 8 dB quieter than it is heard, while the ear integrates loudness over roughly
  100-200 ms);
- the last block is kept and reads silence past the end of the effect (the standard drops an incomplete
  last block, which moves a 600 ms bell's reading by a decibel when one sample is trimmed).

For long steady signals this is the standard's integrated loudness (checked against its 997 Hz sine
reference and, off-line, against another BS.1770 implementation within 0.05 dB).
"""

from __future__ import annotations

import cmath
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

BLOCK_S = 0.4
STEP_S = 0.1
ABSOLUTE_GATE = -70.0
RELATIVE_GATE = -10.0


def _biquad(x: Sequence[float], b: tuple[float, float, float], a: tuple[float, float]) -> list[float]:
    """Direct form I second-order filter (a0 = 1)."""
    b0, b1, b2 = b
    a1, a2 = a
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y
        x2, x1, y2, y1 = x1, v, y1, y
    return out


def k_weighting(rate: int) -> list[tuple[tuple[float, float, float], tuple[float, float]]]:
    """The two K-weighting stages (pre-filter, RLB high-pass) as (b, a) for a sample rate."""
    f0, gain_db, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (gain_db / 20)
    vb = vh**0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = (
        ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
        (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0),
    )
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    a0 = 1 + k / q + k * k
    highpass = ((1.0, -2.0, 1.0), (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    return [shelf, highpass]


def loudness_lufs(channels: Sequence[Sequence[float]], rate: int, *, pad: bool = False) -> float:
    """Integrated loudness (LUFS) of a sound given per channel (-1..1 floats); -inf when silent or gated out.

    ``pad`` reads a sound shorter than 400 ms as one 400 ms block padded with silence (what a meter's
    momentary loudness shows for it alone) instead of one block as long as the sound.
    """
    weighted = []
    for channel in channels:
        y: Sequence[float] = channel
        for b, a in k_weighting(rate):
            y = _biquad(y, b, a)
        weighted.append(y)
    n = min(len(c) for c in weighted)
    if n == 0:
        return -math.inf
    if pad and n < round(BLOCK_S * rate):
        weighted = [list(y) + [0.0] * (round(BLOCK_S * rate) - n) for y in weighted]
        n = round(BLOCK_S * rate)
    block = min(n, round(BLOCK_S * rate))
    step = round(STEP_S * rate)
    blocks = 1 + -(-(n - block) // step)  # the last block may run past the end: it reads silence there
    if block + (blocks - 1) * step > n:
        weighted = [list(y) + [0.0] * (block + (blocks - 1) * step - n) for y in weighted]
        n = block + (blocks - 1) * step
    starts = range(0, n - block + 1, step)
    # running sums of squares make every block O(1)
    sums = []
    for y in weighted:
        acc = [0.0] * (n + 1)
        total = 0.0
        for i in range(n):
            total += y[i] * y[i]
            acc[i + 1] = total
        sums.append(acc)
    powers = [sum((acc[s + block] - acc[s]) / block for acc in sums) for s in starts]

    gated = [p for p in powers if lufs(p) > ABSOLUTE_GATE]
    if not gated:
        return -math.inf
    relative = lufs(sum(gated) / len(gated)) + RELATIVE_GATE
    kept = [p for p in gated if lufs(p) > relative]
    return lufs(sum(kept) / len(kept))


def lufs(power: float) -> float:
    """BS.1770 loudness of a summed, K-weighted mean-square power."""
    return -0.691 + 10 * math.log10(power) if power > 0 else -math.inf


def peak_dbfs(samples: Sequence[float]) -> float:
    """Sample peak in dBFS (1.0 = full scale)."""
    peak = max((abs(s) for s in samples), default=0.0)
    return 20 * math.log10(peak) if peak > 0 else -math.inf


def level_db(samples: Sequence[float], start: int, length: int) -> float:
    """RMS level (dBFS, sine-free: 0 dB = a constant full-scale value) of ``samples[start:start+length]``."""
    chunk = samples[max(0, start) : max(0, start) + length]
    if not chunk:
        return -math.inf
    power = sum(s * s for s in chunk) / len(chunk)
    return 10 * math.log10(power) if power > 0 else -math.inf


def peak_level_db(samples: Sequence[float], rate: int, window_ms: float = 2.0) -> float:
    """The loudest RMS level over ``window_ms`` windows (the reference for cut and fade levels)."""
    size = max(1, int(window_ms * rate / 1000))
    return max(level_db(samples, i, size) for i in range(0, max(1, len(samples) - size + 1), size // 2 or 1))


def onset_ms(samples: Sequence[float], rate: int) -> float:
    """Time (ms) from the first sample until the sound first reaches -1 dB of its first 40 ms' peak."""
    window = samples[: int(0.04 * rate)]
    ref = max((abs(s) for s in window), default=0.0)
    if ref == 0:
        return 0.0
    limit = ref * 10 ** (-1 / 20)
    return next(1000 * i / rate for i, s in enumerate(window) if abs(s) >= limit)


def end_level_db(
    samples: Sequence[float], rate: int, before_ms: float = 0.0, window_ms: float = 1.0
) -> float:
    """RMS level (dB re the loudest 2 ms) of the ``window_ms`` ending ``before_ms`` before the end."""
    size = max(1, int(window_ms * rate / 1000))
    stop = len(samples) - int(before_ms * rate / 1000)
    return level_db(samples, stop - size, size) - peak_level_db(samples, rate)


def edge_jump(samples: Sequence[float]) -> float:
    """The largest step from silence into the first sample or from the last sample into silence."""
    if not samples:
        return 0.0
    return max(abs(samples[0]), abs(samples[-1]))


def spectral_flatness(samples: Sequence[float], rate: int, size: int = 512) -> float:
    """Wiener entropy (geometric over arithmetic mean of the power spectrum) of the loudest frame, 0..1.

    White noise reads about 0.5-0.6 with a Hann window; a pure sine is near 0.
    """
    frame = _loudest_frame(samples, size)
    power = [abs(c) ** 2 + 1e-20 for c in _rfft(frame)[1:]]
    geometric = math.exp(sum(math.log(p) for p in power) / len(power))
    return geometric / (sum(power) / len(power))


def strongest_sine_share(samples: Sequence[float], rate: int) -> tuple[float, float]:
    """(frequency Hz, share 0..1 of the sound's energy) of the single sinusoid that explains the most of it.

    Least squares per frequency over a 5 Hz grid with the sound's own envelope allowed (the sine is fitted
    to the whole signal, so a decaying tone that dominates reads close to 1).
    """
    n = len(samples)
    energy = sum(s * s for s in samples)
    if energy == 0:
        return (0.0, 0.0)
    env = _envelope(samples, rate)
    spectrum = _rfft(list(samples) + [0.0] * (_next_pow2(n) * 4 - n))
    size = (len(spectrum) - 1) * 2
    peak = max(range(1, len(spectrum)), key=lambda k: abs(spectrum[k]))
    freq = peak * rate / size
    best = 0.0
    for df in [d * 2.0 for d in range(-6, 7)]:
        f = freq + df
        w = 2 * math.pi * f / rate
        cs = [env[i] * math.cos(w * i) for i in range(n)]
        sn = [env[i] * math.sin(w * i) for i in range(n)]
        # 2x2 normal equations for a*cs + b*sn
        scc = sum(c * c for c in cs)
        sss = sum(s * s for s in sn)
        scs = sum(c * s for c, s in zip(cs, sn, strict=True))
        ycs = sum(y * c for y, c in zip(samples, cs, strict=True))
        yss = sum(y * s for y, s in zip(samples, sn, strict=True))
        det = scc * sss - scs * scs
        if det <= 0:
            continue
        a = (ycs * sss - yss * scs) / det
        b = (yss * scc - ycs * scs) / det
        explained = a * ycs + b * yss
        best = max(best, explained / energy)
    return (freq, best)


def _envelope(samples: Sequence[float], rate: int) -> list[float]:
    """A smooth amplitude envelope (RMS over 2 ms, linearly interpolated) for fitting decaying tones."""
    hop = max(1, int(0.002 * rate))
    points = []
    for start in range(0, len(samples), hop):
        chunk = samples[start : start + hop]
        points.append(math.sqrt(sum(s * s for s in chunk) / len(chunk)))
    out = []
    for i in range(len(samples)):
        pos = i / hop - 0.5
        k = min(max(int(pos), 0), len(points) - 1)
        frac = min(max(pos - k, 0.0), 1.0)
        nxt = points[min(k + 1, len(points) - 1)]
        out.append(points[k] * (1 - frac) + nxt * frac)
    return out


def _loudest_frame(samples: Sequence[float], size: int) -> list[float]:
    """The Hann-windowed frame of ``size`` samples with the most energy (hop size/4)."""
    padded = list(samples) + [0.0] * max(0, size - len(samples))
    best, best_start = -1.0, 0
    for start in range(0, len(padded) - size + 1, size // 4):
        e = sum(s * s for s in padded[start : start + size])
        if e > best:
            best, best_start = e, start
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / (size - 1)) for i in range(size)]
    return [padded[best_start + i] * hann[i] for i in range(size)]


def _next_pow2(n: int) -> int:
    """The smallest power of two at least n."""
    return 1 << max(0, (n - 1).bit_length())


def _rfft(x: Sequence[float]) -> list[complex]:
    """Bins 0..N/2 of the DFT of a real sequence (radix-2; padded to a power of two)."""
    n = _next_pow2(len(x))
    data = [complex(v) for v in x] + [0j] * (n - len(x))
    return _fft(data)[: n // 2 + 1]


def _fft(a: list[complex]) -> list[complex]:
    """Iterative radix-2 Cooley-Tukey FFT."""
    n = len(a)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            a[i], a[j] = a[j], a[i]
    length = 2
    while length <= n:
        w = cmath.exp(-2j * math.pi / length)
        for start in range(0, n, length):
            wk = 1 + 0j
            half = length // 2
            for k in range(half):
                u = a[start + k]
                v = a[start + k + half] * wk
                a[start + k] = u + v
                a[start + k + half] = u - v
                wk *= w
        length <<= 1
    return a


@dataclass(frozen=True)
class EffectFigures:
    """What the meter reads for one effect (mono samples played on both stereo channels)."""

    name: str
    seconds: float
    lufs: float
    peak_dbfs: float
    onset_ms: float
    """Time from the first sample to -1 dB of the attack peak (the fade-in with the attack)."""
    end_db: float
    """Level of the last millisecond, dB below the loudest 2 ms: a cut shows as -12..-28, a fade as < -30."""
    edge_jump: float
    """The first or last sample's size (full scale 1.0): the step into or out of silence."""


def measure(name: str, samples: Sequence[float], rate: int) -> EffectFigures:
    """Loudness, peak, onset, end level and edge step of an effect as it comes out of both speakers."""
    return EffectFigures(
        name,
        len(samples) / rate,
        loudness_lufs([samples, samples], rate),
        peak_dbfs(samples),
        onset_ms(samples, rate),
        end_level_db(samples, rate),
        edge_jump(samples),
    )


def white_noise(n: int, seed: int) -> list[float]:
    """Reference white noise (uniform, -1..1) for meter self-checks."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]
