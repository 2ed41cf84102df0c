"""The web page's PIN in light, for whoever stands at the board (a noisy room, a visitor who
does not hear it said): the sticks flash twice (the PIN begins), then each digit in turn lights
that many squares along the Cones' path in gold (0 lights ten, as a telephone's pulses count
it), each digit followed by a dark moment so that 3 3 is two bars; the whole PIN twice over.
Every other light is dark meanwhile, so the count is plain.

>>> lit = pin_frame("305", TWENTY_SQUARES, START + 0.1) or {}
>>> sorted(square for square, colour in lit.items() if colour == GOLD)
['C1', 'C2', 'C3']
"""

from __future__ import annotations

import math

from engine.core.sides import Side
from engine.games.api import Geometry
from engine.tait.board import TWENTY_SQUARES
from firmware.lights.scenes import GOLD, STICK_DARK, STICK_WHITE, flashing_twice, scale
from hardware.core.squares import STICK_PIXELS
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

__all__ = ["DIGIT", "GAP", "ROUNDS", "START", "TWENTY_SQUARES", "pin_frame", "pin_seconds"]

START = 1.2
"""Seconds the sticks flash before the digits: the PIN begins."""
DIGIT = 2.0
"""Seconds a digit is lit."""
GAP = 0.6
"""Seconds of dark after each digit."""
ROUNDS = 2
"""Times the whole PIN is shown."""
DARK: Colour = (0, 0, 0)


def pin_seconds(pin: str) -> float:
    """How long the PIN is shown in all."""
    return ROUNDS * (START + len(pin) * (DIGIT + GAP))


def pin_frame(pin: str, geometry: Geometry, t: float, calm: bool = False) -> Frame | None:
    """The frame showing ``pin`` ``t`` seconds after it began (None: before or after); with
    ``calm`` lights the sticks swell slowly rather than flash."""
    once = START + len(pin) * (DIGIT + GAP)
    if t < 0 or t >= ROUNDS * once:
        return None
    t %= once
    frame: dict[str, Colour] = dict.fromkeys(geometry.squares, DARK)
    if t < START:
        flash = flashing_twice(t, False, START) if not calm else \
            0.5 - 0.5 * math.cos(2 * math.pi * t / START)  # one slow swell
        frame.update(dict.fromkeys(STICK_PIXELS, scale(STICK_WHITE, flash) if flash > 0
                                   else STICK_DARK))
        return frame
    frame.update(dict.fromkeys(STICK_PIXELS, STICK_DARK))
    index, into = divmod(t - START, DIGIT + GAP)
    if into < DIGIT:
        digit = int(pin[int(index)])
        for square in geometry.paths[Side.CONES][:digit or 10]:
            frame[square] = GOLD
    return frame
