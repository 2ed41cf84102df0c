"""Stories of real people's habits at the board, the controller ticking every frame while the
hand acts: touches, second thoughts, slow bumps, settings changed mid-move, a piece set down on
the one it bumps, a stick box laid on its side. None may leave a ghost move or a dead end."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.mummy import Level
from engine.tait.moves import Move
from engine.tait.state import GameState
from firmware.lights.scenes import CONES, RED, REELS, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected, InProgress, Mismatch
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.test_stories import brightest, hue, lit, set_up, shows

C, R = Side.CONES, Side.REELS


def moves_played(table: Table) -> int:
    game = table.controller.game
    assert game is not None
    return sum(1 for action in game.actions if isinstance(action, Move))


# --- ghost moves from stale evidence ----------------------------------------------------------

def test_touching_the_piece_to_bump_then_lifting_the_mover_to_think_is_no_move(
        tmp_path: Path) -> None:
    with set_up("C:M6,C2 R:M9,R2 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.touch("M9")  # the Reel is lifted and put back
        hand.lift("M6")  # the Cone, to think
        table.run(2.0)
        assert moves_played(table) == 0
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.in_hand
        hand.place("M6")  # second thoughts
        table.run(1.0)
        assert moves_played(table) == 0 and table.controller.verdict == AsExpected()
        state = table.controller.game.state  # type: ignore[union-attr]
        carry_out(table, state, Move(C, 6, 3))
        table.run(1.0)
        assert table.controller.game.state.squares(C) == {"M9", "C2"}  # type: ignore[union-attr]
        assert sounds.MISTAKE not in table.sim.sounds


def test_an_opponents_piece_moved_by_mistake_and_put_right_leaves_no_evidence(
        tmp_path: Path) -> None:
    with set_up("C:M6,C2 R:M9,R2 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M9")
        hand.place("M10")  # the wrong piece, moved
        table.run(2.5)
        assert sounds.MISTAKE in table.sim.sounds and shows(table, "M10", RED)
        hand.lift("M10")
        hand.place("M9")  # guided back
        hand.lift("M6")
        table.run(2.0)
        assert moves_played(table) == 0
        hand.place("M6")
        table.run(1.0)
        assert table.controller.verdict == AsExpected()


def test_a_piece_that_touched_16_and_went_back_does_not_bear_off_the_next_one_lifted(
        tmp_path: Path) -> None:
    with set_up("C:M13,M14 R:R2 turn:C throw:2:WWDD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M13")
        hand.place("M16")
        hand.lift("M16")
        hand.place("M13")  # it was only counting squares
        hand.lift("M14")
        table.run(2.0)
        assert moves_played(table) == 0
        assert len(lit(table, "M16")) > 3  # the target pulses: set it on 16
        hand.place("M16")
        hand.lift("M16")
        table.run(1.0)
        assert table.controller.game.state.off[C] == 1  # type: ignore[union-attr]


# --- settings changed mid-move ----------------------------------------------------------------

CHANGES = {
    "hints": lambda table: table.controller.press("hints"),
    "level": lambda table: table.controller.set_level(Level.VIZIER),
    "mummy on and off": lambda table: (table.controller.press("mummy"),
                                       table.run(0.1), table.controller.press("mummy")),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_settings_change_mid_bump_keeps_what_the_hands_did(tmp_path: Path,
                                                             change: str) -> None:
    with set_up("C:M6,C2 R:M9,R2 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M9")  # the Reel to bump comes off first
        CHANGES[change](table)
        hand.lift("M6")
        hand.place("M9")
        table.run(1.0)
        state = table.controller.game.state  # type: ignore[union-attr]
        assert state.squares(C) == {"M9", "C2"} and state.waiting(R) == 4
        assert sounds.MISTAKE not in table.sim.sounds


# --- start-up guidance keeps the save -----------------------------------------------------------

def test_carrying_the_only_piece_to_its_square_at_start_up_keeps_the_saved_game(
        tmp_path: Path) -> None:
    with set_up("C:M6 R:- turn:R", tmp_path) as table:
        saved = table.controller.game.state  # type: ignore[union-attr]
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"M7"}) as table:
        assert table.controller.phase is Phase.GUIDE
        hand = Hand(table)
        hand.lift("M7")
        table.run(2.5)  # the board is empty while the piece is carried
        assert table.controller.phase is Phase.GUIDE
        assert shows(table, "M6", CONES)  # the missing Cone blinks in its owner's colour
        hand.place("M6")
        table.run(1.0)
        assert table.controller.phase is Phase.THROW
        assert table.controller.game.state == saved  # type: ignore[union-attr]


def test_a_cleared_board_and_a_shake_at_start_up_is_the_choice_of_a_new_game(
        tmp_path: Path) -> None:
    with set_up("C:M6 R:M9 turn:C", tmp_path):
        pass
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"M9"}) as table:
        hand = Hand(table)
        hand.lift("M9")
        table.run(5.0)
        assert table.controller.phase is Phase.GUIDE  # never dropped by itself
        assert "shake the sticks for a new game" in table.controller.status()
        hand.shake()
        table.run(2.0)
        game = table.controller.game
        assert game is not None and game.state.occupancy() == frozenset()


def test_missing_pieces_blink_in_their_owners_colours(tmp_path: Path) -> None:
    with set_up("C:M6 R:M9 turn:C", tmp_path):
        pass
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"C1"}) as table:
        assert hue(brightest(lit(table, "M6"))) == hue(CONES)
        assert hue(brightest(lit(table, "M9"))) == hue(REELS)


# --- a Cones win survives a power cut -----------------------------------------------------------

def test_a_cones_win_is_remembered_across_a_restart(tmp_path: Path) -> None:
    state = GameState.parse("C:M15 off:4,0 R:M9 entered:CR turn:C throw:1:WDDD")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None),
               pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        carry_out(table, state, Move(C, 15, 1))
        table.run(1.0)
        assert table.controller.last_winner is C
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces={"M9"}) as table:
        assert table.controller.last_winner is C
        Hand(table).lift("M9")
        table.run(2.0)
        Hand(table).shake()
        table.run(2.0)
        game = table.controller.game
        assert game is not None and game.first is R  # the loser throws first


# --- the stick box ------------------------------------------------------------------------------

def test_a_stick_box_laid_on_its_side_after_shaking_throws_once_stood_up(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C", tmp_path) as table:
        table.sim.shake(0.8)
        table.sim.tilt(True, at=table.sim.clock.now() + 1.0)  # laid on its side...
        table.run(4.0)
        assert table.controller.game.state.throw is None  # type: ignore[union-attr]
        table.sim.tilt(False)  # ...and stood up again
        table.run(1.5)
        assert table.controller.game.actions  # type: ignore[union-attr]
        assert sounds.SHAKE_AGAIN not in table.sim.sounds


def test_a_box_tipped_for_a_second_mid_shake_still_throws(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C", tmp_path) as table:
        end = table.sim.shake(0.6)
        table.sim.tilt(True, at=end + 0.1)
        table.sim.tilt(False, at=end + 1.2)  # held tipped for a second, then upright
        table.run(3.0)
        assert table.controller.game.actions  # type: ignore[union-attr]


def test_an_abandoned_shake_is_shown_and_heard(tmp_path: Path) -> None:
    with set_up("C:C2 R:M9 turn:C", tmp_path) as table:
        table.sim.shake(0.6)
        table.sim.tilt(True)
        table.run(16.0)  # left tilted past the longest shake
        assert sounds.SHAKE_AGAIN in table.sim.sounds
        assert "shake again" in table.controller.status()
        assert len(lit(table, "S1", 1.0)) > 1  # the sticks blink
        table.sim.tilt(False)
        table.run(2.0)
        table.sim.shake(0.8)
        table.run(2.0)
        assert table.controller.game.actions  # type: ignore[union-attr]


# --- never stuck, guided forward ----------------------------------------------------------------

def test_a_piece_set_down_on_the_one_it_bumps_is_asked_to_be_set_down_again(
        tmp_path: Path) -> None:
    with set_up("C:M6 R:M9 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M6")  # set on top of the Reel, which is pushed off: M9's reed never opens
        table.run(3.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.reseat == {"M9"}
        assert "lift it and set it down again" in table.controller.status()
        assert len(lit(table, "M9")) > 1
        hand.lift("M9")
        hand.place("M9")
        table.run(1.0)
        assert table.controller.game.state.squares(C) == {"M9"}  # type: ignore[union-attr]
        assert sounds.MISTAKE not in table.sim.sounds


def test_a_slow_bump_is_a_move_in_progress_not_a_mistake(tmp_path: Path) -> None:
    with set_up("C:M6 R:M9 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M9")  # the Reel, carried slowly to the side
        table.run(1.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.sources == {"M6"}
        assert verdict.targets == {"M9"}
        assert len(lit(table, "M9", 1.5)) > 3  # the target pulses, the mover stays lit
        assert hue(brightest(lit(table, "M6"))) == hue(CONES)
        hand.lift("M6")
        hand.place("M9")
        table.run(1.0)
        assert table.controller.game.state.squares(C) == {"M9"}  # type: ignore[union-attr]
        assert sounds.MISTAKE not in table.sim.sounds


def test_a_piece_left_on_16_is_guided_forward_to_bear_off(tmp_path: Path) -> None:
    with set_up("C:M13 R:R2 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M13")
        hand.place("M16")
        table.run(4.0)
        assert sounds.MISTAKE not in table.sim.sounds
        assert table.controller.status() == "Lift the piece off 16 to bear it off."
        assert len(lit(table, "M16")) > 3
        assert max(map(sum, lit(table, "M13"))) == 0  # no undo: M13 stays dark
        table.run(6.0)
        assert table.sim.sounds.count(sounds.MISTAKE) == 1  # overdue after the patience
        hand.lift("M16")
        table.run(1.0)
        assert table.controller.game.state.off[C] == 1  # type: ignore[union-attr]


def test_a_bumped_piece_parked_on_the_board_is_guided_off_not_the_move_undone(
        tmp_path: Path) -> None:
    with set_up("C:M6 R:M9 turn:C throw:3:WWWD", tmp_path) as table:
        hand = Hand(table)
        hand.lift("M9")
        hand.place("M11")  # the bumped Reel parked on the board
        hand.lift("M6")
        hand.place("M9")
        table.run(2.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.toward == Move(C, 6, 3)
        assert verdict.unexpected == {"M11"} and not verdict.missing
        assert max(map(sum, lit(table, "M6"))) == 0  # the mover's source does not blink
        hand.lift("M11")
        table.run(1.0)
        assert table.controller.game.state.squares(C) == {"M9"}  # type: ignore[union-attr]
