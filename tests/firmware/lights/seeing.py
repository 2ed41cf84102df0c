"""How the board's lights are seen: flashes counted as WCAG 2.3.1 counts them, colours compared
in a perceptual space under simulated colour-vision deficiencies, motions compared over time.

The pixels are NeoPixels: a byte is a duty cycle, so light is linear in it (no sRGB curve), and
the board file's brightness scales every byte alike.

- **Flashes** (WCAG 2.3.1, general and red flash thresholds): a transition is a change of a
  pixel's relative luminance (its full white being 1) of at least 0.1 with the darker end below
  0.8; for a saturated red (R / (R + G + B) >= 0.8) a change of (R - G - B) x 320 of more than
  20 counts too. A flash is a pair of opposing transitions; no pixel may have more than three in
  any second. Each pixel is judged alone: a square of a board (about 4 cm, seen from 50 cm,
  about 4.6 degrees) is already more than the quarter of a 10-degree field that WCAG counts as
  a large area, so no square is small enough to be let off.
- **Colours**: each colour at the board's brightness, as seen with normal vision and with
  protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, at full
  severity, through colorspacious), in CAM02-UCS (the LEDs' full white taken as the adapting
  white, so a dimmer board has smaller differences). Two lights keep a clear colour difference
  when they are at least ``CLEAR`` apart.
- **Motions**: each light's brightness over time relative to its own peak; two lights differ by
  motion when, however they are lined up in time, they differ on average by ``MOTION`` of their
  peaks.
- **Counts**: a light that beats a number of times and then rests (the stacking game's dice,
  each counting its face) is read as a person counts it: the beats between two rests of at
  least ``REST_GAP``. Two lights that always count differently are told apart by count, however
  alike their colours and their motion over a few seconds (a count of 4 and one of 5 line up
  for all but one beat a cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np
from colorspacious import cspace_convert

from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

CLEAR = 20.0
"""The smallest clear colour difference, in CAM02-UCS: the two closest colours of Tableau 10, a
palette made for telling categories apart at a glance, are 19.3 apart on a screen (a difference
of 1 is about the smallest two patches side by side show)."""
MOTION = 0.15
"""The smallest clear difference of motion: on average 15% of the peak brightness."""
MOST_FLASHES = 3
"""WCAG 2.3.1: no more than three flashes in any one second."""
CALM_FLASHES = 1
"""Calm lights: no light swells more than once in any second."""
STEP = 0.1
"""A transition: a change of at least a tenth of the full white's relative luminance..."""
DARK_END = 0.8
"""... whose darker end lies below this."""
RED_STEP = 20.0
"""A red transition: a change of (R - G - B) x 320 of more than this."""
VISIONS: dict[str, str | None] = {"normal": None, "protanopia": "protanomaly",
                                  "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
"""Each kind of colour vision and colorspacious's name for its deficiency (None: normal)."""
RATE = 50
"""Frames a second at which a scene is sampled (more than the board's 20, so nothing hides)."""
BEAT_ON, BEAT_OFF = 0.6, 0.4
"""A beat: the light rises above this share of its peak, from below that one."""
REST_GAP = 1.5
"""Seconds without a beat that a person takes as a rest between two counts."""
COUNTED = 20.0
"""Seconds of a light watched to read its counts (two whole cycles of the slowest)."""


def linear(colour: Colour) -> tuple[float, float, float]:
    """A pixel's light, 0 to 1 a channel (a NeoPixel's byte is a duty cycle: linear)."""
    r, g, b = colour
    return r / 255, g / 255, b / 255


@lru_cache(maxsize=1 << 16)  # a scene's lights take few colours, over thousands of frames
def luminance(colour: Colour) -> float:
    """Relative luminance, the full white of the LEDs being 1."""
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def saturated_red(colour: Colour) -> bool:
    """WCAG's saturated red: R / (R + G + B) of at least 0.8."""
    r, g, b = colour
    return r + g + b > 0 and r / (r + g + b) >= 0.8


@lru_cache(maxsize=1 << 16)
def redness(colour: Colour) -> float:
    """WCAG's red measure: (R - G - B) x 320, no less than 0."""
    r, g, b = linear(colour)
    return max(0.0, (r - g - b) * 320)


def _turns(values: Sequence[float], step: float) -> list[int]:
    """The indices where ``values`` turns, each swing between them at least ``step``."""
    turns: list[int] = []
    lo = hi = 0
    rising = 0  # 0 until the first swing of ``step``
    peak = 0
    for i, v in enumerate(values):
        if rising == 0:
            lo = i if v < values[lo] else lo
            hi = i if v > values[hi] else hi
            if values[hi] - values[lo] >= step:
                rising = 1 if hi > lo else -1
                turns.append(min(lo, hi))
                peak = max(lo, hi)
        elif (v - values[peak]) * rising > 0:
            peak = i  # the first frame of a level stretch is where the swing ends
        elif (values[peak] - v) * rising >= step:
            turns.append(peak)
            rising, peak = -rising, i
    # The last swing counts once it has come to rest (a swing cut off by the end may go on).
    if rising and peak < len(values) - 1 and abs(values[peak] - values[turns[-1]]) >= step:
        turns.append(peak)
    return turns


def transitions(colours: Sequence[Colour]) -> list[int]:
    """The frames at which a transition of luminance ends, in order."""
    lum = [luminance(c) for c in colours]
    turns = _turns(lum, STEP)
    return [b for a, b in pairwise(turns) if min(lum[a], lum[b]) < DARK_END]


def red_transitions(colours: Sequence[Colour]) -> list[int]:
    """The frames at which a transition of saturated red ends, in order."""
    red = [redness(c) for c in colours]
    turns = _turns(red, RED_STEP)
    return [b for a, b in pairwise(turns)
            if saturated_red(colours[a]) or saturated_red(colours[b])]


def _most_in_a_second(ends: Sequence[int], rate: float) -> int:
    most, first = 0, 0
    for last, frame in enumerate(ends):
        while frame - ends[first] >= rate:
            first += 1
        most = max(most, last - first + 1)
    return most


def most_flashes(colours: Sequence[Colour], rate: float = RATE) -> float:
    """The most flashes (pairs of opposing transitions, so a lone transition is half a flash)
    in any one second of ``colours``, sampled ``rate`` frames a second: of the general flashes
    or the red ones, whichever are more."""
    return max(_most_in_a_second(transitions(colours), rate),
               _most_in_a_second(red_transitions(colours), rate)) / 2


def frames(light: Callable[[float], Frame | None], seconds: float,
           rate: float = RATE) -> list[Frame]:
    """``light``'s frames over ``seconds``, ``rate`` a second (None: a dark frame)."""
    return [light(n / rate) or {} for n in range(int(seconds * rate))]


def pixels(shown: Sequence[Frame]) -> dict[str, list[Colour]]:
    """Each pixel's colour over the frames ``shown`` (a pixel left out is dark)."""
    names = sorted({name for frame in shown for name in frame})
    return {name: [frame.get(name, (0, 0, 0)) for frame in shown] for name in names}


def flashes_by_pixel(shown: Sequence[Frame], rate: float = RATE) -> dict[str, float]:
    """The most flashes in any second, pixel by pixel."""
    return {name: most_flashes(series, rate) for name, series in pixels(shown).items()}


# --- colours -------------------------------------------------------------------------------

def seen(colour: Colour, vision: str, brightness: float) -> np.ndarray:
    """``colour`` lit at ``brightness``, seen with ``vision``, in CAM02-UCS."""
    light = np.array(linear(colour)) * brightness
    deficiency = VISIONS[vision]
    if deficiency is not None:
        light = np.clip(cspace_convert(light, {"name": "sRGB1-linear+CVD", "cvd_type": deficiency,
                                               "severity": 100}, "sRGB1-linear"), 0.0, 1.0)
    return np.asarray(cspace_convert(cspace_convert(light, "sRGB1-linear", "XYZ100"), "XYZ100",
                                     "CAM02-UCS"))


def colour_difference(a: Colour, b: Colour, vision: str, brightness: float) -> float:
    """How far apart ``a`` and ``b`` look, in CAM02-UCS."""
    return float(np.linalg.norm(seen(a, vision, brightness) - seen(b, vision, brightness)))


# --- motions -------------------------------------------------------------------------------

def wave(series: Sequence[Colour]) -> np.ndarray:
    """A light's brightness over time relative to its own peak."""
    lum = np.array([luminance(c) for c in series])
    top = lum.max()
    return lum / top if top > 0 else lum


def motion_difference(a: Sequence[Colour], b: Sequence[Colour], window: int) -> float:
    """How differently ``a`` and ``b`` move: the least mean difference of their relative
    brightness over ``window`` frames of ``a``, ``b`` shifted by any frame it has beyond."""
    wa, wb = wave(a)[:window], wave(b)
    return min(float(np.abs(wa - wb[shift:shift + window]).mean())
               for shift in range(len(wb) - window + 1))


def counts(series: Sequence[Colour], rate: float) -> frozenset[int]:
    """The counts a person reads from a light, ``rate`` frames a second: the numbers of beats
    between two rests (a count cut off by the start or the end is not read; a light that
    never rests, or never beats, reads none)."""
    relative = wave(series)
    starts, high = [], False
    for i, value in enumerate(relative):
        if not high and value > BEAT_ON:
            starts.append(i / rate)
            high = True
        elif high and value < BEAT_OFF:
            high = False
    read, run, rested = set(), 0, False
    for before, after in pairwise(starts):
        run += 1
        if after - before >= REST_GAP:
            if rested:
                read.add(run)
            rested, run = True, 0
    return frozenset(read)


def peak(series: Sequence[Colour]) -> Colour:
    """The colour a light shows at its brightest."""
    return max(series, key=luminance)


# --- meanings: what a player must tell apart -----------------------------------------------

@dataclass(frozen=True)
class Meaning:
    """One thing a light says, as one pixel shows it over time."""

    name: str
    light: Callable[[float], Frame]
    pixel: str

    def series(self, seconds: float, rate: float = 20) -> list[Colour]:
        """The pixel's colours over ``seconds``, ``rate`` frames a second (the board's)."""
        return [self.light(n / rate).get(self.pixel, (0, 0, 0))
                for n in range(int(seconds * rate))]


@dataclass(frozen=True)
class Verdict:
    """How two meanings are told apart: their colour difference under each vision, and their
    motion difference."""

    a: str
    b: str
    colours: Mapping[str, float]
    motion: float
    counted: bool = False
    """The two lights count their beats differently, every time (``counts``)."""

    def apart(self, vision: str) -> bool:
        """Whether a player with ``vision`` tells them apart: by colour, motion or count."""
        return self.colours[vision] >= CLEAR or self.motion >= MOTION or self.counted

    @property
    def by(self) -> str:
        """How they differ for every vision, in a word or two (for the benchmark's table)."""
        colour = all(d >= CLEAR for d in self.colours.values())
        moving = self.motion >= MOTION or self.counted
        how = "count" if self.counted else "motion"
        return f"colour and {how}" if colour and moving else "colour" if colour else \
            how if moving else "NOTHING"


WATCH = 10.0
"""Seconds of a meaning compared (the slowest motion, a calm heartbeat, repeats in 7.2)."""
SHIFT = 8.0
"""Seconds the second of two meanings may be shifted by to line up with the first."""


def judge(a: Meaning, b: Meaning, brightness: float) -> Verdict:
    """How ``a`` and ``b`` differ, at ``brightness``."""
    rate = 20
    whole_a = a.series(max(WATCH, COUNTED), rate)  # watched once: colour, motion and count
    whole_b = b.series(max(WATCH + SHIFT, COUNTED), rate)
    first, second = whole_a[:int(WATCH * rate)], whole_b[:int((WATCH + SHIFT) * rate)]
    colours = {vision: colour_difference(peak(first), peak(second), vision, brightness)
               for vision in VISIONS}
    read_a, read_b = (counts(whole[:int(COUNTED * rate)], rate) for whole in (whole_a, whole_b))
    counted = bool(read_a or read_b) and not read_a & read_b
    return Verdict(a.name, b.name, colours, motion_difference(first, second, int(WATCH * rate)),
                   counted)


def verdicts(pairs: Sequence[tuple[Meaning, Meaning]], brightness: float) -> Iterator[Verdict]:
    """Each pair judged at ``brightness``."""
    for a, b in pairs:
        yield judge(a, b, brightness)
