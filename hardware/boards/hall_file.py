"""A Hall board's part of its board file: ``[sensors] kind = "hall"`` and each square's ADC channel.

A linear Hall sensor under each square, read by MCP3008 (10-bit) or MCP3208 (12-bit) ADCs on the
Pi's second SPI bus (SPI1: SCLK GPIO 21, MOSI 20, MISO 19), one chip-select pin per ADC
(``[[sensors.adcs]]``, in order). SPI1 has three chip selects; a fourth ADC (Senet's thirty
squares) goes on SPI0's second, CE1 (GPIO 7): ``bus = "spi0"``. SPI0 carries the LED strip's
data too, so its level shifter is enabled by CE0 (GPIO 8), which the strip's driver asserts
only while it writes: the ADC's reads never reach the pixels::

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
SPI0_ADC = {11: "SPI0 SCLK", 10: "SPI0 MOSI", 9: "SPI0 MISO"}
"""A fourth ADC's bus, shared with the LED strip's data (``bus = "spi0"``)."""
SPI0_SELECT = 7
"""SPI0's CE1: the only chip select an ADC may have there (CE0 gates the LED strip)."""
SPI0_GATE = 8
"""SPI0's CE0: asserted while the strip is written; it enables the strip's level shifter."""
BUSES = {"spi1": SPI1, "spi0": SPI0_ADC}
"""Each bus's clock, data-out and data-in pins, in that order."""
ADCS = {"mcp3008": 10, "mcp3208": 12}
"""The ADCs a Hall board may use, and their bits; eight single-ended channels each."""
CHANNELS_PER_ADC = 8


@dataclass(frozen=True)
class HallBuild:
    """The Hall board the build guide builds, in millimetres: what the kit draws and lists, and
    what the margin model (``sim.board.hall_field.Design``, ``Tolerances``) is worked out for."""

    man_diameter: float = 30.0
    man_height: float = 2.5
    """A man is a disc this thick (acrylic or hardwood): thin men keep a stack's third magnet
    close to its first."""
    magnet_diameter: float = 25.0
    magnet_thickness: float = 2.0
    magnet: str = "neodymium disc magnet, 25 x 2 mm, N42"
    magnet_lift: float = 0.5
    """The magnet's lower face above the man's base: the floor of its pocket."""
    wood: float = 20.0
    """Wood between a man's base and the sensor under it."""
    recess_diameter: float = 32.0
    """Each square's recess on the top: flat-bottomed, square-walled, 2 mm wider than a man, so
    a man rests within 1 mm of the centre and a neighbour's pull cannot slide him out."""
    recess_depth: float = 1.0
    sensor: str = "DRV5055A2"
    """The A2's sensitivity (30 mV/mT on 3.3 V) is the one the margins are for: an A1 clips at
    two men, an A3 or A4 leaves too few counts between two men and three."""

    @property
    def play(self) -> float:
        """How far from the centre a man may rest in his recess."""
        return (self.recess_diameter - self.man_diameter) / 2


BUILT = HallBuild()


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
    buses: tuple[str, ...] = ()
    """Each ADC's bus (``spi1``, or ``spi0`` for a fourth); none given: all on SPI1."""

    def bus(self, adc: int) -> str:
        """The bus ADC ``adc`` is on."""
        return self.buses[adc] if adc < len(self.buses) else "spi1"

    def pins(self, adc: int) -> tuple[int, int, int]:
        """ADC ``adc``'s clock, data-out (MOSI) and data-in (MISO) pins."""
        clock, mosi, miso = BUSES[self.bus(adc)]
        return clock, mosi, miso

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
    selects: list[int] = []
    buses: list[str] = []
    for chip in section.sections("adcs"):
        bus = chip.text("bus", "spi1", choices=tuple(BUSES))
        if bus == "spi0":  # CE1: its pin is the kernel's, reserved with the strip's bus
            if chip.has("select_pin") and chip.integer("select_pin") != SPI0_SELECT:
                raise chip.error("select_pin", f"an ADC on SPI0 takes CE1, GPIO {SPI0_SELECT} "
                                 f"(CE0, GPIO {SPI0_GATE}, gates the LED strip)")
            reserve(SPI0_SELECT, f"SPI0 CE1 (ADC {len(selects)}'s chip select)")
            reserve(SPI0_GATE, "SPI0 CE0 (the LED strip's level shifter's enable)")
            selects.append(SPI0_SELECT)
        else:
            select = claim(chip, "select_pin")
            if select is None:
                raise chip.error("select_pin", "missing (the GPIO of this ADC's chip select)")
            selects.append(select)
        buses.append(bus)
        chip.done()
    if buses.count("spi0") > 1:
        raise section.error("adcs", "only one ADC may be on SPI0 (on CE1, GPIO 7)")
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
                      root / calibration, max_men, tuple(buses))

