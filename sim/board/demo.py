"""A demonstration: the mummy plays both sides on the simulated board, game after game.

It shakes the stick box to start a game, makes every move through ``MummyHand`` (so every
throw and move goes through the simulated switches and the real controller), clears the board
after each win, and sets out the position the board asks for (a saved game after a restart).
``aseb run --simulated --demo`` runs it against the service's main loop.

    demo = Demo(table.sim)
    demo.act(table.controller, table.now)  # every frame
"""

from __future__ import annotations

from engine.core.sides import Side
from firmware.lights.scenes import Phase
from firmware.play.controller import Controller
from firmware.play.tracker import AsExpected
from sim.board.mummy_hand import MummyHand
from sim.board.pins import SimBoard

SHAKE = 0.8
"""Seconds the demonstrator shakes the stick box to start a game."""
CLEAR_EVERY = 0.3
"""Seconds between pieces lifted off when clearing the board after a game."""


class Demo:
    """The mummy's hand for both sides, plus the shakes and the clearing between games."""

    def __init__(self, sim: SimBoard) -> None:
        self.sim = sim
        self.hand = MummyHand(sim)
        self.hand.sets_out = frozenset(Side)  # a new Senet game's pieces: both sides'
        self._quiet_until = 0.0  # after a shake or a clearing, until the board has answered

    def act(self, controller: Controller, now: float) -> None:
        """Do what the board waits for: a shake, the mummy's move, or clearing the board."""
        self.hand.act(controller, now)
        if now < self._quiet_until or self.hand.busy:
            return
        phase = controller.phase
        if phase is Phase.IDLE and isinstance(controller.verdict, AsExpected):
            self._quiet_until = self.sim.shake(SHAKE) + 2.0
        elif phase is Phase.GUIDE:
            # The board is asked to show a position: after a restart over a saved game (the
            # simulated board starts empty) it is the saved one, so the demonstration plays on.
            # A new game's pieces the hand sets out itself, one by one; what should not be on
            # the board (a piece that landed as a far game was taken up) is lifted here.
            done = put_right(self.sim, controller, now, set_out=not controller.setting_out)
            if done is not None:
                self._quiet_until = done + 1.0
        elif phase is Phase.WON and now - controller.phase_since >= 1.0:
            t = now
            for square in sorted(self.sim.pieces):
                t = self.sim.lift(square, at=t + CLEAR_EVERY)
            self._quiet_until = t + 1.0


def put_right(sim: SimBoard, controller: Controller, now: float, *,
              set_out: bool = True) -> float | None:
    """Lift what should not be on the board and (``set_out``) set out what should, a piece at a
    time from ``now`` (the board asks to show a position: a saved game, a far game taken up, a
    new game's pieces); when it is done, or None when there is nothing to do."""
    wanted = controller.tracker.expectation.before
    owners = controller.tracker.expectation.owners
    strays, missing = sim.pieces - wanted, (wanted - sim.pieces if set_out else set())
    if not strays and not missing:
        return None
    t = now
    for square in sorted(strays, reverse=True):  # a stack's top first
        t = sim.lift(square, at=t + CLEAR_EVERY)
    for square in sorted(missing):
        pole = 1 if owners.get(square, Side.CONES) is Side.CONES else -1
        t = sim.place(square, at=t + CLEAR_EVERY, pole=pole)
    return t
