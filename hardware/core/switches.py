"""Switches to ground on GPIO pins, debounced: the one way reeds, the tilt and buttons are read.

Each switch closes its pin to ground against the Pi's pull-up; gpiozero calls back on every edge
(no polling) and the ``Debouncer`` reports a change once the contact has held still.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Generic, TypeVar

from gpiozero import DigitalInputDevice  # type: ignore[import-untyped]
from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.core.callbacks import CallbackGuard
from hardware.core.clock import Clock
from hardware.core.debounce import Debouncer

K = TypeVar("K", bound=Hashable)


class DebouncedSwitches(Generic[K]):
    """Named switches on GPIO pins; ``on_change(name, closed, t)`` fires once per settled change."""

    def __init__(
        self,
        pins: Mapping[K, int],
        on_change: Callable[[K, bool, float], None],
        *,
        clock: Clock,
        debounce: float,
        pin_factory: Factory | None = None,
    ) -> None:
        self._devices: dict[K, DigitalInputDevice] = {}
        try:
            for name, pin in pins.items():
                self._devices[name] = DigitalInputDevice(
                    pin, pull_up=True, pin_factory=pin_factory
                )
        except BaseException:
            self.close()
            raise
        closed = {name: bool(device.is_active) for name, device in self._devices.items()}
        self._debouncer = Debouncer(clock, debounce, on_change, closed)
        # The edges arrive on the pin library's thread: guarded, so nothing raised there ends it.
        self._guard = CallbackGuard()
        for name, device in self._devices.items():
            device.when_activated = self._guard.wrap(f"switch {name}",
                                                     _edge(self._debouncer, name, True))
            device.when_deactivated = self._guard.wrap(f"switch {name}",
                                                       _edge(self._debouncer, name, False))

    @property
    def failure(self) -> str | None:
        """Why these switches' callbacks cannot be trusted any more, or None."""
        return self._guard.failure

    def closed(self) -> dict[K, bool]:
        """Every switch's settled state, True when closed."""
        return self._debouncer.settled()

    def close(self) -> None:
        """Release the pins and call off pending checks; safe to call twice."""
        if hasattr(self, "_debouncer"):
            self._debouncer.close()
        for device in self._devices.values():
            device.close()
        self._devices.clear()


def _edge(debouncer: Debouncer[K], name: K, closed: bool) -> Callable[[], None]:
    # A zero-argument closure: gpiozero inspects a handler's signature to decide how to call it.
    return lambda: debouncer.edge(name, closed)
