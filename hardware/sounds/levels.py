"""How loud a sound is, and whether it starts and ends without a click (NumPy; generation and
tests only).

Loudness here is the RMS of the loudest 400 ms (the span of EBU "momentary" loudness, without its
frequency weighting), or of the whole sound when it is shorter: short effects and a long loop are
then judged alike. Levels are in dB below full scale (dBFS; 0 is the loudest a file can hold).

    levels = measure(samples)   # Levels(peak=-4.1, rms=-23.0, loudness=-20.0, edges=-62.3)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hardware.sounds.instruments import RATE, Samples

EFFECT_LOUDNESS = -20.0
"""Every effect's loudness, dBFS."""
MUSIC_LOUDNESS = -27.0
"""The music's loudness, dBFS: quieter than the effects, which it must not cover."""
TOLERANCE = 1.0
"""How far (dB) a shipped file's loudness may stray from its target."""
PEAK_CEILING = -1.0
"""No sample of a shipped file reaches above this, dBFS (room for the decoder's overshoot)."""
EDGE_CEILING = -30.0
"""The first and last millisecond of a file stay below this, dBFS: it starts and ends softly."""
MOMENT = 0.4
EDGE = 0.001


@dataclass(frozen=True)
class Levels:
    """A sound's peak, RMS over its whole length, loudness, and its loudest edge, all in dBFS."""

    peak: float
    rms: float
    loudness: float
    edges: float
    seconds: float

    def __str__(self) -> str:
        return (f"{self.seconds:5.2f} s  peak {self.peak:6.1f}  rms {self.rms:6.1f}  "
                f"loudness {self.loudness:6.1f}  edges {self.edges:6.1f} dBFS")


def decibels(amplitude: float) -> float:
    """An amplitude (1 is full scale) in dBFS."""
    return float(20 * np.log10(max(amplitude, 1e-10)))


def loudness(x: Samples) -> float:
    """The RMS of the loudest 400 ms of ``x`` (mono, or channels side by side), in dBFS."""
    power = np.mean(np.square(x.reshape(len(x), -1)), axis=1)
    window = min(len(power), int(MOMENT * RATE))
    running = np.concatenate([[0.0], np.cumsum(power)])
    sums = running[window:] - running[:-window]
    return decibels(float(np.sqrt(max(sums.max(), 0.0) / window)))


def measure(x: Samples) -> Levels:
    """The levels of ``x`` (a mono array or a samples-by-channels array)."""
    edge = max(1, int(EDGE * RATE))
    ends = np.concatenate([np.abs(x[:edge]).ravel(), np.abs(x[-edge:]).ravel()])
    return Levels(
        peak=decibels(float(np.abs(x).max())),
        rms=decibels(float(np.sqrt(np.mean(np.square(x))))),
        loudness=loudness(x),
        edges=decibels(float(ends.max())),
        seconds=len(x) / RATE,
    )


def problems(levels: Levels, target: float) -> list[str]:
    """What is wrong with a sound's ``levels`` for a file aiming at ``target`` loudness."""
    found = []
    if abs(levels.loudness - target) > TOLERANCE:
        found.append(f"loudness {levels.loudness:.1f} dBFS is not within {TOLERANCE:g} dB of "
                     f"{target:g}")
    if levels.peak > PEAK_CEILING:
        found.append(f"peak {levels.peak:.1f} dBFS is above {PEAK_CEILING:g}")
    if levels.edges > EDGE_CEILING:
        found.append(f"an end reaches {levels.edges:.1f} dBFS (a click; above {EDGE_CEILING:g})")
    return found
