"""Neferkaptah: perfect play read from a solved table, or the Vizier's play until one exists.

The table comes from solving the game (a later piece of work). The engine does no I/O, so the
caller loads the table and hands it in as any object with a ``best_move`` method. Without a
table, or for a position the table does not hold, Neferkaptah plays the Vizier's move and says
why in ``Neferkaptah.fallback`` (and in each ``Decision``) so the caller can log it.

>>> Neferkaptah().fallback
'no solved table is loaded: Neferkaptah plays as the Vizier'
"""

from __future__ import annotations

from typing import Protocol

from engine.moves import Move
from engine.mummy.vizier import Vizier
from engine.state import GameState

NO_TABLE = "no solved table is loaded: Neferkaptah plays as the Vizier"


class SolvedTable(Protocol):
    """A solved game: the best move of any position with a pending throw."""

    def best_move(self, state: GameState) -> Move | None:
        """The perfect move for the pending throw, or None if the table lacks the position."""
        ...


class Neferkaptah:
    """The strongest mummy: the solved table's move, else the Vizier's."""

    def __init__(self, table: SolvedTable | None = None, vizier: Vizier | None = None) -> None:
        self.table = table
        self.vizier = vizier if vizier is not None else Vizier()

    @property
    def fallback(self) -> str | None:
        """Why Neferkaptah cannot play perfectly at all (None when a table is loaded)."""
        return NO_TABLE if self.table is None else None

    def decide(self, state: GameState) -> tuple[Move, str | None]:
        """The move, and why it is the Vizier's rather than the table's (None if from the table)."""
        if self.table is not None:
            move = self.table.best_move(state)
            if move is not None and move in state.legal_moves():
                return move, None
            why = (
                "the solved table does not hold this position"
                if move is None
                else f"the solved table's move {move} is not legal here"
            )
            return self.vizier.choose(state), f"{why}: Neferkaptah plays as the Vizier"
        return self.vizier.choose(state), NO_TABLE
