"""From a Hall sensor's reading to the men on its square: a signed count, + Cones, - Reels.

Cones' magnets stand north up, Reels' south up, so under the board a Cone pushes the ratiometric
sensor's output above half the supply and a Reel below; more men push it further, each less than
the one under it (it is further away). Calibration (``aseb calibrate``) measured on every square
its empty reading, one man of each side, and a stack of three of each side, and what each of
those leaked into every other square's sensor (``crosstalk``): that is taken off, for the count
each square is read to hold, before a square is judged.

    levels = Levels.load(path, squares)
    levels.counts({"C1": 3012, "C2": 2049, ...})   # {"C1": 2, "C2": 0, ...}
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from hardware.core.errors import ConfigError, shown
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds, Unreadable, read_json

FORMAT = 1
"""The calibration file's format (a file of another is refused, to be calibrated again)."""
SHAPE = (1.0, 0.78, 0.62)
"""What the first, second and third man of a stack add to its square's field, against the
first, on the board the guide builds (``sim.board.hall_field.Field.shape``): calibration
measures one man and three, and places two between them in these proportions."""
SPREAD = 0.10
"""How much stronger or weaker than the men calibrated with any man's magnet may be."""
CALIBRATION = Bounds("calibration file", 1_000_000, depth=5, keys=20_000)
"""A calibration: 30 squares' levels and what each leaks into every other, for 1 to 3 men:
some 3,000 keys, a few hundred kilobytes."""
COUNTS = ("-3", "-2", "-1", "0", "1", "2", "3")
"""The counts a square's levels are kept for: three Reels to three Cones."""
PASSES = 2
"""Readings are judged again with what each neighbour is read to hold taken off."""

Crosstalk = Mapping[int, Mapping[str, Mapping[str, float]]]
"""``crosstalk[n][s][j]``: the share of square j's own change, with n men on it, that reaches
square s's sensor."""


def between(lower: float, upper: float, spread: float) -> float:
    """The threshold between two neighbouring levels (readings less the empty one, ``upper``
    the one further from empty): halfway between the strongest ``lower`` and the weakest
    ``upper`` when every magnet may be ``spread`` stronger or weaker."""
    return (lower * (1 + spread) + upper * (1 - spread)) / 2


def judge(levels: Mapping[int, float], reading: float, spread: float) -> int:
    """The signed count whose level ``reading`` (less the empty reading) falls in: past the
    threshold toward a level further from empty, that level."""
    found = 0
    for sign in (1, -1):
        for n in range(1, 4):
            if sign * n not in levels:
                break
            threshold = between(levels[sign * (n - 1)], levels[sign * n], spread)
            if sign * reading > sign * threshold:
                found = sign * n
    return found


@dataclass(frozen=True)
class SquareLevels:
    """One square's calibrated readings: ``empty``, and ``steps[n]`` the reading of ``n`` men
    (n = -3..3, minus for Reels; 0 is ``empty``)."""

    empty: float
    steps: Mapping[int, float]

    def count(self, reading: float, spread: float = SPREAD) -> int:
        """The number of men (signed) whose level the reading falls in (``judge``)."""
        relative = {n: v - self.empty for n, v in self.steps.items()}
        return judge(relative, reading - self.empty, spread)

    def step(self, count: int) -> float:
        """The reading of ``count`` men less the empty reading."""
        return self.steps[count] - self.empty


@dataclass(frozen=True)
class Levels:
    """Every square's calibrated levels, the crosstalk between squares, and the noise seen."""

    squares: Mapping[str, SquareLevels]
    crosstalk: Crosstalk = field(default_factory=lambda: MappingProxyType({}))
    noise: float = 1.0
    """The largest standard deviation of an empty square's reading, in counts."""
    spread: float = SPREAD

    def own(self, readings: Mapping[str, float],
            counts: Mapping[str, int] | None = None) -> dict[str, float]:
        """Each square's reading with what the other squares' men leak into it taken off,
        each as if it held ``counts`` (None: one man)."""
        change = {s: readings[s] - self.squares[s].empty for s in readings}
        found = {}
        for s, reading in readings.items():
            leak = 0.0
            for j, moved in change.items():
                n = abs(counts.get(j, 1)) if counts is not None else 1
                if j != s and n:
                    leak += self.crosstalk.get(n, {}).get(s, {}).get(j, 0.0) * moved
            found[s] = reading - leak
        return found

    def counts(self, readings: Mapping[str, float]) -> dict[str, int]:
        """The signed count of men on each square read."""
        counts: dict[str, int] | None = None
        for _ in range(PASSES):
            own = self.own(readings, counts)
            counts = {s: self.squares[s].count(value, self.spread) for s, value in own.items()}
        assert counts is not None
        return counts

    def follow(self, square: str, reading: float, rate: float) -> Levels:
        """The levels with ``square``'s empty reading moved ``rate`` of the way toward
        ``reading`` (an empty square followed slowly as its sensor drifts), its levels with it."""
        old = self.squares[square]
        shift = (reading - old.empty) * rate
        moved = SquareLevels(old.empty + shift,
                             MappingProxyType({n: v + shift for n, v in old.steps.items()}))
        return Levels(MappingProxyType({**self.squares, square: moved}), self.crosstalk,
                      self.noise, self.spread)

    def to_json(self) -> str:
        """The calibration file's text."""
        return json.dumps({
            "format": FORMAT,
            "noise": round(self.noise, 3),
            "spread": self.spread,
            "squares": {s: {"empty": round(v.empty, 2),
                            "steps": {str(n): round(x, 2) for n, x in sorted(v.steps.items())}}
                        for s, v in self.squares.items()},
            "crosstalk": {str(n): {s: {j: round(k, 5) for j, k in row.items()}
                                   for s, row in rows.items()}
                          for n, rows in self.crosstalk.items()},
        }, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes, source: str, names: tuple[str, ...]) -> Levels:
        """A calibration file's text (the one decoder reads it: bounded before it is parsed)
        for a board of squares ``names``; ConfigError, naming the file, when it cannot be used."""
        try:
            data: object = decode(text, CALIBRATION, source=source)
        except Undecodable as e:
            raise ConfigError(f"{e}; run aseb calibrate again") from None
        return cls.from_data(data, source, names)

    @classmethod
    def from_data(cls, data: object, source: str, names: tuple[str, ...]) -> Levels:
        """The levels a calibration file's JSON holds, checked for order and sense: each
        square's readings in order, from three Reels up through the empty square to three
        Cones, every number finite, the noise above nothing; ConfigError in one line naming
        the file, the square and what is wrong."""
        try:
            return _checked(data, names)
        except _Wrong as e:
            where = f"{e.key}: " if e.key else ""
            raise ConfigError(f"{source}: {where}{e.problem}; run aseb calibrate again") from None

    @classmethod
    def load(cls, path: Path, names: tuple[str, ...]) -> Levels:
        """Read the calibration file at ``path`` by the one reader (a regular file, bounded:
        never a hang, a traceback or a restart loop); ConfigError when missing or unusable."""
        try:
            data = read_json(path, CALIBRATION, follow=True)
        except FileNotFoundError as e:
            raise ConfigError(f"{path}: no calibration of this Hall board ({e.strerror or e}); "
                              "run aseb calibrate --board FILE first") from None
        except Unreadable as e:
            raise ConfigError(f"{e}; run aseb calibrate again") from None
        return cls.from_data(data, str(path), names)


class _Wrong(Exception):
    """What is wrong with a calibration file's value, and where."""

    def __init__(self, key: str, problem: str) -> None:
        self.key = key
        self.problem = problem


def _number(value: object, key: str) -> float:
    """``value`` as a finite number; ``_Wrong`` naming ``key`` else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Wrong(key, f"expected a number, got {shown(repr(value), 40)}")
    if not math.isfinite(value):
        raise _Wrong(key, f"{value} is not a reading")
    return float(value)


def _table(value: object, key: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _Wrong(key, "expected a table of values")
    return value


def _checked(data: object, names: tuple[str, ...]) -> Levels:
    """``Levels`` from a calibration file's JSON, or ``_Wrong``."""
    top = _table(data, "")
    if top.get("format") != FORMAT:
        raise _Wrong("format", f"not a calibration of this board (format "
                     f"{shown(repr(top.get('format')), 20)}, not {FORMAT})")
    rows = _table(top.get("squares"), "squares")
    missing = [name for name in names if name not in rows]
    if missing:
        raise _Wrong("squares", f"not a calibration of this board (no {', '.join(missing[:3])}"
                     f"{'...' if len(missing) > 3 else ''})")
    squares = {name: _square(rows[name], f"squares.{name}", name) for name in names}
    crosstalk: dict[int, MappingProxyType[str, MappingProxyType[str, float]]] = {}
    for n, table in _table(top.get("crosstalk", {}), "crosstalk").items():
        if n not in ("1", "2", "3"):
            raise _Wrong(f"crosstalk.{shown(n, 20)}", "a count of men is 1, 2 or 3")
        found = {}
        for s, row in _table(table, f"crosstalk.{n}").items():
            if s not in names:
                continue
            shares = {}
            for j, share in _table(row, f"crosstalk.{n}.{s}").items():
                key = f"crosstalk.{n}.{s}.{shown(j, 20)}"
                value = _number(share, key)
                if abs(value) >= 1:
                    raise _Wrong(key, f"{value:g} of a square's change leaks into another: no "
                                 "sensor reads more of its neighbour than of its own square")
                if j in names:
                    shares[j] = value
            found[s] = MappingProxyType(shares)
        crosstalk[int(n)] = MappingProxyType(found)
    noise = _number(top.get("noise", 1.0), "noise")
    if noise <= 0:
        raise _Wrong("noise", f"{noise:g}: a sensor's noise is more than nothing")
    spread = _number(top.get("spread", SPREAD), "spread")
    if not 0 <= spread < 1:
        raise _Wrong("spread", f"{spread:g}: a share of a magnet's strength, from 0 to 1")
    return Levels(MappingProxyType(squares), MappingProxyType(crosstalk), noise, spread)


def _square(value: object, key: str, name: str) -> SquareLevels:
    """One square's levels, in order from three Reels to three Cones; ``_Wrong`` else."""
    row = _table(value, key)
    empty = _number(row.get("empty"), f"{key}.empty")
    steps = {}
    for n, reading in _table(row.get("steps"), f"{key}.steps").items():
        if n not in COUNTS:
            raise _Wrong(f"{key}.steps.{shown(n, 20)}", "a count of men is -3 to 3")
        steps[int(n)] = _number(reading, f"{key}.steps.{n}")
    most = max((abs(n) for n in steps), default=0)
    if most == 0 or set(steps) - {0} != {n for n in range(-most, most + 1) if n}:
        raise _Wrong(f"{key}.steps", "expected the readings of one man to three of each side, "
                     f"got {sorted(steps)}")
    steps[0] = steps.get(0, empty)
    if steps[0] != empty:
        raise _Wrong(f"{key}.steps.0", "no men read other than the empty square")
    counts = sorted(steps)
    for lower, upper in itertools.pairwise(counts):
        if not steps[lower] < steps[upper]:
            raise _Wrong(f"{key}.steps", f"out of order: {_men(upper)} read "
                         f"{steps[upper]:g}, not above {_men(lower)} ({steps[lower]:g})")
    return SquareLevels(empty, MappingProxyType(steps))


def _men(count: int) -> str:
    """``count`` men in words: ``two Reels``, ``the empty square``."""
    if count == 0:
        return "the empty square"
    side = "Cone" if count > 0 else "Reel"
    return f"{('one', 'two', 'three')[abs(count) - 1]} {side}{'s' if abs(count) > 1 else ''}"


def levels_from(empty: float, cone: float, reel: float, cones3: float | None = None,
                reels3: float | None = None) -> SquareLevels:
    """A square's levels from what calibration read: empty, one man of each side, and a stack of
    three of each (None where the game allows no stacks: one man is the most)."""
    steps = {0: empty}
    second, third = SHAPE[1], SHAPE[2]
    for sign, one, three in ((1, cone, cones3), (-1, reel, reels3)):
        steps[sign] = one
        if three is not None:
            steps[2 * sign] = one + (three - one) * second / (second + third)
            steps[3 * sign] = three
    return SquareLevels(empty, MappingProxyType(steps))
