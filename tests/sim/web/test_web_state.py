"""The page's own files (its cookie key, the PIN's hash) are read by the one careful reader: one
that is not a regular file is set aside and made afresh, never a hang or a traceback; a state
directory that is not a directory stops ``aseb web`` with one line and 78 (systemd does not
restart it)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from starlette.testclient import TestClient

from sim.command.cli import main
from sim.web.app import create_app
from sim.web.board_link import BoardLink
from sim.web.config import WebConfig
from sim.web.security import PinStore, secret_key
from sim.web.state import StateError, kept, ready


def serves(state: Path) -> bool:
    """Whether the page starts on ``state`` and answers (its key made, its PIN kept)."""
    app = create_app(BoardLink(state.parent / "none.sock"), WebConfig(pin="2468"), state,
                     connect=False)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        return client.get("/").status_code == 200 and PinStore(state).check("2468")


def test_a_key_that_is_a_directory_is_set_aside_and_made_afresh(tmp_path: Path) -> None:
    state = tmp_path / "web"
    (state / "secret.key").mkdir(parents=True)  # it ended in a traceback
    ready(state)
    assert (state / "secret.bad-1.key").is_dir()
    assert serves(state) and len((state / "secret.key").read_text()) >= 32


def test_a_fifo_or_a_link_to_a_device_never_hangs_the_page(tmp_path: Path) -> None:
    state = tmp_path / "web"
    state.mkdir()
    os.mkfifo(state / "secret.key")
    (state / "pin.hash").symlink_to("/dev/zero")
    done: list[str] = []
    # In a thread: a plain open() of the FIFO waits for a writer for ever.
    opening = threading.Thread(target=lambda: done.append(secret_key(state)), daemon=True)
    opening.start()
    opening.join(timeout=30)
    assert len(done) == 1 and len(done[0]) >= 32
    assert kept(state / "pin.hash") is None and not (state / "pin.hash").is_symlink()
    assert (state / "pin.bad-1.hash").is_symlink() and (state / "secret.bad-1.key").exists()
    assert serves(state)


def test_a_state_directory_that_is_a_file_stops_the_page_with_78(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "web"
    state.write_text("not a directory")  # it ended in a traceback
    with pytest.raises(StateError):
        ready(state)
    assert main(["web", "--state-dir", str(state), "--socket", str(tmp_path / "s")]) == 78
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{state}: not a directory (a regular file)" in err
    assert "Traceback" not in err
