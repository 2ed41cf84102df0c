"""Stories on a Hall board (Tait's game on hall-twenty.toml): the board sees whose piece stands
on each square, so what no reed under a square can tell apart (firmware/README.md) is decided.
The real Hall driver reads the simulated sensors; the controller ticks every frame."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected, InProgress, Mismatch
from hardware.boards.board_file import BOARDS, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out

HALL = load_board(BOARDS / "hall-twenty.toml")
C, R = Side.CONES, Side.REELS


def set_up(text: str, throw: int, tmp_path: Path) -> tuple[Table, GameState]:
    """Two players at a Hall board showing ``text``, the Cones to move with ``throw``."""
    state, _ = GameState.parse(text + " entered:CR turn:C").cast(Throw.of(throw))
    stacks = {square: 1 if side is C else -1 for square, side in state.owners().items()}
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None), board=HALL, stacks=stacks)
    table.controller.set_up(state)
    table.run(0.5)
    assert isinstance(table.controller.verdict, AsExpected)
    return table, state


def played(table: Table) -> list[str]:
    assert table.controller.game is not None
    return [str(a) for a in table.controller.game.record.actions if isinstance(a, Move)]


def test_re_centring_the_reel_an_entering_cone_would_bump_is_no_move(tmp_path: Path) -> None:
    # A reed board takes this for the entering bump (the square emptied and filled again).
    table, state = set_up("C:C2 R:M6", 6, tmp_path)
    with table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M6")  # the same Reel, straightened
        table.run(2.0)
        assert isinstance(table.controller.verdict, AsExpected)
        assert played(table) == []
        carry_out(table, state, state.parse_move("in-M6"))
        table.run(0.5)
        assert played(table) == ["in-M6"]


def test_both_pieces_of_a_bump_up_and_the_bumped_reel_set_back_is_no_bump(
        tmp_path: Path) -> None:
    # A reed board takes this for the bump: the target emptied and filled again.
    table, _ = set_up("C:M5 R:M8", 3, tmp_path)
    with table:
        hand = Hand(table)
        hand.lift("M5")  # the mover up...
        hand.lift("M8")  # ...and the Reel to bump
        table.sim.place("M8", pole=-1)  # the Reel goes back where it was
        table.run(2.5)
        verdict = table.controller.verdict
        assert played(table) == []
        assert isinstance(verdict, InProgress | Mismatch)
        hand.place("M5")  # the Cone back: nothing happened
        table.run(1.0)
        assert isinstance(table.controller.verdict, AsExpected) and played(table) == []


def test_the_reel_to_bump_touched_then_the_cone_lifted_at_once_is_a_cone_in_the_hand(
        tmp_path: Path) -> None:
    table, _ = set_up("C:M5 R:M8", 3, tmp_path)
    with table:
        table.sim.lift("M8")
        table.sim.place("M8", at=table.now + 0.1)  # touched...
        table.sim.lift("M5", at=table.now + 0.15)  # ...and the Cone up within the settle time
        table.run(1.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.in_hand
        assert played(table) == []


def test_a_cone_and_a_reel_put_back_swapped_are_sent_back_to_their_own_squares(
        tmp_path: Path) -> None:
    # A reed board sees the pieces as they were.
    table, _ = set_up("C:M5 R:M8", 3, tmp_path)
    with table:
        table.sim.lift("M5")
        table.sim.lift("M8", at=table.now + 0.3)
        table.sim.place("M5", at=table.now + 0.6)  # the Reel, last lifted, onto M5
        table.sim.place("M8", at=table.now + 0.9, pole=1)
        table.run(3.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.missing == {"M5": C, "M8": R}
        assert verdict.unexpected == {"M5", "M8"}
        assert played(table) == []
