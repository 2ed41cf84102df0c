"""A board with rack switches between games: the pieces rest in their waiting racks."""

from __future__ import annotations

from pathlib import Path

from firmware.lights.scenes import Phase
from hardware.boards.board_file import load_board
from hardware.core.squares import RACKS
from sim.board.table import Table
from tests.firmware.hand import Hand

RACKS_BOARD = Path(__file__).parents[3] / "hardware" / "boards" / "mcp23017-racks.toml"
WAITING = RACKS["CW"] + RACKS["RW"]


def test_pieces_resting_in_their_racks_let_a_shake_begin_a_game() -> None:
    table = Table(board=load_board(RACKS_BOARD), pieces=WAITING, seed=3)
    table.run(1.0)
    assert table.controller.phase is Phase.IDLE, table.controller.status()
    Hand(table).shake()
    table.run(2.0)
    assert table.controller.game is not None, table.controller.status()


def test_a_piece_left_in_the_tray_is_asked_back_into_its_rack() -> None:
    table = Table(board=load_board(RACKS_BOARD), pieces=(*WAITING[:-1], "RO1"), seed=3)
    table.run(3.0)
    controller = table.controller
    assert controller.phase is Phase.IDLE
    wanted = "Move a Reel from the Reels' borne-off tray to the Reels' waiting rack."
    assert controller.status() == wanted, controller.status()
    Hand(table).shake()
    table.run(2.0)
    assert controller.game is None  # no game begins until the racks are right
    hand = Hand(table)
    hand.lift("RO1")
    hand.place("RW5")
    table.run(1.0)
    hand.shake()
    table.run(2.0)
    assert controller.game is not None, controller.status()
