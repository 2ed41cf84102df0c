"""How far apart a Hall board's levels stay in the worst case: each square, each pair of
neighbouring counts (one man more than a square holds included), every tolerance the guide
promises at its worst at once.

The board judges a square by its own men's reading (the coupled crosstalk solved,
``hardware.sensors.hall_levels``) against the thresholds between the levels calibration stored:
middling men, centred, on an otherwise empty board (two men placed between one and three, one
more extrapolated, as the real ``levels_from`` and ``Table`` do it). A stack's reading strays
from its level by each tolerance (``Tolerances``): its men's magnets, the calibration's own
error, men off centre within the recess and the sensor off its square's centre, the stack
lifted, play between its men, their thickness, the sensors warmer or cooler than the men, the
drift since the empty square was last followed; and every other square leaves a little in it
that the solved crosstalk does not take off (its men off centre, or stronger or weaker than
calibration's), as many as the game's men can fill (15 a side on the stacking game's board).
Each term at its own worst, so the sum's worst is the sum of the worsts. The margin is the room
left between the threshold and the nearer worst case, in counts and in the noise's deviations.
A man held above its place (``hover``) is not in the margin: it must read as the count with it
or without it, never another (``hover_reads``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from hardware.boards.hall_file import BUILT
from hardware.sensors.hall_levels import SHAPE, Table, levels_from
from sim.board.hall_field import (
    GUIDE,
    TEMPCO,
    Array,
    Design,
    Tolerances,
    disc_table,
    interpolate,
    magpylib,
)

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
    unseen: float | None = None
    """Between one man too many and the most a square holds: the counts by which the worst
    case of the one too many still crosses the threshold (negative: he may go unseen)."""


@dataclass(frozen=True)
class Strays:
    """How far, in counts, ``n`` men's own reading may stray from its nominal by each
    tolerance, at its worst."""

    nominal: float
    strength: float
    calibration: float
    off_centre: float
    lift: float
    play: float
    thickness: float
    temperature: float
    drift: float

    @property
    def total(self) -> float:
        """Every tolerance at its worst at once."""
        return (self.strength + self.calibration + self.off_centre + self.lift + self.play
                + self.thickness + self.temperature + self.drift)


class Margins:
    """The worst cases of one design, built within ``tolerances``, on one board whose squares
    hold up to ``high`` men, ``men`` a side."""

    def __init__(self, design: Design, positions: Mapping[str, tuple[int, int]],
                 tolerances: Tolerances = GUIDE, men: int = 15, high: int = 3) -> None:
        self.design = design
        self.tolerances = tolerances
        self.men = men
        self.high = high
        self.squares = list(positions)
        self.centres = {s: np.array([column * design.pitch, row * design.pitch], dtype=float)
                        for s, (row, column) in positions.items()}
        span = max((float(np.hypot(*(a - b))) for a, b in itertools.combinations(
            self.centres.values(), 2)), default=0.0)
        self.table = disc_table(design, span + 10)
        self.heights = np.array([design.height(i) for i in range(len(SHAPE) + 1)])
        one = self.stack(0.0, 1)
        three = self.stack(0.0, 3) if high > 1 else None
        self.levels = levels_from(0.0, one, -one, three, None if three is None else -three)
        self.bounds = Table.of([self.levels], tolerances.strength, design.noise).bounds[0]
        self._worth: dict[str, list[dict[int, float]]] = {}

    def field(self, rho: float | Array, z: float | Array) -> Array:
        """Counts at a sensor from one nominal north-up man ``rho`` mm aside, ``z`` below."""
        return interpolate(self.table, rho, z) * self.design.counts_per_mt

    def stack(self, rho: float, n: int, rise: float = 0.0, each: float = 0.0) -> float:
        """Counts of ``n`` nominal men ``rho`` mm aside, the stack lifted ``rise`` and each
        man ``each`` further from the one under it."""
        heights = self.heights[:n] + rise + each * np.arange(n)
        return float(self.field(rho, heights).sum())

    def strays(self, n: int) -> Strays:
        """How ``n`` men's own reading strays, term by term."""
        t = self.tolerances
        if not n:
            return Strays(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, t.drift)
        nominal = self.stack(0.0, n)
        aside = t.off_centre + t.sensor_place
        off = max(abs(self.stack(r, n) - nominal) for r in np.linspace(0, aside, 5))
        return Strays(
            nominal, t.strength * nominal, t.calibration * nominal, off,
            abs(self.stack(0.0, n, rise=t.lift) - nominal),
            abs(self.stack(0.0, n, each=t.play) - nominal),
            max(abs(self.stack(0.0, n, each=e) - nominal) for e in (t.thickness, -t.thickness)),
            TEMPCO * t.temperature * nominal, t.drift)

    def leak(self, square: str, other: str, n: int) -> tuple[float, float]:
        """The least and most ``n`` men (north up) on ``other`` leave in ``square``'s solved
        reading: their actual leak less the share the board takes off for their own reading,
        each man of any strength within the spread, the stack anywhere in the recess."""
        t = self.tolerances
        spread = t.strength
        d = self.centres[other] - self.centres[square]
        measured = {k: self.stack(float(np.hypot(*d)), k) / self.stack(0.0, k) for k in (1, 3)}
        share = measured[1] if n == 1 or self.high == 1 else (
            measured[3] if n >= 3 else (measured[1] + measured[3]) / 2)
        offsets = np.array([(r * math.cos(a), r * math.sin(a)) for r in (
            t.off_centre / 2, t.off_centre) for a in np.linspace(0, 2 * np.pi, DIRECTIONS,
                                                                   endpoint=False)] + [(0, 0)])
        heights = self.heights[None, :n]
        leak = self.field(np.hypot(*(d[None, :] + offsets).T)[:, None], heights)
        own = self.field(np.hypot(*offsets.T)[:, None], heights)
        part = leak - share * own  # [offset, man]
        low = np.minimum(part * (1 - spread), part * (1 + spread)).sum(axis=1)
        high = np.maximum(part * (1 - spread), part * (1 + spread)).sum(axis=1)
        return float(low.min()), float(high.max())

    def others(self, square: str, own: int) -> float:
        """The most every other square's men may leave in ``square``'s solved reading, either
        way, with as many men as the game has left beside the ``own`` on the square."""
        room = max(0, 2 * self.men - own)
        worth = self._worth.get(square)
        if worth is None:
            worth = self._worth[square] = [
                {n: max(abs(v) for v in self.leak(square, other, n))
                 for n in range(1, self.high + 1)}
                for other in self.squares if other != square]
        best = [0.0] * (room + 1)  # a knapsack: the most for each number of men used
        for values in worth:
            for used in range(room, 0, -1):
                for n, value in values.items():
                    if n <= used:
                        best[used] = max(best[used], best[used - n] + value)
        return max(best)

    def margins(self) -> list[Margin]:
        """Every square's margin between each pair of neighbouring counts, toward either side
        (the board is symmetric: a Reel's is a Cone's mirrored)."""
        found = []
        top = self.high + 1
        strays = {n: self.strays(n) for n in range(top + 1)}
        for square in self.squares:
            for n in range(1, top + 1):
                near, far = strays[n - 1], strays[n]
                others_near = self.others(square, n - 1)
                others_far = self.others(square, n)
                threshold = float(self.bounds[len(SHAPE) + n - 1])
                top_of_near = near.nominal + near.total + others_near
                bottom_of_far = far.nominal - far.total - others_far
                room = min(threshold - top_of_near, bottom_of_far - threshold)
                unseen = None
                if n == top:  # one man too many is counted only past the most men's reading
                    room, unseen = threshold - top_of_near, bottom_of_far - threshold
                for lower in (n - 1, -n):
                    found.append(Margin(square, lower, room, room / self.design.noise,
                                        bottom_of_far - top_of_near, unseen))
        return found

    def hover_reads(self) -> bool:
        """Whether the top man of every stack, held up to ``hover`` above its place, reads as
        the stack with it or without it (centred, nominal, neighbours empty)."""
        table = Table.of([self.levels], self.tolerances.strength, self.design.noise)
        for n in range(1, self.high + 1):
            for lift in np.linspace(0, self.design.hover, 9):
                heights = self.heights[:n].copy()
                heights[-1] += lift
                reading = float(self.field(0.0, heights).sum())
                read = int(table.counts(np.array([0]), np.array([reading]))[0])
                if read not in (n, n - 1):
                    return False
        return True

    def strongest(self) -> float:
        """The most a stack (one man more than the square holds, each man as strong as the
        spread lets him be) gives its sensor, in mT: it must stay in the sensor's linear
        range."""
        top = self.stack(0.0, self.high + 1) * (1 + self.tolerances.strength)
        return top / self.design.counts_per_mt


@dataclass(frozen=True)
class Forces:
    """What pushes men about on the board, and what holds them, in newtons."""

    push: float
    """The most the men on the squares around pull or push a lone man sideways."""
    wall: float
    """The sideways force at which a man in a flat-bottomed recess would tip against its wall
    (it cannot slide out: the wall is square)."""
    dish: float
    """What a 1 mm dish (the old guide's) holds a man with: its slope against his weight."""
    cling: float
    """How hard two men of a stack pull together: a man is slid off a stack, not lifted."""
    upper_push: float
    """The most the men around push the top man of a full stack sideways."""
    upper_hold: float
    """What holds him on the man beneath: friction against their pull."""


MAN_DIAMETER = BUILT.man_diameter
ACRYLIC = 1.18
NEODYMIUM = 7.5
"""Densities, g/cm^3."""
FRICTION = 0.3
"""Acrylic on acrylic, at its least."""


def forces(design: Design, positions: Mapping[str, tuple[int, int]]) -> Forces:
    """The forces on a man of the square with the most neighbours, from full stacks of
    either side on every square around it (each side chosen to push one way)."""
    magpy = magpylib()
    d = design

    def disc(x: float, y: float, man: int, pole: int = 1) -> object:
        return magpy.magnet.Cylinder(
            polarization=(0, 0, d.remanence * pole),
            dimension=(d.magnet_diameter / 1000, d.magnet_thickness / 1000),
            position=(x / 1000, y / 1000,
                      (d.magnet_lift + man * d.man_height + d.magnet_thickness / 2) / 1000))

    centres = {s: (column * d.pitch, row * d.pitch) for s, (row, column) in positions.items()}
    reach = d.pitch * 1.5

    def near(s: str) -> list[tuple[float, float]]:
        x, y = centres[s]
        return [(cx - x, cy - y) for cx, cy in centres.values()
                if 0 < math.hypot(cx - x, cy - y) <= reach]

    crowded = max(centres, key=lambda s: len(near(s)))
    around = near(crowded)
    mesh = (24, 8, 4)

    def sideways(man: int) -> float:
        pushes = []
        for dx, dy in around:
            sources = [disc(dx, dy, k) for k in range(3)]
            force, _ = magpy.getFT(sources, disc(0.0, 0.0, man), meshing=mesh)
            pushes.append(np.asarray(force).reshape(-1, 3).sum(axis=0)[:2])
        best = 0.0
        for k in range(16):  # each neighbour of the side that pushes this way
            u = np.array([math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)])
            best = max(best, sum(abs(float(np.dot(p, u))) for p in pushes))
        return best

    magnet = math.pi * (d.magnet_diameter / 2) ** 2 * d.magnet_thickness
    body = math.pi * (MAN_DIAMETER / 2) ** 2 * d.man_height - magnet
    weight = (magnet * NEODYMIUM + body * ACRYLIC) / 1000 * 9.81 / 1000
    force_height = d.magnet_lift + d.magnet_thickness / 2
    pull, _ = magpy.getFT([disc(0.0, 0.0, 0)], disc(0.0, 0.0, 1), meshing=mesh)
    cling = abs(float(np.asarray(pull).reshape(-1)[2]))
    return Forces(push=sideways(0), wall=weight * (MAN_DIAMETER / 2) / force_height,
                  dish=weight * 2 * 1.0 / (MAN_DIAMETER / 2), cling=cling,
                  upper_push=sideways(2), upper_hold=FRICTION * (cling + weight))
