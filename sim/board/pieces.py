"""Whose piece stands where, as the window draws it.

Reed switches only know that a magnet is there. The window keeps its own picture: taken from the
game whenever the game agrees with the board, and otherwise carried along by the hand's moves.
A stack's men each have a place of their own (``M7``, ``M7^2``: ``firmware.play.evidence.slots``),
so a man lifted is its stack's top one.

    pieces = Pieces.of(state)
    side = pieces.lift("M7"); pieces.place("M9", side)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.core.sides import Side
from engine.games.api import Journey, Offboard, Position
from firmware.play.evidence import owners_of, slots, square_of

PIECES = 5
"""Pieces per side unless the game says otherwise (Twenty Squares, Senet)."""


@dataclass
class Pieces:
    """Each occupied square's side, and how many of each side are borne off."""

    owners: dict[str, Side] = field(default_factory=dict)
    off: dict[Side, int] = field(default_factory=lambda: dict.fromkeys(Side, 0))
    count: int = PIECES
    """Pieces each side has."""
    racks: bool = False
    """The board has racks with switches (drawn as resting places beside the board)."""

    @classmethod
    def of(cls, state: Position) -> Pieces:
        """The picture of a game position."""
        pieces = cls(count=state.rules.pieces)
        pieces.follow(state)
        return pieces

    def follow(self, state: Position) -> None:
        """Take the game's word for every piece (call when the board matches the game)."""
        self.owners = owners_of(state)
        self.off = {side: state.off[side] for side in Side}

    def make(self, journeys: Iterable[Journey]) -> None:
        """Carry every piece along its journey (a move): all leave, then all arrive."""
        journeys = tuple(journeys)
        for journey in journeys:
            if isinstance(journey.start, str):
                self.lift(journey.start)
        for journey in journeys:
            if isinstance(journey.end, str):
                self.place(journey.end, journey.side, stacked=True)
            elif journey.end is Offboard.BORNE_OFF:
                self.bear_off(journey.side)

    def clear(self) -> None:
        """Every piece back on its sideline."""
        self.owners.clear()
        self.off = dict.fromkeys(Side, 0)

    def lift(self, square: str) -> Side | None:
        """Take the piece off ``square`` (its stack's top man); returns its side (None when the
        square is empty)."""
        held = [token for token in slots(square_of(square)) if token in self.owners]
        return self.owners.pop(held[-1]) if held else None

    def place(self, square: str, side: Side, stacked: bool = False) -> None:
        """Stand a piece of ``side`` on ``square`` (``stacked``: on top of the men there; else
        in the place of any piece there)."""
        places = slots(square_of(square))
        if not stacked:
            for token in places:
                self.owners.pop(token, None)
        free = [token for token in places if token not in self.owners]
        if free:
            self.owners[free[0]] = side

    def stacks(self) -> dict[str, tuple[Side, int]]:
        """Each occupied square: whose men stand there (its lowest man's) and how many."""
        found: dict[str, tuple[Side, int]] = {}
        for token, side in self.owners.items():
            square = square_of(token)
            owner, n = found.get(square, (side, 0))
            found[square] = (owner, n + 1)
        return found

    def bear_off(self, side: Side) -> None:
        """A piece of ``side`` has left the board for good."""
        self.off[side] = min(self.count, self.off[side] + 1)

    def waiting(self, side: Side, in_hand: int = 0) -> int:
        """How many of a side's pieces wait on its sideline to enter."""
        on_board = sum(1 for owner in self.owners.values() if owner is side)
        return max(0, self.count - on_board - self.off[side] - in_hand)
