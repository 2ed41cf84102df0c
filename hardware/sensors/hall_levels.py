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

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from hardware.core.errors import ConfigError

FORMAT = 1
"""The calibration file's format (a file of another is refused, to be calibrated again)."""
SHAPE = (1.0, 0.78, 0.62)
"""What the first, second and third man of a stack add to its square's field, against the
first, on the board the guide builds (``sim.board.hall_field.Field.shape``): calibration
measures one man and three, and places two between them in these proportions."""
SPREAD = 0.10
"""How much stronger or weaker than the men calibrated with any man's magnet may be."""
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
