"""Faults an expander board meets after weeks: a read that raises something other than an
OSError, an INT callback that raises on the pin library's thread, and an expander that resets
(a brown-out) and forgets its pull-ups and interrupts."""

from __future__ import annotations

import logging
import queue
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import Expander, ExpanderChannel
from hardware.core.callbacks import REPEATED, CallbackGuard
from hardware.core.clock import ManualClock
from hardware.core.events import SquareChanged
from hardware.sensors.expander import CHECK_EVERY, GIVE_UP, Mcp23017Reeds
from sim.board.expander import FakeMcp23017
from tests.hardware.conftest import drain

CHANNELS = {f"M{5 + bit}": ExpanderChannel(0x20, bit) for bit in range(8)}  # A0-A7
USED = 0xFF


class OddMcp23017(FakeMcp23017):
    """An expander whose driver raises what a bus should never give: a ValueError."""

    broken = False

    @property
    def gpio(self) -> int:
        if self.broken:
            raise ValueError("register read returned 3 bytes")
        return FakeMcp23017.gpio.fget(self)  # type: ignore[attr-defined, no-any-return]


def reeds_on(chip: FakeMcp23017, clock: ManualClock, events: queue.Queue[Any],
             interrupt_pin: int | None = None,
             factory: MockFactory | None = None) -> Mcp23017Reeds:
    return Mcp23017Reeds(CHANNELS, [Expander(0x20, interrupt_pin)], events, clock=clock,
                         chips={0x20: chip}, pin_factory=factory, poll_interval=0.005)


def test_an_odd_error_on_an_interrupt_is_logged_looked_at_again_and_reported(
        clock: ManualClock, factory: MockFactory, events: queue.Queue[Any],
        caplog: pytest.LogCaptureFixture) -> None:
    chip = OddMcp23017(0x20, factory.pin(17))
    reeds = reeds_on(chip, clock, events, 17, factory)
    try:
        chip.broken = True
        with caplog.at_level(logging.WARNING):
            chip.ground(0, True)  # INT falls: the callback runs here, as on lgpio's thread
            clock.advance(GIVE_UP + 0.1)
        assert "ValueError: register read returned 3 bytes" in caplog.text
        assert "0x20" in (reeds.failure or "")  # the exit-70 path, not a deaf board
        chip.broken = False
        clock.advance(0.1)
        assert reeds.failure is None and reeds.occupancy() == {"M5"}
    finally:
        reeds.close()


def test_an_odd_error_while_polled_does_not_stop_the_polling(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    chip = OddMcp23017(0x20)
    reeds = reeds_on(chip, clock, events)
    try:
        chip.broken = True
        clock.advance(1.0)
        chip.broken = False
        chip.ground(3, True)
        clock.advance(0.1)
        assert [e.square for e in drain(events)] == ["M8"]
    finally:
        reeds.close()


def test_a_callback_that_raises_on_the_library_thread_is_caught_then_reported() -> None:
    guard = CallbackGuard()
    calls = []

    def broken() -> None:
        calls.append(1)
        raise RuntimeError("boom")

    callback = guard.wrap("the INT line", broken)
    for _ in range(REPEATED - 1):
        callback()  # never raises into the library's thread
    assert guard.failure is None
    callback()
    assert guard.failure == f"the INT line failed {REPEATED} times in a row (RuntimeError: boom)"
    assert len(calls) == REPEATED


def test_a_callback_that_fails_once_then_works_is_not_reported() -> None:
    guard = CallbackGuard()
    fail = [True, True, False, True]

    def sometimes() -> None:
        if fail.pop(0):
            raise RuntimeError("once")

    callback = guard.wrap("the INT line", sometimes)
    for _ in range(4):
        callback()
    assert guard.failure is None


def test_a_polled_expander_that_resets_shows_no_phantom_pieces(
        clock: ManualClock, events: queue.Queue[Any], caplog: pytest.LogCaptureFixture) -> None:
    chip = FakeMcp23017(0x20)
    reeds = reeds_on(chip, clock, events)
    try:
        chip.ground(1, True)
        clock.advance(0.1)
        assert [e.square for e in drain(events)] == ["M6"]
        with caplog.at_level(logging.WARNING):
            chip.power_cycle()  # pull-ups off: every open input floats low, "closed"
            clock.advance(0.5)
        assert drain(events) == [] and reeds.occupancy() == {"M6"}
        assert chip.gppu & USED == USED and "lost its set-up" in caplog.text
        chip.ground(1, False)
        clock.advance(0.1)
        assert [(e.square, e.occupied) for e in drain(events)] == [("M6", False)]
    finally:
        reeds.close()


def test_a_polled_expander_that_resets_under_a_full_board_is_set_up_again(
        clock: ManualClock, events: queue.Queue[Any]) -> None:
    chip = FakeMcp23017(0x20)
    reeds = reeds_on(chip, clock, events)
    try:
        for bit in range(8):
            chip.ground(bit, True)
        clock.advance(0.1)
        drain(events)
        chip.power_cycle()  # no level changes: only the slow check can see it
        clock.advance(CHECK_EVERY + 0.1)
        chip.ground(0, False)
        clock.advance(0.1)
        assert [(e.square, e.occupied) for e in drain(events)] == [("M5", False)]
    finally:
        reeds.close()


def test_an_interrupt_driven_expander_that_resets_hears_pieces_again(
        clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]) -> None:
    chip = FakeMcp23017(0x20, factory.pin(17))
    reeds = reeds_on(chip, clock, events, 17, factory)
    try:
        chip.power_cycle()  # no interrupts enabled any more: the INT line stays high
        clock.advance(0.1)
        chip.ground(2, True)
        clock.advance(CHECK_EVERY + 0.1)
        assert drain(events) == [SquareChanged("M7", True, pytest.approx(CHECK_EVERY))]
        assert chip.interrupt_enable & USED == USED
        chip.ground(2, False)  # the INT line works again: heard at once
        clock.advance(0.05)
        assert [(e.square, e.occupied) for e in drain(events)] == [("M7", False)]
    finally:
        reeds.close()
