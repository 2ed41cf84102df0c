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

import json
import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from hardware.core.errors import ConfigError

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
BUILD = 0.035
"""The share of a level the guide's tolerances may move a stack's reading by, besides its
men's strengths: the sensors warmer than the men, a stack lifted or not flat, men off centre,
neighbours left in (``tests/benchmarks/hall_margin.py`` works each out)."""
DRIFT = 4.0
"""Counts an empty reading may drift between two followings."""
CLEAR = 4.0
"""A clear reading lies within this many noise deviations of its level's band."""
PASSES = 3
"""The coupled system is solved again with the counts each pass finds, until they hold."""

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
        return (spread + BUILD) * abs(self.relative[count]) + DRIFT + CLEAR * noise

    def beyond(self, reading: float, spread: float, noise: float) -> bool:
        """Whether ``reading`` lies past every level this square can show, one man more than
        it holds and a man's step further still: no men's reading, a sensor gone wrong."""
        relative = reading - self.empty
        side = 1 if relative > 0 else -1
        outer = side * max(abs(n) for n in self.relative if n * side >= 0)
        limit = abs(self.relative[outer]) + self.band(outer, spread, noise) + abs(
            self.relative.get(side, 0.0))
        return abs(relative) > limit

    def read(self, own: float, spread: float, noise: float) -> Read:
        """Judge ``own`` (the square's own men's reading): its count, and whether it is
        clear."""
        relative = own - self.empty
        count = judge(self.relative, relative, spread)
        clear = abs(relative - self.relative[count]) <= self.band(count, spread, noise)
        return Read(count, clear)


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

    def own(self, readings: Mapping[str, float], counts: Mapping[str, int] | None = None,
            blind: Collection[str] = ()) -> dict[str, float]:
        """Each square's reading as its own men alone would give it: the coupled system of
        every sensor reading its own men and a share of every other square's, solved, each
        square as if it held ``counts`` (None: one man). ``blind`` squares' readings are not
        believed: their men are taken as none."""
        order = [s for s in self.order if s in readings and s not in blind]
        at = {s: i for i, s in enumerate(self.order)}
        index = np.array([at[s] for s in order], dtype=np.intp)
        change = np.array([readings[s] - self.squares[s].empty for s in order])
        n = np.array([min(abs(counts.get(s, 1)), len(SHAPE)) if counts is not None else 1
                      for s in order], dtype=np.intp)
        shares = self.coupling[n[None, :], index[:, None], index[None, :]]
        solved = np.linalg.solve(np.eye(len(order)) + shares, change)
        found = {s: float(v) + self.squares[s].empty for s, v in zip(order, solved, strict=True)}
        for s in readings:
            if s not in found:
                found[s] = readings[s]
        return found

    def read(self, readings: Mapping[str, float], blind: Collection[str] = ()
             ) -> dict[str, Read]:
        """What each square read holds (``Read``), the coupled system solved again with the
        counts found until they hold. ``blind`` squares (sensors known to have gone wrong) are
        left out; so is, with its fault, any whose reading lies past every level."""
        wild = {s for s, value in readings.items() if s not in blind
                and self.squares[s].beyond(value, self.spread, self.noise)}
        left_out = {*blind, *wild}
        counts: dict[str, int] | None = None
        found: dict[str, Read] = {}
        for _ in range(PASSES):
            own = self.own(readings, counts, left_out)
            found = {s: self.squares[s].read(value, self.spread, self.noise)
                     for s, value in own.items() if s not in left_out}
            again = {s: r.count for s, r in found.items()}
            if again == counts:
                break
            counts = again
        for s in wild:
            found[s] = Read(self.squares[s].count(readings[s], self.spread), clear=False,
                            fault=BEYOND)
        return found

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
        followed.__dict__["coupling"] = self.coupling  # the crosstalk is the same: kept
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
    def from_json(cls, text: str, source: str, names: tuple[str, ...]) -> Levels:
        """Read a calibration file for a board of squares ``names``; ConfigError, naming the
        file, when it cannot be used."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}, not {FORMAT}")
            squares = {}
            for name in names:
                entry = data["squares"][name]
                steps = {int(n): float(x) for n, x in entry["steps"].items()}
                if not all(math.isfinite(x) for x in (*steps.values(), float(entry["empty"]))):
                    raise ValueError(f"{name}: a reading that is not a number")
                squares[name] = SquareLevels(float(entry["empty"]), MappingProxyType(steps))
            crosstalk = {
                int(n): MappingProxyType({
                    s: MappingProxyType({j: float(k) for j, k in row.items() if j in names})
                    for s, row in rows.items() if s in names})
                for n, rows in data.get("crosstalk", {}).items()}
            noise = float(data.get("noise", 1.0))
            spread = float(data.get("spread", SPREAD))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ConfigError(f"{source}: not a calibration of this board ({type(e).__name__}: "
                              f"{e}); run aseb calibrate again") from None
        return cls(MappingProxyType(squares), MappingProxyType(crosstalk), noise, spread)

    @classmethod
    def load(cls, path: Path, names: tuple[str, ...]) -> Levels:
        """Read the calibration file at ``path``; ConfigError when missing or unusable."""
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ConfigError(f"{path}: no calibration of this Hall board ({e.strerror or e}); "
                              "run aseb calibrate --board FILE first") from None
        return cls.from_json(text, str(path), names)


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
