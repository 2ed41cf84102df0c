"""A scripted player's hand at the table: it carries out moves the ways people do, and the
controller ticks every frame while it acts, so every in-between board is judged as on a real
board (a ghost move recognised half-way is a ghost here too).

    hand = Hand(table)
    hand.lift("M9"); hand.place("M9")          # a touch of the opponent's piece, put back
    carry_out(table, state, move)              # then the move itself
"""

from __future__ import annotations

from collections.abc import Callable

from engine.moves import Move
from engine.state import GameState
from firmware.evidence import BORNE_OFF, WAITING
from hardware.squares import RACKS
from sim.table import Table

HAND = 0.3
"""Seconds a hand takes between one touch of a piece and the next."""
SEEN = 0.05
"""Seconds after a contact rests by which the controller has its debounced change."""


class Hand:
    """Touches the table's simulated board at a hand's pace, ticking the controller meanwhile."""

    def __init__(self, table: Table, pace: float = HAND) -> None:
        self.table = table
        self.pace = pace

    def _act(self, action: Callable[[], float]) -> float:
        self.table.run(self.pace)  # the hand travels: every frame on the way is judged
        rest = action()
        # Until the contact has come to rest and its debounced change reached the controller.
        self.table.run(max(0.0, rest - self.table.now) + SEEN)
        return rest

    def lift(self, square: str) -> float:
        """Take the piece off ``square``."""
        return self._act(lambda: self.table.sim.lift(square))

    def place(self, square: str) -> float:
        """Set a piece on ``square``."""
        return self._act(lambda: self.table.sim.place(square))

    def slide(self, start: str, end: str, seconds: float = 0.3) -> float:
        """Slide the piece on ``start`` to ``end`` over the squares between."""
        return self._act(lambda: self.table.sim.slide(start, end, seconds))

    def touch(self, square: str, rest: float = 0.0) -> float:
        """Lift the piece on ``square`` and set it back (after ``rest`` seconds in the air)."""
        self.lift(square)
        self.table.run(rest)
        return self.place(square)

    def shake(self, seconds: float = 0.8) -> float:
        """Shake the stick box, then stand it upright."""
        return self._act(lambda: self.table.sim.shake(seconds))


def carry_out(table: Table, state: GameState, move: Move, *, bumped_first: bool = True,
              slide: bool = False, pace: float = HAND) -> float:
    """Make ``move`` at a hand's pace, ticking all along; returns when the last contact rests.

    On a board with rack switches, pieces come from the waiting rack and go back to it when
    bumped, and pieces borne off go to the tray."""
    hand = Hand(table, pace)
    racks = table.settings.racks
    side, source, target = move.side, move.source, move.target
    if source is None and racks:
        hand.lift(rack_slot(table, WAITING[side], filled=True))
    if move.bears_off:
        assert source is not None
        if slide:
            hand.slide(source, target)
            rest = hand.lift(target)
        elif racks:  # straight to the tray: the tray's switch is the evidence
            rest = hand.lift(source)
        else:
            hand.lift(source)
            hand.place(target)
            rest = hand.lift(target)
        return hand.place(rack_slot(table, BORNE_OFF[side])) if racks else rest
    if state.is_bump(move):
        first, second = (target, source) if bumped_first else (source, target)
        for square in (first, second):
            if square:
                hand.lift(square)
        if racks:
            hand.place(rack_slot(table, WAITING[side.other]))
        return hand.place(target)
    if source and slide:
        return hand.slide(source, target)
    if source:
        hand.lift(source)
    return hand.place(target)


def rack_slot(table: Table, rack: str, filled: bool = False) -> str:
    """The first slot of ``rack`` holding a piece (``filled``) or free."""
    pieces = table.sim.pieces
    return next(slot for slot in RACKS[rack] if (slot in pieces) == filled)
