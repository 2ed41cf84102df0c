"""A simulated Hall board: men stacked on squares, and each square's sensor read as an ADC count.

Each man placed is one of the board's men: its magnet's strength is drawn once (+-10%, seeded),
and a stack's men keep theirs as they are moved. A sensor's reading is the field of every man on
the board (``sim.board.hall_field``, magpylib) through a DRV5055 of its own offset and
sensitivity (each a little off nominal), drifting slowly with the room's temperature, with
noise on every read. A sensor may be fitted wrong to try calibration: ``missing`` (the channel's
pull-down reads 0) or ``reversed`` (mounted upside down: north reads as south); or go wrong
later, in play: ``missing`` (a wire come loose) or ``stuck`` at one reading. A man may be held
just above a square (``hold``): a hand is never quite still, so he wobbles as he is read.

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
from sim.board.hall_field import GUIDE, Design, Field, Magnet, Tolerances

WOBBLE = 0.4
"""Millimetres a held man wobbles up and down as he is read: no hand is still."""


@dataclass
class SimChannel:
    """One square's sensor, as the driver reads it (``raw_value``)."""

    hall: SimHall
    square: str
    offset: float
    gain: float
    missing: bool = False
    reversed: bool = False
    stuck: int | None = None
    """A sensor gone wrong that reads this, and nothing else."""

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
    held: dict[str, tuple[float, float]] = field(default_factory=dict)
    """A man held above a square: his signed strength and how high above the men there (mm);
    he wobbles as a hand does."""
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

    def afresh(self) -> None:
        """Start the readings' noise afresh (after calibration: a board read the same way
        whether its calibration was worked out now or before)."""
        self._noise = random.Random(self.seed ^ 0x5A)

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
            total += sum(man * parts[i] for i, man in enumerate(men[:4]))
        for square, (man, above) in self.held.items():
            wobble = self._noise.uniform(-WOBBLE, WOBBLE)
            total += man * self.field.bz(sensor, [Magnet(square, len(self.stacks[square]), 1,
                                                         hover=max(0.0, above + wobble))])
        return total

    def hold(self, square: str, man: float, above: float) -> None:
        """Hold ``man`` ``above`` mm over the men on ``square`` (0: just touching them)."""
        self.held[square] = (man, above)

    def let_go(self, square: str) -> float:
        """Take the man held over ``square`` away; returns him."""
        man, _ = self.held.pop(square)
        return man

    def read(self, channel: SimChannel) -> int:
        """The ADC count of ``channel`` now."""
        if channel.missing:
            return 0
        if channel.stuck is not None:
            return channel.stuck
        bz = self.bz(channel.square) * (-1 if channel.reversed else 1)
        value = (channel.offset + self.temperature * self.drift_per_degree
                 + channel.gain * bz * self.design.counts_per_mt
                 + self._noise.gauss(0.0, self.design.noise))
        return max(0, min(self.config.full_scale, round(value)))


_CALIBRATED: dict[tuple[object, ...], Levels] = {}
"""Calibrations worked out, by board and seed: a simulated board's sensors are the same for
the same seed, so a test that builds many tables calibrates each board once."""


def calibrated(hall: SimHall, stacks: bool, reads: int = 24) -> Levels:
    """The simulated board calibrated as ``aseb calibrate`` does it, with middling men, the
    hand's pace left out: the empty board read ``reads`` times, then each step on each square
    (stacks of three where the game ``stacks``)."""
    key = (tuple(sorted(hall.config.channels.items())), tuple(sorted(hall.positions.items())),
           hall.seed, hall.design, hall.tolerances, stacks, reads, hall.temperature,
           tuple((c.missing, c.reversed, c.stuck, c.gain) for c in hall.channels.values()))
    known = _CALIBRATED.get(key)
    if known is not None:
        hall.afresh()
        return known
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
    levels = fit(hall.config, empty, placed)
    _CALIBRATED[key] = levels
    hall.afresh()
    return levels
