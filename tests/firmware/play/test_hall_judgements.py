"""Stories of a Hall board judging by side and count: it sees whose men stand where and how
many, so a man set down upside down is a mistake the moment he is down, a capture is made as
people make it (by lifting a man passed, or declined by playing on), and a piece it sees where
it belongs is never asked for again. The real Hall driver reads the simulated sensors; the
controller ticks every frame while the hand acts."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.state import GameState
from firmware.play.controller import Settings
from firmware.play.sounds import MISTAKE
from firmware.play.tracker import AsExpected, InProgress, Mismatch
from hardware.boards.board_file import BOARDS, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand
from tests.firmware.play.stacks_table import played, stacks_table

C, R = Side.CONES, Side.REELS
GRACE = 1.5


def test_a_cone_set_down_upside_down_past_a_reel_is_a_mistake_at_once(tmp_path: Path) -> None:
    # A capture could follow (the Reel on M8 was passed): the board used to wait for it, and
    # then asked to finish the move with nothing lit.
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:4", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10", pole=-1)  # the Cone, turned over: it reads as a Reel
        table.run(GRACE + 0.3)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.missing == {"M10": C} and verdict.unexpected == {"M10"}
        assert MISTAKE in table.sim.sounds
        assert played(table) == []
        hand.lift("M10")
        hand.place("M10", pole=1)  # turned the right way up: the move, and its capture to make
        table.run(0.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.targets == {"M8"}
        table.run(2.5)
        assert played(table) == ["4:M6-M10"]


def test_a_cone_set_down_upside_down_where_nothing_is_passed_is_a_mistake_as_soon(
        tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,R1 turn:C dice:4", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10", pole=-1)
        table.run(GRACE + 0.3)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.missing == {"M10": C} and played(table) == []


def test_while_a_capture_may_follow_the_words_say_how_to_capture(tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w13,M8,M9 turn:C dice:4", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")
        table.run(0.5)
        status = table.controller.status()
        assert "capture" in status and "M8" in status and "M9" in status, status
        assert "play on" in status and "Set the piece" not in status


def test_playing_on_with_the_next_die_declines_the_capture(tmp_path: Path) -> None:
    # Before, the next die's move within the wait played the mistake sound and asked for it
    # to be undone.
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:45", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")  # 4 passes the Reel on M8: it may be captured
        hand.place("C5", pole=1)  # at once the 5 enters a Cone instead: the capture declined
        table.run(1.0)
        assert played(table) == ["4:M6-M10", "5:in-C5"]
        assert MISTAKE not in table.sim.sounds
        assert isinstance(table.controller.verdict, AsExpected)


def test_the_same_man_moved_on_at_once_declines_the_capture(tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:14", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")  # the 4, past the Reel on M8
        hand.lift("M10")
        hand.place("M11")  # and on with the 1
        table.run(1.0)
        assert played(table) == ["4:M6-M10", "1:M10-M11"]
        assert MISTAKE not in table.sim.sounds


def test_the_order_of_the_dice_is_the_players(tmp_path: Path) -> None:
    with stacks_table("C:w13,M6,C2 R:w14,M8 turn:C dice:35", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M11")  # the 5 first, past the Reel on M8
        hand.lift("C2")
        hand.place("C5")  # then the 3
        table.run(3.0)
        assert played(table) == ["5:M6-M11", "3:C2-C5"]


def test_a_capture_is_still_made_by_lifting_the_man_passed_after_a_pause(
        tmp_path: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:45", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")
        table.run(1.0)
        hand.lift("M8")
        table.run(0.5)
        assert played(table) == ["4:M6-M10xM8"]


HALL_TWENTY = load_board(BOARDS / "hall-twenty.toml")


def tait_table(text: str, throw: int, tmp_path: Path) -> tuple[Table, GameState]:
    state, _ = GameState.parse(text + " entered:CR turn:C").cast(Throw.of(throw))
    stacks = {square: 1 if side is C else -1 for square, side in state.owners().items()}
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None), board=HALL_TWENTY,
                  stacks=stacks)
    table.controller.set_up(state)
    table.run(0.5)
    assert isinstance(table.controller.verdict, AsExpected)
    return table, state


def test_a_bumped_reel_set_back_is_seen_where_it_belongs(tmp_path: Path) -> None:
    # The reed board's words asked whether the Cone was already on M8: this board sees a
    # Reel there.
    table, _ = tait_table("C:M5 R:M8", 3, tmp_path)
    with table:
        hand = Hand(table)
        hand.lift("M5")
        hand.lift("M8")
        hand.place("M8", pole=-1)  # the Reel set back
        table.run(GRACE + 1.0)
        verdict = table.controller.verdict
        status = table.controller.status()
        assert isinstance(verdict, InProgress) and not verdict.reseat
        assert "If your piece is already" not in status and "M8" in status, status
        hand.lift("M8")  # the bump after all: the Reel off, the Cone on
        hand.place("M8", pole=1)
        table.run(0.5)
        game = table.controller.game
        assert game is not None and [str(a) for a in game.record.actions][-1] == "M5-M8"


def test_a_cone_set_down_upside_down_on_tait_is_a_mistake_at_once(tmp_path: Path) -> None:
    table, _ = tait_table("C:M5 R:M12", 3, tmp_path)
    with table:
        hand = Hand(table)
        hand.lift("M5")
        hand.place("M8", pole=-1)
        table.run(GRACE + 0.3)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.missing == {"M8": C}
