"""The mummy's own hand: it makes the move the controller chose for it on the simulated board.

The controller shows the mummy's move and waits to see it made, as on the real board. This hand
makes it through the ``SimBoard``'s reed switches as a person would, by the move's journeys: the
bumped piece lifted first, the mover slid along its path (closing the squares it passes), a piece
bearing off over 16 (or Senet's H30) taken off a moment later, a piece swapped with set on the
mover's square. When a new game's pieces are set out on the board (Senet), it sets out the
mummy's own, one by one. So the controller sees exactly what a person's hand would make it see.
The window draws the piece in flight; ``aseb run --simulated --demo`` lets it play both sides.

    hand = MummyHand(table.sim, pieces)
    hand.act(table.controller, table.now)  # every frame; hand.flight is the piece in the air
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.sides import Side
from engine.games.api import Journey, Offboard, Position
from firmware.lights.scenes import Phase
from firmware.play.controller import Controller
from firmware.play.evidence import Trip, trips
from firmware.play.tracker import AsExpected
from hardware.core.squares import RACKS
from sim.board.pieces import Pieces
from sim.board.pins import SimBoard
from sim.board.racks import Racks

THINK = 0.7
"""Seconds the mummy's move is shown (gold) before its hand makes it."""
CARRY = 0.5
"""Seconds a piece takes from where it stood to where it lands."""
TOUCH = 0.15
"""Seconds between touches of one square (a piece reaching 16, then taken off)."""


@dataclass(frozen=True)
class Flight:
    """A piece on its way: its journeys (the mover's first), and when it left and lands (sim
    time)."""

    journeys: tuple[Journey, ...]
    start: float
    end: float

    @property
    def mover(self) -> Journey:
        """The flying piece's journey."""
        return self.journeys[0]

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
        self._seen: Position | None = None  # the position whose move is being shown
        self._seen_at = 0.0
        self._done: Position | None = None  # the position whose move was made
        self.sets_out: frozenset[Side] = frozenset()
        """The sides whose pieces this hand sets out when a new game's pieces go on the board."""
        self._out_since: float | None = None

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
                self._land(self.flight.journeys)
                self.flight = None
            return
        if self._set_out(controller, now):
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

    def _set_out(self, controller: Controller, now: float) -> bool:
        """While a new game's pieces are set out, put the next of ``sets_out``'s on its square
        (after a moment's thought, as for a move); whether the hand is setting out."""
        if not self.sets_out or controller.phase is not Phase.GUIDE or not controller.setting_out:
            self._out_since = None
            return False
        wanted = controller.tracker.expectation.owners
        order = controller.rules.geometry.squares
        square = next((sq for sq in order if wanted.get(sq) in self.sets_out
                       and sq not in self.sim.pieces
                       and (self.pieces is None or sq not in self.pieces.owners)), None)
        if square is None:
            return False
        if self._out_since is None:  # its pieces wait a moment, then go out
            self._out_since = now
        if now >= self._out_since + self.think / 2:
            self.sim.place(square, at=now + self.carry, pole=_pole(wanted[square]))
            journey = Journey(wanted[square], Offboard.WAITING, square)
            self.flight = Flight((journey,), now, now + self.carry)
            self._out_since = now + self.carry
        return True

    def make(self, move: Any, state: Position, now: float) -> None:
        """Make ``move`` now, as it makes the mummy's (a terminal player's typed move)."""
        self._make(move, state, now)

    def _make(self, move: Any, state: Position, now: float) -> None:
        sim, end = self.sim, now + self.carry
        self._done, self._seen = state, None
        racks = Racks(sim)
        mover, *others = trips(state, move, racks.fitted)
        for other in others:  # the bumped piece goes home (or aside) first
            if other.start is not None:
                sim.lift(other.start, at=now)
                if self.pieces is not None:
                    self.pieces.lift(other.start)
        stops = [*mover.via, *([racks.rest(mover.end)] if mover.end is not None else [])]
        if mover.start in RACKS:  # a waiting piece taken from its rack
            slot = racks.taken(mover.start)
            if slot is not None:
                sim.lift(slot, at=now)
            if stops:
                sim.place(stops[0], at=end, pole=_pole(mover.side))
        elif mover.start is not None:
            if self.pieces is not None:
                self.pieces.lift(mover.start)
            if stops:
                end = sim.slide(mover.start, stops[0], self.carry)
            else:
                sim.lift(mover.start, at=now)
        elif stops:
            sim.place(stops[0], at=end, pole=_pole(mover.side))
        end = _walk(sim, mover, stops, end)
        for other in others:
            if other.end is not None:
                sim.place(racks.rest(other.end), at=end + TOUCH, pole=_pole(other.side))
        self.flight = Flight(state.journeys(move), now, end)

    def _land(self, journeys: tuple[Journey, ...]) -> None:
        if self.pieces is not None:
            self.pieces.make(journeys)


def _pole(side: Side) -> int:
    """The pole a man of ``side`` shows a Hall board: +1 a Cone, -1 a Reel."""
    return 1 if side is Side.CONES else -1


def _walk(sim: Any, mover: Trip, stops: list[str], end: float) -> float:
    """The mover's stops after its first: each way square left a touch later, the next square
    (or none, off the board) taken; when its last contact rests."""
    for i, square in enumerate(mover.via):
        sim.lift(square, at=end + TOUCH)
        end += TOUCH
        if i + 1 < len(stops):
            sim.place(stops[i + 1], at=end + TOUCH, pole=_pole(mover.side))
            end += TOUCH
    return end
