"""The instruments the shipped sounds are made of, synthesised with NumPy (generation only).

A harp and a lute (Karplus-Strong plucked strings), a frame drum's low "dum" and rim "tek", a
sistrum's metal jingles, wooden knocks (casting sticks, clappers, pieces on the board), and a
stone room's reverberation. Every voice takes a ``numpy.random.Generator``, so a seed makes the
same sound every time. Samples are float64 at ``RATE``, roughly -1 to 1.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

RATE = 44100
"""Samples a second of every shipped sound (the mixer's own rate: nothing is resampled)."""

Samples = npt.NDArray[np.float64]

# D "Phrygian dominant" (D Eb F# G A Bb C): a mode that sounds of the Nile to modern ears.
_SEMITONES = {"C": -2, "D": 0, "E": 2, "F": 3, "G": 5, "A": 7, "B": 9}
_D4 = 293.66


def note(name: str) -> float:
    """The frequency in Hz of a note name such as ``D4``, ``F#4`` or ``Bb3``."""
    letter, rest = name[0], name[1:]
    shift = 0
    while rest and rest[0] in "#b":
        shift += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    semis = _SEMITONES[letter] + shift + 12 * (int(rest) - 4)
    return _D4 * 2 ** (semis / 12)


def _peak(x: Samples) -> float:
    """The largest magnitude in ``x``, never zero (to scale a sound to a peak of 1)."""
    return float(np.abs(x).max()) + 1e-12


def times(seconds: float) -> Samples:
    """Sample times 0, 1/RATE, ... for ``seconds``."""
    return np.arange(int(seconds * RATE)) / RATE


def band(x: Samples, low: float, high: float) -> Samples:
    """``x`` with only the frequencies between ``low`` and ``high`` Hz (soft edges)."""
    spectrum = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    gain = np.clip((freqs - low * 0.7) / (low * 0.3 + 1e-9), 0, 1)
    gain *= np.clip((high * 1.3 - freqs) / (high * 0.3), 0, 1)
    return np.fft.irfft(spectrum * gain, len(x))


def pluck(freq: float, seconds: float, rng: np.random.Generator, *, ring: float = 3.0,
          bright: float = 0.5, pick: float = 0.18) -> Samples:
    """A plucked string (Karplus-Strong): ``ring`` seconds to die away by 60 dB.

    ``bright`` (0 to 1) is how hard the pluck is, ``pick`` where along the string it is plucked.
    The delay line is a whole number of samples; the result is resampled to the exact pitch.
    """
    period = RATE / freq
    delay = max(2, int(period - 0.5))
    rendered = RATE / (delay + 0.5)  # the averaging filter adds half a sample of delay
    loss = 10 ** (-3 / (ring * rendered))
    length = int(seconds * RATE * freq / rendered) + 2
    excitation = rng.uniform(-1, 1, delay)
    for _ in range(int((1 - bright) * 6)):
        excitation = 0.5 * (excitation + np.roll(excitation, 1))
    excitation -= np.roll(excitation, max(1, int(pick * delay)))
    excitation -= excitation.mean()
    string = np.zeros(1 + delay + length)
    string[1:1 + delay] = excitation
    # Each period is the previous one averaged and damped: one vector step per period.
    for start in range(1 + delay, len(string), delay):
        end = min(start + delay, len(string))
        string[start:end] = loss * 0.5 * (string[start - delay:end - delay]
                                          + string[start - delay - 1:end - delay - 1])
    wanted = np.arange(int(seconds * RATE)) * (freq / rendered)
    out: Samples = np.interp(wanted, np.arange(len(string) - 1), string[1:])
    return out / _peak(out)


def harp(name: str, seconds: float, rng: np.random.Generator, *, ring: float = 3.0) -> Samples:
    """A harp string: a bright pluck with a little of the soundbox's warmth."""
    freq = note(name)
    body = pluck(freq, seconds, rng, ring=ring, bright=0.55, pick=0.2)
    body += 0.15 * pluck(freq * 2, seconds, rng, ring=ring / 2, bright=0.3)
    return body * release(seconds, 0.1)


def lute(name: str, seconds: float, rng: np.random.Generator) -> Samples:
    """A long-necked lute: darker and shorter than the harp, plucked near the bridge."""
    string = pluck(note(name), seconds, rng, ring=1.4, bright=0.35, pick=0.08)
    return string * release(seconds, 0.08)


def release(seconds: float, fade: float) -> Samples:
    """An envelope that holds at 1 and falls to 0 over the last ``fade`` seconds (a damped note)."""
    t = times(seconds)
    return np.clip((seconds - t) / fade, 0, 1) ** 2


def dum(rng: np.random.Generator, pitch: float = 82.0, seconds: float = 0.7) -> Samples:
    """The frame drum struck in the middle: a low membrane whose pitch sags as it rings."""
    t = times(seconds)
    freq = pitch * (1 + 0.5 * np.exp(-t / 0.025))
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    skin = (np.sin(phase) * np.exp(-t / 0.2) + 0.35 * np.sin(1.59 * phase) * np.exp(-t / 0.07)
            + 0.2 * np.sin(2.14 * phase) * np.exp(-t / 0.045))
    thump = band(rng.normal(size=len(t)), 60, 1500) * np.exp(-t / 0.012)
    return (skin + 0.25 * thump / _peak(thump)) * release(seconds, 0.05)


def tek(rng: np.random.Generator, pitch: float = 330.0, seconds: float = 0.3) -> Samples:
    """The frame drum struck at the rim: a dry, higher knock with a slap of noise."""
    t = times(seconds)
    ring = sum(amp * np.sin(2 * np.pi * pitch * ratio * t + rng.uniform(0, 6.28))
               * np.exp(-t / decay)
               for ratio, amp, decay in ((1.0, 1.0, 0.05), (1.59, 0.6, 0.03), (2.3, 0.4, 0.02)))
    slap = band(rng.normal(size=len(t)), 800, 7000) * np.exp(-t / 0.008)
    return (ring + 0.6 * slap / _peak(slap)) * release(seconds, 0.03)


def sistrum(rng: np.random.Generator, strokes: int = 2, seconds: float = 0.6,
            gap: float = 0.15) -> Samples:
    """The sistrum shaken ``strokes`` times: metal discs sliding on their rods and clashing."""
    out = np.zeros(int(seconds * RATE))
    hit_t = times(0.25)
    jingles = rng.uniform(2500, 11000, 16)  # the ringing modes of the instrument's discs
    for stroke in range(strokes):
        for _ in range(14):
            start = int((stroke * gap + rng.gamma(2.0, 0.012)) * RATE)
            if start >= len(out):
                continue
            hit = sum(rng.uniform(0.3, 1.0) * np.sin(2 * np.pi * f * hit_t + rng.uniform(0, 6.28))
                      * np.exp(-hit_t / rng.uniform(0.02, 0.09))
                      for f in rng.choice(jingles, 5, replace=False))
            end = min(len(out), start + len(hit))
            out[start:end] += hit[:end - start] * rng.uniform(0.5, 1.0) * (0.8 ** stroke)
    swish = band(rng.normal(size=len(out)), 4000, 12000)
    envelope = np.zeros(len(out))
    for stroke in range(strokes):
        t = times(seconds) - stroke * gap
        envelope += np.where(t > 0, t / 0.01 * np.exp(1 - t / 0.01), 0.0) * 0.8 ** stroke
    swish *= envelope / _peak(swish)
    return (out / _peak(out) + 0.25 * swish) * release(seconds, 0.05)


def knock(rng: np.random.Generator, pitch: float = 1.0, seconds: float = 0.12,
          hardness: float = 0.5) -> Samples:
    """Wood on wood: a casting stick, a clapper, a piece set down; ``pitch`` scales its modes."""
    t = times(seconds)
    base = rng.uniform(650, 900) * pitch
    ring = sum(amp * np.sin(2 * np.pi * base * ratio * rng.uniform(0.97, 1.03) * t
                            + rng.uniform(0, 6.28)) * np.exp(-t / decay)
               for ratio, amp, decay in ((1.0, 1.0, 0.03), (2.76, 0.6, 0.015), (5.4, 0.35, 0.008)))
    click = band(rng.normal(size=len(t)), 1000, 9000) * np.exp(-t / 0.0015)
    return (ring + hardness * 2 * click / _peak(click)) * release(seconds, 0.03)


def reverb(x: Samples, rng: np.random.Generator, *, seconds: float = 1.2, wet: float = 0.2,
           dark: float = 3500.0, circular: bool = False) -> Samples:
    """``x`` in a stone room whose echo dies by 60 dB in ``seconds``; ``dark`` dulls the echo.

    The result is as long as ``x``: leave room for the echo at its end. Circular reverberation
    wraps the echo round to the start instead, for a loop that must join up.
    """
    t = times(seconds)
    response = band(rng.normal(size=len(t)), 150, dark) * np.exp(-6.9 * t / seconds)
    response *= np.clip(t / 0.01, 0, 1)  # the first echoes come back from the walls
    response /= np.sqrt(np.sum(response ** 2))
    size = len(x) if circular else len(x) + len(response)
    echo = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(response, size), size)
    return x + wet * echo[:len(x)]


def fade(x: Samples, start: float, end: float) -> Samples:
    """``x`` faded in over ``start`` and out over ``end`` seconds (raised cosine), so no click."""
    out = x.copy()
    for seconds, sl in ((start, slice(None, None)), (end, slice(None, None, -1))):
        n = min(len(out), int(seconds * RATE))
        ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(n) / n)
        ramp = ramp.reshape((n,) + (1,) * (out.ndim - 1))  # stereo: both channels
        view = out[sl]
        view[:n] *= ramp
    return out
