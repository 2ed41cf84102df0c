"""The magnetic field a Hall board's sensors read, from real magnets (magpylib).

Every man carries a disc magnet in its base, Cones north up and Reels south up; a square's sensor
sits under the board, below the square's centre, and reads the field across its face (Bz, up
positive). Men stack straight up, one man's height apart. The field of every magnet at every
sensor is worked out by magpylib from the magnet's size, grade and place; the sensor turns it
into ADC counts as a ratiometric DRV5055 on a 3.3 V supply read by a 12-bit ADC does.

    design = Design()
    field = Field(design, STACKS_POSITION)
    field.bz("M9", [Magnet("M9", 0, +1), Magnet("M8", 0, -1)])   # millitesla at M9's sensor
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from firmware.words.extras import needs
from hardware.boards.hall_file import BUILT


def magpylib() -> Any:
    """magpylib, imported only when a field is worked out (the dev extra, or the physics one)."""
    try:
        import magpylib as magpy
    except ImportError as e:
        raise ImportError(needs("the simulated Hall board", "physics", e)) from e
    return magpy


@dataclass(frozen=True)
class Design:
    """The Hall board the guide builds, in millimetres, tesla and counts; every figure of the
    margin benchmark (``tests/benchmarks/hall_margin.py``) is for this design."""

    magnet_diameter: float = BUILT.magnet_diameter
    magnet_thickness: float = BUILT.magnet_thickness
    remanence: float = 1.32
    """N42 neodymium (1.29-1.32 T)."""
    man_height: float = BUILT.man_height
    """A man is a disc this thick (``hardware.boards.hall_file.HallBuild``), its magnet in a
    pocket under it: thin men keep the third man of a stack close to the first."""
    magnet_lift: float = BUILT.magnet_lift
    """The magnet's lower face above the man's base (the pocket's floor is its top)."""
    board_thickness: float = BUILT.wood
    """The wood between a man's base and the sensor board under it: far enough that the three
    men of a stack read nearly alike, near enough that one man reads well."""
    sensor_depth: float = 1.0
    """The Hall element below the board's underside (inside the SOT-23 package)."""
    pitch: float = 50.0
    """The distance between two squares' centres (a neighbour's full stack leaks in little)."""
    sensitivity: float = 30.0
    """mV per mT: a DRV5055A2 on 3.3 V (50 mV/mT on 5 V, ratiometric), +-42 mT linear."""
    linear_range: float = 42.0
    """mT either way the sensor stays linear."""
    supply: float = 3.3
    bits: int = 12
    hover: float = 2.0
    """How high a man may be held above where it rests (being set down or lifted)."""
    noise: float = 1.5
    """Standard deviation of one reading, in counts (the sensor's and the ADC's)."""

    @property
    def full_scale(self) -> int:
        """The largest count (the supply rail)."""
        return (1 << self.bits) - 1

    @property
    def counts_per_mt(self) -> float:
        """ADC counts per millitesla at the sensor."""
        return self.sensitivity / 1000 / self.supply * (1 << self.bits)

    def height(self, man: int, hover: float = 0.0) -> float:
        """How far above the sensor the lower face of the ``man``-th man's magnet (0: the
        lowest) is."""
        return (self.sensor_depth + self.board_thickness + self.magnet_lift
                + man * self.man_height + hover)


@dataclass(frozen=True)
class Tolerances:
    """How far a built board and its men may stray from the design: what the build guide
    promises (``docs/build/hall.md``), each either way unless said."""

    strength: float = 0.03
    """A man's magnet against the middle of its set (calibration refuses one further off)."""
    off_centre: float = BUILT.play
    """Millimetres a man may rest from its square's centre: a flat-bottomed recess 2 mm wider
    than a man (``HallBuild.recess_diameter``)."""
    lift: float = 0.1
    """Millimetres a whole stack may rest above the recess's floor (dust, a warped square)."""
    play: float = 0.1
    """Millimetres between two men of a stack (neither quite flat)."""
    thickness: float = 0.1
    """Millimetres a man's thickness may stray."""
    seat: float = 0.1
    """Millimetres a magnet's seat in its pocket may stray."""
    temperature: float = 10.0
    """Kelvin the sensors may stand warmer or cooler than the men."""
    drift: float = 4.0
    """Counts an empty reading may have drifted since it was last followed."""
    sensor_place: float = 0.5
    """Millimetres a sensor may sit off its square's centre."""
    calibration: float = 0.01
    """The share a calibrated level may be off for a middling man's (the men measured, each
    set down within these tolerances)."""


TEMPCO = 0.0012
"""Per kelvin: a DRV5055's sensitivity rises this much to make up for the magnets' weakening;
where the men and the sensors are not at one temperature the two no longer cancel."""
GUIDE = Tolerances()
OLD_GUIDE = Tolerances(strength=0.10, off_centre=2.0, lift=0.0, play=0.0, thickness=0.0,
                       seat=0.0, temperature=0.0, sensor_place=0.0, calibration=0.0)
"""What the guide promised before the counting was made to survive a build: magnets within
10 %, a man within 2 mm of centre (a 1 mm dish), the rest left out."""


@dataclass(frozen=True)
class Magnet:
    """One man's magnet: on ``square``, ``man`` high in its stack (0: on the board), ``pole``
    +1 north up (a Cone) or -1 (a Reel), ``strength`` against the nominal, set off the square's
    centre by ``dx``, ``dy`` and held ``hover`` above its place."""

    square: str
    man: int
    pole: int
    strength: float = 1.0
    dx: float = 0.0
    dy: float = 0.0
    hover: float = 0.0


class Field:
    """The sensors of a board of squares at ``positions`` ((row, column)) under ``design``."""

    def __init__(self, design: Design, positions: Mapping[str, tuple[int, int]]) -> None:
        self.design = design
        self.centres = {square: (column * design.pitch, row * design.pitch)
                        for square, (row, column) in positions.items()}

    def unit(self, dx: npt.ArrayLike, dy: npt.ArrayLike, dz: npt.ArrayLike) -> npt.NDArray[
            np.float64]:
        """Bz in mT of one north-up nominal magnet whose lower face's centre is ``dx, dy, dz``
        (arrays) from a sensor."""
        magpy = magpylib()
        d = self.design
        x, y, z = np.broadcast_arrays(np.asarray(dx, float), np.asarray(dy, float),
                                      np.asarray(dz, float))
        # The magnet's centre is half its thickness above its lower face; the sensor sits at
        # minus that offset from it. Bz of an axial disc depends only on the sensor's distance
        # from its axis and its height: magpylib's own formula (Derby 2010) for a Cylinder's
        # getB, without getB's checks of a whole scene, which cost eight times as much a point.
        radius = d.magnet_diameter / 2
        off_axis = np.hypot(x, y).ravel() / radius
        height = -(z.ravel() + d.magnet_thickness / 2) / radius
        half = np.full(off_axis.shape, d.magnet_thickness / 2 / radius)
        b = d.remanence * np.asarray(magpy.core.magnet_cylinder_axial_Bfield(
            half, off_axis, height))[2] * 1000
        return np.asarray(b.reshape(x.shape), dtype=np.float64)

    def bz(self, sensor: str, magnets: Iterable[Magnet]) -> float:
        """Bz in mT at ``sensor`` from ``magnets``."""
        found = list(magnets)
        if not found:
            return 0.0
        sx, sy = self.centres[sensor]
        dx = [self.centres[m.square][0] + m.dx - sx for m in found]
        dy = [self.centres[m.square][1] + m.dy - sy for m in found]
        dz = [self.design.height(m.man, m.hover) for m in found]
        weights = np.array([m.pole * m.strength for m in found])
        return float(np.dot(self.unit(dx, dy, dz), weights))

    @cached_property
    def table(self) -> dict[tuple[str, str], tuple[float, ...]]:
        """Bz in mT at each sensor from a nominal north-up man centred on each square, for each
        man of a stack (the first to the fourth, one too many): worked out once for a board."""
        squares = list(self.centres)
        pairs = [(s, j) for s in squares for j in squares]
        dx = np.array([[self.centres[j][0] - self.centres[s][0]] * 4 for s, j in pairs])
        dy = np.array([[self.centres[j][1] - self.centres[s][1]] * 4 for s, j in pairs])
        dz = np.array([[self.design.height(i) for i in range(4)] for _ in pairs])
        values = self.unit(dx, dy, dz)
        return {pair: tuple(float(v) for v in row) for pair, row in zip(pairs, values,
                                                                          strict=True)}

    def shape(self) -> tuple[float, ...]:
        """What the first, second and third man of a stack add at their own square's sensor,
        against the first."""
        first = self.design.height(0)
        own = self.unit(0.0, 0.0, [first, self.design.height(1), self.design.height(2)])
        return tuple(float(v / own[0]) for v in own)


Array = npt.NDArray[np.float64]


@cache
def disc_table(design: Design, reach: float) -> tuple[Array, Array, Array]:
    """Bz in mT of a nominal north-up magnet at a sensor ``rho`` mm aside and ``z`` mm below
    its lower face, on a grid (rho, z, values) out to ``reach`` mm: a disc's field is round, so
    these two say it all."""
    rho = np.arange(0.0, reach + 1.0, 0.25)
    z = np.arange(design.height(0) - 2.0, design.height(3) + 3.0, 0.05)
    r, h = np.meshgrid(rho, z, indexing="ij")
    values = Field(design, {}).unit(r, np.zeros_like(r), h)
    return rho, z, np.asarray(values, dtype=np.float64)


def interpolate(table: tuple[Array, Array, Array], rho: npt.ArrayLike, z: npt.ArrayLike
                ) -> Array:
    """Bz from ``disc_table`` at each (rho, z), bilinear between the grid's points."""
    grid_rho, grid_z, values = table
    rho, z = np.broadcast_arrays(np.asarray(rho, float), np.asarray(z, float))
    fr = np.clip((rho - grid_rho[0]) / (grid_rho[1] - grid_rho[0]), 0, len(grid_rho) - 1.000001)
    fz = np.clip((z - grid_z[0]) / (grid_z[1] - grid_z[0]), 0, len(grid_z) - 1.000001)
    i = fr.astype(np.intp)
    j = fz.astype(np.intp)
    a = fr - i
    b = fz - j
    return np.asarray((values[i, j] * (1 - a) * (1 - b) + values[i + 1, j] * a * (1 - b)
                       + values[i, j + 1] * (1 - a) * b + values[i + 1, j + 1] * a * b),
                      dtype=np.float64)


def stack_bz(field: Field, sensor: str, stacks: Mapping[str, int],
             strengths: Mapping[str, Sequence[float]] | None = None) -> float:
    """Bz in mT at ``sensor`` from centred stacks (signed counts by square), each man of
    nominal strength unless ``strengths`` gives the square's men theirs, lowest first."""
    total = 0.0
    for square, count in stacks.items():
        if not count:
            continue
        pole = 1 if count > 0 else -1
        parts = field.table[sensor, square]
        for man in range(abs(count)):
            strength = strengths[square][man] if strengths and square in strengths else 1.0
            total += pole * strength * parts[man]
    return total
