"""A saved game that cannot be used for any reason is moved aside with a log line; the board
starts without it, so a garbled save can never make the service crash at every start."""

from __future__ import annotations

import json
import logging
import socket
from pathlib import Path
from typing import Any

import pytest

from engine.core.sides import Side
from engine.tait.moves import Move
from engine.tait.state import TAIT
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.play.store import Store
from sim.board.table import Table
from sim.command.cli import main
from tests.firmware.hand import carry_out

C = Side.CONES

GOOD_SAVE_START = '{"format": "aseb-save", "mummy": "reels", "last_winner": null, '

GARBAGE = {
    "binary": bytes(range(256)) * 8,
    "a number too large": (GOOD_SAVE_START + '"record": null, "fair": {"games": 1e400}}').encode(),
    "a huge integer": (GOOD_SAVE_START + '"record": null, "fair": {"games": 1' + "0" * 5000
                       + "}}").encode(),
    "NaN": (GOOD_SAVE_START + '"record": null, "fair": {"strength": NaN}}').encode(),
    "a deeply nested array": b'{"format": "aseb-save", "record": ' + b"[" * 100_000
                             + b"]" * 100_000 + b"}",
    "deeply nested objects": b'{"a": ' * 50_000 + b"1" + b"}" * 50_000,
    "not an object": b"[1, 2, 3]",
    "truncated": GOOD_SAVE_START.encode(),
    "a wrong type": (GOOD_SAVE_START + '"record": {"format": "aseb-game", "version": 1, '
                     '"actions": [1, 2]}}').encode(),
}


@pytest.mark.parametrize("content", GARBAGE.values(), ids=GARBAGE.keys())
def test_a_garbled_save_is_moved_aside_with_a_log_line(
        tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(tmp_path)
    store.path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert store.load() is None
    assert not store.path.exists()
    assert (tmp_path / "game.bad-1.json").read_bytes() == content
    assert "unusable" in caplog.text and "moved it to" in caplog.text
    assert len(caplog.records) == 1 and "\n" not in caplog.records[0].getMessage()


@pytest.mark.parametrize("content", GARBAGE.values(), ids=GARBAGE.keys())
def test_the_board_starts_over_a_garbled_save_and_saves_anew(tmp_path: Path,
                                                              content: bytes) -> None:
    (tmp_path / "game.json").write_bytes(content)
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        assert table.controller.game is None
        table.sim.shake(1.0)
        table.run(3.0)
        assert table.controller.game is not None
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "aseb-save"


def test_aseb_run_simulated_sends_ready_and_starts_over_a_garbled_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "game.json").write_bytes(GARBAGE["a deeply nested array"])
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(str(tmp_path / "notify"))
        systemd.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
        assert main(["run", "--simulated", "--mummy", "none", "--seconds", "0",
                     "--state-dir", str(tmp_path)]) == 0
        told = [systemd.recv(100).decode(), systemd.recv(100).decode()]
    assert told == ["READY=1", "STOPPING=1"]
    assert (tmp_path / "game.bad-1.json").exists()


def fill_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every save's write fails as on a full disk (removing a file still works)."""
    real_open = open

    class Full:
        def __init__(self, f: Any) -> None:
            self.f = f

        def write(self, data: str) -> int:
            raise OSError(28, "No space left on device")

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

    monkeypatch.setattr("hardware.doors.writer.open",  # where every save is written
                        lambda *a, **k: Full(real_open(*a, **k)), raising=False)


def test_a_save_on_a_full_disk_keeps_the_old_one_and_leaves_no_half_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None)) as table:
        table.sim.shake(1.0)
        table.run(3.0)
    store = Store(tmp_path)
    before = store.path.read_text()
    saved = store.load()
    assert saved is not None
    fill_the_disk(monkeypatch)
    with pytest.raises(OSError):
        store.save(saved)
    assert store.path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_win_the_full_disk_could_not_save_is_not_played_again_after_a_power_cut(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the kiosk soak: the save left on disk was from before the win, and the restart
    asked the next visitor to set out a game already won (then recorded it a second time)."""
    state = TAIT.parse("C:M15 R:M9 off:4,0 entered:CR turn:C throw:1")
    with Table(state_dir=tmp_path, settings=Settings(mummy=None),
               pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
        table.controller.flush()
        assert Store(tmp_path).load() is not None  # the game before its last move, saved
        fill_the_disk(monkeypatch)
        carry_out(table, state, Move(C, 15, 1))  # off the board: the Cones win
        table.run(1.0)
        assert table.controller.phase is Phase.WON
        pieces = sorted(table.sim.pieces)
    # the power is cut before anyone clears the board
    assert Store(tmp_path).load() is None
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces=pieces) as table:
        assert table.controller.game is None
