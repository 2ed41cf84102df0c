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
from functools import cache

import numpy as np
import numpy.typing as npt

from hardware.boards.hall_file import HallConfig
from hardware.sensors.hall_levels import Levels
from sim.board.hall_field import Design, Field

Array = npt.NDArray[np.float64]
TEMPCO = 0.0012
"""Per kelvin: a DRV5055's sensitivity rises this much to make up for the magnets' weakening;
where the men and the sensors are not at one temperature the two no longer cancel."""
HIGH = 3
"""Men a square holds at most."""


@dataclass(frozen=True)
class Tolerances:
    """How far a built board and its men may stray from the design: what the build guide
    promises (``docs/build/hall.md``)."""

    strength: float = 0.03
    """A man's magnet against the middle of its set, either way (calibration refuses more)."""
    off_centre: float = 1.0
    """Millimetres a man may rest from its square's centre (the recess's play)."""
    lift: float = 0.1
    """Millimetres a whole stack may rest above the recess's floor (dust, a warped square)."""
    play: float = 0.1
    """Millimetres between two men of a stack (neither quite flat)."""
    thickness: float = 0.1
    """Millimetres a man's thickness may stray, either way."""
    seat: float = 0.1
    """Millimetres a magnet's seat in its pocket may stray, either way."""
    temperature: float = 10.0
    """Kelvin the sensors may stand warmer or cooler than the men."""
    drift: float = 4.0
    """Counts an empty reading may have drifted since it was last followed."""
    sensor_place: float = 0.5
    """Millimetres a sensor may sit off its square's centre."""


OLD_GUIDE = Tolerances(strength=0.10, off_centre=2.0, lift=0.0, play=0.0,
                       thickness=0.0, seat=0.0, temperature=0.0, sensor_place=0.0)
"""What the guide promised before the counting was made to survive a build: magnets within
10 %, a man within 2 mm of centre, the rest left out."""


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
    """Boards calibration refused for a reason no spare man mends."""
    examples: tuple[str, ...] = ()

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.boards + other.boards, self.squares + other.squares,
                     self.misread + other.misread, self.stacks + other.stacks,
                     self.stacks_misread + other.stacks_misread,
                     self.sides_misread + other.sides_misread, self.refused + other.refused,
                     (self.examples + other.examples)[:5])


@cache
def disc_table(design: Design, reach: float) -> tuple[Array, Array, Array]:
    """Bz in mT of a nominal north-up magnet at a sensor ``rho`` mm aside and ``z`` mm below
    its lower face, on a grid (rho, z, values) out to ``reach`` mm."""
    rho = np.arange(0.0, reach + 1.0, 0.25)
    z = np.arange(design.height(0) - 2.0, design.height(HIGH - 1) + 3.0, 0.05)
    r, h = np.meshgrid(rho, z, indexing="ij")
    values = Field(design, {}).unit(r, np.zeros_like(r), h)
    return rho, z, np.asarray(values, dtype=np.float64)


def interpolate(table: tuple[Array, Array, Array], rho: Array, z: Array) -> Array:
    """Bz from ``disc_table`` at each (rho, z), bilinear between the grid's points."""
    grid_rho, grid_z, values = table
    step_rho = grid_rho[1] - grid_rho[0]
    step_z = grid_z[1] - grid_z[0]
    fr = np.clip((rho - grid_rho[0]) / step_rho, 0, len(grid_rho) - 1.000001)
    fz = np.clip((z - grid_z[0]) / step_z, 0, len(grid_z) - 1.000001)
    i = fr.astype(np.intp)
    j = fz.astype(np.intp)
    a = fr - i
    b = fz - j
    return np.asarray((values[i, j] * (1 - a) * (1 - b) + values[i + 1, j] * a * (1 - b)
                       + values[i, j + 1] * (1 - a) * b + values[i + 1, j + 1] * a * b),
                      dtype=np.float64)


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
                 warmth: Array, drift: Array, reads: int = 1) -> Array:
        """ADC counts of every sensor for boards of men ``[board, square, man]`` (``poles``
        0 where no man stands), ``warmth`` the sensors' kelvin above the men, ``drift`` the
        counts their offsets have drifted (``[board, sensor]``); the mean of ``reads``."""
        dx = x[:, None, :, :] - self.sensors[None, :, 0, None, None]
        dy = y[:, None, :, :] - self.sensors[None, :, 1, None, None]
        rho = np.hypot(dx, dy)
        bz = interpolate(self.table, rho, np.broadcast_to(z[:, None, :, :], rho.shape))
        mt = np.sum(bz * (poles * strength)[:, None, :, :], axis=(2, 3))
        d = self.design
        mt = np.clip(mt, -d.linear_range * 1.2, d.linear_range * 1.2)
        gain = self.gains[None, :] * (1 + TEMPCO * warmth)
        value = self.offsets[None, :] + drift + gain * mt * d.counts_per_mt
        noise = self.rng.normal(0.0, d.noise, (reads, *value.shape)).mean(axis=0)
        return np.asarray(np.clip(np.round(value + noise), 0, d.full_scale), dtype=np.float64)

    def placed(self, counts: Array, chosen: Array | None = None) -> tuple[Array, ...]:
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

    def read(self, counts: Array, reads: int = 1, drift: bool = True,
             chosen: Array | None = None) -> Array:
        """Every sensor's reading for boards of ``counts``, men within the tolerances, the
        sensors warmer or cooler than the men and drifted (``drift``)."""
        t = self.tolerances
        boards, squares = counts.shape
        warmth = self.rng.uniform(-t.temperature, t.temperature, (boards, squares))
        drifted = self.rng.uniform(-t.drift, t.drift, (boards, squares)) if drift else \
            np.zeros((boards, squares))
        return self.readings(*self.placed(counts, chosen), warmth, drifted, reads)


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
    tolerances: Tolerances = field(default_factory=Tolerances)
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

    def _calibrated(self, built: Built, spares: int = 40) -> Levels | None:
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
        """How the real counting reads ``counts`` on ``built``."""
        read = built.read(counts)
        squares = misread = stacks = stacks_misread = sides = 0
        examples: list[str] = []
        for b in range(len(counts)):
            found = levels.counts({s: float(read[b, i]) for i, s in enumerate(self.squares)})
            for i, s in enumerate(self.squares):
                truth = int(counts[b, i])
                got = found[s]
                squares += 1
                stacked = abs(truth) >= 2
                stacks += stacked
                if got != truth:
                    misread += 1
                    stacks_misread += stacked
                    sides += got * truth < 0
                    if len(examples) < 3:
                        examples.append(f"{s}: {truth:+d} read as {got:+d}")
        return Tally(len(counts), squares, misread, stacks, stacks_misread, sides,
                     examples=tuple(examples))


def rate(misread: int, of: int) -> str:
    """A misread rate in words: ``0 of 312,000 (under 1 in 104,000 at 95 %)``."""
    if not of:
        return "none read"
    if not misread:
        return f"0 of {of:,} (under 1 in {math.floor(of / 3):,} at 95 %)"
    return f"{misread:,} of {of:,} (1 in {of / misread:,.0f})"
