"""A Ramses move: the side to play takes one piece (its own, or in the second half of its turn the
opponent's) from one cell to another.

>>> Move(Side.CONES, Side.REELS, 17, 3)
Move(T19-T4)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.sides import Side
from engine.ramses.board import CELLS


@dataclass(frozen=True, slots=True)
class Move:
    """``side`` moves the piece of ``piece`` on cell ``start`` to cell ``end`` (cell numbers of
    ``engine.ramses.board``; an oblong cell says the alignment)."""

    side: Side
    piece: Side
    start: int
    end: int

    @property
    def source(self) -> str:
        """The cell the piece is lifted from."""
        return CELLS[self.start]

    @property
    def target(self) -> str:
        """The cell the piece is set on."""
        return CELLS[self.end]

    @property
    def theirs(self) -> bool:
        """Whether the piece is the opponent's (the second half of a turn)."""
        return self.piece != self.side

    def notation(self) -> str:
        """``T3-T8``; ``T4-U15`` enters the upper oblong lined up with 15."""
        return f"{self.source}-{self.target}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move({self.notation()})"
