"""The two ways hardware refuses to start, each with a message a person can act on, and how a
bad value is shown in one: cut to a readable length, on one line."""

from __future__ import annotations


class ConfigError(Exception):
    """A board file that cannot be used; the message names the file, the key and the problem."""


class HardwareUnavailable(RuntimeError):
    """A real backend (LEDs, I2C, pins) could not be opened here: not a Pi, or not set up."""


SHOWN = 80
"""Characters of a bad value a message shows: a 5 MB value is not one journal line."""
NAMED = 300
"""Characters of a file's path a message shows: a path of 5,000 characters is cut too."""


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` for a one-line message: control characters escaped, cut after ``limit``."""
    head = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    return head if len(text) <= limit else f"{head}... ({len(text):,} characters)"


def shown_value(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` as ``shown`` cuts it (an integer too long to print is described)."""
    try:
        text = repr(value)
    except ValueError:  # int's guard against quadratic printing (over 4,300 digits)
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits" \
            if isinstance(value, int) else f"a {type(value).__name__}"
    return shown(text, limit)
