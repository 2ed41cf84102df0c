"""A Senet move: one piece of the side to play goes forward by the throw (or back by it, with the
option that a side with no forward move must move backward).

A side moves one piece per throw and a piece has one way to go, so a move is named by the side,
the square its piece starts on and the steps (the throw, negative for a backward move);
``bears_off`` says whether the piece leaves the board (which depends on the rules: a piece
reaching H30 bears off unless exits are by exact throws).

>>> Move(Side.REELS, 10, 1), Move(Side.CONES, 28, 3, bears_off=True), Move(Side.CONES, 12, -2)
(Move(H10-H11), Move(H28-off), Move(H12-H10))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.sides import Side
from engine.senet.board import square


@dataclass(frozen=True, slots=True)
class Move:
    """A piece of ``side`` on square ``start`` moving ``steps`` squares on (or off the board),
    or back when ``steps`` is negative."""

    side: Side
    start: int
    steps: int
    bears_off: bool = False
    number: int = field(default=0, init=False, repr=False, compare=False)
    """Where the move sits among all moves (side, square, throw), so the core's tables can be
    plain lists."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "number", move_number(self.side, self.start, self.steps))

    @property
    def throw(self) -> int:
        """The throw the move is made with."""
        return abs(self.steps)

    @property
    def backward(self) -> bool:
        """Whether the piece goes back along the path."""
        return self.steps < 0

    @property
    def end(self) -> int:
        """The square number the piece reaches (beyond 30 when it bears off past the end)."""
        return self.start + self.steps

    @property
    def source(self) -> str:
        """The square the piece is lifted from."""
        return square(self.start)

    @property
    def target(self) -> str:
        """The square the piece lands on, or ``off``."""
        return "off" if self.bears_off else square(self.end)

    def notation(self, swap: bool = False) -> str:
        """``H3-H5``, ``H3xH5`` when it captures by swapping, ``H28-off`` when it bears off."""
        return f"{self.source}{'x' if swap else '-'}{self.target}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move({self.notation()})"


MOVE_COUNT = 2 * 31 * 13
"""How many move numbers there are."""


def move_number(side: int, start: int, steps: int) -> int:
    """``side``, ``start`` (0..30) and ``steps`` (-6..6) as one index."""
    return (side * 31 + start) * 13 + steps + 6
