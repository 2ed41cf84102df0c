"""What the simulated Hall board can go through, told as stories: a sensor that fails after
calibration (a wire come loose mid-game), men of both sides on one square, a fourth man set on
a full stack, a man held just above a square. The real Hall driver reads the simulated sensors;
the controller ticks every frame while the hand acts."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.state import GameState
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.sounds import MISTAKE
from firmware.play.tracker import AsExpected, InProgress, Mismatch, Unseen
from hardware.boards.board_file import BOARDS, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.stacks_table import STACKS, played, stacks_table

HALL_TWENTY = load_board(BOARDS / "hall-twenty.toml")
C, R = Side.CONES, Side.REELS


def test_a_wire_come_loose_under_a_stack_is_named_and_play_goes_on(tmp_path: Path) -> None:
    # Before, the loose wire read 0, counted as three Reels: "Put the board right", an empty
    # square blinking red, and every shake refused.
    said: list[str] = []
    with stacks_table("C:w13,M6x2 R:w13,M9x2 turn:C dice:4", tmp_path, said=said) as table:
        assert table.sim.hall is not None
        table.sim.hall.channels["M9"].missing = True  # the wire to M9's sensor comes loose
        table.run(2.0)
        status = table.controller.status()
        assert status.startswith("The sensor under M9 reads nothing: check its wire (ADC 1, "
                                 "input 0)."), status
        assert "Play goes on" in status
        assert said and "M9" in said[0]  # said aloud, once
        assert table.controller.faults["M9"].fault == "nothing"
        assert not table.controller.guiding()
        carry_out(table, table.controller.game.state,  # type: ignore[union-attr]
                  STACKS.parse("C:w13,M6x2 R:w13,M9x2 turn:C dice:4").parse_move(
                      "4:in-C4"))
        table.run(1.0)
        assert played(table) == ["4:in-C4"]
        Hand(table).shake()
        table.run(2.0)
        assert table.controller.phase is Phase.MOVE  # the Reels' throw is taken
        assert len(said) == 1


def test_a_move_the_failed_sensor_alone_could_tell_is_said_to_be_unseen(
        tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:4", tmp_path) as table:
        assert table.sim.hall is not None
        table.sim.hall.channels["M8"].missing = True
        table.run(2.0)
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")
        hand.lift("M8")  # the capture: but only M8's sensor could see it
        table.run(3.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, Unseen) and verdict.squares == {"M8"}
        status = table.controller.status()
        assert "cannot tell" in status and "M8" in status, status
        assert played(table) == []
        table.sim.hall.channels["M8"].missing = False  # mended: the board sees it again
        table.run(4.0)
        assert played(table) == ["4:M6-M10xM8"]
        assert "M8" not in table.controller.faults


def test_a_cone_set_down_on_a_reel_is_shown_to_be_set_right(tmp_path: Path) -> None:
    state, _ = GameState.parse("C:M5 R:M8 entered:CR turn:C").cast(Throw.of(3))
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), board=HALL_TWENTY,
               stacks={"M5": 1, "M8": -1}) as table:
        table.controller.set_up(state)
        table.run(0.5)
        hand = Hand(table)
        hand.lift("M5")
        hand.place("M8", pole=1)  # on top of the Reel it bumps: men of both sides on M8
        table.run(2.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.unclear == {"M8"}
        assert "both sides" in table.controller.status()
        assert MISTAKE in table.sim.sounds
        game = table.controller.game
        assert game is not None and not game.record.actions[1:]
        hand.lift("M8")  # the Cone off again
        table.run(1.0)
        assert isinstance(table.controller.verdict, InProgress)
        hand.lift("M8")  # the bump as it is made: the Reel off, the Cone on
        hand.place("M8", pole=1)
        table.run(0.5)
        assert str(game.record.actions[-1]) == "M5-M8"


def test_a_fourth_man_on_a_full_stack_is_seen(tmp_path: Path) -> None:
    # Before, a fourth man read as three: the board saw nothing wrong.
    with stacks_table("C:w12,C4x3 R:w15 turn:C dice:3", tmp_path) as table:
        hand = Hand(table)
        hand.place("C4", pole=1)
        table.run(2.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.unexpected == {"C4"}
        hand.lift("C4")
        table.run(0.5)
        assert isinstance(table.controller.verdict, AsExpected) and played(table) == []


def test_a_man_held_just_above_a_square_is_no_move_until_set_down(tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w15 turn:C dice:4", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.hold("M10", pole=1, above=3.0)  # held over M10, thinking
        table.run(6.0)
        assert played(table) == []
        assert MISTAKE not in table.sim.sounds
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.targets == {"M10"}
        hand.let_go("M10")
        hand.place("M10")
        table.run(0.5)
        assert played(table) == ["4:M6-M10"]
