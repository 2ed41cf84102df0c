"""A Hall board's calibration from what its sensors read: the empty board, then every man of
each side (or a sample) in turn on the first square, then one man of each side (and a stack of
three of each, where the game stacks) on each square in turn.

The men differ: each magnet a little stronger or weaker. Measuring every man finds the middle of
each side's set (the median), and the squares' levels are set for a man of that strength, not
for whichever men a person happened to calibrate with. A man further than ``SPREAD`` from the
middle would be misread in a stack: he is refused, by his number, to be set aside for a spare.

``fit`` turns those readings into ``Levels`` or refuses the board in one sentence naming the
square or the man: a sensor missing or unconnected (its reading at an end of the range), one
mounted upside down (a Cone reads below the empty square), a man whose magnet strays, or a square
whose levels cannot be told apart with the margin the goal needs (fewer than one stack in
100,000 misread, ``docs/build/hall.md``).

    levels = fit(board.hall, empty, placed, men)   # or CalibrationRefused("M7: ...")
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from hardware.boards.hall_file import HallConfig
from hardware.sensors.hall_levels import (
    BUILD,
    DRIFT,
    SHAPE,
    SPREAD,
    Levels,
    SquareLevels,
    levels_from,
)

EDGE = 0.02
"""A reading within this share of either end of the ADC's range is no sensor's."""
LEAST_STEP = 15.0
"""A man must move its square's reading by this many noise deviations at least."""
GOAL = 4.5
"""Between neighbouring levels, in the worst case the guide's tolerances allow, this many noise
deviations must be left either side of the threshold: one reading in 300,000 strays so far."""
FLOOR = 0.01
"""The least spread taken for a set of men, however alike they measured (they warm, they
chip)."""
CALIBRATING = {True: 3, False: 1}
"""Men of each side a person calibrates the squares with: three where the game stacks."""
STEPS = (1, -1, 3, -3)
"""What calibration asks for on each square, in order: a Cone, a Reel, three Cones, three
Reels (the stacks only where the game stacks)."""


class CalibrationRefused(Exception):
    """The board's readings cannot tell its levels apart; the message names the square, or the
    man (``man``: his side, +1 or -1, and his number, from 1) to be set aside."""

    def __init__(self, message: str, man: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.man = man


def steps_for(stacks: bool) -> tuple[int, ...]:
    """The counts calibration sets on every square."""
    return STEPS if stacks else STEPS[:2]


def side_name(count: int, n: int = 1) -> str:
    """``Cone``, ``Reels``: the side of ``count``'s sign, ``n`` of them."""
    return ("Cone" if count > 0 else "Reel") + ("s" if n != 1 else "")


def stray(side: int, readings: Sequence[float], empty: float, first: int = 0,
          final: bool = False) -> CalibrationRefused | None:
    """The man (by number, from 1; ``first`` judged first) whose magnet strays more than
    ``SPREAD`` from the middle of his side's men measured so far (``readings`` of each alone
    on the first square, in turn), as a refusal naming him; None when none does. Judged once
    five are measured (``final``: however many)."""
    if len(readings) < (1 if final else 5):
        return None
    middle = statistics.median(r - empty for r in readings)
    order = [first - 1] if first else []
    for index in [*order, *range(len(readings))]:
        share = (readings[index] - empty) / middle - 1
        if abs(share) > SPREAD:
            return CalibrationRefused(
                f"{side_name(side)} {index + 1} reads {abs(share) * 100:.0f} % "
                f"{'stronger' if share > 0 else 'weaker'} than the middle of the "
                f"{side_name(side, 2)}: set him aside for a spare (the men's magnets must come "
                "from one batch)", man=(side, index + 1))
    return None


def check_men(side: int, readings: Sequence[float], empty: float, final: bool = False) -> None:
    """Refuse the first man whose magnet strays (``stray``)."""
    refused = stray(side, readings, empty, final=final)
    if refused is not None:
        raise refused


def strengths(men: Mapping[int, Sequence[float]], empty: float, stacks: bool
              ) -> tuple[dict[int, tuple[float, float]], float]:
    """For each side, what the men calibrated with read against the middle of the side's men
    (one man, three men: their mean), and the spread of the men measured (``FLOOR`` at
    least): a level is set for middling men by dividing by the first."""
    found: dict[int, tuple[float, float]] = {}
    spread = FLOOR
    for side, readings in men.items():
        check_men(side, readings, empty, final=True)
        moved = [r - empty for r in readings]
        middle = statistics.median(moved)
        first = CALIBRATING[stacks]
        found[side] = (moved[0] / middle, statistics.fmean(moved[:first]) / middle)
        spread = max(spread, *(abs(m / middle - 1) for m in moved))
    return found, spread


def check_empty(config: HallConfig, square: str, samples: Sequence[float]) -> float:
    """A square's empty reading (the mean of ``samples``); refused when no sensor could give
    it."""
    mean = statistics.fmean(samples)
    full = config.full_scale
    if mean <= EDGE * full or mean >= (1 - EDGE) * full:
        where = config.channels[square]
        raise CalibrationRefused(
            f"{square}: its sensor reads {mean:.0f} of {full} with the board empty, the end of "
            f"the range: the sensor is missing or not connected (check its wires to {where})")
    return mean


def check_step(config: HallConfig, square: str, count: int, empty: float, reading: float,
               noise: float) -> None:
    """Refuse at once a man that moves its square's reading the wrong way, or too little."""
    moved = reading - empty
    side = "Cone" if count > 0 else "Reel"
    if moved * count < 0 and abs(moved) >= LEAST_STEP * noise:
        raise CalibrationRefused(
            f"{square}: a {side} reads {'below' if count > 0 else 'above'} the empty square: "
            "its sensor is mounted upside down (turn it so its marked face looks up at the "
            "square), or the men's magnets are turned over")
    if abs(moved) < LEAST_STEP * noise:
        raise CalibrationRefused(
            f"{square}: a {side} moves its reading by only {abs(moved):.0f} counts: the sensor "
            f"is missing, too far below the square, or not on {config.channels[square]}")


def fit(config: HallConfig, empty: Mapping[str, Sequence[float]],
        placed: Mapping[tuple[str, int], Mapping[str, float]],
        men: Mapping[int, Sequence[float]] | None = None, every_man: bool = True) -> Levels:
    """The board's levels from its empty samples (per square), its ``men`` (each man of each
    side alone on the first square, the men calibrated with first) and the whole board's
    readings with each square's men set on it (``placed[square, count]``). Without ``men``
    the men calibrated with are taken as middling; with only a sample (not ``every_man``) the
    men are taken to spread as far as ``SPREAD`` allows. CalibrationRefused names the first
    square, or man, that cannot be told apart."""
    noise = max(max(statistics.pstdev(samples) for samples in empty.values()), 0.5)
    means = {s: check_empty(config, s, samples) for s, samples in empty.items()}
    stacks = any(count == 3 for _, count in placed)
    first = next(iter(means))
    factors, spread = strengths(men, means[first], stacks) if men else ({}, SPREAD)
    if not every_man:
        spread = SPREAD
    squares: dict[str, SquareLevels] = {}
    for square, base in means.items():
        for count in steps_for(stacks):
            check_step(config, square, count, base, placed[square, count][square], noise)
        read = {}
        for count in steps_for(stacks):
            one, three = factors.get(1 if count > 0 else -1, (1.0, 1.0))
            read[count] = base + (placed[square, count][square] - base) / (
                one if abs(count) == 1 else three)
        levels = levels_from(base, read[1], read[-1], read.get(3), read.get(-3))
        _check_levels(square, levels, noise, spread)
        squares[square] = levels
    crosstalk = {n: MappingProxyType(_crosstalk(means, placed, n)) for n in (1, 3) if
                 any(c == n for _, c in placed)}
    if 3 in crosstalk:
        crosstalk[2] = MappingProxyType({
            s: MappingProxyType({j: (crosstalk[1][s][j] + k) / 2 for j, k in row.items()})
            for s, row in crosstalk[3].items()})
    return Levels(MappingProxyType(squares), MappingProxyType(crosstalk), noise, spread)


def _crosstalk(means: Mapping[str, float], placed: Mapping[tuple[str, int], Mapping[str, float]],
               n: int) -> dict[str, MappingProxyType[str, float]]:
    """What share of a square's own change with ``n`` men on it each other sensor reads (the
    mean of the Cones' and the Reels' measurements)."""
    found: dict[str, dict[str, float]] = {s: {} for s in means}
    for j in means:
        shares = []
        for count in (n, -n):
            board = placed[j, count]
            own = board[j] - means[j]
            shares.append({s: (board[s] - means[s]) / own for s in means if s != j})
        for s in shares[0]:
            found[s][j] = (shares[0][s] + shares[1][s]) / 2
    return {s: MappingProxyType(row) for s, row in found.items()}


def _check_levels(square: str, levels: SquareLevels, noise: float, spread: float) -> None:
    """Refuse a square whose neighbouring levels leave less than ``GOAL`` noise deviations
    either side of their threshold when its men's magnets are as weak and as strong as they may
    be and the build strays as far as the guide allows."""
    far_off = spread + BUILD
    for sign in (1, -1):
        for n in range(1, len(SHAPE) + 1):
            if sign * n not in levels.steps:
                break
            near = abs(levels.step(sign * (n - 1)))
            far = abs(levels.step(sign * n))
            room = (far * (1 - far_off) - near * (1 + far_off)) / 2 - DRIFT
            if room < GOAL * noise:
                raise CalibrationRefused(
                    f"{square}: {n} {side_name(sign, n)} and {n - 1} read too close together "
                    f"to tell apart ({room:.0f} counts to spare, {GOAL * noise:.0f} needed): "
                    "the sensor is too far below the square or the magnets too weak")
