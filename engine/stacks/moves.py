"""A move of the stacking game: one die used to enter a man or to move one, with the man it
captures on the way, if any.

Notation: the die, then the move: ``4:in-C4`` (enter), ``6:in-C2`` (a six enters anywhere),
``3:C4-M7`` (move), ``5:M12-off`` (leave the board), ``6:M9-M15xM12`` (capture the man on M12,
passed on the way).

>>> Move(Side.CONES, 5, 10, OFF, 15).notation()
'5:M10-offxM15'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.sides import Side
from engine.stacks.board import OFF, square


@dataclass(frozen=True, slots=True)
class Move:
    """``side`` uses a die showing ``die`` to bring a man from path square ``start`` (0: from
    those waiting) to ``end`` (``OFF``: off the board), capturing the man on ``capture`` (0:
    none). ``ready``: the man moved stood within six of the last square at the start of the
    turn (it matters only when its stack holds men of both kinds)."""

    side: Side
    die: int
    start: int
    end: int
    capture: int = 0
    ready: bool = False

    @property
    def enters(self) -> bool:
        """Whether the die enters a man from those waiting."""
        return self.start == 0

    @property
    def leaves(self) -> bool:
        """Whether the man goes off the board (out of play, in front of the opponent)."""
        return self.end == OFF

    @property
    def source(self) -> str:
        """The square the man starts from, ``in`` when it enters."""
        return "in" if self.start == 0 else square(self.side, self.start)

    @property
    def target(self) -> str:
        """The square the man comes to rest on, ``off`` when it leaves the board."""
        return "off" if self.end == OFF else square(self.side, self.end)

    def notation(self) -> str:
        """The move as a player writes it: ``3:C4-M7``, ``5:M10-offxM15``."""
        taken = f"x{square(self.side, self.capture)}" if self.capture else ""
        return f"{self.die}:{self.source}-{self.target}{taken}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move({self.notation()})"
