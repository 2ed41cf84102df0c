"""A scripted player's hand at the table: it carries out moves the ways people do, and the
controller ticks every frame while it acts, so every in-between board is judged as on a real
board (a ghost move recognised half-way is a ghost here too).

    hand = Hand(table)
    hand.lift("M9"); hand.place("M9")          # a touch of the opponent's piece, put back
    carry_out(table, state, move)              # then the move itself
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.sides import Side
from engine.games.api import Position
from firmware.play.evidence import trips
from hardware.core.squares import RACKS
from sim.board.table import Table

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

    def place(self, square: str, pole: int = 0) -> float:
        """Set a piece on ``square`` (on a Hall board, of side ``pole``: +1 a Cone, -1 a Reel;
        0: the one last lifted)."""
        return self._act(lambda: self.table.sim.place(square, pole=pole))

    def hold(self, square: str, pole: int, above: float) -> float:
        """Hold a man (the one in the hand, of side ``pole``) ``above`` mm over ``square``,
        not setting him down (a Hall board)."""
        return self._act(lambda: self.table.sim.hold(square, pole, above))

    def let_go(self, square: str) -> float:
        """Take the man held over ``square`` back (a Hall board)."""
        return self._act(lambda: self.table.sim.let_go(square))

    def slide(self, start: str, end: str, seconds: float = 0.3, height: float = 0.0) -> float:
        """Slide the piece on ``start`` to ``end`` over the squares between (or carry it low,
        ``height`` square widths above them: hovering)."""
        return self._act(lambda: self.table.sim.slide(start, end, seconds, height=height))

    def hop(self, square: str, seconds: float = 0.1) -> float:
        """Lift the piece on ``square`` and set it straight back (a hop; a piece straightened)."""
        return self._act(lambda: self.table.sim.hop(square, seconds))

    def touch(self, square: str, rest: float = 0.0) -> float:
        """Lift the piece on ``square`` and set it back (after ``rest`` seconds in the air)."""
        self.lift(square)
        self.table.run(rest)
        return self.place(square)

    def shake(self, seconds: float = 0.8) -> float:
        """Shake the stick box, then stand it upright."""
        return self._act(lambda: self.table.sim.shake(seconds))


def carry_out(table: Table, state: Position, move: Any, *, bumped_first: bool = True,
              slide: bool = False, height: float = 0.0, hop: float | None = None,
              pace: float = HAND) -> float:
    """Make ``move`` at a hand's pace, ticking all along; returns when the last contact rests.

    Any game's move, by its journeys: a piece it bumps or swaps with is lifted first (or after
    the mover, ``bumped_first=False``), the mover stands on its way squares, and on a board with
    rack switches pieces come from the waiting rack, go back to it when bumped, and go to the
    tray when borne off. ``slide``: the mover slides to its first stop (carried ``height``
    square widths above the board: hovering over the squares between). ``hop``: the last piece
    set down is lifted at once and set down again that many seconds later (straightened)."""
    hand = Hand(table, pace)
    mover, *others = trips(state, move, table.settings.racks)
    landed: list[str] = []

    def lift(place: str | None) -> float:
        return hand.lift(_slot(table, place, filled=True)) if place is not None else table.now

    def put(place: str | None, side: Side) -> float:
        if place is None:
            return table.now
        landed.append(_slot(table, place, filled=False))
        return hand.place(landed[-1], 1 if side is Side.CONES else -1)

    if bumped_first:
        for other in others:
            lift(other.start)
    first_stop = mover.via[0] if mover.via else mover.end
    sliding = slide and _square(mover.start) and _square(first_stop)
    if not sliding:
        lift(mover.start)
    if not bumped_first:
        for other in others:
            lift(other.start)
    rest = table.now
    for n, square in enumerate(mover.via):
        if sliding and n == 0:
            hand.slide(str(mover.start), square, height=height)
        else:
            hand.place(square, 1 if mover.side is Side.CONES else -1)
        rest = hand.lift(square)
    if sliding and not mover.via:
        landed.append(str(mover.end))
        rest = hand.slide(str(mover.start), str(mover.end), height=height)
    elif mover.end is not None:
        rest = put(mover.end, mover.side)
    for other in others:
        if other.end is not None:
            rest = put(other.end, other.side)
    if hop is not None and landed:
        rest = Hand(table, pace=0.0).hop(landed[-1], hop)
    return rest


def _square(place: str | None) -> bool:
    return place is not None and place not in RACKS


def _slot(table: Table, place: str, filled: bool) -> str:
    """A square as it is, or a slot of a rack: one holding a piece (``filled``) or free."""
    return rack_slot(table, place, filled) if place in RACKS else place


def rack_slot(table: Table, rack: str, filled: bool = False) -> str:
    """The first slot of ``rack`` holding a piece (``filled``) or free."""
    pieces = table.sim.pieces
    return next(slot for slot in RACKS[rack] if (slot in pieces) == filled)
