"""The reed switches under the squares: a debounced occupancy reader on direct GPIO.

Wire each reed switch between its GPIO pin and ground; the Pi's internal pull-up holds the pin high
until a piece's magnet closes the switch. Edge-driven: no polling loop, no thread of its own.

    events = queue.Queue()
    reeds = GpioReeds({"R1": 2, "R2": 3, ...}, events, clock=MonotonicClock())
    events.get()  # SquareChanged(square='R1', occupied=True, t=...)
"""

from __future__ import annotations

import queue
from collections.abc import Mapping
from typing import Any, Protocol

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.core.clock import Clock
from hardware.core.events import SquareChanged
from hardware.core.switches import DebouncedSwitches


class ReedArray(Protocol):
    """Any reed reader: puts ``SquareChanged`` events on its queue and tells the occupancy."""

    def occupancy(self) -> frozenset[str]:
        """The squares whose switch is settled closed (a piece is on them)."""

    @property
    def failure(self) -> str | None:
        """Why the switches can no longer be read (a bus that stopped answering), else None."""

    def close(self) -> None:
        """Release pins, buses and timers."""


class GpioReeds:
    """One GPIO pin per square, debounced in software, ``SquareChanged`` onto ``events``."""

    def __init__(
        self,
        pins: Mapping[str, int],
        events: queue.Queue[Any],
        *,
        clock: Clock,
        debounce: float = 0.02,
        pin_factory: Factory | None = None,
    ) -> None:
        self._events = events
        self._switches = DebouncedSwitches(
            pins, self._settled, clock=clock, debounce=debounce, pin_factory=pin_factory
        )

    def occupancy(self) -> frozenset[str]:
        """The squares whose switch is settled closed."""
        return frozenset(sq for sq, closed in self._switches.closed().items() if closed)

    @property
    def failure(self) -> str | None:
        """Pins do not stop answering the way a bus can; only a callback that keeps failing."""
        return self._switches.failure

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        self._switches.close()

    def __enter__(self) -> GpioReeds:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _settled(self, square: str, occupied: bool, t: float) -> None:
        self._events.put(SquareChanged(square, occupied, t))
