"""The optional buttons (new game, mummy on/off, switch sides), each a push button to ground.

    buttons = Buttons({"new_game": 5}, events, clock=clock)
    events.get()  # ButtonPressed(button='new_game', t=...)
"""

from __future__ import annotations

import queue
from collections.abc import Mapping
from typing import Any

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.core.clock import Clock
from hardware.core.events import ButtonPressed, ButtonReleased
from hardware.core.switches import DebouncedSwitches


class Buttons:
    """Debounced buttons by name: ``ButtonPressed`` on a press, ``ButtonReleased`` on letting go."""

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
            pins, self._changed, clock=clock, debounce=debounce, pin_factory=pin_factory
        )

    @property
    def failure(self) -> str | None:
        """Why the buttons can no longer be trusted (a callback that keeps failing), or None."""
        return self._switches.failure

    def close(self) -> None:
        """Release the pins."""
        self._switches.close()

    def _changed(self, name: str, pressed: bool, t: float) -> None:
        self._events.put(ButtonPressed(name, t) if pressed else ButtonReleased(name, t))
