"""Clocks that tell the time and call back later: a real one, and a manual one for tests.

Drivers never read the wall clock or sleep: they ask their clock for the time and for timers, so a
test drives debounce and shake timing by advancing a ``ManualClock``.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)


class Timer(Protocol):
    """A pending call that can be called off."""

    def cancel(self) -> None:
        """Do not make the call (harmless if it was made already)."""


class Clock(Protocol):
    """Monotonic time in seconds and one-shot timers on it."""

    def now(self) -> float:
        """The current monotonic time in seconds."""

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once, at ``when`` or as soon as possible after."""


class _Entry:
    """One scheduled call; ordered by time, then by the order it was made in."""

    __slots__ = ("callback", "cancelled", "key")

    def __init__(self, when: float, order: int, callback: Callable[[], None]) -> None:
        self.key = (when, order)
        self.callback = callback
        self.cancelled = False

    def __lt__(self, other: _Entry) -> bool:
        return self.key < other.key

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that only moves when told to: ``advance(dt)`` runs every call that falls due.

    >>> clock = ManualClock(); clock.call_at(0.5, lambda: print("due")) and None
    >>> clock.advance(1.0)
    due
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._heap: list[_Entry] = []
        self._order = itertools.count()
        self._lock = threading.RLock()

    def now(self) -> float:
        """The time the clock was last moved to."""
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Schedule ``callback`` for ``when``; it runs during a later ``advance``/``run_until``."""
        with self._lock:
            entry = _Entry(when, next(self._order), callback)
            heapq.heappush(self._heap, entry)
            return entry

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``, running the calls that fall due, in time order."""
        self.run_until(self._now + seconds)

    def run_until(self, when: float) -> None:
        """Move time forward to ``when``; each call sees ``now()`` equal to its own due time."""
        while True:
            with self._lock:
                if not self._heap or self._heap[0].key[0] > when:
                    break
                entry = heapq.heappop(self._heap)
                self._now = max(self._now, entry.key[0])
            if not entry.cancelled:
                entry.callback()
        self._now = max(self._now, when)

    def pending(self) -> int:
        """How many calls are still waiting (cancelled ones included until they fall due)."""
        return len(self._heap)


class MonotonicClock:
    """The real clock: ``time.monotonic`` and one worker thread that sleeps until the next call.

    The worker blocks on a condition with no timeout while nothing is scheduled, so an idle board
    costs no wake-ups at all. Callbacks run on that thread, one at a time. A callback that raises
    ends the worker (debounce and polling would be stuck half-way): ``failure`` then says so, and
    the main loop stops so that systemd restarts the service.
    """

    def __init__(self) -> None:
        self._heap: list[_Entry] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._ended = False  # set by the worker itself as it ends, however it ends
        self._failure: str | None = None

    @property
    def failure(self) -> str | None:
        """Why the worker thread has stopped before ``close``, or None while it works."""
        # Told by the worker as it ends, not guessed from is_alive(): a thread being started by
        # another thread's first call_at is not alive yet, and has not stopped either.
        if self._failure is None and self._ended and not self._closed:
            return "the clock's thread has stopped"
        return self._failure

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Schedule ``callback``; starts the worker thread on first use."""
        with self._wake:
            entry = _Entry(when, next(self._order), callback)
            heapq.heappush(self._heap, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="aseb-clock", daemon=True)
                self._thread.start()
            self._wake.notify()
            return entry

    def close(self) -> None:
        """Stop the worker thread; pending calls are dropped."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        try:
            self._work()
        finally:
            self._ended = True

    def _work(self) -> None:
        while True:
            with self._wake:
                while not self._closed:
                    if not self._heap:
                        self._wake.wait()
                        continue
                    delay = self._heap[0].key[0] - time.monotonic()
                    if delay <= 0:
                        break
                    self._wake.wait(delay)
                if self._closed:
                    return
                entry = heapq.heappop(self._heap)
            if not entry.cancelled:
                try:
                    entry.callback()
                except Exception as exc:
                    log.exception("a timer of the clock failed; the clock stops")
                    self._failure = f"a timer of the clock failed ({type(exc).__name__}: {exc})"
                    return
