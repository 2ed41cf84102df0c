"""From a Hall sensor's reading to the men on its square: a signed count, + Cones, - Reels.

Cones' magnets stand north up, Reels' south up, so under the board a Cone pushes the ratiometric
sensor's output above half the supply and a Reel below; more men push it further, each less than
the one under it (it is further away). Calibration (``aseb calibrate``) measured on every square
its empty reading, one man of each side, and a stack of three of each side, and what each of
those leaked into every other square's sensor (``crosstalk``). Every sensor reads its own men and
a share of every other square's: the board solves that coupled system for what each square's
own men give, then judges each square by its levels.

A square's reading is ``clear`` when it sits where its count's men read, give or take what the
build's tolerances allow; between levels it is not (men of both sides on one square, a man held
above it or not set flat). One man more than a square may hold is still counted (a fourth man
on a full stack), and a reading past even that is no men's at all: the sensor has gone wrong.

    levels = Levels.load(path, squares)
    levels.counts({"C1": 3012, "C2": 2049, ...})   # {"C1": 2, "C2": 0, ...}
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from hardware.core.errors import ConfigError, shown
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds, Unreadable, read_json

FORMAT = 1
"""The calibration file's format (a file of another is refused, to be calibrated again)."""
SHAPE = (1.0, 0.78, 0.62, 0.50)
"""What the first, second, third (and a fourth) man of a stack add to its square's field,
against the first, on the board the guide builds (``sim.board.hall_field.Field.shape``):
calibration measures one man and three, and places two between them in these proportions; a
man more than a square holds is read where the next would be."""
SPREAD = 0.03
"""How much stronger or weaker than the middle of their set any man's magnet may be (the
calibration refuses a man further off)."""
BUILD = 0.06
"""The share of a level the guide's tolerances may move a stack's reading by, besides its
men's strengths: the calibration's own error, the sensors warmer than the men, a stack lifted
or not flat, men off centre, neighbours left in (``tests/benchmarks/hall_margin.py`` works
each out: 5.5 % at most for the stacks a game allows)."""
DRIFT = 4.0
"""Counts an empty reading may drift between two followings."""
WANDER = 20.0
"""Counts a clear reading may lie off its level besides what its men and the build allow: a
sensor drifted while men stood on it (it is followed only while empty), and the drift."""
CLEAR = 4.0
"""A clear reading lies within this many noise deviations of its level's band."""
PASSES = 3
"""The coupled system is solved again with the counts each pass finds, until they hold."""
CALIBRATION = Bounds("calibration file", 1_000_000, depth=5, keys=20_000)
"""A calibration: 30 squares' levels and what each leaks into every other, for 1 to 3 men:
some 3,000 keys, a few hundred kilobytes."""
COUNTS = ("-3", "-2", "-1", "0", "1", "2", "3")
"""The counts a square's levels are kept for: three Reels to three Cones."""

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
        for n in range(1, len(SHAPE) + 1):
            if sign * n not in levels:
                break
            threshold = between(levels[sign * (n - 1)], levels[sign * n], spread)
            if sign * reading > sign * threshold:
                found = sign * n
    return found


@dataclass(frozen=True)
class Read:
    """What a square's sensor says: ``count`` men (signed), whether the reading is ``clear``
    (where that many men read), and ``fault``: why it is no men's reading at all (None: it
    is)."""

    count: int
    clear: bool = True
    fault: str | None = None
    room: float = math.inf
    """Counts between the reading and the nearer threshold of its count."""


BEYOND = "beyond"
"""A fault: the reading lies past any stack a square can hold, of either side."""


@dataclass(frozen=True)
class SquareLevels:
    """One square's calibrated readings: ``empty``, and ``steps[n]`` the reading of ``n`` men
    (n = -3..3, minus for Reels; 0 is ``empty``)."""

    empty: float
    steps: Mapping[int, float]

    def count(self, reading: float, spread: float = SPREAD) -> int:
        """The number of men (signed) whose level the reading falls in (``judge``)."""
        return judge(self.relative, reading - self.empty, spread)

    def step(self, count: int) -> float:
        """The reading of ``count`` men less the empty reading."""
        return self.steps[count] - self.empty

    @cached_property
    def relative(self) -> Mapping[int, float]:
        """Every level less the empty reading, with one man more than calibrated on either
        side (read where the next man of a stack would be)."""
        found = {n: v - self.empty for n, v in self.steps.items()}
        for sign in (1, -1):
            top = max(n for n in range(len(SHAPE)) if sign * n in found)
            if top and top < len(SHAPE):
                found[sign * (top + 1)] = found[sign * top] + found[sign] * SHAPE[top]
        return MappingProxyType(found)

    def band(self, count: int, spread: float, noise: float) -> float:
        """How far from ``count``'s level a reading of that many men may lie: their magnets'
        spread and the build's tolerances, the drift, and the noise."""
        return (spread + BUILD) * abs(self.relative[count]) + WANDER + CLEAR * noise

    def limit(self, side: int, spread: float, noise: float) -> float:
        """How far from empty a reading of ``side`` (+1, -1) may lie and still be men's: one
        man more than the square holds, its band, and a man's step further still."""
        outer = side * max(abs(n) for n in self.relative if n * side >= 0)
        return abs(self.relative[outer]) + self.band(outer, spread, noise) + abs(
            self.relative.get(side, 0.0))

    def beyond(self, reading: float, spread: float, noise: float) -> bool:
        """Whether ``reading`` lies past every level this square can show: no men's reading,
        a sensor gone wrong."""
        relative = reading - self.empty
        return abs(relative) > self.limit(1 if relative > 0 else -1, spread, noise)


@dataclass(frozen=True)
class Table:
    """A board's levels as arrays, one row a square: ``levels[:, n + HIGH]`` the reading of n
    men less the empty one, ``bounds[:, k]`` the threshold between ``k - HIGH`` men and one more
    (minus infinity or infinity where a count is past the square's levels), ``bands`` how far
    from its level a clear reading lies, ``limits`` past where no men read (either way)."""

    levels: npt.NDArray[np.float64]
    bounds: npt.NDArray[np.float64]
    bands: npt.NDArray[np.float64]
    limits: npt.NDArray[np.float64]

    @classmethod
    def of(cls, squares: list[SquareLevels], spread: float, noise: float) -> Table:
        """The arrays of ``squares``' levels."""
        high = len(SHAPE)
        levels = np.full((len(squares), 2 * high + 1), np.nan)
        bounds = np.empty((len(squares), 2 * high))
        bands = np.full_like(levels, np.inf)
        limits = np.empty((len(squares), 2))
        for row, square in enumerate(squares):
            relative = square.relative
            for n, value in relative.items():
                levels[row, n + high] = value
                bands[row, n + high] = square.band(n, spread, noise)
            for k in range(2 * high):
                lower, upper = k - high, k - high + 1
                near, far = (lower, upper) if upper > 0 else (upper, lower)
                if near not in relative or far not in relative:
                    bounds[row, k] = np.inf if upper > 0 else -np.inf
                elif far in square.steps:
                    bounds[row, k] = between(relative[near], relative[far], spread)
                else:  # one man too many: only past where the most men can read
                    side = 1 if far > 0 else -1
                    bounds[row, k] = side * max(
                        abs(between(relative[near], relative[far], spread)),
                        abs(relative[near]) + square.band(near, spread, noise))
            for column, side in enumerate((1, -1)):
                limits[row, column] = square.limit(side, spread, noise)
        return cls(levels, bounds, bands, limits)

    def beyond(self, index: npt.NDArray[np.intp], change: npt.NDArray[np.float64]
               ) -> npt.NDArray[np.bool_]:
        """Which of squares ``index`` read ``change`` (less empty) past every level."""
        return np.asarray((change > self.limits[index, 0]) | (-change > self.limits[index, 1]),
                          dtype=np.bool_)

    def counts(self, index: npt.NDArray[np.intp], own: npt.NDArray[np.float64]
               ) -> npt.NDArray[np.intp]:
        """The count of men whose level each of squares ``index``'s ``own`` reading (less
        empty) falls in: a threshold crossed for each man from the most Reels."""
        crossed = np.sum(own[:, None] > self.bounds[index], axis=1)
        return np.asarray(crossed - len(SHAPE), dtype=np.intp)

    def judged(self, index: npt.NDArray[np.intp], own: npt.NDArray[np.float64],
               counts: npt.NDArray[np.intp]) -> tuple[npt.NDArray[np.bool_],
                                                      npt.NDArray[np.float64]]:
        """Whether each reading is clear, and its room to the nearer threshold of its count."""
        high = len(SHAPE)
        column = counts + high
        level = self.levels[index, column]
        clear = np.abs(own - level) <= self.bands[index, column]
        below = self.bounds[index, np.clip(column - 1, 0, 2 * high - 1)]
        above = self.bounds[index, np.clip(column, 0, 2 * high - 1)]
        room = np.minimum(np.abs(own - below), np.abs(own - above))
        return np.asarray(clear, dtype=np.bool_), np.asarray(room, dtype=np.float64)


@dataclass(frozen=True)
class Levels:
    """Every square's calibrated levels, the crosstalk between squares, and the noise seen."""

    squares: Mapping[str, SquareLevels]
    crosstalk: Crosstalk = field(default_factory=lambda: MappingProxyType({}))
    noise: float = 1.0
    """The largest standard deviation of an empty square's reading, in counts."""
    spread: float = SPREAD

    @cached_property
    def order(self) -> tuple[str, ...]:
        """The squares, in the order of the coupled system's rows."""
        return tuple(self.squares)

    @cached_property
    def coupling(self) -> npt.NDArray[np.float64]:
        """``coupling[n][s, j]``: the share of square j's own change with n men on it
        (n = 1..4; 0 is taken as 1, more than calibrated as the most) that square s reads."""
        order = self.order
        size = len(order)
        found = np.zeros((len(SHAPE) + 1, size, size))
        known = sorted(self.crosstalk)
        for n in range(len(SHAPE) + 1):
            shares = self.crosstalk.get(min(max(n, 1), known[-1]) if known else 1, {})
            for a, s in enumerate(order):
                row = shares.get(s, {})
                for b, j in enumerate(order):
                    if j != s:
                        found[n, a, b] = row.get(j, 0.0)
        return found

    @cached_property
    def table(self) -> Table:
        """Every square's levels as arrays, to judge a whole board at once."""
        return Table.of([self.squares[s] for s in self.order], self.spread, self.noise)

    def own(self, readings: Mapping[str, float], counts: Mapping[str, int] | None = None,
            blind: Collection[str] = ()) -> dict[str, float]:
        """Each square's reading as its own men alone would give it: the coupled system of
        every sensor reading its own men and a share of every other square's, solved, each
        square as if it held ``counts`` (None: one man). ``blind`` squares' readings are not
        believed: their men are taken as none."""
        order = [s for s in self.order if s in readings and s not in blind]
        at = {s: i for i, s in enumerate(self.order)}
        index = np.array([at[s] for s in order], dtype=np.intp)
        empty = np.array([self.squares[s].empty for s in order])
        change = np.array([readings[s] for s in order]) - empty
        n = np.array([abs(counts.get(s, 1)) if counts is not None else 1 for s in order],
                     dtype=np.intp)
        solved = self._solve(index, change, n) + empty
        found = dict(readings)
        found.update(zip(order, solved.tolist(), strict=True))
        return found

    def _solve(self, index: npt.NDArray[np.intp], change: npt.NDArray[np.float64],
               counts: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
        """The own changes of squares ``index`` whose sensors changed by ``change``, each
        square's leak as for ``counts`` men."""
        n = np.clip(counts, 0, len(SHAPE))
        shares = self.coupling[n[None, :], index[:, None], index[None, :]]
        return np.asarray(np.linalg.solve(np.eye(len(index)) + shares, change),
                          dtype=np.float64)

    def read(self, readings: Mapping[str, float], blind: Collection[str] = ()
             ) -> dict[str, Read]:
        """What each square read holds (``Read``), the coupled system solved again with the
        counts found until they hold. ``blind`` squares (sensors known to have gone wrong) are
        left out; so is, with its fault, any whose reading lies past every level."""
        at = {s: i for i, s in enumerate(self.order)}
        order = [s for s in self.order if s in readings and s not in blind]
        index = np.array([at[s] for s in order], dtype=np.intp)
        table = self.table
        change = np.array([readings[s] - self.squares[s].empty for s in order])
        wild = table.beyond(index, change)
        kept = index[~wild]
        counts = np.ones(len(kept), dtype=np.intp)
        found = np.zeros(len(kept), dtype=np.intp)
        own = change[~wild]
        for _ in range(PASSES):
            own = self._solve(kept, change[~wild], np.abs(counts))
            found = table.counts(kept, own)
            if np.array_equal(found, counts):
                break
            counts = found
        clear, room = table.judged(kept, own, found)
        reads: dict[str, Read] = {}
        kept_names = [s for s, w in zip(order, wild.tolist(), strict=True) if not w]
        for s, c, k, r in zip(kept_names, found.tolist(), clear.tolist(), room.tolist(),
                              strict=True):
            reads[s] = Read(c, k, room=r)
        for s, w in zip(order, wild.tolist(), strict=True):
            if w:
                reads[s] = Read(self.squares[s].count(readings[s], self.spread), clear=False,
                                fault=BEYOND)
        return reads

    def counts(self, readings: Mapping[str, float]) -> dict[str, int]:
        """The signed count of men on each square read."""
        return {s: r.count for s, r in self.read(readings).items()}

    def follow(self, square: str, reading: float, rate: float) -> Levels:
        """The levels with ``square``'s empty reading moved ``rate`` of the way toward
        ``reading`` (an empty square followed slowly as its sensor drifts), its levels with it."""
        old = self.squares[square]
        shift = (reading - old.empty) * rate
        moved = SquareLevels(old.empty + shift,
                             MappingProxyType({n: v + shift for n, v in old.steps.items()}))
        followed = Levels(MappingProxyType({**self.squares, square: moved}), self.crosstalk,
                          self.noise, self.spread)
        for kept in ("coupling", "table"):  # the crosstalk and the levels above empty: the same
            followed.__dict__[kept] = getattr(self, kept)
        return followed

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
