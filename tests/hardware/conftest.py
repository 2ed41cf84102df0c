"""Shared fixtures: a manual clock, mock pins, an event queue, and a tidy pin factory."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.core.clock import ManualClock


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    # Every test closes its devices: a pin still reserved here is a leak in the driver.
    claimed = {info.name: users for info, users in factory._reservations.items() if users}
    assert not claimed, f"pins left claimed: {claimed}"
    factory.reset()


@pytest.fixture
def events() -> queue.Queue[Any]:
    return queue.Queue()


def drain(events: queue.Queue[Any]) -> list[Any]:
    """Everything on the queue now, in order."""
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found
