"""The mummy's own hand: it makes the move the controller chose for it on the simulated board.

The controller shows the mummy's move and waits to see it made, as on the real board. This hand
makes it through the ``SimBoard``'s reed switches as a person would: the bumped piece lifted
first, the mover slid along its path (closing the squares it passes), a piece reaching 16 taken
off a moment later. So the controller sees exactly what a person's hand would make it see. The
window draws the piece in flight; ``aseb run --simulated --demo`` lets it play both sides.

    hand = MummyHand(table.sim, pieces)
    hand.act(table.controller, table.now)  # every frame; hand.flight is the piece in the air
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves import Move
from engine.state import GameState
from firmware.controller import Controller
from firmware.scenes import Phase
from firmware.tracker import AsExpected
from sim.pieces import Pieces
from sim.pins import SimBoard

THINK = 0.7
"""Seconds the mummy's move is shown (gold) before its hand makes it."""
CARRY = 0.5
"""Seconds a piece takes from where it stood to where it lands."""
TOUCH = 0.15
"""Seconds between touches of one square (a piece reaching 16, then taken off)."""


@dataclass(frozen=True)
class Flight:
    """A piece on its way: the move, and when it left and lands (sim time)."""

    move: Move
    start: float
    end: float

    def progress(self, now: float) -> float:
        """How far along it is, 0 to 1, eased in and out as a hand carries a piece."""
        x = min(1.0, max(0.0, (now - self.start) / (self.end - self.start)))
        return x * x * (3 - 2 * x)


class MummyHand:
    """Carries out the controller's ``mummy_move`` on a ``SimBoard`` (and in ``pieces``)."""

    def __init__(self, sim: SimBoard, pieces: Pieces | None = None, *, think: float = THINK,
                 carry: float = CARRY) -> None:
        self.sim = sim
        self.pieces = pieces
        self.think, self.carry = think, carry
        self.flight: Flight | None = None
        self._seen: GameState | None = None  # the position whose move is being shown
        self._seen_at = 0.0
        self._done: GameState | None = None  # the position whose move was made

    @property
    def busy(self) -> bool:
        """Whether a piece is in the air."""
        return self.flight is not None

    def next_due(self, now: float) -> float:
        """When the hand next has something to do (a landing, or the end of the showing)."""
        if self.flight is not None:
            return self.flight.end
        return self._seen_at + self.think if self._seen is not None else now + 1 / 30

    def act(self, controller: Controller, now: float) -> None:
        """Land a piece that has arrived; make the mummy's move once it has been shown."""
        if self.flight is not None:
            if now >= self.flight.end:
                self._land(self.flight.move)
                self.flight = None
            return
        move, game = controller.mummy_move, controller.game
        if move is None or game is None or controller.phase is not Phase.MOVE \
                or not isinstance(controller.verdict, AsExpected) or game.state is self._done:
            self._seen = None
            return
        if game.state is not self._seen:
            self._seen, self._seen_at = game.state, now
        if now >= self._seen_at + self.think:
            self._make(move, game.state, now)

    def _make(self, move: Move, state: GameState, now: float) -> None:
        sim, target, end = self.sim, move.target, now + self.carry
        self._done, self._seen = state, None
        if state.is_bump(move):
            sim.lift(target, at=now)  # the bumped piece goes home first
            if self.pieces is not None:
                self.pieces.lift(target)
        if move.source is None:
            sim.place(target, at=end)
        else:
            end = sim.slide(move.source, target, self.carry)
            if self.pieces is not None:
                self.pieces.lift(move.source)
        if move.bears_off:
            sim.lift(target, at=end + TOUCH)
        self.flight = Flight(move, now, end)

    def _land(self, move: Move) -> None:
        if self.pieces is None:
            return
        if move.bears_off:
            self.pieces.bear_off(move.side)
        else:
            self.pieces.place(move.target, move.side)
