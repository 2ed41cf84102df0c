"""A Hall board's part of its board file: ``[sensors] kind = "hall"`` and each square's ADC channel.

A linear Hall sensor under each square, read by MCP3008 (10-bit) or MCP3208 (12-bit) ADCs on the
Pi's second SPI bus (SPI1: SCLK GPIO 21, MOSI 20, MISO 19), one chip-select pin per ADC
(``[[sensors.adcs]]``, in order)::

    [sensors]
    kind = "hall"
    adc = "mcp3208"
    [[sensors.adcs]]
    select_pin = 18                  # ADC 0 (SPI1 CE0); the next [[sensors.adcs]] is ADC 1
    [squares]
    C1 = { adc = 0, channel = 0 }
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from hardware.doors.toml_reader import Section

SPI1 = {21: "SPI1 SCLK", 20: "SPI1 MOSI", 19: "SPI1 MISO"}
"""The Hall ADCs' bus (dtoverlay=spi1-3cs): the LED strip has SPI0 to itself."""
ADCS = {"mcp3008": 10, "mcp3208": 12}
"""The ADCs a Hall board may use, and their bits; eight single-ended channels each."""
CHANNELS_PER_ADC = 8


@dataclass(frozen=True)
class HallChannel:
    """One square's sensor: ADC ``adc`` (its place in ``[[sensors.adcs]]``), input 0-7."""

    adc: int
    channel: int

    def __str__(self) -> str:
        return f"ADC {self.adc} channel {self.channel}"


@dataclass(frozen=True)
class HallConfig:
    """How a Hall board's sensors are read, and where its calibration is kept."""

    adc: str
    select_pins: tuple[int, ...]
    channels: Mapping[str, HallChannel]
    poll: float
    """Seconds between two readings of every square."""
    settle_reads: int
    """Readings in a row a square must give the same count before it is believed."""
    calibration: Path
    """The calibration file (``aseb calibrate`` writes it), beside the board file."""
    max_men: int = 3
    """Men a square holds at most in the game the board is for (the stacking game's three)."""

    @property
    def bits(self) -> int:
        """The ADC's resolution: 1023 or 4095 is the supply rail."""
        return ADCS[self.adc]

    @property
    def full_scale(self) -> int:
        """The largest reading (the supply rail: the sensors are ratiometric)."""
        return (1 << self.bits) - 1


def read_hall(section: Section, squares: Section, names: tuple[str, ...], base: Path | None,
              claim: Callable[[Section, str], int], reserve: Callable[[int, str], None],
              max_men: int = 3) -> HallConfig:
    """``[sensors]`` of a Hall board and its ``[squares]``; ``claim`` takes a GPIO key,
    ``reserve`` marks a bus pin as used (the board file's pin registry); ``max_men`` a square
    holds in the board's game."""
    adc = section.text("adc", "mcp3208", choices=tuple(ADCS))
    for bcm, label in SPI1.items():
        reserve(bcm, f"{label} (the Hall sensors' ADCs)")
    selects = []
    for chip in section.sections("adcs"):
        selects.append(claim(chip, "select_pin"))
        chip.done()
    if not selects:
        raise section.error("adcs", "missing (a [[sensors.adcs]] with the select_pin of each ADC)")
    count = len(selects)
    config_poll = section.number("poll_ms", 20, low=2, high=500) / 1000
    settle = section.integer("settle_reads", 3, low=1, high=50)
    calibration = section.text("calibration", "hall-calibration.json")
    section.done()
    channels: dict[str, HallChannel] = {}
    used: dict[HallChannel, str] = {}
    for square in squares.names():
        if square not in names:
            raise squares.error(square, f"unknown key (the squares are {', '.join(names)})")
        wiring = squares.section(square)
        channel = HallChannel(wiring.integer("adc", low=0, high=count - 1),
                              wiring.integer("channel", low=0, high=CHANNELS_PER_ADC - 1))
        if channel in used:
            raise wiring.error("channel", f"{channel} is already used by {used[channel]}")
        used[channel] = wiring.key("channel")
        channels[square] = channel
        wiring.done()
    for square in names:
        if square not in channels:
            raise squares.error(square, f"missing (every one of the {len(names)} squares needs "
                                "a sensor)")
    squares.done()
    root = base or Path.cwd()
    return HallConfig(adc, tuple(selects), MappingProxyType(channels), config_poll, settle,
                      root / calibration, max_men)

