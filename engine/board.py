"""The 20 squares: sides, stable square names, each side's path and the marked squares.

>>> square_of(Side.CONES, 5), position_of(Side.REELS, "R3")
('M5', 3)
"""

from __future__ import annotations

from enum import IntEnum

from engine.errors import UnknownSquare


class Side(IntEnum):
    """The two sides; Cones throw first in a new game."""

    CONES = 0
    REELS = 1

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side(1 - self)

    @property
    def letter(self) -> str:
        """``C`` or ``R``, the letter of the side's private row."""
        return "CR"[self]

    @property
    def title(self) -> str:
        """``Cones`` or ``Reels``."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Side:
        """A side from ``cones``/``reels`` or ``C``/``R`` (any case)."""
        key = text.strip().lower()
        for side in cls:
            if key in (side.name.lower(), side.letter.lower()):
                return side
        raise ValueError(f"unknown side {text!r}: expected 'cones' or 'reels'")


PATH_LENGTH = 16
"""Path positions run 1..16; landing exactly on 16 bears a piece off."""

PRIVATE = 4
"""Path positions 1..4 are the side's private row; 5..16 are the shared middle row."""

MARKED_POSITIONS = frozenset({4, 8, 12, 16})


def square_of(side: Side, position: int) -> str:
    """The physical square a side's piece stands on at path position 1..16."""
    if not 1 <= position <= PATH_LENGTH:
        raise ValueError(f"path position {position} is not on the board (1..{PATH_LENGTH})")
    if position <= PRIVATE:
        return f"{side.letter}{position}"
    return f"M{position}"


def position_of(side: Side, square: str) -> int:
    """The path position of a square for a side; UnknownSquare if the side never goes there."""
    name = parse_square(square)
    if name[0] == "M":
        return int(name[1:])
    if name[0] != side.letter:
        raise UnknownSquare(
            f"{name} is on the {side.other.title}' row, not on the {side.title}' path"
        )
    return int(name[1:])


def path(side: Side) -> tuple[str, ...]:
    """The 16 squares of a side's path, in the order its pieces travel."""
    return tuple(square_of(side, p) for p in range(1, PATH_LENGTH + 1))


SQUARES: tuple[str, ...] = (
    tuple(f"R{i}" for i in range(1, 5))
    + tuple(f"C{i}" for i in range(1, 5))
    + tuple(f"M{i}" for i in range(5, 17))
)
"""All 20 square names: the Reels' row, the Cones' row, then the middle row by path position."""

MARKED_SQUARES = frozenset({"R4", "C4", "M8", "M12", "M16"})
"""The five squares with the ankh / nefer signs."""

LAYOUT: tuple[tuple[str | None, ...], ...] = (
    (None,) * 8 + ("R1", "R2", "R3", "R4"),
    tuple(f"M{i}" for i in range(16, 4, -1)),
    (None,) * 8 + ("C1", "C2", "C3", "C4"),
)
"""The board as it lies on the table: three rows, left to right (Reels on top)."""


def parse_square(text: str) -> str:
    """The canonical name of a square (``m7`` -> ``M7``); raises UnknownSquare otherwise."""
    name = text.strip().upper()
    if name not in _SQUARE_SET:
        raise UnknownSquare(f"unknown square {text!r}: squares are R1-R4, C1-C4 and M5-M16")
    return name


_SQUARE_SET = frozenset(SQUARES)
