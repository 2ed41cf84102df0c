"""The misread rate of a Hall board, by trial: boards built within the guide's tolerances, each
calibrated as ``aseb calibrate`` does it and through the real fit, then random positions of a
game's men read through the real counting (``hardware.sensors.hall_levels``).

Every man of a set has its own magnet (strength, seat in its pocket) and thickness; every man
set down rests within the square's recess, a stack on the men beneath with some play; every
sensor has its own offset, gain and place under its square, and may stand warmer or cooler than
the men. The field of every magnet at every sensor comes from magpylib, kept in a table of the
disc's field by distance and height (it is round, so that is all it depends on).

    trials = Trials(board, Tolerances())
    found = trials.run(boards=2000, seed=1)
    found.stacks_misread, found.stacks     # stacks of two or three read as another count
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from hardware.boards.hall_file import HallConfig
from hardware.sensors.hall_levels import Levels
from sim.board.hall_field import (
    GUIDE,
    TEMPCO,
    Array,
    Design,
    Tolerances,
    disc_table,
    interpolate,
)

HIGH = 3
"""Men a square holds at most."""
SPARES = 40
"""Spare men a person takes from the box before giving up on a set."""
Picks = npt.NDArray[np.intp]
"""Which man of his side's set stands in each place, ``[board, square, man]``."""


@dataclass(frozen=True)
class Tally:
    """What the trials read: squares and stacks, and how many of each were misread."""

    boards: int = 0
    squares: int = 0
    misread: int = 0
    stacks: int = 0
    """Stacks of two or three men read."""
    stacks_misread: int = 0
    sides_misread: int = 0
    """Squares read as holding the other side's men."""
    refused: int = 0
    """Boards calibration refused for a reason no spare man mends, or for which more than
    ``SPARES`` spare men were asked."""
    closest: float = math.inf
    """The least room, in counts, any stack of two or three read right had to its
    threshold."""
    examples: tuple[str, ...] = ()

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.boards + other.boards, self.squares + other.squares,
                     self.misread + other.misread, self.stacks + other.stacks,
                     self.stacks_misread + other.stacks_misread,
                     self.sides_misread + other.sides_misread, self.refused + other.refused,
                     min(self.closest, other.closest), (self.examples + other.examples)[:5])


@dataclass
class Men:
    """One side's set of men: each one's magnet strength, its seat, and its thickness."""

    strength: Array
    seat: Array
    thickness: Array

    @classmethod
    def drawn(cls, n: int, tolerances: Tolerances, rng: np.random.Generator) -> Men:
        """A set of ``n`` men within the tolerances."""
        return cls(1 + rng.uniform(-tolerances.strength, tolerances.strength, n),
                   rng.uniform(-tolerances.seat, tolerances.seat, n),
                   rng.uniform(-tolerances.thickness, tolerances.thickness, n))


@dataclass
class Built:
    """One board as built: its sensors (place, offset, gain, temperature) and its two sets of
    men, and the noise of one reading."""

    design: Design
    tolerances: Tolerances
    centres: Array
    """Each square's centre, mm, in the order of the board file's squares."""
    sensors: Array
    offsets: Array
    gains: Array
    men: dict[int, Men]
    rng: np.random.Generator
    table: tuple[Array, Array, Array] = field(repr=False, default=(
        np.zeros(1), np.zeros(1), np.zeros((1, 1))))

    @classmethod
    def drawn(cls, design: Design, tolerances: Tolerances, positions: Array, men: int,
              rng: np.random.Generator) -> Built:
        """A board built from ``design`` within ``tolerances``: squares at ``positions`` (row,
        column), ``men`` a side."""
        centres = positions[:, ::-1] * design.pitch
        angle = rng.uniform(0, 2 * np.pi, len(centres))
        off = tolerances.sensor_place * np.sqrt(rng.uniform(0, 1, len(centres)))
        sensors = centres + np.stack([off * np.cos(angle), off * np.sin(angle)], axis=1)
        middle = design.full_scale / 2
        span = np.ptp(centres, axis=0)
        reach = float(np.hypot(*span)) + 10
        return cls(design, tolerances, centres, sensors,
                   middle + rng.uniform(-20, 20, len(centres)), rng.uniform(0.95, 1.05,
                                                                           len(centres)),
                   {1: Men.drawn(men, tolerances, rng), -1: Men.drawn(men, tolerances, rng)},
                   rng, disc_table(design, reach))

    def readings(self, poles: Array, strength: Array, x: Array, y: Array, z: Array,
                 warmth: Array, drift: Array) -> Array:
        """What every sensor would read, noise left out, for boards of men ``[board, square,
        man]`` (``poles`` 0 where no man stands), ``warmth`` the sensors' kelvin above the men,
        ``drift`` the counts their offsets have drifted (``[board, sensor]``)."""
        dx = x[:, None, :, :] - self.sensors[None, :, 0, None, None]
        dy = y[:, None, :, :] - self.sensors[None, :, 1, None, None]
        rho = np.hypot(dx, dy)
        bz = interpolate(self.table, rho, np.broadcast_to(z[:, None, :, :], rho.shape))
        mt = np.sum(bz * (poles * strength)[:, None, :, :], axis=(2, 3))
        d = self.design
        mt = np.clip(mt, -d.linear_range * 1.2, d.linear_range * 1.2)
        gain = self.gains[None, :] * (1 + TEMPCO * warmth)
        return np.asarray(self.offsets[None, :] + drift + gain * mt * d.counts_per_mt,
                          dtype=np.float64)

    def noisy(self, exact: Array, reads: int = 1) -> Array:
        """ADC counts: ``exact`` readings with the noise of one read (the mean of ``reads``)."""
        d = self.design
        noise = self.rng.normal(0.0, d.noise / math.sqrt(reads), exact.shape)
        return np.asarray(np.clip(np.round(exact + noise), 0, d.full_scale), dtype=np.float64)

    def placed(self, counts: Array, chosen: Picks | None = None
               ) -> tuple[Array, Array, Array, Array, Array]:
        """Where the men of boards of ``counts`` (signed, ``[board, square]``) rest: poles,
        strengths, x, y, z (``[board, square, man]``); each side's men drawn from its set
        without repeats (``chosen``: given men, ``[board, square, man]`` indices)."""
        t = self.tolerances
        rng = self.rng
        boards, squares = counts.shape
        shape = (boards, squares, HIGH)
        level = np.arange(HIGH)[None, None, :]
        poles = np.where(level < np.abs(counts)[:, :, None], np.sign(counts)[:, :, None], 0.0)
        if chosen is None:
            chosen = np.zeros(shape, dtype=np.intp)
            for side in (1, -1):
                n = len(self.men[side].strength)
                mine = poles == side
                for b in range(boards):
                    k = int(mine[b].sum())
                    chosen[b][mine[b]] = rng.permutation(n)[:k]
        strength = np.ones(shape)
        seat = np.zeros(shape)
        thick = np.zeros(shape)
        for side in (1, -1):
            mine = poles == side
            men = self.men[side]
            strength[mine] = men.strength[chosen[mine]]
            seat[mine] = men.seat[chosen[mine]]
            thick[mine] = men.thickness[chosen[mine]]
        angle = rng.uniform(0, 2 * np.pi, shape)
        off = t.off_centre * np.sqrt(rng.uniform(0, 1, shape))
        x = self.centres[None, :, 0, None] + off * np.cos(angle)
        y = self.centres[None, :, 1, None] + off * np.sin(angle)
        d = self.design
        each = d.man_height + thick + rng.uniform(0, t.play, shape)  # a man and the gap over it
        below = np.cumsum(each, axis=2) - each  # the men under each one
        z = (d.sensor_depth + d.board_thickness + d.magnet_lift + seat + below
             + rng.uniform(0, t.lift, (boards, squares, 1)))
        return poles, strength, x, y, z

    def exact(self, counts: Array, drift: bool = True, chosen: Picks | None = None) -> Array:
        """Every sensor's reading for boards of ``counts``, noise left out: men within the
        tolerances, the sensors warmer or cooler than the men and drifted (``drift``)."""
        t = self.tolerances
        boards, squares = counts.shape
        warmth = self.rng.uniform(-t.temperature, t.temperature, (boards, squares))
        drifted = self.rng.uniform(-t.drift, t.drift, (boards, squares)) if drift else \
            np.zeros((boards, squares))
        poles, strength, x, y, z = self.placed(counts, chosen)
        return self.readings(poles, strength, x, y, z, warmth, drifted)

    def read(self, counts: Array, reads: int = 1, drift: bool = True,
             chosen: Picks | None = None) -> Array:
        """Every sensor's reading for boards of ``counts`` (``exact``), with noise."""
        return self.noisy(self.exact(counts, drift, chosen), reads)


Calibrate = Callable[[Built, HallConfig, tuple[str, ...], bool], Levels]


def calibrate_built(built: Built, config: HallConfig, squares: tuple[str, ...],
                    stacks: bool) -> Levels:
    """The board calibrated as ``aseb calibrate`` does it, through the real fit: the empty
    board; every man of each side in turn on the first square; then each step on each square
    with the men a person calibrates with (the first measured)."""
    from hardware.sensors.hall_calibration import CALIBRATING, fit, steps_for

    n = len(squares)
    empty_reads = built.read(np.zeros((24, n)), drift=False)
    empty = {s: [float(v) for v in empty_reads[:, i]] for i, s in enumerate(squares)}
    men: dict[int, list[float]] = {}
    for side in (1, -1):
        count = len(built.men[side].strength)
        alone = np.zeros((count, n))
        alone[:, 0] = side
        chosen = np.zeros((count, n, HIGH), dtype=np.intp)
        chosen[:, 0, 0] = np.arange(count)
        men[side] = [float(v) for v in built.read(alone, reads=4, drift=False,
                                                  chosen=chosen)[:, 0]]
    steps = steps_for(stacks)
    counts = np.zeros((n * len(steps), n))
    chosen = np.zeros((n * len(steps), n, HIGH), dtype=np.intp)
    calibrating = np.arange(HIGH) % CALIBRATING[stacks]
    for i, _ in enumerate(squares):
        for k, count in enumerate(steps):
            counts[i * len(steps) + k, i] = count
            chosen[i * len(steps) + k, i, :] = calibrating
    read = built.read(counts, reads=4, drift=False, chosen=chosen)
    placed = {(s, count): {j: float(read[i * len(steps) + k, m]) for m, j in enumerate(squares)}
              for i, s in enumerate(squares) for k, count in enumerate(steps)}
    return fit(config, empty, placed, men)


def positions(squares: int, men: int, high: int, boards: int,
              rng: random.Random) -> Array:
    """``boards`` random positions of a game's men (``men`` a side, at most ``high`` on a
    square, one side's to a square), stacks of two and three as likely as single men."""
    found = np.zeros((boards, squares))
    heights = (1, 2, 3)[:high]
    for b in range(boards):
        left = {1: men, -1: men}
        for square in rng.sample(range(squares), squares):
            if rng.random() < 0.3:
                continue
            side = rng.choice((1, -1))
            n = min(rng.choice(heights), left[side])
            left[side] -= n
            found[b, square] = side * n
    return found


@dataclass
class Trials:
    """Boards of ``design`` built within ``tolerances`` and their readings judged."""

    config: HallConfig
    squares: tuple[str, ...]
    grid: Mapping[str, tuple[int, int]]
    men: int
    high: int
    design: Design = field(default_factory=Design)
    tolerances: Tolerances = GUIDE
    calibrate: Calibrate = calibrate_built

    def run(self, builds: int, boards: int, seed: int = 0) -> Tally:
        """``builds`` boards built, each calibrated and then read in ``boards`` positions."""
        total = Tally()
        rng = random.Random(seed)
        places = np.array([self.grid[s] for s in self.squares], dtype=np.float64)
        for build in range(builds):
            generator = np.random.default_rng([seed, build])
            built = Built.drawn(self.design, self.tolerances, places, self.men, generator)
            levels = self._calibrated(built)
            if levels is None:
                total += Tally(refused=1)
                continue
            total += self.judged(built, levels, positions(len(self.squares), self.men,
                                                          self.high, boards, rng))
        return total

    def _calibrated(self, built: Built, spares: int = SPARES) -> Levels | None:
        """The board calibrated, each man the calibration refuses replaced by a spare from the
        same batch, as a person does; None when it is refused for another reason."""
        from hardware.sensors.hall_calibration import CalibrationRefused

        for _ in range(spares):
            try:
                return self.calibrate(built, self.config, self.squares, self.high > 1)
            except CalibrationRefused as refused:
                if refused.man is None:
                    return None
                side, number = refused.man
                spare = Men.drawn(1, self.tolerances, built.rng)
                men = built.men[side]
                for kept, new in ((men.strength, spare.strength), (men.seat, spare.seat),
                                  (men.thickness, spare.thickness)):
                    kept[number - 1] = new[0]
        return None

    def judged(self, built: Built, levels: Levels, counts: Array) -> Tally:
        """How the real counting reads ``counts`` on ``built``, and the least room a stack
        read right had to its threshold."""
        read = built.read(counts)
        squares = misread = stacks = stacks_misread = sides = 0
        closest = math.inf
        examples: list[str] = []
        for b in range(len(counts)):
            found = levels.read({s: float(read[b, i]) for i, s in enumerate(self.squares)})
            for i, s in enumerate(self.squares):
                truth = int(counts[b, i])
                got = found[s].count
                squares += 1
                stacked = abs(truth) >= 2
                stacks += stacked
                if stacked and got == truth:
                    closest = min(closest, found[s].room)
                if got != truth:
                    misread += 1
                    stacks_misread += stacked
                    sides += got * truth < 0
                    if len(examples) < 3:
                        examples.append(f"{s}: {truth:+d} read as {got:+d}")
        return Tally(len(counts), squares, misread, stacks, stacks_misread, sides,
                     closest=closest, examples=tuple(examples))


def rate(misread: int, of: int) -> str:
    """A misread rate in words: ``0 of 312,000 (under 1 in 104,000 at 95 %)``."""
    if not of:
        return "none read"
    if not misread:
        return f"0 of {of:,} (under 1 in {math.floor(of / 3):,} at 95 %)"
    return f"{misread:,} of {of:,} (1 in {of / misread:,.0f})"
