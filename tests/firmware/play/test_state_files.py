"""The board's own files in its state directory (the saved game, the owner's settings) are read by
the one careful reader: one that is not a regular file is set aside with a log line and the board
starts, never waiting on a FIFO (it hung the service before READY, where SIGTERM could not end
it) or reading /dev/zero to the end of memory; a save far bigger than any game is judged by its
size alone; what a write cut short left behind is cleared at start."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.game import Game
from engine.tait.state import TAIT
from firmware.kiosk.stats import GameLine, GameLog
from firmware.lights.scenes import Phase
from firmware.play.store import Saved, Store
from sim.board.table import Table

NOT_FILES: dict[str, Callable[[Path], None]] = {
    "a FIFO": os.mkfifo,
    "a link to /dev/zero": lambda path: path.symlink_to("/dev/zero"),
    "a directory": lambda path: path.mkdir(),
}


def started(state: Path) -> Table:
    """The board started on ``state`` with its menu and settings, as the service starts; in a
    thread, so a start that waits for ever fails the test instead of hanging it."""
    tables: list[Table] = []
    start = threading.Thread(target=lambda: tables.append(Table(state_dir=state, menu=True)),
                             daemon=True)
    start.start()
    start.join(timeout=60)
    assert tables, "the board did not start"
    return tables[0]


@pytest.mark.parametrize("name", ["settings.json", "game.json"])
@pytest.mark.parametrize("kind", sorted(NOT_FILES))
def test_a_state_file_that_is_not_a_file_is_set_aside_and_the_board_starts(
        tmp_path: Path, name: str, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    NOT_FILES[kind](tmp_path / name)
    with caplog.at_level(logging.WARNING):
        table = started(tmp_path)
    with table:
        table.run(0.5)
        assert table.controller.phase is Phase.IDLE  # waiting for a shake, as on a fresh board
    stem, suffix = name.split(".")
    assert os.path.lexists(tmp_path / f"{stem}.bad-1.{suffix}")
    warned = [r.getMessage() for r in caplog.records if "not a regular file" in r.getMessage()]
    assert len(warned) == 1 and str(tmp_path / name) in warned[0]


def test_a_save_far_bigger_than_any_game_is_judged_by_its_size(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A 54 MB save took 12-14 s to read and parse before it was set aside."""
    with (tmp_path / "game.json").open("wb") as f:
        f.truncate(54_000_000)
    with caplog.at_level(logging.WARNING):
        assert Store(tmp_path).load(TAIT) is None
    assert "54,000,000 bytes, larger than a saved game ever is" in caplog.text
    assert (tmp_path / "game.bad-1.json").stat().st_size == 54_000_000


def test_what_a_write_cut_short_left_is_cleared_at_start(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A SIGKILL between the temporary file and the rename left game.tmp behind."""
    Store(tmp_path).save(Saved(Game(TAIT, Side.CONES).record))
    (tmp_path / "game.tmp").write_text('{"format": "aseb-save", "rec')  # cut short
    with caplog.at_level(logging.INFO):
        saved = Store(tmp_path).load(TAIT)
    assert saved is not None  # the save it was to replace, whole
    assert not (tmp_path / "game.tmp").exists()
    assert "game.tmp, left by a write cut short" in caplog.text


def test_a_fifo_in_place_of_the_temporary_file_never_blocks_a_save(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.tmp")
    store = Store(tmp_path)
    saving = threading.Thread(target=lambda: store.save(Saved(Game(TAIT, Side.CONES).record)),
                              daemon=True)
    saving.start()
    saving.join(timeout=30)
    assert not saving.is_alive() and Store(tmp_path).load(TAIT) is not None


def test_a_fifo_in_place_of_the_kiosks_game_log_never_blocks_the_end_of_a_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Opened to add a line, a FIFO waits for a reader for ever: the kiosk would hang there."""
    os.mkfifo(tmp_path / "games.jsonl")
    games = GameLog(tmp_path)
    line = GameLine(start=1_700_000_000.0, end=1_700_000_300.0, result="visitor", moves=40,
                    level="fair", game="tait")
    with caplog.at_level(logging.WARNING):
        adding = threading.Thread(target=lambda: games.append(line), daemon=True)
        adding.start()
        adding.join(timeout=30)
    assert not adding.is_alive() and list(games.lines()) == [line]
    assert os.path.lexists(tmp_path / "games.bad-1.jsonl") and "not a regular file" in caplog.text
