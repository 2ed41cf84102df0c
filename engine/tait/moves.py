"""A move: one piece of the side to play goes forward by the throw.

Pieces of a side are alike, so a move is named by where the piece starts (0 = not yet entered).
Where a piece leaves the board depends on the rules: landing on 16 (Tait's), or an exact throw
past 16 when pieces rest on it (Cyningstan's: ``off_at=17``).

>>> Move(Side.CONES, 2, 4), Move(Side.CONES, 13, 3), Move(Side.CONES, 13, 3, off_at=17)
(Move(C2-M6), Move(M13-off), Move(M13-M16))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.sides import Side
from engine.tait.board import PATH_LENGTH, square_of


@dataclass(frozen=True, slots=True)
class Move:
    """A piece of ``side`` at path position ``start`` (0 = off the board) moving ``steps`` on;
    reaching path position ``off_at`` takes it off the board."""

    side: Side
    start: int
    steps: int
    off_at: int = PATH_LENGTH
    """16 when landing on 16 bears a piece off; 17 when pieces rest on 16 and leave past it."""
    number: int = field(init=False, repr=False, compare=False)
    """Where the move sits in ``MOVES`` order, so the engine's tables can be plain lists."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "number", move_number(self.side, self.start, self.steps))

    @property
    def end(self) -> int:
        """The path position the piece lands on (``off_at`` bears it off)."""
        return self.start + self.steps

    @property
    def enters(self) -> bool:
        """Whether the piece comes onto the board."""
        return self.start == 0

    @property
    def bears_off(self) -> bool:
        """Whether the piece leaves the board (by an exact throw: past ``off_at`` is no move)."""
        return self.end == self.off_at

    @property
    def source(self) -> str | None:
        """The square the piece is lifted from (None when entering)."""
        return square_of(self.side, self.start) if self.start else None

    @property
    def target(self) -> str:
        """The square the piece lands on; when bearing off, M16, the last square it reaches
        (it lands there under Tait's rules, and passes it when pieces rest on 16)."""
        return square_of(self.side, min(self.end, PATH_LENGTH))

    def notation(self, bump: bool = False) -> str:
        """``C2-M6``, ``in-C4`` (entering), ``M13-off`` (bearing off), ``M5xM8`` (a bump)."""
        source = self.source or "in"
        target = "off" if self.end >= self.off_at else self.target
        return f"{source}{'x' if bump else '-'}{target}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move({self.notation()})"


STARTS = PATH_LENGTH + 1
"""Start positions 0..16 (a piece starts from 16 only where pieces rest there)."""


def move_number(side: int, start: int, steps: int) -> int:
    """``side``, ``start`` and ``steps`` as one index into tables of every move (-1 if off them)."""
    if 0 <= start < STARTS and 0 <= steps <= PATH_LENGTH:
        return (side * STARTS + start) * (PATH_LENGTH + 1) + steps
    return -1


MOVE_COUNT = 2 * STARTS * (PATH_LENGTH + 1)
"""How many numbers moves take (a ruleset's effects are a list this long)."""

Moves = tuple[tuple[tuple[Move, ...], ...], ...]
"""Every move of a ruleset, made once: ``moves[side][start][steps]``."""


def every_move(off_at: int = PATH_LENGTH) -> Moves:
    """Every possible move of pieces that leave the board at ``off_at`` (immutable values)."""
    return tuple(
        tuple(
            tuple(Move(side, start, steps, off_at) for steps in range(PATH_LENGTH + 1))
            for start in range(off_at)
        )
        for side in Side
    )


MOVES = every_move(PATH_LENGTH)
"""Every possible move under Tait's rules: ``MOVES[side][start][steps]``."""
RESTING_MOVES = every_move(PATH_LENGTH + 1)
"""Every possible move where pieces rest on 16 and bear off past it (Cyningstan's rules)."""


def moves_for(off_at: int) -> Moves:
    """The table of every move, for pieces that leave the board at ``off_at``."""
    return MOVES if off_at == PATH_LENGTH else RESTING_MOVES
