"""Ramses' board (seed 003): twenty squares in a T and two oblong spaces, as cells a reed can read.

The squares keep the seed's numbers: ``T1``-``T4`` on top, ``T6``-``T17`` across the middle,
``T18``-``T21`` below (5 and 22 are the oblong spaces). A piece in an oblong space is lined up
with one of the squares 10 to 17, so each oblong is eight cells, one per alignment, each over its
own reed: ``U10``-``U17`` for the upper oblong (space 5), ``L10``-``L17`` for the lower (space
22). ``U12`` lies right above ``T12``. Only one piece fits in an oblong, whatever its alignment.

>>> CELLS[4], index("u12"), place(index("U12")), SPECIAL[0]
('T6', 22, (0, 6), 'T1')
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core.errors import UnknownSquare
from engine.core.words import N_, phrase
from engine.games.api import Geometry

TOP = ("T1", "T2", "T3", "T4")
MIDDLE = tuple(f"T{n}" for n in range(6, 18))
BOTTOM = ("T18", "T19", "T20", "T21")
UPPER = tuple(f"U{n}" for n in range(10, 18))
"""The upper oblong space (5), by the square it is lined up with."""
LOWER = tuple(f"L{n}" for n in range(10, 18))
"""The lower oblong space (22), by the square it is lined up with."""
SQUARES = TOP + MIDDLE + BOTTOM
CELLS: tuple[str, ...] = SQUARES + UPPER + LOWER
"""Every place a piece can rest, as a reed reads it: 20 squares, then the 16 alignments."""

SIGNS = {"T1": "king", "T18": "son-of-ra", "T9": "amun-ra", "T13": "ra-harakhty",
         "T17": "ptah"}
"""The five special squares and the names their hieroglyphs write (A to E in the seed)."""
SPECIAL: tuple[str, ...] = tuple(SIGNS)

START = (("T2", "T3", "T4", "U10"), ("T19", "T20", "T21", "L10"))
"""Where each side's four pieces start (by ``Side``): the Cones are the seed's light player."""

_INDEX = {name: i for i, name in enumerate(CELLS)}


def index(name: str) -> int:
    """The cell number of a name (any case); UnknownSquare otherwise."""
    key = name.strip().upper()
    if key not in _INDEX:
        raise UnknownSquare(phrase(N_("unknown square {text}: Ramses' squares are T1-T4, "
                                      "T6-T21, U10-U17 (the upper oblong) and L10-L17 (the "
                                      "lower)"), text=repr(name)))
    return _INDEX[key]


def place(cell: int) -> tuple[int, int]:
    """(row, column) of a cell seen from above: row 0 on top, the oblong cells over their square."""
    name = CELLS[cell]
    if name[0] in "UL":
        return (0 if name[0] == "U" else 2), int(name[1:]) - 6
    n = int(name[1:])
    if n <= 4:
        return 0, n - 1
    if n <= 17:
        return 1, n - 6
    return 2, n - 18


def oblong(cell: int) -> int:
    """A mask of the oblong space ``cell`` lies in (0 for a square)."""
    return UPPER_MASK if cell in _UPPER else LOWER_MASK if cell in _LOWER else 0


def _mask(names: tuple[str, ...]) -> int:
    return sum(1 << _INDEX[name] for name in names)


_UPPER = frozenset(_INDEX[name] for name in UPPER)
_LOWER = frozenset(_INDEX[name] for name in LOWER)
UPPER_MASK, LOWER_MASK = _mask(UPPER), _mask(LOWER)
SPECIAL_MASK = _mask(SPECIAL)
ALL = (1 << len(CELLS)) - 1


def _neighbours(cell: int) -> tuple[int, ...]:
    """Cells a piece can step to from ``cell``: squares side by side or one above the other; an
    oblong cell touches square 4 (or 21) and the square it is lined up with. So a piece entering
    the oblong from 4 can only go on to one of 10-17, and one entering from 10-17 only to 4."""
    row, column = place(cell)
    name = CELLS[cell]
    if name[0] in "UL":
        return _INDEX["T4" if name[0] == "U" else "T21"], _INDEX[f"T{name[1:]}"]
    found = []
    for other, (r, c) in ((i, place(i)) for i in range(len(SQUARES))):
        if abs(r - row) + abs(c - column) == 1:
            found.append(other)
    if name == "T4":
        found += [_INDEX[n] for n in UPPER]
    elif name == "T21":
        found += [_INDEX[n] for n in LOWER]
    elif row == 1 and column >= 4:
        found += [_INDEX[f"U{name[1:]}"], _INDEX[f"L{name[1:]}"]]
    return tuple(sorted(found))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(len(CELLS)))


def _lines() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each cell, the mask of its row and of its column (an oblong counts in the top or
    bottom row, and in the column of the square it is lined up with)."""
    rows, columns = [], []
    for cell in range(len(CELLS)):
        row, column = place(cell)
        rows.append(sum(1 << i for i in range(len(CELLS)) if place(i)[0] == row))
        columns.append(sum(1 << i for i in range(len(CELLS)) if place(i)[1] == column))
    return tuple(rows), tuple(columns)


ROW_MASK, COLUMN_MASK = _lines()


# No path: the animations run along the middle row, each side's start squares first.
GEOMETRY = Geometry(
    board="ramses",
    squares=CELLS,
    position=MappingProxyType({name: place(n) for n, name in enumerate(CELLS)}),
    marked=MappingProxyType(dict(SIGNS)),
    paths=(START[0] + MIDDLE, START[1] + MIDDLE),
    homes=START,
    oblongs=(UPPER, LOWER),
)
"""Ramses' board: the T of twenty squares, the oblong spaces as eight cells above and below
squares 10-17 (one per alignment)."""
