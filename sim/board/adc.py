"""An MCP3208 (or MCP3008) at the pin level: the SPI slave side, on gpiozero's mock pins.

gpiozero's own ``MCP3208`` clocks a read out of it bit by bit, so a test of the Hall sensors'
driver runs the very code that reads a real chip on a Pi.

    chip = MockMcp3208(select_pin=18, factory=factory, values=[2048] * 8)
    MCP3208(channel=0, clock_pin=21, mosi_pin=20, miso_pin=19, select_pin=18).raw_value  # 2048
"""

from __future__ import annotations

from collections.abc import Callable

from gpiozero.pins.mock import MockFactory, MockSPIDevice  # type: ignore[import-untyped]

from hardware.sensors.hall import CLOCK_PIN, MISO_PIN, MOSI_PIN


class MockMcp3208(MockSPIDevice):  # type: ignore[misc]
    """Answers each read with ``value(channel)`` in ``bits`` bits, as the chip's timing has it:
    after the start bit, the single-ended bit and three channel bits, a sample bit, a null bit,
    then the result, most significant bit first."""

    def __init__(self, select_pin: int, factory: MockFactory, value: Callable[[int], int],
                 bits: int = 12, pins: tuple[int, int, int] = (CLOCK_PIN, MOSI_PIN, MISO_PIN)
                 ) -> None:
        clock, mosi, miso = pins
        super().__init__(clock, mosi, miso, select_pin, pin_factory=factory)
        self.value = value
        self.bits = bits
        self._started: int | None = None

    def on_start(self) -> None:
        super().on_start()
        self._started = None

    def on_bit(self) -> None:
        bits = self.rx_buf
        if self._started is None:
            if bits[-1]:
                self._started = len(bits)
            return
        if len(bits) == self._started + 4:  # single-ended bit and D2 D1 D0 received
            channel = bits[-3] << 2 | bits[-2] << 1 | bits[-1]
            self.tx_word(self.value(channel), self.bits + 2)
