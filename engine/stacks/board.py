"""The stacking game's 20 squares: a block of three rows of five with a tail of five running on
from the middle row, each side's path of 15 squares, and where each square lies.

A side enters on its own row of the block, ``C1``-``C5`` (``R1``-``R5``), numbered from the
corner next to the tail; its path runs on to ``C5``, turns into the middle row and runs back
along it and down the tail: ``M6``-``M15``, the middle row shared by both sides. ``M15``, the
far end of the tail, is the last square.

>>> square(Side.REELS, 3), square(Side.CONES, 15), number(Side.CONES, "m9"), place("C1")
('R3', 'M15', 9, (2, 5))
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core.errors import UnknownSquare
from engine.core.sides import Side
from engine.core.words import N_, phrase, side_name
from engine.games.api import Geometry

LAST = 15
"""The last square of the path; a man that goes beyond it leaves the board."""
OFF = 16
"""The path number of a man that has left the board (out of play, in front of the opponent)."""
ROW = 5
"""Squares in a side's own row, where its men enter (path 1..5)."""
REACH = 6
"""A man must stand this many squares or fewer from the last at the start of the turn to land
on it: path 9..14."""
FIRST_READY = LAST - REACH
"""The first path square within reach of the last (M9)."""
CAPACITY = 3
"""Men one square holds at most (all of one side)."""
MEN = 15
"""Men each side has."""


def square(side: Side, n: int) -> str:
    """The name of path square ``n`` (1..15) of ``side``: its own row, then the middle row."""
    if not 1 <= n <= LAST:
        raise ValueError(f"path square {n} is not on the board (1..{LAST})")
    return f"{side.letter}{n}" if n <= ROW else f"M{n}"


def number(side: Side, name: str) -> int:
    """The path number of a square for ``side`` (any case); UnknownSquare if its men never go
    there."""
    key = name.strip().upper()
    if key[:1] == "M" and key[1:].isdigit() and ROW < int(key[1:]) <= LAST:
        return int(key[1:])
    if key[:1] in ("C", "R") and key[1:].isdigit() and 1 <= int(key[1:]) <= ROW:
        if key[0] != side.letter:
            raise UnknownSquare(phrase(N_("{square} is on the {other}' row, not on the {side}' "
                                          "path"), square=key, other=side_name(side.other),
                                       side=side_name(side)))
        return int(key[1:])
    raise UnknownSquare(phrase(N_("unknown square {text}: the squares are C1-C5, R1-R5 and "
                                  "M6-M15"), text=repr(name)))


def place(name: str) -> tuple[int, int]:
    """(row, column) of a square seen from above: the Reels' row on top, the tail on the left,
    square 1 of each row next to it."""
    letter, n = name[0], int(name[1:])
    if letter == "M":
        return 1, LAST - n
    return (0 if letter == "R" else 2), ROW - 1 + n


SQUARES: tuple[str, ...] = (
    *(f"R{n}" for n in range(1, ROW + 1)),
    *(f"M{n}" for n in range(ROW + 1, LAST + 1)),
    *(f"C{n}" for n in range(1, ROW + 1)),
)
"""All 20 square names: the Reels' row, the middle row with the tail, the Cones' row."""


def path(side: Side) -> tuple[str, ...]:
    """The 15 squares of ``side``'s path, in the order its men travel."""
    return tuple(square(side, n) for n in range(1, LAST + 1))


GEOMETRY = Geometry(
    board="stacks",
    squares=SQUARES,
    position=MappingProxyType({name: place(name) for name in SQUARES}),
    marked=MappingProxyType({square(Side.CONES, LAST): "last"}),
    paths=(path(Side.CONES), path(Side.REELS)),
    homes=(path(Side.CONES)[:ROW], path(Side.REELS)[:ROW]),
)
"""A block of three rows of five and a tail of five: no reed-switch board reads it (a switch
cannot count a stack); a Hall board does (``hardware/boards/hall.toml``)."""
