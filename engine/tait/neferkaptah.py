"""Neferkaptah: perfect play from the solved table; the Vizier's play until one is loaded.

The engine does no I/O, so the caller opens the table (``firmware.solve.table``) and hands it
in: any object with a ``chance`` of a packed position (``engine.tait.solved``).
The move is a one-ply look: the one after which Neferkaptah's chance is highest. Without a
table, or for a position the table does not hold, Neferkaptah plays the Vizier's move and says
why in ``Neferkaptah.fallback`` (and in each ``Decision``) so the caller can log it.

>>> Neferkaptah().fallback
'Neferkaptah plays as the Vizier: his perfect play comes from the solved game, not yet made here'
"""

from __future__ import annotations

from engine.core.words import N_, phrase
from engine.mummy.chances import SolvedTable
from engine.mummy.levels import NO_TABLE
from engine.tait.moves import Move
from engine.tait.solved import best, move_chances
from engine.tait.state import GameState
from engine.tait.vizier import Vizier


class Neferkaptah:
    """The strongest mummy: the solved table's best move, else the Vizier's."""

    def __init__(self, table: SolvedTable | None = None, vizier: Vizier | None = None) -> None:
        self.table = table
        self.vizier = vizier if vizier is not None else Vizier()

    @property
    def fallback(self) -> str | None:
        """Why Neferkaptah cannot play perfectly at all (None when a table is loaded)."""
        return NO_TABLE if self.table is None else None

    def decide(self, state: GameState) -> tuple[Move, float | None, str | None]:
        """The move, its chance for the mover, and why it is the Vizier's rather than the
        table's (None if from the table)."""
        if self.table is None:
            analysis = self.vizier.analyse(state)
            return analysis.move, analysis.value, NO_TABLE
        chances = move_chances(self.table, state)
        if chances is None:
            analysis = self.vizier.analyse(state)
            why = phrase(N_("Neferkaptah plays as the Vizier: the solved game does not hold "
                            "this position"))
            return analysis.move, analysis.value, why
        move, value = best(chances)
        return move, value, None
