import queue
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.boards.board_file import Expander, ExpanderChannel
from hardware.core.clock import ManualClock
from hardware.core.errors import HardwareUnavailable
from hardware.core.events import SquareChanged
from hardware.sensors.expander import IOCON_MIRROR, IOCON_ODR, Mcp23017Reeds, open_mcp23017s
from sim.board.expander import FakeMcp23017
from tests.hardware.conftest import drain

CHANNELS = {"M7": ExpanderChannel(0x20, 2), "C1": ExpanderChannel(0x20, 8)}  # A2 and B0
USED = (1 << 2) | (1 << 8)


def interrupt_driven(factory: MockFactory) -> tuple[FakeMcp23017, Expander]:
    chip = FakeMcp23017(0x20, factory.pin(17))
    return chip, Expander(0x20, interrupt_pin=17)


def test_expander_inputs_are_set_up_pulled_up_with_mirrored_open_drain_interrupts(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    chip, expander = interrupt_driven(factory)
    chip.ipol = 0xFFFF
    reeds = Mcp23017Reeds(CHANNELS, [expander], events, clock=clock, chips={0x20: chip},
                          pin_factory=factory)
    try:
        assert chip.iodir & USED == USED
        assert chip.gppu & USED == USED
        assert chip.ipol & USED == 0
        assert chip.interrupt_enable == USED
        assert chip.io_control & (IOCON_MIRROR | IOCON_ODR) == IOCON_MIRROR | IOCON_ODR
        assert reeds.occupancy() == frozenset()  # pulled up: no phantom pieces
    finally:
        reeds.close()


def test_piece_on_an_expander_channel_wakes_the_reader_through_the_interrupt_line(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    chip, expander = interrupt_driven(factory)
    reeds = Mcp23017Reeds(CHANNELS, [expander], events, clock=clock, chips={0x20: chip},
                          pin_factory=factory)
    try:
        reads_before = chip.reads
        clock.advance(1.0)
        assert chip.reads == reads_before  # idle: no polling when the INT line is wired
        chip.ground(8, True)
        clock.advance(0.001)
        chip.ground(8, False)  # bounce
        clock.advance(0.001)
        chip.ground(8, True)
        clock.advance(0.05)
        assert drain(events) == [SquareChanged("C1", True, pytest.approx(1.002))]
        assert reeds.occupancy() == {"C1"}
    finally:
        reeds.close()


def test_change_while_the_line_is_still_low_is_read_on_a_second_look(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    chip, expander = interrupt_driven(factory)
    reeds = Mcp23017Reeds(CHANNELS, [expander], events, clock=clock, chips={0x20: chip},
                          pin_factory=factory, poll_interval=0.005)
    try:
        # The chip reasserts INT during our read, before the pin's edge could be seen.
        real_gpio = FakeMcp23017.gpio.fget

        def read_then_change(self: FakeMcp23017) -> int:
            value = real_gpio(self)
            if self._grounded == 1 << 2:
                self._grounded |= 1 << 8
                self._asserted = True
                self._interrupt_pin.drive_low()
            return value

        chip.__class__ = type("RacyMcp", (FakeMcp23017,), {"gpio": property(read_then_change)})
        chip.ground(2, True)
        clock.advance(0.1)
        assert reeds.occupancy() == {"M7", "C1"}
    finally:
        reeds.close()


def test_expander_without_an_interrupt_line_is_polled(
    clock: ManualClock, factory: MockFactory, events: queue.Queue[Any]
) -> None:
    chip = FakeMcp23017(0x20)
    reeds = Mcp23017Reeds(CHANNELS, [Expander(0x20, None)], events, clock=clock,
                          chips={0x20: chip}, poll_interval=0.005)
    try:
        chip.ground(2, True)
        clock.advance(0.05)
        assert drain(events) == [SquareChanged("M7", True, 0.005)]
        reeds.close()
        reads = chip.reads
        clock.advance(1.0)
        assert chip.reads == reads  # closed: polling stopped
    finally:
        reeds.close()


def test_real_expanders_off_a_pi_give_an_error_that_says_what_is_needed() -> None:
    with pytest.raises(HardwareUnavailable, match=r"0x20.*I2C enabled.*the pi extra \(systemd"):
        open_mcp23017s([0x20])
