"""Contact debounce: a switch counts as changed only once it has held still for an interval.

gpiozero's mock pins never bounce and real reed switches do, so this is ours and tested.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Mapping
from typing import Generic, TypeVar

from hardware.core.clock import Clock, Timer

K = TypeVar("K", bound=Hashable)


class Debouncer(Generic[K]):
    """Turns raw edges per key into settled values, reported through ``on_settled(key, value, t)``.

    Each raw edge restarts that key's quiet interval; when it passes with no further edge and the
    level differs from the settled one, the change is reported with ``t`` = the last edge's time.
    A glitch that returns to the settled level within the interval is reported as nothing.
    """

    def __init__(
        self,
        clock: Clock,
        interval: float,
        on_settled: Callable[[K, bool, float], None],
        initial: Mapping[K, bool],
    ) -> None:
        self._clock = clock
        self._interval = interval
        self._on_settled = on_settled
        self._settled = dict(initial)
        self._raw = dict(initial)
        self._last_edge = dict.fromkeys(initial, clock.now())
        self._timers: dict[K, Timer] = {}
        # Edges arrive on the pin library's thread, timers on the clock's: one lock for both.
        self._lock = threading.Lock()

    def edge(self, key: K, level: bool) -> None:
        """Record a raw level seen at ``key`` now (called from a pin callback)."""
        with self._lock:
            now = self._clock.now()
            self._raw[key] = level
            self._last_edge[key] = now
            if key not in self._timers:
                due = now + self._interval
                self._timers[key] = self._clock.call_at(due, lambda: self._due(key))

    def settled(self) -> dict[K, bool]:
        """A copy of every key's settled level."""
        with self._lock:
            return dict(self._settled)

    def close(self) -> None:
        """Call off pending checks; no more changes are reported."""
        with self._lock:
            for timer in self._timers.values():
                timer.cancel()
            self._timers.clear()
            self._on_settled = _ignore

    def _due(self, key: K) -> None:
        with self._lock:
            quiet_from = self._last_edge[key] + self._interval
            if self._clock.now() < quiet_from:
                # A later edge restarted the interval; check again when it has passed.
                self._timers[key] = self._clock.call_at(quiet_from, lambda: self._due(key))
                return
            self._timers.pop(key, None)
            level = self._raw[key]
            if level == self._settled[key]:
                return
            self._settled[key] = level
            report, t = self._on_settled, self._last_edge[key]
        report(key, level, t)


def _ignore(key: object, level: bool, t: float) -> None:
    """The reporter of a closed debouncer."""
