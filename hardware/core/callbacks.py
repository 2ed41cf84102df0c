"""Callbacks that run on a pin library's thread (gpiozero's, lgpio's one callback thread).

None may raise into that thread: an exception there would end it, and with it every later GPIO
callback, with no word. ``CallbackGuard.wrap`` catches everything, logs it, and a failure
repeated ``REPEATED`` times in a row becomes ``failure``: the main loop then stops (exit 70) and
systemd restarts the service.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from hardware.core.errors import shown

log = logging.getLogger(__name__)

REPEATED = 3
"""Failures in a row of one guard's callbacks that stop the service."""


class CallbackGuard:
    """Wraps the callbacks a device hands to a pin library; ``failure`` once they keep failing."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._in_a_row = 0
        self._failure: str | None = None

    @property
    def failure(self) -> str | None:
        """Why this device's callbacks cannot be trusted any more, or None."""
        return self._failure

    def wrap(self, what: str, call: Callable[[], None]) -> Callable[[], None]:
        """``call`` made safe to run on a library's thread; ``what`` names it in the log."""
        # A zero-argument closure: gpiozero inspects a handler's signature to decide how to call it.
        def guarded() -> None:
            try:
                call()
            except Exception as exc:
                self._failed(what, exc)
            else:
                with self._lock:
                    self._in_a_row = 0

        return guarded

    def _failed(self, what: str, exc: Exception) -> None:
        with self._lock:
            self._in_a_row += 1
            count = self._in_a_row
            why = f"{type(exc).__name__}: {shown(str(exc))}"
            if count >= REPEATED and self._failure is None:
                self._failure = f"{what} failed {count} times in a row ({why})"
        if count == 1:  # the whole story once, then a line each time
            log.error("%s failed (%s)", what, why, exc_info=exc)
        else:
            log.error("%s failed again, %d times in a row (%s)", what, count, why)
