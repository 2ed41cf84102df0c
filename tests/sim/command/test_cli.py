"""The aseb command: each subcommand answers bad input with a message and an exit status."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.command.cli import main


def test_selftest_of_the_simulated_board_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selftest", "--simulated"]) == 0
    assert "Everything works." in capsys.readouterr().out


@pytest.mark.parametrize("command", [["run", "--board"], ["selftest", "--board"]])
def test_a_bad_board_file_exits_78_naming_the_key(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    board = tmp_path / "board.toml"
    board.write_text("[squares.M7]\npin = 'seven'\n")
    assert main([*command, str(board)]) == 78
    said = capsys.readouterr().err + caplog.text
    assert "board.toml" in said and "Traceback" not in said


def test_an_unknown_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--bogus"])
    assert exit_.value.code == 64  # EX_USAGE
    assert "--bogus" in capsys.readouterr().err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 64
    assert "COMMAND" in capsys.readouterr().out


def test_the_simulator_refuses_a_bad_board_file_with_78_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.toml"
    board.write_text("[stix]\ntilt_pin = 4\n")
    assert main(["sim", "--board", str(board), "--state-dir", str(tmp_path)]) == 78
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stix: unknown section" in err
