"""``aseb calibrate``: a person calibrates a Hall board by following its lights.

First the board is cleared (every square breathes white until it has stood empty and still for a
second); then every man of each side (or a sample, ``men``) is set in turn on the first square,
Cones then Reels, the first (or the first three, where the game stacks) being the men the squares
are calibrated with: a man whose magnet strays from the middle of his side's is refused by his
number. Then each square in turn is lit in the colour of the men it asks for: a Cone (blue), a
Reel (gold), and, where the game stacks men, three Cones and three Reels (blinking). Once the
square's reading has moved and the board has stood still, the readings are kept and the square
asks to be cleared. A square (or man) that cannot be told apart stops the session at once with
a sentence naming it (``hardware.sensors.hall_calibration``). Each request says how far the
session has come ("Cone 4 of 15", "square 3 of 20"). Driven by ``tick`` every frame: no
sleeping.

    guide = CalibrationGuide(board.hall, read=sensors_now, stacks=True, men=15)
    while guide.levels is None and guide.refused is None:
        lights.show(guide.tick(clock.now()))
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from hardware.boards.hall_file import HallConfig
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour
from hardware.sensors.hall_calibration import (
    CALIBRATING,
    LEAST_STEP,
    CalibrationRefused,
    check_empty,
    check_step,
    fit,
    side_name,
    steps_for,
    stray,
)
from hardware.sensors.hall_levels import SHAPE, Levels

CONE: Colour = (40, 90, 255)
REEL: Colour = (255, 170, 20)
CLEAR: Colour = (60, 60, 60)
EMPTY_FOR = 1.0
"""Seconds the empty board must stand still to be read."""
STILL_FOR = 0.6
"""Seconds a square's men must stand still to be read."""
STILL = 4.0
"""Readings within this many noise deviations of their mean over the wait count as still."""
FIRST_NOISE = 2.0
"""The noise taken, in counts of a 12-bit ADC, until the empty board has been read."""


@dataclass(frozen=True)
class Request:
    """What the session asks for now: ``count`` men (signed) on ``square``, ``None`` for the
    empty board; ``clearing``: the square is to be cleared again. ``man`` (from 1) of ``men``:
    one man of a side measured alone; else ``number`` (from 1) of ``squares``: a square
    calibrated; ``calibrating``: the men a square is calibrated with, one or three."""

    square: str | None
    count: int = 0
    clearing: bool = False
    man: int = 0
    men: int = 0
    number: int = 0
    squares: int = 0
    calibrating: int = 1
    spare: str = ""
    """Why the man of this number was refused: a spare is asked for in his place."""

    def text(self) -> str:
        """The request, as the terminal says it."""
        if self.square is None:
            return "Clear the board: take every man off."
        if self.clearing:
            return (f"{self.spare}. " if self.spare else "") + f"Take the men off {self.square}."
        n = abs(self.count)
        side = side_name(self.count, n)
        if self.man and self.spare:
            return (f"A spare {side_name(self.count)} as {side_name(self.count)} {self.man} of "
                    f"{self.men}: set him on the lit square, {self.square}.")
        if self.man:
            kept = ("the first is the man" if self.calibrating == 1 else
                    f"the first {self.calibrating} are the men")
            return (f"{side_name(self.count)} {self.man} of {self.men}: set him on the lit "
                    f"square, {self.square} ({kept} you calibrate the squares with: keep "
                    f"{'him' if self.calibrating == 1 else 'them'} apart).")
        which = ("the three" if n > 1 else "the one" if self.calibrating == 1
                 else "the first of the men")
        return (f"Square {self.number} of {self.squares}: set {'a' if n == 1 else 'three'} "
                f"{side} on the lit square, {self.square} ({which} you calibrate with).")


class CalibrationGuide:
    """One calibration, square by square; ``levels`` once done, ``refused`` if not."""

    def __init__(self, config: HallConfig, read: Callable[[], Mapping[str, float]],
                 stacks: bool, men: int = 0, every_man: bool = True) -> None:
        self.config = config
        self._read = read
        self._steps = steps_for(stacks)
        self._squares = list(config.channels)
        self._calibrating = CALIBRATING[stacks]
        self._men_wanted = men
        """Men of each side measured alone (0: none; the men calibrated with taken as
        middling)."""
        self._every_man = every_man
        self._men: dict[int, list[float]] = {1: [], -1: []}
        self.levels: Levels | None = None
        self.refused: str | None = None
        self.request = Request(None)
        self._empty: dict[str, list[float]] = {}
        self._base: dict[str, float] = {}
        self._one: dict[str, float] = {}
        self._placed: dict[tuple[str, int], dict[str, float]] = {}
        self._window: deque[tuple[float, Mapping[str, float]]] = deque()
        self._noise = FIRST_NOISE * config.full_scale / 4095
        self._next = 0  # the index of the next (square, count) to ask for

    @property
    def done(self) -> bool:
        """Whether the session has ended, calibrated or refused."""
        return self.levels is not None or self.refused is not None

    def tick(self, now: float) -> Frame:
        """Read the sensors, move on when the board shows what was asked; the frame to show."""
        if not self.done:
            readings = self._read()
            self._window.append((now, readings))
            try:
                self._step(now, readings)
            except CalibrationRefused as refusal:
                self.refused = str(refusal)
        return self._frame(now)

    def _still(self, now: float, seconds: float) -> dict[str, float] | None:
        """The mean readings of the last ``seconds`` if every square stood still over them."""
        while self._window and self._window[0][0] < now - seconds - 0.5:
            self._window.popleft()
        recent = [r for t, r in self._window if t >= now - seconds]
        if not recent or self._window[0][0] > now - seconds:
            return None
        means = {s: statistics.fmean(r[s] for r in recent) for s in self._squares}
        limit = STILL * self._noise + 1
        if any(abs(r[s] - means[s]) > limit for r in recent for s in self._squares):
            return None
        return means

    def _step(self, now: float, readings: Mapping[str, float]) -> None:
        request = self.request
        if request.square is None:  # the empty board
            if self._still(now, EMPTY_FOR) is None:
                return
            samples = {s: [r[s] for t, r in self._window if t >= now - EMPTY_FOR]
                       for s in self._squares}
            self._base = {s: check_empty(self.config, s, v) for s, v in samples.items()}
            self._empty = samples
            self._noise = max(max(statistics.pstdev(v) for v in samples.values()), 0.5)
            self._ask(now)
            return
        square = request.square
        moved = readings[square] - self._base[square]
        if request.clearing:
            if abs(moved) <= LEAST_STEP * self._noise / 2 and self._still(now, STILL_FOR):
                if request.spare:  # the same man's number again, a spare this time
                    self._window.clear()
                    self.request = replace(request, clearing=False)
                    return
                self._ask(now)
            return
        if abs(moved) < self._enough(square, request.count):
            return
        means = self._still(now, STILL_FOR)
        if means is None:
            return
        check_step(self.config, square, request.count, self._base[square], means[square],
                   self._noise)
        if request.man:  # a man alone: how strong his magnet is against his side's
            side = 1 if request.count > 0 else -1
            kept = self._men[side]
            if request.man <= len(kept):  # a spare in place of a man refused
                kept[request.man - 1] = means[square]
            else:
                kept.append(means[square])
            last = request.man == request.men  # the side's last: every man judged again
            refused = stray(side, kept, self._base[square], first=request.man, final=last)
            if refused is not None and refused.man is not None:
                self.request = replace(request, man=refused.man[1], clearing=True,
                                       spare=str(refused))  # a spare in his place
                return
        else:
            self._placed[square, request.count] = means
        if abs(request.count) == 1:
            self._one[square] = means[square] - self._base[square]
        self.request = Request(square, request.count, clearing=True)

    def _enough(self, square: str, count: int) -> float:
        """How far the square's reading must move before its men are taken as set: one man's
        step, or for three most of the way from one to three (not the first man alone)."""
        if abs(count) == 1:
            return LEAST_STEP * self._noise
        one = abs(self._one.get(square, 0.0))
        return one * (1 + (SHAPE[1] + SHAPE[2]) * 0.6)

    def _ask(self, now: float) -> None:
        """The next man or square and count, or the end: the levels fitted."""
        self._window.clear()
        men = self._men_wanted
        first = self._squares[0]
        if self._next < 2 * men:  # every man of each side alone on the first square
            side, man = (1, -1)[self._next // men], self._next % men + 1
            self.request = Request(first, side, man=man, men=men,
                                   calibrating=self._calibrating)
            self._next += 1
            return
        step = self._next - 2 * men
        if step == len(self._squares) * len(self._steps):
            self.levels = fit(self.config, self._empty, self._placed,
                              self._men if men else None, self._every_man)
            return
        square, count = divmod(step, len(self._steps))
        self.request = Request(self._squares[square], self._steps[count], number=square + 1,
                               squares=len(self._squares), calibrating=self._calibrating)
        self._next += 1

    def _frame(self, now: float) -> Frame:
        request = self.request
        if self.done:
            return {}
        if request.square is None:
            glow = 0.5 + 0.5 * math.sin(now * math.pi)
            return {s: _dim(CLEAR, 0.3 + 0.7 * glow) for s in self._squares}
        if request.clearing:
            return {request.square: CLEAR}
        colour = CONE if request.count > 0 else REEL
        if abs(request.count) > 1 and int(now * 2) % 2:
            colour = _dim(colour, 0.25)  # three men: the square blinks
        return {request.square: colour}


def _dim(colour: Colour, factor: float) -> Colour:
    r, g, b = colour
    return (round(r * factor), round(g * factor), round(b * factor))
