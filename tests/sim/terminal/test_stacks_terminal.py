"""The stacking game in the terminal and on the command line: a whole game against the mummy,
the dice and the stacks shown, and every board refused in one line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.mummy import Level, Mummy
from engine.stacks import STACKS
from sim.command.cli import main
from sim.terminal.game import TerminalGame
from tests.sim.terminal.test_terminal import Script, enter_then_1, one_game


def test_a_whole_game_against_the_mummy_answering_1_to_every_question() -> None:
    script = Script(["1"] * 3000)
    enter_then_1(script)
    mummy = Mummy(Level.PRIEST)  # the Vizier's games are the benchmarks' (92 s here)
    game = one_game(TerminalGame(script.read, script.write, random.Random(4), mummy=Side.REELS,
                                 chooser=mummy.choose, ruleset=STACKS))
    assert game.run() == 0
    assert game.game.state.is_over
    text = script.text
    assert "win!" in text or "they lose." in text
    assert "threw the dice: [" in text and "Dice to use: [" in text  # the dice, then those left
    assert "The mummy plays: with the " in text and "out of play" in text


def test_moves_are_typed_by_notation_and_mistakes_answered() -> None:
    script = Script(["6:M9-off", "C4", "C4-M8", "1", "quit"])
    game = TerminalGame(script.read, script.write, random.Random(1), mummy=None, ruleset=STACKS)
    game.game = Game.from_position(STACKS.parse("C:w13,C4,M7 R:w15 turn:C dice:134"))
    game.run()
    text = script.text
    assert "6:M9-off: the dice to use are 1, 3, 4" in text
    assert "C4 could be any of" in text  # three dice move the man on C4
    assert "Cones move C4 to M8." in text and "Dice to use: [1] [3]" in text


def test_aseb_run_plays_the_stacking_game_only_on_a_hall_board(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    reeds = tmp_path / "board.toml"
    reeds.write_text('[board]\nkind = "stacks"\n')
    assert main(["run", "--game", "stacks", "--board", str(reeds)]) == 78
    said = capsys.readouterr().err  # refused as the file is read, before the service starts
    assert "no reed board can be wired for a stacks board: a reed switch cannot count a stack " \
           "of men" in said and "a Hall board" in said
    # the simulated board of its kind is the Hall board (hardware/boards/hall.toml)
    assert main(["run", "--game", "stacks", "--simulated", "--seconds", "0.1", "--no-link",
                 "--state-dir", str(tmp_path)]) == 0


def test_aseb_sim_plays_the_stacking_game_on_a_hall_board_only(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from hardware.boards.board_file import DEFAULT_BOARD

    assert main(["sim", "--game", "stacks", "--board", str(DEFAULT_BOARD),
                 "--state-dir", str(tmp_path)]) == 78
    assert "wired for a twenty-squares board" in capsys.readouterr().err


def test_a_board_file_for_a_stacks_board_is_refused_saying_why(tmp_path: Path) -> None:
    from hardware.boards.board_file import ConfigError, load_board

    board = tmp_path / "board.toml"
    board.write_text('[board]\nkind = "stacks"\n')
    with pytest.raises(ConfigError, match="cannot count a stack of men"):
        load_board(board)
