"""The Hall sensors under a Hall board's squares: whose men stand on each square, and how many.

Wire each square's DRV5055 (A2) with VCC to the 3.3 V rail that also feeds the ADCs' VDD and
VREF (ratiometric: a sagging rail moves both alike), GND to ground and OUT to an ADC channel. The
ADCs (MCP3208, or MCP3008) share SPI1; each has its own chip select. Every ``poll`` all squares
are read; a square's count (plus Cones, minus Reels) is believed once ``settle_reads`` readings
in a row agree, stand still and lie where men read (a man held in a hand above a square reads
between levels and wobbles: he is not believed), and ``StackChanged`` goes on the queue. An
empty square's reading is followed slowly as its sensor drifts with temperature, never while a
hand is near (any reading moving).

A square that stands still reading between its levels (men of both sides, a man not flat) is
told with ``StackUnclear``. A sensor that reads what no men could give it (the end of the
range: a wire loose; past any stack; or one reading, unmoved by any noise, for ``STUCK_FOR``
seconds) is told with ``SensorFailed`` once that has lasted ``FAULT_FOR``, and left out of the
counting (its square is not believed, its neighbours are read without it) until it has read
as a sensor should for ``MEND_FOR`` (``SensorMended``).

    events = queue.Queue()
    sensors = HallSensors(board.hall, Levels.load(board.hall.calibration, board.squares),
                          events, clock=MonotonicClock())
    events.get()  # StackChanged(square='C1', count=1, t=...)
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.boards.hall_file import SPI1, HallConfig
from hardware.core.clock import Clock, Timer
from hardware.core.errors import HardwareUnavailable, shown
from hardware.core.events import SensorFailed, SensorMended, StackChanged, StackUnclear
from hardware.sensors.hall_levels import BEYOND, Levels, Read

log = logging.getLogger(__name__)

CLOCK_PIN, MOSI_PIN, MISO_PIN = SPI1
"""SPI1's clock, data-out and data-in pins (``HallConfig.pins``: a fourth ADC's on SPI0)."""
FOLLOW_RATE = 0.02
"""How much of the way toward an empty square's reading its level moves at each quiet poll."""
QUIET = 5.0
"""Seconds every reading must have stood still before empty squares are followed."""
STILL = 4.0
"""A reading that moves more than this many noise deviations between polls: a hand is near."""
GIVE_UP = 5.0
"""Seconds the ADCs may fail every read before ``failure`` reports it (the service restarts)."""
EDGE = 0.02
"""A reading within this share of either end of the ADC's range is no sensor's."""
FAULT_FOR = 1.0
"""Seconds a sensor must read what no men could give before it is reported."""
MEND_FOR = 2.0
"""Seconds a failed sensor must read as a sensor should before it is believed again."""
STUCK_FOR = 10.0
"""Seconds of one unmoved reading that make a sensor stuck: a live one's noise moves it."""
UNCLEAR_FOR = 0.2
"""Seconds a square must stand still between its levels before it is reported unclear."""
NOTHING, FULL, STUCK = "nothing", "full", "stuck"
"""The faults, with ``hall_levels.BEYOND``: the bottom of the range, the top, one reading."""


class AnalogIn(Protocol):
    """One ADC channel, as gpiozero's ``MCP3208`` offers it: ``raw_value`` is the count."""

    @property
    def raw_value(self) -> int:
        """The reading, 0 to the ADC's full scale."""

    def close(self) -> None:
        """Release the channel's pins."""


def open_channels(config: HallConfig, pin_factory: Factory | None) -> dict[str, AnalogIn]:
    """gpiozero's MCP3008 or MCP3208 for each square's channel, on SPI1 (a fourth ADC on
    SPI0's CE1), imported only now."""
    import gpiozero  # type: ignore[import-untyped]

    chip = gpiozero.MCP3208 if config.adc == "mcp3208" else gpiozero.MCP3008
    opened: dict[str, AnalogIn] = {}
    try:
        for square, where in config.channels.items():
            clock, mosi, miso = config.pins(where.adc)
            opened[square] = chip(channel=where.channel, clock_pin=clock, mosi_pin=mosi,
                                  miso_pin=miso, select_pin=config.select_pins[where.adc],
                                  pin_factory=pin_factory)
    except Exception as e:
        for device in opened.values():
            device.close()
        raise HardwareUnavailable(
            f"the Hall sensors' ADCs ({config.adc} on SPI1) cannot be opened ({type(e).__name__}:"
            f" {shown(str(e))}); they need SPI1 on (dtoverlay=spi1-3cs in config.txt), the user "
            "in group 'spi', and the chip selects as in the board file") from e
    return opened


class HallSensors:
    """Counts men on every square of a Hall board; ``StackChanged`` onto ``events``."""

    def __init__(self, config: HallConfig, levels: Levels, events: queue.Queue[Any], *,
                 clock: Clock, pin_factory: Factory | None = None,
                 channels: Mapping[str, AnalogIn] | None = None,
                 on_levels: Callable[[Levels], None] | None = None) -> None:
        self._config = config
        self.levels = levels
        self._events = events
        self._clock = clock
        self._on_levels = on_levels
        self._channels = dict(channels) if channels is not None else open_channels(
            config, pin_factory)
        self._lock = threading.Lock()
        self._closed = False
        self._failing: tuple[float, str] | None = None
        self._last: dict[str, float] = {}
        self._quiet_since = clock.now()
        self._unclear: dict[str, tuple[float, float]] = {}
        """Squares reading unclear now: since when, and the reading then."""
        self._told_unclear: set[str] = set()
        self._faulty: dict[str, str] = {}
        """Squares whose sensor is reported failed, and how."""
        self._failing_since: dict[str, tuple[str, float]] = {}
        self._mending_since: dict[str, float] = {}
        self._unmoved: dict[str, tuple[float, int]] = {}
        self._window: dict[str, deque[float]] = {}
        """Each square's last readings: a count is believed only once they stand still (a man
        in a hand above a square wobbles)."""
        """Each sensor's last reading and how many polls in a row it has not moved."""
        readings = self._read()
        reads = levels.read(readings) if readings else {}
        self._settled: dict[str, int] = {s: r.count if r.fault is None else 0
                                         for s, r in reads.items()}
        self._seen: dict[str, tuple[int, int]] = {s: (c, config.settle_reads)
                                                  for s, c in self._settled.items()}
        self._timer: Timer | None = None
        self._later()

    def occupancy(self) -> frozenset[str]:
        """The squares with men on them (settled)."""
        with self._lock:
            return frozenset(s for s, count in self._settled.items() if count)

    def stacks(self) -> dict[str, int]:
        """Every square's settled count of men: plus Cones, minus Reels."""
        with self._lock:
            return dict(self._settled)

    def faults(self) -> dict[str, str]:
        """The squares whose sensor has failed, and how (``SensorFailed``'s ``fault``)."""
        with self._lock:
            return dict(self._faulty)

    @property
    def failure(self) -> str | None:
        """Why the sensors can no longer be read (every read failing for ``GIVE_UP`` s)."""
        failing = self._failing
        if failing is None:
            return None
        since, error = failing
        if self._clock.now() - since >= GIVE_UP:
            return f"the Hall sensors' ADCs have not answered for {GIVE_UP:.0f} s ({error})"
        return None

    def close(self) -> None:
        """Stop polling and release the ADC channels; safe to call twice."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
        for channel in self._channels.values():
            channel.close()
        self._channels.clear()

    def __enter__(self) -> HallSensors:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self) -> dict[str, float]:
        """Every square's reading; {} when the ADCs fail (noted for ``failure``)."""
        try:
            readings = {s: float(c.raw_value) for s, c in self._channels.items()}
        except Exception as e:
            if self._failing is None:
                log.warning("the Hall sensors' ADCs cannot be read: %s: %s", type(e).__name__,
                            shown(str(e)))
                self._failing = (self._clock.now(), f"{type(e).__name__}: {shown(str(e))}")
            return {}
        if self._failing is not None:
            log.info("the Hall sensors' ADCs answer again")
            self._failing = None
        return readings

    def _later(self) -> None:
        if not self._closed:
            self._timer = self._clock.call_at(self._clock.now() + self._config.poll, self._poll)

    def _poll(self) -> None:
        try:
            readings = self._read()
            if readings:
                self._judge(readings)
        except Exception:  # a poll must never end the polling
            log.exception("a reading of the Hall sensors failed")
        self._later()

    def _judge(self, readings: dict[str, float]) -> None:
        now = self._clock.now()
        reads = self.levels.read(readings, blind=self._faulty)
        events: list[object] = []
        with self._lock:
            for square, value in readings.items():
                events += self._check(square, value, reads.get(square), now)
            for square, read in reads.items():
                if read.fault is not None or square in self._faulty:
                    continue
                count = read.count
                last, times = self._seen.get(square, (count, 0))
                times = 0 if not read.clear else times + 1 if count == last else 1
                self._seen[square] = (count, times)  # only a clear reading counts toward it
                window = self._window.setdefault(square, deque(maxlen=self._config.settle_reads))
                window.append(readings[square])
                still = max(window) - min(window) <= STILL * max(self.levels.noise, 1.0)
                settled = times >= self._config.settle_reads and still
                if settled and self._settled.get(square) != count:
                    self._settled[square] = count
                    events.append(StackChanged(square, count, now))
                events += self._clearness(square, read, readings[square], settled, now)
        for event in events:
            self._events.put(event)
        self._follow(readings, now)

    def _clearness(self, square: str, read: Read, value: float, settled: bool, now: float
                   ) -> list[object]:
        """A square standing still between its levels is told once; once clear again, its
        count is told afresh."""
        if read.clear:
            self._unclear.pop(square, None)
            if square in self._told_unclear and settled:
                self._told_unclear.discard(square)
                return [StackChanged(square, read.count, now)]
            return []
        since, first = self._unclear.get(square, (now, value))
        if abs(value - first) > STILL * max(self.levels.noise, 1.0):
            since, first = now, value  # still moving: a hand is near
        self._unclear[square] = (since, first)
        if now - since >= UNCLEAR_FOR and square not in self._told_unclear:
            self._told_unclear.add(square)
            return [StackUnclear(square, since)]
        return []

    def _check(self, square: str, value: float, read: Read | None, now: float
               ) -> list[object]:
        """Whether ``square``'s sensor reads as a sensor should: a fault lasting ``FAULT_FOR``
        is reported (and logged), and mended once it has read well for ``MEND_FOR``."""
        full = self._config.full_scale
        last, unmoved = self._unmoved.get(square, (value, 0))
        unmoved = unmoved + 1 if value == last else 0
        self._unmoved[square] = (value, unmoved)
        levels = self.levels
        beyond = read.fault == BEYOND if read is not None else levels.squares[square].beyond(
            value, levels.spread, levels.noise)  # a square left out is judged alone
        fault = (NOTHING if value <= EDGE * full else FULL if value >= (1 - EDGE) * full
                 else STUCK if unmoved * self._config.poll >= STUCK_FOR
                 else BEYOND if beyond else None)
        where = self._config.channels[square]
        if fault is None:
            self._failing_since.pop(square, None)
            if square not in self._faulty:
                return []
            mending = self._mending_since.setdefault(square, now)
            if now - mending < MEND_FOR:
                return []
            del self._faulty[square]
            del self._mending_since[square]
            self._seen.pop(square, None)  # its count settles anew, and is told
            self._settled.pop(square, None)
            log.info("the Hall sensor under %s (%s) reads again", square, where)
            return [SensorMended(square, now)]
        self._mending_since.pop(square, None)
        if square in self._faulty:
            return []
        _, since = self._failing_since.setdefault(square, (fault, now))
        if now - since < FAULT_FOR:
            return []
        self._faulty[square] = fault
        log.warning("the Hall sensor under %s (%s) reads %s: left out of the counting",
                    square, where, {NOTHING: "nothing (the bottom of its range)",
                                    FULL: "the top of its range", BEYOND: "past any stack",
                                    STUCK: f"one value for {STUCK_FOR:.0f} s"}[fault])
        return [SensorFailed(square, fault, where.adc, where.channel, since)]

    def _follow(self, readings: dict[str, float], now: float) -> None:
        """Move the empty squares' levels with their drifting readings once all stands still."""
        limit = STILL * max(self.levels.noise, 1.0)
        moving = any(abs(value - self._last.get(square, value)) > limit
                     for square, value in readings.items())
        self._last = readings
        if moving or self._seen_moving():
            self._quiet_since = now
            return
        if now - self._quiet_since < QUIET:
            return
        levels = self.levels
        for square, count in self._settled.items():
            if count == 0 and square not in self._faulty and square not in self._unclear:
                levels = levels.follow(square, readings[square], FOLLOW_RATE)
        self.levels = levels
        if self._on_levels is not None:
            self._on_levels(levels)

    def _seen_moving(self) -> bool:
        """Whether a square's count is between two readings it has not settled on yet."""
        return any(times < self._config.settle_reads for _, times in self._seen.values())
