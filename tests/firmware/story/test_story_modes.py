"""The board's story modes are chosen by `aseb run --tutorial` / `--tournament` or the board file's
`[story] mode`, and refused in words where they cannot be played."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, ConfigError, parse_board
from sim.command.cli import main


def board_text(mode: str, base: Path = DEFAULT_BOARD) -> str:
    return base.read_text(encoding="utf-8").split("[story]")[0] + f'[story]\nmode = "{mode}"\n'


@pytest.mark.parametrize("mode", ["game", "tutorial", "tournament"])
def test_the_board_file_names_the_story(mode: str) -> None:
    assert parse_board(board_text(mode)).story.mode == mode


def test_a_story_that_is_not_one_is_refused_naming_the_key() -> None:
    with pytest.raises(ConfigError, match=r"story\.mode.*tournament"):
        parse_board(board_text("setna"))


@pytest.mark.parametrize("flag, said", [("--tutorial", "Lesson 1 of 6: The path"),
                                        ("--tournament", "Prince Setna has found the tomb")])
def test_aseb_run_simulated_begins_the_story(flag: str, said: str, tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    assert main(["run", "--simulated", flag, "--seconds", "0.2",
                 "--state-dir", str(tmp_path)]) == 0
    assert said in caplog.text


@pytest.mark.parametrize("args, said", [
    (["--tutorial", "--tournament"], "one at a time"),
    (["--tournament", "--game", "senet"], "played with Tait's Twenty Squares, not Senet"),
    (["--tutorial", "--demo"], "cannot follow the tutorial"),
])
def test_stories_that_cannot_be_played_are_refused_in_one_line(
        args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--simulated", *args, "--seconds", "0.1",
                 "--state-dir", str(tmp_path)]) == 64
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_a_senet_board_file_asking_for_the_tutorial_exits_78(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "senet.toml"
    board.write_text(board_text("tutorial", BOARDS / "senet.toml"), encoding="utf-8")
    assert main(["run", "--board", str(board), "--game", "senet",
                 "--state-dir", str(tmp_path)]) == 78
    assert "the tutorial is played with Tait's Twenty Squares" in capsys.readouterr().err
