"""Random hands on the board: lifts, places, slides, hops, hovering and shakes never break the
controller, the game stays legal, once the board is put right play goes on, and in every frame
a board that is not as expected, with a status asking for something, lights a square that shows
what (on each build of board: plain, overlapping and gapped reeds)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.record import GameRecord
from engine.tait.board import SQUARES
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from sim.board.reeds import BUILDS, Build
from sim.board.table import Table
from tests.firmware.hand import carry_out
from tests.firmware.invariant import Invariant

squares = st.sampled_from(SQUARES)


class RandomHands(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp())

    @initialize(build=st.sampled_from(list(BUILDS.values())))
    def a_board_of_one_build(self, build: Build) -> None:
        self.table = Table(state_dir=self.dir, settings=Settings(mummy=None), seed=1,
                           build=build)
        self.guidance = Invariant(self.table.controller)
        self.table.companions.append(self.guidance)  # checked in every frame
        self.table.sim.shake(0.6)
        self.table.run(2.0)

    def teardown(self) -> None:
        if hasattr(self, "table"):
            self.table.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    @rule(square=squares)
    def lift(self, square: str) -> None:
        if square in self.table.sim.pieces:
            self.table.sim.lift(square)
        self.table.run(0.1)

    @rule(square=squares)
    def place(self, square: str) -> None:
        if square not in self.table.sim.pieces and len(self.table.sim.pieces) < 10:
            self.table.sim.place(square)
        self.table.run(0.1)

    @rule(start=squares, end=squares)
    def slide(self, start: str, end: str) -> None:
        pieces = self.table.sim.pieces
        if start in pieces and end not in pieces:
            self.table.sim.slide(start, end)
        self.table.run(0.4)

    @rule(square=squares, seconds=st.sampled_from([0.005, 0.05, 0.3]))
    def hop(self, square: str, seconds: float) -> None:
        if square in self.table.sim.pieces:
            self.table.sim.hop(square, seconds)
        self.table.run(0.4)

    @rule(square=squares, over=squares, height=st.sampled_from([0.1, 0.3]))
    def hover(self, square: str, over: str, height: float) -> None:
        if square in self.table.sim.pieces and over != square:
            self.table.sim.hover(square, over, height=height)
        self.table.run(0.8)

    @rule(seconds=st.floats(0.2, 1.5))
    def shake(self, seconds: float) -> None:
        self.table.sim.shake(seconds)
        self.table.run(seconds + 0.2)

    @rule(seconds=st.floats(0.05, 3.0))
    def wait(self, seconds: float) -> None:
        self.table.run(seconds)

    @precondition(lambda self: self.table.controller.phase is Phase.MOVE)
    @rule(data=st.data())
    def make_a_legal_move(self, data: st.DataObject) -> None:
        self.put_the_board_right()
        game = self.table.controller.game
        if game is None or self.table.controller.phase is not Phase.MOVE:
            return
        state = game.state
        move = data.draw(st.sampled_from(state.moves))
        carry_out(self.table, state, move, slide=data.draw(st.booleans()),
                  hop=data.draw(st.sampled_from([None, 0.05])))
        self.table.run(1.0)
        assert game.state is not state, f"{move} was not recognised"

    def put_the_board_right(self) -> None:
        expected = self.table.controller.tracker.expectation.before
        for square in self.table.sim.pieces - expected:
            self.table.sim.lift(square)
        for square in expected - self.table.sim.pieces:
            self.table.sim.place(square)
        self.table.run(1.0)

    @invariant()
    def the_game_is_always_legal(self) -> None:
        game = self.table.controller.game
        if game is not None:
            record = GameRecord.from_data(game.record.to_data())
            assert record.final_state() == game.state

    @invariant()
    def the_lights_always_show_a_frame(self) -> None:
        assert self.table.frame is not None

    @invariant()
    def every_frame_was_checked(self) -> None:
        assert self.guidance.frames > 0


# In make test, 12 examples (each a whole board of random hands); the long run below, 10,000.
RandomHands.TestCase.settings = settings(max_examples=12, stateful_step_count=25,
                                         deadline=None)
test_random_hands = RandomHands.TestCase

if __name__ == "__main__":  # python -m tests.firmware.play.test_random_hands N: the long run
    import sys
    import unittest

    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    RandomHands.TestCase.settings = settings(max_examples=examples, stateful_step_count=25,
                                             deadline=None)
    result = unittest.TextTestRunner(verbosity=2).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(RandomHands.TestCase))
    print(f"random hands: {examples} examples, {'passed' if result.wasSuccessful() else 'FAILED'}")
    sys.exit(0 if result.wasSuccessful() else 1)
