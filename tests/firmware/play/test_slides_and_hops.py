"""Every hand at the board, round two: a piece slid one square on a board whose reeds overlap (or
gap) as it crosses the line, the last piece of a swap that hops, a piece straightened just after
it is set down, and a child's muddle a parent puts right by following the lights. The controller
ticks every frame while the hand acts, on each build of board (``sim.board.reeds``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.games import load
from engine.games.api import Position, Rules
from engine.tait.state import TAIT
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.evidence import owners_of
from firmware.play.tracker import AsExpected, Mismatch
from hardware.boards.board_file import BOARDS, Board, load_board
from sim.board.reeds import BUILDS, Build
from sim.board.table import Table
from tests.firmware.hand import Hand, rack_slot
from tests.firmware.play.test_stories import lit

C, R = Side.CONES, Side.REELS
SENET = load("senet")
EVERY_BUILD = pytest.mark.parametrize("build", list(BUILDS.values()), ids=list(BUILDS))


def table_at(text: str, tmp_path: Path, build: Build, rules: Rules = TAIT,
             board: Board | None = None) -> Table:
    """Two players at a board showing the position ``text``, its throw pending."""
    state = rules.parse(text)
    racks = board is not None and board.reeds.has_racks
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=rules),
                  pieces=owners_of(state, racks), board=board, build=build)
    table.controller.set_up(state)
    table.run(0.5)
    return table


def state_of(table: Table) -> Position:
    game = table.controller.game
    assert game is not None
    return game.state


def played(table: Table) -> list[str]:
    """The moves recorded so far, as the game writes them."""
    game = table.controller.game
    assert game is not None
    before = game.record.initial()
    moves = []
    for action, after in game.record.replay():
        if action in before.moves:
            moves.append(before.describe(action))
        before = after
    return moves


# --- a piece slid across the line between two squares ----------------------------------------

@EVERY_BUILD
def test_a_piece_slid_one_square_is_that_move(tmp_path: Path, build: Build) -> None:
    with table_at("C:C2 R:M9 entered:CR turn:C throw:1", tmp_path, build) as table:
        Hand(table).slide("C2", "C3")
        table.run(2.0)
        assert played(table) == ["C2-C3"]
        assert table.controller.phase is Phase.THROW
        assert sounds.MISTAKE not in table.sim.sounds


@EVERY_BUILD
def test_a_bump_slid_one_square_is_that_bump(tmp_path: Path, build: Build) -> None:
    with table_at("C:M10 R:M11 entered:CR turn:C throw:1", tmp_path, build) as table:
        hand = Hand(table)
        hand.lift("M11")  # the Reel to bump comes off
        hand.slide("M10", "M11")
        table.run(2.0)
        assert played(table) == ["M10xM11"]
        assert "bumps must come off" not in table.controller.status()
        assert sounds.MISTAKE not in table.sim.sounds


@EVERY_BUILD
def test_a_piece_slid_onto_16_then_lifted_bears_off(tmp_path: Path, build: Build) -> None:
    with table_at("C:M15 R:M9 entered:CR turn:C throw:1", tmp_path, build) as table:
        hand = Hand(table)
        hand.slide("M15", "M16")
        hand.lift("M16")
        table.run(2.0)
        assert played(table) == ["M15-off"]
        assert state_of(table).off[C] == 1
        assert sounds.MISTAKE not in table.sim.sounds


# --- the last piece hops, or is straightened ---------------------------------------------------

@EVERY_BUILD
def test_a_cone_straightened_just_after_a_racks_board_bump_keeps_the_bump(
        tmp_path: Path, build: Build) -> None:
    racks = load_board(BOARDS / "mcp23017-racks.toml")
    with table_at("C:M6,C2 R:M9,R2 entered:CR turn:C throw:3", tmp_path, build,
                  board=racks) as table:
        hand = Hand(table)
        hand.lift("M9")
        hand.place(rack_slot(table, "RW"))  # the Reel into its waiting rack
        hand.lift("M6")
        hand.place("M9")
        Hand(table, pace=0.0).hop("M9", 0.05)  # set a little crooked: straightened at once
        table.run(2.0)
        assert played(table) == ["M6xM9"]
        assert state_of(table).squares(C) == {"M9", "C2"}
        assert sounds.MISTAKE not in table.sim.sounds


@EVERY_BUILD
@pytest.mark.parametrize("hop", [0.05, 0.4], ids=["straightened", "hopped"])
def test_a_senet_swap_whose_last_piece_hops_is_the_swap(tmp_path: Path, build: Build,
                                                        hop: float) -> None:
    with table_at("C:H1,H3,H5,H7,H9 R:H12,H15,H17,H19,H20 off:0,0 black:R moved:CR turn:C "
                  "throw:3", tmp_path, build, rules=SENET) as table:
        hand = Hand(table)
        hand.lift("H12")  # the Reel to swap with
        hand.lift("H9")
        hand.place("H12")  # the Cone lands
        hand.place("H9")  # the Reel goes to the Cone's square...
        Hand(table, pace=0.1).hop("H9", hop)  # ...and hops into place
        table.run(2.0)
        assert played(table) == ["H9xH12"]
        owners = state_of(table).owners()
        assert owners["H12"] is C and owners["H9"] is R
        assert sounds.MISTAKE not in table.sim.sounds


# --- never complete a move nobody began --------------------------------------------------------

def follow_the_lights(table: Table) -> None:
    """A parent puts the board right one square at a time, as the blinking squares show."""
    for _ in range(12):
        table.run(2.0)
        verdict = table.controller.verdict
        if not isinstance(verdict, Mismatch):
            return
        assert verdict.urgent and "Put the board right" in table.controller.status()
        hand = Hand(table)
        if verdict.unexpected:
            square = min(verdict.unexpected)
            assert len(lit(table, square)) > 1  # blinking
            hand.lift(square)
        else:
            square = min(verdict.missing)
            assert len(lit(table, square)) > 1
            hand.place(square)
    raise AssertionError("the lights never led to a legal board")


@EVERY_BUILD
def test_a_childs_muddle_is_guided_back_not_to_a_move_nobody_began(
        tmp_path: Path, build: Build) -> None:
    with table_at("C:C4,M6 R:M9 entered:CR turn:C throw:2", tmp_path, build) as table:
        before = state_of(table)
        hand = Hand(table)
        for square in ("C4", "M6", "M9"):  # three pieces up...
            hand.lift(square)
        for square in ("C2", "M7", "M10"):  # ...and put back wrong: in-C2 is one act nearer
            hand.place(square)
        follow_the_lights(table)
        assert played(table) == []
        assert state_of(table) == before
        assert table.controller.verdict == AsExpected()


@EVERY_BUILD
def test_a_piece_carried_part_way_and_muddled_is_guided_forward(tmp_path: Path,
                                                                build: Build) -> None:
    with table_at("C:M6 R:M9 entered:CR turn:C throw:3", tmp_path, build) as table:
        hand = Hand(table)
        hand.lift("M9")
        hand.place("M11")  # the bumped Reel parked on the board
        hand.slide("M6", "M9")  # the Cone did begin its move, and finished it
        follow_the_lights(table)
        assert played(table) == ["M6xM9"]
