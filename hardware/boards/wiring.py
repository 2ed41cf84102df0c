"""The wiring diagram of a board file, drawn as text: the Pi header, then the board from above.

The documentation site's page of each shipped board file shows it, drawn as the site is built,
so it cannot drift from the file. Print one with::

    python -m hardware.boards.wiring [hardware/boards/mcp23017.toml]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hardware.boards.board_file import DEFAULT_BOARD, Board, load_board
from hardware.boards.hall_file import SPI0_GATE, SPI1
from hardware.core.errors import ConfigError
from hardware.core.header import HEADER, PHYSICAL, SPI0
from hardware.core.squares import POSITION_OF, RACKS, STICK_PIXELS, TWENTY_SQUARES

ADC_PINS = {"SPI1 SCLK": "CLK", "SPI1 MOSI": "DIN", "SPI1 MISO": "DOUT"}
"""The MCP3008/MCP3208 pin each line of SPI1 goes to."""


@dataclass(frozen=True)
class PinUse:
    """What one GPIO is wired to, in a maker's words (``reed M7``), and how it is wired: a
    ``switch`` or a ``button`` to ground, a ``wire`` to a chip's pin, or claimed by the
    ``kernel``'s driver and left free."""

    part: str
    how: Literal["switch", "button", "wire", "kernel"]


def pin_label(bcm: int) -> str:
    """A GPIO as a maker finds it on the header: ``GPIO17 (pin 11)``."""
    return f"GPIO{bcm} (pin {PHYSICAL[bcm]})"


def pin_uses(board: Board) -> dict[int, PinUse]:
    """What each BCM GPIO is wired to on ``board``: the one source of the text diagram, the
    build kit's schematic and parts list, and the self-test's words."""
    uses: dict[int, PinUse] = {}
    if board.lights.backend == "spi":
        uses.update({bcm: PinUse(f"{label} (kernel)", "kernel") for bcm, label in SPI0.items()})
    if board.lights.pin is not None and board.lights.backend != "memory":
        uses[board.lights.pin] = PinUse("LED data, to the level shifter's 1A", "wire")
    if board.reeds.backend == "mcp23017":
        uses.update({2: PinUse("I2C SDA, to every expander's SDA", "wire"),
                     3: PinUse("I2C SCL, to every expander's SCL", "wire")})
    for expander in board.reeds.expanders:
        if expander.interrupt_pin is not None:
            uses[expander.interrupt_pin] = PinUse(
                f"INT of the expander at {expander.address:#04x}", "wire")
    for square, pin in board.reeds.pins.items():
        uses[pin] = PinUse(f"reed {square}", "switch")
    if board.hall is not None:
        hall = board.hall
        on_spi1 = [n for n in range(len(hall.select_pins)) if hall.bus(n) == "spi1"]
        which = ("every ADC's" if len(on_spi1) == len(hall.select_pins) else
                 "ADC " + ", ".join(map(str, on_spi1[:-1])) + f" and {on_spi1[-1]}'s")
        uses.update({bcm: PinUse(f"{label}, to {which} {ADC_PINS[label]}", "wire")
                     for bcm, label in SPI1.items()})
        for n, pin in enumerate(hall.select_pins):
            uses[pin] = PinUse(f"CS of ADC {n}", "wire")
            if hall.bus(n) == "spi0":  # beside the LED data: the strip's shifter is gated
                clock, mosi, miso = hall.pins(n)
                uses[clock] = PinUse(f"SPI0 SCLK, to ADC {n}'s CLK", "wire")
                uses[miso] = PinUse(f"SPI0 MISO, to ADC {n}'s DOUT", "wire")
                uses[mosi] = PinUse(f"LED data, to the level shifter's 1A and ADC {n}'s DIN",
                                    "wire")
                uses[SPI0_GATE] = PinUse("SPI0 CE0, to the level shifter's 1OE", "wire")
    uses[board.sticks.tilt_pin] = PinUse("tilt switch (stick box)", "button")
    if board.sticks.button_pin is not None:
        uses[board.sticks.button_pin] = PinUse("throw button", "button")
    for name, pin in board.buttons.items():
        uses[pin] = PinUse(f"button: {name.replace('_', ' ')}", "button")
    return uses


def square_wire(board: Board, square: str) -> str:
    """Where the sensor under ``square`` is wired, in a maker's words: ``GPIO17 (pin 11)``,
    ``expander 0x20 A3``, ``ADC 0 channel 3``."""
    if board.hall is not None:
        return str(board.hall.channels[square])
    if square in board.reeds.pins:
        return pin_label(board.reeds.pins[square])
    return f"expander {board.reeds.channels[square]}"


def header_diagram(board: Board) -> list[str]:
    """The 40-pin header, two columns as on the Pi, each pin with what it is wired to."""
    uses = {bcm: use.part for bcm, use in pin_uses(board).items()}

    def name(pin: int) -> str:
        bcm = HEADER[pin]
        return bcm if isinstance(bcm, str) else f"GPIO{bcm}"

    def use(pin: int) -> str:
        bcm = HEADER[pin]
        return uses.get(bcm, "") if isinstance(bcm, int) else ""

    width = max(len(u) for u in uses.values())
    lines = [f"{'':>{width}}  Pi header (pin 1: the square pad, away from the USB sockets)", ""]
    for odd in range(1, 41, 2):
        even = odd + 1
        lines.append(
            f"{use(odd):>{width}} {name(odd):>6} ({odd:>2}) ({even:>2}) {name(even):<6} {use(even)}"
            .rstrip()
        )
    return lines


def board_diagram(board: Board) -> list[str]:
    """The squares from above (as ``hardware.core.squares`` places them for the board's kind), each
    with the pin or channel of its reed."""
    cell = 8 if board.reeds.backend in ("mcp23017", "hall") else 7
    position = POSITION_OF[board.kind]
    rows = 1 + max(row for row, _ in position.values())
    columns = 1 + max(column for _, column in position.values())
    grid = [[("", "")] * columns for _ in range(rows)]
    for square, (row, column) in position.items():
        if board.hall is not None:
            channel = board.hall.channels[square]
            wire = f"{channel.adc}:CH{channel.channel}"
        elif board.reeds.backend == "gpio":
            wire = f"GPIO{board.reeds.pins[square]}"
        else:
            wire = str(board.reeds.channels[square])
        grid[row][column] = (square, wire)
    lines = []
    for cells in grid:
        lines.append("".join(f"{name:<{cell}}" for name, _ in cells).rstrip())
        lines.append("".join(f"{wire:<{cell}}" for _, wire in cells).rstrip())
        lines.append("")
    return lines[:-1]


def racks_diagram(board: Board) -> list[str]:
    """Each rack beside the board with the wiring of its slots' reeds (none when not fitted)."""
    if not board.reeds.has_racks:
        return []
    wiring = {**{k: f"GPIO{v}" for k, v in board.reeds.pins.items()},
              **{k: str(v) for k, v in board.reeds.channels.items()}}
    lines = ["", "The racks beside the board (waiting pieces W, borne off O), slot by slot:", ""]
    for rack, slots in RACKS.items():
        lines.append(f"{rack}: " + "  ".join(f"{slot} {wiring[slot]}" for slot in slots))
    return lines


_SQUARES_FROM_ABOVE = {
    TWENTY_SQUARES: "The squares from above, Reels' row on top, with the reed switch's wiring:",
    "senet": "The squares from above, H1 at the top left, the path snaking, with the reed "
             "switch's wiring:",
    "ramses": "The squares from above, the T's bar on the left; U10-U17 and L10-L17 are the "
              "oblong spaces' reeds, one per alignment, over and under squares 10-17:",
    "stacks": "The squares from above, Reels' row on top, the tail on the left, with each Hall "
              "sensor's ADC and channel (ADC:CHn):",
}


def wiring_diagram(board: Board) -> str:
    """The whole diagram of ``board``: header, squares, LED order and the switches' ground."""
    order = " ".join(board.lights.order)
    sticks = ", ".join(STICK_PIXELS)
    lines = [
        f"{board.name} ({Path(board.source).name})",
        "",
        ("Every Hall sensor: VCC to the 3.3 V rail of the ADCs' VDD and VREF, GND, OUT to its "
         "channel;\nthe tilt switch and each button: one leg to its pin, the other to GND."
         if board.hall is not None else
         "Every reed, the tilt switch and each button: one leg to its pin, the other to GND."),
        "",
        *header_diagram(board),
        "",
        (_SQUARES_FROM_ABOVE[board.kind].replace(
            "with the reed switch's wiring", "with each Hall sensor's ADC and channel (ADC:CHn)")
         if board.hall is not None else _SQUARES_FROM_ABOVE[board.kind]),
        "",
        *board_diagram(board),
        *racks_diagram(board),
        "",
        f"LED strip order from the Pi ({len(board.lights.order)} pixels, {sticks} = the sticks):",
        order,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print a board file's diagram (the default one's without an argument)."""
    args = sys.argv[1:] if argv is None else argv
    try:
        board = load_board(args[0] if args else DEFAULT_BOARD)
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 78
    sys.stdout.write(wiring_diagram(board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
