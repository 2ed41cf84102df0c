"""A Hall board's calibration from what its sensors read: the empty board, then one man of each
side (and a stack of three of each, where the game stacks) on each square in turn.

``fit`` turns those readings into ``Levels`` or refuses the board in one sentence naming the
square: a sensor missing or unconnected (its reading at an end of the range), one mounted upside
down (a Cone reads below the empty square), or one whose levels cannot be told apart.

    levels = fit(board.hall, empty, placed)   # or CalibrationRefused("M7: ...")
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from hardware.boards.hall_file import HallConfig
from hardware.sensors.hall_levels import SPREAD, Levels, SquareLevels, levels_from

EDGE = 0.02
"""A reading within this share of either end of the ADC's range is no sensor's."""
LEAST_STEP = 15.0
"""A man must move its square's reading by this many noise deviations at least."""
LEAST_MARGIN = 6.0
"""Neighbouring levels must stay this many noise deviations apart in the worst case."""
STEPS = (1, -1, 3, -3)
"""What calibration asks for on each square, in order: a Cone, a Reel, three Cones, three
Reels (the stacks only where the game stacks)."""


class CalibrationRefused(Exception):
    """The board's readings cannot tell its levels apart; the message names the square."""


def steps_for(stacks: bool) -> tuple[int, ...]:
    """The counts calibration sets on every square."""
    return STEPS if stacks else STEPS[:2]


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
        spread: float = SPREAD) -> Levels:
    """The board's levels from its empty samples (per square) and the whole board's readings
    with each square's men set on it (``placed[square, count]``); CalibrationRefused names the
    first square that cannot be told apart."""
    noise = max(max(statistics.pstdev(samples) for samples in empty.values()), 0.5)
    means = {s: check_empty(config, s, samples) for s, samples in empty.items()}
    stacks = any(count == 3 for _, count in placed)
    squares: dict[str, SquareLevels] = {}
    for square, base in means.items():
        for count in steps_for(stacks):
            check_step(config, square, count, base, placed[square, count][square], noise)
        three = {c: placed[square, c][square] if stacks else None for c in (3, -3)}
        levels = levels_from(base, placed[square, 1][square], placed[square, -1][square],
                             three[3], three[-3])
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
    """Refuse a square whose neighbouring levels come closer than ``LEAST_MARGIN`` deviations
    when its men's magnets are as weak and as strong as they may be."""
    for sign in (1, -1):
        for n in range(1, 4):
            if sign * n not in levels.steps:
                break
            near = abs(levels.step(sign * (n - 1)))
            far = abs(levels.step(sign * n))
            room = (far * (1 - spread) - near * (1 + spread)) / 2
            if room < LEAST_MARGIN * noise:
                side = "Cones" if sign > 0 else "Reels"
                raise CalibrationRefused(
                    f"{square}: {n} {side} and {n - 1} read too close together to tell apart "
                    f"({room:.0f} counts to spare, {LEAST_MARGIN * noise:.0f} needed): the "
                    "sensor is too far below the square or the magnets too weak")
