"""Every table the tests run keeps the controller's promise in every frame: when the
board is not as expected and the status asks for something, a square shows what."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["LANGUAGE"] = "en"  # the tests read English (a test of another language asks for it)

from hardware.lights import Frame
from sim.table import Table
from tests.firmware.invariant import unguided


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
