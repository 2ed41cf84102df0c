"""A move: one piece of the side to play goes forward by the throw.

Pieces of a side are alike, so a move is named by where the piece starts (0 = not yet entered).

>>> Move(Side.CONES, 2, 4)
Move(C2-M6)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.board import PATH_LENGTH, Side, square_of


@dataclass(frozen=True, slots=True)
class Move:
    """A piece of ``side`` at path position ``start`` (0 = off the board) moving ``steps`` on."""

    side: Side
    start: int
    steps: int
    number: int = field(init=False, repr=False, compare=False)
    """Where the move sits in ``MOVES`` order, so the engine's tables can be plain lists."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "number", move_number(self.side, self.start, self.steps))

    @property
    def end(self) -> int:
        """The path position the piece lands on (16 bears it off)."""
        return self.start + self.steps

    @property
    def enters(self) -> bool:
        """Whether the piece comes onto the board."""
        return self.start == 0

    @property
    def bears_off(self) -> bool:
        """Whether the piece lands exactly on 16 and leaves the board."""
        return self.end == PATH_LENGTH

    @property
    def source(self) -> str | None:
        """The square the piece is lifted from (None when entering)."""
        return square_of(self.side, self.start) if self.start else None

    @property
    def target(self) -> str:
        """The square the piece lands on (M16 when bearing off)."""
        return square_of(self.side, self.end)

    def notation(self, bump: bool = False) -> str:
        """``C2-M6``, ``in-C4`` (entering), ``M13-off`` (bearing off), ``M5xM8`` (a bump)."""
        source = self.source or "in"
        target = "off" if self.end >= PATH_LENGTH else self.target
        return f"{source}{'x' if bump else '-'}{target}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move({self.notation()})"


def move_number(side: int, start: int, steps: int) -> int:
    """``side``, ``start`` and ``steps`` as one index into tables of every move (-1 if off them)."""
    if 0 <= start < PATH_LENGTH and 0 <= steps <= PATH_LENGTH:
        return (side * PATH_LENGTH + start) * (PATH_LENGTH + 1) + steps
    return -1


MOVE_COUNT = 2 * PATH_LENGTH * (PATH_LENGTH + 1)
"""How many moves ``MOVES`` holds."""

MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(Move(side, start, steps) for steps in range(PATH_LENGTH + 1))
        for start in range(PATH_LENGTH)
    )
    for side in Side
)
"""Every possible move, made once: ``MOVES[side][start][steps]`` (moves are immutable values)."""
