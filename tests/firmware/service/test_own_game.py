"""A board with no game asked for plays its own: the game its board file's ``[menu]`` names, else
the first game of its kind (what ``aseb run --board`` and the installer take)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.service.boards import own_game, read_board
from hardware.boards.board_file import BOARDS, Board


@pytest.mark.parametrize(("board_file", "game"), [
    ("pi-direct.toml", "tait"), ("senet.toml", "senet"), ("ramses.toml", "ramses"),
    ("hall.toml", "stacks"), ("hall-twenty.toml", "tait")])
def test_each_shipped_board_plays_the_game_of_its_kind(board_file: str, game: str) -> None:
    assert own_game(read_board(BOARDS / board_file)).name == game


def test_the_board_files_menu_names_the_game(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text((BOARDS / "pi-direct.toml").read_text()
                     .replace('# game = "tait"', 'game = "cyningstan"'))
    assert own_game(read_board(board)).name == "cyningstan"


@pytest.mark.parametrize("board_file", ["senet.toml", "pi-direct.toml"])
def test_aseb_run_reads_its_board_file_once(board_file: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked for no game, ``aseb run --board`` takes the board's own game from the file it
    read: the file is read once, not once for the game and again for the board."""
    import firmware.service.boards
    from sim.command.cli import main

    reads: list[Path] = []
    load = firmware.service.boards.load_board

    def counted(path: str | Path) -> Board:
        reads.append(Path(path))
        return load(path)

    monkeypatch.setattr(firmware.service.boards, "load_board", counted)
    monkeypatch.setattr("sim.command.headless.stop_on_signals", lambda stop: None)
    assert main(["run", "--simulated", "--board", str(BOARDS / board_file), "--seconds", "0",
                 "--no-link", "--state-dir", str(tmp_path)]) == 0
    assert reads == [BOARDS / board_file]
