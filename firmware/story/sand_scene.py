"""Setna's tournament in light: a pure function from the tournament and the time to a frame.

The right-hand block of the board (three rows of four) is the tomb: Setna stands in its middle
two columns (his head on R2-R3, his body on M7-M6, his legs on C2-C3), pale and breathing, and
the sand (ochre, drifting) rises from the Cones' row by stage until only his head is left. The
far end of the middle row keeps the score: the mummy's wins glow gold and pulse from 16, Setna's
wins stand steady in the Cones' blue from 9. The endings: the Book of Thoth won (the sand gone,
a light of gold and white unrolling along the middle row, the sticks bright); or Setna buried to
the neck while the four amulets of Ptah light on the stick pixels one by one and the sand
sinks back, over and over.

    frame = tournament_scene(Tournament(0, 2, 2), t=3.0)   # sand to his waist
"""

from __future__ import annotations

import math

from engine.core.sides import Side
from engine.tait.board import path
from firmware.lights.scenes import CONES, GOLD, breathe, scale
from firmware.story.tournament import TO_WIN, Tournament
from hardware.core.squares import POSITION, STICK_PIXELS
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour

SAND: Colour = (170, 110, 30)
SETNA: Colour = (200, 215, 255)  # a pale figure, told from the sand by its breathing
AMULET: Colour = (40, 210, 170)  # the blue-green of faience
BOOK: Colour = (255, 240, 200)

FIGURE = ("R2", "R3", "M7", "M6", "C2", "C3")
"""Setna's squares: head, body, legs."""
TOMB = tuple(square for square, (_, column) in POSITION.items() if column >= 8)
"""The right-hand block, three rows of four: where Setna stands in the sand."""
SAND_HEIGHT = (0.3, 0.6, 1.0, 1.5, 2.0)
"""How many rows of the tomb the sand fills, by stage: his ankles, knees, waist, chest, neck."""
MUMMY_WINS = ("M16", "M15", "M14", "M13")
SETNA_WINS = ("M9", "M10", "M11", "M12")
AMULET_EVERY = 1.0
"""Seconds between one amulet of Ptah lighting and the next."""
RESCUE = 8.0
"""Seconds of one telling of the rescue: the amulets come, then the sand sinks back."""


def tournament_scene(tournament: Tournament, t: float) -> Frame:
    """The frame for ``tournament`` at ``t`` seconds into the scene."""
    frame: dict[str, Colour] = {}
    if tournament.won:
        _book(frame, t)
    elif tournament.over:
        _rescue(frame, t)
        _score(frame, tournament, t)
    else:
        _sand(frame, SAND_HEIGHT[tournament.stage], t)
        _score(frame, tournament, t)
    return frame


def sand_over(square: str, height: float) -> float:
    """How much of ``square`` the sand covers (0 to 1) when it fills ``height`` rows."""
    row_from_bottom = 2 - POSITION[square][0]
    return min(1.0, max(0.0, height - row_from_bottom))


def mix(a: Colour, b: Colour, x: float) -> Colour:
    """``a`` turning into ``b`` as ``x`` goes from 0 to 1."""
    return (round(a[0] + (b[0] - a[0]) * x), round(a[1] + (b[1] - a[1]) * x),
            round(a[2] + (b[2] - a[2]) * x))


def _sand(frame: dict[str, Colour], height: float, t: float) -> None:
    """Setna breathing in the tomb, the sand drifting around him up to ``height`` rows."""
    figure = scale(SETNA, 0.4 + 0.6 * breathe(t, 4.0))
    for square in TOMB:
        column = POSITION[square][1]
        sand = scale(SAND, 0.7 + 0.3 * math.sin(t * 1.3 + column * 0.9))
        level = sand_over(square, height)
        if square in FIGURE:
            frame[square] = mix(figure, sand, level)
        elif level > 0:
            frame[square] = scale(sand, level)


def _score(frame: dict[str, Colour], tournament: Tournament, t: float) -> None:
    gold = scale(GOLD, 0.45 + 0.55 * breathe(t, 1.6))
    for square in MUMMY_WINS[:min(tournament.losses, TO_WIN)]:
        frame[square] = gold
    for square in SETNA_WINS[:min(tournament.wins, TO_WIN)]:
        frame[square] = CONES


def _book(frame: dict[str, Colour], t: float) -> None:
    """The Book of Thoth won: Setna stands free, a golden light unrolls along the middle row."""
    for square in FIGURE:
        frame[square] = SETNA
    middle = [s for s in path(Side.CONES)[4:] if s not in FIGURE]
    head = (t * 6.0) % (len(middle) + 6)
    for i, square in enumerate(reversed(middle)):  # from 16 towards 5, as a scroll opens
        frame[square] = mix(scale(GOLD, 0.35), BOOK, max(0.0, 1.0 - abs(i - head) / 2.0))
    for pixel in STICK_PIXELS:
        frame[pixel] = scale(BOOK, 0.6 + 0.4 * breathe(t, 2.0))


def _rescue(frame: dict[str, Colour], t: float) -> None:
    """Buried to the neck; Anhurerau brings the four amulets of Ptah, and the sand sinks back."""
    t = t % RESCUE
    amulets = min(len(STICK_PIXELS), int(t / AMULET_EVERY))
    for pixel in STICK_PIXELS[:amulets]:
        frame[pixel] = AMULET
    came = len(STICK_PIXELS) * AMULET_EVERY
    sinking = max(0.0, (t - came) / (RESCUE - came))
    _sand(frame, SAND_HEIGHT[-1] + (SAND_HEIGHT[0] - SAND_HEIGHT[-1]) * sinking, t)
