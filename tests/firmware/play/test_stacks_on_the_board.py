"""The stacking game played on the simulated Hall board by hand: the real Hall driver reads the
sensors (whose men, how many), the controller ticks every frame while the hand acts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.games.api import Position
from firmware.kiosk.stats import GameLog
from firmware.lights.dice import DIE_FACES
from firmware.lights.scenes import GOLD, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.evidence import move_squares
from firmware.play.tracker import AsExpected, InProgress, Mismatch
from hardware.boards.board_file import BOARDS, load_board
from hardware.core.squares import STICK_PIXELS
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.stacks_table import STACKS, played, stacks_table

C, R = Side.CONES, Side.REELS


@pytest.fixture
def board(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def hue(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A colour scaled so its largest channel is 255, to compare past brightness."""
    top = max(colour) or 1
    return (colour[0] * 255 // top, colour[1] * 255 // top, colour[2] * 255 // top)


def state(table: Table) -> Position:
    assert table.controller.game is not None
    return table.controller.game.state


def test_a_cone_entered_from_the_supply_beside_the_board(board: Path) -> None:
    with stacks_table("C:w14,C4 R:w15 turn:C dice:134", board) as table:
        Hand(table).place("C1", pole=1)
        table.run(0.5)
        assert played(table) == ["1:in-C1"]
        lights = table.sim.lights  # the dice still to use, 3 and 4, each counting its face
        for pixel, face in (("S1", 3), ("S2", 4)):
            assert all(abs(a - b) <= 12 for a, b in zip(hue(lights[pixel]), hue(DIE_FACES[face]),
                                                        strict=True))
        assert max(lights["S3"]) < 40


def test_the_top_man_of_a_stack_of_three_moves_on(board: Path) -> None:
    with stacks_table("C:w12,C4x3 R:w15 turn:C dice:3", board) as table:
        carry_out(table, state(table), state(table).parse_move("3:C4-M7"))
        table.run(0.5)
        assert played(table) == ["3:C4-M7"]
        assert table.devices.reeds.stacks()["C4"] == 2  # type: ignore[attr-defined]


def test_a_capture_is_made_by_lifting_the_man_passed(board: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:4", board) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")
        table.run(0.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, InProgress) and verdict.targets == {"M8"}  # it may capture
        hand.lift("M8")  # the Reel passed, captured: out of play in front of the Cones
        table.run(0.5)
        assert played(table) == ["4:M6-M10xM8"]


def test_a_capture_declined_by_leaving_the_man_passed_alone(board: Path) -> None:
    with stacks_table("C:w14,M6 R:w14,M8 turn:C dice:4", board) as table:
        hand = Hand(table)
        hand.lift("M6")
        hand.place("M10")
        table.run(1.0)
        assert played(table) == []  # the Reel on M8 is lit: it may still be lifted
        table.run(1.5)
        assert played(table) == ["4:M6-M10"]


def test_a_man_carried_off_the_end_goes_in_front_of_the_opponent(board: Path) -> None:
    with stacks_table("C:w12,M12,C4x2 R:w15 turn:C dice:45", board) as table:
        Hand(table).lift("M12")  # taken off the board: never set down again
        table.run(0.5)
        assert played(table) == ["4:M12-off"]  # the board takes the smaller die: 5 is left
        assert str(state(table).throw) == "5"


def test_a_wrong_stack_height_blinks_until_put_right(board: Path) -> None:
    with stacks_table("C:w13,C4x2 R:w15 turn:C dice:3", board) as table:
        hand = Hand(table)
        hand.place("C4", pole=1)  # a third man where none was asked for
        table.run(2.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent
        assert verdict.unexpected == {"C4"} and not verdict.missing
        hand.lift("C4")
        table.run(0.5)
        assert isinstance(table.controller.verdict, AsExpected) and played(table) == []


def test_a_hand_that_lifts_two_men_at_once_is_asked_to_put_one_back(board: Path) -> None:
    with stacks_table("C:w12,C4x3 R:w15 turn:C dice:3", board) as table:
        hand = Hand(table)
        hand.lift("C4")
        table.sim.lift("C4")  # two men up together...
        hand.place("M7")
        table.sim.place("M7")  # ...and both set down on M7
        table.run(2.0)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and verdict.urgent and played(table) == []
        assert verdict.missing == {"C4": C}
        hand.lift("M7")
        hand.place("C4")  # one goes back: the move is made
        table.run(0.5)
        assert played(table) == ["3:C4-M7"]


def test_the_mummys_move_is_lit_for_a_person_to_carry_out(board: Path) -> None:
    with stacks_table("C:w14,C1 R:w13,R2x2 turn:R dice:3", board, mummy=R) as table:
        table.run(3.0)
        move = table.controller.mummy_move
        assert move is not None and table.controller.phase is Phase.MOVE
        _, target = move_squares(state(table), move)
        assert target is not None
        colours = set()
        for _ in range(60):
            table.run(1 / 30)
            colours.add(hue(table.sim.lights[target]))
        assert any(all(abs(a - b) <= 4 for a, b in zip(c, hue(GOLD), strict=True))
                   for c in colours)
        carry_out(table, state(table), move)
        table.run(0.5)
        assert played(table) == [str(move)]


def test_a_game_from_its_last_turns_is_played_to_the_win_by_hand(board: Path) -> None:
    rng = random.Random(3)
    with stacks_table("C:w0,M14,M15x2 R:w0,M9,M10 turn:R dice:-", board) as table:
        hand = Hand(table)
        for _ in range(40):
            if table.controller.phase is Phase.WON:
                break
            position = state(table)
            if position.throw is None:
                hand.shake()
                table.run(2.0)
                continue
            carry_out(table, position, rng.choice(position.moves))
            table.run(2.5)  # a move that may capture waits for the hand
        assert table.controller.phase is Phase.WON
        assert state(table).winner is not None
        assert all(pixel in table.sim.lights for pixel in STICK_PIXELS)


@pytest.mark.long
def test_a_whole_game_is_played_to_the_win_by_hand(board: Path) -> None:
    rng = random.Random(8)
    with Table(state_dir=board, settings=Settings(mummy=None, ruleset=STACKS), seed=2) as table:
        hand = Hand(table)
        for _ in range(600):
            if table.controller.phase is Phase.WON:
                break
            game = table.controller.game
            if game is None or game.state.throw is None:
                hand.shake()
                table.run(2.0)
                continue
            carry_out(table, game.state, rng.choice(game.state.moves))
            table.run(2.5)
            assert table.controller.unguided() is None
        assert table.controller.phase is Phase.WON, table.controller.status()


def test_the_end_of_a_stacking_game_is_a_win_like_any_games(tmp_path: Path) -> None:
    """The Cones use their last die; the Reels then hold three men on M15 and win: the board
    plays the mummy's win, keeps who won, the fair mummy and the kiosk's statistics count it."""
    text = "C:w14,C1 R:w12,M15x3 turn:C dice:2"
    state = STACKS.parse(text)
    kiosk = replace(load_board(BOARDS / "hall.toml").kiosk, enabled=True, level="fair")
    stacks = {square: n if side is C else -n for square, (side, n) in state.stacks().items()}
    with Table(state_dir=tmp_path, settings=Settings(mummy=R, fair=True, ruleset=STACKS),
               stacks=stacks, kiosk=kiosk, wall_start=datetime(2026, 11, 23, 15, 0)) as table:
        controller = table.controller
        controller.set_up(state)
        table.run(0.5)
        carry_out(table, state, state.parse_move("2:C1-C3"))
        table.run(2.0)
        assert controller.phase is Phase.WON and controller.game is not None
        assert controller.game.state.winner is R
        assert sounds.LOSE in table.sim.sounds  # the mummy won: the visitor hears it lost
        assert controller.last_winner is R
        assert controller.fairness.games == 1 and controller.fairness.visitor_wins == 0
        table.run(10.0)
        assert [line.result for line in GameLog(tmp_path).lines()] == ["mummy"]
