"""The stacking game's dice on the stick pixels, readable without telling colours apart.

Each die still to use has a stick pixel of its own (S1 the lowest, as the dice are listed), so
the pixels lit count the dice left. In turn, each die counts its face in beats: its pixel
brightens once for each pip (two beats a second; calm lights, one slow swell a second), while
the other dice glow steady and low; after the last die a rest, and the count begins again. The
face's colour (red 1, orange 2, yellow 3, green 4, blue 5, white 6) stays as a second cue for
those who see it, and spoken play says the dice.

    dice_frame((2, 5), t=0.1)    # {'S1': bright, 'S2': low, 'S3': dark, 'S4': dark}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

from hardware.core.squares import STICK_PIXELS
from hardware.lights.strips import Colour

DIE_FACES: Mapping[int, Colour] = MappingProxyType({
    1: (255, 40, 40), 2: (255, 130, 0), 3: (255, 230, 0), 4: (40, 220, 40), 5: (40, 90, 255),
    6: (255, 255, 255)})
"""The colour a stick pixel shows for a die's face (a second cue: the beats count it)."""
BEAT = 0.5
"""Seconds of one beat of a die's count (two a second: WCAG 2.3.1 allows three flashes)."""
CALM_BEAT = 1.0
"""Calm lights: seconds of one beat, a slow swell (no light swells more than once a second)."""
GAP = 1.0
"""Beats of low glow between one die's count and the next (so counts never run together)."""
REST = 3.0
"""Beats of rest after the last die's count, before the count begins again."""
LOW = 0.2
"""How bright a die glows while it is not counting (and between its beats)."""


def schedule(faces: tuple[int, ...]) -> tuple[float, tuple[tuple[float, int], ...]]:
    """The count's cycle in beats, and where each die's count starts in it."""
    starts, at = [], 0.0
    for face in faces:
        starts.append((at, face))
        at += face + GAP
    return at - GAP + REST, tuple(starts)


def level(faces: tuple[int, ...], die: int, t: float, calm: bool = False) -> float:
    """How bright die number ``die`` of ``faces`` is at ``t``, ``LOW`` to 1."""
    beat = CALM_BEAT if calm else BEAT
    cycle, starts = schedule(faces)
    at = (t / beat) % cycle
    start, face = starts[die]
    inside = at - start
    if not 0.0 <= inside < face:
        return LOW
    phase = inside % 1.0
    if calm:  # a swell up and down again, once a beat
        return LOW + (1.0 - LOW) * (0.5 - 0.5 * math.cos(2 * math.pi * phase))
    return 1.0 if phase < 0.5 else LOW


def dice_frame(faces: tuple[int, ...], t: float, calm: bool = False,
               dark: Colour = (0, 0, 0)) -> dict[str, Colour]:
    """The stick pixels for the dice still to use (``faces``, lowest first) at ``t``: each
    die's pixel in its face's colour counting its pips in turn; the pixels of used dice
    ``dark``."""
    frame = dict.fromkeys(STICK_PIXELS, dark)
    for n, (pixel, face) in enumerate(zip(STICK_PIXELS, faces, strict=False)):
        r, g, b = DIE_FACES[face]
        bright = level(faces, n, t, calm)
        frame[pixel] = (int(r * bright), int(g * bright), int(b * bright))
    return frame
