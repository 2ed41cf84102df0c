"""Closing a board's devices: every one is released, even when another cannot be."""

from __future__ import annotations

import logging
import queue
from typing import Any

import pytest

from sim.board.pins import SimBoard

DEVICES = ("lights", "speaker", "buttons", "sticks", "reeds")


def test_every_device_is_closed_even_when_the_lights_cannot_be(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    sim = SimBoard()
    events: queue.Queue[Any] = queue.Queue()
    devices = sim.open(events, draw=lambda rng: 1)
    closed: list[str] = []
    for name in DEVICES:
        device = getattr(devices, name)

        def close(real: Any = device.close, name: str = name) -> None:
            closed.append(name)
            real()
            if name == "lights":
                raise OSError("SPI transfer failed")

        monkeypatch.setattr(device, "close", close)
    with caplog.at_level(logging.ERROR):
        devices.close()
    assert closed == list(DEVICES)
    assert "could not close the Lights: OSError: SPI transfer failed" in caplog.text
    assert not [info for info, users in sim.factory._reservations.items() if users]
