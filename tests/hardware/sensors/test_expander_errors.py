"""I2C errors on an MCP23017 board: a glitch is retried, a silent expander is reported so the
service restarts, and a failing timer stops the clock visibly instead of leaving the board deaf."""

from __future__ import annotations

import errno
import logging
import queue
import threading
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import Expander, ExpanderChannel
from hardware.core.clock import ManualClock, MonotonicClock
from hardware.core.errors import HardwareUnavailable
from hardware.core.events import SquareChanged
from hardware.sensors.expander import GIVE_UP, READ_TRIES, Mcp23017Reeds
from sim.board.expander import FakeMcp23017
from tests.hardware.conftest import drain

CHANNELS = {"M7": ExpanderChannel(0x20, 2), "C1": ExpanderChannel(0x20, 8)}


class FlakyMcp23017(FakeMcp23017):
    """An expander whose next ``failures`` reads raise the Remote I/O error a bad bus gives."""

    failures = 0
    attempts = 0

    @property
    def gpio(self) -> int:
        self.attempts += 1
        if self.failures:
            self.failures -= 1
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        return FakeMcp23017.gpio.fget(self)  # type: ignore[attr-defined, no-any-return]


def polled(clock: ManualClock, events: queue.Queue[Any],
           chip: FlakyMcp23017) -> Mcp23017Reeds:
    return Mcp23017Reeds(CHANNELS, [Expander(0x20, None)], events, clock=clock,
                         chips={0x20: chip}, poll_interval=0.005)


def test_a_glitch_on_the_bus_is_retried_at_once_and_nothing_is_lost(
        clock: ManualClock, events: queue.Queue[Any], caplog: pytest.LogCaptureFixture) -> None:
    chip = FlakyMcp23017()
    reeds = polled(clock, events, chip)
    try:
        chip.ground(8, True)
        chip.failures = READ_TRIES - 1  # the last try of the next poll answers
        clock.advance(0.05)
        assert drain(events) == [SquareChanged("C1", True, pytest.approx(0.005))]
        assert reeds.failure is None and "I2C" not in caplog.text
    finally:
        reeds.close()


def test_a_silent_expander_is_polled_on_then_reported_and_recovers(
        clock: ManualClock, events: queue.Queue[Any], caplog: pytest.LogCaptureFixture) -> None:
    chip = FlakyMcp23017()
    reeds = polled(clock, events, chip)
    try:
        chip.failures = 10**9
        with caplog.at_level(logging.WARNING):
            clock.advance(GIVE_UP / 2)
            assert reeds.failure is None  # still trying, not yet given up
            chip.ground(2, True)
            clock.advance(GIVE_UP / 2 + 0.01)
        assert "0x20" in (reeds.failure or "") and "Remote I/O error" in (reeds.failure or "")
        assert caplog.text.count("I2C read failed") == 1  # one warning, not one per poll
        assert drain(events) == []
        attempts = chip.attempts
        clock.advance(1.0)
        assert chip.attempts - attempts >= 100  # the polling goes on after the failure
        chip.failures = 0
        clock.advance(0.05)
        assert reeds.failure is None and "answers again" in caplog.text
        assert [e.square for e in drain(events)] == ["M7"]
    finally:
        reeds.close()


def test_a_failed_read_on_an_interrupt_is_looked_at_again(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    factory = MockFactory()
    chip = FlakyMcp23017(0x20, factory.pin(17))
    reeds = Mcp23017Reeds(CHANNELS, [Expander(0x20, 17)], events, clock=clock,
                          chips={0x20: chip}, pin_factory=factory, poll_interval=0.005)
    try:
        chip.failures = 2 * READ_TRIES  # the read the interrupt causes fails, and the next one
        chip.ground(8, True)
        clock.advance(0.1)
        assert drain(events) == [SquareChanged("C1", True, pytest.approx(0.01))]
        assert reeds.failure is None
    finally:
        reeds.close()
        factory.reset()


def test_an_expander_that_does_not_answer_at_start_is_hardware_unavailable(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    chip = FlakyMcp23017()
    chip.failures = 10**9
    with pytest.raises(HardwareUnavailable, match="0x20 does not answer on I2C"):
        polled(clock, events, chip)


def test_a_timer_that_raises_stops_the_clock_and_says_why(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = MonotonicClock()
    done = threading.Event()

    def broken() -> None:
        done.set()
        raise OSError(errno.EREMOTEIO, "Remote I/O error")

    with caplog.at_level(logging.ERROR):
        clock.call_at(clock.now(), broken)
        assert done.wait(timeout=5)
        assert clock._thread is not None
        clock._thread.join(timeout=5)
    assert clock.failure == "a timer of the clock failed (OSError: [Errno 121] Remote I/O error)"
    assert "the clock stops" in caplog.text
    clock.close()
    assert clock.failure is not None  # closing does not hide why it stopped


def test_a_healthy_clock_reports_no_failure() -> None:
    clock = MonotonicClock()
    assert clock.failure is None
    done = threading.Event()
    clock.call_at(clock.now(), done.set)
    assert done.wait(timeout=5)
    assert clock.failure is None
    clock.close()
    assert clock.failure is None
