"""The Raspberry Pi's 40-pin header: which physical pin carries which GPIO, and what is fixed.

Board files speak BCM numbers (GPIO17 is 17); people wiring a board count header pins.
"""

from __future__ import annotations

GPIO_PINS = range(28)
"""The BCM GPIO numbers that reach the header, on every 40-pin Pi (1 B+ to 5)."""

HEADER: dict[int, str | int] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: 0, 28: 1, 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}  # fmt: skip
"""Physical header pin -> BCM GPIO number, or the power rail it carries."""

PHYSICAL = {bcm: pin for pin, bcm in HEADER.items() if isinstance(bcm, int)}
"""BCM GPIO number -> physical header pin."""

SPI0 = {10: "SPI0 MOSI", 9: "SPI0 MISO", 11: "SPI0 SCLK", 8: "SPI0 CE0", 7: "SPI0 CE1"}
"""Pins the kernel's SPI driver claims once SPI is enabled (dtparam=spi=on)."""

I2C1 = {2: "I2C1 SDA", 3: "I2C1 SCL"}
"""Pins the kernel's I2C driver claims once I2C is enabled (dtparam=i2c_arm=on)."""
