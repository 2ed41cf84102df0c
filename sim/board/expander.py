"""A simulated MCP23017: the registers the Adafruit driver exposes, and its INT line on a mock pin.

Inputs float low unless pulled up, as near enough to a real chip to catch a missing pull-up.
"""

from __future__ import annotations

import errno
from typing import Any


class FakeMcp23017:
    """Stands where ``adafruit_mcp230xx.mcp23017.MCP23017`` would; ``ground(bit, closed)`` wires it.

    ``interrupt_pin`` is a gpiozero mock pin the chip pulls low when an enabled input changes,
    and releases when ``gpio`` is read, like the real INT output in open-drain mode.
    """

    failing = False
    """While True every read of the inputs raises the Remote I/O error a bad bus gives."""

    def __init__(self, address: int = 0x20, interrupt_pin: Any = None) -> None:
        self.address = address
        self.iodir = 0xFFFF
        self.gppu = 0
        self.ipol = 0
        self.interrupt_enable = 0
        self.interrupt_configuration = 0
        self.default_value = 0
        self.io_control = 0
        self.reads = 0
        self._grounded = 0
        self._interrupt_pin = interrupt_pin
        self._asserted = False

    @property
    def gpio(self) -> int:
        """The input levels (1 = high); reading it releases the INT line."""
        self.reads += 1
        if self.failing:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        value = self._levels()
        if self._asserted:
            self._asserted = False
            if self._interrupt_pin is not None:
                self._interrupt_pin.drive_high()
        return value

    def power_cycle(self) -> None:
        """Reset as a brown-out does: every register back to its power-on value, INT released."""
        self.iodir, self.gppu, self.ipol = 0xFFFF, 0, 0
        self.interrupt_enable = self.interrupt_configuration = self.default_value = 0
        self.io_control = 0
        if self._asserted:
            self._asserted = False
            if self._interrupt_pin is not None:
                self._interrupt_pin.drive_high()

    def ground(self, bit: int, closed: bool) -> None:
        """Close (or open) a switch between input ``bit`` and ground."""
        before = self._levels()
        self._grounded = self._grounded | (1 << bit) if closed else self._grounded & ~(1 << bit)
        changed = before ^ self._levels()
        if changed & self.interrupt_enable & ~self.interrupt_configuration and not self._asserted:
            self._asserted = True
            if self._interrupt_pin is not None:
                self._interrupt_pin.drive_low()

    def _levels(self) -> int:
        # An input reads high only when pulled up and not grounded; outputs read their latch (0).
        high = self.iodir & self.gppu & ~self._grounded & 0xFFFF
        return high ^ (self.ipol & self.iodir)
