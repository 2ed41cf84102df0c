"""Reed switches on MCP23017 I2C expanders, for a Pi with few free pins or a larger board.

Each reed switch goes between an expander input (A0-B7) and ground; the expander's pull-ups are
switched on. With ``interrupt_pin`` set, the expander's INT line (mirrored, open-drain) wakes us on
every change; without it the expander is read every ``poll_interval``. Either way the same
debounce as direct GPIO applies.

An I2C bus has bad moments (a long wire, a spark from the LED supply): a read that fails (with
any exception, not only an OSError) is tried again at once, then at every poll until the expander
answers, with a warning. An expander that has not answered for ``GIVE_UP`` seconds is reported by
``failure``, and the service restarts. An expander that resets (a brown-out) forgets its pull-ups
and interrupts: its set-up is read back before any change is believed and every ``CHECK_EVERY``
seconds (a slow poll even with an INT line), and written again when it was lost.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from gpiozero import DigitalInputDevice  # type: ignore[import-untyped]
from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.boards.board_file import Expander, ExpanderChannel
from hardware.core.callbacks import CallbackGuard
from hardware.core.clock import Clock, Timer
from hardware.core.debounce import Debouncer
from hardware.core.errors import HardwareUnavailable, shown
from hardware.core.events import SquareChanged
from hardware.core.pins import blinka_board

log = logging.getLogger(__name__)

IOCON_MIRROR = 0x40  # INTA and INTB both fire for a change on either port
IOCON_ODR = 0x04  # open-drain INT: several expanders may share a line, no level clash
READ_TRIES = 3
"""Reads of an expander tried back to back before this poll counts as failed."""
GIVE_UP = 5.0
"""Seconds an expander may fail every read before ``failure`` reports it (the service restarts)."""
CHECK_EVERY = 2.0
"""Seconds between read-backs of an expander's set-up, and reads of an INT-driven one."""


class Mcp23017(Protocol):
    """The registers we use, named as ``adafruit_mcp230xx.mcp23017.MCP23017`` names them."""

    @property
    def gpio(self) -> int:
        """The 16 input levels, A0 in bit 0; reading it clears a pending interrupt."""

    iodir: int
    gppu: int
    ipol: int
    interrupt_enable: int
    interrupt_configuration: int
    io_control: int


def open_mcp23017s(addresses: Sequence[int]) -> dict[int, Mcp23017]:
    """The real expanders on the Pi's I2C bus (imports Adafruit's driver only now)."""
    try:
        board = blinka_board()
        from adafruit_mcp230xx.mcp23017 import MCP23017  # type: ignore[import-not-found]

        i2c = board.I2C()
        return {address: MCP23017(i2c, address=address) for address in addresses}
    except Exception as e:
        found = ", ".join(f"{a:#04x}" for a in addresses)
        raise HardwareUnavailable(
            f"the MCP23017 expanders ({found}) cannot be opened ({type(e).__name__}: {e}); they "
            "need a Raspberry Pi with I2C enabled (raspi-config > Interface > I2C), the user in "
            "group 'i2c', the pi extra (systemd/install.sh installs it), and the address pins "
            "set as in the board file"
        ) from e


class Mcp23017Reeds:
    """Reed switches on expander channels, debounced, ``SquareChanged`` onto ``events``.

    ``chips`` maps an I2C address to an expander object (tests pass fakes); by default the real
    ones are opened on the Pi's I2C bus.
    """

    def __init__(
        self,
        channels: Mapping[str, ExpanderChannel],
        expanders: Sequence[Expander],
        events: queue.Queue[Any],
        *,
        clock: Clock,
        debounce: float = 0.02,
        poll_interval: float = 0.005,
        chips: Mapping[int, Mcp23017] | None = None,
        pin_factory: Factory | None = None,
    ) -> None:
        self._events = events
        self._clock = clock
        self._poll_interval = poll_interval
        self._chips = dict(chips) if chips is not None else open_mcp23017s(
            [e.address for e in expanders]
        )
        self._squares_on: dict[int, dict[str, int]] = {e.address: {} for e in expanders}
        for square, channel in channels.items():
            self._squares_on[channel.address][square] = channel.bit
        # One read at a time, from any thread; a read asked for during a read (the INT line
        # firing as we read) is done right after it by the same caller, in order.
        self._reading = threading.RLock()
        self._busy = False
        self._again: list[tuple[int, bool]] = []  # (address, read its set-up back too)
        self._raw: dict[str, bool] = {}
        # Each expander's next poll or second look, and its next slow check.
        self._pending: dict[tuple[int, str], Timer] = {}
        self._next_check = {e.address: clock.now() + CHECK_EVERY for e in expanders}
        self._with_interrupt = {e.address: e.interrupt_pin is not None for e in expanders}
        self._alerts: dict[int, DigitalInputDevice] = {}
        self._failing: dict[int, tuple[float, str]] = {}  # since when, and the last error
        self.outages = 0
        """I2C outages so far: an expander's reads failing, each spell once (a board's
        faults, as the museum's status tells them)."""
        self._guard = CallbackGuard()
        self._closed = False
        for expander in expanders:
            try:
                self._set_up(expander.address)
                self._raw.update(self._levels_now(expander.address))
            except Exception as e:
                raise HardwareUnavailable(
                    f"the MCP23017 expander at {expander.address:#04x} does not answer on I2C "
                    f"({type(e).__name__}: {shown(str(e))}); check its wiring and address pins"
                ) from e
        self._debouncer = Debouncer(clock, debounce, self._settled, self._raw)
        try:
            for expander in expanders:
                if expander.interrupt_pin is None:
                    self._poll(expander.address)
                else:
                    self._listen(expander.address, expander.interrupt_pin, pin_factory)
                    self._later(expander.address, "check", CHECK_EVERY,
                                partial(self._check, expander.address))
        except BaseException:
            self.close()
            raise

    def occupancy(self) -> frozenset[str]:
        """The squares whose switch is settled closed."""
        return frozenset(sq for sq, closed in self._debouncer.settled().items() if closed)

    @property
    def failure(self) -> str | None:
        """Why the reeds can no longer be read (an expander silent for ``GIVE_UP`` s, or an INT
        line whose callback keeps failing), or None."""
        if self._guard.failure is not None:
            return self._guard.failure
        if not self._failing:  # asked every frame: nothing to work out while all answer
            return None
        now = self._clock.now()
        for address, (since, error) in dict(self._failing).items():
            if now - since >= GIVE_UP:
                return (f"the MCP23017 expander at {address:#04x} has not answered on I2C for "
                        f"{now - since:.0f} s ({error})")
        return None

    def close(self) -> None:
        """Stop listening and polling; safe to call twice."""
        self._closed = True
        for timer in self._pending.values():
            timer.cancel()
        self._debouncer.close()
        for device in self._alerts.values():
            device.close()
        self._alerts.clear()

    def _mask(self, address: int) -> int:
        return sum(1 << bit for bit in self._squares_on[address].values())

    def _set_up(self, address: int) -> None:
        chip = self._chips[address]
        mask = self._mask(address)
        chip.iodir |= mask  # inputs
        chip.gppu |= mask  # pulled up: an open switch reads 1, a closed one 0
        chip.ipol &= ~mask & 0xFFFF
        if self._with_interrupt[address]:
            chip.io_control |= IOCON_MIRROR | IOCON_ODR
            chip.interrupt_configuration &= ~mask & 0xFFFF  # on any change, not vs DEFVAL
            chip.interrupt_enable |= mask

    def _lost_set_up(self, address: int) -> bool:
        """Whether the expander has forgotten its set-up (reset: no pull-ups, no interrupts)."""
        chip = self._chips[address]
        mask = self._mask(address)
        if chip.gppu & mask != mask or chip.iodir & mask != mask or chip.ipol & mask:
            return True
        return self._with_interrupt[address] and (
            chip.interrupt_enable & mask != mask
            or chip.io_control & (IOCON_MIRROR | IOCON_ODR) != IOCON_MIRROR | IOCON_ODR)

    def _levels_now(self, address: int) -> dict[str, bool]:
        value = self._chips[address].gpio  # reading GPIO also clears the interrupt
        return {sq: not (value >> bit) & 1 for sq, bit in self._squares_on[address].items()}

    def _levels_checked(self, address: int, check: bool) -> dict[str, bool]:
        """The levels, believed only from an expander that still has its set-up: a reset one
        reads every open switch as closed (no pull-ups), so it is set up again and read again."""
        levels = self._levels_now(address)
        changed = any(levels[sq] != self._raw[sq] for sq in levels)
        if (check or changed) and self._lost_set_up(address):
            log.warning("expander %#04x lost its set-up (a reset or a brown-out): setting it up "
                        "again and reading the board afresh", address)
            self._set_up(address)
            levels = self._levels_now(address)
        return levels

    def _levels(self, address: int, check: bool = False) -> dict[str, bool]:
        """The levels of ``address``'s inputs; empty when it did not answer ``READ_TRIES`` times.

        Any exception is a failed read: a driver's ValueError must not leave the board deaf."""
        for _ in range(READ_TRIES):
            try:
                levels = self._levels_checked(address, check)
            except Exception as e:
                error = f"{type(e).__name__}: {shown(str(e))}"
                if not isinstance(e, OSError) and address not in self._failing:
                    log.warning("expander %#04x: unexpected error reading it", address,
                                exc_info=e)
                continue
            if address in self._failing:
                since, _ = self._failing.pop(address)
                log.warning("expander %#04x answers again after %.1f s", address,
                            self._clock.now() - since)
            return levels
        if address not in self._failing:
            log.warning("expander %#04x: I2C read failed %d times (%s); trying again", address,
                        READ_TRIES, error)
            self._failing[address] = (self._clock.now(), error)
            self.outages += 1
        else:
            self._failing[address] = (self._failing[address][0], error)
        return {}

    def _read(self, address: int, check: bool = False) -> None:
        with self._reading:
            self._again.append((address, check))
            if self._busy:
                return
            self._busy = True
            try:
                while self._again:
                    for square, closed in self._levels(*self._again.pop(0)).items():
                        if closed != self._raw[square]:
                            self._raw[square] = closed
                            self._debouncer.edge(square, closed)
            finally:
                self._busy = False

    def _listen(self, address: int, pin: int, pin_factory: Factory | None) -> None:
        alert = DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory)
        self._alerts[address] = alert
        # Runs on the pin library's thread: guarded, so nothing raised there ends that thread.
        alert.when_activated = self._guard.wrap(f"the INT line of expander {address:#04x}",
                                                lambda: self._alerted(address))

    def _alerted(self, address: int, check: bool = False) -> None:
        self._read(address, check)
        # A change between our read and the line's release keeps INT low with no new edge, and
        # a failed read leaves it low too: look again shortly rather than wait for an edge.
        alert = self._alerts.get(address)
        if address in self._failing or (alert is not None and alert.is_active):
            self._later(address, "look", self._poll_interval, lambda: self._alerted(address))

    def _check(self, address: int) -> None:
        """The slow poll of an INT-driven expander: its set-up read back, its inputs read."""
        self._alerted(address, check=True)
        self._later(address, "check", CHECK_EVERY, lambda: self._check(address))

    def _poll(self, address: int) -> None:
        now = self._clock.now()
        check = now >= self._next_check[address]
        if check:
            self._next_check[address] = now + CHECK_EVERY
        self._read(address, check)
        self._later(address, "poll", self._poll_interval, lambda: self._poll(address))

    def _later(self, address: int, kind: str, delay: float, call: Callable[[], None]) -> None:
        if not self._closed:
            when = self._clock.now() + delay
            self._pending[address, kind] = self._clock.call_at(when, call)

    def _settled(self, square: str, occupied: bool, t: float) -> None:
        self._events.put(SquareChanged(square, occupied, t))
