"""The racks beside a board fitted with rack switches: a slot to take a waiting piece from, a
slot to set a piece in, as a person's hand picks them (the tracker counts pieces in a rack, so
any slot would do; the hands keep them filled from the first).

    racks = Racks(sim); sim.lift(racks.taken("CW")); sim.place(racks.rest("RW"))
"""

from __future__ import annotations

from collections.abc import Collection

from hardware.core.squares import RACKS
from sim.board.pins import SimBoard


class Racks:
    """The rack slots of a simulated board; none is given twice to set a piece in."""

    def __init__(self, sim: SimBoard) -> None:
        self.sim = sim
        self.fitted = sim.board.reeds.has_racks
        self._given: set[str] = set()

    def taken(self, rack: str) -> str | None:
        """The slot a piece is taken from: the rack's last filled one (None: the rack is empty)."""
        filled = [slot for slot in RACKS[rack] if slot in self.sim.pieces]
        return filled[-1] if filled else None

    def rest(self, place: str, coming: Collection[str] = ()) -> str:
        """Where a piece going to ``place`` is set: the square itself, or the rack's first free
        slot (not one already given, nor one a touch still ``coming`` will fill)."""
        if place not in RACKS:
            return place
        free = [slot for slot in RACKS[place]
                if slot not in self.sim.pieces and slot not in self._given and slot not in coming]
        slot = free[0] if free else RACKS[place][-1]
        self._given.add(slot)
        return slot
