"""Every table the tests run keeps the controller's promise in every frame: when the
board is not as expected and the status asks for something, a square shows what."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

os.environ["LANGUAGE"] = "en"  # the tests read English (a test of another language asks for it)

from firmware import words
from hardware.lights.pixels import Frame
from sim.board.table import Table
from tests.firmware.invariant import unguided

_HOME = tempfile.mkdtemp(prefix="aseb-tests-")
"""The session's own state, data and config folders: a test never reads the developer's saved
game, settings.json, window.json or solved tables (a test that needs its own sets its own)."""
for _variable, _folder in (("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "share"),
                           ("XDG_CONFIG_HOME", "config"), ("ASEB_TABLES", "tables")):
    os.environ[_variable] = os.path.join(_HOME, _folder)
os.environ.pop("STATE_DIRECTORY", None)  # systemd's, when run under a unit: not ours either


@atexit.register
def _remove_home(session: int = os.getpid()) -> None:
    if os.getpid() == session:  # not in a child forked by a test
        shutil.rmtree(_HOME, ignore_errors=True)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting made (every module, test and strategy) lives to the end of the run:
    frozen, the collector's full passes stop walking it (about a third of their time in a
    worker, several seconds a run)."""
    gc.freeze()


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that leaves another language spoken (a kiosk's reed stuck on a language square
    chooses German) does not change what the next test on the same worker reads."""
    yield
    words.use("en")


@pytest.fixture(autouse=True)
def guided_every_frame(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    pump = Table.pump

    def checked(table: Table) -> Frame:
        frame = pump(table)
        wrong = unguided(table.controller)
        assert wrong is None, wrong
        return frame

    monkeypatch.setattr(Table, "pump", checked)
    yield
