"""The 20 squares of Tait's and Cyningstan's board: stable square names, each side's path, the
marked squares, and the board as the window draws it and the lights map it.

>>> square_of(Side.CONES, 5), position_of(Side.REELS, "R3")
('M5', 3)
>>> TWENTY_SQUARES.position["M16"], TWENTY_SQUARES.marked["M8"]
((1, 0), 'ankh')
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core.errors import UnknownSquare
from engine.core.sides import Side
from engine.core.words import N_, phrase, side_name
from engine.games.api import Geometry

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
        raise UnknownSquare(phrase(N_("{square} is on the {other}' row, not on the {side}' path"),
                                   square=name, other=side_name(side.other), side=side_name(side)))
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
        raise UnknownSquare(phrase(N_("unknown square {text}: squares are R1-R4, C1-C4 and "
                                      "M5-M16"), text=repr(text)))
    return name


_SQUARE_SET = frozenset(SQUARES)


_SIGNS = {"R4": "nefer", "C4": "nefer", "M8": "ankh", "M12": "nefer", "M16": "ankh"}
"""Which sign each marked square carries (the ankh at the middle row's two ends of a run)."""

TWENTY_SQUARES = Geometry(
    board="twenty-squares",
    squares=SQUARES,
    position=MappingProxyType({
        square: (row, column)
        for row, line in enumerate(LAYOUT)
        for column, square in enumerate(line)
        if square is not None
    }),
    marked=MappingProxyType({square: _SIGNS[square] for square in sorted(MARKED_SQUARES)}),
    paths=(path(Side.CONES), path(Side.REELS)),
    homes=(path(Side.CONES)[:4], path(Side.REELS)[:4]),
)
"""Tait's and Cyningstan's board: three rows of four, the middle row running on for eight."""
