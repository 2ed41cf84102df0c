"""The stick box: a tilt switch that turns a shake into a throw, and an optional throw button.

Mount a ball tilt switch upright in the box, between its GPIO pin and ground. Tilts that come
``start_tilts`` at a time make a shake; once the box has stood upright for ``settle`` seconds the
sticks are drawn. The box knows no rules: the controller's ``draw(rng)`` decides what a throw is.

    box = StickBox(board.sticks, events, clock=clock, draw=ruleset.draw)
    events.get()  # ShakeStarted, Shaking..., then SticksThrown(result=<Throw 3>, t=...)
"""

from __future__ import annotations

import hashlib
import queue
import random
import secrets
import struct
import threading
from collections import deque
from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, TypeVar

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.boards.board_file import SticksConfig
from hardware.core.clock import Clock, Timer
from hardware.core.events import ShakeAbandoned, ShakeStarted, Shaking, SticksThrown
from hardware.core.switches import DebouncedSwitches

T = TypeVar("T")


class _State(Enum):
    STILL = "still"
    SHAKING = "shaking"
    COOLING = "cooling"  # after an abandoned shake: wait for quiet before listening again


class StickBox(Generic[T]):
    """Shake detection on a tilt switch and fair throws from a cryptographically seeded generator.

    ``rng`` replaces the generator (tests only); the shake's timing is mixed in either way.
    """

    def __init__(
        self,
        config: SticksConfig,
        events: queue.Queue[Any],
        *,
        clock: Clock,
        draw: Callable[[random.Random], T],
        pin_factory: Factory | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._config = config
        self._events = events
        self._clock = clock
        self._draw = draw
        self._rng = rng if rng is not None else random.Random(secrets.randbits(256))
        self._lock = threading.RLock()
        self._state = _State.STILL
        self._recent: deque[float] = deque()
        self._last_tilt = clock.now()
        self._started = 0.0
        # Raw material for the generator; bounded, since single tilts between shakes add to it.
        self._timings: deque[float] = deque(maxlen=256)
        self._timer: Timer | None = None
        self._timer_when = float("inf")
        pins = {"tilt": config.tilt_pin}
        if config.button_pin is not None:
            pins["button"] = config.button_pin
        self._switches = DebouncedSwitches(
            pins, self._changed, clock=clock, debounce=config.debounce, pin_factory=pin_factory
        )
        self._upright = self._switches.closed()["tilt"] == config.rest_closed

    @property
    def shaking(self) -> bool:
        """Whether a shake is under way."""
        return self._state is _State.SHAKING

    def throw(self) -> None:
        """Throw at once without a shake, as the throw button does (ignored during a shake)."""
        with self._lock:
            if self._state is _State.STILL:
                self._timings.append(self._clock.now())
                self._throw()

    @property
    def failure(self) -> str | None:
        """Why the stick box can no longer be trusted (a callback that keeps failing), or None."""
        return self._switches.failure

    def close(self) -> None:
        """Release the pins and call off the pending timer."""
        with self._lock:
            self._cancel_timer()
            self._switches.close()

    def _changed(self, name: str, closed: bool, t: float) -> None:
        with self._lock:
            if name == "button":
                if closed:
                    self.throw()
                return
            self._upright = closed == self._config.rest_closed
            self._tilted(t)

    def _tilted(self, t: float) -> None:
        self._last_tilt = t
        self._timings.append(t)
        if self._state is _State.SHAKING:
            self._put(Shaking(t))
            self._arm(t + self._config.settle)
        elif self._state is _State.STILL:
            window = self._config.start_window
            self._recent.append(t)
            while self._recent and self._recent[0] < t - window:
                self._recent.popleft()
            if len(self._recent) >= self._config.start_tilts:
                self._state = _State.SHAKING
                self._started = self._recent[0]
                self._recent.clear()
                self._put(ShakeStarted(t))
                self._arm(t + self._config.settle)
        else:
            self._arm(t + self._config.settle)

    def _arm(self, when: float) -> None:
        """Make sure ``_due`` runs at ``when`` (an earlier call already pending serves)."""
        if self._timer is not None:
            if self._timer_when <= when:
                return
            self._timer.cancel()  # a later deadline must not hide an earlier one
        self._timer_when = when
        self._timer = self._clock.call_at(when, self._due)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _due(self) -> None:
        with self._lock:
            self._timer = None
            now = self._clock.now()
            quiet_from = self._last_tilt + self._config.settle
            too_long = self._started + self._config.max_shake
            if self._state is _State.COOLING:
                if now < quiet_from:
                    self._arm(quiet_from)
                else:
                    self._state = _State.STILL
                    self._timings.clear()
                return
            if self._state is not _State.SHAKING:
                return
            if now >= too_long:
                reason = "tilted" if now >= quiet_from and not self._upright else "chattering"
                self._put(ShakeAbandoned(_REASONS[reason], now))
                self._state = _State.COOLING
                self._arm(max(now, quiet_from))
            elif now < quiet_from:
                self._arm(min(quiet_from, too_long))
            elif self._upright:
                self._throw()
            else:
                # Held tilted after the shake: wait for it to be set down, but not for ever.
                self._arm(too_long)

    def _throw(self) -> None:
        self._mix_in(self._timings)
        self._timings.clear()
        self._state = _State.STILL
        self._recent.clear()
        self._put(SticksThrown(self._draw(self._rng), self._clock.now()))

    def _mix_in(self, timings: deque[float]) -> None:
        # Reseed from the generator's own output and the shake's timing: never less entropy.
        material = self._rng.getrandbits(256).to_bytes(32, "big")
        material += struct.pack(f"<{len(timings)}d", *timings)
        self._rng.seed(int.from_bytes(hashlib.sha256(material).digest(), "big"))

    def _put(self, event: object) -> None:
        self._events.put(event)


_REASONS = {
    "chattering": "the tilt switch kept changing too long: a chattering switch?",
    "tilted": "the stick box was left tilted",
}
