"""What the board tells the main loop: frozen events put on one queue, stamped by the clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SquareChanged:
    """A square's reed switch settled: ``occupied`` is whether a magnet (a piece) is on it now.

    ``t`` is when the contact came to rest, one debounce interval before the event was sent.
    """

    square: str
    occupied: bool
    t: float


@dataclass(frozen=True)
class StackChanged:
    """A Hall board's square settled on a new ``count`` of men: plus for Cones, minus for Reels,
    0 for none (a reed board sends ``SquareChanged`` instead)."""

    square: str
    count: int
    t: float


@dataclass(frozen=True)
class StackUnclear:
    """A Hall board's square has stood still reading between its levels since ``t``: men of
    both sides on it, or a man not set down flat. A ``StackChanged`` follows once it reads
    clear again."""

    square: str
    t: float


@dataclass(frozen=True)
class SensorFailed:
    """A Hall board's sensor under ``square`` (on ADC ``adc``, input ``channel``) reads what no
    men could give it since ``t``: ``fault`` is ``nothing`` (the bottom of the range: a wire
    loose), ``full`` (the top of the range), ``beyond`` (past any stack) or ``stuck`` (one
    reading, not a count of noise). Its square is judged without it until ``SensorMended``."""

    square: str
    fault: str
    adc: int
    channel: int
    t: float


@dataclass(frozen=True)
class SensorMended:
    """The sensor under ``square`` reads as a sensor should again (its count follows)."""

    square: str
    t: float


@dataclass(frozen=True)
class ShakeStarted:
    """The stick box began to rattle like a real shake, not a bump or a chattering contact."""

    t: float


@dataclass(frozen=True)
class Shaking:
    """The stick box is still being shaken (sent on every tilt while the shake lasts)."""

    t: float


@dataclass(frozen=True)
class SticksThrown:
    """The shake settled (or the throw button was pressed): ``result`` is what ``draw`` returned."""

    result: Any
    t: float


@dataclass(frozen=True)
class ShakeAbandoned:
    """A shake ended without a throw: the box was left tilted, or the switch chattered too long."""

    reason: str
    t: float


@dataclass(frozen=True)
class ButtonPressed:
    """One of the optional buttons (``new_game``, ``mummy``, ``switch_sides``) was pressed."""

    button: str
    t: float


@dataclass(frozen=True)
class ButtonReleased:
    """A button was let go (how long it was held tells a staff reset from a press)."""

    button: str
    t: float


HardwareEvent = (
    SquareChanged | StackChanged | StackUnclear | SensorFailed | SensorMended | ShakeStarted
    | Shaking | SticksThrown | ShakeAbandoned | ButtonPressed | ButtonReleased
)
