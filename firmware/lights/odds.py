"""The win chances as a light scene: the squares fill in each side's colour by its chance.

On request (a button or a menu), for a few seconds. The 12 middle squares are one bar: the
Cones' share fills from M5 (their end of the race) towards M16, the Reels' share from M16; the
square where they meet is split by brightness. Each side's private row fills by its own chance
too (4 squares = 100%). The bar grows in over the first ``GROW`` seconds; the Cones' squares
stay steady and the Reels' breathe, so the two sides differ by motion as well as colour.

>>> frame = odds_frame(0.75, 10.0)
>>> frame["M5"] == PALETTE.cones, frame["M16"] == PALETTE.cones
(True, False)
"""

from __future__ import annotations

from engine.core.sides import Side
from engine.tait.board import path
from firmware.lights.scenes import PALETTE, Palette, breathe, scale
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

GROW = 0.8
"""Seconds the bar takes to fill in."""
MIDDLE = tuple(f"M{n}" for n in range(5, 17))
"""The middle row from the Cones' end (M5) to M16."""


def odds_frame(cones: float, t: float, since: float = 0.0, colours: Palette = PALETTE) -> Frame:
    """The frame showing the Cones' chance ``cones`` (the Reels' is 1 - cones) at time ``t``,
    shown since ``since``, in ``colours``."""
    cones = min(1.0, max(0.0, cones))
    grown = min(1.0, max(0.0, (t - since) / GROW))
    reels_glow = breathe(t, 2.0)
    frame: dict[str, Colour] = {}
    _fill(frame, MIDDLE, cones * grown, colours.cones, 1.0)
    _fill(frame, MIDDLE[::-1], (1.0 - cones) * grown, colours.reels, reels_glow)
    for side, share, glow in ((Side.CONES, cones, 1.0), (Side.REELS, 1.0 - cones, reels_glow)):
        _fill(frame, path(side)[:4], share * grown, colours.side(side), glow)
    return frame


def _fill(frame: dict[str, Colour], squares: tuple[str, ...], share: float, colour: Colour,
          glow: float) -> None:
    """Light ``share`` of ``squares`` from the first; the last lit one as bright as its part."""
    amount = share * len(squares)
    for i, square in enumerate(squares):
        part = min(1.0, amount - i)
        if part <= 0:
            break
        if part >= 0.5 or square not in frame:  # the bigger part of a shared square wins
            frame[square] = scale(colour, glow * max(part, 0.15))
