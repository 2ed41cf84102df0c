"""The two ways hardware refuses to start, each with a message a person can act on."""

from __future__ import annotations


class ConfigError(Exception):
    """A board file that cannot be used; the message names the file, the key and the problem."""


class HardwareUnavailable(RuntimeError):
    """A real backend (LEDs, I2C, pins) could not be opened here: not a Pi, or not set up."""
