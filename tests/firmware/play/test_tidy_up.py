"""The tidy-up and the words for it: the borne-off tray after a win on a racks board, a piece in
the wrong rack, a restart into guidance before anyone has touched the board, and Senet's piece
set down on the one it swaps with. The controller ticks every frame while the hand acts (and, in
every frame, a board not as expected that asks for something shows what: see conftest.py)."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from engine.core.sides import Side
from engine.games import load
from engine.tait.moves import Move
from engine.tait.state import TAIT
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.evidence import owners_of
from firmware.play.telling import racks_to_mend
from firmware.play.tracker import InProgress, Mismatch
from hardware.boards.board_file import BOARDS, load_board
from hardware.core.squares import RACKS
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out, rack_slot
from tests.firmware.play.test_stories import lit

C, R = Side.CONES, Side.REELS
SENET = load("senet")
RACKS_BOARD = BOARDS / "mcp23017-racks.toml"


def test_the_tray_after_a_win_is_asked_back_into_the_rack_then_a_shake_begins(
        tmp_path: Path) -> None:
    state = TAIT.parse("C:M15 R:M9 off:4,0 entered:CR turn:C throw:1")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), board=load_board(RACKS_BOARD),
               pieces=owners_of(state, racks=True)) as table:
        controller = table.controller
        controller.set_up(state)
        table.run(0.5)
        carry_out(table, state, Move(C, 15, 1))  # over 16 into the tray: the Cones win
        table.run(8.0)  # the victory lights
        assert controller.phase is Phase.WON
        hand = Hand(table)
        hand.lift("M9")
        hand.place(rack_slot(table, "RW"))  # the board cleared, the Reel back in its rack
        table.run(3.0)
        status = controller.status()
        assert status == "Cones win! Move 5 Cones from the Cones' borne-off tray to the " \
                         "Cones' waiting rack.", status
        hand.shake()
        table.run(2.0)
        assert controller.game is not None and controller.game.state.is_over  # not yet
        assert table.sim.sounds[-1] == sounds.REFUSED
        for slot in RACKS["CO"]:
            hand.lift(slot)
            hand.place(rack_slot(table, "CW"))
        table.run(1.0)
        assert controller.phase is Phase.IDLE
        hand.shake()
        table.run(2.0)
        assert controller.game is not None and not controller.game.state.is_over


def test_a_reel_in_the_cones_tray_is_asked_into_its_own_rack_by_name(tmp_path: Path) -> None:
    waiting = RACKS["CW"] + RACKS["RW"][:-1]
    with Table(board=load_board(RACKS_BOARD), pieces=(*waiting, "CO1"), seed=3) as table:
        table.run(3.0)
        status = table.controller.status()
        assert status == "Move a Reel from the Cones' borne-off tray to the Reels' waiting " \
                         "rack.", status
        hand = Hand(table)
        hand.lift("CO1")
        hand.place("RW5")
        table.run(1.0)
        hand.shake()
        table.run(2.0)
        assert table.controller.game is not None


def test_a_reel_among_the_cones_is_named_not_a_cone() -> None:
    verdict = Mismatch(MappingProxyType({"RW4": R}), frozenset({"CW4"}), True)
    said = racks_to_mend(verdict)
    assert said == " Move a Reel from the Cones' waiting rack to the Reels' waiting rack."
    assert "Take a Cone" not in said
    alone = Mismatch(MappingProxyType({"C2": C}), frozenset({"CW4"}), True)
    assert racks_to_mend(alone) == " Take the piece too many out of the Cones' waiting rack."
    short = Mismatch(MappingProxyType({"RW4": R, "RW5": R}), frozenset(), True)
    assert racks_to_mend(short) == " Put 2 Reels in the Reels' waiting rack."


def test_a_restart_into_guidance_is_quiet_until_the_board_is_touched(tmp_path: Path) -> None:
    state = TAIT.parse("C:M6 R:M9 entered:CR turn:C")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None),
               pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"M6"}) as table:
        table.run(5.0)  # nobody at the board yet
        assert table.controller.phase is Phase.GUIDE
        assert sounds.MISTAKE not in table.sim.sounds
        assert len(lit(table, "M9")) > 1  # yet the missing Reel blinks
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M7")  # touched, and still wrong: now it is a mistake
        table.run(2.5)
        assert sounds.MISTAKE in table.sim.sounds
        hand.lift("M7")
        hand.place("M6")
        hand.place("M9")
        table.run(1.0)
        assert table.controller.phase is Phase.THROW


def test_senets_piece_on_the_one_it_swaps_with_is_asked_to_be_set_down_again(
        tmp_path: Path) -> None:
    state = SENET.parse("C:H1,H3,H5,H7,H9 R:H12,H15,H17,H19,H20 off:0,0 black:R moved:CR "
                        "turn:C throw:3")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=SENET),
               pieces=state.owners()) as table:
        table.controller.set_up(state)
        table.run(0.5)
        Hand(table).lift("H9")  # set down on the Reel on H12, which never came off
        table.run(3.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.reseat == {"H12"}
        status = table.controller.status()
        assert status == "If your piece is already on H12, lift it and set it down again (the " \
                         "piece it swaps with must come off, to go to your piece's square).", status
