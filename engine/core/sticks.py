"""A throw of the four casting sticks: each shows white (flat) or dark (round).

Whites showing 1-4 move 1-4; no whites moves 6.

>>> Throw.parse("WDWD").value, Throw.of(6).sticks
(2, (False, False, False, False))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.errors import BadNotation

STICKS = 4


def stick_value(sticks: tuple[bool, ...]) -> int:
    """The move a fall of sticks gives: the number of whites, or 6 when none is white."""
    return sum(sticks) or 6


@dataclass(frozen=True, slots=True)
class Throw:
    """One throw: the number to move and, when sticks were used, how each stick fell."""

    value: int
    sticks: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        if self.value < 1:
            raise BadNotation(f"a throw moves at least 1, not {self.value}")
        if self.sticks and stick_value(self.sticks) != self.value:
            raise BadNotation(
                f"sticks {_faces(self.sticks)} show {stick_value(self.sticks)}, not {self.value}"
            )

    @staticmethod
    def of(value: int) -> Throw:
        """The plain throw of a value, sticks as they would fall (whites first)."""
        return _throw_of(value)

    @staticmethod
    def from_sticks(sticks: tuple[bool, ...]) -> Throw:
        """The throw four fallen sticks show (True = white side up)."""
        return _throw_from_sticks(tuple(sticks))

    @staticmethod
    def parse(text: str) -> Throw:
        """A throw from ``3``, ``WWDW`` or ``3:WWDW`` (W = white, D = dark)."""
        raw = text.strip().upper()
        if not raw:
            raise BadNotation("not a throw: empty text (write 3, WWDW or 3:WWDW)")
        value_text, _, faces = raw.rpartition(":") if ":" in raw else ("", "", raw)
        if faces.isdigit() and not value_text:
            value_text, faces = faces, ""
        try:
            sticks = tuple({"W": True, "D": False}[c] for c in faces)
            value = int(value_text) if value_text else stick_value(sticks)
        except (KeyError, ValueError):
            raise BadNotation(f"not a throw: {text!r} (write 3, WWDW or 3:WWDW)") from None
        if faces and len(sticks) != STICKS:
            raise BadNotation(f"not a throw: {text!r} needs {STICKS} sticks")
        return Throw(value, sticks)

    def __str__(self) -> str:
        return f"{self.value}:{_faces(self.sticks)}" if self.sticks else str(self.value)

    def __repr__(self) -> str:
        return f"Throw({self})"


def _faces(sticks: tuple[bool, ...]) -> str:
    return "".join("W" if s else "D" for s in sticks)


@cache
def _throw_from_sticks(sticks: tuple[bool, ...]) -> Throw:
    return Throw(stick_value(sticks), sticks)


@cache
def _throw_of(value: int) -> Throw:
    whites = 0 if value == 6 else value
    if whites > STICKS:
        return Throw(value)
    return _throw_from_sticks(tuple(i < whites for i in range(STICKS)))


def arrangements(value: int) -> tuple[Throw, ...]:
    """Every way the four sticks can fall to show ``value`` (none for values sticks can't show)."""
    falls = (tuple(bool(bits >> i & 1) for i in range(STICKS)) for bits in range(1 << STICKS))
    return tuple(_throw_from_sticks(s) for s in falls if stick_value(s) == value)
