"""Games played to the end on their Hall boards by hand: Tait's on hall-twenty.toml and Senet on
hall-senet.toml (the stacking game's are in test_stacks_on_the_board.py); and Senet's Hall board
calibrated as a person does it. The real Hall driver reads the simulated sensors; the controller
ticks every frame while the hand acts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import games
from engine.core.sides import Side
from engine.games.api import Position
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.tracker import AsExpected
from hardware.boards.board_file import BOARDS, load_board
from hardware.sensors.hall_levels import Levels
from sim.board.table import Table
from sim.command.calibrate import calibrate_main
from tests.firmware.hand import Hand, carry_out

TAIT, SENET = games.load("tait"), games.load("senet")
HALL_TWENTY = load_board(BOARDS / "hall-twenty.toml")
HALL_SENET = load_board(BOARDS / "hall-senet.toml")


def on_the_board(text: str, rules: object, board: object, tmp_path: Path) -> Table:
    """Two players at a Hall board showing ``text``."""
    state: Position = rules.parse(text)  # type: ignore[attr-defined]
    stacks = {square: 1 if side is Side.CONES else -1 for square, side in state.owners().items()}
    table = Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=rules),  # type: ignore[arg-type]
                  board=board, stacks=stacks)  # type: ignore[arg-type]
    table.controller.set_up(state)
    table.run(0.5)
    assert isinstance(table.controller.verdict, AsExpected)
    return table


def play_to_the_end(table: Table, seed: int, turns: int) -> None:
    """Throw and move at random by hand until someone wins, the board never unguided."""
    rng = random.Random(seed)
    hand = Hand(table)
    for _ in range(turns):
        if table.controller.phase is Phase.WON:
            return
        game = table.controller.game
        assert game is not None
        if game.state.throw is None:
            hand.shake()
            table.run(2.0)
            continue
        carry_out(table, game.state, rng.choice(game.state.moves))
        table.run(1.5)
        assert table.controller.unguided() is None, table.controller.status()
    raise AssertionError(f"no winner in {turns} turns: {table.controller.status()}")


def test_tait_from_its_last_turns_is_played_to_the_win_on_the_hall_board(
        tmp_path: Path) -> None:
    with on_the_board("C:M14,M15 R:M13 off:3,4 entered:CR turn:C", TAIT, HALL_TWENTY,
                      tmp_path) as table:
        play_to_the_end(table, seed=4, turns=200)
        game = table.controller.game
        assert game is not None and game.state.winner is not None


def test_senet_from_its_last_turns_is_played_to_the_win_on_its_hall_board(
        tmp_path: Path) -> None:
    with on_the_board("C:H26,H28 R:H25,H29 off:3,3 black:R moved:CR turn:C", SENET,
                      HALL_SENET, tmp_path) as table:
        assert len(table.devices.reeds.stacks()) == 30  # type: ignore[attr-defined]
        play_to_the_end(table, seed=2, turns=120)
        game = table.controller.game
        assert game is not None and game.state.winner is not None


def test_senets_hall_board_is_calibrated_as_a_person_does_it(tmp_path: Path) -> None:
    out = tmp_path / "hall-calibration.json"
    assert calibrate_main(["--board", str(BOARDS / "hall-senet.toml"), "--simulated",
                           "--out", str(out)]) == 0
    levels = Levels.load(out, HALL_SENET.squares)
    assert set(levels.squares) == {f"H{n}" for n in range(1, 31)}
    assert all(set(s.steps) == {-1, 0, 1} for s in levels.squares.values())  # one man a square


@pytest.mark.long
@pytest.mark.parametrize(("rules", "board"), [(TAIT, HALL_TWENTY), (SENET, HALL_SENET)],
                         ids=["tait", "senet"])
def test_a_whole_game_is_played_to_the_win_on_a_hall_board(
        tmp_path: Path, rules: object, board: object) -> None:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=rules),  # type: ignore[arg-type]
               board=board, seed=3) as table:  # type: ignore[arg-type]
        hand = Hand(table)
        hand.shake()
        table.run(2.0)
        game = table.controller.game
        assert game is not None
        for square, side in game.state.owners().items():  # Senet's men start on the board
            hand.place(square, pole=1 if side is Side.CONES else -1)
        table.run(1.0)
        play_to_the_end(table, seed=5, turns=900)
