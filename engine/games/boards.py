"""The physical boards the games are played on, as the window draws them and the lights map them.

>>> TWENTY_SQUARES.position["M16"], TWENTY_SQUARES.marked["M8"]
((1, 0), 'ankh')
"""

from __future__ import annotations

from types import MappingProxyType

from engine.board import LAYOUT, MARKED_SQUARES, SQUARES, Side, path
from engine.games.api import Geometry

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


def _senet() -> Geometry:
    from engine.senet.board import HOUSES, ROW, SQUARES, place

    return Geometry(
        board="senet",
        squares=SQUARES,
        position=MappingProxyType({name: place(n) for n, name in enumerate(SQUARES, 1)}),
        marked=MappingProxyType({SQUARES[n - 1]: sign for n, sign in HOUSES.items()}),
        paths=(SQUARES, SQUARES),
        homes=(SQUARES[:ROW], SQUARES[:ROW]),
    )


SENET = _senet()
"""Senet's board: three rows of ten, the path snaking H1-H10, H11-H20 back, H21-H30."""


def _ramses() -> Geometry:
    from engine.ramses.board import CELLS, LOWER, MIDDLE, SIGNS, START, UPPER, place

    # No path: the animations run along the middle row, each side's start squares first.
    return Geometry(
        board="ramses",
        squares=CELLS,
        position=MappingProxyType({name: place(n) for n, name in enumerate(CELLS)}),
        marked=MappingProxyType(dict(SIGNS)),
        paths=(START[0] + MIDDLE, START[1] + MIDDLE),
        homes=START,
        oblongs=(UPPER, LOWER),
    )


RAMSES = _ramses()
"""Ramses' board: the T of twenty squares, the oblong spaces as eight cells above and below
squares 10-17 (one per alignment)."""
