"""How far apart a Hall board's levels stay in the worst case: each square, each pair of
neighbouring counts (-3..+3), every case of ``Design`` at its worst at once.

A square's reading, after calibration has taken off what its neighbours leak in
(``hardware.sensors.hall_levels.Levels.own``), is judged by the threshold halfway between the two
calibrated levels. The worst case of each level is worked out term by term, each term at its own
worst (they are independent, so the sum's worst is the sum of the worsts): the square's own men
(each magnet +-10%, the stack off centre in any direction), each other square's men at any count
of either side (each magnet +-10%, off centre) less what calibration takes off for them, and the
sensors' drift. The margin is the room left between the threshold and the nearer worst case,
in counts and in the noise's standard deviations. A man held above its place (``hover``) is not
in the margin: it reads as the count with it or without it, never another (``hover_reads``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from hardware.sensors.hall_levels import between, judge
from sim.board.hall_field import Design, Field

LEVELS = tuple(range(-3, 4))
DIRECTIONS = 8


@dataclass(frozen=True)
class Margin:
    """The worst case between ``lower`` and ``lower + 1`` men on ``square`` (signed counts)."""

    square: str
    lower: int
    counts: float
    """Counts between the threshold and the nearer worst case (negative: misread)."""
    sigmas: float
    gap: float
    """Counts between the two levels' worst cases."""


def _offsets(design: Design) -> npt.NDArray[np.float64]:
    """Where a stack may rest: the centre, and every direction at half and full ``off_centre``."""
    found = [(0.0, 0.0)]
    for r in (design.off_centre / 2, design.off_centre):
        for k in range(DIRECTIONS):
            a = 2 * np.pi * k / DIRECTIONS
            found.append((r * np.cos(a), r * np.sin(a)))
    return np.array(found)


class Margins:
    """The worst cases of one design on one board."""

    def __init__(self, design: Design, positions: Mapping[str, tuple[int, int]]) -> None:
        self.design = design
        self.field = Field(design, positions)
        self.squares = list(positions)
        self.offsets = _offsets(design)
        table = self.field.table
        # What calibration measured: a square's nominal stack of one, two or three read at
        # every sensor, as a share of what it reads at its own; the board takes it off for the
        # count each square is read to hold.
        self.crosstalk = {n: {s: {j: sum(table[s, j][:n]) / sum(table[j, j][:n])
                                  for j in self.squares if j != s} for s in self.squares}
                          for n in (1, 2, 3)}
        self._men = self._fields()

    def _fields(self) -> dict[tuple[str, str], npt.NDArray[np.float64]]:
        """Bz in mT at sensor s from each man (0-2) of a north-up stack on j at each offset:
        ``[offset, man]``."""
        d = self.design
        heights = np.array([d.height(i) for i in range(3)])
        pairs = [(s, j) for s in self.squares for j in self.squares]
        dx = np.empty((len(pairs), len(self.offsets), 3))
        dy = np.empty_like(dx)
        for n, (s, j) in enumerate(pairs):
            cx = self.field.centres[j][0] - self.field.centres[s][0]
            cy = self.field.centres[j][1] - self.field.centres[s][1]
            dx[n] = (cx + self.offsets[:, 0])[:, None]
            dy[n] = (cy + self.offsets[:, 1])[:, None]
        dz = np.broadcast_to(heights, dx.shape)
        values = self.field.unit(dx, dy, dz)
        return {pair: values[n] for n, pair in enumerate(pairs)}

    def _counts(self, mt: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        return mt * self.design.counts_per_mt

    def own(self, square: str, count: int) -> tuple[float, float]:
        """The lowest and highest corrected reading of ``count`` men on ``square`` (no drift):
        its own sensor less what the correction takes off for the field it leaks to others."""
        if not count:
            return 0.0, 0.0
        pole, n = (1 if count > 0 else -1), abs(count)
        per_man = self._men[square, square][:, :n].copy()  # [offset, man]
        for j, k in self.crosstalk[n][square].items():
            per_man -= k * self._men[j, square][:, :n]
        return self._extremes(pole * self._counts(per_man))

    def _extremes(self, per_man: npt.NDArray[np.float64]) -> tuple[float, float]:
        """Lowest and highest sum over men, each man's strength anywhere in +-spread, the
        stack at any of the offsets (rows)."""
        spread = self.design.strength_spread
        low = np.where(per_man > 0, per_man * (1 - spread), per_man * (1 + spread)).sum(axis=1)
        high = np.where(per_man > 0, per_man * (1 + spread), per_man * (1 - spread)).sum(axis=1)
        return float(low.min()), float(high.max())

    def others(self, square: str) -> tuple[float, float]:
        """The lowest and highest of what every other square's men leave in ``square``'s
        corrected reading, each square at its own worst count, side, strengths and offset."""
        low = high = 0.0
        for j in self.crosstalk[3][square]:
            worst = [0.0, 0.0]
            for count in LEVELS:
                if not count:
                    continue
                pole, n = (1 if count > 0 else -1), abs(count)
                k = self.crosstalk[n][square][j]
                left = self._men[square, j][:, :n] - k * self._men[j, j][:, :n]
                a, b = self._extremes(pole * self._counts(left))
                worst = [min(worst[0], a), max(worst[1], b)]
            low += worst[0]
            high += worst[1]
        drift = self.design.drift * (1 + sum(abs(k) for k in self.crosstalk[1][square].values()))
        return low - drift, high + drift

    def thresholds(self, square: str) -> dict[int, float]:
        """The calibrated level of each count: a nominal centred stack, corrected."""
        return {count: self._nominal(square, count) for count in LEVELS}

    def _nominal(self, square: str, count: int) -> float:
        if not count:
            return 0.0
        pole, n = (1 if count > 0 else -1), abs(count)
        per_man = self._men[square, square][0, :n].copy()
        for j, k in self.crosstalk[n][square].items():
            per_man -= k * self._men[j, square][0, :n]
        return float(pole * self._counts(per_man).sum())

    def margins(self) -> list[Margin]:
        """Every square's margin between each pair of neighbouring counts."""
        found = []
        for square in self.squares:
            nominal = self.thresholds(square)
            low_others, high_others = self.others(square)
            for lower, upper in itertools.pairwise(LEVELS):
                near, far = (lower, upper) if upper > 0 else (upper, lower)
                threshold = between(nominal[near], nominal[far], self.design.strength_spread)
                top_of_lower = self.own(square, lower)[1] + high_others
                bottom_of_upper = self.own(square, upper)[0] + low_others
                room = min(threshold - top_of_lower, bottom_of_upper - threshold)
                found.append(Margin(square, lower, room, room / self.design.noise,
                                    bottom_of_upper - top_of_lower))
        return found

    def hover_reads(self, square: str) -> bool:
        """Whether the top man of every stack on ``square``, held up to ``hover`` above its
        place, reads as the stack with it or without it (centred, nominal, neighbours empty)."""
        d = self.design
        nominal = self.thresholds(square)
        for count in LEVELS:
            if not count:
                continue
            n = abs(count)
            pole = 1 if count > 0 else -1
            for lift in np.linspace(0, d.hover, 5):
                heights = [d.height(i) for i in range(n - 1)] + [d.height(n - 1, float(lift))]
                mt = float(self.field.unit(0.0, 0.0, heights).sum()) * pole
                reading = mt * d.counts_per_mt
                read = judge(nominal, reading, d.strength_spread)
                if read not in (count, count - pole):
                    return False
        return True
