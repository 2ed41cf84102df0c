"""``aseb calibrate``: a person calibrates a Hall board by following its lights.

First the board is cleared (every square breathes white until it has stood empty and still for a
second); then each square in turn is lit in the colour of the men it asks for: a Cone (blue), a
Reel (gold), and, where the game stacks men, three Cones and three Reels (blinking). Once the
square's reading has moved and the board has stood still, the readings are kept and the square
asks to be cleared. A square that cannot be told apart stops the session at once with a
sentence naming it (``hardware.sensors.hall_calibration``). Driven by ``tick`` every frame: no
sleeping.

    guide = CalibrationGuide(board.hall, read=sensors_now, stacks=True)
    while guide.levels is None and guide.refused is None:
        lights.show(guide.tick(clock.now()))
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from hardware.boards.hall_file import HallConfig
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour
from hardware.sensors.hall_calibration import (
    LEAST_STEP,
    CalibrationRefused,
    check_empty,
    check_step,
    fit,
    steps_for,
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
    empty board; ``clearing``: the square is to be cleared again."""

    square: str | None
    count: int = 0
    clearing: bool = False

    def text(self) -> str:
        """The request, as the terminal says it."""
        if self.square is None:
            return "Clear the board: take every man off."
        if self.clearing:
            return f"Take the men off {self.square}."
        n = abs(self.count)
        side = ("Cone" if self.count > 0 else "Reel") + ("s" if n > 1 else "")
        return f"Set {'a' if n == 1 else 'three'} {side} on the lit square, {self.square}."


class CalibrationGuide:
    """One calibration, square by square; ``levels`` once done, ``refused`` if not."""

    def __init__(self, config: HallConfig, read: Callable[[], Mapping[str, float]],
                 stacks: bool) -> None:
        self.config = config
        self._read = read
        self._steps = steps_for(stacks)
        self._squares = list(config.channels)
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
                self._ask(now)
            return
        if abs(moved) < self._enough(square, request.count):
            return
        means = self._still(now, STILL_FOR)
        if means is None:
            return
        check_step(self.config, square, request.count, self._base[square], means[square],
                   self._noise)
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
        """The next square and count, or the end: the levels fitted."""
        self._window.clear()
        if self._next == len(self._squares) * len(self._steps):
            self.levels = fit(self.config, self._empty, self._placed)
            return
        square, step = divmod(self._next, len(self._steps))
        self.request = Request(self._squares[square], self._steps[step])
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
