"""The parts list of a board, counted from its board file: one row a part, with how many and why.

    rows = parts(load_board(DEFAULT_BOARD))
    rows[3]  # Part('reed switch, normally open, 10-20 AT', 20, 'one under every square')
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

from engine import games
from firmware.service.boards import games_on
from hardware.boards.board_file import Board
from hardware.boards.hall_file import BUILT, SPI0_GATE
from hardware.boards.wiring import pin_label
from hardware.core.squares import RACK_OF, STICK_PIXELS

SPARE_REEDS = 0.2
"""Reeds bought beyond the count: glass reeds crack when their leads are bent near the body."""
LED_SUPPLY_MARGIN = 1.4
"""The LED supply's headroom over the software's current ceiling (``lights.max_milliamps``)."""


@dataclass(frozen=True)
class Part:
    """One line of the parts list."""

    part: str
    count: int
    notes: str


def parts(board: Board) -> list[Part]:
    """Every part the board file needs, counted from it."""
    pieces = max((games.load(name).pieces for name in games_on(board.kind)), default=5)
    pixels = sum(1 for name in board.lights.order if name != "-")
    supply = math.ceil(board.lights.max_milliamps * LED_SUPPLY_MARGIN / 500) * 0.5
    found = [
        Part("Raspberry Pi 4 or 5 (a Pi 3 works)", 1, "runs the board as a service"),
        Part("microSD card, 16 GB", 1, "Raspberry Pi OS Lite (Bookworm)"),
        Part("Pi power supply, official USB-C", 1, "5.1 V 3 A (Pi 4) or 5 A (Pi 5)"),
        *(_hall_sensors(board, pieces) if board.hall is not None else _reeds(board, pieces)),
        Part("WS2812B pixel", pixels,
             f"{len(STICK_PIXELS)} in the stick box, the rest under the squares, chained in "
             "the board file's lights.order"),
        Part("74AHCT125 level shifter", 1, "lifts the 3.3 V data line to 5 V for the pixels"),
        Part("330 ohm resistor", 1, "in series with the LED data line, by the first pixel"),
        Part("1000 uF 10 V electrolytic capacitor", 1, "across the LED supply at the strip"),
        Part(f"5 V {supply:g} A power supply for the LEDs", 1,
             f"the software's ceiling is {board.lights.max_milliamps:g} mA; its ground joins "
             "the Pi's"),
        Part("ball tilt switch (SW-520D or similar)", 1, "in the stick box"),
        Part("speaker (USB, or powered on the Pi 4's jack)", 1, "sounds and the board's voice"),
    ]
    buttons = len(board.buttons) + (board.sticks.button_pin is not None)
    if buttons:
        found.append(Part("push button, 12 mm", buttons, ", ".join(
            [*board.buttons, *(["throw"] if board.sticks.button_pin is not None else [])])))
    if board.hall is not None:
        found += _hall_adcs(board)
    if board.reeds.expanders:
        found.append(Part("MCP23017 I/O expander (DIP-28)", len(board.reeds.expanders),
                          "at " + ", ".join(f"{e.address:#04x}" for e in board.reeds.expanders)))
        found.append(Part("100 nF capacitor", len(board.reeds.expanders),
                          "across each expander's supply pins"))
    found.append(Part("wire, perfboard, connectors", 1, "one wire a switch and a shared ground"))
    return found


def _reeds(board: Board, pieces: int) -> list[Part]:
    """A reed board's switches and its pieces' small magnets."""
    squares = [name for name in board.reeds.names if name not in RACK_OF]
    slots = [name for name in board.reeds.names if name in RACK_OF]
    reeds = len(board.reeds.names)
    return [
        Part("reed switch, normally open, 10-20 AT", reeds + math.ceil(reeds * SPARE_REEDS),
             f"one under each of the {len(squares)} squares"
             + (f" and the {len(slots)} rack slots" if slots else "")
             + f", and {math.ceil(reeds * SPARE_REEDS)} spares"),
        Part("neodymium disc magnet, 8 x 3 mm, N42", 2 * pieces,
             f"one in the base of every piece ({pieces} a side)"),
    ]


def _hall_sensors(board: Board, pieces: int) -> list[Part]:
    """A Hall board's sensors, and the wide magnets whose fields they count (the parts and
    sizes the margin benchmark's field model was worked out for: ``HallBuild``)."""
    assert board.hall is not None
    sensors = len(board.hall.channels)
    spares = math.ceil(sensors * SPARE_REEDS)
    b = BUILT
    return [
        Part(f"{b.sensor} ratiometric linear Hall sensor (SOT-23, or TO-92 {b.sensor}QLPG)",
             sensors + spares, f"one under each of the {sensors} squares, marked face up, "
             f"and {spares} spares; the A2 only: another sensitivity misreads stacks"),
        Part("100 kohm resistor", sensors,
             "from each sensor's channel to GND: a missing sensor reads 0, and calibration "
             "names it"),
        Part(b.magnet, 2 * pieces + 4,
             f"one in the base of every piece ({pieces} a side) and 4 spares, all from one "
             "batch: north up for the Cones, south up for the Reels"),
        Part(f"men: discs {b.man_diameter:g} mm across, {b.man_height:g} mm thick, a "
             f"{b.magnet_thickness:g} mm pocket under each, no felt", 2 * pieces,
             "thin men keep a stack's third magnet close to its first; felt would lift them"),
    ]


def _hall_adcs(board: Board) -> list[Part]:
    """The ADCs that read a Hall board's sensors, their regulator and decoupling."""
    assert board.hall is not None
    adcs = len(board.hall.select_pins)
    chip = board.hall.adc.upper()
    hall = board.hall
    gated = [n for n in range(adcs) if hall.bus(n) == "spi0"]
    return [
        Part(f"{chip} ADC (DIP-16)", adcs, "on SPI1" + (" (a fourth on SPI0)" if gated else "")
             + ", one chip select each: "
             + ", ".join(f"ADC {i} on {pin_label(pin)}" + (" (SPI0 CE1)" if i in gated else "")
                         for i, pin in enumerate(hall.select_pins))),
        *([Part("10 kohm resistor", 1, "from the first pixel's DIN to GND: the LED data line "
                "rests low while the ADC on SPI0 is read (the level shifter's 1OE on SPI0 "
                f"CE0, {pin_label(SPI0_GATE)})")] if gated else []),
        Part("100 nF ceramic capacitor", len(board.hall.channels) + adcs,
             "one at each sensor's VCC and one at each ADC's VDD"),
        Part("3.3 V LDO regulator, 500 mA (AP2112K-3.3 or similar)", 1,
             "on the LEDs' 5 V supply: feeds the sensors and the ADCs' VDD and VREF together"),
    ]


def parts_csv(board: Board) -> str:
    """The parts list as CSV (part, count, notes), for a spreadsheet or a shop's basket."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(["part", "count", "notes"])
    for row in parts(board):
        writer.writerow([row.part, row.count, row.notes])
    return out.getvalue()
