"""Senet's 30 squares: their names, where each lies, and the houses along the path.

Squares are numbered along the path, ``H1`` to ``H30`` (never ``S``: S1-S4 name the stick
pixels). The path snakes through three rows of ten: H1-H10 left to right along the top row,
H11-H20 right to left along the middle one, H21-H30 left to right along the bottom, so squares
next to each other on the path are next to each other on the board too.

>>> square(27), number("h15"), place(11), row(26)
('H27', 15, (1, 9), 2)
>>> GEOMETRY.marked["H27"]
'water'
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core.errors import UnknownSquare
from engine.core.words import N_, phrase
from engine.games.api import Geometry

LAST = 30
"""The last square of the path; a piece leaves the board beyond it."""
ROW = 10
"""Squares in each of the three rows."""
REBIRTH, HAPPINESS, WATER = 15, 26, 27
"""The House of Rebirth, the House of Happiness and the House of Water."""
REFUGES = frozenset({26, 28, 29, 30})
"""Squares where a piece cannot be captured."""
HOUSES = {15: "rebirth", 26: "happiness", 27: "water", 28: "three", 29: "two", 30: "horus"}
"""The decorated squares and their signs (the House of Three Judges, of Two, of Re-Horakhty)."""

SQUARES: tuple[str, ...] = tuple(f"H{n}" for n in range(1, LAST + 1))
"""All 30 square names, in path order."""


def square(n: int) -> str:
    """The name of square ``n`` (1..30) along the path."""
    if not 1 <= n <= LAST:
        raise ValueError(f"square {n} is not on the board (1..{LAST})")
    return SQUARES[n - 1]


def number(name: str) -> int:
    """The path number of a square's name (``H7`` -> 7, any case); UnknownSquare otherwise."""
    key = name.strip().upper()
    if key not in _NUMBERS:
        raise UnknownSquare(phrase(N_("unknown square {text}: Senet's squares are H1-H30"),
                                   text=repr(name)))
    return _NUMBERS[key]


def row(n: int) -> int:
    """The row of square ``n``: 0 for H1-H10, 1 for H11-H20, 2 for H21-H30."""
    return (n - 1) // ROW


def place(n: int) -> tuple[int, int]:
    """(row, column) of square ``n`` seen from above, H1 at the top left."""
    r, i = divmod(n - 1, ROW)
    return r, (ROW - 1 - i if r == 1 else i)


_NUMBERS = {name: n for n, name in enumerate(SQUARES, 1)}


GEOMETRY = Geometry(
    board="senet",
    squares=SQUARES,
    position=MappingProxyType({name: place(n) for n, name in enumerate(SQUARES, 1)}),
    marked=MappingProxyType({SQUARES[n - 1]: sign for n, sign in HOUSES.items()}),
    paths=(SQUARES, SQUARES),
    homes=(SQUARES[:ROW], SQUARES[:ROW]),
)
"""Senet's board: three rows of ten, the path snaking H1-H10, H11-H20 back, H21-H30."""
