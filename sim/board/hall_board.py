"""A simulated Hall board: men stacked on squares, and each square's sensor read as an ADC count.

Each man placed is one of the board's men: its magnet's strength is drawn once (+-10%, seeded),
and a stack's men keep theirs as they are moved. A sensor's reading is the field of every man on
the board (``sim.board.hall_field``, magpylib) through a DRV5055 of its own offset and
sensitivity (each a little off nominal), drifting slowly with the room's temperature, with
noise on every read. A sensor may be fitted wrong to try calibration: ``missing`` (the channel's
pull-down reads 0) or ``reversed`` (mounted upside down: north reads as south).

    hall = SimHall(board.hall, STACKS_POSITION, seed=1)
    hall.put("C1", +1)           # a Cone on C1
    hall.channels["C1"].raw_value
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field

from hardware.boards.hall_file import HallConfig
from hardware.sensors.hall_calibration import fit, steps_for
from hardware.sensors.hall_levels import Levels
from sim.board.hall_field import GUIDE, Design, Field, Tolerances


@dataclass
class SimChannel:
    """One square's sensor, as the driver reads it (``raw_value``)."""

    hall: SimHall
    square: str
    offset: float
    gain: float
    missing: bool = False
    reversed: bool = False

    @property
    def raw_value(self) -> int:
        """The count the ADC reads now."""
        return self.hall.read(self)

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class SimHall:
    """The men on a simulated Hall board and its sensors."""

    config: HallConfig
    positions: Mapping[str, tuple[int, int]]
    seed: int = 0
    design: Design = field(default_factory=Design)
    tolerances: Tolerances = GUIDE
    stacks: dict[str, list[float]] = field(default_factory=dict)
    """Each square's men, lowest first, as their strengths with their pole's sign."""
    held: dict[str, float] = field(default_factory=dict)
    """A man held above a square: its signed strength (it reads as it nears the square)."""
    temperature: float = 0.0
    """Degrees away from the room the board was calibrated in: the sensors' offsets drift."""
    drift_per_degree: float = 0.4
    """Counts an empty reading moves per degree (about a DRV5055's quiescent drift)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._noise = random.Random(self.seed ^ 0xA5)
        self.field = Field(self.design, self.positions)
        middle = self.config.full_scale / 2
        self.channels = {
            square: SimChannel(self, square, middle + self._rng.uniform(-20, 20),
                               self._rng.uniform(0.95, 1.05))
            for square in self.positions}
        self.stacks = {square: [] for square in self.positions}
        self._fields: dict[str, float] = {}
        """Each sensor's field for the men as they stand (worked out again after a change)."""

    def man(self, pole: int) -> float:
        """A new man of side ``pole`` (+1 Cones, -1 Reels): its signed strength."""
        spread = self.tolerances.strength
        return pole * self._rng.uniform(1 - spread, 1 + spread)

    def put(self, square: str, count: int, strength: float | None = None) -> None:
        """Set ``abs(count)`` new men of the side of ``count``'s sign on ``square`` (of
        ``strength``, or each drawn within the spread)."""
        pole = 1 if count > 0 else -1
        for _ in range(abs(count)):
            self.place(square, self.man(pole) if strength is None else pole * strength)

    def place(self, square: str, man: float) -> None:
        """Set ``man`` on top of ``square``'s stack."""
        self.stacks[square].append(man)
        self._fields.clear()

    def lift(self, square: str) -> float:
        """Take the top man off ``square``; returns it."""
        self._fields.clear()
        return self.stacks[square].pop()

    def count(self, square: str) -> int:
        """The signed count of men on ``square``."""
        men = self.stacks[square]
        return int(math.copysign(len(men), men[0])) if men else 0

    def counts(self) -> dict[str, int]:
        """Every square's signed count."""
        return {square: self.count(square) for square in self.stacks}

    def clear(self) -> None:
        """Sweep every man off the board."""
        for men in self.stacks.values():
            men.clear()
        self._fields.clear()

    def restore(self, stacks: dict[str, list[float]]) -> None:
        """Set the men back as ``stacks`` had them (after calibration swept them off)."""
        for square, men in stacks.items():
            self.stacks[square] = list(men)
        self._fields.clear()

    def bz(self, sensor: str) -> float:
        """The field at ``sensor`` in mT from every man on the board."""
        if not self.held:
            known = self._fields.get(sensor)
            if known is None:
                known = self._fields[sensor] = self._bz(sensor)
            return known
        return self._bz(sensor)

    def _bz(self, sensor: str) -> float:
        table = self.field.table
        total = 0.0
        for square, men in self.stacks.items():
            parts = table[sensor, square]
            total += sum(man * parts[i] for i, man in enumerate(men[:3]))
        for square, man in self.held.items():
            total += man * table[sensor, square][len(self.stacks[square])] * 0.5
        return total

    def read(self, channel: SimChannel) -> int:
        """The ADC count of ``channel`` now."""
        if channel.missing:
            return 0
        bz = self.bz(channel.square) * (-1 if channel.reversed else 1)
        value = (channel.offset + self.temperature * self.drift_per_degree
                 + channel.gain * bz * self.design.counts_per_mt
                 + self._noise.gauss(0.0, self.design.noise))
        return max(0, min(self.config.full_scale, round(value)))


def calibrated(hall: SimHall, stacks: bool, reads: int = 24) -> Levels:
    """The simulated board calibrated as ``aseb calibrate`` does it, with middling men, the
    hand's pace left out: the empty board read ``reads`` times, then each step on each square
    (stacks of three where the game ``stacks``)."""
    empty = {s: [float(c.raw_value) for _ in range(reads)] for s, c in hall.channels.items()}
    kept = {square: list(men) for square, men in hall.stacks.items()}
    hall.clear()
    placed = {}
    for square in hall.channels:
        for count in steps_for(stacks):
            hall.put(square, count, strength=1.0)
            placed[square, count] = {s: statistics.fmean(float(c.raw_value) for _ in range(4))
                                     for s, c in hall.channels.items()}
            hall.clear()
    hall.restore(kept)
    return fit(hall.config, empty, placed)
