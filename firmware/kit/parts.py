"""The parts list of a board, counted from its board file: one row a part, with how many and why.

    rows = parts(load_board(DEFAULT_BOARD))
    rows[3]  # Part('reed switch, normally open, 10-20 AT', 20, 'one under every square')
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path

from engine import games
from firmware.service.boards import games_on
from hardware.board_file import Board
from hardware.squares import RACK_OF, STICK_PIXELS

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
    squares = [name for name in board.reeds.names if name not in RACK_OF]
    slots = [name for name in board.reeds.names if name in RACK_OF]
    reeds = len(board.reeds.names)
    pieces = max((games.load(name).pieces for name in games_on(board.kind)), default=5)
    pixels = sum(1 for name in board.lights.order if name != "-")
    supply = math.ceil(board.lights.max_milliamps * LED_SUPPLY_MARGIN / 500) * 0.5
    found = [
        Part("Raspberry Pi 4 or 5 (a Pi 3 works)", 1, "runs the board as a service"),
        Part("microSD card, 16 GB", 1, "Raspberry Pi OS Lite (Bookworm)"),
        Part("Pi power supply, official USB-C", 1, "5.1 V 3 A (Pi 4) or 5 A (Pi 5)"),
        Part("reed switch, normally open, 10-20 AT", reeds + math.ceil(reeds * SPARE_REEDS),
             f"one under each of the {len(squares)} squares"
             + (f" and the {len(slots)} rack slots" if slots else "")
             + f", and {math.ceil(reeds * SPARE_REEDS)} spares"),
        Part("neodymium disc magnet, 8 x 3 mm, N42", 2 * pieces,
             f"one in the base of every piece ({pieces} a side)"),
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
    if board.reeds.expanders:
        found.append(Part("MCP23017 I/O expander (DIP-28)", len(board.reeds.expanders),
                          "at " + ", ".join(f"{e.address:#04x}" for e in board.reeds.expanders)))
        found.append(Part("100 nF capacitor", len(board.reeds.expanders),
                          "across each expander's supply pins"))
    found.append(Part("wire, perfboard, connectors", 1, "one wire a switch and a shared ground"))
    return found


def write_parts(board: Board, out: Path) -> None:
    """The parts list as CSV (part, count, notes), for a spreadsheet or a shop's basket."""
    with out.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["part", "count", "notes"])
        for row in parts(board):
            writer.writerow([row.part, row.count, row.notes])
